//! # Bool tables: backtracking with O(1) checks
//!
//! Stop asking the board questions the search already knows the answer to. Which digits a row,
//! column or box uses only changes when the search writes or erases a digit, so keep that in
//! three tables, `rows`, `cols` and `boxes` of `[[bool; 9]; 9]`, and update them at those
//! moments: checking a digit reads three entries instead of 27 cells. The blanks are listed
//! once, as in `spaces-scan`, so the search tree is the same; each visit is cheaper.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // The same 4,209 search calls as the rungs below: only each call got cheaper.
//! assert_eq!(bool_tables::solve_counting_calls(&mut board), 4209);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - Undo both halves of a placement on backtrack, the three table entries *and* the board
//!   cell, or the tables and the board disagree.
//! - The box index is `row / 3 * 3 + col / 3`, not `row / 3 + col / 3`.
//! - A given whose digit is already marked in one of its units is a clash: the puzzle has no
//!   solution, which loading can tell before any search.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/bool-tables.md`.

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
        let mut calls = 0;
        Self::solve_visiting(board, |_| calls += 1);
        calls
    }

    /// Solves `board` in place, showing `visit` the board each time
    /// `Search::fill` is entered: counting those visits counts the search calls.
    fn solve_visiting(board: &mut [Vec<char>], visit: impl FnMut(&[Vec<char>])) {
        if let Some(mut search) = Search::from_board(board, visit) {
            search.fill(board, 0);
        }
    }
}

/// What the search knows besides the board. Digits are 0-based here: index
/// `d` stands for the character `d + 1`.
struct Search<V> {
    /// `rows[r][d]`: digit `d` is used in row `r`.
    rows: [[bool; 9]; 9],
    /// `cols[c][d]`: digit `d` is used in column `c`.
    cols: [[bool; 9]; 9],
    /// `boxes[b][d]`: digit `d` is used in box `b` (see `box_of`).
    boxes: [[bool; 9]; 9],
    /// The blanks in row-major order, which is the order they are filled in.
    blanks: Vec<(usize, usize)>,
    /// Shown the board each time `fill` is entered.
    visit: V,
}

impl<V: FnMut(&[Vec<char>])> Search<V> {
    /// Lists the blanks and marks the givens; `None` when two givens clash,
    /// since then no solution exists.
    fn from_board(board: &[Vec<char>], visit: V) -> Option<Self> {
        let mut search = Search {
            rows: [[false; 9]; 9],
            cols: [[false; 9]; 9],
            boxes: [[false; 9]; 9],
            blanks: Vec::with_capacity(81),
            visit,
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
        (self.visit)(board);
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

/// Solves `board` in place like [`solve_sudoku`], showing `visit` the board each time the
/// recursive search is entered (what `sudoku-kata trace` records).
pub fn solve_visiting(board: &mut [Vec<char>], visit: &mut dyn FnMut(&[Vec<char>])) {
    Solution::solve_visiting(board, |board| visit(board));
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
        let mut calls = 0;
        let mut search = Search::from_board(&grid, |_: &[Vec<char>]| calls += 1)
            .expect("the givens do not clash");
        let (rows, cols, boxes) = (search.rows, search.cols, search.boxes);

        assert!(!search.fill(&mut grid, 0));

        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
        assert_eq!(
            (search.rows, search.cols, search.boxes),
            (rows, cols, boxes)
        );
        drop(search);
        assert!(calls > 2, "the search must have guessed and backtracked");
    }
}
