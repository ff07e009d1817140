//! Running a rung out of process: the one way anything in the workspace starts a solver it may
//! have to stop.
//!
//! A solve cannot be interrupted: the rungs are plain functions without a cancellation point,
//! and Rust cannot kill a thread. A process can be killed. So `compare`, `solve --approach`,
//! `generate --min-calls` and the benchmarks' budget check run a rung in a [`Worker`]: the
//! current executable, started with [`WORKER_ENV`] set to the rung's name. **An executable that
//! starts workers calls [`serve_if_asked`] first thing in `main`**, which then serves instead of
//! running as usual. `practice --check` starts another program the same way
//! ([`Worker::from_command`]): the learner's crate's worker binary.
//!
//! # The protocol
//!
//! The parent writes one puzzle per line on the worker's standard input: 81 characters, `'.'`
//! for a blank. The worker runs the rung's `solve_counting_calls` on it and answers on its
//! standard output with one line, `sudoku-kata-worker NANOS CALLS BOARD`: the time the rung took
//! (measured around that call alone), its search calls, and the board it handed back (81
//! characters: solved, or as given when it found nothing). A line of 16, 256 or 625 characters
//! is a board of another size (1-9 then A, B, ... and `'.'`), for a rung that takes any box
//! size: the worker runs its `solutions_counting_calls` for one solution, and BOARD is as long
//! as the request. `sudoku-kata-worker error MESSAGE`
//! says that it cannot serve, or that the rung panicked (where, and its message). Lines without
//! the prefix are not answers and are skipped, whatever their bytes or length. Before it solves
//! the first puzzle, the worker solves LeetCode's example once, untimed, so that no puzzle's
//! time holds the cost of a first call.
//!
//! The worker answers in the order of the lines, so the parent may write the next lines before
//! an answer comes: [`solve_batch`] keeps a few dozen puzzles written ahead, and a batch costs
//! no round trip per puzzle. While lines it has read wait, the worker holds its answers back and
//! hands them on together: once it has solved every line read so far, or at the latest a
//! millisecond after holding one back, so that a puzzle that takes long does not hold back the
//! answers before it. It writes them to its standard output's file of its own, never through
//! the `Stdout` lock that a rung which prints may hold.
//!
//! The parent waits for each answer at most the puzzle's budget and [`GRACE`], counted from the
//! answer before it (which the worker may have held back a moment: the wait is never shorter
//! than the puzzle's own); then, or when the rung's own time is past the budget, the answer is
//! [`WorkerError::OverBudget`]. A worker that ends without answering (a stack overflow) is
//! [`WorkerError::Ended`], one that says it cannot serve or that the rung panicked
//! [`WorkerError::Crashed`]; a line outside the protocol is [`WorkerError::BadReply`]. Dropping a
//! [`Worker`] kills and reaps it, so none outlives its parent's use of it; and on Unix a worker
//! whose parent is gone without dropping it (killed by a signal the worker did not get) ends
//! within [`PARENT_CHECK`], since nothing is left to enforce the budget.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_board::{Alphabet, Grid, rows_of};

use crate::lines::read_capped_line;
use crate::{CountingSolveFn, SolutionsFn};

/// Set in a worker's environment to the name of the rung it runs.
pub const WORKER_ENV: &str = "SUDOKU_KATA_WORKER";

/// How long past the budget the parent waits for an answer: writing and reading a line takes a
/// moment that is not the rung's.
pub const GRACE: Duration = Duration::from_millis(100);

/// How many puzzles [`solve_batch`] keeps written and not yet answered, topped up half of it
/// at a time: enough that the worker never waits for its next line, and few enough (under 6 KiB
/// of 9x9 lines, 40 KiB of 25x25 ones) to fit in a pipe, so that writing them never waits for a
/// worker stuck on a puzzle.
const IN_FLIGHT: usize = 64;

/// How often a worker checks that its parent is still there (see the protocol above).
pub const PARENT_CHECK: Duration = Duration::from_millis(100);

/// The longest a worker holds back an answer it has written (see the protocol above).
const FLUSH_EVERY: Duration = Duration::from_millis(1);

/// The puzzle a worker solves once, untimed, before its first: LeetCode's example.
const WARM_UP: &str = "leetcode/example";

/// The start of every answer, so that nothing else a worker prints is taken for one.
const PREFIX: &str = "sudoku-kata-worker ";

