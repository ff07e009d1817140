//! Tests of the public API of `sudoku_board`, used the way the other crates
//! of the workspace use it.
//!
//! One test binary with a module per topic: every file directly in `tests/`
//! would be compiled and linked as a binary of its own.

mod cell;
mod check;
mod errors;
mod fixtures;
mod grid;
mod parse;
mod render;
