//! # MRV heap: tightest cell first, by counts that go stale
//!
//! **The idea.** Minimum remaining values (MRV): fill next the blank with the
//! fewest candidates. A cell with one candidate costs no guess at all, and a
//! cell with none proves the current branch wrong at once, so picking tight
//! cells first keeps the search tree narrow near its root, where narrowing
//! pays most. This rung does it the way the classic LeetCode write-up does:
//! with a priority queue.
//!
//! **How it works.** The givens are loaded into one `u16` mask per row,
//! column and box, exactly as in `bitmask-lowbit`. Then every blank is pushed,
//! once, onto a `BinaryHeap` of `Reverse((candidate count, row, col, box))`,
//! so the heap pops the smallest count first (ties by row, then column). The
//! search pops the top cell, computes its candidates *fresh from the masks*,
//! tries them lowest bit first (place, recurse, undo), and if none works
//! pushes the cell back, unchanged, before returning `false`. An empty heap
//! means solved.
//!
//! ## The stale priorities
//!
//! **The counts in the heap are computed once, before the search, and never
//! updated.** Filling a cell removes a digit from every blank in its row,
//! column and box, but those blanks keep the count they were pushed with. So
//! the heap's idea of "tightest" is the tightest *at the start*, not now: on
//! LeetCode's example, once the four cells that start with one candidate are
//! filled, the heap offers `(0, 3)` with two candidates while `(4, 1)` has
//! been down to one since the very first placement (a test shows this). Worse, since a failed
//! call pushes back exactly what it popped, the heap always holds the same
//! entries at the same depth, so the fill order is fixed: it is the blanks
//! sorted once by their initial count. The heap pays `O(log m)` per pop and
//! push to rediscover that one order. Stale counts never make the answer
//! wrong (candidates are always recomputed at pop time, and a cell whose true
//! count has dropped to 0 still fails at once); they only cost search calls
//! and time, and not always a little: on Arto Inkala's well-known hard
//! puzzle (`8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..`)
//! this rung enters the search about 31 million times, against about 50
//! thousand for plain row-major `bitmask-lowbit`. This is the known weakness
//! of the write-up, and the measurements of the ladder show what it costs.
//! The fix belongs to the later rungs: `dancing-links` keeps every count
//! exact as it goes, and `constraint-propagation` finds the true minimum
//! among the blanks at each node.
//!
//! **Cost.** Worst case still exponential: up to `9^m` nodes for `m` blanks.
//! Per node: an `O(log m)` pop (plus an `O(log m)` push when the node fails),
//! `O(1)` for the candidate set and `O(1)` per candidate. Memory: 27 `u16`
//! masks, a heap of at most 81 entries allocated once before the search
//! (pushes after pops never grow it), and one stack frame per filled blank.
//!
//! **Pitfalls.**
//! - Trusting the popped count: it is a stale hint for ordering only. The
//!   candidates must come from the masks at pop time.
//! - Not pushing the cell back on failure: the caller's next digit would then
//!   search without that blank, and "solve" a board that still has a `'.'`.
//!   Push it back only on failure; on success the cell stays filled.
//! - Forgetting `Reverse`: `BinaryHeap` is a max-heap, and without it the
//!   *loosest* cell comes first.
//! - Undoing half a placement, as in the earlier rungs: all three masks and
//!   the board cell must be restored.
//!
//! **Place on the ladder.**
//! `scan-backtracking -> spaces-scan -> bool-tables -> bitmask-flip ->
//! bitmask-lowbit -> mrv-heap -> dancing-links -> constraint-propagation ->
//! bitboard`.
//! Relative to `bitmask-lowbit`, the one change is *which blank comes next*:
//! the tightest by (stale) candidate count from a heap, instead of the next
//! one in row-major order. The masks and the lowest-bit candidate loop are
//! unchanged. On LeetCode's example this cuts the search from 4209 calls to
//! 103. The next rung, `dancing-links`, keeps "tightest first" but with
//! counts that are always exact, and over digits-in-units as well as cells.
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
//! mrv_heap::solve_sudoku(&mut board);
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
        let Some(mut search) = Search::from_board(board) else {
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

/// What the search knows besides the board. A digit is carried as its
/// one-bit mask (`1 << (d - 1)`) so it can be or-ed into the masks directly.
struct Search {
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
}

impl Search {
    /// Marks the givens, then pushes every blank with its candidate count;
    /// `None` when two givens clash, since then no solution exists.
    fn from_board(board: &[Vec<char>]) -> Option<Self> {
        let mut search = Search {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            heap: BinaryHeap::with_capacity(81),
            calls: 0,
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
        let mut search = Search::from_board(&grid).expect("the givens do not clash");
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
        let mut search = Search::from_board(&grid).expect("the givens do not clash");
        let (rows, cols, boxes) = (search.rows, search.cols, search.boxes);
        let heap_before = pop_order(&search.heap);

        assert!(!search.fill(&mut grid));

        assert!(
            search.calls > 2,
            "the search must have guessed and backtracked"
        );
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
        assert_eq!(
            (search.rows, search.cols, search.boxes),
            (rows, cols, boxes)
        );
        // Every popped blank was pushed back with its original (stale) count.
        assert_eq!(pop_order(&search.heap), heap_before);
    }
}
