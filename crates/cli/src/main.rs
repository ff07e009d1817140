//! `sudoku-kata`: runs the workspace's approaches to LeetCode 37 and shows, measured, what each
//! idea buys.

/// Prints to stdout as `print!` does, but a failed write is an error for `?` instead of a panic:
/// [`main`] says so, or stops quietly when the reader went away (`| head`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::write_out(format_args!($($arg)*))?
    };
}

/// `eprintln!` that never panics: a message stderr cannot take is dropped, and the exit status
/// still tells.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// [`out!`] with a line end, as `println!`.
macro_rules! outln {
    () => {
        out!("\n")
    };
    ($($arg:tt)*) => {
        out!("{}\n", format_args!($($arg)*))
    };
}

mod bench;
mod check;
mod compare;
mod generate;
mod hint;
mod names;
mod new;
mod practice;
mod solve;
mod trace;

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use sudoku_fixtures::Approach;
use sudoku_harness::worker::Served;
use sudoku_kata::solving::solver;

/// Run the sudoku-kata approaches side by side.
#[derive(Debug, Parser)]
#[command(name = "sudoku-kata", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve the bundled tiers (or puzzle files) with every approach and print time and search
    /// calls side by side.
    Compare(compare::CompareArgs),
    /// Measure puzzles per second of every engine on the bundled sets or on data files, with the
    /// ratio to the fastest.
    Bench(bench::BenchArgs),
    /// Solve puzzles from files or stdin, one result line per input line, in input order.
    Solve(solve::SolveArgs),
    /// Validate one puzzle and say whether it has no solution, exactly one, or several.
    Check(check::CheckArgs),
    /// Make puzzles with a unique solution, reproducibly, in the fixture file format.
    Generate(generate::GenerateArgs),
    /// Scaffold a new approach crate under crates/approaches/ and register it.
    New(new::NewArgs),
    /// Set up practice/, an untracked crate holding the blank LeetCode stub and the shared suite.
    Practice(practice::PracticeArgs),
    /// Record how rungs search one puzzle and write a page that replays them side by side.
    Trace(trace::TraceArgs),
    /// Show one of the progressive hints for writing an approach from scratch, from ladder.toml.
    Hint(hint::HintArgs),
}

/// The engine on a 9x9 board as rows, as its worker serves one (the tools solve 9x9 boards with
/// the engine in their own process, and give its workers the other sizes): solved in place, or
/// left as given when it has no solution. The engine counts no search calls here: 0.
fn engine_rows(board: &mut Vec<Vec<char>>) -> u64 {
    let cells: Vec<u8> = (board.iter().flatten())
        .map(|&symbol| u8::try_from(symbol).unwrap_or(b'?'))
        .collect();
    let solution = <[u8; 81]>::try_from(cells).ok();
    if let Some(solution) = solution.as_ref().and_then(sudoku_engine::solve_bytes) {
        *board = sudoku_board::rows_of(solution.map(char::from), 9);
    }
    0
}

fn main() -> ExitCode {
    // `compare`, `practice --check`, `solve --approach`, `generate --min-calls` and `bench`'s
    // budget check run a rung in a worker process of this executable, which they stop once a
    // puzzle is past its budget: serve such a worker and end.
    if let Some(code) = sudoku_harness::worker::serve_if_asked(|name| {
        let served = |approach: &Approach| Served {
            solve: approach.solve_counting_calls,
            solutions: approach.solutions,
        };
        let engine = Served {
            solve: engine_rows,
            solutions: Some(solver::ENGINE_GRIDS),
        };
        match name {
            solver::DEFAULT => Some(engine),
            name => sudoku_fixtures::approach(name).map(served),
        }
    }) {
        return code;
    }
    let result = match Cli::parse().command {
        Command::Compare(args) => compare::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::New(args) => new::run(&args),
        Command::Practice(args) => practice::run(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Hint(args) => hint::run(&args),
    };
    // A subcommand that fails says why here, the same way for every one.
    result.unwrap_or_else(|error| {
        // The reader went away (`| head`): nobody is left to tell.
        let gone = (error.downcast_ref::<Unwritable>())
            .is_some_and(|Unwritable(error)| error.kind() == io::ErrorKind::BrokenPipe);
        if !gone {
            errln!("error: {error}");
        }
        ExitCode::FAILURE
    })
}

/// What a subcommand and its steps return: an error ends the subcommand, and `main` says why.
type Fallible<T = ()> = Result<T, Box<dyn std::error::Error>>;

/// Stdout could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write to stdout: {0}")]
struct Unwritable(io::Error);

/// Ends the process with clap's usage error (exit status 2): `message`, then `subcommand`'s
/// usage line, as clap writes errors of its own.
fn usage_error(subcommand: &str, kind: ErrorKind, message: impl fmt::Display) -> ! {
    let mut command = Cli::command();
    // Built, so that the usage line names the binary as clap's own errors do.
    command.build();
    let subcommand = (command.find_subcommand_mut(subcommand)).expect("a subcommand");
    subcommand.error(kind, message).exit()
}

/// Refuses (a usage error) `-` named more than once among `files`: stdin can be read only once,
/// and a second read would find it empty.
fn stdin_once(subcommand: &str, files: &[PathBuf], what: &str) {
    if files.iter().filter(|path| *path == Path::new("-")).count() > 1 {
        let message = format!("`-` (stdin) is named more than once {what}: it can be read once");
        usage_error(subcommand, ErrorKind::ArgumentConflict, message);
    }
}

/// What [`out!`] runs: writes `text` and flushes it, colour codes dropped where stdout is no
/// terminal or `NO_COLOR` is set.
fn write_out(text: fmt::Arguments<'_>) -> Result<(), Unwritable> {
    let mut stdout = anstream::stdout().lock();
    (stdout.write_fmt(text))
        .and_then(|()| stdout.flush())
        .map_err(Unwritable)
}
