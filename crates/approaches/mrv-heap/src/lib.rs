//! # MRV heap: fewest candidates first, from a heap
//!
//! Keep `bitmask-mrv`'s choice of the blank with the fewest candidates left (minimum remaining
//! values), but count them once instead of at every node: the blanks sit in a `BinaryHeap` keyed
//! by their candidate count, and each call pops the tightest and fills it.
//! But the heap's priorities go stale: placing a digit shrinks its peers' candidates without
//! reordering them, so the pick is often not the tightest at all, and on some 17-clue puzzles
//! this rung needs hundreds of millions of calls.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // 103 search calls, where the rungs in row-major order make 4,209.
//! assert_eq!(mrv_heap::solve_counting_calls(&mut board), 103);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - Stale priorities are this rung's lesson: a count stored in the heap is the count when the
//!   blank was pushed. `dancing-links` keeps its counts exact.
//! - A blank popped and failed must go back into the heap, or a later branch never fills it.
//! - The key holds the position after the count, so equal counts pop in row-major order; with
//!   the count alone, equals pop in an order the heap does not promise.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/mrv-heap.md`.

/// LeetCode's entry point for problem 37.
pub struct Solution;

// ---- LeetCode submission: begin ----
use std::cmp::Reverse;
use std::collections::BinaryHeap;

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
        Self::solve_visiting(board, None)
    }

    /// The same, showing `visit` (if any) the board at each entry into `Search::fill`.
    fn solve_visiting(board: &mut [Vec<char>], visit: Visit) -> u64 {
        let Some(mut search) = Search::from_board(board, visit) else {
            return 0;
        };
        search.fill(board);
        search.calls
    }
}

/// The nine low bits: bit `d - 1` stands for digit `d`.
const ALL_DIGITS: u16 = 0x1ff;

/// A blank waiting in the heap: `(candidate count, row, col, box)`. The count
/// is the one the cell had when the search started and is never updated.
/// Tuples compare field by field, so the smallest count pops first.
type Blank = (u32, usize, usize, usize);

/// Shown the board at each entry into the search: `None` unless the search is traced.
type Visit<'a> = Option<&'a mut dyn FnMut(&[Vec<char>])>;

/// What the search knows besides the board. A digit is carried as its
/// one-bit mask (`1 << (d - 1)`) so it can be or-ed into the masks directly.
struct Search<'a> {
    /// `rows[r]`: the digits used in row `r`.
    rows: [u16; 9],
    /// `cols[c]`: the digits used in column `c`.
    cols: [u16; 9],
    /// `boxes[b]`: the digits used in box `b` (see `box_of`).
    boxes: [u16; 9],
    /// The blanks not filled yet, tightest (as of the start) on top.
    heap: BinaryHeap<Reverse<Blank>>,
    /// How many times `fill` was entered.
    calls: u64,
    /// Shown the board each time `fill` is entered.
    visit: Visit<'a>,
}

