//! `compare`: every approach on every tier (or puzzle file), solved count, time and search calls
//! side by side.
//!
//! Each puzzle is solved once through the approach's `solve_counting_calls` (the same search as
//! its `solve_sudoku`, counting as it goes), timed, and judged (by the fixture harness for a tier),
//! so a wrong answer never counts as solved. Solves run one at a time so they do not compete for
//! the CPU and skew each other's times.
//!
//! Each approach runs on each set in a worker process ([`worker`]), which is stopped when one
//! puzzle takes longer than the budget: a naive rung on a puzzle made against it is shown as over
//! budget instead of being waited for.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use clap::error::ErrorKind;
use sudoku_board::{counted, format_duration};
use sudoku_fixtures::{APPROACHES, Approach};
use sudoku_harness::TIERS;
use sudoku_kata::solving::solver;

use crate::names::{approach_names, board_sizes, seconds, tier_names};

mod chart;
mod output;
pub(crate) mod tasks;

use output::Format;
use sudoku_bench::sets::{Known, PuzzleSet, bundled_set};
use sudoku_harness::worker::{Worker, WorkerError};

/// Options of `compare`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 if no answer was wrong (an approach over its budget \
                        stops, and is no failure), 1 for a file that cannot be read, a wrong \
                        answer or a worker that failed, 2 for a wrong command line."
)]
pub struct CompareArgs {
    /// Only this approach (repeat for several); all of them by default. The rows keep the
    /// order of the ladder, whatever the order of the flags.
    #[arg(long = "approach", value_name = "NAME", value_parser = approach_names())]
    approaches: Vec<String>,
    /// Only this tier (repeat for several); all of them when neither --tier nor --file is given.
    #[arg(long = "tier", value_name = "NAME", value_parser = tier_names())]
    tiers: Vec<String>,
    /// A puzzle file in the bench's data format: one puzzle per line, 81 characters of 1-9 and
    /// '.' or '0' (or tdoku's PUZZLE:COUNT lines, or fields split by spaces, tabs, ',' or ';'
    /// read by the first that is a board: NAME PUZZLE SOLUTION, PUZZLE,SOLUTION under a header
    /// line, ID PUZZLE RATING, PUZZLE;RATING;...), at most 64 MiB; blank lines and '#' comment lines are skipped; `-` is stdin (repeat for
    /// several); --size N reads boards of another size. `solved` there counts the answers that
    /// are right by the rules alone, without a stored solution: a complete grid that keeps the
    /// givens and breaks no rule, or the board handed back unchanged when the puzzle has no
    /// solution.
    #[arg(long = "file", value_name = "PATH")]
    files: Vec<PathBuf>,
    /// Stop an approach on a set once one puzzle takes longer than this many seconds; its row
    /// then shows "over budget", how many it solved before and which puzzle was over.
    #[arg(long, value_name = "SECS", default_value = "5", value_parser = seconds)]
    budget: Duration,
    /// How to print the rows: aligned columns, a Markdown table, or CSV or JSON with times in
    /// nanoseconds.
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Table)]
    format: Format,
    /// The board size: 9 for the tiers, or 4, 16 or 25 for the approaches that take any box
    /// size (`any_box_size` in ladder.toml) on the bundled boards of that size (16x16 and 25x25,
    /// in fixtures/large/) or on --file, a board per line (or as `generate` prints them); the
    /// others are named as 9x9 only. Without --approach, the engine the tools solve these
    /// boards with runs after them.
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = board_sizes())]
    size: usize,
    /// Also draw the total time of every row as a bar chart on a log scale, one colour per
    /// approach, grouped by tier, into this SVG file. A run over the budget is drawn pale, up to
    /// the time it is known to need at least.
    #[arg(long, value_name = "PATH")]
    svg: Option<PathBuf>,
}

