//! `sudoku_engine::large` on every bundled board beyond 9x9 (`fixtures/large/`): the solutions it
//! counts up to 2 are what the fixture says, each one complete and keeping the givens, and the
//! first solution alone solves the board.

use sudoku_harness::{Expected, large_puzzles};

#[test]
fn every_bundled_large_board_gets_what_its_fixture_says() {
    for side in [16, 25] {
        for puzzle in large_puzzles(side) {
            let (box_size, values) = (puzzle.board.box_size(), puzzle.board.values());
            let (found, _) = sudoku_engine::large::solutions(box_size, values, 2);
            for solution in &found {
                assert!(
                    puzzle.board.solved_by(solution.clone()).is_ok(),
                    "{}: not a solution",
                    puzzle.id()
                );
            }
            match &puzzle.expected {
                Expected::Unique(solution) => {
                    assert_eq!(found, [solution.values().to_vec()], "{}", puzzle.id());
                }
                Expected::Multiple => assert_eq!(found.len(), 2, "{}", puzzle.id()),
                Expected::NoSolution => assert!(found.is_empty(), "{}", puzzle.id()),
            }
            let (first, _) = sudoku_engine::large::solutions(box_size, values, 1);
            assert_eq!(
                first.len(),
                usize::from(!found.is_empty()),
                "{}",
                puzzle.id()
            );
            if let Some(first) = first.first() {
                assert!(
                    puzzle.board.solved_by(first.clone()).is_ok(),
                    "{}",
                    puzzle.id()
                );
            }
        }
    }
}
