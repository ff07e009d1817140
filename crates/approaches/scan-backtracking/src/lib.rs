//! # Scan backtracking: the baseline
//!
//! Fill the first blank cell with the first digit that does not clash with its row, column or
//! 3x3 box, then solve the rest; if the rest cannot be solved, take the digit back and try the
//! next one, and if none fits, fail so the caller takes back *its* guess. Every call scans the
//! board for the first blank and checks each digit by reading its row, column and box: the
//! board is the only state, so nothing can get out of sync with it.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // LeetCode's example takes 4,209 entries into the search.
//! assert_eq!(scan_backtracking::solve_counting_calls(&mut board), 4209);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - A failed guess must reset its cell to `'.'`: otherwise later checks see a digit that is
//!   not there, and an unsolvable puzzle comes back half filled.
//! - The box of `(row, col)` starts at `(row / 3 * 3, col / 3 * 3)`.
//! - The search only checks the digits it writes, so clashing givens are checked once before
//!   it starts (and the board comes back untouched, with no search call).
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/scan-backtracking.md`.

/// LeetCode's entry point for problem 37.
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
        if givens_are_consistent(board) {
            search(board, visit);
        }
    }
}

/// Fills the blanks of `board`; returns `false`, with every blank restored to
/// `'.'`, when they cannot all be filled.
fn search(board: &mut [Vec<char>], visit: &mut impl FnMut(&[Vec<char>])) -> bool {
    visit(board);
    let Some((row, col)) = first_blank(board) else {
        return true;
    };
    for digit in '1'..='9' {
        if fits(board, row, col, digit) {
            board[row][col] = digit;
            if search(board, visit) {
                return true;
            }
            // Undo, or later checks would see a digit that is not there.
            board[row][col] = '.';
        }
    }
    false
}

/// The first `'.'` in row-major order. Rescanning from the top every time is
/// wasteful but needs no bookkeeping: the board alone says what is left.
fn first_blank(board: &[Vec<char>]) -> Option<(usize, usize)> {
    (0..9)
        .flat_map(|row| (0..9).map(move |col| (row, col)))
        .find(|&(row, col)| board[row][col] == '.')
}

/// Whether `digit` appears nowhere in the row, column and box of
/// `(row, col)`. The cell itself must not hold `digit`.
fn fits(board: &[Vec<char>], row: usize, col: usize, digit: char) -> bool {
    let (box_row, box_col) = (row / 3 * 3, col / 3 * 3);
    (0..9).all(|i| {
        board[row][i] != digit
            && board[i][col] != digit
            && board[box_row + i / 3][box_col + i % 3] != digit
    })
}

/// Whether no given digit clashes with another. The search only checks the
/// digits it writes, so clashing givens must be caught here, or an unsolvable
/// puzzle would come back "solved".
fn givens_are_consistent(board: &mut [Vec<char>]) -> bool {
    for row in 0..9 {
        for col in 0..9 {
            let digit = board[row][col];
            if digit == '.' {
                continue;
            }
            // Lift the digit out so `fits` does not find the cell itself.
            board[row][col] = '.';
            let consistent = fits(board, row, col, digit);
            board[row][col] = digit;
            if !consistent {
                return false;
            }
        }
    }
    true
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_harness::puzzle_rows;

    const EXAMPLE: &str = "leetcode/example";

    #[test]
    fn example_takes_4209_calls() {
        // Pinned as the reference for the four rungs above it (spaces-scan to
        // bitmask-lowbit), which fill the blanks in the same order with the same
        // digit order, so they must walk the same search tree and report the same
        // count.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 4209);
    }
}
