//! # Bitmask MRV: the fewest candidates first, counted from the masks
//!
//! Keep the masks of `bitmask-lowbit`, and stop filling the blanks in reading order: at each
//! node, count the candidates of every blank left (the popcount of its free digits, three
//! masks away) and fill the one with the fewest. A cell with one candidate is filled without a
//! guess, and a cell with none ends the branch once the scan meets it (it stops at the first
//! blank with one candidate or none), long before row-major order would reach it.
//! Counting again at every node is what keeps the choice right: nothing goes stale.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // 52 search calls, where the rungs in row-major order make 4,209.
//! assert_eq!(bitmask_mrv::solve_counting_calls(&mut board), 52);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - Recount at every node: a count taken once goes stale as the board fills (`mrv-heap`).
//! - Break ties the same way every run (the first blank in the list), or the search calls are
//!   not reproducible.
//! - Leave the chosen blank at the front after a failed branch: it was the tightest, and it
//!   tends to stay tight, so the next scan finds it at once (putting it back costs many calls).
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/bitmask-mrv.md`.

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

/// `COUNTS[m]`: how many digits the nine-bit mask `m` holds. A table, because the default
/// target has no popcount instruction and `count_ones` becomes a dozen shifts and adds.
const COUNTS: [u8; 512] = {
    let mut counts = [0; 512];
    let mut m = 1;
    while m < 512 {
        counts[m] = counts[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    counts
};

/// What the search knows besides the board. A digit is carried as its
/// one-bit mask (`1 << (d - 1)`) so it can be flipped into the masks directly.
struct Search<V> {
    /// `rows[r]`: the digits used in row `r`.
    rows: [u16; 9],
    /// `cols[c]`: the digits used in column `c`.
    cols: [u16; 9],
    /// `boxes[b]`: the digits used in box `b` (see `box_of`).
    boxes: [u16; 9],
    /// The blanks as `(row, col, box)`; `fill` moves the one it fills next to
    /// the front of what is left.
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

    /// Fills `blanks[next..]`, the blank with the fewest candidates first;
    /// returns `false`, with those cells back to `'.'` and the masks as they
    /// were (the blanks perhaps in another order), when they cannot all be filled.
    fn fill(&mut self, board: &mut [Vec<char>], next: usize) -> bool {
        (self.visit)(board);
        if next == self.blanks.len() {
            return true;
        }
        let tightest = self.tightest(next);
        self.blanks.swap(next, tightest);
        let (row, col, bx) = self.blanks[next];
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

    /// The index in `blanks[next..]` of the blank with the fewest candidates,
    /// counted now from the masks; the first among equals. One candidate
    /// cannot be beaten (and none is a dead end), so the scan stops there.
    fn tightest(&self, next: usize) -> usize {
        let (mut tightest, mut fewest) = (next, u8::MAX);
        for (index, &(row, col, bx)) in self.blanks.iter().enumerate().skip(next) {
            let count = COUNTS[usize::from(self.candidates(row, col, bx))];
            if count < fewest {
                (tightest, fewest) = (index, count);
                if count <= 1 {
                    break;
                }
            }
        }
        tightest
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

    #[test]
    fn the_tightest_blank_is_counted_now_and_the_first_among_equals() {
        let board = puzzle_rows(EXAMPLE);
        let search = Search::from_board(&board, |_: &[Vec<char>]| {}).expect("no clash");
        let counts: Vec<u32> = search
            .blanks
            .iter()
            .map(|&(row, col, bx)| search.candidates(row, col, bx).count_ones())
            .collect();
        let fewest = *counts.iter().min().expect("blanks");
        let first = counts.iter().position(|&c| c == fewest).expect("a minimum");
        assert_eq!(search.tightest(0), first);
    }

    #[test]
    fn a_failed_search_leaves_board_masks_and_blanks_as_they_were() {
        // LeetCode's solution with 23 cells blanked and the given at (6, 4) changed from 3 to
        // 7: the givens do not clash, yet there is no solution.
        let mut grid = puzzle_rows("edge/leetcode-wrong-given");
        let mut calls = 0;
        let mut search = Search::from_board(&grid, |_: &[Vec<char>]| calls += 1).expect("no clash");
        let (rows, cols, boxes) = (search.rows, search.cols, search.boxes);
        let blanks = search.blanks.clone();

        assert!(!search.fill(&mut grid, 0));

        assert_eq!(
            (search.rows, search.cols, search.boxes),
            (rows, cols, boxes)
        );
        let (mut before, mut after) = (blanks, search.blanks.clone());
        before.sort_unstable();
        after.sort_unstable();
        assert_eq!(after, before, "the same blanks, in any order");
        drop(search);
        assert!(calls > 1, "the search must have guessed and backtracked");
        assert_eq!(grid, puzzle_rows("edge/leetcode-wrong-given"));
    }

    #[test]
    fn clashing_givens_are_refused_before_the_search() {
        let mut grid = puzzle_rows(EXAMPLE);
        grid[0][2] = '5';
        assert_eq!(solve_counting_calls(&mut grid), 0);
    }
}
