//! # Constraint propagation: deduce in bulk, guess on a copy
//!
//! **The idea.** Most blanks of a sudoku are not guesses at all: a cell
//! with one candidate left, or a digit with one place left in a row, column
//! or box, is forced. So after every placement, make every forced move
//! there is, again and again until none is left, and notice a dead end
//! (a cell with no candidate, a digit with no place) as soon as it appears.
//! Only then guess, on the tightest spot, and give each guess its own copy
//! of the state so that backtracking is just dropping the copy.
//!
//! **How it works.** The state is one `u16` candidate mask per cell
//! (`[u16; 81]`, bit `d - 1` for digit `d`), plus two `u128` cell sets:
//! the unsolved cells, and the naked singles waiting to be placed. It is
//! `Copy`. Placing digit `d` in a cell (`assign`) sets its mask to `d`
//! alone and removes `d` from its 20 peers, listed in a `const` table;
//! a peer left with one candidate joins the singles, a peer left with none
//! is a contradiction. `propagate` repeats three rules to a fixed point:
//! - *naked singles*: place every queued single (the givens start in the
//!   queue, so loading the board is just propagation);
//! - *hidden singles*: in each of the 27 units, count every digit's places
//!   with two masks (`twice |= once & m; once |= m`): a digit seen once
//!   goes to its one cell, and a digit seen nowhere (and not yet placed)
//!   is a contradiction;
//! - *box-line intersections*, only when no single is left (see below).
//!
//! The search (`Search::run`) propagates the state it is given, then
//! branches on the unsolved cell with the fewest candidates (the first in
//! row-major order on a tie), lowest digit first; each digit is tried on a
//! fresh copy of the state, and a guess that `assign` already refutes is
//! never recursed into. Solutions go to a visitor that answers
//! `ControlFlow::Break` to stop or `Continue` to go on, so one search
//! serves LeetCode ("stop at the first"), [`count_solutions`] ("stop at the
//! limit") and [`solutions`].
//!
//! ## Two more ideas, and what they bought
//!
//! Singles and the tightest cell solve every puzzle of the workspace's
//! fixtures quickly, but not every board. Run on 600,000 random boards of
//! 5 to 30 givens (most have no solution or many), counting up to 2, the
//! worst took 2.8 million search calls, about 3 seconds: a sparse board
//! whose contradiction lies in a corner the search does not look at (three
//! digits that box 7 can only put in the same two cells of row 7) while it
//! branches on cells elsewhere. Two additions, each measured on the same
//! boards, brought the worst case to 2,699 calls, about 3 ms:
//! - **A digit with two places.** After propagation every unsolved cell has
//!   at least two candidates, and every digit at least two places in each
//!   unit. When the tightest cell has three or more candidates and some
//!   digit has exactly two places in some unit, the search branches on
//!   those two places instead: fewer branches, and on the digits that are
//!   short of room. (Preferring such a digit over a two-candidate cell, on
//!   a tie, was tried and was worse on the hardest puzzles.)
//! - **Box-line intersections.** Where a row or column crosses a box (a
//!   *segment* of three cells), a digit that the box can only place in the
//!   segment is removed from the rest of the line ("pointing"), and one
//!   that the line can only place there is removed from the rest of the
//!   box ("claiming"). Every such digit is forced into the segment's three
//!   cells: four or more is a contradiction, and exactly three leave those
//!   cells no other candidate.
//!
//! Alone, neither was enough: on the boards worst for singles, box-line
//! reasoning alone still took 2.2 million calls and two-place branching
//! alone 72 thousand; both without the "must fit in three cells" rule,
//! 8,390. On the 375 puzzles of the enjoysudoku forum's 2011 hardest list
//! the worst went from 3,743 calls (singles only) to 2,267, at about 1.5 to
//! 2 µs per call in a release build.
//!
//! **Cost.** Still exponential in the worst case, as every complete
//! search for sudoku is; the point is how rarely it branches: LeetCode's
//! example takes 1 call, Inkala's hard puzzle 49. Per node: copying the
//! state (about 200 bytes), then propagation, where each placement touches
//! 20 peers (at most 81 placements, so at most `81 x 20` eliminations), a
//! hidden-single sweep costs `27 x 9` mask operations and a box-line sweep
//! `54 x 3`; sweeps repeat only while they find something. Choosing the
//! branch is one pass over the unsolved cells and one over the units.
//! Memory: one state per level of recursion, at most 81 levels, and no
//! allocation during the search.
//!
//! **Pitfalls.**
//! - Propagating only naked singles. They finish easy puzzles such as
//!   LeetCode's example, but hidden singles are what make hard puzzles
//!   easy: without them (all else unchanged) Inkala's puzzle takes 211
//!   calls instead of 49, and the 17-clue `top95-06` of the fixtures 1,621
//!   instead of 5.
//! - Not checking that every digit still has a place in every unit: no
//!   cell is empty yet, but the branch is dead, and without the check the
//!   search only finds out many guesses later.
//! - Counting a placed digit as a hidden single: it has exactly one place,
//!   its own cell, and "placing" it again every sweep never reaches a fixed
//!   point. Only unsolved cells are counted.
//! - Trusting a hidden single found before other placements in the same
//!   sweep: one of them may have taken its cell, and then the digit has no
//!   place at all, a contradiction rather than a placement.
//! - Recursing into a state after a contradiction: `assign` and
//!   `propagate` report it, and that branch must end there.
//! - Mutating the parent's state instead of a copy: the next digit of the
//!   same cell would then start from the previous guess.
//! - Stopping enumeration too early or too late: a `Break` from the
//!   visitor must end every level of the recursion (hence `?`), while a
//!   `Continue` after a solution must go on to the remaining guesses, or
//!   counting finds only the first solution of each subtree.
//! - Ties in MRV: "first in row-major order" is only deterministic if the
//!   scan keeps the first of equals (`<`, not `<=`). Deterministic order is
//!   what makes the search-call counts and the order of [`solutions`]
//!   reproducible.
//!
//! **Place on the ladder.**
//! `scan-backtracking -> spaces-scan -> bool-tables -> bitmask-flip -> bitmask-lowbit -> mrv-heap -> dancing-links -> constraint-propagation -> bitboard`.
//! Relative to `dancing-links`, the representation and the work per node
//! change. Instead of exact cover with linked rows and one rule (branch on
//! the constraint with the fewest options), this rung reasons with a set
//! of candidates per cell and makes all forced moves in bulk after each
//! placement (naked and hidden singles, box-line intersections), so it
//! detects contradictions before it branches. And instead of undoing
//! edits, it keeps the whole state as a small value and copies it on each
//! branch, which makes enumeration and counting simple. The next rung,
//! `bitboard`, keeps this plan and turns the state around: per digit, the
//! cells it may take, as bits, so that box-line reasoning is one table
//! look-up.
//!
//! **Beyond LeetCode.** This rung is the workspace's general-purpose
//! solver: [`count_solutions`] (0, 1 or several, up to a limit),
//! [`try_solve`] (the first solution or a [`NoSolution`] saying why there
//! is none) and [`solutions`] accept any `&[Vec<char>]` and never panic.
//!
//! # Hints
//!
//! Progressive hints for writing this approach from scratch; `cargo run -- hint constraint-propagation N`
//! shows them one at a time.
//!
//! 1. Most blanks of a sudoku are not guesses at all; which cells or digits are forced, and
//!    what if you made every forced move before ever guessing?
//! 2. Keep a candidate mask per cell; placing a digit removes it from its 20 peers, a peer
//!    left with one candidate is a naked single, and a digit with one place left in a unit
//!    is a hidden single. Repeat these to a fixed point, failing on an empty cell or a
//!    digit with no place.
//! 3. When nothing more is forced, branch on the unsolved cell with the fewest candidates
//!    and try each digit on a copy of the whole state, so that backtracking is just
//!    dropping the copy.
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
//! constraint_propagation::solve_sudoku(&mut board);
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
use std::ops::ControlFlow;