impl<'a> Search<'a> {
    /// Marks the givens, then pushes every blank with its candidate count;
    /// `None` when two givens clash, since then no solution exists.
    fn from_board(board: &[Vec<char>], visit: Visit<'a>) -> Option<Self> {
        let mut search = Search {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            heap: BinaryHeap::with_capacity(81),
            calls: 0,
            visit,
        };
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                if let Some(bit) = bit_of(cell) {
                    let bx = box_of(row, col);
                    if search.candidates(row, col, bx) & bit == 0 {
                        return None;
                    }
                    search.mark(row, col, bx, bit);
                }
            }
        }
        // Counted only once every given is marked, or the counts would be
        // stale before the search even starts.
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                if cell == '.' {
                    let bx = box_of(row, col);
                    let count = search.candidates(row, col, bx).count_ones();
                    search.heap.push(Reverse((count, row, col, bx)));
                }
            }
        }
        Some(search)
    }

    /// Fills every blank left in the heap; returns `false`, with those cells
    /// back to `'.'`, the masks as they were and the same blanks in the heap,
    /// when they cannot all be filled.
    fn fill(&mut self, board: &mut [Vec<char>]) -> bool {
        self.calls += 1;
        if let Some(visit) = &mut self.visit {
            visit(board);
        }
        let Some(Reverse(blank)) = self.heap.pop() else {
            return true;
        };
        // The count in `blank` may be stale; the masks are always current.
        let (_, row, col, bx) = blank;
        let mut candidates = self.candidates(row, col, bx);
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates &= candidates - 1;
            self.place(board, row, col, bx, bit);
            if self.fill(board) {
                return true;
            }
            self.unplace(board, row, col, bx, bit);
        }
        // The caller will try another digit and needs this blank filled
        // again. Its old count goes back as it was: nothing updates it.
        self.heap.push(Reverse(blank));
        false
    }

    /// The digits no neighbour of `(row, col)` uses yet.
    fn candidates(&self, row: usize, col: usize, bx: usize) -> u16 {
        // The complement also sets bits 9..16, which are not digits.
        !(self.rows[row] | self.cols[col] | self.boxes[bx]) & ALL_DIGITS
    }

    /// Writes the digit `bit` on the board and marks it in the masks, which
    /// must always agree with the board.
    fn place(&mut self, board: &mut [Vec<char>], row: usize, col: usize, bx: usize, bit: u16) {
        self.mark(row, col, bx, bit);
        board[row][col] = char_of(bit);
    }

    /// Exactly undoes `place`: a half-undone placement would leave the masks
    /// claiming a digit the board no longer has.
    fn unplace(&mut self, board: &mut [Vec<char>], row: usize, col: usize, bx: usize, bit: u16) {
        self.rows[row] &= !bit;
        self.cols[col] &= !bit;
        self.boxes[bx] &= !bit;
        board[row][col] = '.';
    }

    fn mark(&mut self, row: usize, col: usize, bx: usize, bit: u16) {
        self.rows[row] |= bit;
        self.cols[col] |= bit;
        self.boxes[bx] |= bit;
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
    Solution::solve_visiting(board, Some(visit));
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

    /// The heap's entries in pop order, without disturbing it.
    fn pop_order(heap: &BinaryHeap<Reverse<Blank>>) -> Vec<Blank> {
        let mut entries: Vec<Blank> = heap.iter().map(|&Reverse(blank)| blank).collect();
        entries.sort_unstable();
        entries
    }

    /// The count the heap holds for `(row, col)`.
    fn heap_count(search: &Search, row: usize, col: usize) -> u32 {
        search
            .heap
            .iter()
            .find(|&&Reverse((_, r, c, _))| (r, c) == (row, col))
            .map(|&Reverse((count, ..))| count)
            .expect("the cell is still in the heap")
    }

    #[test]
    fn example_takes_103_calls() {
        // Pinned to show what the fill order alone buys: `bitmask-lowbit`,
        // with the same masks and candidate loop in row-major order, takes
        // 4209 calls on this puzzle.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 103);
    }

    #[test]
    fn heap_counts_go_stale_and_mislead_the_pick() {
        let mut grid = puzzle_rows(EXAMPLE);
        let mut search = Search::from_board(&grid, None).expect("the givens do not clash");
        let true_count =
            |search: &Search, row, col| search.candidates(row, col, box_of(row, col)).count_ones();
        assert_eq!(heap_count(&search, 4, 1), 2);
        assert_eq!(true_count(&search, 4, 1), 2);

        // Fill the four cells that start with a single candidate, as the
        // search does first.
        for _ in 0..4 {
            let Some(Reverse((count, row, col, bx))) = search.heap.pop() else {
                panic!("the example has more than four blanks");
            };
            assert_eq!(count, 1);
            let only = search.candidates(row, col, bx);
            assert_eq!(only.count_ones(), 1);
            search.place(&mut grid, row, col, bx, only);
        }

        // (4, 1) is down to one candidate, but the heap still says two...
        assert_eq!(true_count(&search, 4, 1), 1);
        assert_eq!(heap_count(&search, 4, 1), 2);
        // ...so the heap's next pick is (0, 3), a real two-way guess, while a
        // forced cell waits further down.
        let Some(&Reverse((count, row, col, _))) = search.heap.peek() else {
            panic!("the example has more than four blanks");
        };
        assert_eq!((count, row, col), (2, 0, 3));
        assert_eq!(true_count(&search, 0, 3), 2);
    }

    #[test]
    fn failed_search_restores_board_masks_and_heap() {
        let mut grid = puzzle_rows(UNSOLVABLE);
        let mut search = Search::from_board(&grid, None).expect("the givens do not clash");
        let (rows, cols, boxes) = (search.rows, search.cols, search.boxes);
        let heap_before = pop_order(&search.heap);

        assert!(!search.fill(&mut grid));

        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
        assert_eq!(
            (search.rows, search.cols, search.boxes),
            (rows, cols, boxes)
        );
        // Every popped blank was pushed back with its original (stale) count.
        assert_eq!(pop_order(&search.heap), heap_before);
        assert!(
            search.calls > 2,
            "the search must have guessed and backtracked"
        );
    }
}