/// The longest line of a worker's output kept whole: an answer takes at most a 625-cell board and
/// two numbers after its prefix.
const MAX_LINE_BYTES: usize = 4096;

/// What the rung did with one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The board it handed back: solved, or as given.
    pub board: Vec<Vec<char>>,
    /// Its search calls.
    pub calls: u64,
    /// Its own time, measured in the worker around the call.
    pub time: Duration,
}

/// Why a puzzle got no [`Reply`]. After any of these the worker is of no further use: drop it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WorkerError {
    /// No answer within the budget and [`GRACE`], or the rung's own time was past the budget.
    #[error("it took longer than its budget")]
    OverBudget,
    /// The worker could not be started, or said it cannot serve or that the rung panicked:
    /// what happened, in words.
    #[error("{0}")]
    Crashed(String),
    /// The worker ended, or its pipes broke, without answering (a stack overflow): what
    /// happened, in words. Any answers it held back ended with it.
    #[error("{0}")]
    Ended(String),
    /// An answer outside the protocol, as it came.
    #[error("it answered {0:?}")]
    BadReply(String),
}

/// A running worker, killed and reaped when dropped.
#[derive(Debug)]
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<io::Result<String>>,
}

impl Worker {
    /// Starts the current executable as a worker running `rung`.
    ///
    /// # Errors
    /// The current executable cannot be found or started, or this process is a worker itself.
    pub fn start(rung: &str) -> Result<Worker, WorkerError> {
        if std::env::var_os(WORKER_ENV).is_some() {
            return Err(WorkerError::Crashed(
                "a worker does not start another".to_owned(),
            ));
        }
        let program = std::env::current_exe().map_err(|e| {
            WorkerError::Crashed(format!("cannot find the current executable: {e}"))
        })?;
        let mut command = Command::new(program);
        command.env(WORKER_ENV, rung);
        Worker::from_command(command)
    }

    /// Starts `command` as the worker: another program that speaks the protocol, such as a
    /// practice crate's worker, or a script in tests.
    ///
    /// # Errors
    /// The command cannot be started.
    pub fn from_command(mut command: Command) -> Result<Worker, WorkerError> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| WorkerError::Crashed(format!("cannot start a worker: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            unreachable!("both are piped");
        };
        let (sender, answers) = mpsc::channel();
        // A pipe has no read timeout, so a thread reads and `recv_timeout` waits. Never joined:
        // it ends when the pipe closes, once the worker is gone.
        thread::spawn(move || {
            let (mut stdout, mut line) = (BufReader::new(stdout), Vec::new());
            while let Some(read) =
                read_capped_line(&mut stdout, MAX_LINE_BYTES, &mut line).transpose()
            {
                let answer = read.map(|_| String::from_utf8_lossy(&line).into_owned());
                let failed = answer.is_err();
                if sender.send(answer).is_err() || failed {
                    break;
                }
            }
        });
        Ok(Worker {
            child,
            stdin,
            answers,
        })
    }

    /// Hands the worker `puzzle` and waits for its reply within `budget`.
    ///
    /// # Errors
    /// [`WorkerError`]: over the budget, crashed or ended, or a reply outside the protocol.
    pub fn solve(&mut self, puzzle: &[Vec<char>], budget: Duration) -> Result<Reply, WorkerError> {
        let mut replied = None;
        self.solve_all(&[puzzle.to_vec()], budget, &mut |reply| {
            replied = Some(reply)
        })?;
        Ok(replied.expect("one reply for one puzzle"))
    }

    /// Hands the worker `puzzles` and each reply to `each` as it comes, in order, each puzzle
    /// within `budget`, with up to [`IN_FLIGHT`] lines written and not yet answered.
    ///
    /// # Errors
    /// Why the puzzle after the last reply got none: past it the worker is of no use.
    fn solve_all(
        &mut self,
        puzzles: &[Vec<Vec<char>>],
        budget: Duration,
        each: &mut dyn FnMut(Reply),
    ) -> Result<(), WorkerError> {
        let (mut sent, mut unsent) = (0, None);
        for answered in 0..puzzles.len() {
            let in_flight = sent - answered;
            if in_flight <= IN_FLIGHT / 2 && unsent.is_none() {
                let ahead = (puzzles.len() - sent).min(IN_FLIGHT - in_flight);
                match self.send(&puzzles[sent..sent + ahead]) {
                    Ok(()) => sent += ahead,
                    // The worker is gone, but the answers it sent before are read first.
                    Err(error) => unsent = Some(error),
                }
            }
            if let Some(error) = unsent.take_if(|_| answered == sent) {
                return Err(error);
            }
            each(self.reply(budget)?);
        }
        Ok(())
    }

