//! The bundled boards beyond 9x9: `fixtures/large/16x16.txt` and `25x25.txt`, and the hard
//! boards of `16x16-hard.txt` and `25x25-hard.txt` (`generate --givens`), compiled in like
//! the tiers, in the fixture format (`name puzzle solution|multiple|none`) with lines of 256 or
//! 625 cells. Loading checks every stored solution with [`Grid::solved_by`]: nothing is trusted.
//!
//! ```
//! let puzzles = sudoku_harness::large_puzzles(16);
//! assert!(puzzles.len() >= 20);
//! assert_eq!(puzzles[0].board.side(), 16);
//! assert!(puzzles[0].id().starts_with("16x16/"));
//! ```

use std::sync::OnceLock;

use sudoku_board::Grid;

use crate::file_format::{Expected, FixtureProblem, Puzzle, parse_puzzles};
use crate::tiers::{Tier, bundled_tier};

/// What a large fixture line says of its puzzle: [`Expected`] of a [`Grid`].
pub type LargeExpected = Expected<Grid>;

/// One puzzle of a large fixture file: a [`Puzzle`] of a [`Grid`].
pub type LargePuzzle = Puzzle<Grid>;

impl LargePuzzle {
    /// Whether `output` (a rung's answer, values row by row) is right for this puzzle: the
    /// solution, any solution where there are several, the board as given where there is none.
    ///
    /// # Errors
    /// What is wrong, naming the puzzle.
    pub fn judge(&self, output: &[u8]) -> Result<(), String> {
        let id = self.id();
        let solved = self.board.solved_by(output.to_vec());
        match (&self.expected, solved) {
            (LargeExpected::NoSolution, _) if output == self.board.values() => Ok(()),
            (LargeExpected::Unique(solution), Ok(solved)) if &solved != solution => Err(format!(
                "{id}: a solution, but not the only one the file holds"
            )),
            (LargeExpected::NoSolution, Ok(_)) => {
                Err(format!("{id}: solved, but it has no solution"))
            }
            (_, Ok(_)) => Ok(()),
            (_, Err(_)) if output == self.board.values() => Err(format!(
                "{id}: the board came back unchanged, but it has a solution"
            )),
            (_, Err(error)) => Err(format!("{id}: the output is not a solution: {error}")),
        }
    }
}

/// The bundled large files: the boards of each size, then the hard ones (`generate --givens`).
const FILES: [Tier; 4] = [
    bundled_tier!("16x16" in "large/"),
    bundled_tier!("25x25" in "large/"),
    bundled_tier!("16x16-hard" in "large/"),
    bundled_tier!("25x25-hard" in "large/"),
];

/// The bundled puzzles of boards `side` cells wide, in file order: none for a side without a
/// file (4, 9, 36).
///
/// # Panics
/// If a bundled file is broken: they are compiled in and checked by this crate's tests, so that
/// is a bug in the repository, never a user's input.
pub fn large_puzzles(side: usize) -> &'static [LargePuzzle] {
    bundled(&format!("{side}x{side}"))
}

/// The bundled hard boards `side` cells wide (`fixtures/large/16x16-hard.txt`,
/// `25x25-hard.txt`), made as the public sets of hard boards are: a share of a random complete
/// grid's cells, kept at random (`sudoku-kata generate --givens`). None for another side.
///
/// # Panics
/// As [`large_puzzles`].
pub fn hard_large_puzzles(side: usize) -> &'static [LargePuzzle] {
    bundled(&format!("{side}x{side}-hard"))
}

/// The puzzles of the bundled large file called `name`, none if there is no such file.
fn bundled(name: &str) -> &'static [LargePuzzle] {
    static LOADED: OnceLock<Vec<Vec<LargePuzzle>>> = OnceLock::new();
    let loaded = LOADED.get_or_init(|| {
        (FILES.iter())
            .map(|file| {
                parse_large(file.name, file.text).unwrap_or_else(|error| panic!("bundled: {error}"))
            })
            .collect()
    });
    (FILES.iter())
        .position(|file| file.name == name)
        .map_or(&[], |index| &loaded[index])
}

/// Reads a large fixture file called `tier`: comments, blank lines and a byte order mark skipped
/// as in the 9x9 files ([`crate::file_format`]), then three fields a line, names of `a-z`, `0-9`
/// and `-` and unique, boards of the file's size (the name up to a `-`: `25x25-hard` holds
/// 25x25 boards).
///
/// # Errors
/// `fixtures/large/TIER.txt:LINE: cause` for the first broken line.
pub fn parse_large(tier: &str, text: &str) -> Result<Vec<LargePuzzle>, String> {
    let at = |line, cause: String| format!("fixtures/large/{tier}.txt:{line}: {cause}");
    let grid =
        |line, text: &str| Grid::parse(text, None).map_err(|error| at(line, error.to_string()));
    let fail = |line, problem| match problem {
        FixtureProblem::FieldCount { .. } => {
            at(line, "expected three fields: name, puzzle, solution".into())
        }
        problem => at(line, problem.to_string()),
    };
    let board = |line, puzzle: &str| {
        let board = grid(line, puzzle)?;
        match board.side() {
            side if tier.split('-').next() == Some(&format!("{side}x{side}")) => Ok(board),
            side => Err(at(line, format!("a {side}x{side} board"))),
        }
    };
    parse_puzzles(tier, text, fail, board, |line, board, solution| {
        (board.solved_by(grid(line, solution)?.values().to_vec()))
            .map_err(|error| at(line, format!("the solution: {error}")))
    })
}
