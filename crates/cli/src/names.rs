//! The names the subcommands accept, as clap value parsers, so that a typo is a usage error
//! listing the choices, and a newly registered approach is accepted everywhere at once.

use clap::builder::PossibleValuesParser;
use sudoku_fixtures::{APPROACHES, TIERS};

/// Every registered approach, by package name, in ladder order.
pub(crate) fn approach_names() -> PossibleValuesParser {
    PossibleValuesParser::new(APPROACHES.iter().map(|approach| approach.name))
}

/// Every bundled tier, easiest first.
pub(crate) fn tier_names() -> PossibleValuesParser {
    PossibleValuesParser::new(TIERS.iter().map(|tier| tier.name))
}
