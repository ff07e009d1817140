//! # Bitmask lowbit: iterate only the candidates
//!
//! Keep the masks of `bitmask-flip`, and stop testing the nine digits one by one: the free
//! digits of a cell are the complement of its three masks, cut to the nine digit bits, and the
//! loop takes the lowest set bit (`free & free.wrapping_neg()`), clears it (`free &= free - 1`)
//! and goes on, so it visits only the candidates. The digits still come lowest first, so the
//! search tree is the same again: each node just skips the digits that cannot fit.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // The same 4,209 search calls: only candidates are visited, in the same order.
//! assert_eq!(bitmask_lowbit::solve_counting_calls(&mut board), 4209);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - Mask the complement to the nine digit bits: `!used` also sets the bits no digit has.
//! - Clear the lowest bit every turn (`free &= free - 1`), or the loop tries one digit forever.
//! - `trailing_zeros` of the lowest bit gives the digit under the masks' bit convention; turn
//!   it back into a `char` with that same convention.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/bitmask-lowbit.md`.

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

/// The nine low bits: bit `d - 1` stands for digit `d`.
const ALL_DIGITS: u16 = 0x1ff;

/// What the search knows besides the board. A digit is carried as its
/// one-bit mask (`1 << (d - 1)`) so it can be flipped into the masks directly.
struct Search<V> {
    /// `rows[r]`: the digits used in row `r`.
    rows: [u16; 9],
    /// `cols[c]`: the digits used in column `c`.
    cols: [u16; 9],
    /// `boxes[b]`: the digits used in box `b` (see `box_of`).
    boxes: [u16; 9],
    /// The blanks in row-major order, which is the order they are filled in,
    /// each as `(row, col, box)`: its box found once, not at every try.
    blanks: Vec<(usize, usize, usize)>,
    /// Shown the board each time `fill` is entered.
    visit: V,
}

impl<V: FnMut(&[Vec<char>])> Search<V> {
    /// Lists the blanks and flips the givens in; `None` when two givens
    /// clash, since then no solution exists.
    fn from_board(board: &[Vec<char>], visit: V) -> Option<Self> {
        let mut search = Search {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            blanks: Vec::with_capacity(81),
            visit,
        };
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                match bit_of(cell) {
                    None => search.blanks.push((row, col, box_of(row, col))),
                    // Only a free bit may be flipped in: flipping a used one
                    // would clear it and hide the clash from the search.
                    Some(bit) if search.candidates(row, col, box_of(row, col)) & bit != 0 => {
                        search.flip(row, col, box_of(row, col), bit);
                    }
                    Some(_) => return None,
                }
            }
        }
        Some(search)
    }

    /// Fills `blanks[next..]`; returns `false`, with those cells back to `'.'`
    /// and the masks as they were, when they cannot all be filled.
    fn fill(&mut self, board: &mut [Vec<char>], next: usize) -> bool {
        (self.visit)(board);
        let Some(&(row, col, bx)) = self.blanks.get(next) else {
            return true;
        };
        // Taken once: every failed recursive call restores the masks, so the
        // set stays right for the whole loop.
        let mut candidates = self.candidates(row, col, bx);
        while candidates != 0 {
            // Two's complement: `-m` flips every bit above the lowest set one,
            // so `m & -m` keeps only that lowest bit (the smallest digit).
            let bit = candidates & candidates.wrapping_neg();
            candidates &= candidates - 1;
            self.place(board, row, col, bx, bit);
            if self.fill(board, next + 1) {
                return true;
            }
            self.unplace(board, row, col, bx, bit);
        }
        false
    }

    /// The digits no neighbour of `(row, col)` uses yet.
    fn candidates(&self, row: usize, col: usize, bx: usize) -> u16 {
        // The complement also sets bits 9..16, which are not digits.
        !(self.rows[row] | self.cols[col] | self.boxes[bx]) & ALL_DIGITS
    }

    /// Writes the digit `bit` on the board and flips it into the masks, which
    /// must always agree with the board. `bit` must be free in all three.
    fn place(&mut self, board: &mut [Vec<char>], row: usize, col: usize, bx: usize, bit: u16) {
        self.flip(row, col, bx, bit);
        board[row][col] = char_of(bit);
    }

    /// Exactly undoes the one `place` it is paired with: the same flip, which
    /// clears the bit again only because that `place` set it.
    fn unplace(&mut self, board: &mut [Vec<char>], row: usize, col: usize, bx: usize, bit: u16) {
        self.flip(row, col, bx, bit);
        board[row][col] = '.';
    }

    /// Toggles `bit` in the masks of row `row`, column `col` and box `bx`: a
    /// placement and its undo are the same operation.
    fn flip(&mut self, row: usize, col: usize, bx: usize, bit: u16) {
        self.rows[row] ^= bit;
        self.cols[col] ^= bit;
        self.boxes[bx] ^= bit;
    }
}

/// Boxes are numbered 0..9 left to right, top to bottom.
fn box_of(row: usize, col: usize) -> usize {
    row / 3 * 3 + col / 3
}

/// The one-bit mask of the digit in a cell, or `None` for a blank.
fn bit_of(cell: char) -> Option<u16> {
    match cell {
        '1'..='9' => Some(1 << (cell as u32 - '1' as u32)),
        _ => None,
    }
}

/// The character of a one-bit digit mask: bit `k` is the digit `k + 1`.
fn char_of(bit: u16) -> char {
    char::from(b'1' + bit.trailing_zeros() as u8)
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
    fn same_search_tree_as_bool_tables() {
        // Lowest bit first is ascending digit order, and the blanks come in
        // row-major order, so this walks the tree `bool-tables` and
        // `scan-backtracking` walk, with their count of 4209.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 4209);
    }

    #[test]
    fn candidates_are_the_unused_digits_as_bits() {
        // Cell (0, 2) of the example: row 0 uses 3 5 7, column 2 uses 8,
        // box 0 uses 3 5 6 8 9, which leaves 1 2 4, i.e. bits 0, 1 and 3.
        let search = Search::from_board(&puzzle_rows(EXAMPLE), |_: &[Vec<char>]| {})
            .expect("the givens do not clash");
        assert_eq!(search.candidates(0, 2, 0), 0b0_0000_1011);
    }

    #[test]
    fn bits_and_chars_round_trip() {
        for (k, digit) in ('1'..='9').enumerate() {
            assert_eq!(bit_of(digit), Some(1 << k));
            assert_eq!(char_of(1 << k), digit);
        }
        assert_eq!(bit_of('.'), None);
    }

    #[test]
    fn failed_search_restores_board_and_masks() {
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
