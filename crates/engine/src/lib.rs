//! # sudoku-engine: the tuned solver behind the tools
//!
//! The solver that `solve`, `check`, `generate` and every answer check of this workspace run:
//! [`solve_bytes`] for the first solution, [`count_solutions`] to count up to a limit, and
//! [`solutions`] to tell none, one and several apart, with the solutions found. Puzzles are 81
//! ASCII bytes, row by row: `b'1'..=b'9'` are givens, `b'.'` and `b'0'` blanks.
//!
//! ```
//! use sudoku_engine::{Solutions, count_solutions, solutions, solve_bytes};
//!
//! let puzzle = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let solution = solve_bytes(&puzzle).expect("LeetCode's example has a solution");
//! assert_eq!(&solution[..9], b"534678912");
//! assert_eq!(count_solutions(&puzzle, 2), 1);
//! assert_eq!(solutions(&puzzle), Solutions::Unique(solution));
//!
//! // Two givens in one row clash: not a puzzle, so no solution.
//! let mut clash = puzzle;
//! clash[2] = b'5';
//! assert_eq!(solutions(&clash), Solutions::None);
//! ```
//!
//! Boards beyond 9x9 (4x4 to 25x25) have a solver of their own, [`large::solutions`], which the
//! tools use on every other size.
//!
//! It is the ladder's top rung (`crates/approaches/bitboard`) grown into a production engine:
//! the same plan (deduce to a fixed point, guess on a copy, per-digit bitboards by band), with
//! every trick that measured faster. The rung stays readable; this crate may be as clever as it
//! needs to be to stay ahead of the fastest public solvers, and its tuning notes live here.
//!
//! **The design.** Keep, for every digit, the set of cells where it may still go, as bits,
//! and let each rule of sudoku be a handful of `AND`/`OR` operations on those sets. Cut
//! the board into three *bands* of three rows: one digit's places in one band fit in 27
//! bits of a `u32`, so the whole state is 27 words (9 digits x 3 bands). In a band, a digit
//! must appear once in each of the three rows and once in each of the three boxes, so the
//! nine *triads* (a row's three cells inside one box) it can use must contain a 3x3
//! permutation. A table of 512 entries maps the triads that still hold the digit to the
//! triads that lie on some permutation, which is every box-line interaction of the band
//! at once ("pointing" and "claiming"); a row left with one cell places the digit there,
//! and that includes every hidden single of a row or a box. This is the design of
//! zhouyundong's ZSolver and JCZSolve, the fastest classic solvers, and of the `sudoku`
//! crate's port of them; the code here is written from that description.
//!
//! **How it works.** `places[3 * digit + band]` holds the cells of `band` (bit
//! `9 * row + column`) where `digit` may go; `unsolved[band]` the cells not yet solved.
//! `Grid::update::<I>` works on one digit-band when it changed since it was last seen:
//! - look up the triads of its three rows (`ROW_TRIADS`), then the cells on a permutation
//!   of them (`LOCKED_CELLS`); nothing left is a contradiction;
//! - per box, if the digit's cells lie in one column, remove that column from the
//!   digit's other two bands (`OTHER_BANDS`), which also takes care of a placed digit;
//! - a row left with one cell solves that cell: remove it from the 8 other digits.
//!
//! `propagate` runs the 27 updates, unrolled with constant indices, until none changes
//! anything. Then `naked_singles` counts candidates per cell with three bit-sliced
//! counters over the 9 digits (`twice |= once & x; once |= x`): a cell with none fails,
//! a cell with one is placed, and the cells with exactly two are kept for guessing. Then
//! `columns`, on the digits whose places changed since it last ran: per digit, the three
//! columns of each stack share its boxes the way rows share a band, so the same permutation
//! table applies to them (a column with one place left is a case of it). It runs at every
//! call when the search started with 50 empty cells or more, and otherwise only when no
//! cell has two candidates left.
//!
//! When nothing more follows, the search guesses (`Grid::branch`): on a cell with two
//! candidates, when the search started with 50 empty cells or more the one with the best
//! score (3 per *link*, another such cell among its peers that shares a digit with it, so
//! that either guess settles it; -2 per *tie*, a row or box of the cell where one of its
//! digits has only one other place), else the first; failing that, on the first unsolved
//! cell of the band where that cell has fewest candidates, and when even that cell has five
//! or more, on a digit with two places left in some row, box or column (on boards of fewer
//! than 17 givens, on the cell with the fewest candidates of all, and on the digit as soon as
//! that cell has three). The first choice is tried on a copy of the state (`Grid` is `Copy`,
//! 248 bytes); the last on the state itself, since nothing needs it afterwards. Placing a
//! digit only clears its row and box in its band: its column and the cell's other candidates
//! follow in `propagate`.
//!
//! **Cost.** Exponential in the worst case, like every complete search; in practice about 2
//! search calls on a 17-clue puzzle and 78 on the forum's 1905 hardest list (153 to prove the
//! solution unique). Per call: a copy of 248 bytes, and per changed digit-band about 40
//! operations with five table look-ups (11 KB of tables in all, 4.5 KB of them on this path,
//! computed by `const` code at compile time); per guess, about 90 operations for each cell
//! with two candidates, to score it; no allocation. `docs/results.md` measures it against the
//! `sudoku` crate's JCZSolve port on the public benchmark sets (`docs/measuring.md` says how).
//!
//! **Pitfalls.**
//! - *Lazy placement is not eager placement.* `place` leaves the cell's other digits and
//!   the digit's column alone; correctness rests on `propagate` seeing the row left with
//!   one cell. Givens are placed eagerly instead (`with_givens`), because two clashing
//!   givens must be told apart from a puzzle without a solution.
//! - *A changed digit-band must be seen again.* `seen` starts at `u32::MAX`, which no set
//!   of places equals, so even a digit-band that the givens emptied is checked once.
//! - *Naked singles in one sweep can collide.* Placing one single may take the last digit
//!   of another cell found in the same sweep; that is a contradiction, not a panic.
//! - *Table indices must stay in range without checks.* Every index is masked to its
//!   table's size, so that the compiler drops the bounds checks (and their panics) from the
//!   27 unrolled updates.
//! - *More deduction is not always faster.* Running `columns` at every search call takes
//!   13% to 20% fewer calls on the sparse sets, and pays only because it is cheap (changed
//!   digits only, one look-up per stack); on serg's boards of 46 or 47 empty cells it
//!   deduces next to nothing and cost 9% time, hence the 50-empty-cells rule. Triad
//!   counting (a triad holds exactly three digits) took 3% fewer calls and cost 5-15% time.
//! - *A better guess has a price, and the obvious score is wrong.* Scoring each pair takes
//!   about a sixth of the time, and pays: its links took a quarter fewer search calls on the
//!   hardest lists than the rule before them (where the pairs crowd: most per band, row and
//!   box), and its ties 17% fewer again. Yet a tie counted *for* the cell, for the hidden
//!   single it promises one branch, cost 8% more calls. On serg's boards, 46 or 47 empty
//!   cells, scoring saved 2% of the calls and took 40% more time: there the first pair is
//!   taken.
//! - *The branch rule is tuned on both sides.* Guessing on the first unsolved cell is best on
//!   puzzle collections and worst on very sparse boards, where one random 5-given board took
//!   198,262 calls to find its second solution; a digit with two places is the reverse. So
//!   the digit is taken when the cell would have five candidates or more, and on boards with
//!   fewer than 17 givens already at three, where the rule for puzzles took 7.9 million calls
//!   on a 7-given board. Taking the digit there before any pair took 386,186 calls on a
//!   13-given board where this rule takes 8,884: `tests/random_boards.rs` holds random boards
//!   to a budget of search calls.

