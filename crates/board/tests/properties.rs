//! Properties of reading and writing boards, over generated boards and
//! arbitrary input.
//!
//! - Every notation reads back what it writes, and every spelling a person
//!   might use (`0` blanks, CRLF, a byte order mark, extra whitespace, grids
//!   with or without separators) reads as the same board.
//! - No input, however broken, makes a parser panic: each returns a board
//!   or a `BoardError`, and an error that names a place in the text names
//!   the character that really stands there.
//! - `from_rows`, `from_cells` and `check_solution` take anything in memory
//!   the same way.
//! - `Grid`, boards of box size 2 to 6 in the standard alphabet or an
//!   explicit one, reads back its line and grid in either case; any text
//!   gives a grid holding its cells, or an error that is true: the size it
//!   names, the bad symbol at its place, two cells that really clash.
//!
//! Every case is one parse (or a few) of a few hundred characters at most
//! (a few thousand for 36x36 grids, ten thousand in the few cases of the
//! long line), so a case costs microseconds whatever proptest draws: the
//! random seeds of proptest cannot make these tests slow. Failures are
//! not persisted to files (`failure_persistence: None`): proptest prints
//! the shrunk input when a property fails, and that input belongs in a
//! named example test (`tests/api`), where it says what it checks, rather
//! than in an opaque regression file.

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::Config;
use sudoku_board::{
    Alphabet, BOX_SIZES, Board, BoardError, Cell, CheckError, Grid, GridError, Place, Unit,
    check_solution,
};

/// LeetCode 37's solution, the grid every generated board is derived from.
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The byte order mark, which every parser skips at the very start.
const BOM: char = '\u{feff}';

/// The characters the notations are made of, and a few that only look like
/// them (a fullwidth and an Arabic-Indic digit, a no-break space, a line
/// separator, the BOM out of place), so that random text gets past the
/// first character and into the parsers' deeper states.
const ALPHABET: &[char] = &[
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', '[', ']', '"', ',', '|', '-', '+', ' ',
    '\t', '\n', '\r', '５', '٣', '\u{a0}', '\u{2028}', BOM, 'x',
];

/// `cases` cases, and no regression files (see the module doc).
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------

/// An order of `0..n`.
fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// A complete valid grid of box size `b` (`n = b * b` values), derived from `base`, one in
/// reading order: its values relabelled, its rows shuffled within their bands and its bands
/// shuffled, the same for columns and stacks, and maybe transposed. Each of these keeps every
/// row, column and box a permutation of 1 to `n`.
fn shuffled_solution(b: usize, base: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let n = b * b;
    (
        permutation(n),
        prop::collection::vec(permutation(b), b),
        permutation(b),
        prop::collection::vec(permutation(b), b),
        permutation(b),
        any::<bool>(),
    )
        .prop_map(move |(values, rows, bands, cols, stacks, transpose)| {
            (0..n * n)
                .map(|index| {
                    let (mut row, mut col) = (index / n, index % n);
                    if transpose {
                        (row, col) = (col, row);
                    }
                    let from_row = bands[row / b] * b + rows[row / b][row % b];
                    let from_col = stacks[col / b] * b + cols[col / b][col % b];
                    // Relabelling maps value v to values[v - 1] + 1.
                    values[usize::from(base[from_row * n + from_col] - 1)] as u8 + 1
                })
                .collect()
        })
}

/// A complete valid 9x9 grid: [`SOLUTION`], shuffled by [`shuffled_solution`].
fn solution_grid() -> impl Strategy<Value = [u8; 81]> {
    shuffled_solution(3, SOLUTION.bytes().map(|b| b - b'0').collect())
        .prop_map(|cells| cells.try_into().expect("81 cells"))
}

/// A valid board from empty to complete, with the complete grid it was
/// taken from: the first `keep` cells of a random order keep their digit.
fn board_and_grid() -> impl Strategy<Value = (Board, [u8; 81])> {
    (solution_grid(), permutation(81), 0..=81usize).prop_map(|(grid, order, keep)| {
        let mut cells = [0; 81];
        for &index in &order[..keep] {
            cells[index] = grid[index];
        }
        let board = Board::from_cells(cells).expect("digits of one valid grid never clash");
        (board, grid)
    })
}

/// A valid board, from empty to complete.
fn board() -> impl Strategy<Value = Board> {
    board_and_grid().prop_map(|(board, _)| board)
}

/// The same board in a person's own spelling of each notation.
#[derive(Clone, Debug)]
struct Spelling {
    /// For each cell, whether a blank there is written `0` rather than `.`.
    zeros: Vec<bool>,
    bom: bool,
    /// For each line of a grid or of LeetCode text, whether it ends in CRLF.
    crlf: Vec<bool>,
    /// For the line notation, whitespace before and after the cells.
    line_lead: &'static str,
    line_trail: &'static str,
    /// For a grid, what stands before each cell of each row (the gap before
    /// column 0 is the left frame), and after the last one.
    gaps: Vec<&'static str>,
    row_ends: Vec<&'static str>,
    /// For a grid, the line (if any) before each band and after the last:
    /// separators, blank lines or nothing.
    band_lines: Vec<Option<&'static str>>,
    /// For LeetCode text, the whitespace before each token and after the
    /// last one.
    token_gaps: Vec<&'static str>,
}

