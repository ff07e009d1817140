//! `sudoku_engine::large` on every bundled board beyond 9x9 (`fixtures/large/`, the hard boards
//! too): the solutions it counts up to 2 are what the fixture says, each one complete and
//! keeping the givens, and the first solution alone solves the board. Its search steps on each
//! (one for the deductions, plus the SAT solver's decisions) are pinned.

use sudoku_harness::{Expected, hard_large_puzzles, large_puzzles};

#[test]
fn every_bundled_large_board_gets_what_its_fixture_says() {
    let mut steps = String::new();
    for side in [16, 25] {
        for puzzle in large_puzzles(side).iter().chain(hard_large_puzzles(side)) {
            let (box_size, values) = (puzzle.board.box_size(), puzzle.board.values());
            let (found, counted) = sudoku_engine::large::solutions(box_size, values, 2);
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
            let (first, calls) = sudoku_engine::large::solutions(box_size, values, 1);
            steps += &format!("{:<32} {calls:>7} {counted:>7}\n", puzzle.id());
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
    // The steps to the first solution, then counting to 2.
    insta::assert_snapshot!("steps", steps);
}
