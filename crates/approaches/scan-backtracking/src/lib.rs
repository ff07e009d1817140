//! # Scan backtracking: the baseline
//!
//! **The idea.** Fill the first blank cell with the first digit that does not
//! clash with its row, column or 3x3 box, then try to solve the rest. If the
//! rest cannot be solved, take the digit back and try the next one. If no
//! digit fits, report failure so the caller takes back *its* guess.
//!
//! **How it works.** Every call of the recursive search scans the board in
//! row-major order from the top-left corner for the first `'.'`. No blank left
//! means the board is solved. Otherwise each digit `'1'..='9'` is checked by
//! reading the cell's row, column and box on the board itself; a digit that
//! fits is written, the search recurses, and on failure the cell is reset to
//! `'.'`. The board is the only state: nothing is cached, so nothing can get
//! out of sync with it.
//!
//! **Cost.** With `m` blanks the search tree can have up to `9^m` nodes, so the
//! worst case is exponential; real puzzles prune hard, because a wrong guess
//! soon leaves some cell with no digit. Per node the work is an `O(81)` scan
//! for the next blank plus, for each of the 9 digits, a 27-cell scan of the
//! row, column and box: a few hundred cell reads per node. Memory is the board
//! plus one small stack frame per filled blank (recursion depth at most 81);
//! nothing is allocated.
//!
//! **Pitfalls.**
//! - Forgetting to reset the cell to `'.'` when a guess fails: later checks
//!   then see a digit that is not really there and reject good candidates,
//!   and an unsolvable puzzle comes back half filled.
//! - Checking the 3x3 box with the wrong corner: it starts at
//!   `(row / 3 * 3, col / 3 * 3)`, not at `(row / 3, col / 3)`.
//! - Trusting the givens: the search only checks the digits it writes, so two
//!   clashing givens would leave a "solved" board that is not valid. They are
//!   checked once before the search starts.
//!
//! **Place on the ladder.** This is the first rung,
//! `scan-backtracking -> spaces-scan -> bool-tables -> bitmask-flip ->
//! bitmask-lowbit -> mrv-heap -> dancing-links -> constraint-propagation ->
//! bitboard`:
//! the baseline every later rung changes one idea of. The next rung,
//! `spaces-scan`, keeps the same search order but lists the blanks once
//! instead of rescanning the board for the next one.
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
//! scan_backtracking::solve_sudoku(&mut board);
//!
//! assert_eq!(board[0].iter().collect::<String>(), "534678912");
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```

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
        if givens_are_consistent(board) {
            search(board, &mut calls);
        }
        calls
    }
}

/// Fills the blanks of `board`; returns `false`, with every blank restored to
/// `'.'`, when they cannot all be filled.
fn search(board: &mut [Vec<char>], calls: &mut u64) -> bool {
    *calls += 1;
    let Some((row, col)) = first_blank(board) else {
        return true;
    };
    for digit in '1'..='9' {
        if fits(board, row, col, digit) {
            board[row][col] = digit;
            if search(board, calls) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_harness::puzzle_rows;

    const EXAMPLE: &str = "leetcode/example";

    #[test]
    fn example_takes_4209_calls() {
        // Pinned as the reference for `bool-tables` and `bitmask-lowbit`, which
        // fill the blanks in the same order with the same digit order, so they
        // must walk the same search tree and report the same count.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 4209);
    }
}
