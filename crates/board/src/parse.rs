//! Reading a [`Board`] from text, in the three notations described in the
//! crate documentation: line, grid and LeetCode.
//!
//! Each parser reads the text once, front to back, without allocating, and
//! stops at the first problem it meets: a bad character or a broken bracket
//! where it stands, a row of the wrong length at the end of that row, the
//! wrong number of rows or cells at the end of the text. Only a board that
//! reads well is then checked for clashing givens, by [`Board::from_cells`].

use std::iter::Peekable;
use std::str::{Chars, FromStr};

use crate::board::cell_value;
use crate::{Board, BoardError, Cell, Place};

impl Board {
    /// Reads a board in any of the three notations, telling them apart by
    /// their look: text whose first non-whitespace character is `[` is
    /// LeetCode notation ([`Board::parse_leetcode`]), text on a single line
    /// is the line notation ([`Board::parse_line`]), and anything else is a
    /// grid ([`Board::parse_grid`]).
    ///
    /// ```
    /// use sudoku_board::Board;
    ///
    /// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let from_line = Board::parse(line)?;
    /// let from_grid = Board::parse(&from_line.to_grid())?;
    /// assert_eq!(from_line, from_grid);
    /// # Ok::<(), sudoku_board::BoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`] for text that is only whitespace, otherwise
    /// whatever the chosen notation reports.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        // Blank text is the line notation's `Empty`, as it is every notation's.
        let content = without_bom(text).trim();
        if content.starts_with('[') {
            Board::parse_leetcode(text)
        } else if content.contains('\n') {
            Board::parse_grid(text)
        } else {
            Board::parse_line(text)
        }
    }

    /// Reads the line notation: 81 cells in reading order, each `1`-`9`, or
    /// `.` or `0` for a blank. Whitespace around the line (a final newline,
    /// a trailing `\r`) is ignored; whitespace inside it is a bad character.
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`]; [`BoardError::BadChar`] for the first bad
    /// character; [`BoardError::WrongCellCount`] if there are not 81 cells;
    /// [`BoardError::DuplicateGiven`] for the first clash.
    pub fn parse_line(text: &str) -> Result<Board, BoardError> {
        // Trimming the end leaves the positions of everything before it as
        // they were, so error positions still match the caller's text.
        let mut scanner = Scanner::new(text.trim_end())?;
        scanner.skip_whitespace();
        let mut cells = [0; 81];
        let mut found = 0;
        for (at, c) in scanner {
            read_cell(&mut cells, c, at, found / 9, found % 9)?;
            found += 1;
        }
        if found != 81 {
            return Err(BoardError::WrongCellCount { found });
        }
        Board::from_cells(cells)
    }

    /// Reads the grid notation: 9 lines of 9 cells, each `1`-`9`, or `.` or
    /// `0` for a blank. Whitespace and the separators `|`, `-` and `+` are
    /// ignored wherever they stand, and a line holding no cell at all (a
    /// separator line, or an empty one) is skipped. This reads back what
    /// [`Board::to_grid`] writes.
    ///
    /// ```
    /// use sudoku_board::Board;
    ///
    /// let text = "\
    /// 1 . . | . . . | . . .
    /// . . . | . . . | . . .
    /// . . . | . . . | . . .
    /// ------+-------+------
    /// . . . | . . . | . . .
    /// . . . | . . . | . . .
    /// . . . | . . . | . . .
    /// ------+-------+------
    /// . . . | . . . | . . .
    /// . . . | . . . | . . .
    /// . . . | . . . | . . 9
    /// ";
    /// let board = Board::parse_grid(text)?;
    /// assert_eq!(board.givens(), 2);
    /// assert_eq!(board.to_grid(), text);
    /// # Ok::<(), sudoku_board::BoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`]; [`BoardError::BadChar`] for a character that
    /// is none of the above; [`BoardError::WrongRowLength`] at the end of a
    /// line that holds cells, but not 9; [`BoardError::WrongRowCount`] at the
    /// end of the text; then [`BoardError::DuplicateGiven`]. The first one
    /// met in the text wins.
    pub fn parse_grid(text: &str) -> Result<Board, BoardError> {
        let mut cells = [0; 81];
        // Rows finished so far, and cells met so far on the current line.
        let (mut rows, mut cols) = (0, 0);
        // The end of the text ends the last line, as a `'\n'` does.
        for next in Scanner::new(text)?.map(Some).chain([None]) {
            match next {
                Some((at, c)) if !is_layout(c) => {
                    read_cell(&mut cells, c, at, rows, cols)?;
                    cols += 1;
                }
                Some((_, '\n')) | None if cols > 0 => {
                    if cols != 9 {
                        let (row, found) = (rows + 1, cols);
                        return Err(BoardError::WrongRowLength { row, found });
                    }
                    (rows, cols) = (rows + 1, 0);
                }
                _ => {}
            }
        }
        if rows != 9 {
            return Err(BoardError::WrongRowCount { found: rows });
        }
        Board::from_cells(cells)
    }

    /// Reads the LeetCode notation: a bracketed list of 9 rows, each a
    /// bracketed list of 9 one-character strings in double quotes, separated
    /// by commas. Whitespace and line breaks may stand between any two
    /// tokens, but not inside the quotes.
    ///
    /// ```
    /// use sudoku_board::Board;
    ///
    /// let row = r#"[".",".",".",".",".",".",".",".","."]"#;
    /// let text = format!("[{}]", vec![row; 9].join(",\n"));
    /// assert_eq!(Board::parse_leetcode(&text)?, Board::EMPTY);
    /// # Ok::<(), sudoku_board::BoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`]; [`BoardError::Malformed`] for a missing or
    /// misplaced bracket, quote or comma; [`BoardError::BadChar`] for a cell
    /// that is not `1`-`9`, `.` or `0`; [`BoardError::WrongRowLength`] at the
    /// end of a row that does not hold 9 cells; [`BoardError::WrongRowCount`]
    /// at the end of a board that does not hold 9 rows; and finally
    /// [`BoardError::DuplicateGiven`]. The first one met in the text wins.
    pub fn parse_leetcode(text: &str) -> Result<Board, BoardError> {
        let mut scanner = Scanner::new(text)?;
        let mut cells = [0; 81];
        let mut rows = 0;
        scanner.expect(&['['], "'['")?;
        // `[]` is well-formed, just with no rows: reported as such below.
        if scanner.expect(&['[', ']'], "'[' or ']'")? == '[' {
            loop {
                read_leetcode_row(&mut scanner, rows, &mut cells)?;
                rows += 1;
                if scanner.expect(&[',', ']'], "',' or ']'")? == ']' {
                    break;
                }
                scanner.expect(&['['], "'['")?;
            }
        }
        if rows != 9 {
            return Err(BoardError::WrongRowCount { found: rows });
        }
        scanner.skip_whitespace();
        if let (at, Some(found)) = scanner.next_or_end() {
            return Err(malformed(at, "the end of the text", Some(found)));
        }
        Board::from_cells(cells)
    }
}

