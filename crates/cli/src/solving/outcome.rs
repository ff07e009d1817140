//! What `solve` makes of one line: its solution, or an error line that names the input, the line
//! (and the cell, where there is one) and the cause.
//!
//! Every error line starts with `error: `, so that it can never be mistaken for a solution, and
//! goes on with `INPUT:LINE: ` the way compilers name a place, so that editors and `grep` find it.

use sudoku_board::{Alphabet, Board, BoardError, Cell, Grid, GridError, Place};

use super::solver::Grids;

use super::solver::{Solver, Unsolved};
use crate::input::lines::{Content, Line, MAX_LINE_BYTES};
use crate::table::group_thousands;

/// The result for one line, or for a whole input read as one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The solution.
    Solved(Board),
    /// The solution of a board other than 9x9, or of one read in an explicit alphabet.
    SolvedGrid(Grid),
    /// The whole error line, `error: INPUT:LINE: cause`.
    Failed(String),
}

/// Solves one line of the input called `source` (a path, or `<stdin>`), read as the line
/// notation: 9x9, or any other size the line's length names, read and solved as `grids` says.
pub fn for_line(source: &str, line: &Line, solver: Solver<'_>, grids: Grids<'_>) -> Outcome {
    // The usual line, 81 cells and nothing else, straight to the solver when it can take it.
    if let (Content::Text(text), None) = (&line.content, grids.alphabet) {
        if let Some(solution) = solver.solve_line(text) {
            return Outcome::Solved(solution);
        }
    }
    match puzzle_of(source, line, solver, grids) {
        Ok(puzzle) => for_solved(source, line, solver.solve(&puzzle)),
        Err(outcome) => outcome,
    }
}

/// The 9x9 puzzle on `line` of the input called `source`, for the solver to solve; any other
/// line's outcome: the error line that says why it holds no puzzle, or, for a board of another
/// size (or any board read in an explicit alphabet), its outcome once solved here by
/// [`Solver::solve_grid`] as `grids` says.
///
/// # Errors
/// The [`Outcome`] of a line that holds no 9x9 puzzle.
pub fn puzzle_of(
    source: &str,
    line: &Line,
    solver: Solver<'_>,
    grids: Grids<'_>,
) -> Result<Board, Outcome> {
    let failed = |cause: &dyn std::fmt::Display| {
        Outcome::Failed(format!("error: {source}:{}: {cause}", line.number))
    };
    match &line.content {
        Content::Text(text) if is_other_size(text, grids.alphabet) => {
            Err(match Grid::parse(text, grids.alphabet) {
                Ok(puzzle) => match solver.solve_grid(&puzzle, grids.budget) {
                    Ok(solution) => Outcome::SolvedGrid(solution),
                    Err(unsolved) => failed(&unsolved),
                },
                Err(mut error) => {
                    if let GridError::BadSymbol { at, .. } = &mut error {
                        on_line(at, line.number);
                    }
                    failed(&error)
                }
            })
        }
        Content::Text(text) => match Board::parse_line(text) {
            Ok(puzzle) => Ok(puzzle),
            Err(BoardError::Empty) if text.is_empty() => {
                Err(failed(&"the line is empty: expected a puzzle of 81 cells"))
            }
            Err(BoardError::Empty) => Err(failed(
                &"the line holds only whitespace: expected a puzzle of 81 cells",
            )),
            Err(mut error) => {
                if let BoardError::BadChar { at, .. } = &mut error {
                    on_line(at, line.number);
                }
                Err(failed(&error))
            }
        },
        Content::NotUtf8 { bytes, valid_up_to } => {
            Err(failed(&not_utf8(bytes, *valid_up_to, line.number)))
        }
        Content::TooLong { bytes } => Err(failed(&format_args!(
            "the line is {} bytes long, more than the {} a line may hold (a puzzle is 81 cells, \
             and 1,296 for 36x36): it was skipped unread",
            group_thousands(*bytes),
            group_thousands(MAX_LINE_BYTES as u64)
        ))),
    }
}

/// Whether `text` is for the size-generic path rather than [`Board`]'s: read in an explicit
/// alphabet, or a board that is not 9x9 (a line of a length no board has included), but not a
/// blank line.
pub fn is_other_size(text: &str, alphabet: Option<&Alphabet>) -> bool {
    let content = text.trim_start_matches('\u{feff}').trim();
    !content.is_empty()
        && (alphabet.is_some() || !(content.starts_with('[') || Grid::side_of(text) == Some(9)))
}

/// The outcome of solving the puzzle on `line` of the input called `source`.
pub fn for_solved(source: &str, line: &Line, solved: Result<Board, Unsolved>) -> Outcome {
    match solved {
        Ok(solution) => Outcome::Solved(solution),
        Err(unsolved) => Outcome::Failed(format!("error: {source}:{}: {unsolved}", line.number)),
    }
}

/// Solves a whole input that reads as one puzzle in any notation, such as a grid.
pub fn for_whole(source: &str, text: &str, solver: Solver<'_>, grids: Grids<'_>) -> Outcome {
    let failed =
        |cause: &dyn std::fmt::Display| Outcome::Failed(format!("error: {source}: {cause}"));
    if is_other_size(text, grids.alphabet) {
        return match Grid::parse(text, grids.alphabet) {
            Ok(puzzle) => solver
                .solve_grid(&puzzle, grids.budget)
                .map_or_else(|unsolved| failed(&unsolved), Outcome::SolvedGrid),
            Err(error) => failed(&error),
        };
    }
    match Board::parse(text) {
        Ok(puzzle) => match solver.solve(&puzzle) {
            Ok(solution) => Outcome::Solved(solution),
            Err(unsolved) => failed(&unsolved),
        },
        Err(error) => failed(&error),
    }
}

/// The error line for an input with no line at all.
pub fn for_empty_input(source: &str) -> Outcome {
    Outcome::Failed(format!(
        "error: {source}: the input is empty: there is no line to solve"
    ))
}

/// The board parsers count lines in the text they are given, which is one line: put the line's
/// number in the input instead.
fn on_line(at: &mut Place, number: usize) {
    if let Place::Text { line, .. } | Place::CellInText { line, .. } = at {
        *line = number;
    }
}

/// Says what is wrong with a line that is not UTF-8: a bad character before the first bad byte
/// if there is one (problems are reported in reading order, as the board parser does), otherwise
/// the bad byte, with its cell and column.
fn not_utf8(bytes: &[u8], valid_up_to: usize, number: usize) -> String {
    let prefix = std::str::from_utf8(&bytes[..valid_up_to]).unwrap_or_default();
    // Columns are counted as the board parser counts them: a leading byte order mark is not one,
    // and leading whitespace is skipped before the first cell.
    let prefix = prefix.strip_prefix('\u{feff}').unwrap_or(prefix);
    let cells = prefix.trim_start();
    let leading = prefix.chars().count() - cells.chars().count();
    let place = |index: usize| {
        let column = leading + index + 1;
        if index < 81 {
            Place::CellInText {
                cell: Cell::from_index(index),
                line: number,
                column,
            }
        } else {
            Place::Text {
                line: number,
                column,
            }
        }
    };
    let bad_char = cells
        .chars()
        .enumerate()
        .find(|(_, c)| !matches!(c, '1'..='9' | '.' | '0'));
    if let Some((index, found)) = bad_char {
        return BoardError::BadChar {
            found,
            at: place(index),
        }
        .to_string();
    }
    format!(
        "byte {:#04x} at {} is not UTF-8 text: the line is binary data, or in another encoding",
        bytes[valid_up_to],
        place(cells.chars().count())
    )
}
