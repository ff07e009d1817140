//! Boards beyond 9x9: box sizes 2 to 5 (4x4 to 25x25), values `1..=side` and 0 for a blank.
//!
//! ```
//! use sudoku_engine::large::solutions;
//!
//! // A 4x4 board (box size 2) with one solution.
//! let puzzle = [0, 2, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 3, 0];
//! let (found, _calls) = solutions(2, &puzzle, 2);
//! assert_eq!(found, [vec![1, 2, 4, 3, 4, 3, 1, 2, 3, 1, 2, 4, 2, 4, 3, 1]]);
//! // One solution asked for: the same one.
//! assert_eq!(solutions(2, &puzzle, 1).0, found);
//! ```
//!
//! **The design.** Each cell keeps its candidates as the bits of a `u32` (bit `v - 1` for
//! value `v`). The givens are deduced from to a fixed point:
//! - *naked singles*: a cell with one candidate left takes it, and its value leaves the
//!   candidates of its peers (the other cells of its row, column and box);
//! - *hidden singles*: in each unit (row, column, box) two bit-sliced counters over its cells
//!   (`twice |= once & m; once |= m`) give the values with exactly one place left, which is
//!   where they go; a value with no place left means no solution;
//! - *locked candidates*, when no single is left: a value whose places in a box lie in one row
//!   or column leaves the rest of that line, and one whose places in a line lie in one box
//!   leaves the rest of that box.
//!
//! What is left goes to a SAT solver ([`batsat`], a MiniSat in Rust) as one variable per
//! candidate (the `sat` module), which learns a clause from each dead end; looking for one
//! solution, its decisions put a value in a cell, as a guess does. Counting solutions
//! (to 2, for uniqueness) adds a clause that rules out each solution found and asks again,
//! keeping what the solver learnt.
//!
//! What each part bought, measured on the public 25x25 boards (Lloyd and Amos, 2018), 100 per
//! fill level, first solution, on one core:
//! - a search of its own (singles, then locked candidates, at every node; the cell with the
//!   fewest candidates first) with restarts on a Luby schedule left 3 of the first 40 boards at
//!   45% given over 2 s, one of them over 10 s; without restarts, 17 of the first 100 did;
//! - the SAT solver after the deductions solves all 100 at every fill level, the slowest board
//!   in about a second and a half, at 45% given (the hardest level) about 70 ms a board.
//!   Handing it the board after a few thousand calls of that search instead was slower on
//!   every level, so the engine keeps no search of its own;
//! - deciding a value into a cell first (rather than out of it, MiniSat's default) brought the
//!   first solution at 45% to about 30 ms a board and the slowest under 0.5 s;
//! - variable activities that decay more slowly than MiniSat's (0.98 a conflict, not 0.95)
//!   took that to about 26 ms a board, a seventh less, and as much on 500 boards of
//!   `generate --size 25 --givens 45`.
//!
//! Other SAT solvers in batsat's place, on the same 100 boards at 45% with the same formula
//! (batsat at 3.05 s then, before the slower decay): CaDiCaL (the `cadical` crate, C++) took
//! 5.3 s, 3.9 s in its `sat` configuration, which halves the slowest boards but costs more on
//! each of the others; varisat took 5.0 s and splr 9.9 s.
//!
//! Counting to 2 keeps MiniSat's saved phases and its decay, which are faster at showing that
//! no second solution exists (the slower decay took twice as long there), and costs at most
//! twice the first solution on every level (about 1.8 times at 45%, the hardest).
//!
//! The 9x9 engine's per-digit bands are tuned to 81 cells; here every table is built for the
//! box size at hand, once a process.

mod sat;

use std::sync::OnceLock;

/// The board's shape: its side and, per cell, its peers; per unit, its cells.
struct Shape {
    box_size: usize,
    side: usize,
    /// Every value's bit: `side` bits.
    all: u32,
    /// `peers[cell * peer_count..][..peer_count]`: the other cells of its row, column and box.
    peers: Vec<u16>,
    peer_count: usize,
    /// `units[unit * side..][..side]`: the cells of each row, then each column, then each box.
    units: Vec<u16>,
}

