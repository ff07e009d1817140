//! One approach on one set in a worker process, so that a puzzle past the budget can be stopped.
//!
//! # Why a worker process
//!
//! A solve cannot be interrupted: the approaches are plain functions without a cancellation
//! point, and Rust cannot kill a thread. A process can be killed. [`run`] starts the current
//! executable as a worker with [`WORKER_ENV`] set and the request (approach and set) as its
//! arguments; **`main` calls [`serve_if_asked`] first thing**, which serves the request instead
//! of parsing a command line. The conversation with it is a [`Conversation`], as for `bench`'s
//! budget probe and `solve`'s workers.
//!
//! # The protocol
//!
//! The worker answers on its standard output, one line each, prefixed `sudoku-kata-compare `:
//!
//! - `ready COUNT` once the puzzles are loaded (the parent checks the count against its own);
//! - `puzzle JSON` after each puzzle, in order: its solve time in nanoseconds, its search calls
//!   and, if the answer is wrong, what is wrong ([`Record`]). The time is taken around the
//!   approach's `solve_counting_calls` only, exactly as `compare` timed it in one process:
//!   loading, judging and answering are not charged to the approach;
//! - `error MESSAGE` when it cannot run the request.
//!
//! The parent waits for each `puzzle` line at most the budget and [`STOP_GRACE`] since the line
//! before; a puzzle that took longer than the budget, reported or not, stops the run, and the
//! worker is killed and reaped.

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sudoku_bench::child::{self, Conversation, Silence};
use sudoku_fixtures::approach;

use super::sets::SetSpec;

/// Set (to anything) in a worker's environment; [`serve_if_asked`] looks for it.
pub(crate) const WORKER_ENV: &str = "SUDOKU_KATA_COMPARE_WORKER";

/// How long past the budget the parent waits for a puzzle's line before it stops the worker:
/// writing and reading the line takes a moment that is not the approach's.
const STOP_GRACE: Duration = Duration::from_millis(100);

/// How long the worker may take to load its puzzles: a guard against a hang only.
const LOAD_LIMIT: Duration = Duration::from_secs(60);

/// The prefix of every protocol line, so that other output is never taken for an answer.
const PREFIX: &str = "sudoku-kata-compare ";

/// What one puzzle took, as the worker measured it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Record {
    /// The solve time in nanoseconds.
    pub nanos: u64,
    /// The search calls the approach reported.
    pub calls: u64,
    /// What is wrong with the answer, if anything.
    pub wrong: Option<String>,
}

impl Record {
    /// The solve time.
    pub(crate) fn time(&self) -> Duration {
        Duration::from_nanos(self.nanos)
    }
}

/// How a run ended without a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ended {
    /// Every puzzle was reported within the budget.
    Finished,
    /// The puzzle at this index (from 0) took longer than the budget; the ones before it were
    /// reported.
    OverBudget(usize),
}

/// Runs `approach` on `set` (of `count` puzzles) in a worker process, calling `on_record` for each
/// puzzle done within `budget`, in order.
///
/// # Errors
/// The worker could not be started, did not load the same puzzles, failed, or answered
/// something that is not in the protocol; as text for the table.
pub(crate) fn run(
    approach: &str,
    set: &SetSpec,
    count: usize,
    budget: Duration,
    mut on_record: impl FnMut(Record),
) -> Result<Ended, String> {
    if std::env::var_os(WORKER_ENV).is_some() {
        return Err("a compare worker does not start another".to_owned());
    }
    let program = std::env::current_exe()
        .map_err(|error| format!("cannot find the current executable: {error}"))?;
    let mut command = Command::new(program);
    command
        .arg(approach)
        .args(set.to_args())
        .env(WORKER_ENV, "1");
    run_command(command, count, budget, &mut on_record)
}

