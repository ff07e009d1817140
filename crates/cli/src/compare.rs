//! `compare`: every approach on every tier, solved count, time and search calls side by side.
//!
//! Each puzzle is solved once through the approach's `solve_counting_calls` (the same search as
//! its `solve_sudoku`, counting as it goes), timed, and judged by the fixture harness, so a
//! wrong answer never counts as solved. Solves run one at a time so they do not compete for the
//! CPU and skew each other's times.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use sudoku_fixtures::{APPROACHES, Approach, Failure, Puzzle, TIERS, judge, tier_puzzles};

use crate::names::{approach_names, tier_names};
use crate::table::{self, Align, group_thousands};

/// Options of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Only this approach (repeat for several); all of them by default.
    #[arg(long = "approach", value_name = "NAME", value_parser = approach_names())]
    approaches: Vec<String>,
    /// Only this tier (repeat for several); all of them by default.
    #[arg(long = "tier", value_name = "NAME", value_parser = tier_names())]
    tiers: Vec<String>,
}

/// What one approach did on one tier.
struct TierResult {
    tier: &'static str,
    approach: &'static str,
    puzzles: usize,
    solved: usize,
    times: Vec<Duration>,
    search_calls: u64,
}

/// Runs the comparison and prints the table. Fails (exit status 1) if any approach got any
/// puzzle wrong, after printing what went wrong on stderr.
pub fn run(args: &CompareArgs) -> ExitCode {
    let selected =
        |chosen: &[String], name: &str| chosen.is_empty() || chosen.iter().any(|c| c == name);
    let mut results = Vec::new();
    let mut failures = 0;
    for tier in TIERS.iter().filter(|tier| selected(&args.tiers, tier.name)) {
        let puzzles: Vec<&Puzzle> = tier_puzzles(tier.name).collect();
        for approach in APPROACHES
            .iter()
            .filter(|a| selected(&args.approaches, a.name))
        {
            let result = measure(tier.name, approach, &puzzles, |failure| {
                failures += 1;
                eprintln!("{} got a puzzle wrong: {failure}\n", approach.name);
            });
            results.push(result);
        }
    }
    print!("{}", render(&results));
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("{failures} puzzle(s) solved wrongly");
        ExitCode::FAILURE
    }
}

fn measure(
    tier: &'static str,
    approach: &Approach,
    puzzles: &[&Puzzle],
    mut on_failure: impl FnMut(Box<Failure>),
) -> TierResult {
    let mut result = TierResult {
        tier,
        approach: approach.name,
        puzzles: puzzles.len(),
        solved: 0,
        times: Vec::with_capacity(puzzles.len()),
        search_calls: 0,
    };
    for puzzle in puzzles {
        let mut board = puzzle.board.to_rows();
        let started = Instant::now();
        let calls = (approach.solve_counting_calls)(&mut board);
        result.times.push(started.elapsed());
        result.search_calls += calls;
        match judge(puzzle, &board) {
            Ok(()) => result.solved += 1,
            Err(failure) => on_failure(failure),
        }
    }
    result
}

fn render(results: &[TierResult]) -> String {
    let header = [
        ("tier", Align::Left),
        ("approach", Align::Left),
        ("solved", Align::Right),
        ("total time", Align::Right),
        ("median time", Align::Right),
        ("search calls", Align::Right),
    ];
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|result| {
            vec![
                result.tier.to_owned(),
                result.approach.to_owned(),
                format!("{}/{}", result.solved, result.puzzles),
                format_duration(result.times.iter().sum()),
                format_duration(median(&result.times)),
                group_thousands(result.search_calls),
            ]
        })
        .collect();
    table::render(&header, &rows)
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

/// Three significant figures in a unit that keeps the number readable.
fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    let (value, unit) = match seconds {
        s if s >= 1.0 => (s, "s"),
        s if s >= 1e-3 => (s * 1e3, "ms"),
        s => (s * 1e6, "µs"),
    };
    let decimals = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(
            median(&[ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median(&[]), Duration::ZERO);
    }

    #[test]
    fn durations_keep_three_significant_figures() {
        assert_eq!(format_duration(Duration::from_nanos(1_500)), "1.50 µs");
        assert_eq!(format_duration(Duration::from_micros(12_340)), "12.3 ms");
        assert_eq!(format_duration(Duration::from_millis(250)), "250 ms");
        assert_eq!(format_duration(Duration::from_millis(3_456)), "3.46 s");
    }
}
