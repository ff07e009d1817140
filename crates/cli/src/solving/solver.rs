//! The solver `solve` runs on each puzzle, and the judging of what it hands back.
//!
//! The default is the engine (`sudoku-engine`) through its byte API, the fastest solver of the
//! workspace. Any approach of the ladder can be picked instead; it runs through its LeetCode entry
//! point, which has no way to say "no solution" but to hand the board back unchanged. Every answer,
//! from either kind, is judged with [`check_solution`] before it is printed: nothing is trusted.

use std::fmt::Display;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use sudoku_board::{Alphabet, Board, Grid, check_solution, rows_of, solved_board};
use sudoku_fixtures::Approach;
use sudoku_harness::worker::{self, Reply, Worker, WorkerError};
use sudoku_harness::{SolutionsFn, within_budget};

/// The name of the default solver, the engine, which runs through its byte API.
pub const DEFAULT: &str = "engine";

/// The most time one board beyond 9x9 may take unless a command is told otherwise: the engine
/// takes any 9x9 board at once, but a search of a larger board (the engine's SAT solver, or a
/// rung named by `--approach`) can run for long.
pub const GRID_BUDGET: Duration = Duration::from_secs(10);

/// How boards beyond 9x9 are read and solved: in an explicit alphabet or the standard one, each
/// within a budget, in workers or in this process.
#[derive(Clone, Copy, Debug)]
pub struct Grids<'a> {
    /// The symbols every board is read in (`--alphabet`), if not the standard ones.
    pub alphabet: Option<&'a Alphabet>,
    /// The most time one board may take in this process (workers keep their own budget).
    pub budget: Duration,
    /// The workers that solve boards beyond 9x9, each within their budget, so that a search
    /// past it ends with its worker; `None`: in this process, as [`grid_solutions`] does.
    pub workers: Option<&'a Workers>,
}

impl Default for Grids<'_> {
    fn default() -> Self {
        Grids {
            alphabet: None,
            budget: GRID_BUDGET,
            workers: None,
        }
    }
}

/// How the engine solves a board of box size 2 to 5 other than 9x9: up to `limit` solutions and
/// its search calls, as a rung's `solutions_counting_calls` does.
pub const ENGINE_GRIDS: SolutionsFn = sudoku_engine::large::solutions;

/// A solver picked by name.
#[derive(Clone, Copy, Debug)]
pub enum Solver<'a> {
    /// `sudoku_engine::solve_bytes`: no rows to allocate, and a direct "no solution".
    Engine,
    /// An approach's `solve_sudoku`, in this process: nothing can stop it before it returns.
    Approach(&'static Approach),
    /// An approach's `solve_counting_calls` in worker processes, each puzzle within a budget.
    Workers(&'a Workers),
}

/// Why a puzzle got no solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    /// The solver found none: the puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The solver handed back something that is not a solution of the puzzle: a bug in it.
    #[error("{solver} handed back a board that is not a solution ({reason}): a bug in it")]
    WrongAnswer {
        /// The solver's name.
        solver: &'static str,
        /// What is wrong with its answer.
        reason: String,
    },
    /// The solver took longer than its budget on the puzzle, which was given up.
    #[error(
        "{solver} took longer than its budget of {} s on this puzzle, so it was given up \
         (--budget sets the budget)",
        budget.as_secs_f64()
    )]
    OverBudget {
        /// The solver's name.
        solver: &'static str,
        /// The budget it went past.
        budget: Duration,
    },
    /// The solver does not take boards of this size.
    #[error(
        "{solver} does not solve {side}x{side} boards; {}",
        if *side > 25 { "no approach here goes past 25x25" }
        else { "the approaches with any_box_size in ladder.toml (dancing-links, \
                constraint-propagation) solve 4x4 to 25x25" }
    )]
    WrongSize {
        /// The solver's name.
        solver: &'static str,
        /// The board's side.
        side: usize,
    },
    /// The worker running the solver ended without an answer (a panic, a stack overflow) or
    /// could not be used at all.
    #[error("{solver} crashed on this puzzle ({reason}): a bug in it")]
    Crashed {
        /// The solver's name.
        solver: &'static str,
        /// What happened to the worker.
        reason: String,
    },
}

