//! The rungs' figures that `practice --check` places a solution among, kept in `practice/` between
//! checks: the rungs do not change between two checks by one build on one machine, so they are
//! measured once and used again while the machine, the build of `sudoku-kata` and the budget are
//! the same. The learner's solution is measured afresh every time.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

/// The file in `practice/` that holds them (ignored by git with the rest of the directory).
pub(super) const FILE: &str = ".ladder-figures.json";

/// One rung as measured: its row of the table and its total over every tier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Rung {
    /// The cells of its row: its name, then a cell per tier.
    pub cells: Vec<String>,
    /// Puzzles solved within the budget, over every tier.
    pub solved: usize,
    /// The time those took, in nanoseconds.
    pub nanos: u64,
}

/// What the figures were measured on: they are used only where all of it is the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Key {
    /// The processor and the cores available.
    pub machine: String,
    /// The `sudoku-kata` executable that ran the rungs: its path, size and time of writing.
    pub build: String,
    /// The budget a puzzle, in nanoseconds.
    pub budget_nanos: u64,
}

/// The rungs' figures with what they were measured on, and when.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Figures {
    pub key: Key,
    /// When they were measured, in RFC 3339.
    pub measured_at: String,
    pub rungs: Vec<Rung>,
}

impl Key {
    /// The machine and build this process runs on, with `budget`.
    pub fn now(budget: Duration) -> Key {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let exe = std::env::current_exe().ok();
        let stamp = exe.as_ref().and_then(|exe| fs::metadata(exe).ok());
        let build = match (exe, stamp) {
            (Some(exe), Some(stamp)) => {
                let written = stamp.modified().unwrap_or(SystemTime::UNIX_EPOCH);
                format!(
                    "{}, {} bytes, written {}",
                    exe.display(),
                    stamp.len(),
                    humantime::format_rfc3339_nanos(written)
                )
            }
            _ => "an executable this process cannot find".to_owned(),
        };
        Key {
            machine: format!("{} ({cores} cores available)", sudoku_bench::cpu_model()),
            build,
            budget_nanos: u64::try_from(budget.as_nanos()).unwrap_or(u64::MAX),
        }
    }
}

impl Figures {
    /// The figures kept in `dir` for `key`, if there are any: a missing, unreadable or stale
    /// file is no figures (they are measured again).
    pub fn load(dir: &Path, key: &Key) -> Option<Figures> {
        let text = fs::read_to_string(dir.join(FILE)).ok()?;
        let figures: Figures = serde_json::from_str(&text).ok()?;
        (figures.key == *key).then_some(figures)
    }

    /// Keeps the figures in `dir`, through a file renamed into place, so that a check stopped
    /// half way leaves the old file or the new one, never half of one.
    pub fn keep(&self, dir: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        let partial = dir.join(format!("{FILE}.partial"));
        fs::write(&partial, text + "\n")?;
        fs::rename(partial, dir.join(FILE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(budget: Duration) -> Figures {
        Figures {
            key: Key::now(budget),
            measured_at: "2026-12-04T12:00:00Z".to_owned(),
            rungs: vec![Rung {
                cells: vec!["bool-tables".to_owned(), "1/1 163 µs".to_owned()],
                solved: 1,
                nanos: 163_000,
            }],
        }
    }

    #[test]
    fn kept_figures_come_back_for_the_same_key_only() {
        let dir = tempfile::tempdir().expect("a directory");
        let second = Duration::from_secs(1);
        assert!(Figures::load(dir.path(), &Key::now(second)).is_none());
        figures(second).keep(dir.path()).expect("kept");
        let loaded = Figures::load(dir.path(), &Key::now(second)).expect("the same key");
        assert_eq!(loaded.rungs, figures(second).rungs);
        assert_eq!(loaded.measured_at, "2026-12-04T12:00:00Z");
        // Another budget, another machine or another build: measured again.
        assert!(Figures::load(dir.path(), &Key::now(2 * second)).is_none());
        let mut other = Key::now(second);
        other.machine.push('!');
        assert!(Figures::load(dir.path(), &other).is_none());
        let mut other = Key::now(second);
        other.build.push('!');
        assert!(Figures::load(dir.path(), &other).is_none());
        // A file that is not the figures is none either.
        fs::write(dir.path().join(FILE), "{").expect("write");
        assert!(Figures::load(dir.path(), &Key::now(second)).is_none());
    }
}
