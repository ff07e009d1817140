//! The budget check in a child process, so that an engine stuck on one puzzle is stopped when
//! the budget has passed.
//!
//! # Why a child process
//!
//! A solve cannot be interrupted: the solvers are plain functions without a cancellation point,
//! and Rust cannot kill a thread. In this process the check ([`throughput::check_budget`]) can
//! only stop between puzzles, so a naive rung spent a minute or more on one 17-clue puzzle before
//! it was left out; a solve moved to a thread and abandoned would go on burning a core under the
//! measurements that follow. A process can be killed. [`check_budget`] runs the budget sample in
//! a child process of the current executable and kills (and reaps) it once the budget has passed.
//!
//! # The protocol
//!
//! The child is the current executable ([`std::env::current_exe`]) started with [`PROBE_ENV`]
//! set and the request as its arguments: engine, mode, budget, sample size, a fingerprint of the
//! sample, and the set's [`SetSource`] (a bundled set's name, the generator's seed and count, or
//! a file's path), from which the child loads the puzzles itself. **An executable that calls
//! [`check_budget`] must call [`serve_if_asked`] first thing in `main`**; the criterion benchmark
//! and `sudoku-kata` do. The child answers on its standard output, one line each, prefixed
//! `sudoku-bench-probe `:
//!
//! - `ready` once the sample is loaded, checked against the fingerprint and prepared: the parent
//!   starts the clock then, so loading is not charged to the engine;
//! - `done SOLVED NANOS OVER` after [`throughput::run_sample`], which stops by itself after the
//!   first puzzle that ends past the budget ([`throughput::judge`] then rules in the parent);
//! - `error MESSAGE` when it cannot run the request.
//!
//! Without `done` within the budget and [`STOP_GRACE`], the parent kills the child and leaves the
//! engine out ([`Reason::Unfinished`]). When no probe process can be used at all (no current
//! executable, spawning fails, the child answers nothing useful, or this process is itself a
//! probe), the check runs in this process as before, and [`Checked::fallback`] says so.

use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::child::{self, Conversation, Silence};
use crate::engines::{Engine, Mode, engine};
use crate::sets::{PuzzleBytes, PuzzleSet, SetSource};
use crate::throughput::{self, LeftOut, Reason, SampleRun, budget_sample, judge, run_sample};

/// Set (to anything) in a probe process's environment; [`serve_if_asked`] looks for it.
pub const PROBE_ENV: &str = "SUDOKU_BENCH_PROBE";

/// How long a child may take past the budget to report by itself (it stops after the puzzle
/// that spends the budget) before it is killed: the report says how many puzzles it solved.
pub const STOP_GRACE: Duration = Duration::from_millis(100);

/// How long a child may take to load and prepare its sample before it counts as broken. A
/// guard against a hang only: loading the biggest public set takes a fraction of a second.
pub const LOAD_LIMIT: Duration = Duration::from_secs(30);

/// The prefix of every line of the protocol, so that other output is never taken for an answer.
const PREFIX: &str = "sudoku-bench-probe ";

/// The outcome of [`check_budget`].
#[derive(Debug)]
pub struct Checked {
    /// `Ok` with the estimated time of one pass, or why the engine is left out of the set.
    pub verdict: Result<Duration, LeftOut>,
    /// Set when no probe process could be used and the verdict comes from the check in this
    /// process, which cannot stop a solve in progress; print it as a warning.
    pub fallback: Option<Fallback>,
}

/// A budget check that ran in this process instead of a probe process, and why.
#[derive(Debug)]
pub struct Fallback {
    /// The engine's name.
    pub engine: &'static str,
    /// The set's name.
    pub set: String,
    /// Why no probe process could be used.
    pub cause: ProbeError,
}

impl fmt::Display for Fallback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the budget check of {} on {} ran in this process, where a solve in progress cannot \
             be stopped: {}",
            self.engine, self.set, self.cause
        )
    }
}

