//! The library behind the `sudoku-kata` binary: how it reads untrusted input and turns each
//! puzzle into a solution or an error line.
//!
//! It is a library, not only modules of the binary, so that the fuzz targets (`crates/fuzz`) and the
//! property tests drive exactly the code the command line runs.
//!
//! - [`built`]: the executable that a `cargo build` reported.
//! - [`input`]: lines capped in length, the survey that tells puzzle lines from one puzzle spread
//!   over lines, and one puzzle in any notation, for `check`.
//! - [`solving`]: the solver, the outcome of each line, and the in-order loop over an input.
//! - [`placement`]: where a solution lands among the rungs, for `practice --check`.
//! - [`table`]: aligned text and Markdown tables, and grouped numbers, for the reports.
//! - [`written`]: whether a file can be written, told before a long run.

pub mod built;
pub mod input;
pub mod placement;
pub mod solving;
pub mod table;
pub mod written;