    /// Writes `puzzles` to the worker, one line each.
    fn send(&mut self, puzzles: &[Vec<Vec<char>>]) -> Result<(), WorkerError> {
        let mut lines = String::with_capacity(puzzles.len() * 82);
        for puzzle in puzzles {
            lines.extend(puzzle.iter().flatten());
            lines.push('\n');
        }
        self.stdin
            .write_all(lines.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| WorkerError::Ended(format!("cannot hand it the puzzle: {e}")))
    }

    /// The reply to the next puzzle, which must come within `budget` and [`GRACE`].
    fn reply(&mut self, budget: Duration) -> Result<Reply, WorkerError> {
        let answer = self.next_answer(Instant::now() + budget + GRACE)?;
        if let Some(message) = answer.strip_prefix("error ") {
            return Err(WorkerError::Crashed(message.to_owned()));
        }
        let mut fields = answer.splitn(3, ' ');
        let (Some(Ok(nanos)), Some(Ok(calls)), Some(board)) = (
            fields.next().map(str::parse),
            fields.next().map(str::parse),
            fields.next(),
        ) else {
            return Err(WorkerError::BadReply(answer));
        };
        let cells: Vec<char> = board.chars().collect();
        let side = cells.len().isqrt();
        if side * side != cells.len() || ![4, 9, 16, 25].contains(&side) {
            return Err(WorkerError::BadReply(answer));
        }
        let time = Duration::from_nanos(nanos);
        // An answer in time for the deadline may still have taken the rung longer than allowed.
        if time > budget {
            return Err(WorkerError::OverBudget);
        }
        let board = rows_of(cells, side);
        Ok(Reply { board, calls, time })
    }

    /// The next answer without its prefix, waiting until `deadline`.
    fn next_answer(&mut self, deadline: Instant) -> Result<String, WorkerError> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.answers.recv_timeout(wait) {
                Ok(Ok(line)) => {
                    if let Some(answer) = line.strip_prefix(PREFIX) {
                        return Ok(answer.to_owned());
                    }
                }
                Ok(Err(e)) => {
                    return Err(WorkerError::Ended(format!("cannot read its answer: {e}")));
                }
                Err(RecvTimeoutError::Timeout) => return Err(WorkerError::OverBudget),
                Err(RecvTimeoutError::Disconnected) => {
                    // Its output is closed: it has ended, or is ending, or (having closed its
                    // standard output) runs on, and is then over the budget at the deadline.
                    let ended = loop {
                        match self.child.try_wait() {
                            Ok(Some(status)) => {
                                break format!(
                                    "it ended ({status}) without answering{}",
                                    why(status)
                                );
                            }
                            Ok(None) if Instant::now() < deadline => thread::sleep(FLUSH_EVERY),
                            Ok(None) => return Err(WorkerError::OverBudget),
                            Err(e) => break format!("cannot read its answer: {e}"),
                        }
                    };
                    return Err(WorkerError::Ended(ended));
                }
            }
        }
    }
}

/// What a worker's end by `status` may mean: Rust's runtime ends a process whose stack
/// overflowed with SIGABRT (or SIGSEGV, past the guard page), after saying so on stderr.
fn why(status: ExitStatus) -> &'static str {
    #[cfg(unix)]
    if let Some(6 | 11) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return ": if the line above says it overflowed its stack, a recursion never ends or goes \
                too deep";
    }
    let _ = status;
    ""
}

