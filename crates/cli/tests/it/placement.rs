//! `sudoku_kata::placement`: where a solution lands among the rungs' measured scores.

use std::time::Duration;

use rstest::rstest;
use sudoku_kata::placement::{Placement, Score, place};

fn score(solved: usize, millis: u64) -> Score {
    Score {
        solved,
        time: Duration::from_millis(millis),
    }
}

/// Three rungs, listed out of order: a slow one, one that does not solve everything, a fast one.
fn rungs() -> [(&'static str, Score); 3] {
    [
        ("fast", score(62, 10)),
        ("slow", score(62, 1_000)),
        ("partial", score(55, 50)),
    ]
}

#[rstest]
#[case::between_the_nearest(score(62, 100), Placement::Between("slow", "fast"))]
#[case::above_the_best(score(62, 2), Placement::Above("fast"))]
#[case::below_a_rung_that_solves_more(score(40, 1), Placement::Below("partial"))]
#[case::solving_more_beats_a_faster_rung(score(62, 5_000), Placement::Between("partial", "slow"))]
fn lands_where_its_score_says(#[case] yours: Score, #[case] expected: Placement) {
    assert_eq!(place(yours, &rungs()), expected);
}

#[test]
fn level_with_the_closest_rung_within_a_quarter() {
    assert_eq!(
        place(score(62, 1_100), &rungs()),
        Placement::LevelWith("slow", 1.1)
    );
    // As fast, but fewer solved: not level.
    assert_eq!(place(score(54, 50), &rungs()), Placement::Below("partial"));
    // Two rungs within a quarter: the closer one.
    let close = [("a", score(62, 100)), ("b", score(62, 120))];
    assert_eq!(
        place(score(62, 118), &close),
        Placement::LevelWith("b", 118.0 / 120.0)
    );
}

#[test]
fn the_closing_line_reads_as_a_sentence() {
    assert_eq!(
        Placement::LevelWith("bool-tables", 1.0412).to_string(),
        "your solution lands level with bool-tables (1.04x its time)"
    );
    assert_eq!(
        Placement::Between("bool-tables", "bitmask-flip").to_string(),
        "your solution lands between bool-tables and bitmask-flip"
    );
    assert_eq!(
        Placement::Above("bitboard").to_string(),
        "your solution lands above bitboard"
    );
    assert_eq!(
        Placement::Below("scan-backtracking").to_string(),
        "your solution lands below scan-backtracking"
    );
}
