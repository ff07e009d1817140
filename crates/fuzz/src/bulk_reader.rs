//! The `bulk_reader` target: the bytes as the input of `sudoku-kata solve`.

use std::io::Cursor;

use sudoku_board::{Board, BoardError, Grid, GridError, check_solution};
use sudoku_harness::file_format::{blank_comments, is_comment, puzzle_field};
use sudoku_kata::input::lines::{Content, LineReader};
use sudoku_kata::input::survey::WHOLE_INPUT_BYTES;
use sudoku_kata::solving::outcome::Outcome;
use sudoku_kata::solving::solve_input;
use sudoku_kata::solving::solver::{Grids, Solver};

/// The input's name in error lines, as `solve` names its standard input.
const NAME: &str = "<stdin>";

/// Feeds the bytes, whatever they are, to
/// [`solve_input`](sudoku_kata::solving::solve_input) with the default solver, as
/// `sudoku-kata solve` runs on each input, collects every outcome, and asserts:
///
/// - **One result per line, in order**: as many outcomes as the input has lines (a `\n` ends a
///   line, and a last line without one still counts); exactly one for an empty input, and for
///   an input that is one puzzle in the grid or LeetCode notation (comment lines aside, and
///   givens that clash or not).
/// - **Errors name their line**: every failed line is an error line, `error: <stdin>:N: `
///   with N its own line number (which is also what shows the order); the one outcome of an
///   empty or whole-puzzle input starts `error: <stdin>: `.
/// - **A puzzle gets its solution or a true "no solution"**: a line that reads as a puzzle
///   (alone, or as the puzzle field of a fixture file's line; and the whole-puzzle input) is
///   solved with a complete board that keeps its givens, or said to have no solution, which the
///   harness's independent oracle confirms.
/// - **A comment is handed on**: a line starting with `#` (after a byte order mark and any
///   indentation), or a header line of words (`quizzes,solutions`), comes back as it is,
///   without the mark.
///
/// The work per input stays small whatever its size: the reader keeps at most
/// [`MAX_LINE_BYTES`](sudoku_kata::input::lines::MAX_LINE_BYTES) of a line, reading ahead for a
/// whole puzzle stops after [`WHOLE_INPUT_BYTES`], and every solve is of one 9x9 board.
pub fn bulk_reader(data: &[u8]) {
    let mut reader = LineReader::new(Box::new(Cursor::new(data.to_vec())));
    let mut outcomes = Vec::new();
    solve_input(
        NAME,
        &mut reader,
        Solver::Engine,
        Grids::default(),
        &mut |chunk, _| {
            outcomes.extend_from_slice(chunk);
            Ok(())
        },
    )
    .expect("reading a cursor and collecting outcomes cannot fail");

    // The lines as the reader cuts them; `None` for one too long to be kept.
    let mut cut = LineReader::new(Box::new(Cursor::new(data.to_vec())));
    let lines: Vec<Option<Vec<u8>>> = std::iter::from_fn(|| cut.next_line())
        .map(|line| match line.content {
            Content::Text(text) => Some(text.into_bytes()),
            Content::NotUtf8 { bytes, .. } => Some(bytes),
            Content::TooLong { .. } => None,
        })
        .collect();
    let whole = whole_puzzle(data, &lines);
    if lines.is_empty() || whole.is_some() {
        assert_eq!(
            outcomes.len(),
            1,
            "an empty input, and one puzzle over several lines, get one outcome"
        );
        let puzzle = whole.and_then(|text| Board::parse(&text).ok());
        let prefix = format!("error: {NAME}: ");
        judge(&outcomes[0], puzzle.as_ref(), data, &prefix);
    } else {
        assert_eq!(outcomes.len(), lines.len(), "one outcome per line");
        for (index, (line, outcome)) in lines.iter().zip(&outcomes).enumerate() {
            let prefix = format!("error: {NAME}:{}: ", index + 1);
            let line = line.as_deref().unwrap_or_default();
            let puzzle = std::str::from_utf8(line).ok().and_then(puzzle_line);
            if let Some(comment) = comment(line) {
                assert_eq!(outcome, &Outcome::Comment(comment.to_owned()));
            } else {
                judge(outcome, puzzle.as_ref(), line, &prefix);
            }
        }
    }
}