pub mod large;

/// Cells of one band (three rows) as bits: bit `9 * row + col`, 27 bits.
const BAND: u32 = (1 << 27) - 1;
/// One column of a band: bits `col`, `col + 9`, `col + 18`.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For each 9-bit row of a band, which of its three triads (3-cell segments, one per box)
/// hold a candidate: bit `box` set when any of bits `3 * box .. 3 * box + 3` is.
const ROW_TRIADS: [u8; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut b = 0;
        while b < 3 {
            if row >> (3 * b) & 7 != 0 {
                table[row] |= 1 << b;
            }
            b += 1;
        }
        row += 1;
    }
    table
};

/// The column (0..9) of each band cell (bit `9 * row + column`).
const COLUMN_OF: [u8; 32] = {
    let mut table = [0; 32];
    let mut at = 0;
    while at < 32 {
        table[at] = (at % 9) as u8;
        at += 1;
    }
    table
};

/// How many of 9 bits are set: a portable x86-64 build has no popcount instruction, and a
/// look-up per row is cheaper than the bit arithmetic `count_ones` compiles to there.
const ONES: [u8; 512] = {
    let mut table = [0; 512];
    let mut bits = 0;
    while bits < 512 {
        table[bits] = (bits as u32).count_ones() as u8;
        bits += 1;
    }
    table
};

/// For a 3x3 pattern of triads (bit `3 * row + box`), the triads that lie on some way of
/// giving every row of the band exactly one box and every box exactly one row: a digit
/// appears once per row and once per box, so any other triad cannot hold it. Zero when
/// no such way exists (the digit cannot be placed in the band: a contradiction).
const LOCKED_TRIADS: [u16; 512] = {
    const WAYS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut way = 0;
        while way < 6 {
            let [a, b, c] = WAYS[way];
            let cells = 1 << a | 1 << (3 + b) | 1 << (6 + c);
            if triads & cells == cells {
                table[triads] |= cells as u16;
            }
            way += 1;
        }
        triads += 1;
    }
    table
};

/// `LOCKED_TRIADS` with its three 3-bit groups moved to bits 0, 9 and 18: for the columns
/// of one stack that a digit may use in each band (bit `9 * band + column`), those that lie
/// on some way of giving every band one column and every column one band.
const LOCKED_SPREAD: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let locked = LOCKED_TRIADS[columns] as u32;
        table[columns] = (locked & 7) | (locked >> 3 & 7) << 9 | (locked >> 6 & 7) << 18;
        columns += 1;
    }
    table
};

/// For each cell, its row (bit `row`), column (bit `9 + column`) and box (bit `18 + box`).
const CELL_UNITS: [u32; 81] = {
    let mut table = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        table[cell] = 1 << row | 1 << (9 + column) | 1 << (18 + row / 3 * 3 + column / 3);
        cell += 1;
    }
    table
};

/// The band cells (27 bits) covered by a 9-bit triad pattern.
const TRIAD_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut t = 0;
        while t < 9 {
            if triads >> t & 1 != 0 {
                table[triads] |= 7 << (9 * (t / 3) + 3 * (t % 3));
            }
            t += 1;
        }
        triads += 1;
    }
    table
};

/// `TRIAD_CELLS[LOCKED_TRIADS[triads]]` in one look-up: it is on the hot path.
const LOCKED_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = TRIAD_CELLS[LOCKED_TRIADS[triads] as usize];
        triads += 1;
    }
    table
};

/// For the columns (9 bits) where a digit may go in one band: the cells the digit keeps in
/// each other band. A box whose candidates lie in one column puts the digit in that column
/// within this band, so no other band may use the column ("pointing" along columns; a
/// placed digit is the smallest case).
const OTHER_BANDS: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns: u32 = 0;
    while columns < 512 {
        let mut keep = BAND;
        let mut b = 0;
        while b < 3 {
            let in_box = columns >> (3 * b) & 7;
            if in_box.count_ones() == 1 {
                keep &= !(COLUMN << (3 * b + in_box.trailing_zeros() as usize));
            }
            b += 1;
        }
        table[columns as usize] = keep;
        columns += 1;
    }
    table
};

/// For a set of a band's rows (3 bits), their cells.
const ROWS_OF: [u32; 8] = {
    let mut table = [0; 8];
    let mut rows = 0;
    while rows < 8 {
        let mut row = 0;
        while row < 3 {
            if rows >> row & 1 != 0 {
                table[rows] |= 0x1ff << (9 * row);
            }
            row += 1;
        }
        rows += 1;
    }
    table
};

