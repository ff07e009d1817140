//! # {name}
//!
//! TODO: the idea in a few lines: what this rung changes relative to the rung below, and why
//! that should pay. Its hints and one-line idea are in `ladder.toml`.
//!
//! # Example
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! {ident}::solve_sudoku(&mut board);
//!
//! assert_eq!(board[0].iter().collect::<String>(), "534678912");
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - TODO: the sharp edges, such as a guess that is not fully undone when the search
//!   backtracks.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/{name}.md`.

/// LeetCode's entry point for problem 37 (the judge declares it: keep it out of the region).
pub struct Solution;

// ---- LeetCode submission: begin ----
impl Solution {
    /// Solves `board` in place; blanks are `'.'`.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::solve_counting_calls(board);
    }

    /// Solves `board` in place and returns how many times `search` was
    /// entered (0 when the givens already clash, as the search never starts).
    // Takes LeetCode's `&mut Vec<Vec<char>>`, like `solve_sudoku`.
    #[allow(clippy::ptr_arg)]
    fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
        let mut calls = 0;
        Self::solve_visiting(board, &mut |_| calls += 1);
        calls
    }

    /// Solves `board` in place, showing `visit` the board each time `search`
    /// is entered: counting those visits counts the search calls.
    fn solve_visiting(board: &mut [Vec<char>], visit: &mut impl FnMut(&[Vec<char>])) {
        search(board, visit);
    }
}

/// Fills the blanks of `board`; returns `false`, with the board exactly as
/// given, when they cannot all be filled. Each entry shows `visit` the board:
/// `compare` and the search-call snapshot count those calls, `trace` records
/// the boards.
fn search(board: &mut [Vec<char>], visit: &mut impl FnMut(&[Vec<char>])) -> bool {
    visit(board);
    todo!("the search: fill the {} rows of the board", board.len())
}
// ---- LeetCode submission: end ----

/// Solves `board` in place (LeetCode's contract: exactly one solution exists).
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    Solution::solve_sudoku(board)
}

/// Solves `board` in place like [`solve_sudoku`] and returns how many times the recursive search was entered.
pub fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
    Solution::solve_counting_calls(board)
}

/// Solves `board` in place like [`solve_sudoku`], showing `visit` the board each time the
/// recursive search is entered (what `sudoku-kata trace` records).
pub fn solve_visiting(board: &mut [Vec<char>], visit: &mut dyn FnMut(&[Vec<char>])) {
    Solution::solve_visiting(board, &mut |board| visit(board))
}
