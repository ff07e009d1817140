//! # Constraint propagation: deduce in bulk, guess on a copy
//!
//! Most blanks of a sudoku are not guesses at all: a cell with one candidate left, or a digit
//! with one place left in a row, column or box, is forced. So after every placement this rung
//! makes every forced move there is, until none is left, and notices a dead end (a cell with no
//! candidate, a digit with no place) on the way. Only then does it guess, on the
//! tightest spot, each guess on its own copy of the state, so that backtracking is dropping it.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // Propagation alone fills every blank of LeetCode's example: one search call.
//! assert_eq!(constraint_propagation::solve_counting_calls(&mut board), 1);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - The state is a candidate mask per cell, which cells are solved, and the queued naked
//!   singles; the units and each cell's peers are tables built once, for the four box sizes
//!   together. The rules: naked singles, hidden singles (a digit with no place left in a unit
//!   is a contradiction too), and box-line intersections, where a row or column crosses a box
//!   and a digit confined there on one side is removed from the other.
//! - A hidden single found early in a sweep may lose its cell to a placement later in the same
//!   sweep: that is a contradiction, not a placement.
//! - It branches on the unsolved cell with the fewest candidates (the first on a tie, so the
//!   search is deterministic), or, when that cell has three or more, on a digit with two places
//!   left in some unit: on sparse boards that keeps the search from wandering.
//! - Nothing is particular to 9x9: [`solve_grid`] and [`solutions`] apply the same rules
//!   to boards from 4x4 to 25x25.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/constraint-propagation.md`.

/// LeetCode's entry point for problem 37 (the judge declares it: keep it out of the region).
pub struct Solution;

// ---- LeetCode submission: begin ----
impl Solution {
    /// Solves `board` in place; blanks are `'.'`.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::solve_counting_calls(board);
    }

    /// Solves `board` in place; returns how often `search` was entered (0 if givens clash).
    // Takes LeetCode's `&mut Vec<Vec<char>>`, like `solve_sudoku`.
    #[allow(clippy::ptr_arg)]
    fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
        let mut calls = 0;
        Self::solve_visiting(board, &mut |_| calls += 1);
        calls
    }

    /// Solves `board`, showing `visit` the state at each `search` entry; only a solution is
    /// written, so a board without one comes back as given.
    fn solve_visiting(board: &mut [Vec<char>], visit: &mut impl FnMut(&State)) {
        // The rules below hold for any box size; LeetCode's board has boxes of 3 by 3.
        let givens = board.iter().flatten().map(|c| c.to_digit(10).unwrap_or(0));
        let solved = State::new(3, givens).and_then(|state| search(state, visit, &mut |_| true));
        if let Some(solved) = solved {
            for (cell, &value) in solved.candidates.iter().enumerate() {
                board[cell / 9][cell % 9] = char::from(b'1' + value.trailing_zeros() as u8);
            }
        }
    }
}

/// The units and peers of a board of `n` by `n` cells in boxes of `b` by `b`.
struct Shape {
    b: usize,
    /// `units[u]`: the cells (`row * n + col`) of row `u`, column `u - n`, or box `u - 2n`.
    units: Vec<Vec<usize>>,
    /// `peers[cell]`: every other cell of its row, column and box.
    peers: Vec<Vec<usize>>,
}

impl Shape {
    /// The shape of boxes of `b` by `b` (2 to 5); the four are built on first use.
    fn of(b: usize) -> &'static Shape {
        static SHAPES: std::sync::OnceLock<Vec<Shape>> = std::sync::OnceLock::new();
        &SHAPES.get_or_init(|| (2..=5).map(Shape::build).collect())[b - 2]
    }

    fn build(b: usize) -> Shape {
        let n = b * b;
        let cells = || 0..n * n;
        let units = (0..3 * n).map(|u| cells().filter(move |&c| units_of(n, b, c).contains(&u)));
        let shares =
            |a: usize, c: usize| (0..3).any(|i| units_of(n, b, a)[i] == units_of(n, b, c)[i]);
        let peers = cells().map(|c| cells().filter(|&p| p != c && shares(p, c)).collect());
        let (units, peers) = (units.map(Iterator::collect).collect(), peers.collect());
        Shape { b, units, peers }
    }

    /// Segment `s`: the `b` cells where a line crosses a box, rows first (`s < n * b`), then
    /// columns; `s / b` is the line's unit and `s % b` which of its boxes.
    fn segment(&self, s: usize) -> &[usize] {
        &self.units[s / self.b][s % self.b * self.b..][..self.b]
    }
}

