//! The workspace's shared fixture suite, run against this approach: one test per tier.

sudoku_harness::shared_suite!({ident}::solve_sudoku);