/// Solves `puzzles` in order, each within `budget`, in workers from `start` (an idle one, or a
/// new one), handing each reply to `each` as it comes: all of them in a row in one worker while
/// it serves, without a round trip per puzzle. A puzzle past its budget, or one that crashes its
/// worker, fails alone: that worker is dropped and the next from `start` takes the puzzles after
/// it. Returns the worker in use at the end, to keep for later.
///
/// A worker that ends without answering ([`WorkerError::Ended`], a stack overflow) takes with it
/// the answers it held back: when puzzles after the one it ended on are in the batch, that one
/// is asked again in a worker of its own, and only what happens there is its reply.
pub fn solve_batch(
    puzzles: &[Vec<Vec<char>>],
    budget: Duration,
    mut start: impl FnMut() -> Result<Worker, WorkerError>,
    mut each: impl FnMut(Result<Reply, WorkerError>),
) -> Option<Worker> {
    // Whether the next puzzle is to be asked alone.
    let (mut done, mut serving, mut alone) = (0, None, false);
    while done < puzzles.len() {
        let end = if alone { done + 1 } else { puzzles.len() };
        let rest = &puzzles[done..end];
        let served = serving
            .take()
            .map_or_else(&mut start, Ok)
            .and_then(|mut current| {
                current.solve_all(rest, budget, &mut |reply| {
                    done += 1;
                    each(Ok(reply));
                })?;
                Ok(current)
            });
        alone = false;
        match served {
            Ok(current) => serving = Some(current),
            Err(WorkerError::Ended(_)) if done + 1 < end => alone = true,
            Err(error) => {
                done += 1;
                each(Err(error));
            }
        }
    }
    serving
}

impl Drop for Worker {
    fn drop(&mut self) {
        // It may have ended already; `wait` reaps it either way.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a worker serves: a rung's `solve_counting_calls`, and its `solutions_counting_calls`
/// when it takes any box size.
#[derive(Clone, Copy, Debug)]
pub struct Served {
    /// The rung's `solve_counting_calls`, for 9x9 boards.
    pub solve: CountingSolveFn,
    /// The rung's `solutions_counting_calls`, for boards of other sizes, if it takes them.
    pub solutions: Option<SolutionsFn>,
}

/// The worker side: when [`WORKER_ENV`] is set, serves the rung it names (found with `lookup`)
/// until its standard input ends, and returns the exit code `main` should return; `None` when
/// it is not set, and `main` goes on as usual.
pub fn serve_if_asked(lookup: impl Fn(&str) -> Option<Served>) -> Option<ExitCode> {
    let name = std::env::var_os(WORKER_ENV)?;
    end_with_parent();
    let Ok((input, output)) = own_file(io::stdin()).and_then(|i| Ok((i, own_file(io::stdout())?)))
    else {
        eprintln!("a worker cannot open its standard input and output");
        return Some(ExitCode::FAILURE);
    };
    // At most 4 KiB a write, which a pipe never splits around another writer's line.
    let outbox = Arc::new(Outbox::new(BufWriter::with_capacity(4096, output)));
    // A panic ends the worker: say where and why, as an answer the parent reads, after the
    // answers held back.
    let answers = Arc::clone(&outbox);
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(no message)");
        let place = info
            .location()
            .map(|at| format!(" at {at}"))
            .unwrap_or_default();
        let _ = answers.answer(
            format_args!("error the solver panicked{place}: {message}"),
            false,
        );
    }));
    // Never joined: it ends with the process.
    let held = Arc::clone(&outbox);
    thread::spawn(move || held.hand_on());
    let served = match name.to_str().and_then(lookup) {
        Some(rung) => serve(rung, BufReader::new(input), &outbox),
        None => outbox.answer(
            format_args!("error {WORKER_ENV} names no approach: {name:?}"),
            false,
        ),
    };
    Some(served.map_or(ExitCode::FAILURE, |()| ExitCode::SUCCESS))
}

/// Ends this worker once its parent is gone, which on Unix hands it to another process. Its
/// input stays open while the parent's children hold it, and a rung on a slow puzzle does not
/// read it anyway: without this, a worker left behind would search on for hours.
fn end_with_parent() {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        // Never joined: it ends with the process.
        thread::spawn(move || {
            loop {
                thread::sleep(PARENT_CHECK);
                if std::os::unix::process::parent_id() != parent {
                    std::process::exit(1);
                }
            }
        });
    }
}

/// A standard stream as a file of its own, read or written without the buffer and the lock
/// that std keeps for it (which a rung that prints may hold).
#[cfg(unix)]
fn own_file(stream: impl std::os::fd::AsFd) -> io::Result<File> {
    Ok(File::from(stream.as_fd().try_clone_to_owned()?))
}

/// A standard stream as a file of its own, read or written without the buffer and the lock
/// that std keeps for it (which a rung that prints may hold).
#[cfg(windows)]
fn own_file(stream: impl std::os::windows::io::AsHandle) -> io::Result<File> {
    Ok(File::from(stream.as_handle().try_clone_to_owned()?))
}

