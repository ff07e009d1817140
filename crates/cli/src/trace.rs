//! `trace`: records how rungs search one puzzle and writes a page that replays them side by
//! side, in the browser.
//!
//! Each rung runs through its `solve_visiting`, which shows the board at every search call. A
//! step of the page is one such call: the cells whose digit changed since the call before
//! (placed, changed or cleared on backtracking), so the page can rebuild any step's board. After
//! the last call comes the board the rung handed back. Past `--max-events` calls only the count
//! goes on; a rung still searching after `--budget` seconds is left running and its panel says
//! so (the process ends once the page is written).
//!
//! The page is one file, with its script, style and data inline: nothing is fetched, so it opens
//! from disk. Each panel carries `data-approach`, `data-steps` (the steps in the page) and
//! `data-board` (the board shown, 81 characters); opening it with `#end` shows every panel's
//! last step.

use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;
use sudoku_board::Board;
use sudoku_fixtures::{APPROACHES, Approach};
use sudoku_kata::input::one_puzzle::{Puzzle, parse_input, read_capped};

use crate::names::{approach_names, seconds};

/// The rungs traced when none is named: row-major backtracking, the fewest candidates first,
/// exact cover, and propagation on bitboards.
const DEFAULT_APPROACHES: [&str; 4] = ["bitmask-lowbit", "mrv-heap", "dancing-links", "bitboard"];

/// The page, with `/*DATA*/` where the recorded searches go.
const PAGE: &str = include_str!("../templates/trace.html");

/// Options of `trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The puzzle: a fixture's name (`leetcode/example`, `adversarial/wikipedia-brute-force`),
    /// a file holding one puzzle, or the puzzle itself in any notation `check` reads.
    #[arg(value_name = "PUZZLE")]
    puzzle: String,
    /// A rung to trace (repeat for several, side by side in this order). By default
    /// bitmask-lowbit, mrv-heap, dancing-links and bitboard.
    #[arg(long = "approach", value_name = "NAME", value_parser = approach_names())]
    approaches: Vec<String>,
    /// Where to write the page.
    #[arg(long, value_name = "PATH", default_value = "trace.html")]
    out: PathBuf,
    /// The most search calls a panel keeps; past them only the count goes on.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    max_events: usize,
    /// How long a rung may search before its panel shows what it recorded so far.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = seconds)]
    budget: Duration,
}

