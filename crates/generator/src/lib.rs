//! Sudoku puzzles with a unique solution, reproducible from a seed.
//!
//! A [`Generator`] built from a `u64` seed hands out the same sequence of puzzles on every
//! platform, each with its solution; [`generate`] collects the first few of a seed.
//!
//! ```
//! use sudoku_generator::{ClueTarget, Generator, generate};
//!
//! let mut generator = Generator::new(42);
//! let first = generator.puzzle(ClueTarget::Minimal);
//! assert!(first.solution.is_complete());
//! assert!(first.puzzle.givens() < 40);
//!
//! // The same seed gives the same puzzles, first to last.
//! let again = generate(42, 2, ClueTarget::Minimal);
//! assert_eq!(again[0], first);
//! assert_eq!(again[1], generator.puzzle(ClueTarget::Minimal));
//!
//! // A target of 30 clues stops removing there.
//! assert_eq!(generate(42, 1, ClueTarget::AtMost(30))[0].puzzle.givens(), 30);
//! ```
//!
//! # Method
//!
//! 1. **A complete grid.** Backtracking from the empty board, filling the blank with the fewest
//!    candidates next and trying its candidates in a shuffled order. From an empty board this
//!    rarely backtracks: a grid takes tens of microseconds.
//! 2. **Digging.** The 81 cells are shuffled, then visited once in that order: a cell is blanked,
//!    and its digit put back if the puzzle then has more than one solution
//!    (`sudoku_engine::count_solutions(puzzle, 2) != 1`). One pass gives a *minimal* puzzle: a given
//!    that could not go when it was visited cannot go later either, since the puzzle has only
//!    lost givens since. [`ClueTarget::AtMost`] stops the same pass early.
//!
//! All randomness comes from one ChaCha8 stream seeded with `seed_from_u64`, and the grid and the
//! order of the cells are drawn the same way whatever the target. So a seed gives the same
//! sequence of solutions for every target, and an `AtMost` puzzle holds the minimal puzzle of the
//! same seed and position plus some givens.
//!
//! **Uniformity.** Each grid is *a* random solution, not one drawn uniformly from all
//! 6.67 × 10²¹: backtracking splits the chance evenly between the candidates of a cell, not in
//! proportion to how many grids lie behind each. Every digit relabelling of a grid is equally
//! likely, and benchmarks and practice do not need more.
//!
//! # Boards with no solution
//!
//! [`Generator::unsolvable`] changes one given of the next puzzle to a digit that clashes with no
//! other given, such that nothing completes the board: the inputs a solver must answer "none" to
//! without a clash to catch at parse time. It uses the stream exactly as [`Generator::puzzle`]
//! does, drawing the change from a stream of its own.
//!
//! # Cost
//!
//! A puzzle costs one solution count (up to 2) per cell visited: 81 for [`ClueTarget::Minimal`],
//! fewer for an `AtMost` target that is reached early. Counting dominates; with
//! `sudoku-engine`'s counter in a release build a minimal puzzle takes about a fifth of a
//! millisecond, grid included.
//!
//! # Any box size
//!
//! [`Generator::grid_puzzle`] makes puzzles on boards of any box size (4x4, 16x16, 25x25, ...) as
//! [`sudoku_board::Grid`]s, with a solution counter the caller passes in (`solutions(box_size,
//! cells, limit)`, up to `limit` solutions of the board given as values row by row, 0 for a
//! blank, such as `dancing_links::solutions`: this crate depends on no rung of the ladder).
//!
//! 1. **A complete grid.** The pattern grid, whose cell in row `r` and column `c` holds
//!    `(b * (r % b) + r / b + c) % n + 1` on a board of `n = b * b` values, then shuffled by the
//!    moves that keep any grid valid: the rows within each band and the bands themselves, the
//!    columns within each stack and the stacks, the values relabelled, and a transpose half the
//!    time. That is far from uniform over all grids (every grid drawn is a shuffle of one), but
//!    it costs nothing and any counter can dig it.
//! 2. **Digging**, as for 9x9: the cells shuffled, each blanked in turn and put back when the
//!    counter finds more than one solution (`solutions(b, cells, 2).len() != 1`), until
//!    `max_blanks` cells are blank.
//!
//! Both draw from the generator's one stream, so a seed gives the same puzzles for the same box
//! size, blank target and (correct) counter, on every platform.
//!
//! **Blank target.** Counting to 2 gets dearer fast as the blanks grow, worst on the large boards
//! where the last removals of a minimal puzzle each need a long search to prove uniqueness.
//! [`default_max_blanks`] is the target `sudoku-kata generate --size` digs to: every cell on 4x4
//! and 9x9 (minimal puzzles), 60% of the cells on 16x16 (minimal 16x16 puzzles are not much
//! emptier, and cost many times more to dig) and 45% on 25x25, which keeps a hundred 25x25
//! puzzles a matter of seconds with the engine's counter (`sudoku_engine::large`; the
//! `generate_large` bench of `sudoku-bench` measures it).
//!
//! # What "difficulty" this controls, and what it does not
//!
//! Only the number of clues. Minimal puzzles dug this way mostly have 23 to 26 clues (21 to 29
//! over seeds 0 to 1,999, 24 the most common). A target below what digging reaches is not met
//! (see [`ClueTarget::AtMost`]), and digging never aims for the rare puzzles of 17 to 20 clues.
//!
//! Fewer clues means more blanks, but it is a weak proxy for how hard a puzzle is: the techniques
//! a person needs, or the guesses a solver makes, vary widely among puzzles of one clue count.
//! Measured on the minimal puzzles of seeds 0 to 499, `constraint-propagation` solves over half
//! without a single guess and nine in ten in at most 6 search calls, while plain backtracking
//! (`bitmask-lowbit`) needs about 22,000 calls on the median one and 2.6 million on the worst.
//! The famous hard puzzles (`fixtures/hard.txt`) were searched for, not dug at random; for
//! those, use the bundled tiers.

