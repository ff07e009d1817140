//! Where a solution lands on the ladder: `practice --check` measures it beside every rung and
//! says which rungs it falls between, or which one it is level with.
//!
//! ```
//! use std::time::Duration;
//! use sudoku_kata::placement::{Score, place};
//!
//! let ms = Duration::from_millis;
//! let rungs = [
//!     ("scan-backtracking", Score { solved: 62, time: ms(900) }),
//!     ("bool-tables", Score { solved: 62, time: ms(150) }),
//! ];
//! let yours = Score { solved: 62, time: ms(400) };
//! assert_eq!(
//!     place(yours, &rungs).to_string(),
//!     "your solution lands between scan-backtracking and bool-tables"
//! );
//! ```

use std::fmt;
use std::time::Duration;

/// How far apart two totals may be and still count as level: within a quarter of each other.
pub const LEVEL: f64 = 1.25;

/// What a solution did on the whole suite, measured the same way as the rungs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Puzzles solved within the budget.
    pub solved: usize,
    /// The time those took, in all.
    pub time: Duration,
}

impl Score {
    /// Whether `self` beats `other`: more puzzles solved, or as many in less time.
    fn beats(self, other: Score) -> bool {
        self.solved > other.solved || (self.solved == other.solved && self.time < other.time)
    }

    /// How many times `other`'s time this is.
    pub fn ratio_to(self, other: Score) -> f64 {
        self.time.as_secs_f64() / other.time.as_secs_f64().max(f64::MIN_POSITIVE)
    }
}

/// Where a solution lands.
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// As many solved as this rung, within [`LEVEL`] of its time (the closest such rung), and how
    /// many times its time the solution took.
    LevelWith(&'static str, f64),
    /// Better than the first rung, worse than the second: the nearest on each side.
    Between(&'static str, &'static str),
    /// Better than every rung; the best of them.
    Above(&'static str),
    /// Worse than every rung; the worst of them.
    Below(&'static str),
}

/// Places `yours` among `rungs` (in any order; at least one).
pub fn place(yours: Score, rungs: &[(&'static str, Score)]) -> Placement {
    let distance = |score: Score| yours.ratio_to(score).ln().abs();
    let level = rungs
        .iter()
        .filter(|(_, score)| score.solved == yours.solved && distance(*score) <= LEVEL.ln())
        .min_by(|a, b| distance(a.1).total_cmp(&distance(b.1)));
    if let Some(&(name, score)) = level {
        return Placement::LevelWith(name, yours.ratio_to(score));
    }
    // The nearest rung below (the best that `yours` beats) and above (the worst that beats it).
    let below = rungs
        .iter()
        .filter(|(_, score)| yours.beats(*score))
        .reduce(|a, b| if b.1.beats(a.1) { b } else { a });
    let above = rungs
        .iter()
        .filter(|(_, score)| !yours.beats(*score))
        .reduce(|a, b| if a.1.beats(b.1) { b } else { a });
    match (below, above) {
        (Some(below), Some(above)) => Placement::Between(below.0, above.0),
        (Some(best), None) => Placement::Above(best.0),
        (None, Some(worst)) => Placement::Below(worst.0),
        (None, None) => unreachable!("place needs at least one rung"),
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("your solution lands ")?;
        match self {
            Placement::LevelWith(rung, ratio) => {
                write!(f, "level with {rung} ({ratio:.2}x its time)")
            }
            Placement::Between(below, above) => write!(f, "between {below} and {above}"),
            Placement::Above(best) => write!(f, "above {best}"),
            Placement::Below(worst) => write!(f, "below {worst}"),
        }
    }
}
