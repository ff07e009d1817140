//! "Settles any 9x9 input in milliseconds", as a property over random boards that can be checked
//! without a clock: every board is settled within a budget of search calls, and the three ways of
//! asking (`count_solutions`, `try_solve`, `solutions`) agree about it.
//!
//! The boards are sparse (`sudoku_harness::random`: 5 to 30 givens placed at random without a
//! clash), which is where search is hardest to cut short: most have no solution or very many.
//! They come from a fixed seed, so a failure names a board that reproduces.

use constraint_propagation::{
    NoSolution, count_solutions, count_solutions_counting_calls, solutions, try_solve,
};
use sudoku_board::check_solution;
use sudoku_harness::random::SparseBoards;

/// Search calls allowed per board. On 600,000 such boards the worst needed 2,699 (about 3 ms in
/// a release build); singles and "fewest candidates first" alone once needed 2.8 million.
const CALL_BUDGET: u64 = 10_000;

fn line(board: &[Vec<char>]) -> String {
    board.iter().flatten().collect()
}

#[test]
fn random_sparse_boards_settle_within_the_call_budget() {
    let mut seen = [0; 3];
    for board in SparseBoards::new(0x9e37_79b9_7f4a_7c15).take(3_000) {
        let board = board.to_rows();
        let (count, calls) = count_solutions_counting_calls(&board, 2);
        assert!(
            calls <= CALL_BUDGET,
            "{} took {calls} search calls",
            line(&board)
        );
        seen[count] += 1;
    }
    // The property is only worth something if both hard kinds of board came up.
    assert!(seen[0] > 100 && seen[2] > 100, "0/1/2+ solutions: {seen:?}");
}

/// The worst boards met in 600,000 random ones (six runs of the generator above with other
/// seeds), with their number of solutions counted to 2.
const HARDEST_FOUND: [(&str, usize); 4] = [
    // Singles and "fewest candidates first" alone needed 2,815,568 calls (about 2 s) to refute
    // this one, and 159,479 for the next. With box-line intersections, propagation refutes both
    // before the first guess (1 call each).
    (
        "...........2....9..............9..2..3....1......1....61.....8..4..2.....8....61.",
        0,
    ),
    (
        ".9...........2...8.....8........5.8.....83....1.6..............2.........6.1..7..",
        0,
    ),
    // The worst for this rung as it is: 2,699 and 1,900 calls.
    (
        "........5....8..4...............4..9.....63..3...5...6.....5....963.....5..9..86.",
        2,
    ),
    (
        "....1.6..8.1........7.8..............3......6.....7.8.......9............6......1",
        2,
    ),
];

#[test]
fn the_hardest_random_boards_found_settle_within_the_call_budget() {
    for (line, solutions) in HARDEST_FOUND {
        let board: Vec<Vec<char>> = line
            .as_bytes()
            .chunks(9)
            .map(|row| row.iter().copied().map(char::from).collect())
            .collect();
        let (count, calls) = count_solutions_counting_calls(&board, 2);
        assert_eq!(count, solutions, "{line}");
        assert!(calls <= CALL_BUDGET, "{line} took {calls} search calls");
    }
}

#[test]
fn count_try_solve_and_solutions_agree_on_random_boards() {
    for puzzle in SparseBoards::new(0x2545_f491_4f6c_dd1d).take(500) {
        let board = puzzle.to_rows();
        let count = count_solutions(&board, 2);
        let found = solutions(&board, 2);
        assert_eq!(found.len(), count, "{}", line(&board));
        match try_solve(&board) {
            Ok(solution) => {
                assert!(count > 0, "{}", line(&board));
                assert_eq!(
                    check_solution(&puzzle, &solution),
                    Ok(()),
                    "{}",
                    line(&board)
                );
                assert_eq!(solution, found[0], "the first solution found");
            }
            Err(reason) => {
                assert_eq!(count, 0, "{}", line(&board));
                assert_eq!(reason, NoSolution::NoCompletion, "{}", line(&board));
            }
        }
        if let [first, second] = &found[..] {
            assert_ne!(first, second, "{}", line(&board));
            assert_eq!(check_solution(&puzzle, second), Ok(()), "{}", line(&board));
        }
    }
}