mod grid;
mod shuffle;
mod sized;
mod unsolvable;

use sudoku_board::{Board, Cell, Grid};

use crate::shuffle::Shuffler;

/// A generated puzzle and its one solution: [`Board`]s from [`Generator::puzzle`], [`Grid`]s of
/// any box size from [`Generator::grid_puzzle`] ([`GeneratedGrid`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated<B = Board> {
    /// The givens; every other cell is blank. It has exactly one solution.
    pub puzzle: B,
    /// The complete grid the givens were dug from, which is that one solution.
    pub solution: B,
}

/// A generated puzzle of any box size and its one solution (see [`Generator::grid_puzzle`]).
pub type GeneratedGrid = Generated<Grid>;

/// A board with no solution whose givens do not clash: a generated puzzle with one given
/// changed.
///
/// Such boards are what a solver must answer "none" to, without the easy way out of a clash that
/// any parser rejects: only search (or reasoning) shows that nothing completes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable {
    /// The board: no two givens clash, and no way of filling the blanks keeps every row, column
    /// and box free of repeats.
    pub board: Board,
    /// The unique puzzle it was made from, and that puzzle's solution. It has the same givens
    /// as [`Unsolvable::board`] but at [`Unsolvable::changed`].
    pub source: Generated,
    /// The one cell where the board differs from the source puzzle: a given in both, with
    /// another digit in the board.
    pub changed: Cell,
}

/// The most cells [`Generator::grid_puzzle`] blanks on a board of box size `box_size` for
/// `sudoku-kata generate --size`: every cell (minimal puzzles) up to 9x9, 60% of the cells (153
/// of 256) on 16x16, and 45% (281 of 625) on 25x25 and larger. See the crate docs, "Any box
/// size".
pub fn default_max_blanks(box_size: usize) -> usize {
    let cells = box_size.pow(4);
    match box_size {
        ..=3 => cells,
        4 => cells * 60 / 100,
        _ => cells * 45 / 100,
    }
}

/// How far digging goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClueTarget {
    /// Dig until no given can be removed without allowing a second solution (usually 23 to 26
    /// clues are left).
    Minimal,
    /// Stop digging as soon as this many clues are left. If digging cannot get that low (every
    /// given left is needed for uniqueness), the result is the minimal puzzle, with more clues
    /// than asked for: check [`Board::givens`] when the number matters. `AtMost(81)` or more
    /// removes nothing.
    AtMost(u8),
}