/// Runs `trace`: reads the puzzle (failing before anything runs, with `check`'s message), traces
/// each rung, and writes the page.
pub fn run(args: &TraceArgs) -> Result<ExitCode, Box<dyn Error>> {
    let board = read_puzzle(&args.puzzle)?;
    let names: Vec<&str> = if args.approaches.is_empty() {
        DEFAULT_APPROACHES.to_vec()
    } else {
        args.approaches.iter().map(String::as_str).collect()
    };
    let mut traces = Vec::with_capacity(names.len());
    for name in names {
        let approach = APPROACHES.iter().find(|a| a.name == name);
        let approach = approach.expect("clap checked the name");
        let trace = record(approach, &board, args.max_events, args.budget);
        eprintln!("{name}: {}", trace.summary(args.budget));
        traces.push(trace);
    }
    let data = serde_json::to_string(&traces).expect("plain data serialises");
    let page = PAGE
        .replace("/*PUZZLE*/", &board.to_line())
        .replace("/*DATA*/", &data);
    std::fs::write(&args.out, page)
        .map_err(|error| format!("cannot write {}: {error}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}

/// The puzzle named by `text`: a fixture, a file, or the puzzle itself.
fn read_puzzle(text: &str) -> Result<Board, String> {
    if let Some(puzzle) = sudoku_harness::puzzle(text) {
        return Ok(puzzle.board);
    }
    let path = std::path::Path::new(text);
    let bytes = if path.is_file() {
        let file = std::fs::File::open(path).map_err(|e| format!("{text}: {e}"))?;
        read_capped(file).map_err(|e| format!("{text}: {e}"))?
    } else {
        text.as_bytes().to_vec()
    };
    match parse_input(&bytes, None).map_err(|error| error.to_string())? {
        Puzzle::Board(board) => Ok(board),
        Puzzle::Grid(grid) => Err(format!(
            "trace replays 9x9 boards only, and this one is {0}x{0}",
            grid.side()
        )),
    }
}

/// One rung's search as the page replays it (serialised into the page as JSON).
#[derive(Serialize)]
struct Trace {
    /// The rung.
    approach: &'static str,
    /// Per recorded search call, the cells that changed since the call before: each change three
    /// characters (the cell as two digits, then its new character: `1`-`9` or `.`), steps
    /// separated by `,`.
    steps: String,
    /// How many search calls `steps` holds.
    #[serde(skip)]
    recorded: u64,
    /// Every search call, recorded or not; `None` when the budget ran out first.
    calls: Option<u64>,
    /// The board handed back, when the search ended within the budget.
    result: Option<String>,
}

/// What the search thread sends: the steps and how many they are, once the cap is reached (or
/// at the end), then the totals.
enum Report {
    Steps(String, u64),
    Done { calls: u64, result: String },
}

/// Traces `approach` on `board` in a thread of its own, waiting for it at most `budget`.
fn record(approach: &Approach, board: &Board, cap: usize, budget: Duration) -> Trace {
    let (sender, receiver) = mpsc::channel();
    let solve = approach.solve_visiting;
    let mut rows = board.to_rows();
    let cap = cap as u64;
    let started = Instant::now();
    std::thread::spawn(move || {
        let mut shown: Vec<char> = rows.iter().flatten().copied().collect();
        let mut steps = String::new();
        let mut calls = 0u64;
        solve(&mut rows, &mut |board| {
            calls += 1;
            if calls <= cap {
                if calls > 1 {
                    steps.push(',');
                }
                write_changes(&mut steps, &mut shown, board);
                if calls == cap {
                    let _ = sender.send(Report::Steps(std::mem::take(&mut steps), cap));
                }
            }
        });
        if calls < cap {
            let _ = sender.send(Report::Steps(steps, calls));
        }
        let result = rows.iter().flatten().collect();
        let _ = sender.send(Report::Done { calls, result });
    });
    let mut trace = Trace {
        approach: approach.name,
        steps: String::new(),
        recorded: 0,
        calls: None,
        result: None,
    };
    while let Some(left) = budget.checked_sub(started.elapsed()) {
        match receiver.recv_timeout(left) {
            Ok(Report::Steps(steps, recorded)) => (trace.steps, trace.recorded) = (steps, recorded),
            Ok(Report::Done { calls, result }) => {
                (trace.calls, trace.result) = (Some(calls), Some(result));
                break;
            }
            Err(_) => break,
        }
    }
    trace
}

/// Writes to `steps` the cells of `board` that differ from `shown`, which is brought up to date.
fn write_changes(steps: &mut String, shown: &mut [char], board: &[Vec<char>]) {
    for (cell, &now) in board.iter().flatten().enumerate() {
        if shown[cell] != now {
            shown[cell] = now;
            write!(steps, "{cell:02}{now}").expect("a String takes every write");
        }
    }
}

impl Trace {
    /// One line for the terminal; `budget` is the one the search was given.
    fn summary(&self, budget: Duration) -> String {
        match self.calls {
            Some(calls) if calls > self.recorded => format!(
                "{calls} search calls; the page keeps the first {}",
                self.recorded
            ),
            Some(1) => "1 search call".to_owned(),
            Some(calls) => format!("{calls} search calls"),
            None => format!(
                "still searching after {:.1} s; the page keeps the first {} search calls",
                budget.as_secs_f64(),
                self.recorded
            ),
        }
    }
}
