//! The large fixture files' format and the judge of a rung's answer on a large board.

use sudoku_board::Grid;
use sudoku_harness::{LargeExpected, large_puzzles, parse_large};

/// The first bundled 16x16 puzzle's line, its fields changed by `edit`.
fn line_with(edit: impl FnOnce(&mut Vec<String>)) -> String {
    let first = &large_puzzles(16)[0];
    let LargeExpected::Unique(solution) = &first.expected else {
        panic!("the first puzzle is unique");
    };
    let mut fields = vec![
        first.name.clone(),
        first.board.to_line(),
        solution.to_line(),
    ];
    edit(&mut fields);
    fields.join(" ")
}

#[test]
fn every_bundled_file_loads_with_unique_multiple_and_none_boards() {
    for side in [16, 25] {
        let puzzles = large_puzzles(side);
        let count = |wanted: fn(&LargeExpected) -> bool| {
            puzzles.iter().filter(|p| wanted(&p.expected)).count()
        };
        assert!(count(|e| matches!(e, LargeExpected::Unique(_))) >= 10);
        assert!(count(|e| *e == LargeExpected::Multiple) >= 1);
        assert!(count(|e| *e == LargeExpected::NoSolution) >= 1);
    }
    assert!(large_puzzles(9).is_empty());
}

#[test]
fn a_broken_line_is_named_with_its_place_and_cause() {
    let broken = |edit: fn(&mut Vec<String>)| {
        let text = format!("# a comment\n\n{}\n", line_with(edit));
        parse_large("16x16", &text).unwrap_err()
    };
    assert_eq!(
        broken(|fields| fields.truncate(2)),
        "fixtures/large/16x16.txt:3: expected three fields: name, puzzle, solution"
    );
    assert!(broken(|fields| fields[0] = "Bad_Name".into()).contains("the name \"Bad_Name\""));
    assert_eq!(
        broken(|fields| fields[1] = ".".repeat(625)),
        "fixtures/large/16x16.txt:3: a 25x25 board"
    );
    let wrong = broken(|fields| fields[2] = fields[2].chars().rev().collect());
    assert!(
        wrong.starts_with("fixtures/large/16x16.txt:3: the solution: "),
        "{wrong}"
    );
    // The same line twice: the name is not new.
    let line = line_with(|_| {});
    let twice = parse_large("16x16", &format!("{line}\n{line}\n")).unwrap_err();
    assert!(
        twice.starts_with("fixtures/large/16x16.txt:2: the name"),
        "{twice}"
    );
}

#[test]
fn the_judge_takes_the_solution_any_of_several_or_the_board_unchanged_where_none() {
    let puzzles = large_puzzles(16);
    let unique = &puzzles[0];
    let LargeExpected::Unique(solution) = &unique.expected else {
        panic!("the first puzzle is unique");
    };
    assert_eq!(unique.judge(solution.values()), Ok(()));
    let unchanged = unique.judge(unique.board.values()).unwrap_err();
    assert!(
        unchanged.ends_with("came back unchanged, but it has a solution"),
        "{unchanged}"
    );
    let mut wrong = solution.values().to_vec();
    wrong.swap(0, 1);
    assert!(
        unique
            .judge(&wrong)
            .unwrap_err()
            .contains("is not a solution")
    );

    let none = puzzles
        .iter()
        .find(|p| p.expected == LargeExpected::NoSolution)
        .unwrap();
    assert_eq!(none.judge(none.board.values()), Ok(()));
    let multiple = puzzles
        .iter()
        .find(|p| p.expected == LargeExpected::Multiple)
        .unwrap();
    let found = known_solution(&multiple.board);
    assert_eq!(multiple.judge(&found), Ok(()));
}

/// A solution of `puzzle` found by the file itself: a `multiple` board is a unique one with
/// givens blanked, so the unique board's solution (same name without its suffix) solves it.
fn known_solution(puzzle: &Grid) -> Vec<u8> {
    large_puzzles(16)
        .iter()
        .filter_map(|p| match &p.expected {
            LargeExpected::Unique(solution) => Some(solution),
            _ => None,
        })
        .find(|solution| puzzle.solved_by(solution.values().to_vec()).is_ok())
        .expect("a unique board's solution completes the multiple one")
        .values()
        .to_vec()
}