impl Unsolved {
    /// The [`Unsolved::WrongAnswer`] of `solver`, whose answer `error` says is wrong.
    fn wrong_answer(solver: &'static str, error: impl Display) -> Unsolved {
        let reason = error.to_string();
        Unsolved::WrongAnswer { solver, reason }
    }
}

impl Solver<'_> {
    /// The solver with this name, in this process: [`DEFAULT`] or any registered approach.
    pub fn named(name: &str) -> Option<Solver<'static>> {
        if name == DEFAULT {
            Some(Solver::Engine)
        } else {
            sudoku_fixtures::approach(name).map(Solver::Approach)
        }
    }

    fn name(self) -> &'static str {
        match self {
            Solver::Engine => DEFAULT,
            Solver::Approach(approach) => approach.name,
            Solver::Workers(workers) => workers.name,
        }
    }

    /// How the solver solves boards other than 9x9, if it takes them (the engine's is
    /// [`ENGINE_GRIDS`]).
    fn grids(self) -> Option<SolutionsFn> {
        match self {
            Solver::Engine => Some(ENGINE_GRIDS),
            Solver::Approach(approach) => approach.solutions,
            Solver::Workers(workers) => workers.grids,
        }
    }

    /// Solves a line that holds the 81 cells and nothing else, without the parser: the engine
    /// reads the bytes as they are. `None` for any other line or solver, and for a puzzle the
    /// engine cannot solve: those go through [`Solver::solve`], after the parser has said what
    /// is wrong with the line, if anything.
    pub fn solve_line(self, line: &str) -> Option<Board> {
        let (Solver::Engine, Ok(puzzle)) = (self, line.as_bytes().try_into()) else {
            return None;
        };
        solved_board(puzzle, &sudoku_engine::solve_bytes(puzzle)?)
    }

    /// Solves `puzzle`; with several solutions, the first one the solver finds.
    ///
    /// # Errors
    ///
    /// [`Unsolved`] when the solver finds no solution, hands back a wrong one, or (in workers)
    /// goes past its budget or crashes.
    pub fn solve(self, puzzle: &Board) -> Result<Board, Unsolved> {
        let rows = match self {
            // The worker hands back the board; it is judged below, like every answer.
            Solver::Workers(workers) => workers.run(puzzle.to_rows())?.board,
            Solver::Engine => {
                let bytes = puzzle.to_ascii();
                let solution = sudoku_engine::solve_bytes(&bytes).ok_or(Unsolved::NoSolution)?;
                // Judged on its bytes, as rows would cost more than the solve; a wrong answer
                // goes on to be judged as rows, which say why it is wrong.
                if let Some(solved) = solved_board(&bytes, &solution) {
                    return Ok(solved);
                }
                rows_of(solution.map(char::from), 9)
            }
            Solver::Approach(approach) => {
                let mut rows = puzzle.to_rows();
                (approach.solve)(&mut rows);
                rows
            }
        };
        self.judge(puzzle, &rows)
    }

    /// Solves a board of any size with the solver's `solutions` (the engine's is [`ENGINE_GRIDS`]),
    /// within `budget`; with several solutions, the first one found. A 9x9 board (read in an
    /// explicit alphabet) goes to [`Solver::solve`] instead, so every solver takes it, within
    /// the budget its workers keep (in this process, as every 9x9 board, without one).
    ///
    /// # Errors
    ///
    /// [`Unsolved`] when the solver takes no board of this size, finds no solution, hands back
    /// a wrong one, goes past the budget or panics.
    pub fn solve_grid(self, puzzle: &Grid, grids: Grids<'_>) -> Result<Grid, Unsolved> {
        // A 9x9 board read in an explicit alphabet: every solver takes it as digits.
        if let Ok(cells) = <[u8; 81]>::try_from(puzzle.values()) {
            // `from_cells` refuses only clashing givens, which a grid never holds; such givens
            // would have no solution.
            let board = Board::from_cells(cells).map_err(|_| Unsolved::NoSolution)?;
            let solved = self.solve(&board)?;
            let solved = puzzle.solved_by(solved.cells().to_vec());
            return solved.map_err(|error| Unsolved::wrong_answer(self.name(), error));
        }
        if let Some(workers) = grids.workers {
            return workers.solve_grid(puzzle);
        }
        let mut found = grid_solutions(self.name(), self.grids(), puzzle, 1, grids.budget)?;
        found.pop().ok_or(Unsolved::NoSolution)
    }

    /// Solves `puzzles` in order: as [`Solver::solve`] does each, but in workers all of them go
    /// to one worker in a row, without a round trip per puzzle.
    pub fn solve_all(self, puzzles: &[Board]) -> Vec<Result<Board, Unsolved>> {
        let Solver::Workers(workers) = self else {
            return puzzles.iter().map(|puzzle| self.solve(puzzle)).collect();
        };
        // Each answer is judged as it comes, while the worker solves the next.
        let mut solved = Vec::with_capacity(puzzles.len());
        let rows: Vec<Vec<Vec<char>>> = puzzles.iter().map(Board::to_rows).collect();
        workers.run_all(&rows, |reply| {
            let puzzle = &puzzles[solved.len()];
            solved.push(reply.and_then(|reply| self.judge(puzzle, &reply.board)));
        });
        solved
    }

    /// Judges what the solver handed back in LeetCode's shape: the board as given means no
    /// solution (but for the engine, which says so directly), anything else must solve `puzzle`.
    fn judge(self, puzzle: &Board, rows: &[Vec<char>]) -> Result<Board, Unsolved> {
        // LeetCode's signature says "no solution" by handing the board back as it was.
        let leetcode = !matches!(self, Solver::Engine);
        if leetcode && rows == puzzle.to_rows() && !puzzle.is_complete() {
            return Err(Unsolved::NoSolution);
        }
        let wrong = |error: &dyn Display| Unsolved::wrong_answer(self.name(), error);
        check_solution(puzzle, rows).map_err(|error| wrong(&error))?;
        // A checked solution is a complete board whose digits never clash: it always builds.
        Board::from_rows(rows).map_err(|error| wrong(&error))
    }
}