impl Shape {
    fn new(box_size: usize) -> Shape {
        let side = box_size * box_size;
        let unit_of = |cell: usize| {
            let (row, col) = (cell / side, cell % side);
            [
                row,
                side + col,
                2 * side + row / box_size * box_size + col / box_size,
            ]
        };
        let mut units = vec![0; 3 * side * side];
        let mut filled = vec![0; 3 * side];
        for cell in 0..side * side {
            for unit in unit_of(cell) {
                units[unit * side + filled[unit]] = cell as u16;
                filled[unit] += 1;
            }
        }
        let peer_count = 3 * (side - 1) - 2 * (box_size - 1);
        let mut peers = Vec::with_capacity(side * side * peer_count);
        for cell in 0..side * side {
            let start = peers.len();
            for unit in unit_of(cell) {
                for &peer in &units[unit * side..][..side] {
                    if usize::from(peer) != cell && !peers[start..].contains(&peer) {
                        peers.push(peer);
                    }
                }
            }
            debug_assert_eq!(peers.len() - start, peer_count);
        }
        Shape {
            box_size,
            side,
            all: (1 << side) - 1,
            peers,
            peer_count,
            units,
        }
    }

    /// The shape of box size `box_size` (2 to 5), built once a process: building the peers
    /// of a 25x25 board costs more than solving an easy one.
    fn of(box_size: usize) -> &'static Shape {
        static SHAPES: [OnceLock<Shape>; 4] = [const { OnceLock::new() }; 4];
        SHAPES[box_size - 2].get_or_init(|| Shape::new(box_size))
    }

    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..][..self.peer_count]
    }
}

/// The deductions: the shape, and the cells whose single candidate is still to be taken out of
/// their peers.
struct Deductions<'a> {
    shape: &'a Shape,
    queue: Vec<u16>,
}

/// Up to `limit` solutions of the board of box size `box_size` (2 to 5) whose values, row by
/// row, are `cells` (`1..=side`, 0 for a blank), laid out as `cells` is, and the search steps
/// it took: one for the deductions, plus the SAT solver's decisions. Givens that clash, or a
/// board with no solution, give none. The solver's choices are fixed, so a board always gets
/// the same answers in the same order.
///
/// # Panics
/// When `box_size` is not 2 to 5, `cells` is not `side * side` values, or a value is past
/// `side`.
pub fn solutions(box_size: usize, cells: &[u8], limit: usize) -> (Vec<Vec<u8>>, u64) {
    assert!((2..=5).contains(&box_size), "box size {box_size}: 2 to 5");
    let shape = Shape::of(box_size);
    let side = shape.side;
    assert_eq!(cells.len(), side * side, "a {side}x{side} board");
    let mut candidates = vec![shape.all; side * side];
    for (cell, &value) in cells.iter().enumerate() {
        assert!(
            usize::from(value) <= side,
            "value {value} on a {side}x{side} board"
        );
        if value > 0 {
            candidates[cell] = 1 << (value - 1);
        }
    }
    if limit == 0 {
        return (Vec::new(), 0);
    }
    let mut deductions = Deductions {
        shape,
        queue: (0..side * side)
            .filter(|&cell| cells[cell] > 0)
            .map(|cell| cell as u16)
            .collect(),
    };
    if !deductions.deduce(&mut candidates) {
        return (Vec::new(), 1);
    }
    let mut found = Vec::new();
    let decisions = sat::solutions(shape, &candidates, &mut found, limit);
    (found, 1 + decisions)
}

