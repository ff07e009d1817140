//! `solve`: solves puzzles from files or stdin, one result line per input line, in input order.
//!
//! The input streams through in chunks ([`sudoku_kata::solving::solve_input`]): lines are read,
//! solved in parallel, written in order and dropped before the next chunk is read, and no line is
//! kept longer than [`MAX_LINE_BYTES`](sudoku_kata::input::lines::MAX_LINE_BYTES). So memory stays
//! flat on a file of millions of lines or on a single line of gigabytes, and a slow pipe gets its
//! answers as its lines come.
//!
//! This module opens the inputs, writes the results, and keeps the tally and the [`progress`]
//! bar on a terminal.

mod progress;

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use sudoku_board::Alphabet;
use sudoku_board::{counted, group_thousands};
use sudoku_kata::input::lines::LineReader;
use sudoku_kata::solving::outcome::Outcome;
use sudoku_kata::solving::solver::Workers;
use sudoku_kata::solving::solver::{self, Grids, Solver};
use sudoku_kata::solving::{StreamError, solve_input};

use self::progress::Progress;
use crate::names::{seconds, solver_names};

/// Options of `solve`.
#[derive(Debug, Args)]
#[command(
    after_help = "Run with --help for the input formats, the error lines and the exit status.",
    after_long_help = LONG_HELP
)]
pub struct SolveArgs {
    /// Files of puzzles, one puzzle per line; `-` is stdin. Stdin when none is given.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The solver: `engine` (`sudoku-engine`, the fastest) or any approach of the ladder.
    ///
    /// `engine` runs in this process through its byte API: the hardest boards known take it
    /// under a millisecond. An approach runs in worker processes, each puzzle within
    /// --budget: the naive ones (scan-backtracking to bitmask-lowbit) can take seconds on a hard
    /// puzzle, and far longer to find that one has no solution.
    #[arg(long, value_name = "NAME", default_value = solver::DEFAULT, value_parser = solver_names())]
    approach: String,
    /// The most time an approach of the ladder may spend on one puzzle, and any solver on a
    /// board beyond 9x9; past it, the puzzle's line says "took longer than its budget" and the
    /// next puzzle goes on.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    budget: Duration,
    /// Print each solution as a grid, with an empty line between results.
    #[arg(long)]
    pretty: bool,
    /// Read every puzzle in these symbols, one per value, such as 0123456789ABCDEF for
    /// hexadoku files; '.' is the blank. Without it, 9x9 boards use 1-9 and larger ones 1-9
    /// then A, B, ...
    #[arg(long, value_name = "SYMBOLS", value_parser = Alphabet::new)]
    alphabet: Option<Alphabet>,
}

/// The details of `solve --help`.
const LONG_HELP: &str = "\
Input:
  Each FILE (or stdin) holds one puzzle per line in the line notation: 81 cells in reading
  order, each 1-9 for a given or '.' or '0' for a blank. Lines may end in LF or CRLF, and a
  byte order mark at the start of a line is skipped. Lines longer than 4096 bytes are skipped
  unread, whatever their length. A line whose first character after any indentation is '#'
  is a comment, as is a header line of words split by ',' or ';' (quizzes,solutions). A line
  of fields split by spaces, tabs, ',' or ';' is read by its first field with a 9x9 or
  larger board's cells: `generate`'s NAME PUZZLE SOLUTION lines, NAME<TAB>PUZZLE, CSV's
  PUZZLE,SOLUTION, ID PUZZLE RATING, forum lists' PUZZLE;RATING;... (a run of cells before
  that field, a cell or a few short or long, is the puzzle, and its error line names its
  count).
  Other sizes may be mixed in, one per line, told apart by length: 16 cells (4x4), 256
  (16x16), 625 (25x25), with values 1-9 then A, B, ... (either case) and '.' for a blank;
  --alphabet names other symbols, and then every line is read in them (1,296 cells for
  36x36, which no solver here takes). The engine solves every size, and --approach may name
  any approach with any_box_size in ladder.toml instead; each within --budget.
  An input of at most 64 KiB whose first line that is neither blank nor a comment is not a
  puzzle line, and which reads as a whole (comments aside) as one puzzle in the grid notation
  (9 lines of 9 cells, spaces and '|', '-', '+' ignored, or n lines of n for another size) or
  LeetCode's ([[\"5\",\"3\",\".\",...],...]), is solved as that one puzzle and gets one
  result, also when its givens clash. A 16x16 grid whose rows are 16 characters without
  spaces reads as 4x4 puzzle lines. A grid that does not read gets an error per line:
  `sudoku-kata check` says what is wrong with a single puzzle.

