//! Solving under a time budget, in worker processes: how `solve` runs an approach of the ladder,
//! so that no puzzle can hang it.
//!
//! # Why worker processes
//!
//! The approaches are plain functions without a cancellation point: a naive rung can spend hours
//! proving that a sparse board has no solution, and nothing in this process could stop it. A
//! process can be stopped. So [`Workers`] runs the approach in child processes of the current
//! executable, one puzzle at a time each, waits for each answer at most the budget, and kills the
//! worker of a puzzle that takes longer: that puzzle gets [`Unsolved::OverBudget`], and the next
//! one a fresh worker. A worker that crashes (a panic, a stack overflow) costs its puzzle only:
//! [`Unsolved::Crashed`]. Idle workers are kept for the next puzzle, one per thread at most, so a
//! file of puzzles starts a worker per core, not per line.
//!
//! # The protocol
//!
//! The worker is the current executable started with [`WORKER_ENV`] set to the approach's name;
//! **`main` calls [`serve_if_asked`] first thing**, which serves instead of parsing a command
//! line. The parent writes one request per line on the worker's standard input, `solve LINE` or
//! `calls LINE` with the puzzle in the line notation, and waits for the answer before writing the
//! next; the worker answers each on its standard output with one line, prefixed
//! `sudoku-kata-solve `:
//!
//! - to `solve`: `solved NANOS LINE`, the solution, judged in the worker ([`Solver::solve`]);
//!   `none NANOS` when the approach found no solution; `wrong NANOS REASON` when it handed back
//!   something that is not a solution;
//! - to `calls`: `calls NANOS N`, the approach's search calls on the puzzle (what `generate
//!   --min-calls` keeps puzzles by);
//! - to anything: `error MESSAGE` when the worker cannot serve (an unknown approach, a request
//!   that is not one).
//!
//! `NANOS` is the time the approach took, measured in the worker around its call alone: the
//! parent holds it against the budget, so that the budget means the same as in `compare`, and
//! waits for the answer at most the budget and a short grace before it stops the worker.
//!
//! It ends at the end of its standard input.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sudoku_bench::child::Conversation;
use sudoku_board::Board;
use sudoku_fixtures::Approach;

use super::solver::{Solver, Unsolved};

/// Set in a worker's environment to the name of the approach it runs; [`serve_if_asked`] looks
/// for it.
pub const WORKER_ENV: &str = "SUDOKU_KATA_SOLVE_WORKER";

/// The prefix of every answer, so that nothing else a worker prints is taken for one.
const PREFIX: &str = "sudoku-kata-solve ";

/// How long past the budget the parent waits for an answer before it stops the worker: writing
/// and reading a line takes a moment that is not the approach's.
const STOP_GRACE: Duration = Duration::from_millis(50);

/// How a worker is started: the current executable, or a stand-in in tests.
type StartWorker = Box<dyn Fn() -> io::Result<Command> + Send + Sync>;

/// An approach run in worker processes, each puzzle within a budget.
pub struct Workers {
    approach: &'static Approach,
    budget: Duration,
    command: StartWorker,
    /// Workers waiting for a puzzle.
    idle: Mutex<Vec<Conversation>>,
}