/// The row, column and box of `cell`, as units, on a board of `n` by `n` in boxes of `b` by `b`.
fn units_of(n: usize, b: usize, cell: usize) -> [usize; 3] {
    let (row, col) = (cell / n, cell % n);
    [row, n + col, 2 * n + row / b * b + col / b]
}

/// The current branch cannot lead to a solution.
#[derive(Debug)]
struct Contradiction;

/// Everything the search knows at one node. A guess works on its own copy.
#[derive(Clone)]
struct State {
    shape: &'static Shape,
    /// `candidates[cell]`: the values still possible there; a solved cell keeps its own.
    candidates: Vec<u32>,
    /// `solved[cell]`: whether its value has been placed.
    solved: Vec<bool>,
    /// Unsolved cells down to one candidate, waiting to be placed; the givens start here.
    singles: Vec<usize>,
}

impl State {
    /// Every cell open to every value (bit `v - 1` for value `v`), each given (`givens` row by
    /// row, 1 to `n` or 0 for a blank) a queued naked single; `None` when two givens clash.
    fn new(box_size: usize, givens: impl IntoIterator<Item = u32>) -> Option<State> {
        let (shape, n) = (Shape::of(box_size), box_size * box_size);
        let mut state = State {
            shape,
            candidates: vec![(1 << n) - 1; n * n],
            solved: vec![false; n * n],
            singles: Vec::new(),
        };
        let mut seen = vec![0u32; 3 * n];
        for (cell, value) in givens
            .into_iter()
            .enumerate()
            .filter(|&(_, value)| value > 0)
        {
            let (bit, units) = (1 << (value - 1), units_of(n, box_size, cell));
            if units.iter().any(|&u| seen[u] & bit != 0) {
                return None;
            }
            units.iter().for_each(|&u| seen[u] |= bit);
            state.candidates[cell] = bit;
            state.singles.push(cell);
        }
        state.singles.reverse(); // placed in reading order, from the end of the stack
        Some(state)
    }

