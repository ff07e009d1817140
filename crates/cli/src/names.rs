//! Values the subcommands accept, as clap value parsers shared between them: names, so that a
//! typo is a usage error listing the choices and a newly registered approach is accepted
//! everywhere at once, and durations.

use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use sudoku_fixtures::APPROACHES;
use sudoku_harness::TIERS;
use sudoku_kata::solving::solver;

/// Every registered approach, by package name, in ladder order.
pub(crate) fn approach_names() -> PossibleValuesParser {
    PossibleValuesParser::new(APPROACHES.iter().map(|approach| approach.name))
}

/// `solve`'s solvers: the engine (its default), then every registered approach.
pub(crate) fn solver_names() -> PossibleValuesParser {
    let approaches = APPROACHES.iter().map(|approach| approach.name);
    PossibleValuesParser::new(std::iter::once(solver::DEFAULT).chain(approaches))
}

/// Every bundled tier, easiest first.
pub(crate) fn tier_names() -> PossibleValuesParser {
    PossibleValuesParser::new(TIERS.iter().map(|tier| tier.name))
}

/// A number of seconds (see [`sudoku_harness::suite::seconds`]), such as a budget or a minimum
/// measuring time.
pub(crate) fn seconds(text: &str) -> Result<Duration, String> {
    if text.trim().parse::<f64>().is_err() {
        return Err(format!("{text:?} is not a number of seconds"));
    }
    sudoku_harness::suite::seconds(text)
        .ok_or_else(|| format!("{text:?}: expected {}", sudoku_harness::suite::SECONDS))
}

/// The board sizes of `--size`: 9, and 4, 16 and 25 for the approaches that take any box size.
pub(crate) fn board_sizes() -> impl TypedValueParser<Value = usize> {
    PossibleValuesParser::new(["4", "9", "16", "25"]).try_map(|n| n.parse::<usize>())
}