Output (stdout):
  One line per input line, in input order: the solution in the line notation (the first one
  found, if the puzzle has several), or an error line
      error: FILE:LINE: cause
  naming the cause and, where there is one, the cell: a bad character, the wrong number of
  cells, givens that clash, no solution, an empty line, bytes that are not UTF-8, a line too
  long, a solve past the budget. A comment line comes back as it is (except in an input read
  as one puzzle). Stdin is named <stdin>.
  An input with no line at all, or read as one puzzle, gets one result, its error line
  `error: FILE: cause`. With --pretty each solution is a grid, and results are separated by
  an empty line.
  A progress bar shows on stderr when stderr is a terminal and the input is large.

Exit status:
  0  every line was solved (or is a comment)
  1  some line failed (a summary goes to stderr), or an input could not be read to its end
     (every line read before has its result, and the next input goes on); a FILE that cannot
     be opened stops everything before any puzzle is solved (one removed meanwhile is an
     input that could not be read)
  2  usage error";

/// Runs `solve`: results on stdout, and on stderr only the progress bar, the summary when some
/// line failed, and errors reading or writing.
pub fn run(args: &SolveArgs) -> crate::Fallible<ExitCode> {
    crate::stdin_once("solve", &args.files, "among the files");
    // This thread reads and writes while the pool solves, and helps solve when it waits: one of
    // the pool's threads (RAYON_NUM_THREADS of them, else one per core), not one more. It fails
    // only if the pool is built already, and then that pool does the work.
    let _ = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global();
    let named = Solver::named(&args.approach).expect("clap lets only solvers' names through");
    // The rung named runs in workers, on every board; the engine takes 9x9 boards in this
    // process, and the others in workers of its own, each within the budget.
    let workers = Workers::new(named, args.budget);
    let solver = match named {
        Solver::Approach(_) => Solver::Workers(&workers),
        solver => solver,
    };
    let Some(inputs) = open_all(&args.files) else {
        return Ok(ExitCode::FAILURE);
    };
    let mut progress = Progress::new(inputs.iter().map(|input| input.size).sum());
    let mut output = Output {
        out: BufWriter::new(io::stdout().lock()),
        pretty: args.pretty,
        first: true,
        lines: 0,
        failed: 0,
    };
    let grids = Grids {
        alphabet: args.alphabet.as_ref(),
        budget: args.budget,
        workers: Some(&workers),
    };
    let (mut bytes_before, mut unread) = (0, false);
    for input in inputs {
        let (path, name) = (&input.path, input.name);
        // A regular file is opened again in its turn: a glob of thousands of files stays within
        // the limit on open files.
        let reader = (input.source).map_or_else(|| File::open(path).map(LineReader::of_file), Ok);
        let mut reader = match reader {
            Ok(reader) => reader,
            Err(error) => {
                progress.println(format_args!("error: {}", StreamError::Read { name, error }));
                unread = true;
                continue;
            }
        };
        if path == Path::new("-") && io::stdin().is_terminal() {
            progress.println("reading puzzles from stdin, one per line; end with Ctrl-D");
        }
        let mut emit = |outcomes: &[Outcome], reader: &LineReader| {
            progress.advance(outcomes.len() as u64, bytes_before + reader.bytes_read());
            output.write_all(outcomes)
        };
        let done = solve_input(&name, &mut reader, solver, grids, &mut emit);
        bytes_before += reader.bytes_read();
        match done {
            Ok(()) => {}
            // Every line read before the failure has its result: the next input goes on.
            Err(error @ StreamError::Read { .. }) => {
                progress.println(format_args!("error: {error}"));
                unread = true;
            }
            // A reader that went away (`| head`) wants no more; what it got is in order.
            Err(StreamError::Emit(error)) if error.kind() == io::ErrorKind::BrokenPipe => break,
            Err(error) => {
                progress.finish();
                return Err(error.into());
            }
        }
    }
    progress.finish();
    let status = output.report();
    Ok(if unread { ExitCode::FAILURE } else { status })
}

/// An input that could be opened.
struct Input {
    /// The path as given; `-` is stdin.
    path: PathBuf,
    /// The path as error lines name it, or `<stdin>`.
    name: String,
    /// Its size in bytes, when known (a regular file).
    size: Option<u64>,
    /// What reads it, kept open for stdin and anything but a regular file (a pipe, a device),
    /// whose content would be gone if it were opened again.
    source: Option<LineReader>,
}