impl Solution {
    /// Solves `board` in place; blanks are `'.'`.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::solve_counting_calls(board);
    }

    /// Solves `board` in place and returns how many times `Search::run` was
    /// entered (0 when the givens already clash, as the search never starts).
    // Takes LeetCode's `&mut Vec<Vec<char>>`, like `solve_sudoku`.
    #[allow(clippy::ptr_arg)]
    fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
        if first_clash(board).is_some() {
            return 0;
        }
        let start = State::from_board(board);
        let mut search = Search { calls: 0 };
        // Only a complete solution is written, so a board without one comes
        // back exactly as it was given.
        let _ = search.run(start, &mut |solved| {
            solved.write_to(board);
            ControlFlow::Break(())
        });
        search.calls
    }
}

/// The nine low bits: bit `d - 1` stands for digit `d`.
const ALL_DIGITS: u16 = 0x1ff;
/// One bit per cell: bit `row * 9 + col`.
const ALL_CELLS: u128 = (1 << 81) - 1;

/// `UNITS[u]`: the nine cells (each `row * 9 + col`) of row `u` for
/// `u < 9`, of column `u - 9` for `u < 18`, and of box `u - 18` otherwise.
const UNITS: [[u8; 9]; 27] = units();
/// `PEERS[cell]`: the 20 other cells that share a row, column or box with
/// `cell`, in increasing order.
const PEERS: [[u8; 20]; 81] = peers();
/// The 54 places where a row or a column crosses a box, three cells each.
const SEGMENTS: [Segment; 54] = segments();

/// Where a line (row or column) crosses a box. Segments are numbered
/// `line * 3 + third` for the rows, then `27 + col * 3 + third` for the
/// columns, where `third` is which box the line crosses (0, 1 or 2).
struct Segment {
    cells: [u8; 3],
    /// The two other segments of the same line.
    rest_of_line: [u8; 2],
    /// The two other segments of the same box.
    rest_of_box: [u8; 2],
}