/// Tokens of LeetCode text for a board: `[`, then 9 rows of `[`, 9 cells
/// and 8 commas and `]`, with 8 commas between rows, and `]`.
const LEETCODE_TOKENS: usize = 1 + 9 * (1 + 9 + 8 + 1) + 8 + 1;

fn spelling() -> impl Strategy<Value = Spelling> {
    let gap = prop::sample::select(vec!["", " ", "  ", "\t", " | ", "|", "+", " - "]);
    let row_end = prop::sample::select(vec!["", " ", " |", "\t"]);
    let band_line = prop::option::of(prop::sample::select(vec![
        "------+-------+------",
        "+-------+-------+-------+",
        "---",
        "",
        "   ",
        " | | ",
    ]));
    let token_gap = prop::sample::select(vec!["", "", "", " ", "\n", "\r\n", "\t", "  \n  "]);
    (
        prop::collection::vec(any::<bool>(), 81),
        any::<bool>(),
        prop::collection::vec(any::<bool>(), 16),
        prop::sample::select(vec!["", " ", "\t", "\n", " \r\n"]),
        prop::sample::select(vec!["", "\n", "\r\n", " \n", "\t"]),
        prop::collection::vec(gap, 81),
        prop::collection::vec(row_end, 9),
        prop::collection::vec(band_line, 4),
        prop::collection::vec(token_gap, LEETCODE_TOKENS + 1),
    )
        .prop_map(
            |(zeros, bom, crlf, line_lead, line_trail, gaps, row_ends, band_lines, token_gaps)| {
                Spelling {
                    zeros,
                    bom,
                    crlf,
                    line_lead,
                    line_trail,
                    gaps,
                    row_ends,
                    band_lines,
                    token_gaps,
                }
            },
        )
}

impl Spelling {
    fn cell(&self, board: &Board, index: usize) -> char {
        match board.cells()[index] {
            0 if self.zeros[index] => '0',
            0 => '.',
            digit => char::from(b'0' + digit),
        }
    }

    fn start(&self) -> String {
        if self.bom {
            BOM.to_string()
        } else {
            String::new()
        }
    }

    fn line_end(&self, line: usize) -> &'static str {
        if self.crlf[line % self.crlf.len()] {
            "\r\n"
        } else {
            "\n"
        }
    }

    fn line(&self, board: &Board) -> String {
        let mut text = self.start();
        text.push_str(self.line_lead);
        text.extend((0..81).map(|index| self.cell(board, index)));
        text.push_str(self.line_trail);
        text
    }

    fn grid(&self, board: &Board) -> String {
        let mut text = self.start();
        let mut line = 0;
        for row in 0..9 {
            if row % 3 == 0 {
                if let Some(band_line) = self.band_lines[row / 3] {
                    text.push_str(band_line);
                    text.push_str(self.line_end(line));
                    line += 1;
                }
            }
            for col in 0..9 {
                text.push_str(self.gaps[row * 9 + col]);
                text.push(self.cell(board, row * 9 + col));
            }
            text.push_str(self.row_ends[row]);
            text.push_str(self.line_end(line));
            line += 1;
        }
        if let Some(band_line) = self.band_lines[3] {
            text.push_str(band_line);
        }
        text
    }

    fn leetcode(&self, board: &Board) -> String {
        let mut tokens = vec!["[".to_owned()];
        for row in 0..9 {
            if row > 0 {
                tokens.push(",".to_owned());
            }
            tokens.push("[".to_owned());
            for col in 0..9 {
                if col > 0 {
                    tokens.push(",".to_owned());
                }
                tokens.push(format!("\"{}\"", self.cell(board, row * 9 + col)));
            }
            tokens.push("]".to_owned());
        }
        tokens.push("]".to_owned());
        assert_eq!(tokens.len(), LEETCODE_TOKENS);
        let mut text = self.start();
        for (gap, token) in self.token_gaps.iter().zip(&tokens) {
            text.push_str(gap);
            text.push_str(token);
        }
        text.push_str(self.token_gaps[LEETCODE_TOKENS]);
        text
    }
}

/// One change to a text.
#[derive(Clone, Debug)]
enum Edit {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
}

/// One change to a text, inserting or writing characters of `chars`.
fn edit(chars: &'static [char]) -> impl Strategy<Value = Edit> {
    let c = || prop::sample::select(chars);
    prop_oneof![
        (any::<Index>(), c()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<Index>().prop_map(Edit::Delete),
        (any::<Index>(), c()).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        match *edit {
            Edit::Insert(at, c) => chars.insert(at.index(chars.len() + 1), c),
            Edit::Delete(at) if !chars.is_empty() => {
                chars.remove(at.index(chars.len()));
            }
            Edit::Replace(at, c) if !chars.is_empty() => {
                let at = at.index(chars.len());
                chars[at] = c;
            }
            Edit::Delete(_) | Edit::Replace(..) => {}
        }
    }
    chars.into_iter().collect()
}

/// A board written in one of its notations (spelled some way), then given
/// a few random edits: text that is nearly right, so that the parsers read
/// deep into it before they find what is wrong, if anything is.
fn nearly_valid_text() -> impl Strategy<Value = String> {
    (
        board(),
        spelling(),
        0..6usize,
        prop::collection::vec(edit(ALPHABET), 0..4),
    )
        .prop_map(|(board, spelling, notation, edits)| {
            let text = match notation {
                0 => board.to_line(),
                1 => board.to_grid(),
                2 => board.to_leetcode(),
                3 => spelling.line(&board),
                4 => spelling.grid(&board),
                _ => spelling.leetcode(&board),
            };
            apply(&text, &edits)
        })
}

/// Text of any length made only of [`ALPHABET`].
fn alphabet_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..300)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Rows of any shape and characters, or near-misses: rows of 8 to 10
/// characters of the notations, or a board's rows with a few cells changed.
fn any_rows(board: impl Strategy<Value = Vec<Vec<char>>>) -> impl Strategy<Value = Vec<Vec<char>>> {
    let changes =
        prop::collection::vec((0..9usize, 0..9usize, prop::sample::select(ALPHABET)), 0..3);
    prop_oneof![
        prop::collection::vec(prop::collection::vec(any::<char>(), 0..12), 0..12),
        prop::collection::vec(
            prop::collection::vec(prop::sample::select(ALPHABET), 8..=10),
            8..=10,
        ),
        (board, changes).prop_map(|(mut rows, changes)| {
            for (row, col, c) in changes {
                rows[row][col] = c;
            }
            rows
        }),
    ]
}

