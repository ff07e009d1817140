//! `check`: validates one puzzle and says, in words, what is wrong with it, or whether it has no
//! solution, exactly one or several.
//!
//! The verdict is also the exit status, so that scripts can branch on it: 0 for exactly one
//! solution, 1 for an invalid puzzle, none, or a board undecided within the budget, 3 for
//! several (2 stays clap's usage error).
//!
//! Solutions of 9x9 boards are searched by `sudoku-engine`, the tuned solver: it stays fast on
//! every kind of board, the empty one and the ones without a solution included, and it hands back
//! the solutions it finds. Asking it for two is what tells one solution from several. Boards of
//! other sizes (4x4 to 25x25) go to its large-board solver (`sudoku_engine::large`), within
//! `--budget`, in the same way.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use sudoku_board::{Alphabet, Cell, Grid};
use sudoku_engine::Solutions;
use sudoku_harness::file_format::shapes_note;
use sudoku_kata::input::one_puzzle::{
    InputError, Puzzle, Source, looks_like_a_name, parse_input, read_argument,
};
use sudoku_kata::solving::solver::{DEFAULT, ENGINE_GRIDS, grid_solutions};

use crate::names::seconds;

/// How many differing cells the verdict on a puzzle with several solutions names one by one.
const DIFFERENCES_NAMED: usize = 8;

/// Options of `check`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 if the puzzle has exactly one solution, 1 if it is \
                        invalid, has none or is undecided within --budget, 3 if it has several, \
                        2 for a wrong command line."
)]
pub struct CheckArgs {
    /// The puzzle, in any notation: 81 cells on one line, a grid of 9 lines, or LeetCode's
    /// `[["5","3",".",...],...]`. Cells are 1-9, with '.' or '0' for a blank. Other sizes are
    /// told by length: 16, 256 or 625 cells on a line, or 4, 16 or 25 lines (values 1-9 then
    /// A, B, ...). A line starting with '#' (after any indentation) is a comment. A file holding
    /// it is read (a file of that name wins over the puzzle), also one that `generate` wrote of
    /// one puzzle; stdin when left out or given as `-`.
    puzzle: Option<OsString>,
    /// Print solutions on one line instead of as grids.
    #[arg(long)]
    line: bool,
    /// Read the puzzle in these symbols, one per value, such as 0123456789ABCDEF for
    /// hexadoku; '.' is the blank.
    #[arg(long, value_name = "SYMBOLS", value_parser = Alphabet::new)]
    alphabet: Option<Alphabet>,
    /// The most time the search may take on a board beyond 9x9 (9x9 boards take the engine a
    /// moment); past it, check says so and exits 1.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    budget: Duration,
}

/// Runs `check`: prints the verdict on stdout and exits with its status. Only a failure to read
/// the puzzle (or to write stdout) goes to stderr.
pub fn run(args: &CheckArgs) -> crate::Fallible<ExitCode> {
    let (input, source) = read_argument(args.puzzle.as_deref())?;
    let verdict = judge(&input, args.alphabet.as_ref(), args.budget);
    let name = String::from_utf8_lossy(&input);
    // In an alphabet of its own, a puzzle may hold what looks like a name: not one of its symbols.
    let foreign = |c: char| c != '.' && args.alphabet.as_ref().is_none_or(|a| a.value(c).is_none());
    let mut text = match (&verdict, source) {
        // A mistyped file name is named as such, before what it would be as a puzzle.
        (Verdict::Invalid(error), Source::Argument)
            if looks_like_a_name(&name) && name.contains(foreign) =>
        {
            format!("invalid puzzle: no file is called {name}, and as a puzzle: {error}\n")
        }
        // Read from a file: the file is named, as `solve` names it.
        (Verdict::Invalid(error), Source::File) => {
            let path = Path::new(args.puzzle.as_deref().unwrap_or_default());
            format!("invalid puzzle: {}: {error}\n", path.display())
        }
        _ => render(&verdict, args.line),
    };
    // A puzzle of one line whose fields hold none: the shapes of line that were tried.
    let line = std::str::from_utf8(&input).ok().map(str::trim);
    if let (Verdict::Invalid(_), Some(line)) = (&verdict, line.filter(|l| !l.contains('\n'))) {
        text.insert_str(text.len() - 1, shapes_note(line));
    }
    match io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the verdict: {error}").into())
        }
        _ => Ok(verdict.exit_code()),
    }
}