const fn units() -> [[u8; 9]; 27] {
    let mut units = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            units[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

const fn peers() -> [[u8; 20]; 81] {
    let mut peers = [[0; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut found = 0;
        let mut other = 0;
        while other < 81 {
            if other != cell && shares_a_unit(cell, other) {
                peers[cell][found] = other as u8;
                found += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

const fn shares_a_unit(a: usize, b: usize) -> bool {
    let same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
    a / 9 == b / 9 || a % 9 == b % 9 || same_box
}

const fn segments() -> [Segment; 54] {
    const EMPTY: Segment = Segment {
        cells: [0; 3],
        rest_of_line: [0; 2],
        rest_of_box: [0; 2],
    };
    let mut segments = [EMPTY; 54];
    let mut index = 0;
    while index < 54 {
        let is_column = index >= 27;
        let first = if is_column { 27 } else { 0 };
        let (line, third) = ((index - first) / 3, index % 3);
        let mut k = 0;
        while k < 3 {
            let (along, across) = (line, third * 3 + k);
            segments[index].cells[k] = if is_column {
                across * 9 + along
            } else {
                along * 9 + across
            } as u8;
            k += 1;
        }
        let mut other = 0;
        while other < 2 {
            let shift = other + 1;
            segments[index].rest_of_line[other] = (first + line * 3 + (third + shift) % 3) as u8;
            let other_line = line / 3 * 3 + (line % 3 + shift) % 3;
            segments[index].rest_of_box[other] = (first + other_line * 3 + third) as u8;
            other += 1;
        }
        index += 1;
    }
    segments
}

/// The current branch cannot lead to a solution.
#[derive(Debug)]
struct Contradiction;

/// Everything the search knows at one node, small enough to copy (about
/// 200 bytes): a guess works on its own copy, so backtracking is dropping it.
#[derive(Clone, Copy)]
struct State {
    /// `candidates[cell]`: the digits still possible in `cell`; a solved
    /// cell keeps exactly its own digit.
    candidates: [u16; 81],
    /// The cells whose digit has not been placed yet.
    unsolved: u128,
    /// Unsolved cells down to one candidate: naked singles waiting to be
    /// placed. The givens start here, which places them like any single.
    singles: u128,
}

impl State {
    /// Every cell open to every digit, and each given queued as a naked
    /// single; nothing is propagated yet. The board must be 9 by 9; any
    /// character but `'1'..='9'` is a blank.
    fn from_board(board: &[Vec<char>]) -> State {
        let mut state = State {
            candidates: [ALL_DIGITS; 81],
            unsolved: ALL_CELLS,
            singles: 0,
        };
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                if let Some(digit) = bit_of(cell) {
                    let index = row * 9 + col;
                    state.candidates[index] = digit;
                    state.singles |= 1 << index;
                }
            }
        }
        state
    }

    /// Applies every deduction until none applies any more: a placement can
    /// force others, so this runs to a fixed point. The cheap rules run
    /// first; box-line intersections only once singles are exhausted.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            self.place_naked_singles()?;
            if self.place_hidden_singles()? {
                continue;
            }
            if !self.apply_box_line_intersections()? {
                return Ok(());
            }
        }
    }

    /// Places each queued naked single; placing one can queue more.
    fn place_naked_singles(&mut self) -> Result<(), Contradiction> {
        while self.singles != 0 {
            let cell = self.singles.trailing_zeros() as usize;
            self.assign(cell, self.candidates[cell])?;
        }
        Ok(())
    }

    /// Places every digit that has one possible cell left in some row,
    /// column or box; returns whether it placed any.
    fn place_hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed_any = false;
        for unit in &UNITS {
            // A digit seen in a second cell moves from `once` into `twice`.
            let (mut once, mut twice, mut placed) = (0, 0, 0);
            for cell in unit.map(usize::from) {
                let digits = self.candidates[cell];
                if self.is_solved(cell) {
                    placed |= digits;
                } else {
                    twice |= once & digits;
                    once |= digits;
                }
            }
            if once | placed != ALL_DIGITS {
                // Some digit has no place left in this unit.
                return Err(Contradiction);
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let digit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // A placement earlier in this loop may have taken the one
                // cell this digit had: then it has none.
                let cell = unit
                    .map(usize::from)
                    .into_iter()
                    .find(|&cell| self.candidates[cell] & digit != 0)
                    .ok_or(Contradiction)?;
                self.assign(cell, digit)?;
                placed_any = true;
            }
        }
        Ok(placed_any)
    }

    /// Box-line reasoning on each segment (a line crossing a box). A digit
    /// that its box can only place in this segment is removed from the rest
    /// of the line ("pointing"); one that its line can only place here is
    /// removed from the rest of the box ("claiming"). Either way the digit
    /// is forced into these three cells: more than three forced digits is a
    /// contradiction, and exactly three leave the cells no other digit.
    /// Returns whether any candidate was removed.
    fn apply_box_line_intersections(&mut self) -> Result<bool, Contradiction> {
        // Solved cells count as well: their digit is absent from their peers,
        // so it is confined to their segment, which is true, and removing it
        // elsewhere changes nothing.
        let unions = SEGMENTS.each_ref().map(|segment| {
            let [a, b, c] = segment.cells.map(|cell| self.candidates[usize::from(cell)]);
            a | b | c
        });
        let union_of = |[a, b]: [u8; 2]| unions[usize::from(a)] | unions[usize::from(b)];
        let mut changed = false;
        for (segment, &here) in SEGMENTS.iter().zip(&unions) {
            // The unions may be stale by now, but candidates only shrink, so
            // every digit found confined still is.
            let (line_elsewhere, box_elsewhere) = (
                union_of(segment.rest_of_line),
                union_of(segment.rest_of_box),
            );
            let only_here_in_box = here & !box_elsewhere;
            let only_here_in_line = here & !line_elsewhere;
            let forced = only_here_in_box | only_here_in_line;
            if forced.count_ones() > 3 {
                return Err(Contradiction);
            }
            if forced.count_ones() == 3 {
                changed |= self.eliminate_in(&[segment.cells], here & !forced)?;
            }
            // Masked with what is there to remove, which is usually nothing:
            // a solved cell's digit is always confined to its segment.
            let rest_of_line = segment
                .rest_of_line
                .map(|other| SEGMENTS[usize::from(other)].cells);
            let rest_of_box = segment
                .rest_of_box
                .map(|other| SEGMENTS[usize::from(other)].cells);
            changed |= self.eliminate_in(&rest_of_line, only_here_in_box & line_elsewhere)?;
            changed |= self.eliminate_in(&rest_of_box, only_here_in_line & box_elsewhere)?;
        }
        Ok(changed)
    }

    /// Removes `digits` from every cell of `segments`; returns whether that
    /// removed anything.
    fn eliminate_in(&mut self, segments: &[[u8; 3]], digits: u16) -> Result<bool, Contradiction> {
        let mut changed = false;
        if digits != 0 {
            for cell in segments.iter().flatten() {
                changed |= self.eliminate(usize::from(*cell), digits)?;
            }
        }
        Ok(changed)
    }

    /// Puts the one-bit `digit` in `cell` and removes it from the 20 peers.
    fn assign(&mut self, cell: usize, digit: u16) -> Result<(), Contradiction> {
        if self.candidates[cell] & digit == 0 {
            return Err(Contradiction);
        }
        self.candidates[cell] = digit;
        self.unsolved &= !(1 << cell);
        self.singles &= !(1 << cell);
        for peer in PEERS[cell].map(usize::from) {
            self.eliminate(peer, digit)?;
        }
        Ok(())
    }

    /// Removes `digits` from the candidates of `cell`; returns whether that
    /// removed anything. Leaving no candidate is a contradiction, and that
    /// includes a solved peer holding the digit just placed: two cells of
    /// one unit forced to the same digit.
    fn eliminate(&mut self, cell: usize, digits: u16) -> Result<bool, Contradiction> {
        let before = self.candidates[cell];
        let after = before & !digits;
        if after == before {
            return Ok(false);
        }
        if after == 0 {
            return Err(Contradiction);
        }
        self.candidates[cell] = after;
        if after.is_power_of_two() {
            self.singles |= 1 << cell;
        }
        Ok(true)
    }

    fn is_solved(&self, cell: usize) -> bool {
        self.unsolved & (1 << cell) == 0
    }

    /// The unsolved cell with the fewest candidates, the first in row-major
    /// order among equals; `None` when every cell is solved.
    fn tightest_cell(&self) -> Option<usize> {
        let mut tightest = None;
        let mut fewest = u32::MAX;
        let mut rest = self.unsolved;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let count = self.candidates[cell].count_ones();
            if count < fewest {
                tightest = Some(cell);
                fewest = count;
                // After propagation every unsolved cell has two candidates
                // or more, so nothing later can beat two.
                if count <= 2 {
                    break;
                }
            }
        }
        tightest
    }

    /// A digit with exactly two possible cells in some unit, and those two
    /// cells: the first such unit in `UNITS` order, its lowest such digit.
    fn digit_with_two_places(&self) -> Option<(u16, [usize; 2])> {
        UNITS.iter().find_map(|unit| {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for cell in unit.map(usize::from) {
                // A solved cell's digit has its one place already.
                if !self.is_solved(cell) {
                    let digits = self.candidates[cell];
                    thrice |= twice & digits;
                    twice |= once & digits;
                    once |= digits;
                }
            }
            let exactly_twice = twice & !thrice;
            if exactly_twice == 0 {
                return None;
            }
            let digit = exactly_twice & exactly_twice.wrapping_neg();
            let mut places = unit
                .map(usize::from)
                .into_iter()
                .filter(|&cell| self.candidates[cell] & digit != 0);
            Some((digit, [places.next()?, places.next()?]))
        })
    }

    /// Writes the digit of every cell; meant for a solved state.
    fn write_to(&self, board: &mut [Vec<char>]) {
        for (cell, &digits) in self.candidates.iter().enumerate() {
            board[cell / 9][cell % 9] = char_of(digits);
        }
    }
}

/// The depth-first search and its call counter.
struct Search {
    /// How many times `run` was entered.
    calls: u64,
}

impl Search {
    /// Propagates `state`, then guesses: each guess is tried on its own copy
    /// of the state. Every solution below is handed to `on_solution`, in
    /// search order, until it answers `Break`; `run` returns `Break` exactly
    /// when the visitor did.
    fn run(
        &mut self,
        mut state: State,
        on_solution: &mut impl FnMut(&State) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.calls += 1;
        if state.propagate().is_err() {
            return ControlFlow::Continue(());
        }
        let Some(cell) = state.tightest_cell() else {
            return on_solution(&state);
        };
        // Both ways of branching split the solutions into disjoint cases, so
        // counting stays exact. A cell with two candidates wins a tie.
        if state.candidates[cell].count_ones() > 2 {
            if let Some((digit, places)) = state.digit_with_two_places() {
                for place in places {
                    self.guess(state, place, digit, on_solution)?;
                }
                return ControlFlow::Continue(());
            }
        }
        let mut digits = state.candidates[cell];
        while digits != 0 {
            let digit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            self.guess(state, cell, digit, on_solution)?;
        }
        ControlFlow::Continue(())
    }

    /// Searches below `state` with `digit` put in `cell`. `state` arrives as
    /// a copy, so the caller's stays untouched for its next guess.
    fn guess(
        &mut self,
        mut state: State,
        cell: usize,
        digit: u16,
        on_solution: &mut impl FnMut(&State) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if state.assign(cell, digit).is_err() {
            return ControlFlow::Continue(());
        }
        self.run(state, on_solution)
    }
}

/// The first given (in reading order) that repeats the digit of an earlier
/// given among its peers, as `(earlier cell, cell)`, each `row * 9 + col`.
/// The board must be 9 by 9.
fn first_clash(board: &[Vec<char>]) -> Option<(usize, usize)> {
    let digit_at = |cell: usize| bit_of(board[cell / 9][cell % 9]);
    (0..81).find_map(|cell| {
        let digit = digit_at(cell)?;
        PEERS[cell]
            .map(usize::from)
            .into_iter()
            .take_while(|&peer| peer < cell)
            .find(|&peer| digit_at(peer) == Some(digit))
            .map(|peer| (peer, cell))
    })
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

use std::fmt;

/// Solves `board` in place (LeetCode's contract: exactly one solution exists).
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    Solution::solve_sudoku(board)
}

/// Solves `board` in place like [`solve_sudoku`] and returns how many times the recursive search was entered.
pub fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
    Solution::solve_counting_calls(board)
}

