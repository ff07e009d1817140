//! Tests of the generator: reproducible puzzles with one solution, boards of any box size, and
//! unsolvable ones.
//!
//! One test binary with a module per topic: cargo links every file directly in `tests/` as a
//! binary of its own and runs those binaries one after another, while the tests of one binary
//! share the cores. `cargo test -p sudoku-generator --test it <module>::` runs one topic.

mod any_box_size;
mod puzzles;
mod reproducible;
mod unsolvable;