    /// Applies the rules until none applies any more: naked singles (placing one can queue
    /// more), then hidden singles, and box-line only once singles run out.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            while let Some(cell) = self.singles.pop() {
                if !self.solved[cell] {
                    self.assign(cell, self.candidates[cell])?;
                }
            }
            if !self.place_hidden_singles()? && !self.apply_box_line_intersections()? {
                return Ok(());
            }
        }
    }

    /// Places every value with one possible cell left in some unit; returns whether it did.
    fn place_hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed_any = false;
        for unit in &self.shape.units {
            // A value seen in a second cell moves from `once` into `twice`.
            let (mut once, mut twice, mut placed) = (0, 0, 0);
            for &cell in unit {
                let values = self.candidates[cell];
                if self.solved[cell] {
                    placed |= values;
                } else {
                    twice |= once & values;
                    once |= values;
                }
            }
            if (once | placed).count_ones() as usize != unit.len() {
                return Err(Contradiction); // a value with no place left in this unit
            }
            for value in bits(once & !twice) {
                // A placement earlier in this loop may have taken the value's one cell.
                let cell = unit
                    .iter()
                    .find(|&&cell| self.candidates[cell] & value != 0);
                self.assign(*cell.ok_or(Contradiction)?, value)?;
                placed_any = true;
            }
        }
        Ok(placed_any)
    }

    /// Box-line reasoning per segment: a value only its box places here leaves the rest of the
    /// line ("pointing"), one only its line places here the rest of the box ("claiming"). Over
    /// `b` such forced values is a contradiction; `b` leave the cells nothing else.
    fn apply_box_line_intersections(&mut self) -> Result<bool, Contradiction> {
        let (shape, b) = (self.shape, self.shape.b);
        let lines = b * b * b; // segments per direction
        // Computed once per sweep: candidates only shrink, so a confined value stays confined.
        let mut unions = [0; 2 * 25 * 5];
        let segments = shape.units.iter().flat_map(|unit| unit.chunks(b));
        for (union, cells) in unions[..2 * lines].iter_mut().zip(segments) {
            *union = cells.iter().fold(0, |u, &c| u | self.candidates[c]);
        }
        let mut changed = false;
        for (s, &here) in unions[..2 * lines].iter().enumerate() {
            let (first, line, third) = (s / lines * lines, s % lines / b, s % b);
            // The other segments of its line, and of its box, for k in 1..b.
            let rest_of_line = |k: usize| first + line * b + (third + k) % b;
            let rest_of_box = |k: usize| first + (line / b * b + (line % b + k) % b) * b + third;
            let elsewhere =
                |rest: &dyn Fn(usize) -> usize| (1..b).fold(0, |u, k| u | unions[rest(k)]);
            let (line_elsewhere, box_elsewhere) =
                (elsewhere(&rest_of_line), elsewhere(&rest_of_box));
            let (box_only, line_only) = (here & !box_elsewhere, here & !line_elsewhere);
            let forced = box_only | line_only;
            if forced.count_ones() as usize > b {
                return Err(Contradiction);
            }
            if forced.count_ones() as usize == b {
                changed |= self.eliminate_in([s], here & !forced)?;
            }
            changed |= self.eliminate_in((1..b).map(rest_of_line), box_only & line_elsewhere)?;
            changed |= self.eliminate_in((1..b).map(rest_of_box), line_only & box_elsewhere)?;
        }
        Ok(changed)
    }

    /// Removes `values` from every cell of `segments`; returns whether that removed any.
    fn eliminate_in(
        &mut self,
        segments: impl IntoIterator<Item = usize>,
        values: u32,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for s in segments {
            for &cell in self.shape.segment(s) {
                changed |= self.eliminate(cell, values)?;
            }
        }
        Ok(changed)
    }

    /// Puts the one-bit `value` in `cell` and removes it from every peer.
    fn assign(&mut self, cell: usize, value: u32) -> Result<(), Contradiction> {
        if self.candidates[cell] & value == 0 {
            return Err(Contradiction);
        }
        self.candidates[cell] = value;
        self.solved[cell] = true;
        for &peer in &self.shape.peers[cell] {
            self.eliminate(peer, value)?;
        }
        Ok(())
    }

    /// Removes `values` from `cell`; returns whether that removed any. None left is a
    /// contradiction (a solved peer of a value just placed, too).
    fn eliminate(&mut self, cell: usize, values: u32) -> Result<bool, Contradiction> {
        let before = self.candidates[cell];
        let after = before & !values;
        if after == before {
            return Ok(false);
        }
        if after == 0 {
            return Err(Contradiction);
        }
        self.candidates[cell] = after;
        if after.is_power_of_two() {
            self.singles.push(cell);
        }
        Ok(true)
    }

    /// The unsolved cell with the fewest candidates, the first among equals; `None` if none.
    fn tightest_cell(&self) -> Option<usize> {
        let unsolved = (0..self.candidates.len()).filter(|&cell| !self.solved[cell]);
        unsolved.min_by_key(|&cell| self.candidates[cell].count_ones())
    }

    /// The lowest value with exactly two places in the first unit that has one, and the places.
    fn value_with_two_places(&self) -> Option<(u32, [usize; 2])> {
        self.shape.units.iter().find_map(|unit| {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for &cell in unit.iter().filter(|&&cell| !self.solved[cell]) {
                let values = self.candidates[cell];
                thrice |= twice & values;
                twice |= once & values;
                once |= values;
            }
            let value = (twice & !thrice) & (twice & !thrice).wrapping_neg();
            let mut places = unit.iter().filter(|&&c| self.candidates[c] & value != 0);
            Some((value, [*places.next()?, *places.next()?]))
        })
    }
}

/// Propagates `state`, then guesses, each guess on a copy, showing `visit` every entry and
/// `found` every solution; returns the solution `found` stops at (LeetCode's: the first).
fn search(
    mut state: State,
    visit: &mut impl FnMut(&State),
    found: &mut impl FnMut(&State) -> bool,
) -> Option<State> {
    visit(&state);
    state.propagate().ok()?;
    let Some(cell) = state.tightest_cell() else {
        return found(&state).then_some(state);
    };
    let mut guess = |cell: usize, bit: u32| {
        let mut next = state.clone();
        next.assign(cell, bit).ok()?;
        search(next, visit, found)
    };
    // A value with two places splits the search in two; a cell with two candidates wins a tie.
    if state.candidates[cell].count_ones() > 2 {
        if let Some((value, places)) = state.value_with_two_places() {
            return places.into_iter().find_map(|place| guess(place, value));
        }
    }
    bits(state.candidates[cell]).find_map(|bit| guess(cell, bit))
}

/// The one-bit masks of `mask`, lowest first.
fn bits(mask: u32) -> impl Iterator<Item = u32> {
    (0..32 - mask.leading_zeros())
        .map(|i| 1 << i)
        .filter(move |bit| mask & bit != 0)
}
// ---- LeetCode submission: end ----

