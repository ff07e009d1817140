//! # Bitmask flip: the tables as bits, toggled with XOR
//!
//! **The idea.** A row, column or box uses some subset of the nine digits,
//! and a subset of nine things fits in the low nine bits of a `u16`. So the
//! three bool tables of `bool-tables` shrink to three arrays of nine `u16`,
//! and "which digits may go in this cell" becomes one expression instead of
//! nine lookups in each of three tables. Placing a digit sets its bit and
//! undoing it clears the bit, and both are the same operation: XOR with the
//! digit's bit, a *flip*.
//!
//! **How it works.** `rows`, `cols` and `boxes` are `[u16; 9]`; bit `d - 1` of
//! `rows[r]` is set when digit `d` is used in row `r`. Loading the board flips
//! each given into its three masks, after checking that the bit is still free
//! there (see the pitfalls), and lists the blanks once in row-major order, as
//! in `bool-tables`. At a blank the candidates are
//! `!(rows[r] | cols[c] | boxes[b]) & 0x1ff`: the union of the used digits,
//! complemented, cut back to nine bits. The search then tests the nine digits
//! one by one (`(free >> digit) & 1 == 1`); for each one that is free it
//! flips the bit into the three masks, writes the board, recurses on the next
//! blank, and on failure flips the bit back out and writes `'.'`.
//!
//! **Cost.** The blanks and digits are taken in the same order as in
//! `bool-tables`, so the tree is the same: up to `9^m` nodes for `m` blanks in
//! the worst case, and exactly the nodes `bool-tables` and `bitmask-lowbit`
//! visit (4209 calls on LeetCode's example). Per node: `O(1)` for the
//! candidate set, then nine shift-and-test steps on a value in a register,
//! where `bool-tables` makes up to 27 table reads; each placement or undo is
//! three XORs. The nine tests are still paid when only one or two digits are
//! free. Memory: 27 `u16` masks (54 bytes, against 243 bools), the list of
//! blanks (allocated once before the search) and one stack frame per filled
//! blank.
//!
//! **Pitfalls.**
//! - Flipping in clashing givens. XOR is a toggle, not a set: flipping a
//!   digit that is already marked *clears* it. Two 7s in one row would leave
//!   that row's mask saying 7 is free, and the search could write a third
//!   one there and return a "solution" that breaks the rules. Every given is
//!   tested against the masks *before* it is flipped in, and a clash stops
//!   the load.
//! - Unbalanced flips. XOR undoes a placement only when every flip-back
//!   matches exactly one earlier flip of the same bit in the same three
//!   masks. Flipping back twice (say, once in the failure branch and once
//!   more after the loop), or flipping back a digit that was never placed,
//!   *sets* a bit, and the masks then claim a digit the board does not hold.
//!   `&= !bit` would forgive a double undo; `^=` does not, which is why the
//!   place and the undo sit right next to each other around the recursive
//!   call.
//! - Forgetting `& 0x1ff`: the complement also sets bits 9 to 15. Here the
//!   loop only ever looks at bits 0 to 8, so the mistake hides, but it bites
//!   the moment the set is used as a whole: `free == 0` as a dead-end test,
//!   `free.count_ones()` to rank cells, or the lowest-set-bit iteration of
//!   the next rung, which would produce digits 10 to 16.
//! - Mixing bit conventions: digit `d` is bit `d - 1` here, so the nine
//!   digits are `0x1ff`. Write `1 << d` instead and the digits live in bits 1
//!   to 9, the mask must be `0x3fe`, and a mix of the two is off by one
//!   everywhere.
//! - Precedence when porting: Rust reads `free & bit == 0` as
//!   `(free & bit) == 0`, but C, C++ and Java read it as `free & (bit == 0)`.
//!   Parentheses make the test mean the same thing in every language.
//!
//! **Place on the ladder.**
//! `scan-backtracking -> spaces-scan -> bool-tables -> bitmask-flip ->
//! bitmask-lowbit -> mrv-heap -> dancing-links -> constraint-propagation ->
//! bitboard`.
//! Relative to `bool-tables`, the one change is the representation: the bool
//! tables become bitmasks updated with XOR, and the three lookups per digit
//! become one candidate set per cell, computed once and tested bit by bit.
//! The order of blanks and digits is unchanged, so the search is entered
//! exactly as often; each node is cheaper. The next rung, `bitmask-lowbit`,
//! keeps the masks and changes only the loop: instead of testing all nine
//! digits it walks just the set bits of the candidate set (lowest first,
//! which is still ascending order), so a cell with two candidates costs two
//! iterations, not nine tests.
//!
//! # The positional form
//!
//! Many write-ups do not list the blanks at all. Their search takes a cell
//! position, as `(x, y)` or as a flat index `0..81` in row-major order, and a
//! small helper moves it forward past filled cells to the next blank. Over
//! the same XOR-flipped masks it looks like this:
//!
//! ```
//! /// The digits used by each row, column and box, as in this crate.
//! struct Masks {
//!     rows: [u16; 9],
//!     cols: [u16; 9],
//!     boxes: [u16; 9],
//! }
//!
//! impl Masks {
//!     /// Marks the givens; `None` when two of them clash.
//!     fn from_board(board: &[Vec<char>]) -> Option<Masks> {
//!         let mut masks = Masks { rows: [0; 9], cols: [0; 9], boxes: [0; 9] };
//!         for (row, cells) in board.iter().enumerate() {
//!             for (col, &cell) in cells.iter().enumerate() {
//!                 if let '1'..='9' = cell {
//!                     let bit = 1 << (cell as u32 - '1' as u32);
//!                     // Test before flipping: a second copy would clear the bit.
//!                     if masks.free(row, col) & bit == 0 {
//!                         return None;
//!                     }
//!                     masks.flip(row, col, bit);
//!                 }
//!             }
//!         }
//!         Some(masks)
//!     }
//!
//!     fn free(&self, row: usize, col: usize) -> u16 {
//!         !(self.rows[row] | self.cols[col] | self.boxes[row / 3 * 3 + col / 3]) & 0x1ff
//!     }
//!
//!     fn flip(&mut self, row: usize, col: usize, bit: u16) {
//!         self.rows[row] ^= bit;
//!         self.cols[col] ^= bit;
//!         self.boxes[row / 3 * 3 + col / 3] ^= bit;
//!     }
//! }
//!
//! /// The first blank at or after `position`, or `None` when there is none.
//! fn next_blank(board: &[Vec<char>], position: usize) -> Option<usize> {
//!     (position..81).find(|&p| board[p / 9][p % 9] == '.')
//! }
//!
//! /// Fills every blank at or after `position`; on failure they are `'.'`
//! /// again and the masks are as they were.
//! fn solve_from(board: &mut [Vec<char>], masks: &mut Masks, position: usize) -> bool {
//!     let Some(position) = next_blank(board, position) else {
//!         return true;
//!     };
//!     let (row, col) = (position / 9, position % 9);
//!     let free = masks.free(row, col);
//!     for digit in 0..9 {
//!         if (free >> digit) & 1 == 1 {
//!             masks.flip(row, col, 1 << digit);
//!             board[row][col] = char::from(b'1' + digit as u8);
//!             if solve_from(board, masks, position + 1) {
//!                 return true;
//!             }
//!             masks.flip(row, col, 1 << digit);
//!             board[row][col] = '.';
//!         }
//!     }
//!     false
//! }
//!
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! let mut masks = Masks::from_board(&board).expect("the givens do not clash");
//! assert!(solve_from(&mut board, &mut masks, 0));
//!
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! // A solved board uses every digit once in every row.
//! assert_eq!(masks.rows, [0x1ff; 9]);
//! ```
//!
//! It visits the same cells in the same order as the list of blanks, so it
//! makes the same guesses. The difference is where "which cell is next"
//! lives. The positional form asks the board: it needs no allocation and no
//! second structure, it is the shortest to write from memory (an interview, a
//! first submission), and its skipping is cheap, because each call scans
//! forward from its own position rather than from the corner, so one
//! root-to-leaf path reads each cell at most once in total. The list form asks
//! a `Vec` built once: each node finds its cell in `O(1)`, the search does not
//! depend on the board's geometry, and the fill order becomes data, so a
//! later rung can reorder the list (or pick from it) without touching the
//! rest of the search. Choose the positional form for the smallest correct
//! program; choose the list when the order of the blanks is going to change,
//! which is where the ladder goes after `bitmask-lowbit`. (Some write-ups
//! also recurse once per *cell*, passing straight through the givens; that
//! walks the same tree but enters the search more often and recurses up to
//! 81 deep.)
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
//! bitmask_flip::solve_sudoku(&mut board);
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

