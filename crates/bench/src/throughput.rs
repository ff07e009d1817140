//! Puzzles per second of an engine on a set, and the budget check that leaves an engine out of a
//! set it would take too long on.
//!
//! [`measure`] runs one untimed pass that records and checks every outcome, then timed passes
//! over the whole set until `min_time` of solving has been measured; the inputs of each pass are
//! prepared (for the LeetCode signature: boards cloned) outside the timed region.
//!
//! [`check_budget`] runs a rung's whole set one puzzle at a time, and the engine's and the
//! reference's first [`BUDGET_SAMPLE`] puzzles, stops as soon as the budget is spent, and
//! otherwise extrapolates to the whole set. The naive rungs need seconds for one adversarial
//! puzzle, so without this check a benchmark of every engine on every set would run for hours.
//! A solve cannot be interrupted, so a rung runs in a worker process that is stopped once the
//! budget has passed: a slow puzzle anywhere in the set is found there, not while measuring.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::engines::{Engine, Mode, rows};
use crate::outcome::Tally;
use crate::sets::{PuzzleBytes, PuzzleSet};
use sudoku_board::{counted, format_duration, group_thousands};
use sudoku_harness::worker::{Worker, WorkerError};

/// The default budget for one pass over a set: "a few seconds per iteration".
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(2500);

/// How many puzzles of a set the budget check runs before extrapolating, for the engine and the
/// reference (a rung runs them all).
pub const BUDGET_SAMPLE: usize = 100;

/// An engine's throughput on a set.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The engine's name.
    pub engine: &'static str,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Outcomes of the untimed pass, every solution checked.
    pub tally: Tally,
    /// Timed passes over the whole set.
    pub passes: u32,
    /// Time spent solving in the timed passes.
    pub elapsed: Duration,
}

impl Measurement {
    /// Puzzles solved per second over the timed passes (0 when nothing was timed).
    pub fn puzzles_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds == 0.0 {
            return 0.0;
        }
        (self.puzzles as f64 * f64::from(self.passes)) / seconds
    }
}

/// An engine left out of a set, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("left out: {engine} on {set}: {reason}")]
pub struct LeftOut {
    /// The engine's name.
    pub engine: &'static str,
    /// The set's name.
    pub set: String,
    /// Why.
    pub reason: Reason,
}

/// Why an engine was left out of a set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    /// It cannot run in this mode (a LeetCode signature cannot count solutions).
    #[error("it cannot {}: it only finds a first solution", .0.describe())]
    Unsupported(Mode),
    /// The budget was spent before the sample was done.
    #[error(
        "{} took {}, over the budget of {} per pass",
        counted(*solved as u64, "puzzle"),
        format_duration(*elapsed),
        format_duration(*budget)
    )]
    OverBudget {
        /// Puzzles solved when it was spent.
        solved: usize,
        /// Time they took.
        elapsed: Duration,
        /// The budget.
        budget: Duration,
    },
    /// A rung's pass over the set was not done when the budget (and a short grace) had passed,
    /// so its worker process was stopped.
    #[error(
        "did not finish {} within the budget of {}, so it was stopped",
        match puzzles {
            1 => "the set's one puzzle".to_owned(),
            puzzles => format!("the set's {}", counted(*puzzles as u64, "puzzle")),
        },
        format_duration(*budget)
    )]
    Unfinished {
        /// Puzzles in the set.
        puzzles: usize,
        /// The budget.
        budget: Duration,
    },
    /// The worker process running the sample failed (a crash of the rung, or a worker that
    /// could not be started): what happened.
    #[error("its worker process failed: {0}")]
    WorkerFailed(String),
    /// The sample was done within the budget, but a whole pass would not be.
    #[error(
        "the first {} took {}, so a pass over all {} would take about {}, over the budget of {}",
        counted(*sample as u64, "puzzle"),
        format_duration(*elapsed),
        group_thousands(*puzzles as u64),
        format_duration(*estimate),
        format_duration(*budget)
    )]
    Extrapolated {
        /// Puzzles in the sample.
        sample: usize,
        /// Time they took.
        elapsed: Duration,
        /// Puzzles in the set.
        puzzles: usize,
        /// The estimated time of a pass.
        estimate: Duration,
        /// The budget.
        budget: Duration,
    },
}