/// Why [`try_solve`] found no solution.
///
/// Rows and columns are 0-based indices into the board (`board[row][col]`);
/// the [`Display`](fmt::Display) messages count from 1, as a person does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoSolution {
    /// The board does not have 9 rows.
    WrongRowCount {
        /// How many rows it has.
        found: usize,
    },
    /// A row does not have 9 cells (the first such row from the top).
    WrongRowLength {
        /// Which row, 0-based.
        row: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A cell holds neither `'.'` nor a digit `'1'..='9'` (the first such
    /// cell in reading order).
    BadCell {
        /// The cell's row, 0-based.
        row: usize,
        /// The cell's column, 0-based.
        col: usize,
        /// The character found there.
        found: char,
    },
    /// Two givens in one row, column or box hold the same digit: `second` is
    /// the first given in reading order that repeats an earlier one, `first`.
    ClashingGivens {
        /// The repeated digit, `'1'..='9'`.
        digit: char,
        /// `(row, col)` of the earlier given, 0-based.
        first: (usize, usize),
        /// `(row, col)` of the later given, 0-based.
        second: (usize, usize),
    },
    /// The board is well formed and its givens do not clash, but no
    /// completion exists.
    NoCompletion,
}

impl fmt::Display for NoSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NoSolution::WrongRowCount { found } => {
                write!(f, "the board has {found} rows, expected 9")
            }
            NoSolution::WrongRowLength { row, found } => {
                write!(f, "row {} has {found} cells, expected 9", row + 1)
            }
            NoSolution::BadCell { row, col, found } => write!(
                f,
                "bad cell {found:?} at row {}, column {}: expected '.' or a digit 1-9",
                row + 1,
                col + 1
            ),
            NoSolution::ClashingGivens {
                digit,
                first,
                second,
            } => write!(
                f,
                "the givens clash: {digit} at row {}, column {} and again at row {}, column {}",
                first.0 + 1,
                first.1 + 1,
                second.0 + 1,
                second.1 + 1
            ),
            NoSolution::NoCompletion => {
                write!(
                    f,
                    "no solution: the givens do not clash, but nothing completes them"
                )
            }
        }
    }
}

