//! # Bool tables: backtracking with O(1) checks
//!
//! **The idea.** Stop asking the board questions the search already knows the
//! answer to. Which digits a row, column or box uses only changes when the
//! search writes or erases a digit, so keep that in three tables and update
//! them at those moments; and the blanks never move, so list them once.
//!
//! **How it works.** Before searching, one pass over the board records every
//! blank, in row-major order, and marks every given in `rows`, `cols` and
//! `boxes`, each a `[[bool; 9]; 9]` where `rows[r][d]` says digit `d + 1` is
//! used in row `r` (and `boxes` is indexed by `row / 3 * 3 + col / 3`). The
//! search takes an index into the list of blanks: index past the end means
//! solved; otherwise it tries each digit whose three table entries are all
//! free, marks the tables and writes the board, recurses on the next index,
//! and on failure unmarks and writes `'.'` back.
//!
//! **Cost.** Still exponential in the worst case: up to `9^m` nodes for `m`
//! blanks, and it visits exactly the same nodes as `scan-backtracking`. What
//! shrinks is the work per node: finding the next blank is an index increment
//! instead of an `O(81)` scan, and checking a digit is three table reads
//! instead of 27 cell reads, so a node costs `O(9)`. Memory: the three tables
//! (243 bools), the list of blanks (at most 81 pairs, allocated once before
//! the search) and one stack frame per filled blank.
//!
//! **Pitfalls.**
//! - Undoing only half a placement: on backtrack both the three table
//!   entries *and* the board cell must be reset, or the tables and the board
//!   disagree and later checks reject good digits (or accept clashing ones).
//! - The box index: `row / 3 * 3 + col / 3`, not `row / 3 + col / 3`.
//! - Clashing givens: marking a digit that is already marked means the
//!   puzzle has no solution; notice it while loading instead of searching.
//!
//! **Place on the ladder.**
//! `scan-backtracking -> spaces-scan -> bool-tables -> bitmask-flip ->
//! bitmask-lowbit -> mrv-heap -> dancing-links -> constraint-propagation ->
//! bitboard`.
//! Relative to `spaces-scan`, which already lists the blanks once, the one
//! change is *remembering instead of rescanning* the units: the used digits
//! live in tables kept in step with the board, so checking a digit reads
//! three entries instead of 27 cells. The order of blanks and digits is
//! unchanged, so both rungs enter the search exactly as many times; only each
//! visit got cheaper. The next rung, `bitmask-flip`, packs each table row
//! into the bits of one `u16`.
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
//! bool_tables::solve_sudoku(&mut board);
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

    /// Solves `board` in place and returns how many times `Search::fill` was
    /// entered (0 when the givens already clash, as the search never starts).
    // Takes LeetCode's `&mut Vec<Vec<char>>`, like `solve_sudoku`.
    #[allow(clippy::ptr_arg)]
    fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
        let Some(mut search) = Search::from_board(board) else {
            return 0;
        };
        search.fill(board, 0);
        search.calls
    }
}

/// What the search knows besides the board. Digits are 0-based here: index
/// `d` stands for the character `d + 1`.
struct Search {
    /// `rows[r][d]`: digit `d` is used in row `r`.
    rows: [[bool; 9]; 9],
    /// `cols[c][d]`: digit `d` is used in column `c`.
    cols: [[bool; 9]; 9],
    /// `boxes[b][d]`: digit `d` is used in box `b` (see `box_of`).
    boxes: [[bool; 9]; 9],
    /// The blanks in row-major order, which is the order they are filled in.
    blanks: Vec<(usize, usize)>,
    /// How many times `fill` was entered.
    calls: u64,
}

impl Search {
    /// Lists the blanks and marks the givens; `None` when two givens clash,
    /// since then no solution exists.
    fn from_board(board: &[Vec<char>]) -> Option<Self> {
        let mut search = Search {
            rows: [[false; 9]; 9],
            cols: [[false; 9]; 9],
            boxes: [[false; 9]; 9],
            blanks: Vec::with_capacity(81),
            calls: 0,
        };
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                match digit_of(cell) {
                    None => search.blanks.push((row, col)),
                    Some(digit) if search.fits(row, col, digit) => {
                        search.set_used(row, col, digit, true);
                    }
                    Some(_) => return None,
                }
            }
        }
        Some(search)
    }

    /// Fills `blanks[next..]`; returns `false`, with those cells back to `'.'`
    /// and the tables as they were, when they cannot all be filled.
    fn fill(&mut self, board: &mut [Vec<char>], next: usize) -> bool {
        self.calls += 1;
        let Some(&(row, col)) = self.blanks.get(next) else {
            return true;
        };
        for digit in 0..9 {
            if self.fits(row, col, digit) {
                self.place(board, row, col, digit);
                if self.fill(board, next + 1) {
                    return true;
                }
                self.unplace(board, row, col, digit);
            }
        }
        false
    }

    fn fits(&self, row: usize, col: usize, digit: usize) -> bool {
        !self.rows[row][digit] && !self.cols[col][digit] && !self.boxes[box_of(row, col)][digit]
    }

    /// Writes `digit` on the board and marks it in the tables, which must
    /// always agree with the board.
    fn place(&mut self, board: &mut [Vec<char>], row: usize, col: usize, digit: usize) {
        self.set_used(row, col, digit, true);
        board[row][col] = char_of(digit);
    }

    /// Exactly undoes `place`: a half-undone placement would leave the tables
    /// claiming a digit the board no longer has.
    fn unplace(&mut self, board: &mut [Vec<char>], row: usize, col: usize, digit: usize) {
        self.set_used(row, col, digit, false);
        board[row][col] = '.';
    }

    fn set_used(&mut self, row: usize, col: usize, digit: usize, used: bool) {
        self.rows[row][digit] = used;
        self.cols[col][digit] = used;
        self.boxes[box_of(row, col)][digit] = used;
    }
}

/// Boxes are numbered 0..9 left to right, top to bottom.
fn box_of(row: usize, col: usize) -> usize {
    row / 3 * 3 + col / 3
}

/// The 0-based digit in a cell, or `None` for a blank.
fn digit_of(cell: char) -> Option<usize> {
    match cell {
        '1'..='9' => Some(cell as usize - '1' as usize),
        _ => None,
    }
}

fn char_of(digit: usize) -> char {
    char::from(b'1' + digit as u8)
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
        // Same blank order (row-major) and digit order (ascending) as
        // `scan-backtracking`, which enters its search 4209 times here: the
        // tables make each call cheaper, not fewer.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 4209);
    }

    #[test]
    fn failed_search_restores_board_and_tables() {
        let mut grid = puzzle_rows(UNSOLVABLE);
        let mut search = Search::from_board(&grid).expect("the givens do not clash");
        let (rows, cols, boxes) = (search.rows, search.cols, search.boxes);

        assert!(!search.fill(&mut grid, 0));

        assert!(
            search.calls > 2,
            "the search must have guessed and backtracked"
        );
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
        assert_eq!(
            (search.rows, search.cols, search.boxes),
            (rows, cols, boxes)
        );
    }
}