/// Opens every input before anything is solved, so that a misspelt path fails at once and
/// alone: `None`, with every input that cannot be opened named on stderr. No paths means stdin.
fn open_all(paths: &[PathBuf]) -> Option<Vec<Input>> {
    let stdin = [PathBuf::from("-")];
    let paths = if paths.is_empty() { &stdin[..] } else { paths };
    let opened: Vec<_> = paths.iter().map(|path| open(path)).collect();
    for error in opened.iter().filter_map(|input| input.as_ref().err()) {
        errln!("error: {error}");
    }
    opened.into_iter().collect::<Result<_, _>>().ok()
}

/// Opens the input at `path` (`-` is stdin); a regular file is closed again until its turn.
fn open(path: &Path) -> Result<Input, StreamError> {
    let input = |name, size, source| Input {
        path: path.to_owned(),
        name,
        size,
        source,
    };
    if path == Path::new("-") {
        // Stdin redirected from a file (`solve < FILE`) is read as that file is.
        let (size, source) = match stdin_file() {
            Some((file, size)) => (Some(size), LineReader::of_file(file)),
            None => (None, LineReader::new(Box::new(io::stdin()))),
        };
        return Ok(input("<stdin>".to_owned(), size, Some(source)));
    }
    // On one line, whatever the path holds, as every result is: quoted and escaped if need be.
    let name = path.display().to_string();
    let name = if name.contains(char::is_control) {
        format!("{name:?}")
    } else {
        name
    };
    let failed = |error| StreamError::Read {
        name: name.clone(),
        error,
    };
    let file = File::open(path).map_err(failed)?;
    let metadata = file.metadata().map_err(failed)?;
    if metadata.is_dir() {
        return Err(failed(io::Error::other("it is a directory")));
    }
    let size = metadata.is_file().then_some(metadata.len());
    let source = size.is_none().then(|| LineReader::new(Box::new(file)));
    Ok(input(name, size, source))
}

/// Stdin and its size, when it is a regular file.
fn stdin_file() -> Option<(File, u64)> {
    #[cfg(unix)]
    let owned = std::os::fd::AsFd::as_fd(&io::stdin()).try_clone_to_owned();
    #[cfg(windows)]
    let owned = std::os::windows::io::AsHandle::as_handle(&io::stdin()).try_clone_to_owned();
    let file = File::from(owned.ok()?);
    let metadata = file.metadata().ok()?;
    metadata.is_file().then_some((file, metadata.len()))
}

/// Where results go, in order, and how many lines were handed in and how many of them failed.
struct Output {
    out: BufWriter<io::StdoutLock<'static>>,
    pretty: bool,
    /// Whether nothing was written yet (no separator before the first grid).
    first: bool,
    lines: u64,
    failed: u64,
}

impl Output {
    /// Counts `outcomes`, then writes and flushes them, so that a pipe sees each chunk as soon as
    /// it is solved.
    fn write_all(&mut self, outcomes: &[Outcome]) -> io::Result<()> {
        // Counted first: if stdout has gone away, the status still tells of every failure that
        // was on its way there.
        for outcome in outcomes {
            self.lines += u64::from(!matches!(outcome, Outcome::Comment(_)));
            self.failed += u64::from(matches!(outcome, Outcome::Failed(_)));
        }
        for outcome in outcomes {
            if self.pretty && !self.first {
                writeln!(self.out)?;
            }
            self.first = false;
            match outcome {
                Outcome::Solved(solution) if self.pretty => write!(self.out, "{solution}"),
                Outcome::SolvedGrid(solution) if self.pretty => write!(self.out, "{solution}"),
                Outcome::SolvedGrid(solution) => writeln!(self.out, "{}", solution.to_line()),
                Outcome::Solved(solution) => {
                    self.out.write_all(&solution.to_ascii())?;
                    self.out.write_all(b"\n")
                }
                Outcome::Failed(line) | Outcome::Comment(line) => writeln!(self.out, "{line}"),
            }?;
        }
        self.out.flush()
    }

    /// The exit status, with the summary on stderr when some line failed.
    fn report(&self) -> ExitCode {
        if self.failed == 0 {
            return ExitCode::SUCCESS;
        }
        let (total, failed) = (self.lines, self.failed);
        errln!(
            "solved {} of {}; {} failed (their lines on stdout start with \"error:\")",
            group_thousands(total - failed),
            counted(total, "line"),
            group_thousands(failed)
        );
        ExitCode::FAILURE
    }
}
