//! `practice --check`: builds `practice/`, runs the shared suite on it tier by tier, and places a
//! passing solution on the ladder.
//!
//! The learner's solution runs as the rungs do in `compare`: in a worker process (the crate's
//! `practice-worker` binary, `sudoku_harness::worker`'s protocol), timed around the solve alone,
//! stopped past the budget. So the suite survives a panic or an endless search, and the times
//! beside the rungs' are measured the same way, in the same run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use sudoku_bench::sets::{PuzzleSet, bundled_set};
use sudoku_board::{format_duration, render_rows};
use sudoku_fixtures::{APPROACHES, approach};
use sudoku_harness::worker::{WORKER_ENV, Worker, WorkerError};
use sudoku_harness::{TIERS, budget_from_env};
use sudoku_kata::placement::{Score, place};
use sudoku_kata::table::{self, Align};

use super::kept::{self, Figures, Key, Rung};
use super::{missing, read_manifest};
use crate::compare::tasks::tasks;
use crate::compare::{Row, measure};
use crate::new::io;

/// The most a puzzle may take while the ladder is measured, as `compare`'s default: the suite's
/// budget is for telling slow from stuck, this one for a run that ends in seconds.
const PLACEMENT_BUDGET: Duration = Duration::from_secs(5);

/// The error for a build that reported no `practice-worker` executable.
const NO_WORKER: &str = "cargo built practice/ but reported no practice-worker binary: its \
    Cargo.toml needs the [[bin]] entry `practice` writes (delete Cargo.toml and run `practice` \
    again)";

/// How the learner's solution is named beside the rungs.
const YOURS: &str = "your solution";

/// Checks `dir`: whether the suite passed.
pub(super) fn run(dir: &Path) -> crate::Fallible<bool> {
    let manifest = dir.join("Cargo.toml");
    if !manifest.is_file() {
        return Err(missing(dir));
    }
    // The rung `practice --approach` recorded in the manifest, if any.
    let (_, practised) = read_manifest(&manifest)?;
    let practised = practised.as_deref().and_then(approach);
    let budget = budget_from_env()?;
    outln!("building {} (cargo build --release) ...", dir.display());
    let Some(executable) = build(&manifest)? else {
        outln!("your solution does not compile: cargo's messages above say where");
        return Ok(false);
    };
    let sets = TIERS.map(|tier| bundled_set(tier.name).expect("a bundled tier"));
    if !suite(&executable, &sets, budget)? {
        return Ok(false);
    }
    let budget = budget.min(PLACEMENT_BUDGET);
    let key = Key::now(budget);
    let kept = Figures::load(dir, &key);
    let budget_text = format_duration(budget);
    match &kept {
        None => outln!(
            "\nmeasuring your solution beside every rung, with a budget of {budget_text} a \
             puzzle (a tier stops at the first puzzle over it) ...\n"
        ),
        Some(kept) => outln!(
            "\nmeasuring your solution, with a budget of {budget_text} a puzzle (a tier stops at \
             the first puzzle over it), beside the rungs as this build measured them on this \
             machine at {} (kept in {}: delete it to measure them again) ...\n",
            kept.measured_at,
            dir.join(kept::FILE).display()
        ),
    }
    let mine = entrant(YOURS, &sets, budget, || start(&executable));
    let rungs = match kept {
        Some(kept) => kept.rungs,
        None => {
            let rungs: Vec<Rung> = (APPROACHES.iter())
                .map(|rung| entrant(rung.name, &sets, budget, || Worker::start(rung.name)))
                .collect();
            let figures = Figures {
                key,
                measured_at: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
                rungs,
            };
            // Not kept is only measured again next time.
            if let Err(error) = figures.keep(dir) {
                let dir = dir.display();
                outln!("(the rungs' figures could not be kept in {dir}: {error})");
            }
            figures.rungs
        }
    };
    let score = |rung: &Rung| Score {
        solved: rung.solved,
        time: Duration::from_nanos(rung.nanos),
    };
    let yours = score(&mine);
    let cells: Vec<Vec<String>> = (std::iter::once(&mine).chain(&rungs))
        .map(|rung| rung.cells.clone())
        .collect();
    // Named as the ladder names them (kept figures come from the same build, so the same ladder).
    let scores: Vec<(&str, Score)> = (rungs.iter())
        .filter_map(|rung| Some((approach(&rung.cells[0])?.name, score(rung))))
        .collect();
    let header: Vec<(&str, Align)> = std::iter::once(("approach", Align::Left))
        .chain(TIERS.iter().map(|tier| (tier.name, Align::Right)))
        .collect();
    out!("{}", table::render(&header, &cells));
    outln!("\n{}", place(yours, &scores));
    if let Some((name, theirs)) = practised.and_then(|p| scores.iter().find(|s| s.0 == p.name)) {
        if yours.solved == theirs.solved {
            let ratio = yours.ratio_to(*theirs);
            outln!("beside {name}, the rung you practise: {ratio:.2}x its time");
        } else {
            let (mine, its) = (yours.solved, theirs.solved);
            outln!(
                "beside {name}, the rung you practise: you solved {mine} puzzles in time, it \
                 solved {its}"
            );
        }
    }
    Ok(true)
}

