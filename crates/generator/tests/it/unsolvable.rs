//! `Generator::unsolvable` keeps its promises: the board is the seed's puzzle with one given
//! changed, no two givens clash, and a solution counter the generator does not use
//! (`constraint-propagation`) finds no solution. The first board of seed 0 is pinned.

use rstest::rstest;
use sudoku_board::{Board, Cell};
use sudoku_generator::{ClueTarget, Generator, Unsolvable, generate};

const SEEDS: std::ops::Range<u64> = 0..50;

/// The cells where two boards differ.
fn differences(a: &Board, b: &Board) -> Vec<Cell> {
    Cell::all()
        .filter(|&cell| a.get(cell) != b.get(cell))
        .collect()
}

/// The board has no solution and its givens do not clash, and it is its source puzzle with only
/// the given at `changed` replaced.
fn assert_sound(unsolvable: &Unsolvable, what: &str) {
    let Unsolvable {
        board,
        source,
        changed,
    } = unsolvable;
    let line = board.to_line();
    assert_eq!(
        differences(board, &source.puzzle),
        [*changed],
        "{what}: {line}"
    );
    assert!(board.get(*changed).is_some(), "{what}: {changed} is blank");
    assert_eq!(
        source.puzzle.get(*changed),
        source.solution.get(*changed),
        "{what}: the source puzzle was changed already"
    );
    // `Board` checks clashes when it is built; building it again from its cells shows that the
    // board is not only a value someone assembled by hand.
    assert_eq!(Board::from_cells(*board.cells()), Ok(*board), "{what}");
    assert_eq!(
        sudoku_harness::oracle::count_solutions(&board.to_rows(), 1),
        0,
        "{what}: {line} has a solution"
    );
}

#[rstest]
fn each_board_is_its_seeds_puzzle_with_one_given_changed_and_no_solution(
    #[values(ClueTarget::Minimal, ClueTarget::AtMost(30), ClueTarget::AtMost(60))]
    target: ClueTarget,
) {
    for seed in SEEDS {
        let what = format!("seed {seed}, {target:?}");
        let unsolvable = Generator::new(seed)
            .unsolvable(target)
            .unwrap_or_else(|| panic!("{what}: no given could be changed"));
        assert_sound(&unsolvable, &what);
        assert_eq!(
            unsolvable.source,
            generate(seed, 1, target)[0],
            "{what}: made from another puzzle"
        );
    }
}

#[test]
fn unsolvable_uses_the_stream_as_puzzle_does() {
    let puzzles = generate(13, 4, ClueTarget::Minimal);
    let mut generator = Generator::new(13);
    let first = generator.unsolvable(ClueTarget::Minimal).expect("a board");
    let second = generator.unsolvable(ClueTarget::Minimal).expect("a board");
    let third = generator.puzzle(ClueTarget::Minimal);
    assert_eq!(first.source, puzzles[0]);
    assert_eq!(second.source, puzzles[1]);
    assert_eq!(third, puzzles[2]);
    assert_eq!(generator.solution_grid(), puzzles[3].solution);
}

#[test]
fn the_same_seed_gives_the_same_board_and_other_seeds_change_other_givens() {
    let board = |seed| Generator::new(seed).unsolvable(ClueTarget::Minimal);
    assert_eq!(board(21), board(21));
    // Not always the same place, which a search in a fixed order would tend to give.
    let changed: std::collections::HashSet<Cell> = SEEDS
        .filter_map(|seed| board(seed).map(|unsolvable| unsolvable.changed))
        .collect();
    assert!(
        changed.len() > 20,
        "50 seeds changed only {} cells",
        changed.len()
    );
}

#[rstest]
fn a_board_with_at_most_one_blank_has_no_given_to_change(#[values(80, 81)] clues: u8) {
    // Another digit fits a given's cell only if its cells in that row and that column, two
    // different cells, are both blank.
    for seed in 0..10 {
        assert_eq!(
            Generator::new(seed).unsolvable(ClueTarget::AtMost(clues)),
            None,
            "seed {seed}"
        );
    }
}

#[test]
fn the_first_board_of_seed_0_is_pinned() {
    let unsolvable = Generator::new(0)
        .unsolvable(ClueTarget::Minimal)
        .expect("a board");
    let changed = unsolvable.changed;
    let digit = |board: &Board| board.get(changed).unwrap_or_default();
    let report = format!(
        "{changed}: {} changed to {}\npuzzle      {}\nno solution {}\n\n{}",
        digit(&unsolvable.source.puzzle),
        digit(&unsolvable.board),
        unsolvable.source.puzzle.to_line(),
        unsolvable.board.to_line(),
        unsolvable.board.to_grid(),
    );
    insta::assert_snapshot!("unsolvable_seed_0", report);
}
