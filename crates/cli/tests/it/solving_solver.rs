//! Tests of `sudoku_kata::solving::solver`.

use crate::common;

use common::examples::{NO_SOLUTION, PUZZLE, SOLUTION, board};
use sudoku_fixtures::{APPROACHES, Approach};
use sudoku_kata::solving::solver::*;

#[test]
fn every_solver_solves_and_finds_no_solution_where_there_is_none() {
    let solvers = std::iter::once(Solver::Engine).chain(APPROACHES.iter().map(Solver::Approach));
    for solver in solvers {
        assert_eq!(
            solver.solve(&board(PUZZLE)),
            Ok(board(SOLUTION)),
            "{solver:?}"
        );
        assert_eq!(
            solver.solve(&board(SOLUTION)),
            Ok(board(SOLUTION)),
            "{solver:?}"
        );
        assert_eq!(
            solver.solve(&board(NO_SOLUTION)),
            Err(Unsolved::NoSolution),
            "{solver:?}"
        );
    }
}

#[test]
fn names_are_the_default_and_the_registry() {
    assert!(matches!(Solver::named("engine"), Some(Solver::Engine)));
    assert!(matches!(
        Solver::named("mrv-heap"),
        Some(Solver::Approach(approach)) if approach.name == "mrv-heap"
    ));
    assert!(Solver::named("quantum").is_none());
}

#[test]
fn a_wrong_answer_is_caught_and_blamed_on_the_solver() {
    let liar = Approach {
        name: "liar",
        solve: |rows| rows[0][2] = '9',
        solve_counting_calls: |_| 0,
        solve_visiting: |_, _| {},
        solutions: None,
        solve_grid_visiting: None,
        idea: "",
        hints: &[],
    };
    let liar = Box::leak(Box::new(liar));
    let error = Solver::Approach(liar).solve(&board(PUZZLE)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "liar handed back a board that is not a solution \
         (row 1, column 4 is still blank): a bug in it"
    );
}