impl fmt::Debug for Workers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Workers")
            .field("approach", &self.approach.name)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Workers {
    /// `approach` in workers of the current executable, each puzzle within `budget`.
    pub fn new(approach: &'static Approach, budget: Duration) -> Workers {
        let start = move || {
            let mut command = Command::new(std::env::current_exe()?);
            command.env(WORKER_ENV, approach.name);
            Ok(command)
        };
        Workers::with_command(approach, budget, Box::new(start))
    }

    /// Like [`Workers::new`], with `command` starting each worker.
    fn with_command(
        approach: &'static Approach,
        budget: Duration,
        command: StartWorker,
    ) -> Workers {
        Workers {
            approach,
            budget,
            command,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// The budget of each puzzle.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// The approach's name.
    pub fn name(&self) -> &'static str {
        self.approach.name
    }

    /// Solves `puzzle` in a worker; with several solutions, the first one the approach finds.
    ///
    /// # Errors
    ///
    /// [`Unsolved`]: no solution, a wrong answer, more time than the budget, or a worker that
    /// crashed or could not be started.
    pub fn solve(&self, puzzle: &Board) -> Result<Board, Unsolved> {
        let answer = self.ask("solve", puzzle)?;
        match answer.kind.as_str() {
            "solved" => Board::parse_line(&answer.rest)
                .map_err(|error| self.crashed(format!("it answered a bad line ({error})"))),
            "none" => Err(Unsolved::NoSolution),
            "wrong" => Err(Unsolved::WrongAnswer {
                solver: self.name(),
                reason: answer.rest,
            }),
            _ => Err(self.unexpected(&answer)),
        }
    }

    /// How many search calls the approach makes on `puzzle`, counted in a worker.
    ///
    /// # Errors
    ///
    /// [`Unsolved`]: more time than the budget, or a worker that crashed or could not be
    /// started.
    pub fn search_calls(&self, puzzle: &Board) -> Result<u64, Unsolved> {
        let answer = self.ask("calls", puzzle)?;
        match (answer.kind.as_str(), answer.rest.parse()) {
            ("calls", Ok(calls)) => Ok(calls),
            _ => Err(self.unexpected(&answer)),
        }
    }

    /// Asks a worker `request` about `puzzle` and waits for its answer within the budget.
    fn ask(&self, request: &str, puzzle: &Board) -> Result<Answer, Unsolved> {
        let mut worker = self
            .checkout()
            .map_err(|error| self.crashed(format!("cannot start a worker: {error}")))?;
        let asked = worker
            .stdin()
            .map_or(Err(io::ErrorKind::BrokenPipe.into()), |stdin| {
                writeln!(stdin, "{request} {}", puzzle.to_line()).and_then(|()| stdin.flush())
            });
        if let Err(error) = asked {
            return Err(self.crashed(format!("cannot hand it the puzzle: {error}")));
        }
        let over_budget = Unsolved::OverBudget {
            solver: self.name(),
            budget: self.budget,
        };
        let line = match worker.next_answer(Instant::now() + self.budget + STOP_GRACE) {
            Ok(Some(line)) => line,
            // Dropping the worker kills it: the puzzle is abandoned, not the run.
            Ok(None) => return Err(over_budget),
            Err(silence) => return Err(self.crashed(silence.to_string())),
        };
        self.idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(worker);
        let mut fields = line.splitn(3, ' ');
        let kind = fields.next().unwrap_or_default();
        let field = fields.next().unwrap_or_default();
        let rest = fields.next().unwrap_or_default();
        if kind == "error" {
            return Err(self.crashed(format!("{field} {rest}").trim_end().to_owned()));
        }
        let Ok(nanos) = field.parse() else {
            return Err(self.crashed(format!("it answered {line:?}")));
        };
        // The approach's own time, as the worker measured it: an answer that arrives within
        // the grace but took longer than the budget is over it all the same.
        if Duration::from_nanos(nanos) > self.budget {
            return Err(over_budget);
        }
        Ok(Answer {
            kind: kind.to_owned(),
            rest: rest.to_owned(),
        })
    }

    /// An idle worker, or a new one.
    fn checkout(&self) -> io::Result<Conversation> {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop();
        match idle {
            Some(worker) => Ok(worker),
            None => {
                let mut command = (self.command)()?;
                command.stdin(Stdio::piped());
                Conversation::start(&mut command, PREFIX)
            }
        }
    }

    /// An answer that does not fit the request.
    fn unexpected(&self, answer: &Answer) -> Unsolved {
        self.crashed(format!("it answered {:?} to the request", answer.kind))
    }

    fn crashed(&self, reason: String) -> Unsolved {
        Unsolved::Crashed {
            solver: self.name(),
            reason,
        }
    }
}

/// A worker's answer, within the budget: its kind (`solved`, `none`, `wrong`, `calls`) and what
/// follows the time.
struct Answer {
    kind: String,
    rest: String,
}

/// The worker side: when [`WORKER_ENV`] is set, serves puzzles from stdin until its end and
/// returns the exit code; otherwise `None`, and `main` goes on as usual.
pub fn serve_if_asked() -> Option<ExitCode> {
    let name = std::env::var_os(WORKER_ENV)?;
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    let served = match name.to_str().and_then(sudoku_fixtures::approach) {
        Some(approach) => serve(approach, stdin, &mut stdout),
        None => writeln!(
            stdout,
            "{PREFIX}error {WORKER_ENV} names no approach: {name:?}"
        ),
    };
    Some(if served.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Answers each request line of `input` on `output`.
fn serve(
    approach: &'static Approach,
    input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    for line in input.lines() {
        let answer = answer(approach, &line?);
        // One line per answer, whatever the message holds.
        writeln!(output, "{PREFIX}{}", answer.replace('\n', " "))?;
        output.flush()?;
    }
    Ok(())
}

/// The answer to one request, `solve LINE` or `calls LINE`: its kind, the approach's time in
/// nanoseconds, and what it found.
fn answer(approach: &'static Approach, request: &str) -> String {
    let (kind, line) = request.split_once(' ').unwrap_or((request, ""));
    let puzzle = match Board::parse_line(line) {
        Ok(puzzle) => puzzle,
        Err(error) => return format!("error the request holds no puzzle: {error}"),
    };
    let started = Instant::now();
    let (kind, found) = match kind {
        "solve" => match Solver::Approach(approach).solve(&puzzle) {
            Ok(solution) => ("solved", solution.to_line()),
            Err(Unsolved::NoSolution) => ("none", String::new()),
            Err(Unsolved::WrongAnswer { reason, .. }) => ("wrong", reason),
            Err(other) => return format!("error {other}"),
        },
        "calls" => (
            "calls",
            (approach.solve_counting_calls)(&mut puzzle.to_rows()).to_string(),
        ),
        _ => return format!("error unknown request {kind:?}"),
    };
    format!("{kind} {} {found}", started.elapsed().as_nanos())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::solving::examples::{NO_SOLUTION, PUZZLE, SOLUTION, board};

    fn approach(name: &str) -> &'static Approach {
        sudoku_fixtures::approach(name).expect("registered")
    }

    /// What the worker side answers to `input`, each time replaced by `T` (it varies).
    fn served(name: &str, input: &str) -> String {
        let mut output = Vec::new();
        serve(approach(name), input.as_bytes(), &mut output).expect("in memory");
        let output = String::from_utf8(output).expect("UTF-8");
        output
            .lines()
            .map(|line| {
                let mut fields: Vec<&str> = line.splitn(4, ' ').collect();
                if fields[1] != "error" {
                    assert!(fields[2].parse::<u64>().is_ok(), "a time in {line:?}");
                    fields[2] = "T";
                }
                format!("{}\n", fields.join(" "))
            })
            .collect()
    }

    #[test]
    fn the_worker_side_answers_each_line_in_order() {
        let input =
            format!("solve {PUZZLE}\nsolve {NO_SOLUTION}\ncalls {PUZZLE}\nsolve 12345678\n");
        assert_eq!(
            served("bool-tables", &input),
            format!(
                "sudoku-kata-solve solved T {SOLUTION}\n\
                 sudoku-kata-solve none T \n\
                 sudoku-kata-solve calls T 4209\n\
                 sudoku-kata-solve error the request holds no puzzle: the line has 8 cells, \
                 expected 81\n"
            )
        );
    }

    /// Workers that run `sh -c SCRIPT` instead of this executable: the parent side alone.
    #[cfg(unix)]
    fn scripted(script: &'static str, budget: Duration) -> Workers {
        let start = move || {
            let mut command = Command::new("sh");
            command.args(["-c", script]);
            Ok(command)
        };
        Workers::with_command(approach("bool-tables"), budget, Box::new(start))
    }

    #[cfg(unix)]
    #[test]
    fn each_answer_becomes_its_result_and_the_worker_is_kept() {
        let script = "read kind a; echo \"sudoku-kata-solve solved 5 $a\"; \
                      read b; echo 'sudoku-kata-solve none 5'; \
                      read c; echo 'sudoku-kata-solve wrong 5 row 1 is short'; \
                      read d; echo 'sudoku-kata-solve calls 5 12'";
        let workers = scripted(script, Duration::from_secs(10));
        assert_eq!(workers.solve(&board(SOLUTION)), Ok(board(SOLUTION)));
        assert_eq!(workers.solve(&board(PUZZLE)), Err(Unsolved::NoSolution));
        assert_eq!(
            workers.solve(&board(PUZZLE)),
            Err(Unsolved::WrongAnswer {
                solver: "bool-tables",
                reason: "row 1 is short".to_owned()
            })
        );
        assert_eq!(workers.search_calls(&board(PUZZLE)), Ok(12));
    }

    #[cfg(unix)]
    #[test]
    fn a_worker_past_the_budget_is_stopped_and_the_next_puzzle_gets_a_new_one() {
        // Each worker answers its first puzzle only after 30 s; a new one is started per puzzle.
        let workers = scripted("read a; exec sleep 30", Duration::from_millis(100));
        let over = Unsolved::OverBudget {
            solver: "bool-tables",
            budget: Duration::from_millis(100),
        };
        let started = Instant::now();
        assert_eq!(workers.solve(&board(PUZZLE)), Err(over.clone()));
        assert_eq!(workers.solve(&board(PUZZLE)), Err(over));
        // Not a timing assertion on the solver: the stopped workers must not be waited for.
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    #[cfg(unix)]
    #[test]
    fn an_answer_that_took_the_approach_longer_than_the_budget_is_over_it() {
        // In time for the parent's deadline, but 20 s of the approach's own time.
        let script = "read a; echo 'sudoku-kata-solve calls 20000000000 12'";
        let workers = scripted(script, Duration::from_secs(10));
        assert_eq!(
            workers.search_calls(&board(PUZZLE)),
            Err(Unsolved::OverBudget {
                solver: "bool-tables",
                budget: Duration::from_secs(10)
            })
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_worker_that_crashes_costs_its_puzzle_only() {
        let workers = scripted("read a; exit 101", Duration::from_secs(10));
        let crashed = workers.solve(&board(PUZZLE)).unwrap_err();
        assert_eq!(
            crashed.to_string(),
            "bool-tables crashed on this puzzle (it ended (exit status: 101) without \
             answering): a bug in it"
        );
        let garbled = scripted(
            "read a; echo 'sudoku-kata-solve maybe'",
            Duration::from_secs(10),
        );
        assert_eq!(
            garbled.solve(&board(PUZZLE)).unwrap_err().to_string(),
            "bool-tables crashed on this puzzle (it answered \"maybe\"): a bug in it"
        );
    }
}
