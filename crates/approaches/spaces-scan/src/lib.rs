//! # Spaces scan: list the blanks once
//!
//! The blanks of a puzzle never move, and the search fills them in the same row-major order
//! every time. So list them once, before the search (the `spaces` of many write-ups), and let
//! the search walk the list by index instead of scanning the board for the next blank. A digit
//! is still checked by reading the board, so the search makes exactly the guesses of
//! `scan-backtracking`, in the same order: only finding the cell got cheaper.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // The same 4,209 search calls as `scan-backtracking`: the same tree, walked by index.
//! assert_eq!(spaces_scan::solve_counting_calls(&mut board), 4209);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - Test `next == blanks.len()` before indexing `blanks[next]`, or the solved case panics.
//! - Build the list once: rebuilding it in the search allocates per node and costs the very
//!   scan this rung removes.
//! - Reset the cell on a failed guess, exactly as in `scan-backtracking`.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/spaces-scan.md`.

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
            let blanks = blanks_of(board);
            search(board, &blanks, 0, visit);
        }
    }
}

/// Every `'.'` of `board` in row-major order, the order they are filled in.
fn blanks_of(board: &[Vec<char>]) -> Vec<(usize, usize)> {
    let mut blanks = Vec::with_capacity(81);
    for (row, cells) in board.iter().enumerate() {
        for (col, &cell) in cells.iter().enumerate() {
            if cell == '.' {
                blanks.push((row, col));
            }
        }
    }
    blanks
}

/// Fills `blanks[next..]`; returns `false`, with those cells back to `'.'`,
/// when they cannot all be filled.
fn search(
    board: &mut [Vec<char>],
    blanks: &[(usize, usize)],
    next: usize,
    visit: &mut impl FnMut(&[Vec<char>]),
) -> bool {
    visit(board);
    let Some(&(row, col)) = blanks.get(next) else {
        return true;
    };
    for digit in '1'..='9' {
        if fits(board, row, col, digit) {
            board[row][col] = digit;
            if search(board, blanks, next + 1, visit) {
                return true;
            }
            // Undo, or the checks of later cells would see a digit that is
            // not there.
            board[row][col] = '.';
        }
    }
    false
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
    /// LeetCode's solution with 23 cells blanked and the given at (6, 4)
    /// changed from 3 to 7: the givens do not clash, yet there is no solution,
    /// and the search has to guess and backtrack to find that out.
    const UNSOLVABLE: &str = "edge/leetcode-wrong-given";

    #[test]
    fn same_search_tree_as_scan_backtracking() {
        // `scan-backtracking` enters its search 4209 times here. Its scan
        // always stops at the k-th blank in row-major order when k guesses
        // stand, which is `blanks[k]`, and the digit order and the checks are
        // the same: the list makes each call cheaper, not fewer.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 4209);
    }

    #[test]
    fn blanks_are_listed_in_row_major_order() {
        let blanks = blanks_of(&puzzle_rows(EXAMPLE));
        // The example has 30 givens, so 51 blanks, the first three in row 0.
        assert_eq!(blanks.len(), 51);
        assert_eq!(blanks[..3], [(0, 2), (0, 3), (0, 5)]);
        assert!(blanks.is_sorted(), "row-major order is (row, col) order");
    }

    #[test]
    fn failed_search_restores_the_board() {
        let mut grid = puzzle_rows(UNSOLVABLE);
        assert!(givens_are_consistent(&mut grid));
        let blanks = blanks_of(&grid);
        let mut calls = 0;

        assert!(!search(&mut grid, &blanks, 0, &mut |_| calls += 1));

        assert!(calls > 2, "the search must have guessed and backtracked");
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
    }
}