impl std::error::Error for NoSolution {}

/// The number of solutions of `board`, counting no further than `limit`: so
/// `0`, `1`, ..., or `limit` meaning "at least `limit`". `limit == 0` returns
/// 0 without searching. A board that is not 9 by 9 `'.'` and `'1'..='9'`, or
/// whose givens clash, has 0 solutions. Nothing is allocated per solution.
///
/// ```
/// use constraint_propagation::count_solutions;
///
/// let rows = |line: &str| -> Vec<Vec<char>> {
///     line.as_bytes().chunks(9).map(|row| row.iter().map(|&b| char::from(b)).collect()).collect()
/// };
/// let example = rows("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
/// assert_eq!(count_solutions(&example, 2), 1);
/// assert_eq!(count_solutions(&rows(&".".repeat(81)), 5), 5);
/// assert_eq!(count_solutions(&example[..8], 2), 0);
/// ```
pub fn count_solutions(board: &[Vec<char>], limit: usize) -> usize {
    count_solutions_counting_calls(board, limit).0
}

/// Counts like [`count_solutions`] and also returns how many times the
/// recursive search was entered (0 when it never started).
pub fn count_solutions_counting_calls(board: &[Vec<char>], limit: usize) -> (usize, u64) {
    if limit == 0 {
        return (0, 0);
    }
    let mut count = 0;
    let calls = visit_solutions(board, |_| {
        count += 1;
        if count == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap_or(0);
    (count, calls)
}

/// The first solution of `board` in search order, or why there is none.
///
/// # Errors
///
/// A [`NoSolution`] saying what is wrong: the shape (checked first), a bad
/// cell, clashing givens, or, for a well-formed board, that no completion
/// exists.
///
/// ```
/// use constraint_propagation::{try_solve, NoSolution};
///
/// let mut board = vec![vec!['.'; 9]; 9];
/// board[0][0] = '5';
/// board[0][8] = '5';
/// assert_eq!(
///     try_solve(&board),
///     Err(NoSolution::ClashingGivens { digit: '5', first: (0, 0), second: (0, 8) })
/// );
/// board[0][8] = '.';
/// let solved = try_solve(&board)?;
/// assert_eq!(solved[0][0], '5');
/// # Ok::<(), NoSolution>(())
/// ```
pub fn try_solve(board: &[Vec<char>]) -> Result<Vec<Vec<char>>, NoSolution> {
    let mut first = None;
    visit_solutions(board, |solved| {
        first = Some(rows_of(solved));
        ControlFlow::Break(())
    })?;
    first.ok_or(NoSolution::NoCompletion)
}

/// Up to `limit` distinct solutions of `board`, in search order; none when
/// the board is not 9 by 9 `'.'` and `'1'..='9'` or its givens clash.
///
/// ```
/// use constraint_propagation::solutions;
///
/// // LeetCode's solution with (2, 4), (2, 5), (5, 4), (5, 5) blanked: the
/// // 4 and 2 there can be swapped, so there are exactly two solutions.
/// let line = "5346789126721953481983..5678597614234268537917139..856961537284287419635345286179";
/// let board: Vec<Vec<char>> =
///     line.as_bytes().chunks(9).map(|row| row.iter().map(|&b| char::from(b)).collect()).collect();
/// let found = solutions(&board, 10);
/// assert_eq!(found.len(), 2);
/// assert_ne!(found[0], found[1]);
/// ```
pub fn solutions(board: &[Vec<char>], limit: usize) -> Vec<Vec<Vec<char>>> {
    let mut found = Vec::new();
    if limit == 0 {
        return found;
    }
    // An invalid board has no solutions, which is what `found` already says.
    let _ = visit_solutions(board, |solved| {
        found.push(rows_of(solved));
        if found.len() == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// Checks `board`, then hands every solution to `on_solution` in search
/// order until it breaks; returns the number of search calls.
fn visit_solutions(
    board: &[Vec<char>],
    mut on_solution: impl FnMut(&State) -> ControlFlow<()>,
) -> Result<u64, NoSolution> {
    check_board(board)?;
    let mut search = Search { calls: 0 };
    let _ = search.run(State::from_board(board), &mut on_solution);
    Ok(search.calls)
}

/// Everything [`NoSolution`] can say before searching, in that order:
/// shape, characters, clashes.
fn check_board(board: &[Vec<char>]) -> Result<(), NoSolution> {
    if board.len() != 9 {
        return Err(NoSolution::WrongRowCount { found: board.len() });
    }
    if let Some((row, cells)) = board.iter().enumerate().find(|(_, cells)| cells.len() != 9) {
        return Err(NoSolution::WrongRowLength {
            row,
            found: cells.len(),
        });
    }
    for (row, cells) in board.iter().enumerate() {
        for (col, &found) in cells.iter().enumerate() {
            if found != '.' && bit_of(found).is_none() {
                return Err(NoSolution::BadCell { row, col, found });
            }
        }
    }
    match first_clash(board) {
        Some((first, second)) => Err(NoSolution::ClashingGivens {
            digit: board[second / 9][second % 9],
            first: (first / 9, first % 9),
            second: (second / 9, second % 9),
        }),
        None => Ok(()),
    }
}

/// A solved state as LeetCode's 9 rows of 9 chars.
fn rows_of(solved: &State) -> Vec<Vec<char>> {
    let mut rows = vec![vec!['.'; 9]; 9];
    solved.write_to(&mut rows);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_board::{Board, check_solution};
    use sudoku_harness::puzzle_rows;

    const EXAMPLE: &str = "leetcode/example";
    /// The example's solution, as a puzzle with nothing left to fill.
    const EXAMPLE_SOLVED: &str = "edge/already-solved";
    /// LeetCode's solution with 23 cells blanked and the given at (6, 4)
    /// changed from 3 to 7: the givens do not clash, yet there is no solution.
    const UNSOLVABLE: &str = "edge/leetcode-wrong-given";
    /// Arto Inkala's 2012 puzzle with the 9 at (8, 1) changed to 2: no clash,
    /// no solution. `bitmask-lowbit` needs about 2.0 million calls to see it.
    const INKALA_ROW_8_TWO: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..2....4..";
    /// Inkala's puzzle with the 8 at (0, 0) changed to 1: no clash, no
    /// solution, about 1.8 million calls for `bitmask-lowbit`.
    const INKALA_CORNER_ONE: &str =
        "1..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    /// LeetCode's solution with (2, 4), (2, 5), (5, 4), (5, 5) blanked: two
    /// rows, two columns, two boxes, and the 4 and 2 there can be swapped, so
    /// exactly two solutions.
    const TWO_SOLUTIONS: &str =
        "5346789126721953481983..5678597614234268537917139..856961537284287419635345286179";

    fn board(line: &str) -> Vec<Vec<char>> {
        Board::parse_line(line).expect("a valid board").to_rows()
    }

    /// A state where every cell is still open to every digit.
    fn open_state() -> State {
        State::from_board(&vec![vec!['.'; 9]; 9])
    }

    fn digit(d: u16) -> u16 {
        1 << (d - 1)
    }

    /// `state` with `d` removed from every cell of `unit` except `keep`.
    fn with_one_place_left(mut state: State, unit: usize, d: u16, keep: usize) -> State {
        for cell in UNITS[unit].map(usize::from) {
            if cell != keep {
                state
                    .eliminate(cell, digit(d))
                    .expect("other digits remain");
            }
        }
        state
    }

    #[test]
    fn example_is_solved_by_propagation_alone() {
        // Naked and hidden singles fill every blank of LeetCode's example,
        // so the search is entered once and never guesses (`mrv-heap` takes
        // 103 calls, `bitmask-lowbit` 4209).
        let mut grid = puzzle_rows(EXAMPLE);
        assert_eq!(solve_counting_calls(&mut grid), 1);
        assert_eq!(grid, puzzle_rows(EXAMPLE_SOLVED));
    }

    #[test]
    fn hard_puzzle_needs_guesses_but_few() {
        // Inkala's puzzle is beyond singles and box-line reasoning; a guess
        // is needed, but every guess is followed by propagation.
        let mut grid = board(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        let calls = solve_counting_calls(&mut grid);
        assert!((2..=100).contains(&calls), "took {calls} calls");
    }

    #[test]
    fn naked_single_is_placed() {
        // (0, 0) sees 1-4 in its row, 5 and 6 in its column, 7 and 8 in its
        // box: only 9 is left.
        let mut grid = vec![vec!['.'; 9]; 9];
        for (row, col, d) in [
            (0, 1, '1'),
            (0, 2, '2'),
            (0, 3, '3'),
            (0, 4, '4'),
            (3, 0, '5'),
            (4, 0, '6'),
            (1, 1, '7'),
            (2, 2, '8'),
        ] {
            grid[row][col] = d;
        }
        let mut state = State::from_board(&grid);
        assert!(!state.is_solved(0));

        state.place_naked_singles().expect("no contradiction");

        assert!(state.is_solved(0));
        assert_eq!(state.candidates[0], digit(9));
        assert_eq!(state.singles, 0);
    }

    #[test]
    fn hidden_single_is_placed_in_a_row_a_column_and_a_box() {
        // Row 4, column 7, box 5: each unit's cells stay open to every other
        // digit, so only the unit can force the digit into `keep`.
        for (unit, keep) in [(4, 4 * 9 + 6), (9 + 7, 2 * 9 + 7), (18 + 5, 4 * 9 + 7)] {
            let mut state = with_one_place_left(open_state(), unit, 3, keep);
            assert_eq!(state.candidates[keep], ALL_DIGITS);

            assert!(state.place_hidden_singles().expect("no contradiction"));

            assert!(state.is_solved(keep), "unit {unit}");
            assert_eq!(state.candidates[keep], digit(3));
            // ...and the placement reached the peers.
            for peer in PEERS[keep].map(usize::from) {
                assert_eq!(state.candidates[peer] & digit(3), 0);
            }
        }
    }

    #[test]
    fn cell_left_without_candidates_is_a_contradiction() {
        let mut state = open_state();
        state
            .eliminate(0, ALL_DIGITS & !digit(5))
            .expect("5 remains");
        assert!(state.eliminate(0, digit(5)).is_err());
    }

    #[test]
    fn two_peers_forced_to_one_digit_is_a_contradiction() {
        let mut state = open_state();
        state.assign(0, digit(7)).expect("an open board takes a 7");
        // (0, 8) shares row 0 with (0, 0), so the 7 is gone from it.
        assert!(state.assign(8, digit(7)).is_err());
        // Queued as two naked singles, the second placement empties the other.
        let mut state = open_state();
        for cell in [0, 8] {
            state.candidates[cell] = digit(7);
            state.singles |= 1 << cell;
        }
        assert!(state.place_naked_singles().is_err());
    }

    #[test]
    fn digit_without_a_place_in_a_unit_is_a_contradiction() {
        let mut state = open_state();
        for cell in UNITS[18 + 2].map(usize::from) {
            state
                .eliminate(cell, digit(4))
                .expect("other digits remain");
        }
        // No cell is empty: only the unit-wise check can see this.
        assert!(state.candidates.iter().all(|&digits| digits != 0));
        assert!(state.place_hidden_singles().is_err());
    }

    #[test]
    fn box_line_pointing_and_claiming() {
        // Pointing: box 0 keeps 5 only in row 0, so the rest of row 0 loses it.
        let mut state = open_state();
        for cell in [9, 10, 11, 18, 19, 20] {
            state
                .eliminate(cell, digit(5))
                .expect("other digits remain");
        }
        assert!(state.apply_box_line_intersections().expect("consistent"));
        for col in 0..9 {
            assert_eq!(state.candidates[col] & digit(5) != 0, col < 3, "col {col}");
        }

        // Claiming: row 0 keeps 5 only in box 0, so the rest of box 0 loses it.
        let mut state = open_state();
        for cell in 3..9 {
            state
                .eliminate(cell, digit(5))
                .expect("other digits remain");
        }
        assert!(state.apply_box_line_intersections().expect("consistent"));
        for cell in [9, 10, 11, 18, 19, 20] {
            assert_eq!(state.candidates[cell] & digit(5), 0);
        }
        assert_eq!(state.candidates[0] & digit(5), digit(5));
    }

    #[test]
    fn box_line_segment_that_must_hold_too_many_digits() {
        // Box 0 keeps 1, 2 and 3 only in row 0's three cells: those cells
        // can hold nothing else.
        let mut state = open_state();
        let keep_in_row_0 = digit(1) | digit(2) | digit(3);
        for cell in [9, 10, 11, 18, 19, 20] {
            state
                .eliminate(cell, keep_in_row_0)
                .expect("other digits remain");
        }
        assert!(state.apply_box_line_intersections().expect("three fit"));
        assert_eq!(state.candidates[..3], [keep_in_row_0; 3]);

        // A fourth such digit cannot fit.
        let mut state = open_state();
        for cell in [9, 10, 11, 18, 19, 20] {
            state
                .eliminate(cell, keep_in_row_0 | digit(4))
                .expect("other digits remain");
        }
        assert!(state.apply_box_line_intersections().is_err());
    }

    #[test]
    fn digit_with_two_places_names_both_cells() {
        let mut state = with_one_place_left(open_state(), 9 + 2, 6, 2 * 9 + 2);
        // Give the 6 of column 2 a second place, (7, 2).
        state.candidates[7 * 9 + 2] |= digit(6);
        assert_eq!(state.digit_with_two_places(), Some((digit(6), [20, 65])));
        assert_eq!(open_state().digit_with_two_places(), None);
    }

    #[test]
    fn every_guess_starts_from_the_same_parent_state() {
        // The example before any propagation: (0, 2) is open to all nine
        // digits. Guess each from that one state: only the solution's 4 may
        // lead to a solution, and every other guess must fail on its own.
        let parent = State::from_board(&puzzle_rows(EXAMPLE));
        let mut search = Search { calls: 0 };
        for d in 1..=9 {
            let mut found = 0;
            let _ = search.guess(parent, 2, digit(d), &mut |solved| {
                let mut grid = vec![vec!['.'; 9]; 9];
                solved.write_to(&mut grid);
                assert_eq!(grid, puzzle_rows(EXAMPLE_SOLVED));
                found += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(found, usize::from(d == 4), "guessing {d}");
        }
        assert_eq!(
            parent.candidates[2], ALL_DIGITS,
            "the guesses worked on copies"
        );
    }

    #[test]
    fn counts_one_for_a_unique_puzzle() {
        assert_eq!(count_solutions(&puzzle_rows(EXAMPLE), 10), 1);
        assert_eq!(count_solutions(&puzzle_rows(EXAMPLE_SOLVED), 10), 1);
    }

    #[test]
    fn counts_zero_when_nothing_completes_the_givens() {
        let boards = [
            puzzle_rows(UNSOLVABLE),
            board(INKALA_ROW_8_TWO),
            board(INKALA_CORNER_ONE),
        ];
        for grid in boards {
            let (count, calls) = count_solutions_counting_calls(&grid, 10);
            let line: String = grid.iter().flatten().collect();
            assert_eq!(count, 0, "{line}");
            assert!(calls < 200, "{line} took {calls} calls");
        }
    }

    #[test]
    fn counts_two_for_a_swappable_rectangle() {
        assert_eq!(count_solutions(&board(TWO_SOLUTIONS), 10), 2);
        assert_eq!(count_solutions(&board(TWO_SOLUTIONS), 2), 2);
        assert_eq!(count_solutions(&board(TWO_SOLUTIONS), 1), 1);
    }

    #[test]
    fn counting_stops_at_the_limit() {
        let empty = vec![vec!['.'; 9]; 9];
        assert_eq!(count_solutions(&empty, 1000), 1000);
        assert_eq!(count_solutions(&empty, 0), 0);
        assert_eq!(count_solutions_counting_calls(&empty, 0), (0, 0));
    }

    #[test]
    fn counts_zero_for_clashing_or_malformed_boards() {
        let mut clashing = puzzle_rows(EXAMPLE);
        clashing[0][2] = '5';
        assert_eq!(count_solutions(&clashing, 10), 0);
        assert_eq!(count_solutions(&[], 10), 0);
        assert_eq!(count_solutions(&puzzle_rows(EXAMPLE)[..8], 10), 0);
    }

    #[test]
    fn try_solve_returns_the_unique_solution() {
        assert_eq!(
            try_solve(&puzzle_rows(EXAMPLE)),
            Ok(puzzle_rows(EXAMPLE_SOLVED))
        );
    }

    #[test]
    fn try_solve_says_why_there_is_no_solution() {
        assert_eq!(
            try_solve(&board(INKALA_ROW_8_TWO)),
            Err(NoSolution::NoCompletion)
        );

        // (0, 2) repeats the 5 of (0, 0), which is also in its box.
        let mut clashing = puzzle_rows(EXAMPLE);
        clashing[0][2] = '5';
        assert_eq!(
            try_solve(&clashing),
            Err(NoSolution::ClashingGivens {
                digit: '5',
                first: (0, 0),
                second: (0, 2),
            })
        );

        let full = puzzle_rows(EXAMPLE);
        assert_eq!(
            try_solve(&full[..8]),
            Err(NoSolution::WrongRowCount { found: 8 })
        );
        assert_eq!(try_solve(&[]), Err(NoSolution::WrongRowCount { found: 0 }));
        let mut long_row = full.clone();
        long_row[3].push('.');
        assert_eq!(
            try_solve(&long_row),
            Err(NoSolution::WrongRowLength { row: 3, found: 10 })
        );

        for bad in ['x', '0'] {
            let mut bad_cell = full.clone();
            bad_cell[2][7] = bad;
            assert_eq!(
                try_solve(&bad_cell),
                Err(NoSolution::BadCell {
                    row: 2,
                    col: 7,
                    found: bad,
                })
            );
        }
    }

    #[test]
    fn no_solution_messages_are_readable() {
        let cases = [
            (
                NoSolution::WrongRowCount { found: 8 },
                "the board has 8 rows, expected 9",
            ),
            (
                NoSolution::WrongRowLength { row: 3, found: 10 },
                "row 4 has 10 cells, expected 9",
            ),
            (
                NoSolution::BadCell {
                    row: 2,
                    col: 7,
                    found: 'x',
                },
                "bad cell 'x' at row 3, column 8: expected '.' or a digit 1-9",
            ),
            (
                NoSolution::ClashingGivens {
                    digit: '5',
                    first: (0, 0),
                    second: (0, 2),
                },
                "the givens clash: 5 at row 1, column 1 and again at row 1, column 3",
            ),
            (
                NoSolution::NoCompletion,
                "no solution: the givens do not clash, but nothing completes them",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn solutions_lists_two_different_valid_completions() {
        let puzzle = Board::parse_line(TWO_SOLUTIONS).expect("a valid board");
        let found = solutions(&puzzle.to_rows(), 10);
        assert_eq!(found.len(), 2);
        assert_ne!(found[0], found[1]);
        for solution in &found {
            assert_eq!(check_solution(&puzzle, solution), Ok(()));
        }
        assert_eq!(solutions(&puzzle.to_rows(), 1), found[..1]);
        assert!(solutions(&puzzle.to_rows(), 0).is_empty());
        assert!(solutions(&puzzle_rows(UNSOLVABLE), 10).is_empty());
    }

    #[test]
    fn never_panics_on_odd_shapes() {
        let shapes: [Vec<Vec<char>>; 4] = [
            vec![],
            vec![vec![]; 9],
            vec![vec!['.'; 81]],
            vec![vec!['é'; 9]; 9],
        ];
        for shape in &shapes {
            assert_eq!(count_solutions(shape, 2), 0);
            assert!(try_solve(shape).is_err());
            assert!(solutions(shape, 2).is_empty());
        }
    }
}