/// Solves `board` in place (LeetCode's contract: exactly one solution exists).
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    Solution::solve_sudoku(board)
}

/// Solves `board` in place like [`solve_sudoku`] and returns how many times the recursive search
/// was entered.
pub fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
    Solution::solve_counting_calls(board)
}

/// Solves `board` in place like [`solve_sudoku`], showing `visit` the board (the cells whose
/// digit is settled) each time the recursive search is entered (what `sudoku-kata trace`
/// records).
pub fn solve_visiting(board: &mut [Vec<char>], visit: &mut dyn FnMut(&[Vec<char>])) {
    Solution::solve_visiting(board, &mut |state| {
        let mut shown = vec![vec!['.'; 9]; 9];
        for (cell, &digits) in state.candidates.iter().enumerate() {
            if digits.count_ones() == 1 {
                shown[cell / 9][cell % 9] = char::from(b'1' + digits.trailing_zeros() as u8);
            }
        }
        visit(&shown)
    })
}

/// Solves a board with boxes of `box_size` by `box_size` cells, 2 to 5 (4x4 up to 25x25), in
/// place: the same rules and search as [`solve_sudoku`], on `n * n` cells where `n = box_size *
/// box_size`. `cells` holds the board row by row, a value 1 to `n` or 0 for a blank. Returns
/// whether it found a solution; without one, `cells` is left as it was.
///
/// ```
/// // A 4x4 board: boxes of 2 by 2, values 1 to 4.
/// let puzzle = [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2];
/// assert_eq!(constraint_propagation::solutions(2, &puzzle, 2).len(), 1);
/// let mut cells = puzzle;
/// assert!(constraint_propagation::solve_grid(2, &mut cells));
/// assert_eq!(cells, [1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2]);
/// ```
///
/// # Panics
/// When `box_size` is not 2 to 5, `cells` does not hold `n * n` values, or a value is above
/// `n`.
pub fn solve_grid(box_size: usize, cells: &mut [u8]) -> bool {
    let Some(solution) = solutions(box_size, cells, 1).pop() else {
        return false;
    };
    cells.copy_from_slice(&solution);
    true
}

/// Solves `cells` in place like [`solve_grid`], showing `visit` the board (the values of the
/// settled cells, 0 elsewhere) each time the recursive search is entered (what `sudoku-kata
/// trace` records on a board of any size). Panics as [`solve_grid`] does.
pub fn solve_grid_visiting(
    box_size: usize,
    cells: &mut [u8],
    visit: &mut dyn FnMut(&[u8]),
) -> bool {
    let settled = |state: &State| -> Vec<u8> {
        let value = |bits: u32| bits.trailing_zeros() as u8 + 1;
        let values = state.candidates.iter();
        values
            .map(|&bits| {
                if bits.count_ones() == 1 {
                    value(bits)
                } else {
                    0
                }
            })
            .collect()
    };
    let state = checked_state(box_size, cells);
    let solved = state.and_then(|state| search(state, &mut |s| visit(&settled(s)), &mut |_| true));
    if let Some(solved) = &solved {
        cells.copy_from_slice(&settled(solved));
    }
    solved.is_some()
}

/// The board's solutions, up to `limit` of them (2 tells a unique puzzle from one with
/// several), laid out as `cells` is. Laid out as for [`solve_grid`], and it panics as that does.
pub fn solutions(box_size: usize, cells: &[u8], limit: usize) -> Vec<Vec<u8>> {
    solutions_counting_calls(box_size, cells, limit).0
}

/// [`solutions`], and how many times the recursive search was entered.
pub fn solutions_counting_calls(
    box_size: usize,
    cells: &[u8],
    limit: usize,
) -> (Vec<Vec<u8>>, u64) {
    let (mut found, mut calls) = (Vec::new(), 0);
    if let Some(state) = checked_state(box_size, cells).filter(|_| limit > 0) {
        search(state, &mut |_| calls += 1, &mut |state| {
            let values = state.candidates.iter();
            found.push(values.map(|&bit| bit.trailing_zeros() as u8 + 1).collect());
            found.len() >= limit
        });
    }
    (found, calls)
}