/// For a set of a band's boxes (3 bits), their cells.
const BOXES_OF: [u32; 8] = {
    let mut table = [0; 8];
    let mut boxes = 0;
    while boxes < 8 {
        let mut b = 0;
        while b < 3 {
            if boxes >> b & 1 != 0 {
                table[boxes] |= (7 * COLUMN) << (3 * b);
            }
            b += 1;
        }
        boxes += 1;
    }
    table
};

/// The other cells of each band cell's row.
const ROW_PEERS: [u32; 32] = {
    let mut table = [0; 32];
    let mut at = 0;
    while at < 27 {
        table[at] = (0x1ff << (at / 9 * 9)) & !(1 << at);
        at += 1;
    }
    table
};

/// The other cells of each band cell's box.
const BOX_PEERS: [u32; 32] = {
    let mut table = [0; 32];
    let mut at = 0;
    while at < 27 {
        table[at] = ((7 * COLUMN) << (at % 9 / 3 * 3)) & !(1 << at);
        at += 1;
    }
    table
};

/// The cells of the box and row of each band cell, but the cell itself: what placing a
/// digit there removes from the digit's places in the band.
const PEERS_IN_BAND: [u32; 32] = {
    let mut table = [0; 32];
    let mut at = 0;
    while at < 32 {
        table[at] = ROW_PEERS[at] | BOX_PEERS[at];
        at += 1;
    }
    table
};

/// The search state: for every digit and band, the cells where the digit may still go,
/// and the cells not yet solved. 248 bytes and `Copy`: a guess works on a copy.
#[derive(Clone, Copy)]
struct Grid {
    /// `places[3 * digit + band]`: candidate cells of `digit` (0-based) in `band`.
    places: [u32; 27],
    /// `places` as last propagated: a digit-band equal to it has nothing new to deduce
    /// (`u32::MAX`, never a set of places, until it is first propagated).
    seen: [u32; 27],
    /// Unsolved cells of each band.
    unsolved: [u32; 3],
    /// Unsolved cells with exactly two candidates, per band, as of the last count.
    pairs: [u32; 3],
    /// Digits (bit per digit) whose places changed since [`Grid::columns`] last saw them.
    dirty: u32,
    /// Whether an update changed anything in the current sweep of [`Grid::propagate`].
    progress: bool,
}

/// The board's givens break a rule: two equal digits share a row, column or box.
struct Clash;

/// A dead end: some cell or some digit in some unit has no place left.
struct Contradiction;

/// Where the search guesses.
enum Branch {
    /// Each candidate of this cell (`band`, `bit`) in turn.
    Cell(usize, u32),
    /// This digit at one of these two places (`band`, `bit`), the only two in some unit.
    Digit(usize, [(usize, u32); 2]),
}

/// One search: the solutions found so far and when to stop.
struct Search {
    limit: usize,
    found: usize,
    first: [u8; 81],
    second: [u8; 81],
    calls: u64,
    /// Whether the search started with 50 empty cells or more. Then the column pass runs at
    /// every call, not only when no cell has two candidates, and a guess goes to the pair
    /// with the best score ([`Grid::linked_pair`]) instead of the first pair: on denser boards
    /// neither pays for its cost.
    open: bool,
    /// Whether the search started with fewer than 17 givens (65 empty cells or more): then,
    /// where no pair is left, the guess goes to the cell with the fewest candidates of all, or
    /// to a digit with two places as soon as that cell has three ([`Grid::branch`]).
    sparse: bool,
}

impl Grid {
    const OPEN: Grid = Grid {
        places: [BAND; 27],
        seen: [u32::MAX; 27],
        unsolved: [BAND; 3],
        pairs: [0; 3],
        dirty: 0x1ff,
        progress: false,
    };

    /// A grid with these givens (`0` = blank, `1..=9`), or `Err` when two givens clash.
    fn with_givens(cells: &[u8; 81]) -> Result<Grid, Clash> {
        // Per digit: the rows, columns and boxes its givens already use (9 bits each), and
        // its givens' cells per band; then every digit-band is set once.
        // `units[digit]`: its rows (bits 0..9), columns (9..18) and boxes (18..27).
        let mut units = [0u32; 9];
        let mut given_cells = [0u32; 27];
        for band in 0..3 {
            // The band's givens as bits first, without a branch per cell (a third of the cells
            // are givens, in no pattern a predictor can learn), then one step per given.
            let mut givens = 0u32;
            for at in 0..27 {
                givens |= u32::from(cells[27 * band + at] != 0) << at;
            }
            while givens != 0 {
                let at = givens.trailing_zeros() as usize % 27;
                givens &= givens - 1;
                let cell = 27 * band + at;
                let digit = usize::from(cells[cell].wrapping_sub(1)).min(8);
                let units_of = CELL_UNITS[cell];
                if units[digit] & units_of != 0 {
                    return Err(Clash);
                }
                units[digit] |= units_of;
                given_cells[3 * digit + band] |= 1 << at;
            }
        }
        let rows = units.map(|units| units & 0x1ff);
        let columns = units.map(|units| units >> 9 & 0x1ff);
        let boxes = units.map(|units| units >> 18);
        let mut grid = Grid::OPEN;
        for band in 0..3 {
            let taken = given_cells[band]
                | given_cells[3 + band]
                | given_cells[6 + band]
                | given_cells[9 + band]
                | given_cells[12 + band]
                | given_cells[15 + band]
                | given_cells[18 + band]
                | given_cells[21 + band]
                | given_cells[24 + band];
            grid.unsolved[band] = BAND & !taken;
            for digit in 0..9 {
                let used_rows = (rows[digit] >> (3 * band)) as usize & 7;
                let used_boxes = (boxes[digit] >> (3 * band)) as usize & 7;
                let blocked = ROWS_OF[used_rows] | BOXES_OF[used_boxes] | (columns[digit] * COLUMN);
                grid.places[3 * digit + band] =
                    (BAND & !taken & !blocked) | given_cells[3 * digit + band];
            }
        }
        Ok(grid)
    }

