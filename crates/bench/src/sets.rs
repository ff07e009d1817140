//! The puzzle sets a benchmark runs on: the bundled tiers, a generated set, and data files such
//! as the public benchmark sets.
//!
//! Every puzzle is 81 ASCII bytes in reading order, `b'1'..=b'9'` for a given and `b'.'` for a
//! blank (a `b'0'` blank in a file is normalised to `b'.'`), which is what the fastest solvers
//! take as they are: nothing is converted while a benchmark runs.
//!
//! A data file holds one puzzle per line, 81 characters of `1`-`9` and `.` or `0`. tdoku's
//! `PUZZLE:COUNT[:SOLUTION]` lines are read too (the first 81 characters, when the 82nd is a
//! `:`), and so is a line of fields that `sudoku_harness::file_format::puzzle_field` finds a
//! puzzle in (`name puzzle solution` as `sudoku-kata generate` writes them, CSV's
//! `puzzle,solution`, `id puzzle rating`, `puzzle;rating;...`). A byte order mark, spaces around a line's cells and
//! `\r\n` line ends are tolerated, and blank lines, `#` comment lines (indented or not) and
//! header lines are skipped.
//! Anything else is a [`LoadError`] naming the file, the line, the column and the cause. A line
//! longer than [`MAX_LINE_BYTES`] is an error as soon as that many bytes have been read, so a
//! file without line breaks never has to fit in memory, and so is a file past
//! [`MAX_FILE_BYTES`]. Givens are not checked for clashes:
//! such a puzzle is a puzzle with no solution, and every engine says so.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use sudoku_board::{Grid, GridError};
use sudoku_generator::{ClueTarget, generate};
use sudoku_harness::file_format::{is_comment, puzzle_field, shapes_note};
use sudoku_harness::{TIERS, tier_puzzles};
use thiserror::Error;

/// One puzzle: 81 ASCII bytes, `b'1'..=b'9'` givens and `b'.'` blanks.
pub type PuzzleBytes = [u8; 81];

/// A named list of puzzles that a benchmark measures as one pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    /// The tier name, `generated`, or the data file's name.
    pub name: String,
    /// The puzzles in file order.
    pub puzzles: Vec<PuzzleBytes>,
}

/// The name of the generated set among the bundled ones.
pub const GENERATED: &str = "generated";

/// The environment variable naming the directory that holds the [`PUBLIC_SETS`].
pub const DATA_ENV: &str = "SUDOKU_BENCH_DATA";

/// The public benchmark sets read from the [`DATA_ENV`] directory, by file name. All of them are
/// multi-solution sets in the sense that some (or, in `puzzles7_serg_benchmark`, all) puzzles
/// have several solutions, so they are measured finding a first solution and proving uniqueness.
pub const PUBLIC_SETS: [&str; 5] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

/// The most bytes a data file may hold: about 800,000 puzzles, more than any set measured here,
/// and a bound on the memory a file can take, whatever it is (a pipe that never ends too).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The longest line a data file may have, in bytes. A puzzle line needs 81, a tdoku line 165;
/// the margin is for comments nobody writes, the limit for files that are not puzzle files.
pub const MAX_LINE_BYTES: usize = 4096;

/// The names of the bundled sets: every fixture tier, easiest first, then [`GENERATED`].
pub fn bundled_names() -> Vec<&'static str> {
    let tiers = TIERS.iter().map(|tier| tier.name);
    tiers.chain([GENERATED]).collect()
}

/// The bundled set with this name (see [`bundled_names`]). The generated set is generated on
/// each call, which takes a moment: ask for it only when it is used.
pub fn bundled_set(name: &str) -> Option<PuzzleSet> {
    if name == GENERATED {
        // 200 minimal puzzles from a fixed seed, so every run measures the same ones.
        return Some(generated(37, 200));
    }
    let tier = TIERS.iter().find(|tier| tier.name == name)?;
    let puzzles = tier_puzzles(tier.name).map(|puzzle| puzzle.board.to_ascii());
    Some(PuzzleSet {
        name: tier.name.to_owned(),
        puzzles: puzzles.collect(),
    })
}

/// `count` minimal puzzles (each with exactly one solution) from the workspace's generator,
/// the same ones for the same `seed` on every machine.
pub fn generated(seed: u64, count: usize) -> PuzzleSet {
    let puzzles = generate(seed, count, ClueTarget::Minimal);
    PuzzleSet {
        name: GENERATED.to_owned(),
        puzzles: puzzles.iter().map(|made| made.puzzle.to_ascii()).collect(),
    }
}

/// The data directory: the one [`DATA_ENV`] names, or, when it is unset, `data/` in `base` if
/// there is one (where `cargo xtask data` unpacks the public sets); `None` when it is set but
/// empty, or unset with no `data/`. A relative path is taken relative to `base`: `cargo bench`
/// runs a benchmark in its package's directory, so the benchmarks pass the workspace root,
/// where a user typing a relative path stands.
pub fn data_dir(base: &Path) -> Option<PathBuf> {
    match std::env::var_os(DATA_ENV) {
        Some(value) => (!value.is_empty()).then(|| base.join(value)),
        None => Some(base.join("data")).filter(|dir| dir.is_dir()),
    }
}