/// `text.parse::<Board>()` is [`Board::parse`]: any of the three notations.
impl FromStr for Board {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }
}

/// Reads one row of the LeetCode notation, from just after its `[` through
/// its `]`, into row `row` (counted from 0) of `cells`.
fn read_leetcode_row(
    scanner: &mut Scanner<'_>,
    row: usize,
    cells: &mut [u8; 81],
) -> Result<(), BoardError> {
    let mut cols = 0;
    // `[]` is a row with no cells: reported below as the wrong length.
    if scanner.expect(&['"', ']'], r#"'"' or ']'"#)? == '"' {
        loop {
            // Inside the quotes nothing is skipped: `" 5"` is not a 5.
            match scanner.next_or_end() {
                (at, found @ (Some('"') | None)) => {
                    return Err(malformed(at, "a digit 1-9, '.' or '0'", found));
                }
                (at, Some(c)) => read_cell(cells, c, at, row, cols)?,
            }
            cols += 1;
            let (at, found) = scanner.next_or_end();
            if found != Some('"') {
                return Err(malformed(at, r#"'"' (a cell holds one character)"#, found));
            }
            if scanner.expect(&[',', ']'], "',' or ']'")? == ']' {
                break;
            }
            scanner.expect(&['"'], r#"'"'"#)?;
        }
    }
    if cols != 9 {
        return Err(BoardError::WrongRowLength {
            row: row + 1,
            found: cols,
        });
    }
    Ok(())
}

/// Reads `found`, standing at `at` in the text, as the cell at `row`, `col` (counted from 0).
/// A cell past the edge of the board is still read, so that the number of rows and cells can
/// be reported, but there is nowhere to keep it; a bad character there stands only in the text.
fn read_cell(
    cells: &mut [u8; 81],
    found: char,
    at: TextPosition,
    row: usize,
    col: usize,
) -> Result<(), BoardError> {
    let cell = (row < 9 && col < 9).then(|| Cell::from_index(row * 9 + col));
    let at = at.place(cell);
    let value = cell_value(found).ok_or(BoardError::BadChar { found, at })?;
    if let Some(cell) = cell {
        cells[cell.index()] = value;
    }
    Ok(())
}

/// The error for broken LeetCode notation at `at`.
fn malformed(at: TextPosition, expected: &'static str, found: Option<char>) -> BoardError {
    BoardError::Malformed {
        line: at.line,
        column: at.column,
        expected,
        found,
    }
}

/// `text` without its leading byte order mark, if it has one: an invisible
/// encoding marker that some editors put first, not part of the board.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether `c` only lays a grid out: whitespace and the separators `|`, `-` and `+`.
pub fn is_layout(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '-' | '+')
}

/// Where a character stands in the text, the way an editor shows it: lines
/// and columns counted from 1, columns in characters (not bytes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextPosition {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl TextPosition {
    /// This position as a [`Place`], on `cell` of the board if it stands on one.
    pub(crate) fn place(self, cell: Option<Cell>) -> Place {
        let TextPosition { line, column } = self;
        match cell {
            Some(cell) => Place::CellInText { cell, line, column },
            None => Place::Text { line, column },
        }
    }
}

/// Walks through the text one character at a time, knowing where each one
/// stands. It yields `(position, character)` pairs.
#[derive(Clone, Debug)]
pub(crate) struct Scanner<'a> {
    chars: Peekable<Chars<'a>>,
    /// Where the next character stands (or where the text ends).
    next_position: TextPosition,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `text`, past its byte order mark.
    /// [`BoardError::Empty`] if nothing but whitespace follows.
    pub(crate) fn new(text: &'a str) -> Result<Self, BoardError> {
        let text = without_bom(text);
        if text.trim().is_empty() {
            return Err(BoardError::Empty);
        }
        Ok(Scanner {
            chars: text.chars().peekable(),
            next_position: TextPosition { line: 1, column: 1 },
        })
    }

    pub(crate) fn skip_whitespace(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.next();
        }
    }

    /// The next character with its position, or the position of the end of
    /// the text and `None`: a problem can stand at either.
    fn next_or_end(&mut self) -> (TextPosition, Option<char>) {
        let at = self.next_position;
        (at, self.next().map(|(_, c)| c))
    }

    /// Skips whitespace, then reads one of `allowed`; anything else is
    /// malformed notation, reported as `expected`.
    fn expect(&mut self, allowed: &[char], expected: &'static str) -> Result<char, BoardError> {
        self.skip_whitespace();
        match self.next_or_end() {
            (_, Some(c)) if allowed.contains(&c) => Ok(c),
            (at, found) => Err(malformed(at, expected, found)),
        }
    }
}

impl Iterator for Scanner<'_> {
    type Item = (TextPosition, char);

    fn next(&mut self) -> Option<Self::Item> {
        let c = self.chars.next()?;
        let at = self.next_position;
        if c == '\n' {
            self.next_position.line += 1;
            self.next_position.column = 1;
        } else {
            self.next_position.column += 1;
        }
        Some((at, c))
    }
}