/// Up to `limit` solutions of `puzzle`, a board of any size, by `solver`'s `solutions`, each
/// judged with [`Grid::solved_by`], found within `budget`.
///
/// The search runs on a thread of its own, as it cannot be stopped: past the budget it is left
/// to finish on its own (the process ends it when it exits), and the board is given up.
///
/// # Errors
///
/// [`Unsolved::WrongSize`] when the solver takes no board of this size,
/// [`Unsolved::OverBudget`] past the budget, [`Unsolved::Crashed`] when it panics, and
/// [`Unsolved::WrongAnswer`] for an answer that is no solution.
pub fn grid_solutions(
    solver: &'static str,
    solutions: Option<SolutionsFn>,
    puzzle: &Grid,
    limit: usize,
    budget: Duration,
) -> Result<Vec<Grid>, Unsolved> {
    let (box_size, side, values) = (puzzle.box_size(), puzzle.side(), puzzle.values().to_vec());
    let solutions = solutions.filter(|_| box_size <= 5);
    let solutions = solutions.ok_or(Unsolved::WrongSize { solver, side })?;
    let search = move || solutions(box_size, &values, limit).0;
    let found = std::panic::catch_unwind(|| within_budget(budget, search))
        .map_err(|_| Unsolved::Crashed {
            solver,
            reason: "it panicked".to_owned(),
        })?
        .map_err(|_| Unsolved::OverBudget { solver, budget })?;
    let judge = |answer| puzzle.solved_by(answer);
    (found.into_iter())
        .map(|answer| judge(answer).map_err(|error| Unsolved::wrong_answer(solver, error)))
        .collect()
}

