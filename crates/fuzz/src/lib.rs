//! Fuzz targets for the board parsers and for what `sudoku-kata check` and `sudoku-kata solve`
//! read: the ways untrusted text gets into the workspace.
//!
//! Each target is a plain function from bytes to nothing. It drives the real code and asserts
//! what must hold whatever the bytes; a panic, from the code under test or from an assertion
//! here, is a finding. The functions know nothing of the fuzzer, so that
//!
//! - the AFL binaries (`src/bin/`, built by `cargo afl build -p sudoku-fuzz --features afl`) are
//!   one line each around them, and
//! - the ordinary test `tests/corpus.rs` replays the seed corpus and every saved crash through
//!   them with the Rust toolchain alone, so CI keeps the targets compiling and meaningful.
//!
//! [`TARGETS`] lists them by name; the corpus of a target lives in `corpus/<name>/`.
//! `docs/fuzzing.md` says how to run them and what a longer run found.

mod board_parsers;
mod bulk_reader;
mod one_puzzle;

pub use board_parsers::board_parsers;
pub use bulk_reader::bulk_reader;
pub use one_puzzle::one_puzzle;

/// A fuzz target: it takes any bytes and panics only on a finding.
pub type Target = fn(&[u8]);

/// Every fuzz target, by the name of its binary and its corpus directory.
pub const TARGETS: &[(&str, Target)] = &[
    ("board_parsers", board_parsers),
    ("one_puzzle", one_puzzle),
    ("bulk_reader", bulk_reader),
];
