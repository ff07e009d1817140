//! `trace`: records how rungs search one puzzle and writes a page that replays them side by
//! side, in the browser.
//!
//! Each rung runs through its `solve_visiting`, which shows the board at every search call (on
//! a board other than 9x9, of box size 2 to 5, its `solve_grid_visiting`: only the rungs that
//! take any box size trace those, and by default all of them are traced). A
//! step of the page is one such call: the cells whose digit changed since the call before
//! (placed, changed or cleared on backtracking), so the page can rebuild any step's board. After
//! the last call comes the board the rung handed back. Past `--max-events` calls only the count
//! goes on; a rung still searching after `--budget` seconds is left running and its panel keeps
//! the calls recorded by then, and says so (the process ends once the page is written).
//!
//! The page is one file, with its script, style and data inline: nothing is fetched, so it opens
//! from disk. Each panel carries `data-approach`, `data-steps` (the steps in the page) and
//! `data-board` (the board shown, a character a cell); opening it with `#end` shows every
//! panel's last step.

use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use sudoku_board::Grid;
use sudoku_board::{counted, format_duration};
use sudoku_fixtures::{APPROACHES, Approach, approach};
use sudoku_harness::{TIERS, within_budget};
use sudoku_kata::input::one_puzzle::{
    Puzzle, Source, looks_like_a_name, parse_input, read_argument,
};

use crate::names::{approach_names, seconds};

/// The rungs traced when none is named: row-major backtracking, the fewest candidates first,
/// exact cover, and propagation on bitboards.
const DEFAULT_APPROACHES: [&str; 4] = ["bitmask-lowbit", "mrv-heap", "dancing-links", "bitboard"];

/// The page, with `/*DATA*/` where the recorded searches go.
const PAGE: &str = include_str!("../templates/trace.html");

/// Options of `trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The puzzle: a fixture's name (`leetcode/example`, `adversarial/wikipedia-brute-force`,
    /// `16x16/generated-s16-1`), a file holding one puzzle (`-` for stdin), or the puzzle itself
    /// in any notation `check` reads, 4x4 to 25x25.
    puzzle: String,
    /// A rung to trace (repeat for several, side by side in this order). By default
    /// bitmask-lowbit, mrv-heap, dancing-links and bitboard; on a 4x4, 16x16 or 25x25 board,
    /// which only the rungs that take any box size trace, those rungs.
    #[arg(long = "approach", value_name = "NAME", value_parser = approach_names())]
    approaches: Vec<String>,
    /// Where to write the page; `-` is stdout.
    #[arg(long, value_name = "PATH", default_value = "trace.html")]
    out: PathBuf,
    /// The most search calls a panel keeps; past them only the count goes on.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    max_events: usize,
    /// How long a rung may search before its panel shows what it recorded so far.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = seconds)]
    budget: Duration,
}