/// An approach run in worker processes (`sudoku_harness::worker`), each puzzle within a budget.
/// Idle workers are kept for the next puzzle, one per thread at most, so a file of puzzles
/// starts a worker per core, not per line; a worker that fails its puzzle is dropped (killed),
/// and the next puzzle gets an idle one or a fresh one.
#[derive(Debug)]
pub struct Workers {
    /// The solver's name.
    pub name: &'static str,
    /// How it solves boards other than 9x9, if it takes them.
    grids: Option<SolutionsFn>,
    budget: Duration,
    idle: Mutex<Vec<Worker>>,
}

impl Workers {
    /// `solver` (an approach, or the engine: how the tools solve boards other than 9x9 when no
    /// approach is named) in workers of the current executable, each puzzle within `budget`.
    pub fn new(solver: Solver<'_>, budget: Duration) -> Workers {
        Workers {
            name: solver.name(),
            grids: solver.grids(),
            budget,
            idle: Mutex::default(),
        }
    }

    /// How many search calls the approach makes on `puzzle`, counted in a worker.
    ///
    /// # Errors
    /// [`Unsolved`]: more time than the budget, or a worker that crashed or could not start.
    pub fn search_calls(&self, puzzle: &Board) -> Result<u64, Unsolved> {
        Ok(self.run(puzzle.to_rows())?.calls)
    }

    /// Solves `puzzle`, a board of another size than 9x9, with the approach's `solutions` in a
    /// worker (in the standard alphabet, as the protocol has it): a search past the budget ends
    /// with its worker, instead of running on unseen. With several solutions, the first found.
    ///
    /// # Errors
    /// As [`Solver::solve_grid`].
    pub fn solve_grid(&self, puzzle: &Grid) -> Result<Grid, Unsolved> {
        let (solver, side) = (self.name, puzzle.side());
        if self.grids.is_none() || puzzle.box_size() > 5 {
            return Err(Unsolved::WrongSize { solver, side });
        }
        let answer = self.run(worker::to_wire(puzzle.values()))?;
        let values = worker::from_wire(answer.board.concat(), side).ok_or_else(|| {
            Unsolved::wrong_answer(solver, "it holds a symbol of no value on the board")
        })?;
        // The worker hands the board back as given when it found no solution.
        if values == puzzle.values() && values.contains(&0) {
            return Err(Unsolved::NoSolution);
        }
        (puzzle.solved_by(values)).map_err(|error| Unsolved::wrong_answer(solver, error))
    }

    /// Runs the approach on `puzzle`, a board as rows, in an idle worker, or a new one.
    fn run(&self, puzzle: Vec<Vec<char>>) -> Result<Reply, Unsolved> {
        let mut replied = None;
        self.run_all(&[puzzle], |reply| replied = Some(reply));
        replied.expect("one reply for one puzzle")
    }

    /// Runs the approach on `puzzles`, boards as rows, in order, in idle workers or new ones
    /// ([`worker::solve_batch`]): a puzzle past the budget, or one that crashes its worker,
    /// fails alone. Hands each reply to `each` as it comes.
    fn run_all(&self, rows: &[Vec<Vec<char>>], mut each: impl FnMut(Result<Reply, Unsolved>)) {
        let idle = || self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        let start = || idle().pop().map_or_else(|| Worker::start(self.name), Ok);
        let (solver, budget) = (self.name, self.budget);
        let unsolved = |error| match error {
            WorkerError::OverBudget => Unsolved::OverBudget { solver, budget },
            other => Unsolved::Crashed {
                solver,
                reason: other.to_string(),
            },
        };
        let serving = worker::solve_batch(rows, budget, start, |reply| {
            each(reply.map_err(unsolved));
        });
        idle().extend(serving);
    }
}
