//! `hint`: shows one of the progressive hints `ladder.toml` gives a rung, for someone writing
//! that approach from scratch. One at a time, so that a reader
//! takes only as much help as they need: each hint says how to ask for the next one.

use std::process::ExitCode;

use clap::Args;

use crate::names::approach_names;

/// Options of `hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The approach, by package name (e.g. `bool-tables`).
    #[arg(value_name = "APPROACH", value_parser = approach_names())]
    approach: String,
    /// Which hint: 1 is a nudge, the last is nearly the answer.
    #[arg(value_name = "N", default_value_t = 1)]
    number: usize,
}

/// Runs `hint`: prints the hint on stdout, or a clear error on stderr with exit status 1 when
/// the approach has no hint of that number (hint `number` is counted from 1).
pub fn run(args: &HintArgs) -> crate::Fallible<ExitCode> {
    let (name, number) = (&args.approach, args.number);
    let hints = sudoku_fixtures::approach(name)
        .expect("clap checked the name")
        .hints;
    let count = hints.len();
    let Some(hint) = number.checked_sub(1).and_then(|index| hints.get(index)) else {
        return Err(
            format!("{name} has no hint {number}: its hints are numbered 1 to {count}").into(),
        );
    };
    let next = if number < count {
        format!("Next: cargo run -- hint {name} {}", number + 1)
    } else {
        format!("That was the last hint for {name}.")
    };
    out!("hint {number} of {count} for {name}:\n{hint}\n\n{next}\n");
    Ok(ExitCode::SUCCESS)
}
