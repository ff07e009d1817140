//! The puzzles of a set (`sudoku_bench::sets::PuzzleSet`: a bundled tier, the bundled boards of
//! a size, or a file) as `compare` and `practice --check` hand them to a rung, each with the way
//! its answer is judged.
//!
//! A tier's puzzles come with what the fixture knows (the unique solution, several, or none),
//! and the fixture harness judges. A file's puzzles come with nothing, so an answer is judged by
//! what can be known without stored solutions: a complete grid that keeps the givens and breaks
//! no rule is solved, and a board handed back unchanged is right exactly when the puzzle has no
//! solution (its givens clash, or the engine finds none).

use std::fmt::Display;
use std::sync::OnceLock;

use sudoku_bench::sets::{FileProblem, Known, LineProblem, PuzzleSet, load_file};
use sudoku_board::{Board, Grid, check_solution, rows_of};
use sudoku_harness::worker::from_wire;
use sudoku_harness::{LargePuzzle, Puzzle, judge};
use sudoku_kata::solving::solver::{GRID_BUDGET, Solver, Unsolved, Workers};

/// One puzzle to solve, and how its answer is judged.
pub(crate) struct Task {
    /// Names it in messages: `tier/name`, or `FILE #N` for the N-th puzzle of a file.
    pub id: String,
    /// The board handed to the approach, in LeetCode's shape with `.` blanks.
    pub rows: Vec<Vec<char>>,
    check: Check,
}

