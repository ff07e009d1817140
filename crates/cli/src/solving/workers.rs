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
//! line. The parent writes one puzzle per line on the worker's standard input, in the line
//! notation, and waits for its answer before writing the next; the worker answers each on its
//! standard output with one line, prefixed `sudoku-kata-solve `:
//!
//! - `solved LINE`: the solution, judged in the worker ([`Solver::solve`]);
//! - `none`: the approach found no solution;
//! - `wrong REASON`: the approach handed back something that is not a solution;
//! - `error MESSAGE`: the worker cannot serve (an unknown approach, a line that is no puzzle).
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
        let mut worker = match self.checkout() {
            Ok(worker) => worker,
            Err(error) => return Err(self.crashed(format!("cannot start a worker: {error}"))),
        };
        let asked = worker
            .stdin()
            .map_or(Err(io::ErrorKind::BrokenPipe.into()), |stdin| {
                writeln!(stdin, "{}", puzzle.to_line()).and_then(|()| stdin.flush())
            });
        if let Err(error) = asked {
            return Err(self.crashed(format!("cannot hand it the puzzle: {error}")));
        }
        let deadline = Instant::now() + self.budget + STOP_GRACE;
        let answer = match worker.next_answer(deadline) {
            Ok(Some(answer)) => answer,
            // Dropping the worker kills it: the puzzle is abandoned, not the run.
            Ok(None) => {
                return Err(Unsolved::OverBudget {
                    solver: self.name(),
                    budget: self.budget,
                });
            }
            Err(silence) => return Err(self.crashed(silence.to_string())),
        };
        let result = self.read_answer(&answer);
        self.idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(worker);
        result
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

    fn read_answer(&self, answer: &str) -> Result<Board, Unsolved> {
        let (kind, rest) = answer.split_once(' ').unwrap_or((answer, ""));
        match kind {
            "solved" => Board::parse_line(rest)
                .map_err(|error| self.crashed(format!("it answered a bad line ({error})"))),
            "none" => Err(Unsolved::NoSolution),
            "wrong" => Err(Unsolved::WrongAnswer {
                solver: self.name(),
                reason: rest.to_owned(),
            }),
            "error" => Err(self.crashed(rest.to_owned())),
            _ => Err(self.crashed(format!("it answered {answer:?}"))),
        }
    }

    fn crashed(&self, reason: String) -> Unsolved {
        Unsolved::Crashed {
            solver: self.name(),
            reason,
        }
    }
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

/// Answers each puzzle line of `input` on `output`.
fn serve(
    approach: &'static Approach,
    input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let answer = match Board::parse_line(&line) {
            Ok(puzzle) => match Solver::Approach(approach).solve(&puzzle) {
                Ok(solution) => format!("solved {}", solution.to_line()),
                Err(Unsolved::NoSolution) => "none".to_owned(),
                Err(Unsolved::WrongAnswer { reason, .. }) => format!("wrong {reason}"),
                Err(other) => format!("error {other}"),
            },
            Err(error) => format!("error the line is not a puzzle: {error}"),
        };
        // One line per answer, whatever the message holds.
        writeln!(output, "{PREFIX}{}", answer.replace('\n', " "))?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const NO_SOLUTION: &str =
        "12345678.........9...............................................................";

    fn board(text: &str) -> Board {
        Board::parse_line(text).expect("a valid board")
    }

    fn approach(name: &str) -> &'static Approach {
        sudoku_fixtures::approach(name).expect("registered")
    }

    fn served(name: &str, input: &str) -> String {
        let mut output = Vec::new();
        serve(approach(name), input.as_bytes(), &mut output).expect("in memory");
        String::from_utf8(output).expect("UTF-8")
    }

    #[test]
    fn the_worker_side_answers_each_line_in_order() {
        let input = format!("{PUZZLE}\n{NO_SOLUTION}\n12345678\n");
        assert_eq!(
            served("bool-tables", &input),
            format!(
                "sudoku-kata-solve solved {SOLUTION}\n\
                 sudoku-kata-solve none\n\
                 sudoku-kata-solve error the line is not a puzzle: the line has 8 cells, \
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
        let script = "read a; echo \"sudoku-kata-solve solved $a\"; \
                      read b; echo 'sudoku-kata-solve none'; \
                      read c; echo 'sudoku-kata-solve wrong row 1 is short'";
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