    /// Puts `digit` at the cell `bit` of `band`, removing it from the cell's row and box.
    /// The rest (its column, the cell's other candidates) follows in `propagate`, which
    /// sees the row left with one place.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: u32) {
        self.places[3 * digit + band] &= !PEERS_IN_BAND[bit.trailing_zeros() as usize & 31];
    }

    /// Box-line reasoning for one digit in one band, and the cells it solves. Notes in
    /// `progress` whether there was anything new.
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> Result<(), Contradiction> {
        let (digit, band) = (I / 3, I % 3);
        let mut places = self.places[I];
        if places == self.seen[I] {
            return Ok(());
        }
        self.progress = true;
        // (Every index is masked to its table's size: no bounds checks in the hot loop.)
        let triads = u32::from(ROW_TRIADS[(places & 0x1ff) as usize] & 7)
            | u32::from(ROW_TRIADS[(places >> 9 & 0x1ff) as usize] & 7) << 3
            | u32::from(ROW_TRIADS[(places >> 18 & 0x1ff) as usize] & 7) << 6;
        places &= LOCKED_CELLS[triads as usize];
        if places == 0 {
            return Err(Contradiction);
        }
        self.places[I] = places;
        self.seen[I] = places;
        self.dirty |= 1 << digit;
        let columns = (places | places >> 9 | places >> 18) & 0x1ff;
        let keep = OTHER_BANDS[columns as usize];
        self.places[3 * digit + (band + 1) % 3] &= keep;
        self.places[3 * digit + (band + 2) % 3] &= keep;
        let mut solved = 0;
        for row in 0..3 {
            let cells = places & 0x1ff << (9 * row);
            // (`cells` is never 0 here: every row kept a triad.)
            if cells & cells.wrapping_sub(1) == 0 {
                solved |= cells;
            }
        }
        self.unsolved[band] &= !solved;
        for other in 0..9 {
            if other != digit {
                self.places[3 * other + band] &= !solved;
            }
        }
        Ok(())
    }

    /// Deduces with [`Grid::update`] until nothing changes.
    #[inline(always)]
    fn propagate(&mut self) -> Result<(), Contradiction> {
        macro_rules! each {
            ($($i:literal)*) => { $(self.update::<$i>()?;)* };
        }
        // One digit's three bands together, so that a column it loses in one band is seen at
        // once in the next (taking the bands band by band instead was 20% slower). Last digit
        // first: measured 2% to 4% faster than first digit first, for no reason worth a rule.
        // Progress goes through a field rather than each update's result: or-ing 27 results
        // kept a flag per update on the stack, 5% more instructions in all.
        loop {
            self.progress = false;
            each!(26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0);
            if !self.progress {
                return Ok(());
            }
        }
    }

    /// Places every cell with one candidate left and notes those with two. Returns whether
    /// anything was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for digit in 0..9 {
                let places = self.places[3 * digit + band];
                thrice |= twice & places;
                twice |= once & places;
                once |= places;
            }
            if once != BAND {
                return Err(Contradiction);
            }
            self.pairs[band] = twice & !thrice;
            let mut singles = self.unsolved[band] & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // An earlier single of this loop may have taken this cell's last digit.
                let digit = (0..9)
                    .find(|&d| self.places[3 * d + band] & bit != 0)
                    .ok_or(Contradiction)?;
                self.place(digit, band, bit);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// What the row-wise band view cannot see, per digit: the three columns of a stack
    /// share its three boxes the way rows share a band, so the same table finds the
    /// columns each band may use there. Returns whether anything changed.
    #[inline(always)]
    fn columns(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        // Only the digits whose places changed since the last pass: the others are at its
        // fixed point already.
        let mut dirty = self.dirty;
        self.dirty = 0;
        while dirty != 0 {
            let digit = dirty.trailing_zeros() as usize % 9;
            dirty &= dirty - 1;
            let bands = [
                self.places[3 * digit],
                self.places[3 * digit + 1],
                self.places[3 * digit + 2],
            ];
            let columns = bands.map(|places| (places | places >> 9 | places >> 18) & 0x1ff);
            // The digit's columns per band as one word, bit `9 * band + column`: a stack's
            // three columns are 3x3 bits there, as a band's triads are in `update`.
            let used = columns[0] | columns[1] << 9 | columns[2] << 18;
            let mut allowed = 0;
            for stack in 0..3 {
                let minicolumns = used >> (3 * stack) & (7 * COLUMN);
                let minicolumns = (minicolumns | minicolumns >> 6 | minicolumns >> 12) & 0x1ff;
                let locked = LOCKED_SPREAD[minicolumns as usize];
                if locked == 0 {
                    return Err(Contradiction);
                }
                allowed |= locked << (3 * stack);
            }
            // (A column with one place left needs no rule of its own: its band must use it,
            // so `allowed` clears the band's other columns of that stack, and `update` sees
            // the box left with one place.)
            if allowed != used {
                for (band, places) in bands.into_iter().enumerate() {
                    let keep = allowed >> (9 * band) & 0x1ff;
                    self.places[3 * digit + band] = places & (keep * COLUMN);
                }
                changed = true;
            }
        }
        Ok(changed)
    }

    /// What the search branches on once nothing more follows, in this order:
    /// - a cell with two candidates: on an `open` board (the search started with 50 empty
    ///   cells or more) the one with the best score ([`Grid::linked_pair`]), else the first;
    /// - else the first unsolved cell of the band where that cell has fewest candidates, as
    ///   JCZSolve does: cheap, and on the public benchmark sets better than the cell with the
    ///   fewest candidates of all (1106 hardest: 173 calls a puzzle against 219);
    /// - but if even that cell has five candidates or more, a digit with two places left in
    ///   some unit ([`Grid::two_places`]). Boards that sparse are rare in puzzle collections,
    ///   and there the first cell can send the search into a dead subtree of 100,000 calls or
    ///   more (a random 5-given board took 198,262 calls to find its second solution), where
    ///   a digit short of room finds the dead ends at once (with the sparse rule below, 777
    ///   calls at worst on 140,000 random boards of one sample). Taking the digit already at
    ///   three or four candidates cost 5% to 40% more calls on the hardest public sets.
    ///
    /// On a `sparse` board (the search started with fewer than 17 givens, so it is no puzzle
    /// with one solution), where no pair is left, the cell is the one with the fewest
    /// candidates of all ([`Grid::fewest_of`]), and the digit is taken as soon as that
    /// cell has three. There the rules above walk into dead subtrees now and then: over the
    /// first seven boards of 20,000 seeds of `sudoku_harness::random`, a 7-given board took
    /// 7.9 million calls (0.7 s). Over five samples of 140,000 random boards, the sparse rule
    /// took 8,884 calls at worst; taking a digit with two places before any pair took up to
    /// 386,186 on a 13-given board whose two solutions `constraint-propagation`
    /// counts in 63 µs. No public set is that sparse, so the sparse rule never runs on them.
    #[inline(always)]
    fn branch<const SPARSE: bool>(&self, open: bool) -> Branch {
        let pair = if open {
            self.linked_pair()
        } else {
            self.first_pair()
        };
        if let Some((band, bit)) = pair {
            return Branch::Cell(band, bit);
        }
        // Sparse: every unsolved cell; else the first unsolved cell of each band.
        let (candidates, band, bit) = if SPARSE {
            self.fewest_of(self.unsolved)
        } else {
            self.fewest_of(self.unsolved.map(|cells| cells & cells.wrapping_neg()))
        };
        if candidates >= if SPARSE { 3 } else { 5 } {
            if let Some((digit, places)) = self.two_places() {
                return Branch::Digit(digit, places);
            }
        }
        Branch::Cell(band, bit)
    }

    /// The first cell with exactly two candidates, as `(band, bit)`, as JCZSolve guesses.
    /// On boards with few empty cells (serg's 46 and 47) a choice costs more than it saves:
    /// there [`Grid::linked_pair`] took 2% fewer calls and 40% more time, and guessing where
    /// the pairs crowd 3% more calls than this one.
    #[inline(always)]
    fn first_pair(&self) -> Option<(usize, u32)> {
        let band = self.pairs.iter().position(|&pairs| pairs != 0)?;
        let pairs = self.pairs[band];
        Some((band, pairs & pairs.wrapping_neg()))
    }

    /// The cell with exactly two candidates that scores best, as `(band, bit)`. Its score
    /// counts for it its *links*: other such cells among its peers (its row, box or column)
    /// that share a digit with it, since either guess on the cell leaves each of them one
    /// candidate. It counts against it its *ties*: its row and its box where one of its two
    /// digits has only one other place. A tie already binds the cell to that place (if the cell
    /// takes the digit, the place loses it; if not, the place gets it as a hidden single), so
    /// propagation settles the cell as soon as the place is settled, and a guess there repeats
    /// work the search gets for free elsewhere. A link weighs 3 and a tie -2, chosen by search
    /// calls; of equals, the first cell wins.
    ///
    /// On the 1106 hardest list, proving the solution unique, this takes 258 search calls a
    /// puzzle: 17% fewer than the links alone (312, with a column link counted twice, which
    /// then paid), and 37% fewer than guessing where the pairs crowd (408), which counted pairs
    /// per band, row and box without looking at their digits. The band with the fewest pairs
    /// is left out: its cells seldom win, and that saves a third of the work.
    #[inline(always)]
    fn linked_pair(&self) -> Option<(usize, u32)> {
        if self.pairs == [0; 3] {
            return None;
        }
        // `with[3 * digit + band]`: the cells with two candidates that hold `digit`.
        // (Per digit and band: an iterator with `index % 3` compiled to 6% more instructions
        // over a whole search.)
        let mut with = self.places;
        for digit in 0..9 {
            for band in 0..3 {
                with[3 * digit + band] &= self.pairs[band];
            }
        }
        let count = |bits: u32| {
            u32::from(ONES[(bits & 0x1ff) as usize])
                + u32::from(ONES[(bits >> 9 & 0x1ff) as usize])
                + u32::from(ONES[(bits >> 18 & 0x1ff) as usize])
        };
        // The first band with the fewest pairs.
        let [first, second, third] = self.pairs.map(u32::count_ones);
        let skipped = if first <= second && first <= third {
            0
        } else if second <= third {
            1
        } else {
            2
        };
        // The score in the high bits, then `255 - cell`: the first of equals is the largest key,
        // so the best is one `max` per cell, without a branch.
        let mut best = 0u32;
        for band in (0..3).filter(|&band| band != skipped) {
            // Each pair's lower digit (bits 0..27) and higher digit (bits 32..59) as four bit
            // planes: the two digits of a cell are then read out without a loop.
            let (mut seen, mut planes) = (0u32, [0u64; 4]);
            for digit in 0..9 {
                let cells = with[3 * digit + band];
                let both = u64::from(cells & !seen) | u64::from(cells & seen) << 32;
                seen |= cells;
                for (plane, bits) in planes.iter_mut().enumerate() {
                    if digit >> plane & 1 != 0 {
                        *bits |= both;
                    }
                }
            }
            let (up, down) = ((band + 1) % 3, (band + 2) % 3);
            let mut cells = self.pairs[band];
            while cells != 0 {
                let at = cells.trailing_zeros() as usize & 31;
                cells &= cells - 1;
                let digits = (planes[0] >> at & 0x1_0000_0001)
                    | (planes[1] >> at & 0x1_0000_0001) << 1
                    | (planes[2] >> at & 0x1_0000_0001) << 2
                    | (planes[3] >> at & 0x1_0000_0001) << 3;
                let low = 3 * (digits as usize & 15).min(8);
                let high = 3 * ((digits >> 32) as usize & 15).min(8);
                let in_band = (with[low + band] | with[high + band]) & PEERS_IN_BAND[at];
                // The column's cells in the other two bands, folded to six bits.
                let column = usize::from(COLUMN_OF[at]);
                let across = ((with[low + up] | with[high + up]) >> column & COLUMN)
                    | ((with[low + down] | with[high + down]) >> column & COLUMN) << 1;
                let across = (across | across >> 7 | across >> 14) & 0x3f;
                let links = count(in_band) + u32::from(ONES[across as usize]);
                // A tie: the digit has one other place in the unit (`peers` without the cell).
                let ties_in = |peers: u32| {
                    u32::from((self.places[low + band] & peers).is_power_of_two())
                        + u32::from((self.places[high + band] & peers).is_power_of_two())
                };
                let ties = ties_in(ROW_PEERS[at]) + ties_in(BOX_PEERS[at]);
                // (At most 4 ties: the score stays positive.)
                let score = 3 * links + 2 * (4 - ties);
                best = best.max(score << 8 | (255 - (27 * band + at) as u32));
            }
        }
        let cell = 255 - (best & 0xff) as usize;
        Some((cell / 27 % 3, 1 << (cell % 27)))
    }

    /// Of `cells` (per band), the one with the fewest candidates, as `(candidates, band,
    /// bit)`; of equals, the first. The search asks for it only when no cell has two
    /// candidates, which is rare except on sparse boards, where it asks at every call with
    /// every unsolved cell: so it counts the candidates of all of them at once, bit-sliced (on
    /// an empty board, 40% less time than a loop over cells and digits).
    fn fewest_of(&self, cells: [u32; 3]) -> (u32, usize, u32) {
        // `at_least[k][band]`: the cells with `k` candidates or more (none with 10).
        let mut at_least = [[0; 3]; 11];
        at_least[0] = cells;
        for digit in 0..9 {
            let places = [0, 1, 2].map(|band| self.places[3 * digit + band]);
            for k in (1..=digit + 1).rev() {
                let (fewer, more) = (at_least[k - 1], at_least[k]);
                at_least[k] = [0, 1, 2].map(|band| more[band] | fewer[band] & places[band]);
            }
        }
        for (k, counts) in at_least.windows(2).enumerate() {
            for (band, (cells, more)) in counts[0].into_iter().zip(counts[1]).enumerate() {
                let exactly = cells & !more;
                if exactly != 0 {
                    return (k as u32, band, exactly & exactly.wrapping_neg());
                }
            }
        }
        (u32::MAX, 0, 0)
    }

    /// A digit with exactly two places left in some row, box or column, and those two
    /// places as `(band, bit)`. On sparse boards the search asks at nearly every call and
    /// mostly finds none, so the whole scan is the cost: the units are tested all at once
    /// without a branch, the columns by laying the rows over each other, and nothing calls
    /// `count_ones` (no `popcnt` on the baseline x86-64 target: a dozen instructions). On an
    /// empty board that took `two_places` from half of the search's time to a sixth.
    fn two_places(&self) -> Option<(usize, [(usize, u32); 2])> {
        const UNITS: [u32; 6] = [
            0x1ff,
            0x1ff << 9,
            0x1ff << 18,
            7 * COLUMN,
            (7 * COLUMN) << 3,
            (7 * COLUMN) << 6,
        ];
        // `twos[3 * digit + band]`: a bit per unit of the band (rows, then boxes) where the
        // digit has exactly two places, all of them at once without a branch.
        let mut twos = [0u32; 27];
        for (twos, &places) in twos.iter_mut().zip(&self.places) {
            for (index, unit) in UNITS.into_iter().enumerate() {
                let cells = places & unit;
                // Two bits exactly: one left once the lowest is cleared.
                let rest = cells & cells.wrapping_sub(1);
                *twos |= u32::from(rest != 0 && rest & rest.wrapping_sub(1) == 0) << index;
            }
        }
        for digit in 0..9 {
            for band in 0..3 {
                let units = twos[3 * digit + band];
                if units != 0 {
                    let cells =
                        self.places[3 * digit + band] & UNITS[units.trailing_zeros() as usize];
                    let first = cells & cells.wrapping_neg();
                    return Some((digit, [(band, first), (band, cells ^ first)]));
                }
            }
            // The digit's nine rows laid over each other, one bit a column: the columns where
            // it has at least one place, two, and three.
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for band in 0..3 {
                for row in 0..3 {
                    let places = self.places[3 * digit + band] >> (9 * row) & 0x1ff;
                    thrice |= twice & places;
                    twice |= once & places;
                    once |= places;
                }
            }
            let two = twice & !thrice;
            if two != 0 {
                let column = COLUMN << two.trailing_zeros();
                let mut cells = [(0, 0); 2];
                let mut found = 0;
                for band in 0..3 {
                    let mut in_band = self.places[3 * digit + band] & column;
                    while in_band != 0 {
                        let bit = in_band & in_band.wrapping_neg();
                        in_band ^= bit;
                        cells[found] = (band, bit);
                        found += 1;
                    }
                }
                return Some((digit, cells));
            }
        }
        None
    }

    /// The digits (`1..=9`) of a solved grid, cell by cell.
    fn solution(&self) -> [u8; 81] {
        let mut digits = [0; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let places = self.places[3 * digit + band];
                // Solved: one place per row, so a fixed count of stores and no branch.
                for row in 0..3 {
                    let column = (places >> (9 * row) & 0x1ff).trailing_zeros().min(8) as usize;
                    digits[27 * band + 9 * row + column] = digit as u8 + 1;
                }
            }
        }
        digits
    }
}

