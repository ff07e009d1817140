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
    let source = include_str!("../src/suite.rs");
    for tier in TIERS {
        let test = format!("_{0} \"{0}\"", tier.name);
        assert!(
            source.contains(&test),
            "shared_suite! in crates/harness/src/suite.rs has no test for tier {:?}",
            tier.name
        );
    }
}