/// Why a probe process could not be used.
#[derive(Debug, Error)]
pub enum ProbeError {
    /// This process is a probe itself (a probe never starts another).
    #[error("this process is itself a probe process ({PROBE_ENV} is set)")]
    Nested,
    /// [`std::env::current_exe`] failed.
    #[error("cannot find the current executable: {0}")]
    CurrentExe(#[source] io::Error),
    /// The child could not be started.
    #[error("cannot start a probe process: {0}")]
    Spawn(#[source] io::Error),
    /// The child's output could not be read.
    #[error("cannot read the probe process's answer: {0}")]
    Read(#[source] io::Error),
    /// The child did not report `ready` within [`LOAD_LIMIT`].
    #[error("the probe process did not load its puzzles within {} s", LOAD_LIMIT.as_secs())]
    LoadTimeout,
    /// The child ended without an answer.
    #[error(
        "the probe process ended ({0}) without an answer; does its `main` call \
         `sudoku_bench::probe::serve_if_asked` first?"
    )]
    NoAnswer(ExitStatus),
    /// The child could not run the request.
    #[error("the probe process failed: {0}")]
    Failed(String),
    /// The child answered something that is not in the protocol.
    #[error("the probe process answered {0:?}")]
    Garbled(String),
}

/// Whether a pass of `engine` over `set` in `mode` fits in `budget`, like
/// [`throughput::check_budget`] but with the sample run in a child process that is killed once
/// the budget has passed (see the module documentation). Call it only from an executable whose
/// `main` starts with [`serve_if_asked`].
pub fn check_budget(engine: &Engine, set: &PuzzleSet, mode: Mode, budget: Duration) -> Checked {
    let program = std::env::current_exe().map_err(ProbeError::CurrentExe);
    check_with(program, engine, set, mode, budget)
}

/// [`check_budget`] with `program` as the probe process's executable.
fn check_with(
    program: Result<PathBuf, ProbeError>,
    engine: &Engine,
    set: &PuzzleSet,
    mode: Mode,
    budget: Duration,
) -> Checked {
    // Nothing to stop: the check in this process answers at once.
    if budget_sample(set).is_empty() || !engine.supports(mode) {
        return Checked {
            verdict: throughput::check_budget(engine, set, mode, budget),
            fallback: None,
        };
    }
    let attempt = program.and_then(|program| check_in_child(&program, engine, set, mode, budget));
    match attempt {
        Ok(verdict) => Checked {
            verdict,
            fallback: None,
        },
        Err(cause) => Checked {
            verdict: throughput::check_budget(engine, set, mode, budget),
            fallback: Some(Fallback {
                engine: engine.name(),
                set: set.name.clone(),
                cause,
            }),
        },
    }
}

/// The child side: when [`PROBE_ENV`] is set, runs the request in the arguments, answers on
/// standard output and returns the exit code `main` should return; `None` otherwise, and `main`
/// goes on as usual.
pub fn serve_if_asked() -> Option<ExitCode> {
    child::serve_if_asked(PROBE_ENV, PREFIX, serve)
}

fn serve(args: &[OsString], out: &mut impl Write) -> Result<(), String> {
    let request = Request::parse(args)?;
    let set = request.source.load()?;
    let sample = set
        .puzzles
        .get(..request.sample)
        .ok_or_else(|| format!("{} holds fewer than {} puzzles", set.name, request.sample))?;
    if fingerprint(sample) != request.fingerprint {
        return Err(format!(
            "it loaded other puzzles for {} than its parent",
            set.name
        ));
    }
    let engine = engine(&request.engine).ok_or_else(|| format!("no engine {}", request.engine))?;
    let batch = engine
        .prepare(request.mode, sample)
        .ok_or_else(|| format!("{} cannot {}", request.engine, request.mode.describe()))?;
    let say = |out: &mut dyn Write, line: &str| -> Result<(), String> {
        writeln!(out, "{PREFIX}{line}")
            .and_then(|()| out.flush())
            .map_err(|error| format!("cannot answer: {error}"))
    };
    say(out, "ready")?;
    let run = run_sample(batch, request.budget);
    say(
        out,
        &format!(
            "done {} {} {}",
            run.solved,
            run.elapsed.as_nanos(),
            u8::from(run.over)
        ),
    )
}

/// The parent side: `Err` when no answer could be had from a probe process.
fn check_in_child(
    program: &Path,
    engine: &Engine,
    set: &PuzzleSet,
    mode: Mode,
    budget: Duration,
) -> Result<Result<Duration, LeftOut>, ProbeError> {
    if std::env::var_os(PROBE_ENV).is_some() {
        return Err(ProbeError::Nested);
    }
    let sample = budget_sample(set);
    let request = Request {
        engine: engine.name().to_owned(),
        mode,
        budget,
        sample: sample.len(),
        fingerprint: fingerprint(sample),
        source: set.source.clone(),
    };
    let mut command = Command::new(program);
    command
        .args(request.to_args())
        .env(PROBE_ENV, "1")
        .stdin(Stdio::null());
    let mut child = Conversation::start(&mut command, PREFIX).map_err(ProbeError::Spawn)?;
    // Dropped (killed and reaped) on the way out, before anything else is measured.
    converse(&mut child, budget).map(|heard| match heard {
        Some(run) => judge(engine, set, budget, sample.len(), run),
        None => Err(LeftOut {
            engine: engine.name(),
            set: set.name.clone(),
            reason: Reason::Unfinished {
                sample: sample.len(),
                puzzles: set.puzzles.len(),
                budget,
            },
        }),
    })
}

/// Waits for `ready`, then for `done` until the budget and [`STOP_GRACE`] have passed: the run
/// the child reported, or `None` when it was too slow.
fn converse(child: &mut Conversation, budget: Duration) -> Result<Option<SampleRun>, ProbeError> {
    match next_answer(child, Instant::now() + LOAD_LIMIT)? {
        Some(line) if line == "ready" => {}
        Some(other) => return Err(unexpected(other)),
        None => return Err(ProbeError::LoadTimeout),
    }
    let Some(line) = next_answer(child, Instant::now() + budget + STOP_GRACE)? else {
        return Ok(None);
    };
    parse_done(&line).map(Some).ok_or_else(|| unexpected(line))
}

/// `done SOLVED NANOS OVER`, the child's report of its run.
fn parse_done(line: &str) -> Option<SampleRun> {
    let fields: Vec<&str> = line.split(' ').collect();
    let ["done", solved, nanos, over] = fields[..] else {
        return None;
    };
    Some(SampleRun {
        solved: solved.parse().ok()?,
        elapsed: Duration::from_nanos(nanos.parse().ok()?),
        over: match over {
            "0" => false,
            "1" => true,
            _ => return None,
        },
    })
}

/// The next protocol line without its prefix, or `None` at `deadline`.
fn next_answer(child: &mut Conversation, deadline: Instant) -> Result<Option<String>, ProbeError> {
    child
        .next_answer(deadline)
        .map_err(|silence| match silence {
            Silence::Read(error) => ProbeError::Read(error),
            Silence::Ended(status) => ProbeError::NoAnswer(status),
        })
}

fn unexpected(answer: String) -> ProbeError {
    match answer.strip_prefix("error ") {
        Some(message) => ProbeError::Failed(message.to_owned()),
        None => ProbeError::Garbled(answer),
    }
}

/// Identifies a sample, so that a child that loaded other puzzles (a file changed meanwhile)
/// says so instead of timing them. Parent and child are the same executable, so the same
/// hasher.
fn fingerprint(sample: &[PuzzleBytes]) -> u64 {
    let mut hasher = DefaultHasher::new();
    sample.hash(&mut hasher);
    hasher.finish()
}

/// What the parent asks of a probe process, as its arguments.
#[derive(Debug, PartialEq, Eq)]
struct Request {
    engine: String,
    mode: Mode,
    budget: Duration,
    sample: usize,
    fingerprint: u64,
    source: SetSource,
}

impl Request {
    fn to_args(&self) -> Vec<OsString> {
        let mut args: Vec<OsString> = [
            self.engine.clone(),
            self.mode.label().to_owned(),
            self.budget.as_nanos().to_string(),
            self.sample.to_string(),
            self.fingerprint.to_string(),
        ]
        .map(OsString::from)
        .into();
        match &self.source {
            SetSource::Bundled(name) => args.extend(["bundled", name].map(OsString::from)),
            SetSource::Generated { seed, count } => args.extend(
                ["generated".to_owned(), seed.to_string(), count.to_string()].map(OsString::from),
            ),
            // As an `OsString`, so any path the parent could open goes through unchanged.
            SetSource::File(path) => args.extend([OsString::from("file"), path.into()]),
        }
        args
    }