/// A worker's answers on their way to the parent: each flushed at once, or held back and handed
/// on by [`Outbox::hand_on`] at the latest [`FLUSH_EVERY`] later.
struct Outbox<W> {
    /// Where the answers go, and whether some are held back (written, not flushed).
    out: Mutex<(W, bool)>,
    /// Told when an answer is held back while none was.
    held: Condvar,
}

impl<W: Write> Outbox<W> {
    fn new(out: W) -> Self {
        Outbox {
            out: Mutex::new((out, false)),
            held: Condvar::new(),
        }
    }

    /// Writes the answer `text`, and flushes it with any held back unless `hold`.
    fn answer(&self, text: impl std::fmt::Display, hold: bool) -> io::Result<()> {
        let mut out = lock(&self.out);
        let (out, held) = &mut *out;
        writeln!(out, "{PREFIX}{text}")?;
        if !hold {
            *held = false;
            return out.flush();
        }
        if !std::mem::replace(held, true) {
            self.held.notify_one();
        }
        Ok(())
    }

    /// Flushes what is held back, [`FLUSH_EVERY`] after the first answer is; never returns.
    fn hand_on(&self) {
        loop {
            let none_held = self.held.wait_while(lock(&self.out), |(_, held)| !*held);
            drop(none_held.unwrap_or_else(PoisonError::into_inner));
            thread::sleep(FLUSH_EVERY);
            let mut out = lock(&self.out);
            out.1 = false;
            let _ = out.0.flush();
        }
    }
}

/// Answers each puzzle line of `input` in `outbox`, holding the answers back while lines it has
/// read wait in `input`'s buffer.
fn serve<R: Read>(
    rung: Served,
    mut input: BufReader<R>,
    outbox: &Outbox<impl Write>,
) -> io::Result<()> {
    let (mut warmed_up, mut request) = (false, String::new());
    loop {
        request.clear();
        if input.read_line(&mut request)? == 0 {
            return Ok(());
        }
        let line = request.trim_end_matches(['\n', '\r']);
        let cells: Vec<char> = line.chars().collect();
        // A solver's first call also pays for the process's first use of its code and memory,
        // and for any table it builds once (for every box size, in the rungs that take any):
        // paid untimed, on a puzzle every rung solves at once, and after a request, so that a
        // panic answers it.
        if !std::mem::replace(&mut warmed_up, true) {
            (rung.solve)(&mut crate::puzzle_rows(WARM_UP));
        }
        let answer = if cells.len() == 81 {
            let mut board = rows_of(cells, 9);
            let started = Instant::now();
            let calls = (rung.solve)(&mut board);
            let nanos = started.elapsed().as_nanos();
            // One line per answer, whatever the rung wrote into the board.
            let board: String = board
                .iter()
                .flatten()
                .map(|&c| if c.is_whitespace() { '?' } else { c })
                .collect();
            format!("{nanos} {calls} {board}")
        } else if let (Some(solutions), Some((box_size, values))) =
            (rung.solutions, other_size(line))
        {
            let started = Instant::now();
            let (mut found, calls) = solutions(box_size, &values, 1);
            let nanos = started.elapsed().as_nanos();
            let board: String = to_wire(&found.pop().unwrap_or(values))
                .concat()
                .iter()
                .collect();
            format!("{nanos} {calls} {board}")
        } else {
            let sizes = if rung.solutions.is_some() {
                "81 cells, or 16, 256 or 625 of 1-9, A-P and '.'"
            } else {
                "81 cells"
            };
            format!("error the request is not a puzzle of {sizes}: {line:?}")
        };
        outbox.answer(answer, !input.buffer().is_empty())?;
    }
}

/// The value behind `mutex`, even if a thread panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The box size and values of a request for a board of box size 2, 4 or 5: a line of 16, 256
/// or 625 symbols of the standard alphabet or `.`, clashes or not.
fn other_size(line: &str) -> Option<(usize, Vec<u8>)> {
    let side = Grid::side_of(line).filter(|&side| [4, 16, 25].contains(&side))?;
    Some((side.isqrt(), from_wire(line.chars(), side)?))
}

/// A board of values 0 to `n` (`n * n` of them) as the protocol carries it: rows of symbols of
/// the standard alphabet (1-9, then A, B, ...), `.` for a blank.
pub fn to_wire(values: &[u8]) -> Vec<Vec<char>> {
    let side = values.len().isqrt();
    let alphabet = Alphabet::standard(side).expect("a side up to 35");
    rows_of(values.iter().map(|&value| alphabet.symbol(value)), side)
}