/// What one approach did on one set.
#[derive(Default)]
pub(crate) struct Row {
    /// The tier's name, or the file's.
    pub set: String,
    /// `tier` or `file`.
    pub source: &'static str,
    pub approach: &'static str,
    pub puzzles: usize,
    /// Puzzles answered right (of those reported before a stop).
    pub solved: usize,
    /// The solve time of each puzzle reported before a stop.
    pub times: Vec<Duration>,
    /// The search calls of the puzzles reported before a stop.
    pub search_calls: u64,
    /// Why the run stopped before the last puzzle, if it did.
    pub stop: Option<Stop>,
}

/// Why a run stopped early.
pub(crate) enum Stop {
    /// One puzzle took longer than the budget.
    OverBudget {
        /// Its index in the set, from 0.
        index: usize,
        /// Its id (`tier/name`, or `FILE #N`).
        puzzle: String,
        /// The budget it went past.
        budget: Duration,
    },
    /// The worker failed; why.
    Failed(String),
}

/// Runs the comparison and prints the table. Fails (exit status 1) for a puzzle file that
/// cannot be loaded, before measuring anything, and, after the table, if any approach got any
/// puzzle wrong or a worker failed, with what went wrong on stderr. Options that cannot go
/// together (`--tier`, or only rungs for 9x9 boards, with another `--size`) are a usage error.
pub fn run(args: &CompareArgs) -> crate::Fallible<ExitCode> {
    crate::stdin_once("compare", &args.files, "by --file");
    let named = |chosen: &[String], name: &str| chosen.iter().any(|c| c == name);
    let size = args.size;
    if size != 9 && !args.tiers.is_empty() {
        let message = format!("--tier names 9x9 tiers, not boards of --size {size}");
        crate::usage_error("compare", ErrorKind::ArgumentConflict, message);
    }
    // Every tier (or the bundled boards of another size) when neither --tier nor --file is given.
    let every = args.tiers.is_empty() && args.files.is_empty();
    let tiers = (TIERS.iter())
        .filter(|tier| size == 9 && (every || named(&args.tiers, tier.name)))
        .map(|tier| Ok(bundled_set(tier.name).expect("a bundled tier")));
    let large = (size != 9 && every).then(|| PuzzleSet::large(size));
    if large
        .as_ref()
        .is_some_and(|bundled| bundled.puzzles.is_empty())
    {
        let error = format!("no {size}x{size} boards are bundled: give a file of them with --file");
        return Err(error.into());
    }
    let files = args.files.iter().map(|path| tasks::file(path, size));
    let sets = tiers.chain(large.map(Ok)).chain(files);
    let mut sets = sets.collect::<Result<Vec<_>, _>>()?;
    // Files of one name in two folders are told apart by their paths, as given.
    let first_file = sets.len() - args.files.len();
    let names: Vec<String> = sets.iter().map(|set| set.name.clone()).collect();
    for (set, path) in sets[first_file..].iter_mut().zip(&args.files) {
        if names.iter().filter(|name| **name == set.name).count() > 1 {
            set.name = path.display().to_string();
        }
    }
    let (runs, nine_only): (Vec<&Approach>, Vec<&Approach>) = (APPROACHES.iter())
        .filter(|approach| args.approaches.is_empty() || named(&args.approaches, approach.name))
        .partition(|approach| size == 9 || approach.solutions.is_some());
    if runs.is_empty() {
        let takers = "dancing-links and constraint-propagation do";
        let message = format!("no approach named takes {size}x{size} boards; {takers}");
        crate::usage_error("compare", ErrorKind::ArgumentConflict, message);
    }

    // A chart that cannot be written is better known before a long run than after it.
    let unwritable = |path: &Path, error: &dyn Display| {
        format!("cannot write the chart to {}: {error}", path.display())
    };
    if let Some(path) = &args.svg {
        std::fs::File::create(path).map_err(|error| unwritable(path, &error))?;
    }

    let mut rows = Vec::new();
    let (mut wrong_answers, mut failed_runs) = (0, 0);
    // Beyond 9x9, the engine the tools solve with runs too, after the rungs, unless
    // --approach names rungs.
    let engine = (size != 9 && args.approaches.is_empty()).then_some(solver::DEFAULT);
    let names = runs.iter().map(|approach| approach.name).chain(engine);
    for set in &sets {
        // Judged the same way for every approach: built once.
        let tasks = tasks::tasks(set);
        for name in names.clone() {
            let row = measure(
                set,
                &tasks,
                name,
                Worker::start(name),
                args.budget,
                |wrong| {
                    wrong_answers += 1;
                    errln!("{name} got a puzzle wrong: {wrong}\n");
                },
            );
            if let Some(Stop::Failed(cause)) = &row.stop {
                failed_runs += 1;
                errln!("{name} on {} failed: {cause}\n", set.name);
            }
            rows.push(row);
        }
    }
    out!("{}", output::render(&rows, args.format));
    if !nine_only.is_empty() {
        let names: Vec<&str> = nine_only.iter().map(|approach| approach.name).collect();
        errln!("9x9 only, not run on {size}x{size}: {}", names.join(", "));
    }
    if let Some(path) = &args.svg {
        chart::write_svg(&rows, path).map_err(|error| unwritable(path, &*error))?;
    }
    if wrong_answers > 0 {
        errln!("{} solved wrongly", counted(wrong_answers, "puzzle"));
    }
    if failed_runs > 0 {
        let runs = counted(failed_runs, "run");
        errln!("{runs} failed: see the note column");
    }
    Ok(ExitCode::from(u8::from(wrong_answers + failed_runs > 0)))
}