/// [`run`] with `command` as the worker.
fn run_command(
    mut command: Command,
    count: usize,
    budget: Duration,
    on_record: &mut impl FnMut(Record),
) -> Result<Ended, String> {
    command.stdin(Stdio::null());
    let mut child = Conversation::start(&mut command, PREFIX)
        .map_err(|error| format!("cannot start a worker process: {error}"))?;
    // Dropped (killed and reaped) on the way out, before the next run is measured.
    converse(&mut child, count, budget, on_record)
}

fn converse(
    child: &mut Conversation,
    count: usize,
    budget: Duration,
    on_record: &mut impl FnMut(Record),
) -> Result<Ended, String> {
    let ready = format!("ready {count}");
    match next_answer(child, Instant::now() + LOAD_LIMIT)? {
        Some(line) if line == ready => {}
        Some(line) if line.starts_with("ready ") => {
            return Err(format!(
                "the worker loaded other puzzles ({line:?}, expected {ready:?})"
            ));
        }
        Some(other) => return Err(unexpected(&other)),
        None => {
            return Err(format!(
                "the worker did not load its puzzles within {} s",
                LOAD_LIMIT.as_secs()
            ));
        }
    }
    for index in 0..count {
        let Some(line) = next_answer(child, Instant::now() + budget + STOP_GRACE)? else {
            return Ok(Ended::OverBudget(index));
        };
        let record = line
            .strip_prefix("puzzle ")
            .and_then(|json| serde_json::from_str::<Record>(json).ok())
            .ok_or_else(|| unexpected(&line))?;
        if record.time() > budget {
            return Ok(Ended::OverBudget(index));
        }
        on_record(record);
    }
    Ok(Ended::Finished)
}

/// The next protocol line without its prefix, or `None` at `deadline`.
fn next_answer(child: &mut Conversation, deadline: Instant) -> Result<Option<String>, String> {
    child
        .next_answer(deadline)
        .map_err(|silence| match silence {
            Silence::Ended(status) => format!("the worker ended ({status}) before it finished"),
            Silence::Read(error) => format!("cannot read the worker's answer: {error}"),
        })
}

fn unexpected(answer: &str) -> String {
    match answer.strip_prefix("error ") {
        Some(message) => format!("the worker failed: {message}"),
        None => format!("the worker answered {answer:?}"),
    }
}

/// The worker side: when [`WORKER_ENV`] is set, runs the request in the arguments, answers on
/// standard output and returns the exit code `main` should return; `None` otherwise, and `main`
/// goes on as usual.
pub(crate) fn serve_if_asked() -> Option<ExitCode> {
    child::serve_if_asked(WORKER_ENV, PREFIX, serve)
}