impl Search {
    /// A search from `grid`, the board of givens: the column pass pays at every call on
    /// sparse boards (50 empty cells or more: 13% to 20% fewer calls on the public sets of
    /// 17 to 28 givens) and not on denser ones (serg's 34 and 35 givens: no fewer calls).
    fn new(limit: usize, grid: &Grid) -> Search {
        let empty = grid.unsolved[0].count_ones()
            + grid.unsolved[1].count_ones()
            + grid.unsolved[2].count_ones();
        Search {
            limit,
            found: 0,
            first: [0; 81],
            second: [0; 81],
            calls: 0,
            open: empty >= 50,
            sparse: empty >= 65,
        }
    }

    /// Deduces everything it can from `grid`: band updates to a fixed point, then naked
    /// singles, then the column pass: at every call if `open`, else only when no cell has
    /// two candidates left.
    #[inline(always)]
    fn deduce(grid: &mut Grid, open: bool) -> Result<(), Contradiction> {
        loop {
            grid.propagate()?;
            if grid.unsolved == [0; 3] {
                return Ok(());
            }
            let placed = grid.naked_singles()?;
            if open {
                // The column pass goes on without waiting for the singles' propagation, so
                // that one round of band updates takes in both: 2% fewer instructions.
                if !(grid.columns()? | placed) {
                    return Ok(());
                }
            } else if !placed && (grid.pairs != [0; 3] || !grid.columns()?) {
                return Ok(());
            }
        }
    }

