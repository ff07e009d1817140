//! One way to run every solver on a batch of puzzles, so a benchmark or the command line treats
//! them alike.
//!
//! # The engines
//!
//! - Every approach of the registry ([`sudoku_fixtures::APPROACHES`], ladder order), by its
//!   package name, through its LeetCode signature `solve_sudoku(&mut Vec<Vec<char>>)`. That
//!   signature is part of what they are, so a board is a `Vec<Vec<char>>`; the boards are built
//!   (and, for each pass, cloned) before the timed region. They find a first solution only.
//! - [`ENGINE`]: `sudoku-engine`, the tuned solver the tools use, through its byte API:
//!   `solve_bytes(&[u8; 81])` for a first solution and `count_solutions(&[u8; 81], 2)` to prove
//!   uniqueness.
//! - [`REFERENCE`] (only with the `reference` feature): the `sudoku` crate (AGPL-3.0), its
//!   `Sudoku` values built before the timed region. `some_solution()` stops at the first
//!   solution, `solution()` proves uniqueness (and answers `None` for both "none" and
//!   "several", see [`Outcome::NotUnique`]).
//!
//! # Running
//!
//! [`Engine::prepare`] turns puzzles into a [`Batch`] of the engine's own inputs (untimed);
//! [`Batch::run`] solves them in order and hands each [`Answer`] to a callback. An answer is
//! turned into an [`Outcome`] only when asked, so a timed pass pays for nothing but the solves.
//! Puzzles are bytes as [`crate::sets`] makes them; any byte but `b'1'..=b'9'` reads as a blank,
//! except for [`ENGINE`], which gets the bytes as they are.

use sudoku_board::rows_of;
use sudoku_fixtures::APPROACHES;
use sudoku_harness::SolveFn;

use crate::outcome::Outcome;
use crate::sets::PuzzleBytes;

/// `sudoku-engine` through its byte API (`solve_bytes` / `count_solutions`).
pub const ENGINE: &str = "engine";

/// The `sudoku` crate, built only with the `reference` feature.
pub const REFERENCE: &str = "reference";

/// What a run is asked to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Stop at the first solution: what LeetCode asks for.
    FirstSolution,
    /// Count solutions up to 2: exactly one proves the puzzle is unique.
    ProveUnique,
}

impl Mode {
    /// Both modes, first solution first.
    pub const ALL: [Mode; 2] = [Mode::FirstSolution, Mode::ProveUnique];

    /// A short name for tables and benchmark ids: `first` or `unique`.
    pub fn label(self) -> &'static str {
        match self {
            Mode::FirstSolution => "first",
            Mode::ProveUnique => "unique",
        }
    }

    /// The mode in words.
    pub fn describe(self) -> &'static str {
        match self {
            Mode::FirstSolution => "first solution",
            Mode::ProveUnique => "prove uniqueness (count to 2)",
        }
    }
}

/// A solver that can run batches of puzzles.
#[derive(Clone, Copy, Debug)]
pub struct Engine {
    name: &'static str,
    kind: Kind,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// A registry approach, through LeetCode's signature.
    Approach(SolveFn),
    Engine,
    #[cfg(feature = "reference")]
    Reference,
}

/// Every engine: the registry's approaches in ladder order, then [`ENGINE`], then
/// [`REFERENCE`] when the `reference` feature is on.
pub fn engines() -> Vec<Engine> {
    let approaches =
        (APPROACHES.iter()).map(|approach| (approach.name, Kind::Approach(approach.solve)));
    #[cfg(feature = "reference")]
    let reference = [(REFERENCE, Kind::Reference)];
    #[cfg(not(feature = "reference"))]
    let reference = [];
    (approaches.chain([(ENGINE, Kind::Engine)]).chain(reference))
        .map(|(name, kind)| Engine { name, kind })
        .collect()
}

/// The engine with this name.
pub fn engine(name: &str) -> Option<Engine> {
    engines().into_iter().find(|engine| engine.name == name)
}

impl Engine {
    /// The name: a registry package name, [`ENGINE`] or [`REFERENCE`].
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Whether it is a rung of the ladder, which may take hours on a puzzle and so is run in a
    /// worker process wherever it must be stopped.
    pub fn is_rung(&self) -> bool {
        matches!(self.kind, Kind::Approach(_))
    }

    /// Whether the engine can run in `mode`.
    pub fn supports(&self, mode: Mode) -> bool {
        !matches!((self.kind, mode), (Kind::Approach(_), Mode::ProveUnique))
    }

    /// The engine's inputs for `puzzles` in `mode`, built now so that running them times only
    /// the solves; `None` when the engine cannot run in `mode` (see [`Engine::supports`]).
    pub fn prepare(&self, mode: Mode, puzzles: &[PuzzleBytes]) -> Option<Batch> {
        let inputs = Batch(match (self.kind, mode) {
            (Kind::Approach(solve), Mode::FirstSolution) => Inputs::Solve {
                solve,
                boards: puzzles.iter().map(rows).collect(),
            },
            (Kind::Approach(_), Mode::ProveUnique) => return None,
            (Kind::Engine, mode) => Inputs::Bytes {
                mode,
                puzzles: puzzles.to_vec(),
            },
            #[cfg(feature = "reference")]
            (Kind::Reference, mode) => Inputs::Reference {
                mode,
                sudokus: puzzles.iter().map(reference::sudoku).collect(),
            },
        });
        Some(inputs)
    }
}

