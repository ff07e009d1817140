//! Tests of the shared harness: the fixture format, the tiers, the judge, the suite and its budget,
//! the oracle and the worker.
//!
//! One test binary with a module per topic: cargo links every file directly in `tests/` as a
//! binary of its own and runs those binaries one after another, while the tests of one binary
//! share the cores. `cargo test -p sudoku-harness --test it <module>::` runs one topic.

mod budget;
mod catches_wrong_solvers;
mod file_format;
mod large;
mod oracle;
mod suite;
mod tiers;
mod worker;
