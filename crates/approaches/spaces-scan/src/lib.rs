//! # Spaces scan: list the blanks once, still read the board
//!
//! **The idea.** The blanks of a puzzle never move: the search only ever
//! writes into cells that were blank at the start, and it fills them in the
//! same row-major order every time. So there is no need to rediscover "the
//! next blank" at every node by scanning the board; collect the blanks once,
//! before the search, into a list (the list many write-ups call `spaces`), and
//! let the search walk it by index. Everything else stays as plain as in
//! `scan-backtracking`: a digit is still checked by reading the board.
//!
//! **How it works.** Before searching, the givens are checked once for clashes
//! (exactly as `scan-backtracking` does), and one pass over the board collects
//! every `'.'` into `blanks`, in row-major order. The recursive search takes
//! an index into that list: an index past the end means every blank is
//! filled, so the board is solved. Otherwise it tries each digit `'1'..='9'`
//! on `blanks[next]`, checking it by scanning the cell's row, column and box
//! on the board; a digit that fits is written, the search recurses on
//! `next + 1`, and on failure the cell is reset to `'.'`.
//!
//! **Why it visits exactly the nodes `scan-backtracking` visits.**
//! `scan-backtracking` writes only into the cell its scan found and resets it
//! before returning `false`, so whenever its search is entered, the blanks
//! before the one it is about to fill are all filled and the ones after are
//! all still `'.'`. Its scan therefore always stops at the `k`-th blank in
//! row-major order when `k` guesses stand: that is `blanks[k]`. Same cell,
//! same digit order, same board for the checks, so the two searches make the
//! same guesses in the same order, call for call (4209 calls on LeetCode's
//! example, for both).
//!
//! **Cost.** The tree is unchanged, so the worst case is still exponential:
//! up to `9^m` nodes for `m` blanks. Per node, finding the cell is now an
//! index lookup instead of `scan-backtracking`'s `O(81)` scan from the
//! top-left corner (which rereads every cell before the blank in row-major
//! order, at every node). What is left is the bigger part: each of the
//! 9 digits is still checked by reading 27 cells (row, column and box), up to
//! 243 cell reads per node, and those reads ask the same questions over and
//! over about cells that have not changed. Memory: the board, the list of
//! blanks (at most 81 pairs, allocated once before the search) and one stack
//! frame per filled blank; nothing is allocated during the search.
//!
//! **Pitfalls.**
//! - Collecting the blanks inside the search: rebuilding the list at every
//!   node allocates per node and costs the very `O(81)` scan this rung
//!   removes. The list is built once and only read afterwards.
//! - Indexing before the end test: `blanks[next]` panics once every blank is
//!   filled. Test `next == blanks.len()` first (or use `blanks.get(next)`),
//!   and note that a board with no blank at all is solved on the first call.
//! - Forgetting to reset the cell to `'.'` when a guess fails. The list keeps
//!   saying which cell is next, so the mistake no longer changes the fill
//!   order, but the stale digit is still read by the checks of every later
//!   cell in its row, column and box, which then reject good digits; and an
//!   unsolvable puzzle comes back half filled.
//! - Undoing after success: `return true` must come before the reset, or the
//!   solved board is wiped back to `'.'` on the way up the recursion.
//! - Trusting the givens: the search checks only the digits it writes, so two
//!   clashing givens would come back as a "solved" board that is not valid.
//!   They are checked once, before the search.
//!
//! **Place on the ladder.**
//! `scan-backtracking -> spaces-scan -> bool-tables -> bitmask-flip ->
//! bitmask-lowbit -> mrv-heap -> dancing-links -> constraint-propagation ->
//! bitboard`.
//! Relative to `scan-backtracking`, the one change is *finding the next blank*:
//! a list collected once replaces the scan from the top at every node. The
//! blank order and digit order are unchanged, so the search is entered exactly
//! as often; each visit skips its scan for a blank. The digit checks still
//! read 27 cells each, and that is what the next rung, `bool-tables`, removes
//! by remembering which digits each row, column and box already uses.
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
//! spaces_scan::solve_sudoku(&mut board);
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
            let blanks = blanks_of(board);
            search(board, &blanks, 0, &mut calls);
        }
        calls
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
    calls: &mut u64,
) -> bool {
    *calls += 1;
    let Some(&(row, col)) = blanks.get(next) else {
        return true;
    };
    for digit in '1'..='9' {
        if fits(board, row, col, digit) {
            board[row][col] = digit;
            if search(board, blanks, next + 1, calls) {
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

        assert!(!search(&mut grid, &blanks, 0, &mut calls));

        assert!(calls > 2, "the search must have guessed and backtracked");
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
    }
}
