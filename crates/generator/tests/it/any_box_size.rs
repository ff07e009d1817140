//! `Generator::grid_puzzle` on 4x4, 9x9, 16x16 and 25x25 boards, dug with `dancing-links` and
//! checked with `constraint-propagation`, so that a bug in the digging counter cannot hide one
//! of its own.

use rstest::rstest;
use sudoku_board::Grid;
use sudoku_generator::{GeneratedGrid, Generator, default_max_blanks};

fn puzzles(seed: u64, box_size: usize, max_blanks: usize, count: usize) -> Vec<GeneratedGrid> {
    let mut generator = Generator::new(seed);
    (0..count)
        .map(|_| generator.grid_puzzle(box_size, max_blanks, dancing_links::solutions))
        .collect()
}

/// The solution is complete and solves the puzzle, and the checking counter finds it and no
/// other.
fn assert_sound(generated: &GeneratedGrid, box_size: usize) {
    let (puzzle, solution) = (&generated.puzzle, &generated.solution);
    let cells = box_size.pow(4);
    assert_eq!((puzzle.box_size(), solution.givens()), (box_size, cells));
    assert_eq!(
        puzzle.solved_by(solution.values().to_vec()).as_ref(),
        Ok(solution)
    );
    assert_eq!(
        constraint_propagation::solutions(box_size, puzzle.values(), 2),
        [solution.values()],
        "{puzzle:?}"
    );
}

#[rstest]
fn puzzles_of_every_size_are_unique_and_dug_to_their_target(
    #[values((2, 20), (3, 5), (4, 3), (5, 2))] (box_size, count): (usize, usize),
) {
    let max_blanks = default_max_blanks(box_size);
    for (place, generated) in puzzles(9, box_size, max_blanks, count).iter().enumerate() {
        assert_sound(generated, box_size);
        let blanks = box_size.pow(4) - generated.puzzle.givens();
        assert!(blanks <= max_blanks, "puzzle {place}: {blanks} blanks");
        assert!(
            blanks > max_blanks / 2,
            "puzzle {place}: only {blanks} blanks"
        );
    }
}

#[test]
fn without_a_cap_digging_leaves_minimal_puzzles() {
    for generated in puzzles(4, 2, 16, 20).iter().chain(&puzzles(4, 3, 81, 2)) {
        let box_size = generated.puzzle.box_size();
        assert_sound(generated, box_size);
        let givens = generated.puzzle.values();
        for index in (0..givens.len()).filter(|&index| givens[index] != 0) {
            let mut looser = givens.to_vec();
            looser[index] = 0;
            let count = constraint_propagation::solutions(box_size, &looser, 2).len();
            assert_eq!(count, 2, "{:?} without cell {index}", generated.puzzle);
        }
    }
}

#[test]
fn a_cap_stops_digging_there() {
    for generated in puzzles(6, 4, 100, 3) {
        assert_eq!(generated.puzzle.givens(), 256 - 100);
        assert_sound(&generated, 4);
    }
}

#[test]
fn a_seed_fixes_the_puzzles_and_another_seed_gives_others() {
    let first = puzzles(7, 4, 120, 3);
    assert_eq!(puzzles(7, 4, 120, 3), first);
    let solutions: Vec<&Grid> = first.iter().map(|generated| &generated.solution).collect();
    for other in puzzles(8, 4, 120, 3) {
        assert!(
            !solutions.contains(&&other.solution),
            "{:?}",
            other.solution
        );
    }
    assert_ne!(solutions[0], solutions[1], "one seed repeats a grid");
}

#[test]
fn the_default_targets_are_every_cell_up_to_9x9_then_a_share() {
    let targets: Vec<usize> = (2..=5).map(default_max_blanks).collect();
    assert_eq!(targets, [16, 81, 153, 281]);
}
