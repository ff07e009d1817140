//! `generate`: puzzles with a unique solution, reproducible from a seed, printed in the fixture
//! file format (`fixtures/README.md`) so they can be appended to a file under `fixtures/`.
//!
//! The puzzles come from `sudoku-generator`, one after another from the seed's sequence. Each is
//! named `generated-s<seed>-<n>`, where `n` is its place in that sequence (counted from 1), so a
//! name says where the puzzle comes from and the same options always print the same lines.
//!
//! Difficulty has two knobs, and a puzzle is kept only if it meets both. `--clues` digs down to
//! at most that many clues; digging cannot always get that low (minimal puzzles mostly have 23 to
//! 26), and a puzzle left with more is skipped rather than printed. `--min-calls` with
//! `--approach` keeps only puzzles that take that approach at least that many search calls: the
//! clue count is a weak proxy for difficulty, and search calls are what the ladder measures.
//! The calls are counted in worker processes, each puzzle within `--budget`: a naive rung that
//! would search one puzzle for minutes has it skipped instead (stderr says so).
//! Skipped puzzles still use up their places in the sequence, and `--max-attempts` bounds how many
//! are tried, so a target that is never met ends with an error instead of running forever.
//!
//! `--size 4`, `16` or `25` makes puzzles of that size instead of 9x9, with
//! `Generator::grid_puzzle`: dug with the engine's solution counter (`sudoku_engine::large`)
//! down to the generator's `default_max_blanks`, and each checked by `constraint-propagation`,
//! which must find the same one solution before the puzzle is printed. The difficulty knobs are for 9x9 only.
//!
//! `--givens PERCENT` makes boards the way the public sets of hard large boards are made, on
//! any size the engine takes: a random complete grid keeps that share of its cells, picked at
//! random (`Generator::share_puzzle`). Such a board is not always unique: the engine counts its
//! solutions to 2, and the line's third field is `multiple` when there are two.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use clap::error::ErrorKind;
use sudoku_board::counted;
use sudoku_fixtures::approach;
use sudoku_generator::{ClueTarget, GeneratedGrid, Generator, default_max_blanks};
use sudoku_harness::SolutionsFn;
use sudoku_kata::solving::solver::{Solver, Workers};

use crate::names::{approach_names, board_sizes, seconds};

/// `--budget`'s default, which the header leaves out.
const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// How many puzzles may be tried per puzzle asked for, unless `--max-attempts` says otherwise.
const DEFAULT_ATTEMPTS_PER_PUZZLE: u64 = 1000;

/// Options of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The seed: the same seed and options print the same puzzles, on every platform (with
    /// --min-calls, as long as no puzzle's count comes near --budget). Without it, one is
    /// picked at random and printed in the header line, which is the command that prints the
    /// same puzzles again.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// How many puzzles to print.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Keep only puzzles with at most N clues, digging down to N. Without it, every given that
    /// uniqueness allows is removed (minimal puzzles, mostly 23 to 26 clues).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(17..=81))]
    clues: Option<u8>,
    /// Keep only puzzles that take --approach at least N search calls.
    #[arg(long, value_name = "N", requires = "approach")]
    min_calls: Option<u64>,
    /// The approach whose search calls --min-calls counts.
    #[arg(long, value_name = "NAME", value_parser = approach_names(), requires = "min_calls")]
    approach: Option<String>,
    /// The most time --approach may spend counting its calls on one puzzle; a puzzle past it is
    /// skipped, and stderr says so. A puzzle whose count takes nearly this long may be kept on
    /// one machine and skipped on a slower or busier one.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds,
          requires = "approach")]
    budget: Duration,
    /// Give up after trying this many puzzles in all [default: 1000 per puzzle asked for].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_attempts: Option<u64>,
    /// The board's side. 4, 16 and 25 are dug with the engine to a fixed share of blanks
    /// (every cell that uniqueness allows on 4x4, at most 60% of the cells on 16x16 and 45% on
    /// 25x25), each puzzle checked unique by constraint-propagation too, and written on one line
    /// in 1-9 then letters; --clues, --min-calls, --approach (and its --budget) and
    /// --max-attempts are for 9x9 only.
    #[arg(long, value_name = "N", default_value = "9", value_parser = board_sizes())]
    size: usize,
    /// Keep this share of the cells of a random complete grid, picked at random, instead of
    /// digging a unique puzzle: the recipe of the public sets of hard boards (40 to 45 is the
    /// hardest on 25x25). Such a board may have several solutions: its third field is then
    /// `multiple`.
    #[arg(long, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100),
          conflicts_with_all = ["clues", "min_calls", "approach", "max_attempts"])]
    givens: Option<u8>,
}