/// The values of a board `side` wide that the protocol carried as `symbols`, in reading order;
/// `None` for a symbol that has no value on it.
pub fn from_wire(symbols: impl IntoIterator<Item = char>, side: usize) -> Option<Vec<u8>> {
    let alphabet = Alphabet::standard(side)?;
    symbols.into_iter().map(|c| alphabet.value(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Expected, puzzle};

    /// LeetCode's example as a request line.
    fn example() -> String {
        puzzle(WARM_UP).expect("bundled").board.to_line()
    }

    /// [`answers`], served for 9x9 boards only.
    const ANSWERS: Served = Served {
        solve: answers,
        solutions: None,
    };

    /// A rung that writes the example's stored solution and says it made 7 calls.
    fn answers(board: &mut Vec<Vec<char>>) -> u64 {
        if let Expected::Unique(solution) = &puzzle(WARM_UP).expect("bundled").expected {
            *board = solution.to_rows();
        }
        7
    }

    /// What the worker side writes for `input`, read `capacity` bytes at a time, each flush
    /// marked with a `|`.
    fn served_in(rung: Served, input: &str, capacity: usize) -> String {
        /// Writes into a string, and marks each flush.
        struct Marked(String);
        impl Write for Marked {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                self.0.push_str(std::str::from_utf8(bytes).expect("UTF-8"));
                Ok(bytes.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                self.0.push('|');
                Ok(())
            }
        }
        let outbox = Outbox::new(Marked(String::new()));
        let input = BufReader::with_capacity(capacity, input.as_bytes());
        serve(rung, input, &outbox).expect("in memory");
        outbox.out.into_inner().expect("not poisoned").0.0
    }

    /// What the worker side writes for `input`, read in one go.
    fn served(rung: Served, input: &str) -> String {
        served_in(rung, input, input.len().max(1))
    }

    #[test]
    fn answers_go_in_one_flush_while_lines_wait_and_at_once_when_none_does() {
        let line = example();
        let rung = ANSWERS;
        let input = format!("{line}\n{line}\n{line}\n");
        let together = served(rung, &input);
        assert_eq!(together.matches('|').count(), 1, "{together}");
        assert!(together.ends_with("\n|"), "{together}");
        // Read a line at a time, no line waits after each: each answer goes at once.
        let one_by_one = served_in(rung, &input, 82);
        let flushed: Vec<&str> = one_by_one.split_terminator('|').collect();
        assert_eq!(flushed.len(), 3, "{one_by_one}");
        assert!(flushed.iter().all(|answer| answer.lines().count() == 1));
    }

    #[test]
    fn the_worker_side_answers_each_line_in_order() {
        let rung = ANSWERS;
        let output = served(rung, &format!("{}\n12345678\n", example()));
        let lines: Vec<&str> = output.lines().collect();
        let fields: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(fields[0], "sudoku-kata-worker");
        assert!(fields[1].parse::<u64>().is_ok(), "{output}");
        assert_eq!(
            fields[2..],
            [
                "7",
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            ]
        );
        assert_eq!(
            lines[1],
            "sudoku-kata-worker error the request is not a puzzle of 81 cells: \"12345678\""
        );
    }

    /// A rung of any box size whose search answers a 4x4 board with a fixed solution in 3 calls.
    fn answers_4x4(box_size: usize, cells: &[u8], _limit: usize) -> (Vec<Vec<u8>>, u64) {
        assert_eq!((box_size, cells.len()), (2, 16));
        (
            vec![vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]],
            3,
        )
    }

    #[test]
    fn a_rung_of_any_box_size_answers_boards_of_other_sizes_as_long_as_asked() {
        let rung = Served {
            solve: answers,
            solutions: Some(answers_4x4),
        };
        let input = format!("1...............\n{}\n", ".".repeat(36 * 36));
        let output = served(rung, &input);
        let lines: Vec<&str> = output.lines().collect();
        let fields: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(fields[2..], ["3", "1234341221434321"]);
        assert!(
            lines[1].starts_with(
                "sudoku-kata-worker error the request is not a puzzle of 81 cells, or 16, 256 or \
                 625 of 1-9, A-P and '.'"
            ),
            "{output}"
        );
        // Without `solutions`, a 4x4 board is no request.
        let output = served(ANSWERS, &input);
        assert!(
            output
                .starts_with("sudoku-kata-worker error the request is not a puzzle of 81 cells: ")
        );
    }
}
