//! The workspace's shared fixture suite, run against this approach: one test per tier.

sudoku_harness::shared_suite!(bitmask_mrv::solve_sudoku);