/// Runs `approach` on `set`, whose puzzles `tasks` holds judged ([`tasks::tasks`]), in
/// `worker`, a worker process (`sudoku_harness::worker`) just started, puzzle by puzzle, until
/// one is past the budget. The times are the worker's, taken around the approach's
/// `solve_counting_calls` alone; the answers are judged here.
pub(crate) fn measure(
    set: &PuzzleSet,
    tasks: &[tasks::Task],
    approach: &'static str,
    mut worker: Result<Worker, WorkerError>,
    budget: Duration,
    mut on_wrong: impl FnMut(String),
) -> Row {
    let mut row = Row {
        set: set.name.clone(),
        source: match set.puzzles.first().map(|puzzle| puzzle.known) {
            Some(Known::Nothing) => "file",
            _ => "tier",
        },
        approach,
        puzzles: set.puzzles.len(),
        ..Row::default()
    };
    // The worker is dropped (killed and reaped) on the way out, before the next run is measured.
    for (index, task) in tasks.iter().enumerate() {
        let worker = worker.as_mut().map_err(|error| error.clone());
        let reply = match worker.and_then(|worker| worker.solve(&task.rows, budget)) {
            Ok(reply) => reply,
            Err(error) => {
                let puzzle = task.id.clone();
                row.stop = Some(match error {
                    WorkerError::OverBudget => Stop::OverBudget {
                        index,
                        puzzle,
                        budget,
                    },
                    cause => Stop::Failed(format!("the worker failed: {cause}")),
                });
                break;
            }
        };
        row.times.push(reply.time);
        row.search_calls += reply.calls;
        match task.judge(&reply.board) {
            Ok(()) => row.solved += 1,
            Err(wrong) => on_wrong(wrong),
        }
    }
    row
}

impl Row {
    /// The total time as people read it, or why there is none.
    pub(crate) fn total(&self) -> String {
        match &self.stop {
            None => format_duration(self.times.iter().sum()),
            Some(Stop::OverBudget { .. }) => "over budget".to_owned(),
            Some(Stop::Failed(_)) => "failed".to_owned(),
        }
    }
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(
            median(&[ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median(&[]), Duration::ZERO);
    }
}
