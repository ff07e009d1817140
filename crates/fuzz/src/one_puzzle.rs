//! The `one_puzzle` target: the bytes as the input of `sudoku-kata check`.

use sudoku_board::{Board, Grid, GridError};
use sudoku_harness::file_format::{blank_comments, is_comment, puzzle_field};
use sudoku_kata::input::one_puzzle::{InputError, MAX_INPUT_BYTES, Puzzle, parse_input};

/// Feeds the bytes, whatever they are, to
/// [`parse_input`](sudoku_kata::input::one_puzzle::parse_input), which is how `check` reads its
/// input, and asserts:
///
/// - **A board reads back**: an accepted board reads back equal from its
///   [`to_line`](Board::to_line), and is what [`Board::parse`] makes of the text; a board of
///   another size likewise with [`Grid::to_line`] and [`Grid::parse`].
/// - **Each error has its cause**: every error renders non-empty; "too large" only for more
///   than [`MAX_INPUT_BYTES`]; "not UTF-8" only for bytes that are not, naming the first bad
///   byte, on a line and at a column the input has; a board error only for UTF-8 text, and
///   exactly the one [`Board::parse`] (or [`Grid::parse`]) gives (for a fixture line's puzzle
///   field of no board's length, its count of cells at the field's column); lines of puzzles
///   only for two lines or more (comments aside), counted right; "no puzzle, only comments"
///   only where every line is blank or a comment, and one is a comment; "a whole puzzle, then
///   more" only where the first line (comments aside) is a puzzle on one line, naming it and
///   the next.
/// - **Comments are no part of a board**: an input of several lines reads as the parsers read it
///   with its comment lines left empty.
/// - **One line is that line**: when one line is neither blank nor a comment, the board, or the
///   error (at its place in the input), is what the parsers make of that line, or of its
///   puzzle field when it is a fixture file's line.
pub fn one_puzzle(data: &[u8]) {
    let text = std::str::from_utf8(data);
    let one = text.ok().and_then(one_line);
    // What the parsers read: the one line (or its puzzle field), or the whole text, its comment
    // lines left empty.
    let whole = text.map(blank_comments);
    let read = whole
        .as_deref()
        .map(|whole| one.map_or(whole, |(_, _, puzzle)| puzzle));
    match parse_input(data, None) {
        Ok(Puzzle::Board(board)) => {
            assert_eq!(Board::parse_line(&board.to_line()), Ok(board));
            assert_eq!(read.map(Board::parse), Ok(Ok(board)));
        }
        Ok(Puzzle::Grid(grid)) => {
            assert_eq!(Grid::parse(&grid.to_line(), None).as_ref(), Ok(&grid));
            assert_eq!(read.map(|text| Grid::parse(text, None)), Ok(Ok(grid)));
        }
        Err(error) if one.is_some() && !matches!(error, InputError::TooLarge { .. }) => {
            let (number, field, puzzle) = one.expect("just seen");
            // A 9x9 line or LeetCode's notation is a board's; anything else a grid's.
            let expected = if puzzle.starts_with('[') || Grid::side_of(puzzle) == Some(9) {
                Board::parse(puzzle).map(|_| ()).map_err(InputError::Board)
            } else {
                (Grid::parse(puzzle, None).map(|_| ())).map_err(InputError::Grid)
            };
            let expected = expected.map_err(|error| error.on_line(number, field).to_string());
            assert_eq!(expected, Err(error.to_string()));
        }
        Err(error) => {
            assert!(!error.to_string().is_empty(), "{error:?} renders empty");
            match error {
                InputError::TooLarge { one_line } => {
                    assert!(data.len() > MAX_INPUT_BYTES, "{error:?}");
                    assert_eq!(one_line, !data.contains(&b'\n'), "{error:?}");
                }
                InputError::NotUtf8 {
                    line, column, byte, ..
                } => {
                    let bad = text.expect_err("only bytes that are not UTF-8 are called so");
                    assert_eq!(byte, data[bad.valid_up_to()], "{error:?}");
                    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
                    assert!((1..=lines).contains(&line), "{error:?}");
                    assert!((1..=bad.valid_up_to() + 1).contains(&column), "{error:?}");
                }
                InputError::Board(ref board_error) => {
                    let whole = whole.expect("a board error is for UTF-8 text");
                    assert_eq!(Board::parse(&whole).as_ref(), Err(board_error));
                }
                InputError::Grid(ref grid_error) => {
                    let whole = whole.expect("a board error is for UTF-8 text");
                    assert_eq!(Grid::parse(&whole, None).as_ref(), Err(grid_error));
                }
                InputError::Lines { count } => {
                    let text = text.expect("lines of puzzles are UTF-8 text");
                    let lines = text.lines().filter(|line| meaningful(line));
                    assert!(count > 1 && lines.count() == count, "{error:?}");
                }
                InputError::FieldCellCount {
                    line,
                    column,
                    found,
                } => {
                    let (number, field, puzzle) = one.expect("a line with a field is one line");
                    let before = field.expect("only a puzzle field is counted as one");
                    assert_eq!((line, column), (number, before + 1), "{error:?}");
                    assert_eq!(
                        Grid::parse(puzzle, None),
                        Err(GridError::CellCount { found }),
                        "{error:?}"
                    );
                }
                InputError::OnlyComments => {
                    let text = text.expect("comment lines are UTF-8 text");
                    assert!(!text.lines().any(meaningful), "{error:?}");
                    assert!(text.lines().any(is_comment), "{error:?}");
                }
                InputError::AfterPuzzle { first, next } => {
                    let text = text.expect("a puzzle line is UTF-8 text");
                    let mut lines = (1..).zip(text.lines()).filter(|(_, line)| meaningful(line));
                    let (number, line) = lines.next().expect("a first line");
                    let field = puzzle_field(line);
                    let line = field.map_or(line, |(_, puzzle)| puzzle);
                    let line = line.trim_start_matches('\u{feff}').trim();
                    assert_eq!(number, first, "{error:?}");
                    // A puzzle on one line: no grid row, which a space or a `|` would make it,
                    // and 81 cells or more unless it is a field of its line (a 4x4 board's 16
                    // cells after a name).
                    let least = if field.is_some() { 4 } else { 9 };
                    assert!(
                        !line.contains([' ', '\t', '|'])
                            && Grid::side_of(line).is_some_and(|side| side >= least),
                        "{error:?}"
                    );
                    assert_eq!(lines.next().map(|(number, _)| number), Some(next));
                }
            }
        }
    }
}

/// Whether a line may hold a puzzle: not blank, and no comment ([`is_comment`]: `#` first, or
/// a header line of words).
fn meaningful(line: &str) -> bool {
    !(line.trim_start_matches('\u{feff}').trim().is_empty() || is_comment(line))
}

/// The line number, the bytes before its puzzle field if it has one, and what is read of it, when
/// `text` has one meaningful line: the line without a byte order mark, or its puzzle field.
fn one_line(text: &str) -> Option<(usize, Option<usize>, &str)> {
    let mut lines = (1..).zip(text.lines()).filter(|(_, line)| meaningful(line));
    let (Some((number, line)), None) = (lines.next(), lines.next()) else {
        return None;
    };
    let line = line.trim_start_matches('\u{feff}');
    let field = puzzle_field(line);
    Some((
        number,
        field.map(|(before, _)| before),
        field.map_or(line, |(_, puzzle)| puzzle),
    ))
}
