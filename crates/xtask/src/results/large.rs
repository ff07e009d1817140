//! The race on hard boards beyond 9x9: the engine against OR-tools CP-SAT on the public sets of
//! large boards (`data/large/acs16-fill05.txt` to `acs25-fill95.txt`: the "general" instances
//! of Lloyd and Amos, 2018, 100 boards per share of givens, each with a solution, not always a
//! unique one).
//!
//! The engine runs in this process, each board timed alone: its first solution, then counting
//! to 2 (what `check` does). CP-SAT runs through `cpsat/race.py` (`pip install ortools`), one
//! worker, each board's model built before its clock starts, when Python has `ortools`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_bench::sets::load_file;
use sudoku_board::{Grid, format_duration};
use sudoku_kata::table::{Align, markdown};

use crate::Fallible;

/// CP-SAT's budget a board, in seconds: past it, the board counts as unsolved.
const CPSAT_BUDGET: &str = "10";

/// The race's script, kept beside this crate's sources.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cpsat/race.py")
}

/// Whether `python3` can import `ortools`.
fn has_cpsat() -> bool {
    Command::new("python3")
        .args(["-c", "import ortools.sat.python.cp_model"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// One side's figures on one file: boards solved, total time, the slowest board.
#[derive(Default)]
struct Side {
    solved: usize,
    total: Duration,
    slowest: Duration,
}

impl Side {
    fn add(&mut self, time: Duration, solved: bool) {
        self.solved += usize::from(solved);
        self.total += time;
        self.slowest = self.slowest.max(time);
    }
}

/// Appends the race's section to `text`, on the sets in `dir` (`data/large`), if any.
pub fn section(text: &mut String, dir: Option<&Path>) -> Fallible {
    let mut files: Vec<PathBuf> = match dir.map(std::fs::read_dir) {
        Some(Ok(entries)) => (entries.filter_map(|entry| Some(entry.ok()?.path())))
            .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
            .collect(),
        _ => Vec::new(),
    };
    files.sort();
    if files.is_empty() {
        writeln!(
            text,
            "Skipped: the public sets of large boards (`acs16-fill05.txt` to `acs25-fill95.txt`, \
             `name<TAB>puzzle` lines) are not in `data/large/`; `cargo xtask data --from DIR` \
             puts them there.\n"
        )?;
        return Ok(());
    }
    let cpsat = has_cpsat();
    let mut rows = Vec::new();
    for file in &files {
        let name = file.file_stem().unwrap_or_default().to_string_lossy();
        errln!("results: the engine on {}", file.display());
        // `acs16-fill05`: boards 16 cells wide, as `cargo xtask data` names the sets.
        let side = name.get(3..5).and_then(|side| side.parse().ok());
        let set = load_file(
            file,
            side.ok_or(format!("{}: no acsNN- name", file.display()))?,
        )?;
        let (mut first, mut unique) = (Side::default(), Side::default());
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            let grid = Grid::parse(&String::from_utf8_lossy(&puzzle.cells), None)?;
            let (box_size, cells) = (grid.box_size(), grid.values());
            let start = Instant::now();
            let (found, _) = sudoku_engine::large::solutions(box_size, cells, 1);
            let time = start.elapsed();
            let right = found
                .first()
                .is_some_and(|one| grid.solved_by(one.clone()).is_ok());
            first.add(time, right);
            let start = Instant::now();
            let (found, _) = sudoku_engine::large::solutions(box_size, cells, 2);
            unique.add(start.elapsed(), !found.is_empty());
            if !right {
                errln!("results: the engine did not solve {}", set.id(index));
            }
        }
        let theirs = if cpsat { Some(race(file)?) } else { None };
        let count = set.puzzles.len();
        let mut row = vec![
            name.into_owned(),
            format!("{}/{count}", first.solved),
            format_duration(first.total),
            format_duration(first.slowest),
            format_duration(unique.total),
        ];
        if let Some(theirs) = &theirs {
            let ratio = theirs.total.as_secs_f64() / first.total.as_secs_f64().max(1e-9);
            row.extend([
                format!("{}/{count}", theirs.solved),
                format_duration(theirs.total),
                format_duration(theirs.slowest),
                format!("{ratio:.1}"),
            ]);
        }
        rows.push(row);
    }
    text.push_str(
        "The engine in this process, each board timed alone (`sudoku_engine::large`): the first \
         solution, then counting to 2 as `check` does. ",
    );
    let mut header = vec![("set", Align::Left)];
    header.extend(
        [
            "engine solved",
            "engine total",
            "engine slowest",
            "engine, counting to 2",
        ]
        .map(|name| (name, Align::Right)),
    );
    if cpsat {
        writeln!(
            text,
            "OR-tools CP-SAT through `crates/xtask/cpsat/race.py`: one worker, an AllDifferent \
             model per board built before its clock starts, at most {CPSAT_BUDGET} s a board. \
             The last column is CP-SAT's total over the engine's: above 1, the engine is \
             faster.\n"
        )?;
        header.extend(
            [
                "CP-SAT solved",
                "CP-SAT total",
                "CP-SAT slowest",
                "CP-SAT / engine",
            ]
            .map(|name| (name, Align::Right)),
        );
    } else {
        writeln!(
            text,
            "CP-SAT skipped: `python3` cannot import `ortools` here (`pip install ortools` adds \
             it).\n"
        )?;
    }
    *text += &markdown(&header, &rows);
    text.push('\n');
    Ok(())
}

/// CP-SAT on every board of `file`, through the script.
fn race(file: &Path) -> Result<Side, String> {
    errln!("results: CP-SAT on {}", file.display());
    let output = Command::new("python3")
        .arg(script())
        .arg(file)
        .arg(CPSAT_BUDGET)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("python3: {error}"))?;
    if !output.status.success() {
        return Err(format!("{} failed ({})", script().display(), output.status));
    }
    let mut side = Side::default();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [_, seconds, verdict] = fields[..] else {
            return Err(format!("{} printed {line:?}", script().display()));
        };
        let seconds: f64 =
            (seconds.parse()).map_err(|_| format!("{} printed {line:?}", script().display()))?;
        side.add(Duration::from_secs_f64(seconds), verdict == "solved");
    }
    Ok(side)
}