    /// Solves from `grid`, with the branch rule its sparseness calls for (two copies of the
    /// search, so that the usual one carries no test of it).
    fn start(&mut self, grid: &mut Grid) {
        if self.sparse {
            self.run::<true>(grid);
        } else {
            self.run::<false>(grid);
        }
    }

    /// Solves from `grid`; `true` once `limit` solutions are found.
    fn run<const SPARSE: bool>(&mut self, grid: &mut Grid) -> bool {
        self.calls += 1;
        if Self::deduce(grid, self.open).is_err() {
            return false;
        }
        if grid.unsolved == [0; 3] {
            match self.found {
                0 => self.first = grid.solution(),
                1 => self.second = grid.solution(),
                _ => {}
            }
            self.found += 1;
            return self.found >= self.limit;
        }
        match grid.branch::<SPARSE>(self.open) {
            Branch::Cell(band, bit) => {
                let mut digits = 0u32;
                for digit in 0..9 {
                    if grid.places[3 * digit + band] & bit != 0 {
                        digits |= 1 << digit;
                    }
                }
                // Every digit but the last is tried on a copy; the last may use `grid` itself.
                while digits & (digits - 1) != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let mut child = *grid;
                    child.place(digit, band, bit);
                    if self.run::<SPARSE>(&mut child) {
                        return true;
                    }
                }
                grid.place(digits.trailing_zeros() as usize, band, bit);
                self.run::<SPARSE>(grid)
            }
            Branch::Digit(digit, [(band, bit), (last_band, last_bit)]) => {
                let mut child = *grid;
                child.place(digit, band, bit);
                if self.run::<SPARSE>(&mut child) {
                    return true;
                }
                grid.place(digit, last_band, last_bit);
                self.run::<SPARSE>(grid)
            }
        }
    }
}