/// A puzzle, and a candidate solution for it: anything at all, or the
/// grid the puzzle was taken from with a few cells changed (none, often),
/// which is the case closest to a right answer.
fn puzzle_and_candidate() -> impl Strategy<Value = (Board, Vec<Vec<char>>)> {
    board_and_grid().prop_flat_map(|(puzzle, grid)| {
        let solution = Board::from_cells(grid).expect("a valid grid").to_rows();
        (Just(puzzle), any_rows(Just(solution)))
    })
}

// ---------------------------------------------------------------------------
// What every answer to any text must satisfy
// ---------------------------------------------------------------------------

type Parser = fn(&str) -> Result<Board, BoardError>;

/// The parsers, by name, with the errors each may give: an error a parser
/// does not list (such as `Malformed` from the line notation) is a bug.
const PARSERS: &[(&str, Parser, &[&str])] = &[
    (
        "parse",
        Board::parse,
        &[
            "Empty",
            "BadChar",
            "WrongCellCount",
            "WrongRowCount",
            "WrongRowLength",
            "Malformed",
            "DuplicateGiven",
        ],
    ),
    (
        "parse_line",
        Board::parse_line,
        &["Empty", "BadChar", "WrongCellCount", "DuplicateGiven"],
    ),
    (
        "parse_grid",
        Board::parse_grid,
        &[
            "Empty",
            "BadChar",
            "WrongRowCount",
            "WrongRowLength",
            "DuplicateGiven",
        ],
    ),
    (
        "parse_leetcode",
        Board::parse_leetcode,
        &[
            "Empty",
            "BadChar",
            "WrongRowCount",
            "WrongRowLength",
            "Malformed",
            "DuplicateGiven",
        ],
    ),
];

fn kind(error: &BoardError) -> &'static str {
    match error {
        BoardError::Empty => "Empty",
        BoardError::WrongCellCount { .. } => "WrongCellCount",
        BoardError::WrongRowCount { .. } => "WrongRowCount",
        BoardError::WrongRowLength { .. } => "WrongRowLength",
        BoardError::BadChar { .. } => "BadChar",
        BoardError::Malformed { .. } => "Malformed",
        BoardError::ValueOutOfRange { .. } => "ValueOutOfRange",
        BoardError::DuplicateGiven { .. } => "DuplicateGiven",
    }
}

/// Whether `c` is a cell in every notation: a digit 1-9, `.` or `0`.
fn is_cell_char(c: char) -> bool {
    matches!(c, '1'..='9' | '.' | '0')
}