impl Deductions<'_> {
    /// Naked and hidden singles, then locked candidates, to a fixed point; false at a dead end.
    fn deduce(&mut self, candidates: &mut [u32]) -> bool {
        let shape = self.shape;
        let side = shape.side;
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = usize::from(cell);
                let bit = candidates[cell];
                for &peer in shape.peers(cell) {
                    let peer = usize::from(peer);
                    let options = candidates[peer];
                    if options & bit != 0 {
                        let left = options & !bit;
                        if left == 0 {
                            return false;
                        }
                        candidates[peer] = left;
                        if left & (left - 1) == 0 {
                            self.queue.push(peer as u16);
                        }
                    }
                }
            }
            let mut placed = false;
            for unit in shape.units.chunks_exact(side) {
                let (mut once, mut twice, mut solved) = (0u32, 0u32, 0u32);
                for &cell in unit {
                    let options = candidates[usize::from(cell)];
                    twice |= once & options;
                    once |= options;
                    if options & (options - 1) == 0 {
                        solved |= options;
                    }
                }
                if once != shape.all {
                    return false;
                }
                let mut hidden = once & !twice & !solved;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= !bit;
                    // Two values whose one place is the same cell: the first took it.
                    let Some(cell) = (unit.iter().copied())
                        .find(|&cell| candidates[usize::from(cell)] & bit != 0)
                    else {
                        return false;
                    };
                    candidates[usize::from(cell)] = bit;
                    self.queue.push(cell);
                    placed = true;
                }
            }
            if placed {
                continue;
            }
            match self.locked(candidates) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Locked candidates, on rows and on columns: a value whose places in a box all lie in one
    /// line leaves the rest of that line ("pointing"), and a value whose places in a line all
    /// lie in one box leaves the rest of that box ("claiming"). Whether anything changed, or
    /// `None` at a dead end; a cell left with one candidate is queued.
    fn locked(&mut self, candidates: &mut [u32]) -> Option<bool> {
        let (side, size) = (self.shape.side, self.shape.box_size);
        let mut changed = false;
        // A line (row or column) is `line`, a cell on it `at(line, position)`; a segment is the
        // `size` cells of a line inside one box.
        for by_rows in [true, false] {
            let at = |line: usize, position: usize| {
                if by_rows {
                    line * side + position
                } else {
                    position * side + line
                }
            };
            let mut segments = [[0u32; 5]; 25];
            for (line, row) in segments.iter_mut().enumerate().take(side) {
                for (segment, options) in row.iter_mut().enumerate().take(size) {
                    *options = (0..size)
                        .map(|k| candidates[at(line, segment * size + k)])
                        .fold(0, |all, options| all | options);
                }
            }
            let mut remove = |cell: usize, values: u32, queue: &mut Vec<u16>| {
                let options = candidates[cell];
                if options & values != 0 && options & (options - 1) != 0 {
                    let left = options & !values;
                    if left == 0 {
                        return false;
                    }
                    candidates[cell] = left;
                    changed = true;
                    if left & (left - 1) == 0 {
                        queue.push(cell as u16);
                    }
                }
                true
            };
            for (line, row) in segments.iter().enumerate().take(side) {
                // Claiming: values in one segment of the line leave the rest of its box.
                let (mut once, mut twice) = (0u32, 0u32);
                for &options in &row[..size] {
                    twice |= once & options;
                    once |= options;
                }
                let only = once & !twice;
                for (segment, &options) in row.iter().enumerate().take(size) {
                    let values = only & options;
                    if values == 0 {
                        continue;
                    }
                    let band = line / size * size;
                    for other in (band..band + size).filter(|&other| other != line) {
                        for k in 0..size {
                            let cell = at(other, segment * size + k);
                            if !remove(cell, values, &mut self.queue) {
                                return None;
                            }
                        }
                    }
                }
            }
            for band in (0..side).step_by(size) {
                let lines = &segments[band..band + size];
                for segment in 0..size {
                    // Pointing: values in one line of the box leave the rest of that line.
                    let (mut once, mut twice) = (0u32, 0u32);
                    for options in lines.iter().map(|line| line[segment]) {
                        twice |= once & options;
                        once |= options;
                    }
                    let only = once & !twice;
                    for (offset, line) in lines.iter().enumerate() {
                        let values = only & line[segment];
                        if values == 0 {
                            continue;
                        }
                        let outside = (0..side).filter(|position| position / size != segment);
                        for position in outside {
                            if !remove(at(band + offset, position), values, &mut self.queue) {
                                return None;
                            }
                        }
                    }
                }
            }
        }
        Some(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_boards_of_every_size_have_a_solution_that_keeps_the_rules() {
        for box_size in 2..=5 {
            let side = box_size * box_size;
            let (found, _) = solutions(box_size, &vec![0; side * side], 1);
            assert_eq!(found.len(), 1, "box size {box_size}");
            let shape = Shape::new(box_size);
            for unit in shape.units.chunks_exact(side) {
                let mut values: Vec<u8> = unit.iter().map(|&c| found[0][usize::from(c)]).collect();
                values.sort_unstable();
                assert_eq!(values, (1..=side as u8).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut puzzle = vec![0; 16];
        (puzzle[0], puzzle[3]) = (1, 1);
        assert_eq!(solutions(2, &puzzle, 2).0, Vec::<Vec<u8>>::new());
    }

    #[test]
    fn a_board_with_several_solutions_gives_as_many_as_asked() {
        assert_eq!(solutions(2, &[0; 16], 2).0.len(), 2);
        // 288 4x4 grids in all.
        assert_eq!(solutions(2, &[0; 16], 1000).0.len(), 288);
    }

    #[test]
    fn the_peers_of_a_cell_are_its_row_column_and_box() {
        let shape = Shape::new(5);
        assert_eq!(shape.peer_count, 64);
        let mut peers = shape.peers(0).to_vec();
        peers.sort_unstable();
        assert!(peers.contains(&24) && peers.contains(&600) && peers.contains(&(25 + 4)));
        assert!(!peers.contains(&0) && !peers.contains(&(25 + 5)));
    }
}