enum Check {
    /// A fixture puzzle: the fixture harness judges.
    Fixture(&'static Puzzle),
    /// A file's puzzle.
    Unknown(Board),
    /// A bundled board beyond 9x9: the harness judges.
    Large(&'static LargePuzzle),
    /// A file's board beyond 9x9.
    UnknownGrid(Grid),
    /// A file's board whose givens clash, so it has no solution.
    Clashing,
}

/// The engine's workers that tell whether a board handed back unchanged has a solution.
static CHECKERS: OnceLock<Workers> = OnceLock::new();

/// The puzzles of `set`, each with the way its answer is judged.
pub(crate) fn tasks(set: &PuzzleSet) -> Vec<Task> {
    let tasks = set.puzzles.iter().enumerate().map(|(index, puzzle)| {
        let line = String::from_utf8_lossy(&puzzle.cells);
        let check = match puzzle.known {
            Known::Fixture(puzzle) => Check::Fixture(puzzle),
            Known::Large(puzzle) => Check::Large(puzzle),
            // The loader keeps boards only: a file's board that does not build has clashing givens.
            Known::Nothing if set.side == 9 => {
                Board::parse_line(&line).map_or(Check::Clashing, Check::Unknown)
            }
            Known::Nothing => Grid::parse(&line, None).map_or(Check::Clashing, Check::UnknownGrid),
        };
        Task {
            id: set.id(index),
            rows: rows_of(line.chars(), set.side),
            check,
        }
    });
    tasks.collect()
}

/// A file of boards `side` cells wide, as [`load_file`] reads it: an error names the line, the
/// column and the cause, and the command that reads a board of the size found.
///
/// # Errors
/// A file that cannot be read, or a line that is no such board.
pub(crate) fn file(path: &std::path::Path, side: usize) -> Result<PuzzleSet, String> {
    load_file(path, side).map_err(|error| match error.problem {
        FileProblem::BadLine {
            problem: LineProblem::OtherSize { found, .. },
            ..
        } => {
            // The command that compares boards of the size found.
            let size = (found != 9).then(|| format!("--size {found} "));
            let size = size.unwrap_or_default();
            format!("{error}; `compare {size}--file` compares {found}x{found} boards")
        }
        _ => error.to_string(),
    })
}

impl Task {
    /// Judges what the approach left in the board: `Err` says what is wrong, naming the puzzle.
    pub(crate) fn judge(&self, output: &[Vec<char>]) -> Result<(), String> {
        let id = &self.id;
        let unchanged = output == self.rows;
        let not_a_solution =
            |broken: &dyn Display| Err(format!("{id}: the output is not a solution: {broken}"));
        // Handed back unchanged, a board is right exactly when there is nothing to find.
        match &self.check {
            Check::Fixture(puzzle) => judge(puzzle, output).map_err(|failure| failure.to_string()),
            Check::Large(large) => large.judge(&self.values(output)?),
            Check::Clashing if unchanged => Ok(()),
            Check::Clashing => Err(format!(
                "{id}: its givens clash, so it has no solution, but the board came back changed"
            )),
            Check::Unknown(board) => match check_solution(board, output) {
                Ok(()) => Ok(()),
                Err(broken) if !unchanged => not_a_solution(&broken),
                Err(_) if sudoku_engine::count_solutions(&board.to_ascii(), 1) == 0 => Ok(()),
                Err(_) => Err(format!(
                    "{id}: the board came back unchanged, but the puzzle has a solution"
                )),
            },
            Check::UnknownGrid(puzzle) => {
                let values = self.values(output)?;
                let unchanged = values == puzzle.values();
                // In workers (one pool for the run), so that a search past the budget does not
                // run on beside the measurements that follow.
                let checkers = CHECKERS.get_or_init(|| Workers::new(Solver::Engine, GRID_BUDGET));
                match puzzle.solved_by(values) {
                    Ok(_) => Ok(()),
                    Err(broken) if !unchanged => not_a_solution(&broken),
                    Err(_) => match checkers.solve_grid(puzzle) {
                        Err(Unsolved::NoSolution) => Ok(()),
                        Ok(_) => Err(format!(
                            "{id}: the board came back unchanged, but it has a solution"
                        )),
                        Err(unsolved) => Err(format!(
                            "{id}: the board came back unchanged, and whether it has a solution \
                             is not known: {unsolved}"
                        )),
                    },
                }
            }
        }
    }

    /// The values of a board beyond 9x9 as the approach left it, in the standard alphabet.
    fn values(&self, output: &[Vec<char>]) -> Result<Vec<u8>, String> {
        let side = self.rows.len();
        from_wire(output.concat(), side)
            .filter(|values| values.len() == side * side)
            .ok_or_else(|| format!("{}: the output is not a {side}x{side} board", self.id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_harness::tier_puzzles;

    /// The task of a file holding `line`.
    fn file_task(line: &str) -> Task {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("puzzles.txt");
        std::fs::write(&path, line).expect("written");
        let set = file(&path, 9).expect("loads");
        assert_eq!(set.name, "puzzles.txt");
        tasks(&set).remove(0)
    }

    fn rows(line: &str) -> Vec<Vec<char>> {
        rows_of(line.chars(), 9)
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_file_puzzle_is_solved_by_a_valid_completion_only() {
        let task = file_task(PUZZLE);
        assert_eq!(task.judge(&rows(SOLUTION)), Ok(()));
        let unchanged = task.judge(&task.rows.clone()).unwrap_err();
        assert!(
            unchanged.ends_with("#1: the board came back unchanged, but the puzzle has a solution"),
            "{unchanged}"
        );
        let mut broken = rows(SOLUTION);
        broken[0][0] = '9';
        let error = task.judge(&broken).unwrap_err();
        assert!(
            error.contains("#1: the output is not a solution: "),
            "{error}"
        );
    }

    #[test]
    fn a_file_puzzle_without_a_solution_must_come_back_unchanged() {
        // Two 5s in the first row: no solution, and no `Board` either.
        let clash = format!("55{}", &PUZZLE[2..]);
        let task = file_task(&clash);
        assert_eq!(task.judge(&task.rows.clone()), Ok(()));
        assert!(task.judge(&rows(SOLUTION)).is_err());

        // No clash, yet no solution: the edge tier's.
        let unsolvable = tier_puzzles("edge")
            .find(|puzzle| puzzle.expected == sudoku_harness::Expected::NoSolution)
            .expect("the edge tier has a puzzle without a solution");
        let task = file_task(&unsolvable.board.to_line());
        assert_eq!(task.judge(&task.rows.clone()), Ok(()));
        let mut changed = task.rows.clone();
        let blank = changed
            .iter()
            .flatten()
            .position(|&c| c == '.')
            .expect("a blank");
        changed[blank / 9][blank % 9] = '1';
        let error = task.judge(&changed).unwrap_err();
        assert!(error.contains("the output is not a solution"), "{error}");
    }
}
