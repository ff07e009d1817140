//! `sudoku-kata`: runs the workspace's approaches to LeetCode 37 and shows, measured, what each
//! idea buys.

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
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Compare(args) => compare::run(&args),
    }
}
