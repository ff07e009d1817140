//! `bench`: puzzles per second of every engine on the bundled sets or on data files, and the
//! ratio between engines, measured in one process so the ratios compare like with like.
//!
//! The engines, sets, budget check and measurement are `sudoku-bench`'s, the same the criterion
//! benchmarks use. Each table also counts what the engines found (every solution checked), so an
//! engine that is fast because it is wrong shows, and the command then fails.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use clap::builder::PossibleValuesParser;
use sudoku_bench::engines::{Engine, Mode, engines};
use sudoku_bench::outcome::Tally;
use sudoku_bench::sets::{PuzzleSet, bundled_names, bundled_set, load_file};
use sudoku_bench::throughput::{Measurement, check_budget, measure};

use crate::names::seconds;
use sudoku_board::{counted, group_thousands};
use sudoku_kata::table::{self, Align};

/// Options of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// A data file: one puzzle per line, 81 characters of 1-9 and '.' or '0' (tdoku's
    /// PUZZLE:COUNT lines too, and fields split by spaces, tabs, ',' or ';' read by the first
    /// that is a board: NAME PUZZLE SOLUTION, PUZZLE,SOLUTION under a header line, ID PUZZLE
    /// RATING, PUZZLE;RATING;...), at most 64 MiB;
    /// blank lines and '#' comment lines are skipped; `-` is stdin. Repeat for several.
    #[arg(long = "file", value_name = "PATH")]
    files: Vec<PathBuf>,
    /// A bundled set: a fixture tier, or `generated` (200 minimal puzzles from a fixed seed).
    /// Repeat for several; all of them when neither --tier nor --file is given.
    #[arg(long = "tier", value_name = "NAME", value_parser = PossibleValuesParser::new(bundled_names()))]
    tiers: Vec<String>,
    /// Only this engine (repeat for several); all of them by default. `engine` is
    /// `sudoku-engine`, the tuned solver the tools use; `reference` (the AGPL `sudoku` crate) exists only in a build
    /// with `--features reference`.
    #[arg(long = "approach", value_name = "NAME",
          value_parser = PossibleValuesParser::new(engines().iter().map(Engine::name)))]
    approaches: Vec<String>,
    /// Prove uniqueness (count solutions up to 2) instead of stopping at the first solution.
    /// Engines that cannot count are left out.
    #[arg(long)]
    unique: bool,
    /// Measure each engine for at least this long on each set.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = seconds)]
    min_time: Duration,
    /// Leave an engine out of a set when one pass over it would take longer than this: a rung
    /// judged on a whole pass, run in a child process that is stopped once the budget has
    /// passed; the engine and the reference, which cannot hang, on the set's first 100 puzzles.
    #[arg(long, value_name = "SECS", default_value = "2.5", value_parser = seconds)]
    budget: Duration,
}

/// Runs the benchmark and prints a table per set. Fails (exit status 1) for a data file that
/// cannot be loaded, before measuring anything; after the tables if any engine handed back a
/// wrong solution, or if every engine was left out of every set, so nothing was measured.
pub fn run(args: &BenchArgs) -> crate::Fallible<ExitCode> {
    crate::stdin_once("bench", &args.files, "by --file");
    let sets = sets(args)?;
    let chosen = |engine: &Engine| {
        args.approaches.is_empty() || args.approaches.iter().any(|a| a == engine.name())
    };
    let chosen: Vec<Engine> = engines().into_iter().filter(chosen).collect();
    let mode = if args.unique {
        Mode::ProveUnique
    } else {
        Mode::FirstSolution
    };
    let (mut wrong, mut measured_any) = (0, false);
    for (index, set) in sets.iter().enumerate() {
        if index > 0 {
            outln!();
        }
        let count = counted(set.puzzles.len() as u64, "puzzle");
        outln!("{}: {count}, {}", set.name, mode.describe());
        let mut measured = Vec::new();
        let mut left_out = Vec::new();
        for engine in &chosen {
            match check_budget(engine, set, mode, args.budget) {
                Ok(_) => measured.push(*engine),
                Err(out) => left_out.push(out),
            }
        }
        // Side by side: the engines take turns, so the ratios survive a noisy machine.
        let measurements = measure(&measured, set, mode, args.min_time);
        wrong += measurements.iter().map(|m| m.tally.wrong).sum::<usize>();
        measured_any |= !measurements.is_empty();
        if !measurements.is_empty() {
            outln!();
            out!("{}", render(mode, &measurements));
        }
        for out in &left_out {
            outln!("{out}");
        }
    }
    if wrong > 0 {
        let wrong = counted(wrong as u64, "wrong solution");
        errln!("{wrong}: see the `wrong` column");
    }
    if !measured_any {
        errln!("nothing was measured: every engine asked for was left out of every set");
    }
    Ok(ExitCode::from(u8::from(wrong > 0 || !measured_any)))
}

