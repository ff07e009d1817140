sudoku_harness::shared_suite!(practice::solve_sudoku);