/// The nine low bits: bit `d - 1` stands for digit `d`.
const ALL_DIGITS: u16 = 0x1ff;

/// What the search knows besides the board. A digit is carried as its
/// one-bit mask (`1 << (d - 1)`) so it can be flipped into the masks directly.
struct Search {
    /// `rows[r]`: the digits used in row `r`.
    rows: [u16; 9],
    /// `cols[c]`: the digits used in column `c`.
    cols: [u16; 9],
    /// `boxes[b]`: the digits used in box `b` (see `box_of`).
    boxes: [u16; 9],
    /// The blanks in row-major order, which is the order they are filled in.
    blanks: Vec<(usize, usize)>,
    /// How many times `fill` was entered.
    calls: u64,
}

impl Search {
    /// Lists the blanks and flips the givens in; `None` when two givens
    /// clash, since then no solution exists.
    fn from_board(board: &[Vec<char>]) -> Option<Self> {
        let mut search = Search {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            blanks: Vec::with_capacity(81),
            calls: 0,
        };
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                match bit_of(cell) {
                    None => search.blanks.push((row, col)),
                    // Only a free bit may be flipped in: flipping a used one
                    // would clear it and hide the clash from the search.
                    Some(bit) if search.candidates(row, col) & bit != 0 => {
                        search.flip(row, col, bit);
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
        self.calls += 1;
        let Some(&(row, col)) = self.blanks.get(next) else {
            return true;
        };
        // Taken once: every failed recursive call restores the masks, so the
        // set stays right for the whole loop.
        let free = self.candidates(row, col);
        // All nine digits are tested, in ascending order, free or not.
        for digit in 0..9 {
            if (free >> digit) & 1 == 1 {
                let bit = 1 << digit;
                self.place(board, row, col, bit);
                if self.fill(board, next + 1) {
                    return true;
                }
                self.unplace(board, row, col, bit);
            }
        }
        false
    }

    /// The digits no neighbour of `(row, col)` uses yet.
    fn candidates(&self, row: usize, col: usize) -> u16 {
        // The complement also sets bits 9..16, which are not digits.
        !(self.rows[row] | self.cols[col] | self.boxes[box_of(row, col)]) & ALL_DIGITS
    }

    /// Writes the digit `bit` on the board and flips it into the masks, which
    /// must always agree with the board. `bit` must be free in all three.
    fn place(&mut self, board: &mut [Vec<char>], row: usize, col: usize, bit: u16) {
        self.flip(row, col, bit);
        board[row][col] = char_of(bit);
    }

    /// Exactly undoes the one `place` it is paired with: the same flip, which
    /// clears the bit again only because that `place` set it.
    fn unplace(&mut self, board: &mut [Vec<char>], row: usize, col: usize, bit: u16) {
        self.flip(row, col, bit);
        board[row][col] = '.';
    }

    /// Toggles `bit` in the three masks of `(row, col)`: a placement and its
    /// undo are the same operation.
    fn flip(&mut self, row: usize, col: usize, bit: u16) {
        self.rows[row] ^= bit;
        self.cols[col] ^= bit;
        self.boxes[box_of(row, col)] ^= bit;
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
    /// The bit of digit 7.
    const SEVEN: u16 = 1 << 6;

    /// LeetCode's example with a second 7 in row 0, at (0, 8): it clashes
    /// with the 7 at (0, 4) in that row only (column 8 and box 2 have no 7).
    fn example_with_two_sevens_in_row_0() -> Vec<Vec<char>> {
        let mut grid = puzzle_rows(EXAMPLE);
        grid[0][8] = '7';
        grid
    }

    #[test]
    fn same_search_tree_as_bool_tables() {
        // Ascending digit order over the blanks in row-major order: the tree
        // `scan-backtracking`, `bool-tables` and `bitmask-lowbit` walk, with
        // their count of 4209. Testing nine bits instead of walking the set
        // ones changes the cost of a node, not which nodes there are.
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 4209);
    }

    #[test]
    fn candidates_are_the_unused_digits_as_bits() {
        // Cell (0, 2) of the example: row 0 uses 3 5 7, column 2 uses 8,
        // box 0 uses 3 5 6 8 9, which leaves 1 2 4, i.e. bits 0, 1 and 3.
        let search = Search::from_board(&puzzle_rows(EXAMPLE)).expect("the givens do not clash");
        assert_eq!(search.candidates(0, 2), 0b0_0000_1011);
    }

    #[test]
    fn a_second_flip_of_the_same_digit_clears_it() {
        // Why clashing givens must be caught before flipping: flipped in
        // blindly, the second 7 of row 0 would make 7 look free there again.
        let mut search =
            Search::from_board(&puzzle_rows(EXAMPLE)).expect("the givens do not clash");
        assert_ne!(search.rows[0] & SEVEN, 0, "the example has a 7 in row 0");

        search.flip(0, 8, SEVEN);

        assert_eq!(search.rows[0] & SEVEN, 0);
    }

    #[test]
    fn from_board_rejects_clashing_givens_before_flipping() {
        assert!(Search::from_board(&example_with_two_sevens_in_row_0()).is_none());

        let mut grid = example_with_two_sevens_in_row_0();
        assert_eq!(solve_counting_calls(&mut grid), 0);
        assert_eq!(grid, example_with_two_sevens_in_row_0());
    }

    #[test]
    fn failed_search_restores_board_and_masks() {
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

    #[test]
    fn bits_and_chars_round_trip() {
        for (k, digit) in ('1'..='9').enumerate() {
            assert_eq!(bit_of(digit), Some(1 << k));
            assert_eq!(char_of(1 << k), digit);
        }
        assert_eq!(bit_of('.'), None);
    }
}
