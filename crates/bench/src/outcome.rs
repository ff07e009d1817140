//! What an engine said about a puzzle, and the tally of a pass: throughput figures come with
//! counts of what was found, so an engine that is fast because it is wrong shows.

use sudoku_board::solved_board;

use crate::sets::PuzzleBytes;

/// What an engine said about one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// [`Mode::FirstSolution`](crate::engines::Mode::FirstSolution): this solution (ASCII
    /// digits), not yet checked.
    Solved(PuzzleBytes),
    /// [`Mode::ProveUnique`](crate::engines::Mode::ProveUnique): exactly one solution, this one
    /// when the engine hands it back (counting engines do not).
    Unique(Option<PuzzleBytes>),
    /// More than one solution.
    Multiple,
    /// No solution.
    NoSolution,
    /// Not exactly one solution, without saying whether none or several: what the reference's
    /// `solution()` answers with its `None`.
    NotUnique,
}

/// Counts of outcomes over a pass, each solution checked against its puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// First solutions found, each one checked.
    pub solved: usize,
    /// Puzzles proved to have exactly one solution (and the solution, when handed back, checked).
    pub unique: usize,
    /// Puzzles with more than one solution.
    pub multiple: usize,
    /// Puzzles with no solution.
    pub none: usize,
    /// Puzzles with no solution or several: see [`Outcome::NotUnique`].
    pub not_unique: usize,
    /// Solutions handed back that break a rule or do not keep the puzzle's givens.
    pub wrong: usize,
}

impl Tally {
    /// Counts `outcome` for `puzzle`, checking any solution it carries.
    pub fn record(&mut self, puzzle: &PuzzleBytes, outcome: Outcome) {
        let counter = match outcome {
            Outcome::Solved(solution) if is_solution_of(puzzle, &solution) => &mut self.solved,
            Outcome::Unique(None) => &mut self.unique,
            Outcome::Unique(Some(solution)) if is_solution_of(puzzle, &solution) => {
                &mut self.unique
            }
            Outcome::Solved(_) | Outcome::Unique(Some(_)) => &mut self.wrong,
            Outcome::Multiple => &mut self.multiple,
            Outcome::NoSolution => &mut self.none,
            Outcome::NotUnique => &mut self.not_unique,
        };
        *counter += 1;
    }
}

/// Whether `solution` is a complete grid that keeps every given of `puzzle` and repeats no digit
/// in a row, column or box (`sudoku_board::solved_board`; a puzzle whose givens clash has none).
pub fn is_solution_of(puzzle: &PuzzleBytes, solution: &PuzzleBytes) -> bool {
    solved_board(puzzle, solution).is_some()
}
