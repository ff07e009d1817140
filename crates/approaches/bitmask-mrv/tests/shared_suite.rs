//! The workspace's shared fixture suite, run against this approach: one test per tier, each
//! judging every puzzle and pinning its search calls (and its output where a puzzle has several
//! solutions) in `tests/snapshots/`.

sudoku_harness::shared_suite!(calls: bitmask_mrv::solve_counting_calls);