/// Runs `generate`: prints a comment naming the command, then one fixture line per puzzle as it
/// is found. Fails (exit status 1) when `--max-attempts` runs out first, after printing the
/// puzzles found; refuses the 9x9-only options with `--size` with a usage error.
pub fn run(args: &GenerateArgs) -> crate::Fallible<ExitCode> {
    // A seed picked here is the one every step below uses, and the header line shows.
    let seed = args.seed.unwrap_or_else(pick_seed);
    let nine_by_nine_only = [
        ("--clues", args.clues.is_some()),
        ("--min-calls", args.min_calls.is_some()),
        ("--max-attempts", args.max_attempts.is_some()),
    ];
    let given = nine_by_nine_only.iter().find(|(_, given)| *given);
    if let Some((option, _)) = given.filter(|_| args.size != 9) {
        let message = format!("{option} is for 9x9 puzzles only, not --size {}", args.size);
        crate::usage_error("generate", ErrorKind::ArgumentConflict, message);
    }
    let out = &mut io::stdout().lock();
    let mut write = || {
        writeln!(out, "# {}", command_line(args, seed))?;
        if args.size == 9 && args.givens.is_none() {
            generate(args, seed, out)
        } else {
            generate_large(args, seed, out)
        }
    };
    // The generators' own errors are messages, never an `io::Error`: an `io::Error` is a write's.
    match write().map_err(|error| error.downcast::<io::Error>()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The reader went away (`| head`): nobody is left to tell.
        Err(Ok(error)) if error.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::FAILURE),
        Err(Ok(error)) => Err(format!("cannot write the puzzles: {error}").into()),
        Err(Err(error)) => Err(error),
    }
}

/// Writes the kept 9x9 puzzles and flushes them; an error when the attempts ran out before
/// `--count` were kept.
fn generate(args: &GenerateArgs, seed: u64, out: &mut impl Write) -> crate::Fallible {
    // The approach that counts the search calls, in worker processes, each puzzle within the
    // budget: a naive rung must not hang `generate` on one puzzle. clap only accepts registered
    // names, so the lookup always succeeds.
    let counter = args.approach.as_deref().and_then(Solver::named);
    let min_calls = (args.min_calls).zip(counter.map(|counter| Workers::new(counter, args.budget)));
    let max_attempts = args
        .max_attempts
        .unwrap_or(args.count.saturating_mul(DEFAULT_ATTEMPTS_PER_PUZZLE));
    // Names padded to the longest one this run can make, so the columns line up.
    let width = name(seed, max_attempts).len();
    let mut generator = Generator::new(seed);
    let clues = args.clues.map_or(ClueTarget::Minimal, ClueTarget::AtMost);
    let mut kept = 0;
    for place in 1..=max_attempts {
        if kept == args.count {
            break;
        }
        let generated = generator.puzzle(clues);
        let (name, givens) = (name(seed, place), generated.puzzle.givens());
        let met = args.clues.is_none_or(|clues| givens <= usize::from(clues))
            && min_calls.as_ref().is_none_or(|(min_calls, workers)| {
                let calls = workers.search_calls(&generated.puzzle);
                // Skipped like any puzzle that misses the target; said so, as the reason differs.
                let calls = calls.inspect_err(|unsolved| errln!("{name}: skipped: {unsolved}"));
                calls.is_ok_and(|calls| calls >= *min_calls)
            });
        if met {
            kept += 1;
            let (puzzle, solution) = (generated.puzzle.to_line(), generated.solution.to_line());
            writeln!(out, "{name:<width$} {puzzle} {solution}")?;
        }
    }
    out.flush()?;
    if kept < args.count {
        let count = counted(args.count, "puzzle");
        let clues = args.clues.map(|n| format!("at most {n} clues"));
        let calls = (min_calls.iter()).map(|(min, workers)| {
            let min = counted(*min, "search call");
            format!("at least {min} of {}", workers.name)
        });
        let target: Vec<String> = clues.into_iter().chain(calls).collect();
        let (met, relax) = match target.join(" and ") {
            target if target.is_empty() => ("made".to_owned(), ""),
            target => (
                format!("met the target ({target})"),
                "relax the target, or ",
            ),
        };
        let attempts = counted(max_attempts, "attempt");
        return Err(format!(
            "only {kept} of {count} {met} within {attempts}; {relax}allow more attempts with \
             --max-attempts"
        )
        .into());
    }
    Ok(())
}

/// A seed below a million (short names), from the standard library's per-process random keys.
fn pick_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
        % 1_000_000
}

/// The fixture name of the puzzle at `place` (from 1) of the seed's sequence.
fn name(seed: u64, place: u64) -> String {
    format!("generated-s{seed}-{place}")
}