/// Puzzles ready for one engine and mode: run once with [`Batch::run`].
#[derive(Clone, Debug)]
pub struct Batch(Inputs);

#[derive(Clone, Debug)]
enum Inputs {
    Solve {
        solve: SolveFn,
        boards: Vec<Vec<Vec<char>>>,
    },
    Bytes {
        mode: Mode,
        puzzles: Vec<PuzzleBytes>,
    },
    #[cfg(feature = "reference")]
    Reference {
        mode: Mode,
        sudokus: Vec<sudoku::Sudoku>,
    },
}

impl Batch {
    /// Solves the puzzles in order, handing each answer to `on_answer`, and hands the batch back
    /// (solved boards), for the caller to drop outside its timed region.
    #[must_use = "drop it after the timed region"]
    pub fn run(mut self, mut on_answer: impl FnMut(Answer<'_>)) -> Batch {
        match &mut self.0 {
            Inputs::Solve { solve, boards } => boards.iter_mut().for_each(|board| {
                solve(board);
                on_answer(Answer::Rows(board))
            }),
            Inputs::Bytes { mode, puzzles } => puzzles.iter().for_each(|puzzle| {
                on_answer(match mode {
                    Mode::FirstSolution => Answer::Bytes(sudoku_engine::solve_bytes(puzzle)),
                    Mode::ProveUnique => Answer::Count(sudoku_engine::count_solutions(puzzle, 2)),
                })
            }),
            #[cfg(feature = "reference")]
            Inputs::Reference { mode, sudokus } => sudokus.iter().for_each(|sudoku| {
                on_answer(match mode {
                    Mode::FirstSolution => Answer::ReferenceFirst(sudoku.some_solution()),
                    Mode::ProveUnique => Answer::ReferenceUnique(sudoku.solution()),
                })
            }),
        }
        self
    }
}

/// What an engine handed back for one puzzle, in its own terms; [`Answer::outcome`] reads it.
#[derive(Debug)]
#[non_exhaustive]
pub enum Answer<'a> {
    /// A registry approach's board after `solve_sudoku`: complete, or handed back as given.
    Rows(&'a [Vec<char>]),
    /// `solve_bytes`'s answer.
    Bytes(Option<PuzzleBytes>),
    /// A solution count up to 2.
    Count(usize),
    /// The `sudoku` crate's first solution.
    #[cfg(feature = "reference")]
    ReferenceFirst(Option<sudoku::Sudoku>),
    /// The `sudoku` crate's solution, if it is the only one.
    #[cfg(feature = "reference")]
    ReferenceUnique(Option<sudoku::Sudoku>),
}

impl Answer<'_> {
    /// What the answer says, solutions as ASCII digits.
    pub fn outcome(&self) -> Outcome {
        match self {
            Answer::Rows(board) => {
                let mut solution = [b'.'; 81];
                for (slot, &found) in solution.iter_mut().zip(board.iter().flatten()) {
                    *slot = u8::try_from(found).unwrap_or(b'?');
                }
                // The LeetCode contract: a board with no solution comes back as given, with blanks.
                if solution.iter().all(u8::is_ascii_digit) {
                    Outcome::Solved(solution)
                } else {
                    Outcome::NoSolution
                }
            }
            Answer::Bytes(found) => found.map_or(Outcome::NoSolution, Outcome::Solved),
            Answer::Count(0) => Outcome::NoSolution,
            Answer::Count(1) => Outcome::Unique(None),
            Answer::Count(_) => Outcome::Multiple,
            #[cfg(feature = "reference")]
            Answer::ReferenceFirst(found) => found
                .map(reference::bytes)
                .map_or(Outcome::NoSolution, Outcome::Solved),
            #[cfg(feature = "reference")]
            Answer::ReferenceUnique(found) => found
                .map(reference::bytes)
                .map_or(Outcome::NotUnique, |solution| {
                    Outcome::Unique(Some(solution))
                }),
        }
    }
}

/// A puzzle as LeetCode's rows, `'.'` for a blank.
pub(crate) fn rows(puzzle: &PuzzleBytes) -> Vec<Vec<char>> {
    let cell = |byte| {
        if (b'1'..=b'9').contains(&byte) {
            char::from(byte)
        } else {
            '.'
        }
    };
    rows_of(puzzle.map(cell), 9)
}

/// Conversions to and from the reference's cell values (0 blank, 1-9 digits).
#[cfg(feature = "reference")]
mod reference {
    use sudoku::Sudoku;

    use crate::sets::PuzzleBytes;

    pub(super) fn sudoku(puzzle: &PuzzleBytes) -> Sudoku {
        let values = puzzle.map(|byte| match byte {
            b'1'..=b'9' => byte - b'0',
            _ => 0,
        });
        Sudoku::from_bytes(values).expect("every value is 0-9")
    }

    pub(super) fn bytes(solution: Sudoku) -> PuzzleBytes {
        solution
            .to_bytes()
            .map(|value| if value == 0 { b'.' } else { b'0' + value })
    }
}
