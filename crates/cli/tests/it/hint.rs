//! `sudoku-kata hint` end to end: the first hint of an approach, its last, and a number out of
//! range. The snapshots hold the whole exchange (status, stdout and stderr); the hint texts come
//! from the crates' docs, so rewording a hint there shows up here in review.

use crate::common;

use std::ffi::OsStr;

/// `hint` with these arguments, as one text: the exit status, stdout and stderr.
fn hint(args: &[&str]) -> String {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    common::exchange("hint", &args, b"")
}

/// How many hints `bool-tables` has, as the registry reads them.
fn bool_tables_hints() -> usize {
    sudoku_fixtures::approach("bool-tables")
        .expect("registered")
        .hints
        .len()
}

#[test]
fn without_a_number_the_first_hint_and_how_to_see_the_next() {
    let exchange = hint(&["bool-tables"]);
    assert!(exchange.starts_with("exit status: 0\n"), "{exchange}");
    assert_eq!(exchange, hint(&["bool-tables", "1"]));
    insta::assert_snapshot!("first", exchange);
}

#[test]
fn the_last_hint_says_it_is_the_last() {
    let last = bool_tables_hints().to_string();
    let exchange = hint(&["bool-tables", &last]);
    assert!(exchange.starts_with("exit status: 0\n"), "{exchange}");
    assert!(!exchange.contains("Next:"), "{exchange}");
    insta::assert_snapshot!("last", exchange);
}

#[test]
fn a_number_out_of_range_is_an_error_with_status_1() {
    let beyond = (bool_tables_hints() + 1).to_string();
    let exchange = hint(&["bool-tables", &beyond]);
    assert!(exchange.starts_with("exit status: 1\n"), "{exchange}");
    insta::assert_snapshot!("out_of_range", exchange);
    assert!(hint(&["bool-tables", "0"]).starts_with("exit status: 1\n"));
}

#[test]
fn an_unknown_approach_is_a_usage_error_listing_the_names() {
    let exchange = hint(&["bool-table"]);
    assert!(exchange.starts_with("exit status: 2\n"), "{exchange}");
    assert!(exchange.contains("bool-tables"), "{exchange}");
}
