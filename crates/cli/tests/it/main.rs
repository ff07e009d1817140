//! The command line's integration tests: each subcommand run as a user runs it, and the docs held
//! to the code.
//!
//! One test binary with a module per topic: cargo links every file directly in `tests/` as a
//! binary of its own and runs those binaries one after another, while the tests of one binary
//! share the cores. `cargo test -p sudoku-kata --test it <module>::` runs one topic.

mod bench;
mod check;
mod common;
mod compare;
mod docs;
mod file_shapes;
mod generate;
mod hint;
mod hostile;
mod input_lines;
mod input_properties;
mod input_survey;
mod large_boards;
mod new;
mod placement;
mod practice;
mod solve;
mod solving_outcome;
mod solving_solver;
mod table;
mod trace;
mod unsolvable;
mod unwritable_stdout;
