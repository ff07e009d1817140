//! Tests of the benchmarks' library: its sets, its engines, and what it leaves out.
//!
//! One test binary with a module per topic: cargo links every file directly in `tests/` as a
//! binary of its own and runs those binaries one after another, while the tests of one binary
//! share the cores. `cargo test -p sudoku-bench --test it <module>::` runs one topic.

mod engines_agree;
mod left_out;
mod outcome;
mod sets;