/// What `check` concludes about its input.
#[derive(Debug)]
enum Verdict {
    /// The input is not a puzzle, or its givens clash.
    Invalid(InputError),
    /// A well-formed puzzle whose givens do not clash, but that nothing completes.
    NoSolution,
    /// Exactly one solution.
    Unique(Grid),
    /// At least two solutions: two of them.
    Several(Grid, Grid),
    /// A board no solver here takes (36x36), or one the search could not decide within the
    /// budget: why.
    Undecided(String),
}

impl Verdict {
    fn exit_code(&self) -> ExitCode {
        match self {
            Verdict::Unique(_) => ExitCode::SUCCESS,
            Verdict::Invalid(_) | Verdict::NoSolution | Verdict::Undecided(_) => ExitCode::FAILURE,
            Verdict::Several(..) => ExitCode::from(3),
        }
    }
}

/// The verdict on the raw input, read in `alphabet` if there is one, the search of a board
/// beyond 9x9 given `budget`.
fn judge(input: &[u8], alphabet: Option<&Alphabet>, budget: Duration) -> Verdict {
    let puzzle = match parse_input(input, alphabet) {
        Err(error) => return Verdict::Invalid(error),
        Ok(Puzzle::Board(board)) => Grid::from(board),
        Ok(Puzzle::Grid(grid)) => grid,
    };
    let mut found = match <[u8; 81]>::try_from(puzzle.values()) {
        // A 9x9 board, in any alphabet: the engine's.
        Ok(values) => {
            let solutions = match sudoku_engine::solutions(&values.map(|value| b'0' + value)) {
                Solutions::None => vec![],
                Solutions::Unique(one) => vec![one],
                Solutions::Several(first, second) => vec![first, second],
            };
            // The engine's solutions are complete valid grids with the givens: always judged so.
            let digits = |bytes: &[u8; 81]| bytes.iter().map(|byte| byte - b'0').collect();
            (solutions.iter())
                .filter_map(|bytes| puzzle.solved_by(digits(bytes)).ok())
                .collect()
        }
        Err(_) => match grid_solutions(DEFAULT, Some(ENGINE_GRIDS), &puzzle, 2, budget) {
            Ok(found) => found,
            Err(error) => return Verdict::Undecided(error.to_string()),
        },
    };
    let second = found.pop();
    match (found.pop(), second) {
        (Some(first), Some(second)) => Verdict::Several(first, second),
        (None, Some(one)) => Verdict::Unique(one),
        _ => Verdict::NoSolution,
    }
}

/// The verdict in words, with the solutions as grids or, with `line`, as lines.
fn render(verdict: &Verdict, line: bool) -> String {
    let show = |board: &Grid| {
        if line {
            format!("{}\n", board.to_line())
        } else {
            board.to_grid()
        }
    };
    match verdict {
        Verdict::Invalid(error) => format!("invalid puzzle: {error}\n"),
        Verdict::Undecided(why) => format!("undecided: {why}\n"),
        Verdict::NoSolution => "no solution: no two givens clash, but no way of filling the \
                                blanks keeps every row, column and box free of repeats\n"
            .to_owned(),
        Verdict::Unique(solution) => format!("exactly one solution:\n{}", show(solution)),
        Verdict::Several(first, second) => {
            let solutions = if line {
                format!("{}{}", show(first), show(second))
            } else {
                // Side by side, so that the cells that differ are easy to spot.
                let (left, right) = (first.to_grid(), second.to_grid());
                let rows = left.lines().zip(right.lines());
                rows.map(|(left, right)| format!("{left}    {right}\n"))
                    .collect()
            };
            format!(
                "several solutions; two of them:\n{solutions}they differ in {}\n",
                differences(first, second)
            )
        }
    }
}

/// "4 cells: row 3, column 4 (4 or 2), ...": where two solutions differ, the first few named.
fn differences(first: &Grid, second: &Grid) -> String {
    let side = first.side();
    let symbol = |grid: &Grid, index: usize| grid.alphabet().symbol(grid.values()[index]);
    let differing: Vec<usize> = (0..first.values().len())
        .filter(|&index| first.values()[index] != second.values()[index])
        .collect();
    let name = |index: usize| {
        // A side is at most 36, so both fit a u8.
        let (row, col) = ((index / side) as u8, (index % side) as u8);
        let (one, other) = (symbol(first, index), symbol(second, index));
        format!("{} ({one} or {other})", Cell { row, col })
    };
    let shown = &differing[..differing.len().min(DIFFERENCES_NAMED)];
    let named: Vec<String> = shown.iter().map(|&index| name(index)).collect();
    let more = differing.len() - named.len();
    let and_more = (more > 0).then(|| format!(" and {more} more"));
    let and_more = and_more.unwrap_or_default();
    format!("{} cells: {}{and_more}", differing.len(), named.join("; "))
}