/// The command that prints this output again (with `seed`, given or picked), for the comment
/// at its top: every option that changes what is printed, `--budget` when it is not the default
/// (`--max-attempts` sets the names' padding).
fn command_line(args: &GenerateArgs, seed: u64) -> String {
    let calls = (args.min_calls.zip(args.approach.as_ref()))
        .map(|(min_calls, approach)| format!("{min_calls} --approach {approach}"));
    let budget = (calls.is_some() && args.budget != DEFAULT_BUDGET)
        .then(|| args.budget.as_secs_f64().to_string());
    let options = [
        ("--seed", Some(seed.to_string())),
        ("--count", Some(args.count.to_string())),
        ("--clues", args.clues.map(|clues| clues.to_string())),
        ("--min-calls", calls),
        ("--budget", budget),
        ("--max-attempts", args.max_attempts.map(|n| n.to_string())),
        ("--size", (args.size != 9).then(|| args.size.to_string())),
        ("--givens", args.givens.map(|percent| percent.to_string())),
    ];
    let given = options
        .into_iter()
        .filter_map(|(flag, value)| Some(format!(" {flag} {}", value?)));
    "sudoku-kata generate".to_owned() + &given.collect::<String>()
}

/// `generate --size 4|16|25`, or `--givens PERCENT` on any size: writes `--count` boards.
///
/// With `--givens`, each keeps that share of a random grid's cells, with its one solution, or
/// `multiple` when the engine finds two. Otherwise each is dug with the engine, and written once
/// `constraint-propagation` agrees it has the one solution it was dug from. (A digging step keeps
/// a given removed exactly when the board stays unique, so any right counter digs the same
/// puzzles: the engine is the fastest.)
fn generate_large(args: &GenerateArgs, seed: u64, out: &mut impl Write) -> crate::Fallible {
    if let Some(percent) = args.givens {
        writeln!(
            out,
            "# {percent}% of the cells of a random complete grid, kept at random: not always \
             unique (`multiple` where the engine finds two solutions)"
        )?;
    }
    let check_with = approach("constraint-propagation").and_then(|approach| approach.solutions);
    let check_with = check_with.expect("any_box_size in ladder.toml");
    let engine = |b, cells: &[u8], limit| sudoku_engine::large::solutions(b, cells, limit).0;
    let width = name(seed, args.count).len();
    let box_size = args.size.isqrt();
    let mut generator = Generator::new(seed);
    for place in 1..=args.count {
        let name = name(seed, place);
        let (generated, unique) = match args.givens {
            Some(percent) => {
                let generated = generator.share_puzzle(box_size, percent);
                let found = engine(box_size, generated.puzzle.values(), 2);
                (generated, found.len() == 1)
            }
            None => {
                let generated =
                    generator.grid_puzzle(box_size, default_max_blanks(box_size), engine);
                check_unique(&generated, box_size, check_with).map_err(|found| {
                    format!(
                        "{name}: the second solver finds {found} where the first found exactly \
                         one; the puzzle was not printed"
                    )
                })?;
                (generated, true)
            }
        };
        let (puzzle, solution) = (generated.puzzle.to_line(), generated.solution.to_line());
        let solution = if unique { &solution } else { "multiple" };
        writeln!(out, "{name:<width$} {puzzle} {solution}")?;
    }
    Ok(out.flush()?)
}

/// Whether `solutions` finds exactly the generated solution and no other, counting to 2; if not,
/// what it found, in words.
fn check_unique(
    generated: &GeneratedGrid,
    box_size: usize,
    solutions: SolutionsFn,
) -> Result<(), &'static str> {
    let (found, _) = solutions(box_size, generated.puzzle.values(), 2);
    match found.as_slice() {
        [one] if one.as_slice() == generated.solution.values() => Ok(()),
        [] => Err("no solution"),
        [_] => Err("another solution"),
        _ => Err("more than one solution"),
    }
}

#[cfg(test)]
mod tests {
    use sudoku_fixtures::approach;
    use sudoku_generator::Generator;

    use super::check_unique;

    #[test]
    fn a_second_solver_that_disagrees_is_caught() {
        let dancing_links = approach("dancing-links").and_then(|a| a.solutions);
        let dancing_links = dancing_links.expect("any box size");
        let dig = |b, cells: &[u8], limit| dancing_links(b, cells, limit).0;
        let generated = Generator::new(1).grid_puzzle(2, 16, dig);
        assert_eq!(check_unique(&generated, 2, dancing_links), Ok(()));
        let none = |_: usize, _: &[u8], _: usize| (Vec::new(), 0);
        assert_eq!(check_unique(&generated, 2, none), Err("no solution"));
        let the_puzzle = |_: usize, cells: &[u8], _: usize| (vec![cells.to_vec()], 1);
        assert_eq!(
            check_unique(&generated, 2, the_puzzle),
            Err("another solution")
        );
        let two = |_: usize, cells: &[u8], _: usize| (vec![cells.to_vec(); 2], 2);
        assert_eq!(
            check_unique(&generated, 2, two),
            Err("more than one solution")
        );
    }
}
