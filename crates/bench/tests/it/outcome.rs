//! Tests of `sudoku_bench::outcome`.

use sudoku_bench::outcome::*;

const PUZZLE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &[u8; 81] =
    b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn accepts_the_solution_and_rejects_broken_ones() {
    assert!(is_solution_of(PUZZLE, SOLUTION));

    let mut incomplete = *SOLUTION;
    incomplete[40] = b'.';
    assert!(!is_solution_of(PUZZLE, &incomplete));

    // Swapping two digits of a row keeps the row valid but breaks columns and a given.
    let mut swapped = *SOLUTION;
    swapped.swap(0, 1);
    assert!(!is_solution_of(PUZZLE, &swapped));

    // A valid grid that does not keep the givens: the digits relabelled.
    let relabelled = SOLUTION.map(|d| b'1' + (d - b'1' + 1) % 9);
    assert!(is_solution_of(&[b'.'; 81], &relabelled));
    assert!(!is_solution_of(PUZZLE, &relabelled));
}

#[test]
fn tallies_each_outcome_and_counts_wrong_solutions() {
    let mut tally = Tally::default();
    let mut broken = *SOLUTION;
    broken.swap(0, 1);
    for outcome in [
        Outcome::Solved(*SOLUTION),
        Outcome::Solved(broken),
        Outcome::Unique(None),
        Outcome::Unique(Some(*SOLUTION)),
        Outcome::Unique(Some(broken)),
        Outcome::Multiple,
        Outcome::NoSolution,
        Outcome::NotUnique,
    ] {
        tally.record(PUZZLE, outcome);
    }
    let expected = Tally {
        solved: 1,
        unique: 2,
        multiple: 1,
        none: 1,
        not_unique: 1,
        wrong: 2,
    };
    assert_eq!(tally, expected);
}