/// The sets asked for, data files loaded first so that a bad one fails before any measuring.
fn sets(args: &BenchArgs) -> Result<Vec<PuzzleSet>, sudoku_bench::sets::LoadError> {
    let files = (args.files.iter())
        .map(|path| load_file(path, 9))
        .collect::<Result<Vec<_>, _>>()?;
    let tiers: Vec<&str> = if args.tiers.is_empty() && args.files.is_empty() {
        bundled_names()
    } else {
        args.tiers.iter().map(String::as_str).collect()
    };
    // The names were checked by clap against `bundled_names`.
    let bundled = tiers.into_iter().filter_map(bundled_set);
    Ok(bundled.chain(files).collect())
}

/// A counted column: its title and what it counts.
type Column = (&'static str, fn(&Tally) -> usize);

fn render(mode: Mode, measurements: &[Measurement]) -> String {
    let rates = measurements.iter().map(Measurement::puzzles_per_second);
    let fastest = rates.fold(0.0, f64::max);
    // The counted columns: what the mode finds, then the wrong answers.
    let mut counts: Vec<Column> = match mode {
        Mode::FirstSolution => vec![("solved", |t| t.solved), ("none", |t| t.none)],
        Mode::ProveUnique => vec![
            ("unique", |t| t.unique),
            ("multiple", |t| t.multiple),
            ("none", |t| t.none),
        ],
    };
    if mode == Mode::ProveUnique && measurements.iter().any(|m| m.tally.not_unique > 0) {
        counts.push(("multiple or none", |t| t.not_unique));
    }
    counts.push(("wrong", |t| t.wrong));
    let header: Vec<(&str, Align)> = [("engine", Align::Left), ("puzzles", Align::Right)]
        .into_iter()
        .chain(counts.iter().map(|&(title, _)| (title, Align::Right)))
        .chain([("puzzles/s", Align::Right), ("vs fastest", Align::Left)])
        .collect();
    let count = |n: usize| group_thousands(n as u64);
    let rows = measurements.iter().map(|m| {
        let rate = m.puzzles_per_second();
        [m.engine.to_owned(), count(m.puzzles)]
            .into_iter()
            .chain(counts.iter().map(|(_, of)| count(of(&m.tally))))
            .chain([format_rate(rate), format_ratio(fastest, rate)])
            .collect()
    });
    table::render(&header, &rows.collect::<Vec<_>>())
}

/// Puzzles per second: grouped digits from 100 up, three significant figures below.
fn format_rate(rate: f64) -> String {
    match rate {
        r if r >= 100.0 => group_thousands(r.round() as u64),
        r if r >= 10.0 => format!("{r:.1}"),
        r if r >= 1.0 => format!("{r:.2}"),
        r => format!("{r:.3}"),
    }
}

/// How many times slower than the fastest engine of the table, `1.00x` for the fastest, in the
/// figures of [`format_rate`].
fn format_ratio(fastest: f64, rate: f64) -> String {
    match fastest / rate {
        _ if rate <= 0.0 => "-".to_owned(),
        ratio if ratio < 1.005 => "1.00x".to_owned(),
        ratio => format!("{}x slower", format_rate(ratio)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_keep_three_significant_figures() {
        assert_eq!(format_rate(1_234_567.8), "1,234,568");
        assert_eq!(format_rate(123.4), "123");
        assert_eq!(format_rate(12.34), "12.3");
        assert_eq!(format_rate(1.234), "1.23");
        assert_eq!(format_rate(0.1234), "0.123");
    }

    #[test]
    fn ratios_are_against_the_fastest() {
        assert_eq!(format_ratio(100.0, 100.0), "1.00x");
        assert_eq!(format_ratio(100.0, 40.0), "2.50x slower");
        assert_eq!(format_ratio(100.0, 4.0), "25.0x slower");
        assert_eq!(format_ratio(100_000.0, 4.0), "25,000x slower");
        assert_eq!(format_ratio(100.0, 0.0), "-");
    }
}