/// Measures `name` on every set, each in a worker that `start` starts: its row and its totals.
fn entrant(
    name: &'static str,
    sets: &[PuzzleSet],
    budget: Duration,
    start: impl Fn() -> Result<Worker, WorkerError>,
) -> Rung {
    let rows: Vec<Row> = (sets.iter())
        .map(|set| measure(set, &tasks(set), name, start(), budget, |_| {}))
        .collect();
    // A cell per tier: solved of all, and the total time or why it stopped.
    let tiers = (rows.iter()).map(|row| format!("{}/{} {}", row.solved, row.puzzles, row.total()));
    let time: Duration = rows.iter().flat_map(|row| &row.times).sum();
    Rung {
        cells: std::iter::once(name.to_owned()).chain(tiers).collect(),
        solved: rows.iter().map(|row| row.solved).sum(),
        nanos: u64::try_from(time.as_nanos()).unwrap_or(u64::MAX),
    }
}

/// Builds the worker binary, cargo's messages going to the terminal; its path, or `None` when
/// the build fails.
fn build(manifest: &Path) -> crate::Fallible<Option<PathBuf>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let output = Command::new(&cargo)
        .args(["build", "--release", "--quiet", "--bin", "practice-worker"])
        .arg("--message-format=json-render-diagnostics")
        .arg("--manifest-path")
        .arg(manifest)
        .stderr(Stdio::inherit())
        .output()
        .map_err(io(Path::new(&cargo)))?;
    if !output.status.success() {
        return Ok(None);
    }
    let executable = sudoku_kata::built::executable(&output.stdout, "practice-worker");
    Ok(Some(executable.ok_or(NO_WORKER)?))
}

/// Starts the learner's worker.
fn start(executable: &Path) -> Result<Worker, WorkerError> {
    let mut command = Command::new(executable);
    command.env(WORKER_ENV, YOURS);
    Worker::from_command(command)
}

/// Runs every tier, easiest first, within `budget` a puzzle, and says how each went; stops at
/// the first failure and says what went wrong. Whether every tier passed.
fn suite(executable: &Path, sets: &[PuzzleSet], budget: Duration) -> crate::Fallible<bool> {
    // The slowest puzzle of the tiers passed so far: a first slow puzzle after fast tiers says
    // something about the search.
    let mut slowest: Option<Duration> = None;
    for set in sets {
        let mut worker = start(executable);
        let mut tier_slowest = Duration::ZERO;
        for task in &tasks(set) {
            let worker = worker.as_mut().map_err(|error| error.clone());
            let puzzle = |failure: String| {
                let puzzle = render_rows(&task.rows);
                format!("{}: {failure}\n\npuzzle:\n{puzzle}", task.id)
            };
            let failure = match worker.and_then(|worker| worker.solve(&task.rows, budget)) {
                Ok(reply) => match task.judge(&reply.board) {
                    Ok(()) => {
                        tier_slowest = tier_slowest.max(reply.time);
                        continue;
                    }
                    Err(wrong) => wrong,
                },
                Err(WorkerError::OverBudget) => {
                    let cause = match slowest {
                        Some(slowest) if slowest * 100 < budget => format!(
                            "the easier tiers took at most {} a puzzle, so this one likely \
                             meets a search with no pruning, or a bad cell order (the blank with \
                             the fewest candidates first cuts the search most)",
                            format_duration(slowest)
                        ),
                        Some(_) => "a correct but slow solution is stopped so that the check \
                                    ends (SUDOKU_KATA_BUDGET sets the seconds)"
                            .to_owned(),
                        None => "a search that never ends, or a correct but slow one, is stopped \
                                 so that the check ends (SUDOKU_KATA_BUDGET sets the seconds)"
                            .to_owned(),
                    };
                    let budget = format_duration(budget);
                    puzzle(format!("over budget: no answer within {budget}; {cause}"))
                }
                Err(error) => puzzle(error.to_string()),
            };
            // The diff is in colour: plain where stdout is no terminal, or NO_COLOR is set.
            outln!("tier {}: FAILED\n\n{}", set.name, failure.trim_end());
            outln!(
                "\nthe suite stops at tier {}: fix this puzzle, then check again",
                set.name
            );
            return Ok(false);
        }
        let count = set.puzzles.len();
        let time = format_duration(tier_slowest);
        outln!(
            "tier {}: {count}/{count} solved, the slowest in {time}",
            set.name
        );
        slowest = Some(slowest.unwrap_or_default().max(tier_slowest));
    }
    outln!("the suite passes: every tier, every puzzle within its budget");
    Ok(true)
}
