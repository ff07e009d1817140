//! Tests of the lines that say why `sudoku_bench::throughput` left an engine out of a set.

use std::time::Duration;

use sudoku_bench::throughput::{LeftOut, Reason};

/// The line `bench` prints for `reason`.
fn line(reason: Reason) -> String {
    let set = "puzzles2_17_clue".to_owned();
    LeftOut {
        engine: "bitmask-mrv",
        set,
        reason,
    }
    .to_string()
}

#[test]
fn times_keep_three_significant_figures_however_small_the_budget() {
    let over = Reason::OverBudget {
        solved: 1,
        elapsed: Duration::from_micros(1_234),
        budget: Duration::from_micros(1),
    };
    assert_eq!(
        line(over),
        "left out: bitmask-mrv on puzzles2_17_clue: 1 puzzle took 1.23 ms, over the budget of \
         1.00 µs per pass"
    );
    let extrapolated = Reason::Extrapolated {
        sample: 100,
        elapsed: Duration::from_millis(20),
        puzzles: 49_158,
        estimate: Duration::from_secs_f64(9.8316),
        budget: Duration::from_millis(2_500),
    };
    assert_eq!(
        line(extrapolated),
        "left out: bitmask-mrv on puzzles2_17_clue: the first 100 puzzles took 20.0 ms, so a \
         pass over all 49,158 would take about 9.83 s, over the budget of 2.50 s"
    );
}

#[test]
fn counts_are_grouped_by_thousands() {
    let unfinished = |puzzles| Reason::Unfinished {
        puzzles,
        budget: Duration::from_millis(500),
    };
    assert_eq!(
        line(unfinished(49_158)),
        "left out: bitmask-mrv on puzzles2_17_clue: did not finish the set's 49,158 puzzles \
         within the budget of 500 ms, so it was stopped"
    );
    assert_eq!(
        line(unfinished(1)),
        "left out: bitmask-mrv on puzzles2_17_clue: did not finish the set's one puzzle within \
         the budget of 500 ms, so it was stopped"
    );
}
