//! Throughput of the sudoku-kata solvers: the shared library behind the criterion benchmarks
//! (`cargo bench -p sudoku-bench`) and the `sudoku-kata bench` command, so both run the same
//! engines on the same sets and leave out the same slow ones.
//!
//! ```
//! use std::time::Duration;
//! use sudoku_bench::engines::{Mode, engine};
//! use sudoku_bench::sets::bundled_set;
//! use sudoku_bench::throughput::{DEFAULT_BUDGET, check_budget, measure};
//!
//! let easy = bundled_set("easy").expect("a bundled tier");
//! let tuned = engine("engine").expect("always built");
//! let rung = engine("constraint-propagation").expect("registered");
//! check_budget(&tuned, &easy, Mode::ProveUnique, DEFAULT_BUDGET)?;
//! // Side by side: the engines take turns until each has its minimum time of solving.
//! let both = [tuned, rung];
//! for measured in measure(&both, &easy, Mode::FirstSolution, Duration::from_millis(10)) {
//!     assert_eq!(measured.tally.solved, easy.puzzles.len());
//!     assert!(measured.puzzles_per_second() > 0.0);
//! }
//!
//! // A LeetCode signature cannot count solutions: left out, with the reason.
//! let naive = engine("scan-backtracking").expect("registered");
//! let left_out = check_budget(&naive, &easy, Mode::ProveUnique, DEFAULT_BUDGET).unwrap_err();
//! assert!(left_out.to_string().starts_with("left out: scan-backtracking on easy: it cannot"));
//! # Ok::<(), sudoku_bench::throughput::LeftOut>(())
//! ```
//!
//! - [`sets`]: the workspace's one puzzle-set type, which `compare`, `practice --check` and
//!   `cargo xtask results` use too, and its loader: the bundled tiers and boards beyond 9x9, a
//!   generated set, and data files (the public sets in `data/`), each puzzle with what its
//!   fixture knows; typed load errors with file, line, column and cause.
//! - [`engines`]: every registry approach through its LeetCode signature, `engine`
//!   (`sudoku-engine`'s byte API) and, with the `reference` feature, the `sudoku`
//!   crate; two modes, first solution and proving uniqueness.
//! - [`outcome`]: what each engine found, tallied and checked, so a fast wrong engine shows.
//! - [`throughput`]: puzzles per second, and the budget check that leaves slow engines out (a
//!   rung's sample runs in a `sudoku_harness::worker` process, stopped once the budget passed).
//!
//! # The `reference` feature and the AGPL
//!
//! The reference row is the `sudoku` crate, which is AGPL-3.0 while this workspace is
//! MIT OR Apache-2.0. It is an optional dependency behind this crate's `reference` feature, off
//! by default, so no default build of any crate of the workspace contains it (CI checks that);
//! turn it on only for local measurements. See the crate's README for how to run everything.

pub mod engines;
pub mod outcome;
pub mod sets;
pub mod throughput;

/// The processor's model name where the system tells it (Linux), else the architecture: the
/// machine a measured figure belongs to.
pub fn cpu_model() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = (cpuinfo.lines()).find_map(|line| line.strip_prefix("model name")?.split_once(':'));
    model.map_or(std::env::consts::ARCH.to_owned(), |(_, name)| {
        name.trim().to_owned()
    })
}