/// The budget check: runs the puzzles of `set` (the first [`BUDGET_SAMPLE`] for the engine and
/// the reference) and leaves the engine out when they spend the budget, or when a whole pass
/// would by extrapolation; otherwise `Ok` with the estimated time of a pass.
///
/// A rung of the ladder runs the whole set in a worker process (`sudoku_harness::worker`), which
/// is stopped once the budget is spent, since a solve in progress cannot be interrupted: an
/// executable that calls this must serve workers first thing in `main`. The engine and the
/// reference, which cannot hang, run their sample in this process, stopping after the first
/// puzzle that ends past the budget.
pub fn check_budget(
    engine: &Engine,
    set: &PuzzleSet,
    mode: Mode,
    budget: Duration,
) -> Result<Duration, LeftOut> {
    let boards = set.boards();
    let puzzles = boards.len();
    let sampled = if engine.is_rung() {
        puzzles
    } else {
        BUDGET_SAMPLE
    };
    let sample = &boards[..puzzles.min(sampled)];
    let left_out = |reason| LeftOut {
        engine: engine.name(),
        set: set.name.clone(),
        reason,
    };
    if !engine.supports(mode) {
        return Err(left_out(Reason::Unsupported(mode)));
    }
    let worker_failed = |error: WorkerError| left_out(Reason::WorkerFailed(error.to_string()));
    let mut worker = (engine.is_rung().then(|| Worker::start(engine.name())))
        .transpose()
        .map_err(worker_failed)?;
    let (mut solved, mut elapsed) = (0, Duration::ZERO);
    for puzzle in sample {
        elapsed += match &mut worker {
            // Each puzzle gets what is left of the budget.
            Some(worker) => match worker.solve(&rows(puzzle), budget.saturating_sub(elapsed)) {
                Ok(reply) => reply.time,
                Err(WorkerError::OverBudget) => {
                    return Err(left_out(Reason::Unfinished { puzzles, budget }));
                }
                Err(other) => return Err(worker_failed(other)),
            },
            None => time_pass(engine, mode, std::slice::from_ref(puzzle)),
        };
        solved += 1;
        // The last puzzle of a sample that is the whole set may end just over the budget: that
        // pass is over the budget too, so this is the only check it needs.
        if elapsed >= budget {
            return Err(left_out(Reason::OverBudget {
                solved,
                elapsed,
                budget,
            }));
        }
    }
    // An empty sample is an empty set: nothing to extrapolate, and an estimate of zero.
    let estimate = elapsed.mul_f64(puzzles as f64 / sample.len().max(1) as f64);
    if estimate > budget {
        return Err(left_out(Reason::Extrapolated {
            sample: sample.len(),
            elapsed,
            puzzles,
            estimate,
            budget,
        }));
    }
    Ok(estimate)
}

/// How long `engine` takes to solve `puzzles` in `mode`, in this process: their inputs are
/// prepared before the timed region, and what is left of them dropped after it.
///
/// # Panics
/// When the engine cannot run in `mode` (see [`Engine::supports`]).
pub fn time_pass(engine: &Engine, mode: Mode, puzzles: &[PuzzleBytes]) -> Duration {
    let batch = engine
        .prepare(mode, puzzles)
        .expect("the engine supports the mode");
    let started = Instant::now();
    let spent = batch.run(|answer| {
        black_box(answer);
    });
    let elapsed = started.elapsed();
    drop(spent);
    elapsed
}

/// How many turns each engine gets in [`measure`]: its `min_time` comes in this many slices.
pub const SLICES: u32 = 10;

/// Measures `engines` on `set` in `mode`, side by side: for each, an untimed pass that tallies
/// the outcomes; then timed passes until `min_time` of solving is measured (at least one pass),
/// taken in [`SLICES`] turns, engine after engine. Taking turns matters on a shared or noisy
/// machine: a slow spell then costs every engine alike instead of the one that happened to be
/// running, and the ratios hold even when the absolute times drift.
///
/// Preparing the passes' inputs is not timed, but it takes real time: an engine on a set of a
/// few puzzles that solve in microseconds stops once four times `min_time` has gone by for it,
/// whatever was measured.
///
/// Returns one measurement per engine, in order.
///
/// # Panics
/// When an engine cannot run in `mode`: [`check_budget`] leaves those out first.
pub fn measure(
    engines: &[Engine],
    set: &PuzzleSet,
    mode: Mode,
    min_time: Duration,
) -> Vec<Measurement> {
    let boards = set.boards();
    // Each engine with its measurement and the wall-clock time of its timed passes, preparation
    // included.
    let mut runs: Vec<_> = engines
        .iter()
        .map(|engine| (engine, untimed_pass(engine, &boards, mode), Duration::ZERO))
        .collect();
    // An empty set has nothing to time (and would spin until the wall-clock limit).
    if !boards.is_empty() {
        for slice in 1..=SLICES {
            let goal = min_time.mul_f64(f64::from(slice) / f64::from(SLICES));
            for (engine, measurement, wall_clock) in &mut runs {
                // Timed passes until `goal` of solving is measured (or four times it has gone by).
                while measurement.elapsed < goal && *wall_clock < goal * 4 {
                    let turn = Instant::now();
                    measurement.elapsed += time_pass(engine, mode, &boards);
                    measurement.passes += 1;
                    *wall_clock += turn.elapsed();
                }
            }
        }
    }
    runs.into_iter().map(|run| run.1).collect()
}

/// The untimed pass of [`measure`]: every outcome tallied and checked, nothing timed yet.
fn untimed_pass(engine: &Engine, boards: &[PuzzleBytes], mode: Mode) -> Measurement {
    let batch = engine
        .prepare(mode, boards)
        .expect("the engine supports the mode");
    let mut tally = Tally::default();
    let mut puzzles = boards.iter();
    let spent = batch.run(|answer| {
        if let Some(puzzle) = puzzles.next() {
            tally.record(puzzle, answer.outcome());
        }
    });
    drop(spent);
    Measurement {
        engine: engine.name(),
        puzzles: boards.len(),
        tally,
        passes: 0,
        elapsed: Duration::ZERO,
    }
}
