//! Writing boards as text: the line notation, the readable grid, LeetCode's
//! notation, and [`render_rows`] for whatever a solver hands back.

use std::fmt::{self, Write};

use crate::Board;
use crate::board::{cell_char, wrong_shape};
use crate::error::counted;

impl Board {
    /// The line notation: 81 characters in reading order, `.` for a blank.
    /// [`Board::parse_line`] reads it back.
    pub fn to_line(&self) -> String {
        self.cells().iter().copied().map(cell_char).collect()
    }

    /// The readable grid, the same text as [`Display`](fmt::Display):
    /// digits and `.` separated by spaces, boxes by `|` and lines of `-`,
    /// every line ending in `\n`. [`Board::parse_grid`] reads it back.
    ///
    /// ```text
    /// 5 3 . | . 7 . | . . .
    /// 6 . . | 1 9 5 | . . .
    /// . 9 8 | . . . | . 6 .
    /// ------+-------+------
    /// 8 . . | . 6 . | . . 3
    /// 4 . . | 8 . 3 | . . 1
    /// 7 . . | . 2 . | . . 6
    /// ------+-------+------
    /// . 6 . | . . . | 2 8 .
    /// . . . | 4 1 9 | . . 5
    /// . . . | . 8 . | . 7 9
    /// ```
    pub fn to_grid(&self) -> String {
        self.to_string()
    }

    /// LeetCode's notation, exactly as LeetCode prints a `board` argument:
    /// one line, nine bracketed rows of nine quoted cells, commas and no
    /// spaces, `.` for a blank. [`Board::parse_leetcode`] reads it back.
    ///
    /// ```
    /// use sudoku_board::Board;
    ///
    /// let puzzle = Board::parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let text = puzzle.to_leetcode();
    /// assert!(text.starts_with(r#"[["5","3",".",".","7",".",".",".","."],["6",".","."#));
    /// assert!(text.ends_with(r#"[".",".",".",".","8",".",".","7","9"]]"#));
    /// assert_eq!(Board::parse_leetcode(&text)?, puzzle);
    /// # Ok::<(), sudoku_board::BoardError>(())
    /// ```
    pub fn to_leetcode(&self) -> String {
        let row = |row: Vec<char>| {
            let cells: Vec<String> = row.iter().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", cells.join(","))
        };
        let rows: Vec<String> = self.to_rows().into_iter().map(row).collect();
        format!("[{}]", rows.join(","))
    }
}

/// Writes the grid of [`Board::to_grid`].
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.cells().iter().map(|&value| cell_char(value)), 3)
    }
}

/// Renders untrusted solver output, whatever its shape and characters,
/// without ever panicking. Meant for the messages of failing tests.
///
/// Nine rows of nine printable ASCII characters are laid out exactly like
/// [`Board::to_grid`], so that a diff against the expected board lines up.
/// Anything else (another shape, or characters such as `'\n'` or `'５'` that
/// would break the alignment) is shown one row per line, each character
/// quoted and escaped as in Rust source, under a line saying why:
///
/// ```
/// use sudoku_board::render_rows;
///
/// let rows = vec![vec!['5', '3'], vec![], vec!['\t']];
/// assert_eq!(
///     render_rows(&rows),
///     "not a 9x9 grid of printable characters: 3 rows\n\
///      row 1 (2 cells): '5' '3'\n\
///      row 2 (0 cells):\n\
///      row 3 (1 cell): '\\t'\n"
/// );
/// ```
pub fn render_rows(rows: &[Vec<char>]) -> String {
    let mut out = String::new();
    // 9 rows of 9 characters, every one printable ASCII (so taking exactly one column on screen).
    if wrong_shape(rows).is_none() && rows.iter().flatten().all(char::is_ascii_graphic) {
        let cells = rows.iter().flatten().copied();
        write_grid(&mut out, cells, 3).expect("a String takes any text");
        return out;
    }
    let count = counted(rows.len() as u64, "row");
    out += &format!("not a 9x9 grid of printable characters: {count}\n");
    for (index, row) in rows.iter().enumerate() {
        let cells: String = row.iter().map(|c| format!(" {c:?}")).collect();
        let count = counted(row.len() as u64, "cell");
        out += &format!("row {} ({count}):{cells}\n", index + 1);
    }
    out
}

/// `symbols` in reading order as rows `side` long: LeetCode's shape, which the worker protocol
/// also carries boards of other sizes in.
pub fn rows_of(symbols: impl IntoIterator<Item = char>, side: usize) -> Vec<Vec<char>> {
    let symbols: Vec<char> = symbols.into_iter().collect();
    symbols.chunks(side).map(<[char]>::to_vec).collect()
}

/// Writes `cells`, in reading order, as the readable grid of a board whose boxes are
/// `box_size` cells wide: cells separated by spaces, boxes by `|` and lines of `-`, every line
/// ending in `\n`. [`Board`] and [`Grid`](crate::Grid) display this way.
pub(crate) fn write_grid(
    f: &mut impl Write,
    cells: impl Iterator<Item = char>,
    box_size: usize,
) -> fmt::Result {
    let (b, n) = (box_size, box_size * box_size);
    let band = vec!["-".repeat(2 * b + 1); b].join("+");
    for (index, c) in cells.enumerate() {
        let (row, col) = (index / n, index % n);
        if row > 0 && row % b == 0 && col == 0 {
            writeln!(f, "{}", &band[1..band.len() - 1])?;
        }
        let gap = match col {
            0 => "",
            col if col % b == 0 => " | ",
            _ => " ",
        };
        write!(f, "{gap}{c}")?;
        if col == n - 1 {
            writeln!(f)?;
        }
    }
    Ok(())
}