/// Asserts that `outcome` is right for `puzzle` (or for a line that is no 9x9 puzzle), read from
/// `text`, with error lines starting with `prefix`.
fn judge(outcome: &Outcome, puzzle: Option<&Board>, text: &[u8], prefix: &str) {
    match (outcome, puzzle) {
        (Outcome::Comment(comment), _) => panic!("{comment:?} from a line that is no comment"),
        (Outcome::SolvedGrid(solution), _) => {
            let text = std::str::from_utf8(text).expect("a solved board was text");
            let puzzle = Grid::parse(text, None).expect("a solved board was read");
            if let Err(error) = puzzle.solved_by(solution.values().to_vec()) {
                panic!("{solution:?} does not solve {puzzle:?}: {error}");
            }
        }
        (Outcome::Solved(solution), Some(puzzle)) => {
            assert!(solution.is_complete(), "{solution:?}");
            if let Err(error) = check_solution(puzzle, &solution.to_rows()) {
                panic!("{solution:?} does not solve {puzzle:?}: {error}");
            }
        }
        (Outcome::Solved(solution), None) => {
            panic!("{prefix}a line that is no puzzle was solved as {solution:?}")
        }
        (Outcome::Failed(line), puzzle) => {
            assert!(line.starts_with(prefix), "{line:?} should start {prefix:?}");
            if let Some(puzzle) = puzzle {
                assert_eq!(line, &format!("{prefix}the puzzle has no solution"));
                let solutions = sudoku_harness::oracle::count_solutions(&puzzle.to_rows(), 1);
                assert_eq!(solutions, 0, "{line}, but {puzzle:?} has one");
            }
        }
    }
}

/// The puzzle a line holds in the line notation, alone or as a fixture line's puzzle field, if
/// it reads as one.
fn puzzle_line(text: &str) -> Option<Board> {
    let bare = text.strip_prefix('\u{feff}').unwrap_or(text);
    Board::parse_line(puzzle_field(bare).map_or(text, |(_, puzzle)| puzzle)).ok()
}

/// The comment a line is, without a byte order mark: a line the reader keeps that
/// [`is_comment`] calls one (`#` first, or a header line of words).
fn comment(line: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(line).ok()?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Some(text).filter(|text| is_comment(text))
}

/// The text of an input that `solve` must read as one puzzle, with one outcome, its comment
/// lines left empty: small enough to be read ahead whole, every line short enough to be kept,
/// not starting (after blank and comment lines) with a line in the line notation (as long as a
/// board of some size, whatever it holds but a space or a `|` among its cells) or a fixture
/// file's line, and reading as a board in
/// some notation, 9x9 or another size, whether or not its givens clash.
fn whole_puzzle(data: &[u8], lines: &[Option<Vec<u8>>]) -> Option<String> {
    if data.len() as u64 > WHOLE_INPUT_BYTES || lines.iter().any(Option::is_none) {
        return None;
    }
    let text = std::str::from_utf8(data).ok()?;
    let first = text.split('\n').find(|line| {
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        !line.trim().is_empty() && comment(line.as_bytes()).is_none()
    })?;
    let bare = first.strip_prefix('\u{feff}').unwrap_or(first);
    // The line notation: no space or `|` among the cells, as a grid's rows have.
    let cells = bare.trim();
    let row = cells.contains(|c: char| c.is_whitespace() || c == '|');
    if (!row && Grid::side_of(cells).is_some()) || puzzle_field(bare).is_some() {
        return None;
    }
    let text = blank_comments(text);
    let board = matches!(
        Board::parse(&text),
        Ok(_) | Err(BoardError::DuplicateGiven { .. })
    );
    let grid = matches!(
        Grid::parse(&text, None),
        Ok(_) | Err(GridError::Clash { .. })
    );
    (board || grid).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_grid_is_a_whole_puzzle_and_a_puzzle_line_first_is_not() {
        let board = Board::parse_line(PUZZLE).unwrap();
        let grid = board.to_grid();
        assert_eq!(whole_puzzle(grid.as_bytes(), &[]), Some(grid.clone()));
        // Comment lines aside, and clashing givens or not.
        let commented = format!("# a grid\n{}", grid.replacen('.', "5", 1));
        assert_eq!(
            whole_puzzle(commented.as_bytes(), &[]),
            Some(format!("\n{}", grid.replacen('.', "5", 1)))
        );
        let line = format!("\n{PUZZLE}\n");
        assert_eq!(whole_puzzle(line.as_bytes(), &[]), None);
    }

    #[test]
    #[should_panic(expected = "does not solve")]
    fn a_solution_of_another_puzzle_is_a_finding() {
        let puzzle = Board::parse_line(PUZZLE).unwrap();
        let solution = Solver::Engine.solve(&Board::EMPTY).unwrap();
        judge(
            &Outcome::Solved(solution),
            Some(&puzzle),
            PUZZLE.as_bytes(),
            "error: <stdin>:1: ",
        );
    }

    #[test]
    #[should_panic(expected = "should start")]
    fn an_error_line_with_another_number_is_a_finding() {
        let outcome = Outcome::Failed("error: <stdin>:2: the line is empty".into());
        judge(&outcome, None, b"", "error: <stdin>:1: ");
    }
}
