//! A seed fixes the puzzles: the same seed gives the same ones, another seed others, and the
//! first puzzle of seed 0 is pinned so that any change in generation shows up in review.

use sudoku_generator::{ClueTarget, Generated, Generator, generate};

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    for target in [ClueTarget::Minimal, ClueTarget::AtMost(30)] {
        assert_eq!(generate(7, 4, target), generate(7, 4, target), "{target:?}");
    }
    let mut first = Generator::new(7);
    let mut second = Generator::new(7);
    assert_eq!(first.solution_grid(), second.solution_grid());
    assert_eq!(
        first.puzzle(ClueTarget::Minimal),
        second.puzzle(ClueTarget::Minimal)
    );
}

#[test]
fn different_seeds_give_different_puzzles() {
    let firsts: Vec<Generated> = (0..20)
        .map(|seed| Generator::new(seed).puzzle(ClueTarget::Minimal))
        .collect();
    for (i, a) in firsts.iter().enumerate() {
        for (j, b) in firsts.iter().enumerate().skip(i + 1) {
            assert_ne!(a.solution, b.solution, "seeds {i} and {j}");
            assert_ne!(a.puzzle, b.puzzle, "seeds {i} and {j}");
        }
    }
}

#[test]
fn one_generator_does_not_repeat_itself() {
    let puzzles = generate(3, 5, ClueTarget::Minimal);
    for (i, a) in puzzles.iter().enumerate() {
        for (j, b) in puzzles.iter().enumerate().skip(i + 1) {
            assert_ne!(a.solution, b.solution, "puzzles {i} and {j} of seed 3");
        }
    }
}

#[test]
fn asking_for_more_puzzles_only_appends() {
    let five = generate(11, 5, ClueTarget::Minimal);
    assert_eq!(generate(11, 3, ClueTarget::Minimal), five[..3]);
    assert!(generate(11, 0, ClueTarget::Minimal).is_empty());
}

#[test]
fn the_target_does_not_change_which_grids_a_seed_gives() {
    let minimal = generate(5, 3, ClueTarget::Minimal);
    let at_most = generate(5, 3, ClueTarget::AtMost(35));
    for (minimal, at_most) in minimal.iter().zip(&at_most) {
        assert_eq!(minimal.solution, at_most.solution);
    }
    // A bare grid uses the stream the same way as the grid of a puzzle.
    assert_eq!(Generator::new(5).solution_grid(), minimal[0].solution);
}

#[test]
fn the_first_puzzles_of_seed_0_are_pinned() {
    let mut generator = Generator::new(0);
    let minimal = generator.puzzle(ClueTarget::Minimal);
    let at_most_30 = generator.puzzle(ClueTarget::AtMost(30));
    let show = |title: &str, generated: &Generated| {
        format!(
            "{title}: {} givens\npuzzle   {}\nsolution {}\n\n{}\n{}",
            generated.puzzle.givens(),
            generated.puzzle.to_line(),
            generated.solution.to_line(),
            generated.puzzle.to_grid(),
            generated.solution.to_grid(),
        )
    };
    let report = format!(
        "{}\n{}",
        show("first, Minimal", &minimal),
        show("second, AtMost(30)", &at_most_30)
    );
    insta::assert_snapshot!("seed_0", report);
}