fn serve(args: &[OsString], out: &mut impl Write) -> Result<(), String> {
    let bad = || format!("{WORKER_ENV} is set, but the arguments are not a request: {args:?}");
    let (name, set) = args.split_first().ok_or_else(bad)?;
    let approach = name
        .to_str()
        .and_then(approach)
        .ok_or_else(|| format!("no approach {name:?}"))?;
    let set = SetSpec::from_args(set)
        .ok_or_else(bad)?
        .load()
        .map_err(|error| error.to_string())?;
    let mut say = |line: &str| -> Result<(), String> {
        writeln!(out, "{PREFIX}{line}")
            .and_then(|()| out.flush())
            .map_err(|error| format!("cannot answer: {error}"))
    };
    say(&format!("ready {}", set.puzzles.len()))?;
    for task in &set.puzzles {
        let mut board = task.rows.clone();
        let started = Instant::now();
        let calls = (approach.solve_counting_calls)(&mut board);
        let elapsed = started.elapsed();
        let record = Record {
            nanos: u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX),
            calls,
            wrong: task.judge(&board).err(),
        };
        let json = serde_json::to_string(&record).map_err(|error| error.to_string())?;
        say(&format!("puzzle {json}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_side_reports_ready_then_each_puzzle() {
        let args: Vec<OsString> = ["dancing-links", "tier", "easy"].map(OsString::from).into();
        let mut out = Vec::new();
        serve(&args, &mut out).expect("served");
        let out = String::from_utf8(out).expect("UTF-8");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "sudoku-kata-compare ready 15", "{out}");
        assert_eq!(lines.len(), 16, "{out}");
        for line in &lines[1..] {
            let json = line
                .strip_prefix("sudoku-kata-compare puzzle ")
                .expect("a puzzle line");
            let record: Record = serde_json::from_str(json).expect("a record");
            assert_eq!(record.wrong, None, "{out}");
            assert!(record.calls > 0, "{out}");
        }
    }

    /// The parent side with `script` as the worker, on 3 puzzles and a budget of 200 ms.
    fn parent_of(script: &str) -> (Result<Ended, String>, Vec<Record>, Duration) {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        let mut records = Vec::new();
        let started = Instant::now();
        let ended = run_command(command, 3, Duration::from_millis(200), &mut |record| {
            records.push(record);
        });
        (ended, records, started.elapsed())
    }

    const READY: &str = "echo 'sudoku-kata-compare ready 3'";
    const FAST: &str = r#"echo 'sudoku-kata-compare puzzle {"nanos":1000,"calls":7,"wrong":null}'"#;

    #[test]
    fn a_worker_that_goes_quiet_is_stopped_over_budget() {
        // Other output is skipped; the third puzzle never ends (`sleep` would take a minute).
        // `exec`, so that the worker is one process, as the real one is: killing it closes the
        // pipe.
        let (ended, records, elapsed) = parent_of(&format!(
            "echo hello; {READY}; {FAST}; {FAST}; exec sleep 60"
        ));
        assert_eq!(ended, Ok(Ended::OverBudget(2)));
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].calls, 7);
        // A guard against waiting for the sleep, not a timing: it is killed, not waited for.
        assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    }

    #[test]
    fn a_puzzle_reported_past_the_budget_is_over_budget() {
        let slow =
            r#"echo 'sudoku-kata-compare puzzle {"nanos":900000000,"calls":7,"wrong":null}'"#;
        let (ended, records, _) = parent_of(&format!("{READY}; {slow}; {FAST}; {FAST}"));
        assert_eq!(ended, Ok(Ended::OverBudget(0)));
        assert!(records.is_empty());
        let (ended, records, _) = parent_of(&format!("{READY}; {FAST}; {FAST}; {FAST}"));
        assert_eq!(ended, Ok(Ended::Finished));
        assert_eq!(records.len(), 3);
    }

    #[test]
    fn a_broken_worker_is_a_failure_saying_why() {
        let cases = [
            (
                "echo 'sudoku-kata-compare ready 4'".to_owned(),
                "the worker loaded other puzzles (\"ready 4\", expected \"ready 3\")",
            ),
            (
                format!("{READY}; {FAST}; exit 3"),
                "the worker ended (exit status: 3) before it finished",
            ),
            (
                format!("{READY}; echo 'sudoku-kata-compare puzzle {{\"nanos\":1}}'"),
                "the worker answered \"puzzle {\\\"nanos\\\":1}\"",
            ),
            (
                "echo 'sudoku-kata-compare error no such file'".to_owned(),
                "the worker failed: no such file",
            ),
        ];
        for (script, expected) in cases {
            let (ended, _, _) = parent_of(&script);
            assert_eq!(ended, Err(expected.to_owned()), "{script}");
        }
    }

    #[test]
    fn a_bad_request_is_an_error_naming_the_variable() {
        let mut out = Vec::new();
        let args: Vec<OsString> = ["dancing-links", "shelf", "easy"]
            .map(OsString::from)
            .into();
        let error = serve(&args, &mut out).unwrap_err();
        assert!(
            error.starts_with("SUDOKU_KATA_COMPARE_WORKER is set, but"),
            "{error}"
        );
        let args: Vec<OsString> = ["quantum", "tier", "easy"].map(OsString::from).into();
        assert_eq!(
            serve(&args, &mut out).unwrap_err(),
            "no approach \"quantum\""
        );
        assert!(out.is_empty());
    }
}
