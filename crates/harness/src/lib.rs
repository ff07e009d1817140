//! The shared test harness of sudoku-kata: the bundled puzzles and the checks every approach is
//! held to. It depends on no approach, so `cargo test -p <rung>` builds that rung and this crate
//! only; the registry of approaches lives in `sudoku-fixtures`.
//!
//! ```
//! use sudoku_harness::{puzzle, solve_and_judge};
//!
//! // A "solver" that writes the stored answer passes; one that does nothing would not.
//! fn write_answer(board: &mut Vec<Vec<char>>) {
//!     let answer = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
//!     *board = answer.as_bytes().chunks(9).map(|row| row.iter().map(|&b| char::from(b)).collect()).collect();
//! }
//! let example = puzzle("leetcode/example").expect("bundled");
//! let solved = solve_and_judge(example, write_answer)?;
//! assert_eq!(solved[0].iter().collect::<String>(), "534678912");
//! # Ok::<(), Box<sudoku_harness::Failure>>(())
//! ```
//!
//! - [`file_format`]: the plain-text fixture format (`name puzzle solution|multiple|none`). Loading
//!   checks every stored solution with [`sudoku_board::check_solution`]: nothing is trusted.
//! - [`tiers`]: the files under `fixtures/`, compiled in, easiest tier first.
//! - [`large`]: the boards beyond 9x9 under `fixtures/large/`, compiled in, each judged by size.
//! - [`verdict`]: [`judge`] says whether an output is right, and a [`Failure`] explains why not.
//! - [`suite`]: [`shared_suite!`] gives an approach crate (or a practice crate) one test per tier,
//!   each puzzle within a time budget (`SUDOKU_KATA_BUDGET` seconds, else [`DEFAULT_BUDGET`]).
//! - [`random`]: reproducible random sparse boards for property tests.
//! - [`oracle`]: a plain solution counter, independent of every solver it checks.
//! - [`worker`]: a rung in a child process, stopped once a puzzle is past its budget: the one
//!   way the workspace runs a solver it may have to stop.

pub mod file_format;
pub mod large;
pub mod lines;
pub mod oracle;
pub mod random;
pub mod suite;
pub mod tiers;
pub mod verdict;
pub mod worker;

pub use file_format::{Expected, FixtureError, FixtureProblem, Puzzle, parse_fixture_file};
pub use large::{LargeExpected, LargePuzzle, hard_large_puzzles, large_puzzles, parse_large};
pub use suite::{
    BUDGET_ENV, BudgetError, DEFAULT_BUDGET, OverBudget, budget_from_env, run_tier,
    run_tier_with_budget, within_budget,
};
pub use tiers::{TIERS, Tier, puzzle, puzzle_rows, puzzles, tier_puzzles};
pub use verdict::{Failure, Reason, judge, solve_and_judge};

/// LeetCode's signature: solve the board in place.
pub type SolveFn = fn(&mut Vec<Vec<char>>);

/// Like [`SolveFn`], and returns how many times the approach's recursive search was entered.
pub type CountingSolveFn = fn(&mut Vec<Vec<char>>) -> u64;

/// A rung's `solve_visiting`: the search of `solve_sudoku`, showing a visitor the board each time
/// the recursive search is entered (the rung's own notion of the board: for a rung that works
/// on its own state, the cells it has settled).
pub type VisitingSolveFn = fn(&mut [Vec<char>], &mut dyn FnMut(&[Vec<char>]));

/// A rung's `solutions_counting_calls(box_size, cells, limit)`: up to `limit` solutions of a
/// board of any box size it takes, each laid out as `cells` is, and its search calls.
pub type SolutionsFn = fn(usize, &[u8], usize) -> (Vec<Vec<u8>>, u64);

/// A rung's `solve_grid_visiting(box_size, cells, visit)`: solves a board of any box size it
/// takes in place like its `solve_grid`, showing `visit` the values it has settled (0 elsewhere)
/// each time the recursive search is entered.
pub type GridVisitingFn = fn(usize, &mut [u8], &mut dyn FnMut(&[u8])) -> bool;
