//! Tests of `sudoku_harness::oracle`.

use sudoku_harness::oracle::*;
use sudoku_harness::{Expected, puzzles};

#[test]
fn counts_agree_with_every_fixture() {
    for puzzle in puzzles() {
        let rows = puzzle.board.to_rows();
        let expected = match puzzle.expected {
            Expected::Unique(_) => 1,
            Expected::Multiple => 2,
            Expected::NoSolution => 0,
        };
        assert_eq!(count_solutions(&rows, 2), expected, "{}", puzzle.id());
    }
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut board = vec![vec!['.'; 9]; 9];
    board[0][0] = '5';
    board[8][0] = '5';
    assert_eq!(count_solutions(&board, 2), 0);
}
