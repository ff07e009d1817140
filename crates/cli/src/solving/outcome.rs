//! What `solve` makes of one line: its solution, or an error line that names the input, the line
//! (and the cell, where there is one) and the cause.
//!
//! Every error line starts with `error: `, so that it can never be mistaken for a solution, and
//! goes on with `INPUT:LINE: ` the way compilers name a place, so that editors and `grep` find it.

use std::fmt::Display;

use sudoku_board::{Board, BoardError, Grid, without_bom};

use super::solver::{Grids, Solver, Unsolved};
use crate::input::lines::{Content, Line, MAX_LINE_BYTES};
use crate::input::one_puzzle::{InputError, Puzzle, UTF16_HINT, parse_text, starts_like_utf16};
use sudoku_board::group_thousands;
use sudoku_harness::file_format::{is_comment, puzzle_field, shapes_note};

/// The result for one line, or for a whole input read as one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The solution.
    Solved(Board),
    /// The solution of a board other than 9x9, or of one read in an explicit alphabet.
    SolvedGrid(Grid),
    /// The whole error line, `error: INPUT:LINE: cause`.
    Failed(String),
    /// A comment, a line whose first character is `#`: handed on as it is.
    Comment(String),
}

/// The 9x9 puzzle on `line` of the input called `source` (a path, or `<stdin>`), read as the
/// line notation (9x9, or any other size the line's length names), for the solver to solve and
/// [`for_solved`] to make an outcome of; any other line's outcome: the error line that says why
/// it holds no puzzle, or its outcome once solved here: the usual line (81 cells and nothing
/// else) when [`Solver::solve_line`] takes it, and a board of another size (or any board read in
/// an explicit alphabet) by [`Solver::solve_grid`] as `grids` says.
///
/// # Errors
/// The [`Outcome`] of a line that holds no 9x9 puzzle left to solve.
pub fn puzzle_of(
    source: &str,
    line: &Line,
    solver: Solver<'_>,
    grids: Grids<'_>,
) -> Result<Board, Outcome> {
    // The usual line, 81 cells and nothing else, straight to the solver when it can take it.
    if let (Content::Text(text), None) = (&line.content, grids.alphabet) {
        if let Some(solution) = solver.solve_line(text) {
            return Err(Outcome::Solved(solution));
        }
    }
    let failed = |cause: &dyn Display| failed(format_args!("{source}:{}", line.number), cause);
    Err(match &line.content {
        Content::Text(text) if is_comment(text) => Outcome::Comment(without_bom(text).to_owned()),
        Content::Text(text) => {
            // A fixture file's line, as `generate` writes it, is read by its puzzle.
            let field = puzzle_field(without_bom(text));
            let puzzle = field.map_or(text.as_str(), |(_, puzzle)| puzzle);
            match parse_text(puzzle, grids.alphabet, Board::parse_line) {
                Ok(Puzzle::Board(puzzle)) => return Ok(puzzle),
                Ok(puzzle) => {
                    solve(&puzzle, solver, grids).unwrap_or_else(|unsolved| failed(&unsolved))
                }
                Err(InputError::Board(BoardError::Empty)) if text.is_empty() => {
                    failed(&"the line is empty: expected a puzzle of 81 cells")
                }
                Err(InputError::Board(BoardError::Empty)) => {
                    failed(&"the line holds only whitespace: expected a puzzle of 81 cells")
                }
                Err(error) => failed(&format_args!(
                    "{}{}",
                    error.on_line(line.number, field.map(|(before, _)| before)),
                    shapes_note(text)
                )),
            }
        }
        Content::NotUtf8 { bytes, valid_up_to } => {
            failed(&not_utf8(bytes, *valid_up_to, line.number))
        }
        Content::TooLong { bytes } => failed(&format_args!(
            "the line is {} bytes long, more than the {} a line may hold (a puzzle is 81 cells, \
             and 1,296 for 36x36): it was skipped unread",
            group_thousands(*bytes),
            group_thousands(MAX_LINE_BYTES as u64)
        )),
    })
}

/// The outcome of solving the puzzle on `line` of the input called `source`.
pub fn for_solved(source: &str, line: &Line, solved: Result<Board, Unsolved>) -> Outcome {
    solved.map_or_else(
        |unsolved| failed(format_args!("{source}:{}", line.number), unsolved),
        Outcome::Solved,
    )
}

/// Solves a whole input that reads as one puzzle in any notation, such as a grid.
pub fn for_whole(source: &str, text: &str, solver: Solver<'_>, grids: Grids<'_>) -> Outcome {
    match parse_text(text, grids.alphabet, Board::parse) {
        Ok(puzzle) => {
            solve(&puzzle, solver, grids).unwrap_or_else(|unsolved| failed(source, unsolved))
        }
        Err(error) => failed(source, error),
    }
}

/// The error line for an input with no line at all.
pub fn for_empty_input(source: &str) -> Outcome {
    failed(source, "the input is empty: there is no line to solve")
}

/// The error line `error: PLACE: cause`.
fn failed(place: impl Display, cause: impl Display) -> Outcome {
    Outcome::Failed(format!("error: {place}: {cause}"))
}

/// Solves `puzzle`: a 9x9 board with [`Solver::solve`], any other with [`Solver::solve_grid`]
/// as `grids` says.
fn solve(puzzle: &Puzzle, solver: Solver<'_>, grids: Grids<'_>) -> Result<Outcome, Unsolved> {
    Ok(match puzzle {
        Puzzle::Board(puzzle) => Outcome::Solved(solver.solve(puzzle)?),
        Puzzle::Grid(puzzle) => Outcome::SolvedGrid(solver.solve_grid(puzzle, grids)?),
    })
}

/// Says what is wrong with a line that is not UTF-8: the first bad character in reading order,
/// the bad byte standing as U+FFFD after the valid text, placed by the board parser as any
/// character it cannot take.
fn not_utf8(bytes: &[u8], valid_up_to: usize, number: usize) -> String {
    let prefix = std::str::from_utf8(&bytes[..valid_up_to]).unwrap_or_default();
    let parsed = Board::parse_line(&format!("{prefix}\u{fffd}"));
    let error = parsed.expect_err("U+FFFD is no cell, so the line cannot parse");
    let at = match InputError::Board(error).on_line(number, None) {
        InputError::Board(BoardError::BadChar {
            found: '\u{fffd}',
            at,
        }) if !prefix.contains('\u{fffd}') => at,
        error => return error.to_string(),
    };
    let utf16 = number == 1 && starts_like_utf16(bytes);
    format!(
        "byte {:#04x} at {at} is not UTF-8 text: the line is binary data, or in another encoding{}",
        bytes[valid_up_to],
        if utf16 { UTF16_HINT } else { "" }
    )
}