/// The state of `cells` once its shape is checked, or `None` when two givens clash.
fn checked_state(box_size: usize, cells: &[u8]) -> Option<State> {
    assert!((2..=5).contains(&box_size), "box size {box_size}: 2 to 5");
    let n = box_size * box_size;
    assert_eq!(
        cells.len(),
        n * n,
        "a board of box size {box_size} has {n} x {n} cells"
    );
    let too_big = cells.iter().find(|&&value| usize::from(value) > n);
    assert!(too_big.is_none(), "{too_big:?}: a value above {n}");
    State::new(box_size, cells.iter().map(|&value| u32::from(value)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_board::Board;
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
    fn board(line: &str) -> Vec<Vec<char>> {
        Board::parse_line(line).expect("a valid board").to_rows()
    }

    /// Every digit's bit.
    const ALL_DIGITS: u32 = 0x1ff;

    /// The state of LeetCode's board `grid` before any propagation.
    fn state_of(grid: &[Vec<char>]) -> Option<State> {
        State::new(
            3,
            grid.iter().flatten().map(|c| c.to_digit(10).unwrap_or(0)),
        )
    }

    /// A state where every cell is still open to every digit.
    fn open_state() -> State {
        State::new(3, [0; 81]).expect("no givens, no clash")
    }

    fn digit(d: u32) -> u32 {
        1 << (d - 1)
    }

    /// The cells of unit `u` of a 9x9 board: row `u`, column `u - 9` or box `u - 18`.
    fn unit(u: usize) -> Vec<usize> {
        Shape::of(3).units[u].clone()
    }

    /// `state` with `d` removed from every cell of `unit` except `keep`.
    fn with_one_place_left(mut state: State, u: usize, d: u32, keep: usize) -> State {
        for cell in unit(u) {
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
        let mut state = state_of(&grid).expect("the givens do not clash");
        assert!(!state.solved[0]);

        state.propagate().expect("no contradiction");

        assert!(state.solved[0]);
        assert_eq!(state.candidates[0], digit(9));
        assert!(state.singles.is_empty());
    }

    #[test]
    fn hidden_single_is_placed_in_a_row_a_column_and_a_box() {
        // Row 4, column 7, box 5: each unit's cells stay open to every other
        // digit, so only the unit can force the digit into `keep`.
        for (unit, keep) in [(4, 4 * 9 + 6), (9 + 7, 2 * 9 + 7), (18 + 5, 4 * 9 + 7)] {
            let mut state = with_one_place_left(open_state(), unit, 3, keep);
            assert_eq!(state.candidates[keep], ALL_DIGITS);

            assert!(state.place_hidden_singles().expect("no contradiction"));

            assert!(state.solved[keep], "unit {unit}");
            assert_eq!(state.candidates[keep], digit(3));
            // ...and the placement reached the peers.
            for peer in units_of(9, 3, keep).into_iter().flat_map(self::unit) {
                assert!(peer == keep || state.candidates[peer] & digit(3) == 0);
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
            state.singles.push(cell);
        }
        assert!(state.propagate().is_err());
    }

    #[test]
    fn digit_without_a_place_in_a_unit_is_a_contradiction() {
        let mut state = open_state();
        for cell in unit(18 + 2) {
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
        assert_eq!(state.value_with_two_places(), Some((digit(6), [20, 65])));
        assert_eq!(open_state().value_with_two_places(), None);
    }

    #[test]
    fn every_guess_starts_from_the_same_parent_state() {
        // The example before any propagation: (0, 2) is open to all nine digits. Guess each
        // from that one state: only the solution's 4 may lead to a solution.
        let parent = state_of(&puzzle_rows(EXAMPLE)).expect("the givens do not clash");
        for d in 1..=9 {
            let mut guess = parent.clone();
            let found = guess.assign(2, digit(d)).is_ok()
                && search(guess, &mut |_| {}, &mut |_| true).is_some();
            assert_eq!(found, d == 4, "guessing {d}");
        }
        assert_eq!(
            parent.candidates[2], ALL_DIGITS,
            "the guesses worked on copies"
        );
        let mut grid = puzzle_rows(EXAMPLE);
        solve_counting_calls(&mut grid);
        assert_eq!(grid, puzzle_rows(EXAMPLE_SOLVED));
    }

    #[test]
    fn a_board_without_a_solution_comes_back_as_given() {
        for line in [INKALA_ROW_8_TWO, INKALA_CORNER_ONE] {
            let mut grid = board(line);
            assert!(solve_counting_calls(&mut grid) > 1, "it had to guess");
            assert_eq!(grid, board(line));
        }
        let mut grid = puzzle_rows(UNSOLVABLE);
        solve_counting_calls(&mut grid);
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
        // Clashing givens: no search at all.
        let mut clash = puzzle_rows(EXAMPLE);
        clash[0][2] = '5';
        let before = clash.clone();
        assert_eq!(solve_counting_calls(&mut clash), 0);
        assert_eq!(clash, before);
    }
}
