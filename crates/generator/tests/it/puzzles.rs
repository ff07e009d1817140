//! Every generated puzzle keeps the crate's promises, checked on 50 seeds with a solution counter
//! the generator does not use (`constraint-propagation`), so a bug in `bitboard` cannot hide one
//! of its own.

use rstest::rstest;
use sudoku_board::{Board, check_solution};
use sudoku_generator::{ClueTarget, Generated, Generator};

const SEEDS: std::ops::Range<u64> = 0..50;

/// Solutions of `board` counted up to 2, by both counters; they must agree.
fn solutions_up_to_2(board: &Board) -> usize {
    let independent = sudoku_harness::oracle::count_solutions(&board.to_rows(), 2);
    let line = board.to_line();
    let bytes: &[u8; 81] = line.as_bytes().try_into().expect("a line is 81 cells");
    assert_eq!(
        sudoku_engine::count_solutions(bytes, 2),
        independent,
        "the two counters disagree on {line}"
    );
    independent
}

/// `board` without the given at `index`.
fn without(board: &Board, index: usize) -> Board {
    let mut cells = *board.cells();
    cells[index] = 0;
    Board::from_cells(cells).expect("removing a given keeps a board valid")
}

/// The solution is a complete grid, the givens agree with it, and it is the only one.
fn assert_sound(generated: &Generated, what: &str) {
    assert!(
        generated.solution.is_complete(),
        "{what}: solution has blanks"
    );
    assert_eq!(
        check_solution(&generated.puzzle, &generated.solution.to_rows()),
        Ok(()),
        "{what}: the solution does not solve the puzzle"
    );
    assert_eq!(
        solutions_up_to_2(&generated.puzzle),
        1,
        "{what}: {} is not unique",
        generated.puzzle.to_line()
    );
}

#[test]
fn minimal_puzzles_are_unique_and_lose_that_without_any_given() {
    for seed in SEEDS {
        let generated = Generator::new(seed).puzzle(ClueTarget::Minimal);
        let what = format!("seed {seed}, Minimal");
        assert_sound(&generated, &what);
        for index in (0..81).filter(|&index| generated.puzzle.cells()[index] != 0) {
            let looser = without(&generated.puzzle, index);
            assert_eq!(
                sudoku_harness::oracle::count_solutions(&looser.to_rows(), 2),
                2,
                "{what}: given {index} of {} can go",
                generated.puzzle.to_line()
            );
        }
    }
}

#[rstest]
fn at_most_stops_at_the_target_or_at_the_minimal_puzzle(
    #[values(0, 20, 24, 27, 35, 60, 81, 255)] clues: u8,
) {
    for seed in SEEDS {
        let minimal = Generator::new(seed).puzzle(ClueTarget::Minimal);
        let generated = Generator::new(seed).puzzle(ClueTarget::AtMost(clues));
        let what = format!("seed {seed}, AtMost({clues})");
        assert_sound(&generated, &what);
        assert_eq!(generated.solution, minimal.solution, "{what}: another grid");

        let reached = minimal.puzzle.givens();
        if usize::from(clues) >= reached {
            // The pass removes one given at a time, so it meets the target exactly.
            let expected = usize::from(clues).min(81);
            assert_eq!(generated.puzzle.givens(), expected, "{what}");
        } else {
            assert_eq!(
                generated.puzzle, minimal.puzzle,
                "{what}: not the minimal puzzle"
            );
        }
        // The same pass, stopped earlier: every minimal given is still there.
        for (index, &digit) in minimal.puzzle.cells().iter().enumerate() {
            if digit != 0 {
                assert_eq!(
                    generated.puzzle.cells()[index],
                    digit,
                    "{what}: cell {index}"
                );
            }
        }
    }
}

#[test]
fn solution_grids_are_complete_and_valid() {
    let mut generator = Generator::new(9);
    for _ in 0..50 {
        let grid = generator.solution_grid();
        assert!(grid.is_complete(), "{}", grid.to_line());
        // A complete board whose givens never clash is a solved one; check_solution confirms it
        // solves the empty board.
        assert_eq!(check_solution(&Board::EMPTY, &grid.to_rows()), Ok(()));
    }
}
