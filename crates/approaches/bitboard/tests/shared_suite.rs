//! The workspace's shared fixture suite, run against this approach: one test per tier.

sudoku_fixtures::shared_suite!(bitboard::solve_sudoku);