/// The [`PUBLIC_SETS`] in `dir`, in that order.
///
/// # Errors
/// The first file that is missing or fails to load.
pub fn public_sets(dir: &Path) -> Result<Vec<PuzzleSet>, LoadError> {
    PUBLIC_SETS
        .iter()
        .map(|name| load_file(&dir.join(name)))
        .collect()
}

/// Writes `puzzles` to `path`, one 81-byte line each: a file [`load_file`] (and any solver that
/// reads a puzzle per line) takes back.
///
/// # Errors
/// When the file cannot be written: its path and why.
pub fn write_file(path: &Path, puzzles: &[PuzzleBytes]) -> Result<(), String> {
    let lines: Vec<u8> = (puzzles.iter())
        .flat_map(|puzzle| [&puzzle[..], b"\n"].concat())
        .collect();
    std::fs::write(path, lines).map_err(|error| format!("{}: {error}", path.display()))
}

/// Loads a data file (see the module documentation for the format), or stdin for `-`. The set
/// is named after the file, or `<stdin>`.
///
/// # Errors
/// A [`LoadError`] naming the file and, for a bad line, the line, the column and the cause.
pub fn load_file(path: &Path) -> Result<PuzzleSet, LoadError> {
    if path == Path::new("-") {
        let name = "<stdin>".to_owned();
        let puzzles = read_puzzles(&name, io::stdin().lock())?;
        return Ok(PuzzleSet { name, puzzles });
    }
    let source = path.display().to_string();
    let file = File::open(path).map_err(|error| LoadError {
        source_name: source.clone(),
        problem: FileProblem::Read(error),
    })?;
    let puzzles = read_puzzles(&source, BufReader::new(file))?;
    let name = path.file_name().map_or_else(
        || source.clone(),
        |name| name.to_string_lossy().into_owned(),
    );
    Ok(PuzzleSet { name, puzzles })
}

