//! `sudoku-kata`: runs the workspace's approaches to LeetCode 37 and shows, measured, what each
//! idea buys.

mod bench;
mod compare;
mod table;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Run the sudoku-kata approaches side by side.
#[derive(Debug, Parser)]
#[command(name = "sudoku-kata", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every bundled tier with every approach and print time and search calls side by side.
    Compare(compare::CompareArgs),
    /// Measure puzzles per second of every engine on the bundled sets or on data files, with the
    /// ratio to the fastest.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    // `bench` checks each engine's budget in a child process of this executable, which is
    // started with a probe request instead of a command line: serve it and end.
    if let Some(code) = sudoku_bench::probe::serve_if_asked() {
        return code;
    }
    match Cli::parse().command {
        Command::Compare(args) => compare::run(&args),
        Command::Bench(args) => bench::run(&args),
    }
}