/// A seeded source of puzzles: the same seed gives the same sequence of grids and puzzles, on
/// every platform.
///
/// Each call draws from one random stream, so the `n`th puzzle depends on the seed and on what
/// was asked for before it (grids, puzzles of any target, or unsolvable boards: all use the same
/// amount of the stream). [`generate`] is the usual way to get a seed's first few.
#[derive(Clone, Debug)]
pub struct Generator {
    shuffler: Shuffler,
}

impl Generator {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Generator {
            shuffler: Shuffler::new(seed),
        }
    }

    /// A random complete grid (see the crate docs for how random).
    pub fn solution_grid(&mut self) -> Board {
        Board::from_cells(grid::random_grid(&mut self.shuffler))
            .expect("backtracking fills a valid grid")
    }

    /// A random puzzle with a unique solution, dug from a new [`Generator::solution_grid`] down
    /// to `target`.
    pub fn puzzle(&mut self, target: ClueTarget) -> Generated {
        let solution = self.solution_grid();
        let max_blanks = match target {
            ClueTarget::Minimal => 81,
            ClueTarget::AtMost(clues) => 81usize.saturating_sub(clues.into()),
        };
        let mut puzzle = *solution.cells();
        self.dig(&mut puzzle, max_blanks, |puzzle| {
            // The engine's bytes, where `b'0'` is a blank.
            let bytes = std::array::from_fn(|index| b'0' + puzzle[index]);
            sudoku_engine::count_solutions(&bytes, 2) == 1
        });
        Generated {
            puzzle: Board::from_cells(puzzle).expect("the givens of a solution never clash"),
            solution,
        }
    }

    /// A random puzzle of box size `box_size` (2 to 6: 4x4 to 36x36) with a unique solution:
    /// a random complete grid, then its cells blanked in a random order, each kept blank only
    /// if `solutions` still finds exactly one solution, until `max_blanks` cells are blank or
    /// every cell was visited (a minimal puzzle). See the crate docs, "Any box size".
    ///
    /// ```
    /// use sudoku_generator::{Generator, default_max_blanks};
    ///
    /// // A 16x16 puzzle, dug with dancing-links' counter.
    /// let blanks = default_max_blanks(4);
    /// let generated = Generator::new(42).grid_puzzle(4, blanks, dancing_links::solutions);
    /// assert_eq!(generated.puzzle.side(), 16);
    /// assert!(generated.puzzle.givens() >= 256 - blanks);
    /// let found = constraint_propagation::solutions(4, generated.puzzle.values(), 2);
    /// assert_eq!(found, [generated.solution.values()]);
    /// ```
    ///
    /// # Panics
    ///
    /// When `box_size` is outside [`sudoku_board::BOX_SIZES`], or as `solutions` panics on
    /// that box size.
    pub fn grid_puzzle(
        &mut self,
        box_size: usize,
        max_blanks: usize,
        solutions: impl Fn(usize, &[u8], usize) -> Vec<Vec<u8>>,
    ) -> GeneratedGrid {
        assert!(
            sudoku_board::BOX_SIZES.contains(&box_size),
            "box size {box_size}: a grid has box size 2 to 6"
        );
        let solution = sized::random_grid(box_size, &mut self.shuffler);
        let mut puzzle = solution.clone();
        self.dig(&mut puzzle, max_blanks, |puzzle| {
            solutions(box_size, puzzle, 2).len() == 1
        });
        let grid = |values| Grid::from_values(values, None).expect("a valid grid and its givens");
        GeneratedGrid {
            puzzle: grid(puzzle),
            solution: grid(solution),
        }
    }

    /// A board of box size `box_size` (2 to 5) that keeps `percent` of the cells of a random
    /// complete grid (rounded down), picked at random: how the public sets of hard large boards
    /// are made, and like theirs it may have more than one solution. The grid is drawn as
    /// `sized::drawn_grid` says, and is `solution` (one solution of the puzzle, not always the
    /// only one).
    ///
    /// # Panics
    /// When `box_size` is not 2 to 5 or `percent` is over 100.
    pub fn share_puzzle(&mut self, box_size: usize, percent: u8) -> GeneratedGrid {
        assert!((2..=5).contains(&box_size), "box size {box_size}: 2 to 5");
        assert!(percent <= 100, "{percent}% of the cells");
        let solution = sized::drawn_grid(box_size, &mut self.shuffler);
        let cells = solution.len();
        let mut order: Vec<usize> = (0..cells).collect();
        self.shuffler.shuffle(&mut order);
        let mut puzzle = solution.clone();
        for &cell in &order[cells * usize::from(percent) / 100..] {
            puzzle[cell] = 0;
        }
        let grid = |values| Grid::from_values(values, None).expect("a valid grid and its givens");
        GeneratedGrid {
            puzzle: grid(puzzle),
            solution: grid(solution),
        }
    }

    /// The next [`Generator::puzzle`] with one given changed so that the board has no solution
    /// although no two givens clash, or `None` when no given of that puzzle can be changed so.
    ///
    /// The changes that keep the givens free of clashes are tried in a random order, and the
    /// first that leaves no solution (`sudoku_engine::count_solutions(board, 1) == 0`) is kept: some
    /// leave one, since the puzzle without that given has other completions.
    ///
    /// `None` takes a puzzle so dense that at every given each other digit clashes (or, rarely,
    /// still lets the board be completed). A digit can only go in a given's place if its cells in
    /// the given's row and column, two different cells, are both blank: so `AtMost(80)` and
    /// `AtMost(81)` always give `None`. Measured over seeds 0 to 999, `AtMost(70)` gave `None`
    /// for 5% of them and `AtMost(75)` for 46%, while `AtMost(60)` and below never did; nor did
    /// [`ClueTarget::Minimal`], `AtMost(35)` or `AtMost(50)` over seeds 0 to 19,999.
    ///
    /// The order of the changes comes from a stream of its own ([`ChaCha8`'s numbered
    /// streams](rand_chacha::ChaCha8Rng::set_stream)), so this uses the generator's stream
    /// exactly as [`Generator::puzzle`] does: the `n`th board of a seed is made from the `n`th
    /// puzzle of [`generate`] for that seed and target.
    ///
    /// ```
    /// use sudoku_generator::{ClueTarget, Generator, generate};
    ///
    /// let broken = Generator::new(42)
    ///     .unsolvable(ClueTarget::Minimal)
    ///     .expect("a minimal puzzle has a given to change");
    /// assert_eq!(broken.source, generate(42, 1, ClueTarget::Minimal)[0]);
    /// let cell = broken.changed;
    /// assert_ne!(broken.board.get(cell), broken.source.puzzle.get(cell));
    /// assert_eq!(broken.board.givens(), broken.source.puzzle.givens());
    /// ```
    pub fn unsolvable(&mut self, target: ClueTarget) -> Option<Unsolvable> {
        let source = self.puzzle(target);
        // Branched after the puzzle, when the stream has moved past 0 (see `Shuffler::branch`).
        let mut changes = self.shuffler.branch();
        let (index, board) = unsolvable::break_one_given(source.puzzle.cells(), &mut changes)?;
        Some(Unsolvable {
            board,
            source,
            changed: Cell::from_index(index),
        })
    }

    /// Digs `puzzle`, a complete grid, visiting its cells in a random order: each is blanked (set
    /// to 0) and put back if `unique` then says the puzzle has more than one solution, until
    /// `max_blanks` cells are blank.
    ///
    /// One pass over every cell gives a minimal puzzle: a given kept at its visit could not go
    /// then, and every later removal only loosens the puzzle, so it cannot go at the end either.
    fn dig(&mut self, puzzle: &mut [u8], max_blanks: usize, unique: impl Fn(&[u8]) -> bool) {
        let mut order: Vec<usize> = (0..puzzle.len()).collect();
        self.shuffler.shuffle(&mut order);
        let mut blanks = 0;
        for index in order {
            if blanks >= max_blanks {
                break;
            }
            let value = std::mem::replace(&mut puzzle[index], 0);
            if unique(puzzle) {
                blanks += 1;
            } else {
                puzzle[index] = value;
            }
        }
    }
}

/// The first `count` puzzles of `seed`: the same as calling [`Generator::puzzle`] `count` times on
/// [`Generator::new`]`(seed)`, so asking for more puzzles only appends to the list.
pub fn generate(seed: u64, count: usize, target: ClueTarget) -> Vec<Generated> {
    let mut generator = Generator::new(seed);
    (0..count).map(|_| generator.puzzle(target)).collect()
}