/// Reads 81 ASCII bytes into digits (`0` = blank), or `None` on a byte that is not
/// `b'1'..=b'9'`, `b'.'` or `b'0'`.
fn digits_of(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    // No early exit, so that the loop compiles to a few vector instructions.
    let mut digits = [0; 81];
    let mut bad = false;
    for (digit, &byte) in digits.iter_mut().zip(puzzle) {
        let value = byte.wrapping_sub(b'0');
        let blank = byte == b'.';
        bad |= value > 9 && !blank;
        *digit = if blank { 0 } else { value };
    }
    (!bad).then_some(digits)
}

/// Runs the search on `puzzle` until `limit` solutions are found or none is left; `None`
/// on a bad byte or clashing givens.
fn search(puzzle: &[u8; 81], limit: usize) -> Option<Search> {
    let mut grid = Grid::with_givens(&digits_of(puzzle)?).ok()?;
    let mut search = Search::new(limit, &grid);
    if limit > 0 {
        search.start(&mut grid);
    }
    Some(search)
}

/// Solves a puzzle given as 81 ASCII bytes, row by row: `b'1'..=b'9'` are givens, `b'.'`
/// and `b'0'` are blanks. Returns the first solution found, as ASCII digits, or `None` when
/// a byte is anything else, two givens clash, or there is no solution.
pub fn solve_bytes(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    let search = search(puzzle, 1)?;
    (search.found > 0).then(|| search.first.map(|digit| b'0' + digit))
}

/// Counts the solutions of `puzzle` (bytes as for [`solve_bytes`]), stopping at `limit`:
/// `count_solutions(puzzle, 2) == 1` proves the solution unique. A bad byte or clashing
/// givens count as 0 solutions.
pub fn count_solutions(puzzle: &[u8; 81], limit: usize) -> usize {
    count_solutions_counting_calls(puzzle, limit).0
}

/// What a search for two solutions found: the answer `check` gives, and the proof that a
/// generated puzzle is fit to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No solution: two givens clash, a byte is not a digit or a blank, or the search ran dry.
    None,
    /// Exactly one solution, as ASCII digits.
    Unique([u8; 81]),
    /// Two solutions or more; the first two found, as ASCII digits.
    Several([u8; 81], [u8; 81]),
}

/// Searches `puzzle` (bytes as for [`solve_bytes`]) for two solutions and says what it found.
pub fn solutions(puzzle: &[u8; 81]) -> Solutions {
    let ascii = |digits: [u8; 81]| digits.map(|digit| b'0' + digit);
    match search(puzzle, 2) {
        Some(search) if search.found >= 2 => {
            Solutions::Several(ascii(search.first), ascii(search.second))
        }
        Some(search) if search.found == 1 => Solutions::Unique(ascii(search.first)),
        _ => Solutions::None,
    }
}

