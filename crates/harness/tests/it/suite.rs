//! Tests of `sudoku_harness::suite`.

use std::thread;
use std::time::Duration;

use sudoku_harness::TIERS;
use sudoku_harness::suite::*;

#[test]
fn a_budget_is_a_positive_number_of_seconds() {
    assert_eq!(parse_budget("10"), Ok(Duration::from_secs(10)));
    assert_eq!(parse_budget(" 0.5 "), Ok(Duration::from_millis(500)));
    // Past a billion seconds a deadline counted from now may overflow (1e19 did).
    for bad in [
        "", "0", "-3", "ten", "10s", "NaN", "inf", "1e9", "1e19", "1e-12",
    ] {
        assert_eq!(
            parse_budget(bad),
            Err(BudgetError {
                value: bad.to_owned()
            }),
            "{bad:?}"
        );
    }
}

#[test]
fn a_bad_budget_says_what_to_set() {
    let error = parse_budget("ten").expect_err("not a number");
    assert_eq!(
        error.to_string(),
        "SUDOKU_KATA_BUDGET=\"ten\" is not a budget: give a number of seconds of at least 1 ns \
         and under a billion, such as SUDOKU_KATA_BUDGET=10"
    );
}

#[test]
fn budgeted_work_over_its_budget_says_by_how_much() {
    let over = within_budget(Duration::from_millis(20), || {
        loop {
            thread::park();
        }
    });
    assert_eq!(
        over.unwrap_err().to_string(),
        "over budget: it took longer than 0.02 s (SUDOKU_KATA_BUDGET sets the budget in \
         seconds)"
    );
}

#[test]
#[should_panic(expected = "the solver broke")]
fn a_panic_in_budgeted_work_is_passed_on() {
    let _ = within_budget(Duration::from_secs(10), || panic!("the solver broke"));
}

#[test]
fn the_suite_macro_has_a_test_for_every_tier() {
    let source = include_str!("../../src/suite.rs");
    for tier in TIERS {
        let test = format!("_{0} \"{0}\"", tier.name);
        assert!(
            source.contains(&test),
            "shared_suite! in crates/harness/src/suite.rs has no test for tier {:?}",
            tier.name
        );
    }
}

/// Writes the known answer to every puzzle of the hard tier but its second and its last, which
/// come back as given: two wrong answers, with 1 search call each.
fn wrong_on_second_and_last(board: &mut Vec<Vec<char>>) -> u64 {
    let puzzles: Vec<_> = sudoku_harness::tier_puzzles("hard").collect();
    let index = (puzzles.iter())
        .position(|puzzle| puzzle.board.to_rows() == *board)
        .expect("a puzzle of the tier");
    if let (false, sudoku_harness::Expected::Unique(answer)) = (
        index == 1 || index + 1 == puzzles.len(),
        &puzzles[index].expected,
    ) {
        *board = answer.to_rows();
    }
    1
}

/// Every core solves the tier, yet the failure shown is its first in file order, every time.
#[test]
fn a_pinned_tier_shows_its_first_failure_in_file_order() {
    let second = sudoku_harness::tier_puzzles("hard")
        .nth(1)
        .expect("two puzzles")
        .id();
    for _ in 0..20 {
        let panicked =
            std::panic::catch_unwind(|| run_tier_pinned("hard", wrong_on_second_and_last));
        let payload = panicked.expect_err("two wrong answers");
        let message = payload.downcast_ref::<String>().expect("a message");
        assert!(message.contains(&format!("{second}:")), "{message}");
    }
}

/// A tier solved right pins a line per puzzle: its id and its search calls.
#[test]
fn a_pinned_tier_lists_each_puzzle_with_its_calls() {
    fn answers(board: &mut Vec<Vec<char>>) -> u64 {
        let puzzle = (sudoku_harness::tier_puzzles("easy"))
            .find(|puzzle| puzzle.board.to_rows() == *board)
            .expect("a puzzle of the tier");
        if let sudoku_harness::Expected::Unique(answer) = &puzzle.expected {
            *board = answer.to_rows();
        }
        7
    }
    let pins = run_tier_pinned("easy", answers);
    let ids: Vec<String> = sudoku_harness::tier_puzzles("easy")
        .map(|p| p.id())
        .collect();
    let lines: Vec<&str> = pins.search_calls.lines().collect();
    assert_eq!(lines.len(), ids.len());
    for (line, id) in lines.iter().zip(&ids) {
        assert_eq!(
            line.split_whitespace().collect::<Vec<_>>(),
            [id.as_str(), "7"]
        );
    }
    assert!(pins.several.is_empty());
}
