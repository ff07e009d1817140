//! `cargo xtask <task>`: the tools that maintain the repository, apart from the command line
//! users run (the cargo-xtask convention: `.cargo/config.toml` aliases `cargo xtask` to this
//! crate, built in release).
//!
//! - `cargo xtask results`: measures the ladder, the engine and their rivals, and writes
//!   `docs/results.md`, the one page of measured times.
//! - `cargo xtask anchors --tdoku DIR`: builds the C solvers `results` races, from a checkout
//!   of tdoku's repository.
//! - `cargo xtask data --from DIR-or-ZIP`: puts the public puzzle sets in `data/`, where the
//!   benches and `results` read them.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

/// `eprintln!` that never panics: a message stderr cannot take is dropped.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod anchors;
mod data;
mod results;

/// What a task returns: nothing, or the message of what went wrong.
type Fallible<T = ()> = Result<T, Box<dyn std::error::Error>>;

/// The maintainers' tools for sudoku-kata.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Run compare and bench and write what they measured to docs/results.md, with a chart and
    /// the date, commit, CPU, compiler and command.
    Results(results::ResultsArgs),
    /// Build the C solvers that results races, from a checkout of tdoku's repository, for this
    /// processor and for the baseline x86-64 target, into target/anchors/.
    Anchors(anchors::AnchorsArgs),
    /// Put the public puzzle sets (tdoku's data.zip or a folder of them, and Lloyd and Amos's
    /// large boards) in data/, where the benches and results read them.
    Data(data::DataArgs),
}

/// The workspace this crate belongs to: the tasks work on it wherever they are run from.
fn workspace_root() -> PathBuf {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    root.canonicalize().unwrap_or(root)
}

/// A number of seconds, as the command line's options take it.
fn seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("{text:?} is no number"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text} s is no duration"))
}

fn main() -> ExitCode {
    let result = match Cli::parse().task {
        Task::Results(args) => results::run(&args),
        Task::Anchors(args) => anchors::run(&args),
        Task::Data(args) => data::run(&args),
    };
    result.unwrap_or_else(|error| {
        errln!("error: {error}");
        ExitCode::FAILURE
    })
}