/// Like [`count_solutions`], and also returns how many times the recursive search was
/// entered (0 when it never started).
pub fn count_solutions_counting_calls(puzzle: &[u8; 81], limit: usize) -> (usize, u64) {
    search(puzzle, limit).map_or((0, 0), |search| (search.found, search.calls))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_harness::puzzle;

    const EXAMPLE: &str = "leetcode/example";

    fn bytes_of(id: &str) -> [u8; 81] {
        let line = puzzle(id).expect("bundled").board.to_line();
        line.into_bytes().try_into().expect("81 cells")
    }

    /// The triad bit of `row` and `box_` in a band (`3 * row + box_`).
    fn triad(row: u32, box_: u32) -> usize {
        1 << (3 * row + box_)
    }

    #[test]
    fn locked_triads_keep_exactly_the_triads_on_a_permutation() {
        // Every triad open: every triad lies on some permutation.
        assert_eq!(LOCKED_TRIADS[0x1ff], 0x1ff);
        // Row 0 can only use box 0 ("claiming"): rows 1 and 2 lose box 0.
        let claimed = 0x1ff & !(triad(0, 1) | triad(0, 2));
        let expected = triad(0, 0) | triad(1, 1) | triad(1, 2) | triad(2, 1) | triad(2, 2);
        assert_eq!(usize::from(LOCKED_TRIADS[claimed]), expected);
        // Box 2 only reachable from row 1 ("pointing"): row 1 loses boxes 0 and 1.
        let pointed = 0x1ff & !(triad(0, 2) | triad(2, 2));
        let expected = triad(0, 0) | triad(0, 1) | triad(2, 0) | triad(2, 1) | triad(1, 2);
        assert_eq!(usize::from(LOCKED_TRIADS[pointed]), expected);
        // Rows 0 and 1 both confined to box 0: no permutation, a contradiction.
        let stuck = 0x1ff & !(triad(0, 1) | triad(0, 2) | triad(1, 1) | triad(1, 2));
        assert_eq!(LOCKED_TRIADS[stuck], 0);
        // A row with no triad at all: a contradiction too.
        assert_eq!(LOCKED_TRIADS[0x1ff & !0b111], 0);
    }

    #[test]
    fn every_locked_pattern_is_a_fixed_point_inside_its_input() {
        for triads in 0..512 {
            let locked = usize::from(LOCKED_TRIADS[triads]);
            assert_eq!(locked & !triads, 0, "{triads:#011b} gained triads");
            assert_eq!(usize::from(LOCKED_TRIADS[locked]), locked, "{triads:#011b}");
            assert_eq!(LOCKED_CELLS[triads], TRIAD_CELLS[locked]);
        }
    }

    #[test]
    fn a_box_confined_to_one_column_clears_that_column_in_the_other_bands() {
        // Columns 0 (box 0), 3 and 4 (box 1), 6, 7 and 8 (box 2): box 0 points down column 0.
        let columns = 0b111_011_001;
        assert_eq!(OTHER_BANDS[columns], BAND & !COLUMN);
        // Every box with two or more columns: nothing to remove.
        assert_eq!(OTHER_BANDS[0b011_011_011], BAND);
    }

    #[test]
    fn placing_lazily_still_clears_the_column_and_the_cell() {
        let mut grid = Grid::OPEN;
        // 5 (digit index 4) at row 1, column 4 of band 0.
        let bit = 1 << (9 + 4);
        grid.place(4, 0, bit);
        assert!(grid.propagate().is_ok());
        let row_and_box = (0x1ff << 9) | ((7 * COLUMN) << 3);
        assert_eq!(grid.places[3 * 4] & row_and_box, bit, "the 5's row and box");
        for band in 1..3 {
            assert_eq!(
                grid.places[3 * 4 + band] & (COLUMN << 4),
                0,
                "column 4, band {band}"
            );
        }
        for digit in (0..9).filter(|&digit| digit != 4) {
            assert_eq!(grid.places[3 * digit] & bit, 0, "digit {}", digit + 1);
        }
        assert_eq!(grid.unsolved[0] & bit, 0);
    }

    #[test]
    fn a_digit_with_no_place_in_a_band_is_a_contradiction() {
        let mut grid = Grid::OPEN;
        grid.places[3 * 2 + 1] = 0;
        assert!(grid.propagate().is_err());
    }

    #[test]
    fn clashing_givens_take_no_search_call() {
        let mut bytes = bytes_of(EXAMPLE);
        bytes[2] = b'5';
        assert_eq!(solve_bytes(&bytes), None);
        assert_eq!(count_solutions_counting_calls(&bytes, 2), (0, 0));
        assert_eq!(solutions(&bytes), Solutions::None);
    }

    #[test]
    fn an_unsolvable_board_has_no_solution_after_a_search() {
        for id in ["edge/leetcode-wrong-given", "edge/inkala-wrong-given"] {
            let (count, calls) = count_solutions_counting_calls(&bytes_of(id), 2);
            assert_eq!(count, 0, "{id}");
            assert!(calls >= 1, "{id}");
            assert_eq!(solve_bytes(&bytes_of(id)), None, "{id}");
            assert_eq!(solutions(&bytes_of(id)), Solutions::None, "{id}");
        }
    }

    #[test]
    fn several_solutions_come_back_as_two_different_valid_grids() {
        let mut bytes =
            *b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        // Rows 3 and 6, columns 5 and 6 hold 2 and 4 crosswise: blanking them leaves two.
        for cell in [22, 23, 49, 50] {
            bytes[cell] = b'.';
        }
        let Solutions::Several(first, second) = solutions(&bytes) else {
            panic!("two solutions expected");
        };
        assert_ne!(first, second);
        for solution in [first, second] {
            assert_eq!(
                count_solutions(&solution, 2),
                1,
                "a full grid is its own solution"
            );
            assert!(
                bytes
                    .iter()
                    .zip(&solution)
                    .all(|(&g, &s)| g == b'.' || g == s)
            );
        }
    }

    #[test]
    fn bad_bytes_are_not_a_puzzle() {
        let mut bytes = bytes_of(EXAMPLE);
        bytes[80] = b'x';
        assert_eq!(solve_bytes(&bytes), None);
        assert_eq!(count_solutions(&bytes, 2), 0);
        // `0` is a blank, as in many puzzle files.
        let zeros = bytes_of(EXAMPLE).map(|byte| if byte == b'.' { b'0' } else { byte });
        assert_eq!(solve_bytes(&zeros), solve_bytes(&bytes_of(EXAMPLE)));
    }

    #[test]
    fn the_example_needs_no_guess() {
        // Band updates and naked singles settle LeetCode's example in the first call.
        assert_eq!(
            count_solutions_counting_calls(&bytes_of(EXAMPLE), 1),
            (1, 1)
        );
    }
}