/// Reads data-file lines from `reader`; `source_name` names it in errors.
///
/// # Errors
/// As [`load_file`].
pub fn read_puzzles(
    source_name: &str,
    mut reader: impl BufRead,
) -> Result<Vec<PuzzleBytes>, LoadError> {
    let fail = |problem| LoadError {
        source_name: source_name.to_owned(),
        problem,
    };
    let mut puzzles = Vec::new();
    let mut line = Vec::with_capacity(128);
    let mut total = 0;
    for number in 1.. {
        line.clear();
        // At most one byte past the limit is read, so an endless line costs 4 KiB, not the file.
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = (&mut reader)
            .take(limit)
            .read_until(b'\n', &mut line)
            .map_err(|error| fail(FileProblem::Read(error)))?;
        if read == 0 {
            break;
        }
        total += read as u64;
        if total > MAX_FILE_BYTES {
            return Err(fail(FileProblem::TooLarge));
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let cells = match text.strip_prefix(BOM) {
            Some(rest) if number == 1 => rest,
            _ => text,
        };
        let header = std::str::from_utf8(cells).is_ok_and(is_comment);
        if cells.trim_ascii_start().starts_with(b"#") || header {
            // A comment is skipped whole, however long, within the file's bound.
            if !line.ends_with(b"\n") {
                total += ((&mut reader).take(MAX_FILE_BYTES + 1 - total))
                    .skip_until(b'\n')
                    .map_err(|error| fail(FileProblem::Read(error)))?
                    as u64;
                if total > MAX_FILE_BYTES {
                    return Err(fail(FileProblem::TooLarge));
                }
            }
            continue;
        }
        // Only a line without its line end can be longer than the limit.
        let parsed = if text.len() > MAX_LINE_BYTES {
            Err((MAX_LINE_BYTES + 1, LineProblem::TooLong))
        } else {
            parse_line(cells.strip_suffix(b"\r").unwrap_or(cells))
        };
        let bad_line = |(column, problem)| {
            fail(FileProblem::BadLine {
                line: number,
                column,
                problem,
            })
        };
        puzzles.extend(parsed.map_err(bad_line)?);
    }
    if puzzles.is_empty() {
        return Err(fail(FileProblem::NoPuzzles));
    }
    Ok(puzzles)
}

const BOM: &[u8] = "\u{feff}".as_bytes();

/// One line without its line end: a puzzle, `None` for an empty line, or the 1-based column
/// and the problem. A fixture file's line is read by its puzzle, any other line by what it holds
/// between spaces.
fn parse_line(text: &[u8]) -> Result<Option<PuzzleBytes>, (usize, LineProblem)> {
    let line = std::str::from_utf8(text).ok();
    let (before, puzzle) = match line.and_then(puzzle_field) {
        Some((before, puzzle)) => (before, puzzle.as_bytes()),
        None if text.trim_ascii().is_empty() => return Ok(None),
        // Spaces around the cells are no part of them, as `solve` reads a line.
        None => (
            text.len() - text.trim_ascii_start().len(),
            text.trim_ascii(),
        ),
    };
    let shift = |(column, problem)| (before + column, problem);
    parse_cells(puzzle).map(Some).map_err(|problem| {
        // A line that reads as a board of another size is that board, not a bad 9x9 line.
        let side =
            std::str::from_utf8(puzzle)
                .ok()
                .and_then(|cells| match Grid::parse(cells, None) {
                    Ok(grid) => Some(grid.side()),
                    Err(GridError::Clash { .. }) => Grid::side_of(cells),
                    Err(_) => None,
                });
        let note = line.map_or("", shapes_note);
        match side.filter(|&side| side != 9) {
            Some(side) => (before + 1, LineProblem::OtherSize { side }),
            None if !note.is_empty() => {
                let (column, problem) = shift(problem);
                let problem = Box::new(problem);
                (column, LineProblem::Fields { problem, note })
            }
            None => shift(problem),
        }
    })
}

/// The 81 cells at the start of `text`, which may go on only with tdoku's `:COUNT`, or the
/// 1-based column and the problem.
fn parse_cells(text: &[u8]) -> Result<PuzzleBytes, (usize, LineProblem)> {
    let mut puzzle = [b'.'; 81];
    for (index, slot) in puzzle.iter_mut().enumerate() {
        let Some(&byte) = text.get(index) else {
            return Err((index + 1, LineProblem::TooShort { cells: index }));
        };
        *slot = match byte {
            b'1'..=b'9' => byte,
            b'.' | b'0' => b'.',
            _ => return Err((index + 1, LineProblem::BadChar(found_at(&text[index..])))),
        };
    }
    match text.get(81) {
        None | Some(b':') => Ok(puzzle),
        Some(_) => Err((82, LineProblem::TrailingText(found_at(&text[81..])))),
    }
}

/// A data file that cannot be used, with the place and the cause.
#[derive(Debug, Error)]
#[error("{source_name}: {problem}")]
pub struct LoadError {
    /// The file, as the user named it.
    pub source_name: String,
    /// What is wrong.
    #[source]
    pub problem: FileProblem,
}

/// What can be wrong with a data file.
#[derive(Debug, Error)]
pub enum FileProblem {
    /// It could not be opened or read.
    #[error("cannot read it: {0}")]
    Read(#[source] io::Error),
    /// It holds more than [`MAX_FILE_BYTES`].
    #[error("it holds more than 64 MiB, more puzzles than a benchmark measures")]
    TooLarge,
    /// It is empty, or holds only blank and comment lines.
    #[error("it holds no puzzle: it is empty or has only blank and comment lines")]
    NoPuzzles,
    /// One line is not a puzzle.
    #[error("line {line}, column {column}: {problem}")]
    BadLine {
        /// The line, counted from 1.
        line: usize,
        /// The column, counted from 1 (after a byte order mark).
        column: usize,
        /// What is wrong there.
        problem: LineProblem,
    },
}

/// What can be wrong with one line of a data file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineProblem {
    /// A character that is neither a digit 1-9 nor a blank: the character, quoted, or the byte
    /// that does not start a UTF-8 character.
    #[error("bad character {0}: expected a digit 1-9, or '.' or '0' for a blank")]
    BadChar(String),
    /// The line ends before its 81st cell.
    #[error("the line ends after {cells} cells, expected 81")]
    TooShort {
        /// How many cells it holds.
        cells: usize,
    },
    /// Something other than tdoku's `:COUNT` follows the 81 cells.
    #[error(
        "found {0} after the 81 cells: expected the end of the line, or ':' as in tdoku's \
         `PUZZLE:COUNT` lines"
    )]
    TrailingText(String),
    /// The line reads as a board of another size than 9x9.
    #[error("a {side}x{side} board, where a 9x9 board (81 cells) is wanted")]
    OtherSize {
        /// The board's side.
        side: usize,
    },
    /// A line of fields none of which is a puzzle: the problem of the line read whole, and
    /// the shapes of line tried ([`shapes_note`]).
    #[error("{problem}{note}")]
    Fields {
        /// The problem of the line read as one puzzle.
        problem: Box<LineProblem>,
        /// The shapes tried.
        note: &'static str,
    },
    /// The line goes on past [`MAX_LINE_BYTES`]: this is not a puzzle file.
    #[error("the line is longer than {MAX_LINE_BYTES} bytes; a puzzle line holds 81 cells")]
    TooLong,
}

/// What stands at the start of `text` (which is not empty), as an error names it: a character,
/// or a byte that does not start a UTF-8 character.
fn found_at(text: &[u8]) -> String {
    match (text.utf8_chunks().next()).and_then(|chunk| chunk.valid().chars().next()) {
        Some(found) => format!("{found:?}"),
        None => format!("byte 0x{:02x} (not UTF-8)", text[0]),
    }
}