/// Runs `trace`: checks that the page can go where it is asked to, reads the puzzle (failing
/// before anything runs, with `check`'s message), traces each rung, and writes the page.
pub fn run(args: &TraceArgs) -> crate::Fallible<ExitCode> {
    // A page that cannot be written is said before the rungs run, not after.
    let to_stdout = args.out == Path::new("-");
    if !to_stdout {
        sudoku_kata::written::unwritable(&args.out)?;
    }
    let puzzle = read_puzzle(&args.puzzle)?;
    let any_size = |a: &&Approach| a.solve_grid_visiting.is_some();
    let approaches: Vec<&Approach> = match (&puzzle, args.approaches.is_empty()) {
        (Puzzle::Board(_), true) => DEFAULT_APPROACHES
            .iter()
            .filter_map(|&n| approach(n))
            .collect(),
        (Puzzle::Grid(_), true) => APPROACHES.iter().filter(any_size).collect(),
        _ => (args.approaches.iter())
            .map(|name| approach(name).expect("clap checked the name"))
            .collect(),
    };
    let only_9x9 = approaches.iter().find(|a| !any_size(a));
    if let (Puzzle::Grid(grid), Some(only_9x9)) = (&puzzle, only_9x9) {
        let names: Vec<&str> = APPROACHES.iter().filter(any_size).map(|a| a.name).collect();
        let (name, side, names) = (only_9x9.name, grid.side(), names.join(" and "));
        return Err(format!("{name} traces 9x9 boards only; {names} take {side}x{side}").into());
    }
    let mut traces = Vec::with_capacity(approaches.len());
    for approach in approaches {
        let trace = record(approach, &puzzle, args.max_events, args.budget);
        errln!("{}: {}", approach.name, trace.summary(args.budget));
        traces.push(trace);
    }
    let data = serde_json::to_string(&traces).expect("plain data serialises");
    let page = PAGE
        .replace("/*PUZZLE*/", &line(&puzzle))
        .replace("/*DATA*/", &data);
    if to_stdout {
        out!("{page}");
        return Ok(ExitCode::SUCCESS);
    }
    std::fs::write(&args.out, page)
        .map_err(|error| format!("cannot write {}: {error}", args.out.display()))?;
    outln!("wrote {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}

/// The puzzle named by `text`: a fixture, a file, or the puzzle itself.
fn read_puzzle(text: &str) -> Result<Puzzle, String> {
    if let Some(puzzle) = sudoku_harness::puzzle(text) {
        return Ok(Puzzle::Board(puzzle.board));
    }
    let mut large = [16, 25].into_iter().flat_map(sudoku_harness::large_puzzles);
    if let Some(found) = large.find(|large| large.id() == text) {
        return Ok(Puzzle::Grid(found.board.clone()));
    }
    let (bytes, source) = read_argument(Some(text.as_ref()))?;
    parse_input(&bytes, None).map_err(|error| {
        // A 36x36 line reads as no board without an alphabet of 36 symbols: its size says more.
        if let Some(side) = Grid::side_of(&String::from_utf8_lossy(&bytes)).filter(|&s| s > 25) {
            return format!("trace replays boards up to 25x25, and this one is {side}x{side}");
        }
        match source {
            Source::File => return format!("{text}: {error}"),
            Source::Argument if looks_like_a_name(text) => {}
            _ => return error.to_string(),
        }
        let tiers = TIERS.map(|tier| tier.name).join(", ");
        format!(
            "no fixture or file is called {text} (a fixture is named tier/name, such as \
             leetcode/example; the tiers: {tiers}, 16x16, 25x25), and as a puzzle: {error}"
        )
    })
}

/// The puzzle in the line notation, `.` for a blank.
fn line(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::Board(board) => board.to_line(),
        Puzzle::Grid(grid) => grid.to_line(),
    }
}

/// One rung's search as the page replays it (serialised into the page as JSON).
#[derive(Default, Serialize)]
struct Trace {
    /// The rung.
    approach: &'static str,
    /// Per recorded search call, the cells that changed since the call before: each change the
    /// cell as two digits (three on a board of more than 100 cells), then its new character (a
    /// symbol or `.`), steps separated by `,`.
    steps: String,
    /// How many search calls `steps` holds (one that changed nothing is an empty step).
    recorded: u64,
    /// Every search call, recorded or not; `None` when the budget ran out first.
    calls: Option<u64>,
    /// The board handed back, when the search ended within the budget.
    result: Option<String>,
    /// Whether the search panicked (its message is on stderr) before the budget ran out.
    panicked: bool,
}

/// A board as the page shows it, a character a cell.
type Cells<'a> = &'a mut dyn Iterator<Item = char>;

/// Runs `approach`'s visiting search on `puzzle`, showing `visit` each board it enters with, and
/// returns the board it hands back.
fn solve(approach: &Approach, puzzle: &Puzzle, visit: &mut dyn FnMut(Cells)) -> String {
    match puzzle {
        Puzzle::Board(board) => {
            let mut rows = board.to_rows();
            (approach.solve_visiting)(&mut rows, &mut |board| {
                visit(&mut board.iter().flatten().copied())
            });
            rows.iter().flatten().collect()
        }
        Puzzle::Grid(grid) => {
            let symbol = |v: &u8| grid.alphabet().symbol(*v);
            let mut cells = grid.values().to_vec();
            let solve = approach
                .solve_grid_visiting
                .expect("run checked the rung takes any box size");
            solve(grid.box_size(), &mut cells, &mut |shown| {
                visit(&mut shown.iter().map(symbol))
            });
            cells.iter().map(symbol).collect()
        }
    }
}

/// Traces `approach` on `puzzle` in a thread of its own, waiting for it at most `budget`. The
/// steps are shared as they are recorded, so that a search past the budget keeps all it made.
fn record(approach: &'static Approach, puzzle: &Puzzle, cap: usize, budget: Duration) -> Trace {
    // The steps so far and how many they are; `None` once taken, which ends the recording.
    let shared = Arc::new(Mutex::new(Some((String::new(), 0u64))));
    let mut shown: Vec<char> = line(puzzle).chars().collect();
    let (puzzle, cap, recording) = (puzzle.clone(), cap as u64, Arc::clone(&shared));
    let search = move || {
        let mut calls = 0u64;
        let result = solve(approach, &puzzle, &mut |board| {
            calls += 1;
            if calls > cap {
                return;
            }
            if let Some((steps, recorded)) = &mut *lock(&recording) {
                if calls > 1 {
                    steps.push(',');
                }
                write_changes(steps, &mut shown, board);
                *recorded = calls;
            }
        });
        (calls, result)
    };
    let ended = panic::catch_unwind(AssertUnwindSafe(|| within_budget(budget, search)));
    let (steps, recorded) = lock(&shared).take().unwrap_or_default();
    let panicked = ended.is_err();
    let (calls, result) = ended.ok().and_then(Result::ok).unzip();
    Trace {
        approach: approach.name,
        steps,
        recorded,
        calls,
        result,
        panicked,
    }
}

/// The value behind `mutex`, even if the search panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes to `steps` the cells of `board` that differ from `shown`, which is brought up to date.
fn write_changes(steps: &mut String, shown: &mut [char], board: Cells) {
    let width = if shown.len() > 100 { 3 } else { 2 };
    for (cell, now) in board.enumerate() {
        if shown[cell] != now {
            shown[cell] = now;
            write!(steps, "{cell:0width$}{now}").expect("a String takes every write");
        }
    }
}

impl Trace {
    /// One line for the terminal; `budget` is the one the search was given.
    fn summary(&self, budget: Duration) -> String {
        let budget = format_duration(budget);
        let kept = match self.recorded {
            0 => "no search call".to_owned(),
            recorded => format!("the first {}", counted(recorded, "search call")),
        };
        match self.calls {
            Some(calls) if calls > self.recorded => {
                format!("{}; the page keeps {kept}", counted(calls, "search call"))
            }
            Some(calls) => counted(calls, "search call"),
            None if self.panicked => format!("the search panicked; the page keeps {kept}"),
            None => format!("still searching after {budget}; the page keeps {kept}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Enters its search twice, then panics.
    fn panics_on_its_second_call(board: &mut [Vec<char>], visit: &mut dyn FnMut(&[Vec<char>])) {
        visit(board);
        visit(board);
        panic!("a bug in the rung");
    }

    static PANICKING: Approach = Approach {
        name: "panicking",
        idea: "",
        hints: &[],
        solve: |_| {},
        solve_counting_calls: |_| 0,
        solve_visiting: panics_on_its_second_call,
        solutions: None,
        solve_grid_visiting: None,
    };

    #[test]
    fn a_search_that_panics_keeps_its_steps_and_the_page_is_told() {
        let example = sudoku_harness::puzzle("leetcode/example").expect("a bundled fixture");
        let puzzle = Puzzle::Board(example.board);
        let trace = record(&PANICKING, &puzzle, 100, Duration::from_secs(30));
        assert_eq!(
            trace.summary(Duration::from_secs(30)),
            "the search panicked; the page keeps the first 2 search calls"
        );
        let data = serde_json::to_value(&trace).expect("plain data serialises");
        assert_eq!(data["panicked"], true);
        assert_eq!(
            (data["recorded"].as_u64(), data["steps"].as_str()),
            (Some(2), Some(","))
        );
        assert!(
            data["calls"].is_null() && data["result"].is_null(),
            "{data}"
        );
    }
}