    fn parse(args: &[OsString]) -> Result<Request, String> {
        let bad =
            || format!("{PROBE_ENV} is set, but the arguments are not a probe request: {args:?}");
        let text = |index: usize| args.get(index).and_then(|arg| arg.to_str()).ok_or_else(bad);
        let number = |index: usize| text(index)?.parse::<u64>().map_err(|_| bad());
        let mode = Mode::ALL
            .into_iter()
            .find(|mode| text(1).is_ok_and(|label| label == mode.label()))
            .ok_or_else(bad)?;
        let source = match (text(5)?, args.len()) {
            ("bundled", 7) => SetSource::Bundled(text(6)?.to_owned()),
            ("generated", 8) => SetSource::Generated {
                seed: number(6)?,
                count: usize::try_from(number(7)?).map_err(|_| bad())?,
            },
            ("file", 7) => SetSource::File(args[6].clone().into()),
            _ => return Err(bad()),
        };
        Ok(Request {
            engine: text(0)?.to_owned(),
            mode,
            budget: Duration::from_nanos(number(2)?),
            sample: usize::try_from(number(3)?).map_err(|_| bad())?,
            fingerprint: number(4)?,
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::sets::bundled_set;

    #[test]
    fn requests_survive_the_trip_through_arguments() {
        for source in [
            SetSource::Bundled("hard".to_owned()),
            SetSource::Generated {
                seed: 37,
                count: 200,
            },
            SetSource::File(PathBuf::from("../shared/data/puzzles 2 17 clue")),
        ] {
            let request = Request {
                engine: "mrv-heap".to_owned(),
                mode: Mode::ProveUnique,
                budget: Duration::from_millis(2500),
                sample: 100,
                fingerprint: u64::MAX,
                source,
            };
            assert_eq!(Request::parse(&request.to_args()), Ok(request));
        }
    }

    #[test]
    fn a_bad_request_is_an_error_naming_the_variable() {
        let args: Vec<OsString> = ["mrv-heap", "sideways", "1", "1", "1", "bundled", "easy"]
            .map(OsString::from)
            .into();
        let error = Request::parse(&args).unwrap_err();
        assert!(
            error.starts_with("SUDOKU_BENCH_PROBE is set, but"),
            "{error}"
        );
        assert!(Request::parse(&[]).is_err());
    }

    #[test]
    fn the_child_side_reports_ready_then_the_run() {
        let set = bundled_set("easy").expect("a bundled tier");
        let sample = budget_sample(&set);
        let request = Request {
            engine: "dancing-links".to_owned(),
            mode: Mode::FirstSolution,
            budget: Duration::from_secs(60),
            sample: sample.len(),
            fingerprint: fingerprint(sample),
            source: set.source.clone(),
        };
        let mut out = Vec::new();
        serve(&request.to_args(), &mut out).expect("served");
        let out = String::from_utf8(out).expect("UTF-8");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "sudoku-bench-probe ready");
        let done: Vec<&str> = lines[1].split(' ').collect();
        assert_eq!(done[..3], ["sudoku-bench-probe", "done", "15"], "{out}");
        assert_eq!(done[4], "0", "{out}");
        assert_eq!(lines.len(), 2, "{out}");

        // Other puzzles than the parent's: refused before anything is timed.
        let other = Request {
            fingerprint: request.fingerprint ^ 1,
            ..request
        };
        let mut out = Vec::new();
        let error = serve(&other.to_args(), &mut out).unwrap_err();
        assert_eq!(error, "it loaded other puzzles for easy than its parent");
        assert!(out.is_empty());
    }

    #[test]
    fn without_a_probe_process_the_check_runs_here_and_says_why() {
        let set = bundled_set("easy").expect("a bundled tier");
        let dancing_links = engine("dancing-links").expect("registered");
        let missing = PathBuf::from("/nonexistent/sudoku-bench-probe");
        let budget = Duration::from_secs(60);
        let checked = check_with(
            Ok(missing),
            &dancing_links,
            &set,
            Mode::FirstSolution,
            budget,
        );
        assert!(checked.verdict.is_ok(), "{checked:?}");
        let fallback = checked.fallback.expect("no probe process").to_string();
        assert!(
            fallback.starts_with(
                "the budget check of dancing-links on easy ran in this process, where a solve \
                 in progress cannot be stopped: cannot start a probe process: "
            ),
            "{fallback}"
        );
    }

    #[test]
    fn only_a_well_formed_report_is_a_run() {
        let run = parse_done("done 3 2500000000 1").expect("a report");
        assert_eq!(
            run,
            SampleRun {
                solved: 3,
                elapsed: Duration::from_millis(2500),
                over: true
            }
        );
        for garbled in ["done 3 2500000000", "done 3 2.5 0", "done 3 1 2", "ready"] {
            assert_eq!(parse_done(garbled), None, "{garbled}");
        }
        assert!(
            matches!(unexpected("error no file".to_owned()), ProbeError::Failed(m) if m == "no file")
        );
        assert!(matches!(
            unexpected("hello".to_owned()),
            ProbeError::Garbled(_)
        ));
    }
}