/// The text as the parsers number it: the leading BOM is skipped before
/// counting, so line 1, column 1 is the first character after it.
fn counted_text(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The character at `line` and `column` (both from 1, columns counted in
/// chars), or `None` if the text has none there. A line ends after its `\n`,
/// so a line break stands at the end of the line it breaks, as in an editor.
fn char_at(text: &str, line: usize, column: usize) -> Option<char> {
    let line_text = counted_text(text)
        .split_inclusive('\n')
        .nth(line.checked_sub(1)?)?;
    line_text.chars().nth(column.checked_sub(1)?)
}

/// Where the text ends: the place just after its last character.
fn end_of(text: &str) -> (usize, usize) {
    let lines: Vec<&str> = counted_text(text).split('\n').collect();
    let last = lines.last().map_or(0, |line| line.chars().count());
    (lines.len(), last + 1)
}

/// Checks one parser's answer to `text` against everything the error types
/// promise.
fn check_answer(
    name: &str,
    allowed: &[&str],
    text: &str,
    answer: &Result<Board, BoardError>,
) -> Result<(), TestCaseError> {
    let blank = counted_text(text).chars().all(char::is_whitespace);
    prop_assert_eq!(
        matches!(answer, Err(BoardError::Empty)),
        blank,
        "{}: Empty exactly for blank text, got {:?}",
        name,
        answer
    );
    let Err(error) = answer else {
        return Ok(());
    };
    prop_assert!(
        allowed.contains(&kind(error)),
        "{}: {:?} is not an error it gives",
        name,
        error
    );
    prop_assert!(!error.to_string().is_empty());
    match *error {
        BoardError::BadChar { found, at } => {
            prop_assert!(!is_cell_char(found), "{}: {:?}", name, error);
            let (line, column) = match at {
                Place::Text { line, column } => (line, column),
                Place::CellInText { cell, line, column } => {
                    prop_assert!(cell.is_on_board(), "{}: {:?}", name, error);
                    (line, column)
                }
                Place::Cell(_) => {
                    return Err(TestCaseError::fail(format!(
                        "{name}: text gives no place without a line and column: {error:?}"
                    )));
                }
            };
            prop_assert_eq!(
                char_at(text, line, column),
                Some(found),
                "{}: {:?} in {:?}",
                name,
                error,
                text
            );
        }
        BoardError::Malformed {
            line,
            column,
            found,
            ..
        } => match found {
            Some(found) => prop_assert_eq!(
                char_at(text, line, column),
                Some(found),
                "{}: {:?} in {:?}",
                name,
                error,
                text
            ),
            None => prop_assert_eq!(
                (line, column),
                end_of(text),
                "{}: the end of the text is where it ends: {:?} in {:?}",
                name,
                error,
                text
            ),
        },
        BoardError::WrongCellCount { found } => prop_assert_ne!(found, 81),
        BoardError::WrongRowCount { found } => prop_assert_ne!(found, 9),
        BoardError::WrongRowLength { row, found } => {
            prop_assert!(row >= 1 && found != 9, "{}: {:?}", name, error);
        }
        BoardError::DuplicateGiven {
            digit,
            unit,
            first,
            second,
        } => {
            prop_assert!((1..=9).contains(&digit), "{}: {:?}", name, error);
            prop_assert!(first.index() < second.index(), "{}: {:?}", name, error);
            let in_unit = |cell: Cell| match unit {
                Unit::Row(row) => cell.row == row,
                Unit::Column(col) => cell.col == col,
                Unit::Box(index) => cell.row / 3 * 3 + cell.col / 3 == index,
            };
            prop_assert!(in_unit(first) && in_unit(second), "{}: {:?}", name, error);
        }
        BoardError::Empty | BoardError::ValueOutOfRange { .. } => {}
    }
    Ok(())
}

/// Runs every parser on `text` and checks each answer; `Board::parse` must
/// answer exactly as the parser it picks does, and read whatever any of the
/// three reads.
fn check_text(text: &str) -> Result<(), TestCaseError> {
    let answers: Vec<_> = PARSERS
        .iter()
        .map(|&(name, parse, allowed)| {
            let answer = parse(text);
            check_answer(name, allowed, text, &answer).map(|()| answer)
        })
        .collect::<Result<_, _>>()?;
    let (any, specific) = answers.split_first().expect("four parsers");
    prop_assert!(
        specific.contains(any),
        "parse gave {:?}, which none of the three gave",
        any
    );
    for board in specific.iter().flatten() {
        prop_assert_eq!(any, &Ok(*board), "parse must read what a notation reads");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn every_notation_reads_back_what_it_writes(board in board()) {
        let line = board.to_line();
        prop_assert_eq!(line.chars().count(), 81);
        prop_assert_eq!(Board::parse_line(&line), Ok(board));
        prop_assert_eq!(Board::parse(&line), Ok(board));

        let grid = board.to_grid();
        prop_assert_eq!(Board::parse_grid(&grid), Ok(board));
        prop_assert_eq!(Board::parse(&grid), Ok(board));

        let leetcode = board.to_leetcode();
        prop_assert!(!leetcode.contains(char::is_whitespace), "one line, no spaces");
        prop_assert_eq!(Board::parse_leetcode(&leetcode), Ok(board));
        prop_assert_eq!(Board::parse(&leetcode), Ok(board));

        prop_assert_eq!(Board::from_rows(&board.to_rows()), Ok(board));
        prop_assert_eq!(Board::from_cells(*board.cells()), Ok(board));
    }

    #[test]
    fn every_spelling_of_a_notation_reads_as_the_same_board(
        board in board(),
        spelling in spelling(),
    ) {
        let line = spelling.line(&board);
        prop_assert_eq!(Board::parse_line(&line), Ok(board), "{:?}", line);
        prop_assert_eq!(Board::parse(&line), Ok(board), "{:?}", line);

        let grid = spelling.grid(&board);
        prop_assert_eq!(Board::parse_grid(&grid), Ok(board), "{:?}", grid);
        prop_assert_eq!(Board::parse(&grid), Ok(board), "{:?}", grid);

        let leetcode = spelling.leetcode(&board);
        prop_assert_eq!(Board::parse_leetcode(&leetcode), Ok(board), "{:?}", leetcode);
        prop_assert_eq!(Board::parse(&leetcode), Ok(board), "{:?}", leetcode);
    }

    #[test]
    fn nearly_valid_text_gives_a_board_or_an_error_that_points_at_its_cause(
        text in nearly_valid_text(),
    ) {
        check_text(&text)?;
    }

    #[test]
    fn text_from_the_notations_alphabet_gives_a_board_or_an_error_that_points_at_its_cause(
        text in alphabet_text(),
    ) {
        check_text(&text)?;
    }

    #[test]
    fn any_unicode_text_gives_a_board_or_an_error_that_points_at_its_cause(
        text in any::<String>(),
    ) {
        check_text(&text)?;
    }

    #[test]
    fn any_bytes_read_as_utf8_give_a_board_or_an_error_that_points_at_its_cause(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..300),
            // A board's text with a few bytes changed: mostly still valid
            // UTF-8 and nearly a board, sometimes a broken sequence.
            (
                nearly_valid_text(),
                prop::collection::vec((any::<Index>(), any::<u8>()), 1..4),
            )
                .prop_map(|(text, changes)| {
                    let mut bytes = text.into_bytes();
                    for (at, byte) in changes {
                        if !bytes.is_empty() {
                            let at = at.index(bytes.len());
                            bytes[at] = byte;
                        }
                    }
                    bytes
                }),
        ],
    ) {
        // What a reader of files does with bytes: take them as they are if
        // they are UTF-8, else replace what is not.
        let text = String::from_utf8_lossy(&bytes);
        check_text(&text)?;
    }

    #[test]
    fn rows_of_any_shape_give_a_board_or_an_error_naming_the_bad_row_or_cell(
        rows in any_rows(board().prop_map(|board| board.to_rows())),
    ) {
        let answer = Board::from_rows(&rows);
        match answer {
            Ok(board) => {
                let blanks_as_dots: Vec<Vec<char>> = rows
                    .iter()
                    .map(|row| row.iter().map(|&c| if c == '0' { '.' } else { c }).collect())
                    .collect();
                prop_assert_eq!(board.to_rows(), blanks_as_dots);
            }
            Err(ref error) => {
                prop_assert!(!error.to_string().is_empty());
                let at = |cell: Cell| rows[usize::from(cell.row)][usize::from(cell.col)];
                match *error {
                    BoardError::WrongRowCount { found } => {
                        prop_assert_eq!(found, rows.len());
                        prop_assert_ne!(found, 9);
                    }
                    BoardError::WrongRowLength { row, found } => {
                        prop_assert_eq!(rows.len(), 9);
                        prop_assert_eq!(rows[row - 1].len(), found);
                        prop_assert_ne!(found, 9);
                        prop_assert!(rows[..row - 1].iter().all(|r| r.len() == 9));
                    }
                    BoardError::BadChar { found, at: Place::Cell(cell) } => {
                        prop_assert_eq!(at(cell), found);
                        prop_assert!(!is_cell_char(found));
                    }
                    BoardError::DuplicateGiven { digit, first, second, .. } => {
                        let digit = char::from(b'0' + digit);
                        prop_assert_eq!((at(first), at(second)), (digit, digit));
                    }
                    _ => prop_assert!(false, "from_rows gave {:?}", error),
                }
            }
        }
    }

    #[test]
    fn any_cell_values_give_a_board_or_the_first_value_out_of_range_or_a_clash(
        cells in prop::array::uniform::<_, 81>(prop_oneof![4 => Just(0u8), 4 => 1..=9u8, 1 => any::<u8>()]),
    ) {
        match Board::from_cells(cells) {
            Ok(board) => prop_assert_eq!(board.cells(), &cells),
            Err(BoardError::ValueOutOfRange { cell, value }) => {
                prop_assert!(value > 9);
                prop_assert_eq!(cells[cell.index()], value);
                prop_assert!(cells[..cell.index()].iter().all(|&v| v <= 9));
            }
            Err(BoardError::DuplicateGiven { digit, first, second, .. }) => {
                prop_assert!(cells.iter().all(|&v| v <= 9));
                prop_assert_eq!((cells[first.index()], cells[second.index()]), (digit, digit));
            }
            Err(error) => prop_assert!(false, "from_cells gave {:?}", error),
        }
    }

    #[test]
    fn any_candidate_is_judged_with_an_error_naming_what_is_wrong_where(
        (puzzle, candidate) in puzzle_and_candidate(),
    ) {
        match check_solution(&puzzle, &candidate) {
            Ok(()) => {
                let solved = Board::from_rows(&candidate);
                prop_assert!(solved.is_ok_and(|solved| solved.is_complete()
                    && Cell::all().all(|cell| puzzle.get(cell).is_none()
                        || puzzle.get(cell) == solved.get(cell))));
            }
            Err(error) => {
                prop_assert!(!error.to_string().is_empty());
                let at = |cell: Cell| candidate[usize::from(cell.row)][usize::from(cell.col)];
                match error {
                    CheckError::WrongRowCount { found } => {
                        prop_assert_eq!(found, candidate.len());
                        prop_assert_ne!(found, 9);
                    }
                    CheckError::WrongRowLength { row, found } => {
                        prop_assert_eq!(candidate[row - 1].len(), found);
                        prop_assert_ne!(found, 9);
                    }
                    CheckError::Blank { cell } => {
                        prop_assert!(matches!(at(cell), '.' | '0'));
                        prop_assert_eq!(puzzle.get(cell), None);
                    }
                    CheckError::NotADigit { cell, found } => {
                        prop_assert_eq!(at(cell), found);
                        prop_assert!(!is_cell_char(found));
                    }
                    CheckError::GivenChanged { cell, given, found } => {
                        prop_assert_eq!(puzzle.get(cell), Some(given));
                        prop_assert_eq!(at(cell), found);
                        prop_assert_ne!(found, char::from(b'0' + given));
                    }
                    CheckError::Repeated { digit, first, second, .. } => {
                        let digit = char::from(b'0' + digit);
                        prop_assert_eq!((at(first), at(second)), (digit, digit));
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Boards of any box size: `Grid`
// ---------------------------------------------------------------------------

/// Symbols for explicit alphabets, no two the same in either case: 36 for a 36x36 board, and
/// more, some of them beyond ASCII, so that alphabets differ in more than their order.
const SYMBOLS: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I',
    'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '$', '*',
    '@', '!', '?', '%', '&', '=', '/', '<', '>', '~', 'é', 'Ж', '★',
];

/// The characters grids are made of, in any alphabet, and a few that only look like them, for
/// random edits and random text.
const GRID_CHARS: &[char] = &[
    '1', '4', '9', 'A', 'G', 'P', 'Z', 'a', 'g', 'z', '0', '.', '#', 'é', '|', '-', '+', ' ', '\t',
    '\n', '\r', '５', '\u{a0}', BOM,
];

/// The classic solved board of box size `b`: each band a shift of the one above.
fn pattern(b: usize) -> Vec<u8> {
    let n = b * b;
    (0..n * n)
        .map(|i| {
            let (row, col) = (i / n, i % n);
            ((b * (row % b) + row / b + col) % n + 1) as u8
        })
        .collect()
}

/// An explicit alphabet of `side` symbols drawn from [`SYMBOLS`].
fn explicit_alphabet(side: usize) -> impl Strategy<Value = Alphabet> {
    Just(SYMBOLS.to_vec())
        .prop_shuffle()
        .prop_map(move |symbols| {
            let symbols: String = symbols[..side].iter().collect();
            Alphabet::new(&symbols).expect("distinct symbols, none of them layout")
        })
}

/// A valid grid of any box size from empty to complete, and the alphabet it was read in: the
/// standard one (`None`) or an explicit one, always explicit for 36x36 boards.
fn grid() -> impl Strategy<Value = (Grid, Option<Alphabet>)> {
    BOX_SIZES.prop_flat_map(|b| {
        let side = b * b;
        let alphabet = if side <= 35 {
            prop_oneof![Just(None), explicit_alphabet(side).prop_map(Some)].boxed()
        } else {
            explicit_alphabet(side).prop_map(Some).boxed()
        };
        let keep = (0..=100u8, prop::collection::vec(0..100u8, side * side));
        (shuffled_solution(b, pattern(b)), keep, alphabet).prop_map(
            |(solution, (density, draws), alphabet)| {
                let cells = (solution.iter().zip(draws))
                    .map(|(&value, draw)| if draw < density { value } else { 0 })
                    .collect();
                let grid = Grid::from_values(cells, alphabet.as_ref())
                    .expect("values of one valid grid never clash");
                (grid, alphabet)
            },
        )
    })
}

/// A grid written as a line or a grid, maybe in lower case, then given a few random edits:
/// text that reads deep into the parser before it finds what is wrong, if anything is.
fn nearly_valid_grid_text() -> impl Strategy<Value = (String, Option<Alphabet>)> {
    (
        grid(),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(edit(GRID_CHARS), 0..4),
    )
        .prop_map(|((grid, alphabet), as_line, lower, edits)| {
            let text = if as_line {
                grid.to_line()
            } else {
                grid.to_grid()
            };
            let text = if lower {
                text.to_ascii_lowercase()
            } else {
                text
            };
            (apply(&text, &edits), alphabet)
        })
}

/// A character, with its input line and column (from 1).
type Placed = (usize, usize, char);

/// The cells of a text as the grid notations define them, row by row with their places: the
/// trimmed line, as one row, or for text of several lines every character but layout (spaces,
/// `|`, `-`, `+`), by line, leaving out lines with none. Whether it is a grid, and its rows.
fn grid_cells(text: &str) -> (bool, Vec<Vec<Placed>>) {
    let counted = counted_text(text);
    let mut placed = Vec::new();
    let (mut line, mut column) = (1, 1);
    for c in counted.chars() {
        placed.push((line, column, c));
        (line, column) = if c == '\n' {
            (line + 1, 1)
        } else {
            (line, column + 1)
        };
    }
    if counted.trim().contains('\n') {
        let is_layout = |c: char| c.is_whitespace() || matches!(c, '|' | '-' | '+');
        let mut rows: Vec<Vec<Placed>> = vec![Vec::new(); line];
        for (line, column, c) in placed.into_iter().filter(|&(_, _, c)| !is_layout(c)) {
            rows[line - 1].push((line, column, c));
        }
        rows.retain(|row| !row.is_empty());
        (true, rows)
    } else {
        let first = placed.iter().position(|&(_, _, c)| !c.is_whitespace());
        let last = placed.iter().rposition(|&(_, _, c)| !c.is_whitespace());
        let row = first
            .zip(last)
            .map_or(Vec::new(), |(a, z)| placed[a..=z].to_vec());
        (false, vec![row])
    }
}

/// Whether no board could hold `c` in `alphabet` (or the standard ones): neither `.`, an ASCII
/// letter or digit, nor a symbol of the alphabet.
fn no_cell(c: char, alphabet: Option<&Alphabet>) -> bool {
    !(c == '.' || c.is_ascii_alphanumeric()) && alphabet.is_none_or(|a| a.value(c).is_none())
}

/// Whether `side` cells make a row of some board.
fn is_side(side: usize) -> bool {
    BOX_SIZES.clone().any(|b| b * b == side)
}

/// Whether `cell` lies in `unit` on a board of box size `b`.
fn in_unit(unit: Unit, b: u8, cell: Cell) -> bool {
    match unit {
        Unit::Row(row) => cell.row == row,
        Unit::Column(col) => cell.col == col,
        Unit::Box(index) => cell.row / b * b + cell.col / b == index,
    }
}

/// Checks `Grid::parse`'s answer to `text` in `alphabet` against everything `GridError`
/// promises: a grid holds the text's cells and reads back from what it writes; an error
/// renders, and names a size, a place or two cells that are really so.
fn check_grid_text(text: &str, alphabet: Option<&Alphabet>) -> Result<(), TestCaseError> {
    let answer = Grid::parse(text, alphabet);
    let blank = counted_text(text).trim().is_empty();
    prop_assert_eq!(
        matches!(answer, Err(GridError::Empty)),
        blank,
        "{:?}",
        answer
    );
    let (is_grid, rows) = grid_cells(text);
    let cells = rows.concat();
    let side = cells.len().isqrt();
    // The alphabet the cells were read in, once their count is a board's.
    let used = || alphabet.cloned().or_else(|| Alphabet::standard(side));
    let error = match answer {
        Ok(grid) => {
            prop_assert_eq!(cells.len(), grid.side() * grid.side());
            for (&(_, _, c), &value) in cells.iter().zip(grid.values()) {
                prop_assert_eq!(grid.alphabet().value(c), Some(value), "{:?}", c);
            }
            if let Some(alphabet) = alphabet {
                prop_assert_eq!(grid.alphabet(), alphabet);
            }
            for written in [grid.to_line(), grid.to_grid()] {
                prop_assert_eq!(
                    Grid::parse(&written, alphabet),
                    Ok(grid.clone()),
                    "{}",
                    written
                );
            }
            return Ok(());
        }
        Err(error) => error,
    };
    prop_assert!(!error.to_string().is_empty());
    let fail = || Err(TestCaseError::fail(format!("{error:?} for {text:?}")));
    match error {
        GridError::Empty => {}
        GridError::CellCount { found } => {
            let of_a_board = BOX_SIZES.clone().any(|b| b.pow(4) == found);
            prop_assert!(
                !is_grid && found == cells.len() && !of_a_board,
                "{:?}",
                error
            );
            prop_assert!(cells.iter().all(|&(_, _, c)| !no_cell(c, alphabet)));
        }
        GridError::FirstRowLength { found } => {
            prop_assert!(is_grid && found == rows.first().map_or(0, Vec::len) && !is_side(found));
            let first_row = rows.first().map_or(&[][..], Vec::as_slice);
            prop_assert!(first_row.iter().all(|&(_, _, c)| !no_cell(c, alphabet)));
        }
        GridError::RowLength { row, found, side } => {
            prop_assert!(is_grid && is_side(side) && found != side, "{:?}", error);
            prop_assert_eq!(rows[row - 1].len(), found);
            prop_assert!(rows[..row - 1].iter().all(|r| r.len() == side));
        }
        GridError::RowCount { found, side } => {
            prop_assert!(is_grid && is_side(side) && found != side, "{:?}", error);
            prop_assert_eq!(rows.len(), found);
            prop_assert!(rows.iter().all(|r| r.len() == side));
        }
        // On a line of no board's length, or in a grid's first row of no board's width, the
        // first character no board could hold.
        GridError::BadSymbol {
            found,
            at: Place::Text { line, column },
            ..
        } => {
            let first_row = rows.first().map_or(&[][..], Vec::as_slice);
            let no_size = if is_grid {
                !is_side(first_row.len())
            } else {
                !BOX_SIZES.clone().any(|b| b.pow(4) == cells.len())
            };
            prop_assert!(no_size && no_cell(found, alphabet));
            prop_assert_eq!(char_at(text, line, column), Some(found), "{:?}", error);
            let first = first_row.iter().find(|&&(_, _, c)| no_cell(c, alphabet));
            prop_assert_eq!(first, Some(&(line, column, found)));
        }
        GridError::BadSymbol {
            found,
            at,
            ref expected,
        } => {
            let (Place::CellInText { cell, line, column }, Some(used)) = (at, used()) else {
                return fail();
            };
            prop_assert!(is_side(side) && cells.len() == side * side, "{:?}", error);
            prop_assert_eq!(used.value(found), None, "{:?}", error);
            prop_assert!(!expected.is_empty());
            let index = usize::from(cell.row) * side + usize::from(cell.col);
            prop_assert_eq!(cells[index], (line, column, found), "{:?}", error);
            prop_assert_eq!(char_at(text, line, column), Some(found), "{:?}", error);
            prop_assert!(
                cells[..index]
                    .iter()
                    .all(|&(_, _, c)| used.value(c).is_some())
            );
        }
        GridError::NoAlphabet { side: 36 } if alphabet.is_none() && cells.len() == 1296 => {}
        GridError::AlphabetMismatch {
            symbols,
            side: found,
        } if alphabet.is_some_and(|a| a.side() == symbols) && found == side => {
            prop_assert!(is_side(side) && symbols != side && cells.len() == side * side);
        }
        GridError::Clash {
            symbol,
            unit,
            box_size,
            first,
            second,
        } => {
            let Some(used) = used() else {
                return fail();
            };
            prop_assert_eq!(usize::from(box_size).pow(4), cells.len(), "{:?}", error);
            let at = |cell: Cell| cells[usize::from(cell.row) * side + usize::from(cell.col)].2;
            let value = used.value(symbol);
            prop_assert!(value.is_some_and(|v| v > 0), "{:?}", error);
            prop_assert_eq!(
                (used.value(at(first)), used.value(at(second))),
                (value, value)
            );
            prop_assert!(in_unit(unit, box_size, first) && in_unit(unit, box_size, second));
            prop_assert!(
                (first.row, first.col) < (second.row, second.col),
                "{:?}",
                error
            );
        }
        _ => return fail(),
    }
    Ok(())
}

/// Explicit alphabets to read random text in, besides the standard ones.
fn any_alphabet() -> impl Strategy<Value = Option<Alphabet>> {
    prop_oneof![
        2 => Just(None),
        1 => BOX_SIZES.prop_flat_map(|b| explicit_alphabet(b * b)).prop_map(Some),
    ]
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn every_grid_reads_back_from_its_line_and_its_grid_in_either_case(
        (grid, alphabet) in grid(),
    ) {
        let alphabet = alphabet.as_ref();
        for written in [grid.to_line(), grid.to_grid()] {
            prop_assert_eq!(Grid::parse(&written, alphabet), Ok(grid.clone()), "{}", written);
            let lower = written.to_ascii_lowercase();
            prop_assert_eq!(Grid::parse(&lower, alphabet), Ok(grid.clone()), "{}", lower);
            check_grid_text(&written, alphabet)?;
        }
        prop_assert_eq!(grid.to_line().chars().count(), grid.side().pow(2));
        prop_assert_eq!(Grid::from_values(grid.values().to_vec(), alphabet), Ok(grid.clone()));
        // While `0` is no symbol of a board of 9x9 or less, it is a blank.
        if grid.side() <= 9 && grid.alphabet().value('0') == Some(0) {
            let zeros = grid.to_line().replace('.', "0");
            prop_assert_eq!(Grid::parse(&zeros, alphabet), Ok(grid.clone()), "{}", zeros);
        }
    }

    #[test]
    fn nearly_valid_grid_text_gives_a_grid_or_an_error_that_is_true(
        (text, alphabet) in nearly_valid_grid_text(),
        other in any_alphabet(),
    ) {
        check_grid_text(&text, alphabet.as_ref())?;
        check_grid_text(&text, other.as_ref())?;
    }

    #[test]
    fn any_text_gives_a_grid_or_an_error_that_is_true(
        text in prop_oneof![
            any::<String>(),
            prop::collection::vec(prop::sample::select(GRID_CHARS), 0..700)
                .prop_map(|chars| chars.into_iter().collect()),
        ],
        alphabet in any_alphabet(),
    ) {
        check_grid_text(&text, alphabet.as_ref())?;
    }

    #[test]
    fn rows_and_lines_of_the_wrong_length_give_the_size_errors(
        (grid, alphabet) in grid(),
        row in any::<Index>(),
        longer in any::<bool>(),
    ) {
        let (alphabet, side) = (alphabet.as_ref(), grid.side());
        let one_off = if longer { side * side + 1 } else { side * side - 1 };
        let line: String = grid.to_line().chars().chain(['.']).take(one_off).collect();
        prop_assert_eq!(Grid::parse(&line, alphabet), Err(GridError::CellCount { found: one_off }));

        // The lines of its grid that hold cells, not the lines between bands.
        let text = grid.to_grid();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let rows: Vec<usize> = (0..lines.len()).filter(|&i| !lines[i].starts_with('-')).collect();
        let (row, at) = (row.index(side), rows[row.index(side)]);
        let found = if longer { side + 1 } else { side - 1 };
        let mut ragged = lines.clone();
        if longer {
            ragged[at].push_str(" .");
        } else {
            let keep = ragged[at].chars().count() - 2;
            ragged[at] = ragged[at].chars().take(keep).collect();
        }
        let expected = match row {
            0 => GridError::FirstRowLength { found },
            _ => GridError::RowLength { row: row + 1, found, side },
        };
        prop_assert_eq!(Grid::parse(&ragged.join("\n"), alphabet), Err(expected));

        let copy = lines[at].clone();
        if longer {
            lines.insert(at, copy);
        } else {
            lines.remove(at);
        }
        prop_assert_eq!(
            Grid::parse(&lines.join("\n"), alphabet),
            Err(GridError::RowCount { found, side })
        );
    }
}

proptest! {
    #![proptest_config(config(16))]

    #[test]
    fn a_line_of_ten_thousand_characters_is_refused_at_once(
        cells in prop::collection::vec(prop::sample::select(GRID_CHARS), 10_000),
        alphabet in any_alphabet(),
    ) {
        let line: String = (cells.iter())
            .map(|&c| if c.is_whitespace() || c == BOM { '.' } else { c })
            .collect();
        let start = std::time::Instant::now();
        let answer = Grid::parse(&line, alphabet.as_ref());
        prop_assert!(start.elapsed() < std::time::Duration::from_secs(1));
        match line.chars().position(|c| no_cell(c, alphabet.as_ref())) {
            None => prop_assert_eq!(answer, Err(GridError::CellCount { found: 10_000 })),
            Some(index) => prop_assert!(
                matches!(answer, Err(GridError::BadSymbol { at: Place::Text { line: 1, column }, .. }) if column == index + 1),
                "{:?}",
                answer
            ),
        }
        // And as text of several lines, whatever it holds.
        let text: String = cells.into_iter().collect();
        check_grid_text(&text, alphabet.as_ref())?;
    }
}
