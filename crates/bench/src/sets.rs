//! The one puzzle-set type of the workspace, and its one loader: what `compare`, `bench`,
//! `practice --check` and `cargo xtask results` run on. A set is a bundled tier, the bundled
//! boards of a size beyond 9x9, a generated set, or a data file such as the public benchmark
//! sets; each puzzle carries what is known of its answers (a fixture's, or nothing).
//!
//! A puzzle's cells are ASCII in reading order: the standard symbols (`1`-`9`, then `A`-`Z`
//! beyond 9x9) for a given and `.` for a blank. A 9x9 set hands its puzzles to the engines as
//! [`PuzzleBytes`], which is what the fastest solvers take as they are: nothing is converted
//! while a benchmark runs.
//!
//! A data file holds one puzzle per line, 81 characters of `1`-`9` and `.` or `0` (or a board of
//! the size asked for in the line notation). tdoku's `PUZZLE:COUNT[:SOLUTION]` lines are read
//! too (the first 81 characters, when the 82nd is a `:`), and so is a line of fields that
//! `sudoku_harness::file_format::puzzle_field` finds a puzzle in (`name puzzle solution` as
//! `sudoku-kata generate` writes them, CSV's `puzzle,solution`, `id puzzle rating`,
//! `puzzle;rating;...`). A byte order mark, spaces around a line's cells and `\r\n` line ends
//! are tolerated, and blank lines, `#` comment lines (indented or not) and header lines are
//! skipped. Anything else is a [`LoadError`] naming the file, the line, the column and the
//! cause. A line longer than [`MAX_LINE_BYTES`] is an error as soon as that many bytes have been
//! read, so a file without line breaks never has to fit in memory, and so is a file past
//! [`MAX_FILE_BYTES`]. Givens are not checked for clashes: such a puzzle is a puzzle with no
//! solution, and every engine says so.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use sudoku_board::{Grid, GridError, Place};
use sudoku_generator::{ClueTarget, generate};
use sudoku_harness::file_format::{is_comment, puzzle_field, shapes_note};
use sudoku_harness::{LargePuzzle, Puzzle, TIERS, large_puzzles, tier_puzzles};
use thiserror::Error;

/// One 9x9 puzzle as the engines take it: 81 ASCII bytes, `b'1'..=b'9'` givens and `b'.'`
/// blanks.
pub type PuzzleBytes = [u8; 81];

/// A named list of puzzles of one size, measured or compared as one.
#[derive(Clone, Debug)]
pub struct PuzzleSet {
    /// The tier's name, `16x16` for the bundled boards of that size, `generated`, or the data
    /// file's name.
    pub name: String,
    /// The side of its boards: 9, or 16 and 25 beyond 9x9.
    pub side: usize,
    /// The puzzles in order.
    pub puzzles: Vec<SetPuzzle>,
}

/// One puzzle of a set.
#[derive(Clone, Debug)]
pub struct SetPuzzle {
    /// `side * side` ASCII cells in reading order: standard symbols, `.` for a blank.
    pub cells: Box<[u8]>,
    /// What is known of its answers.
    pub known: Known,
}

/// What is known of a puzzle's answers before it is solved.
#[derive(Clone, Copy, Debug)]
pub enum Known {
    /// A bundled 9x9 puzzle: its fixture says (a unique solution, several, or none).
    Fixture(&'static Puzzle),
    /// A bundled board beyond 9x9: its fixture says.
    Large(&'static LargePuzzle),
    /// A generated puzzle or a file's: nothing is stored.
    Nothing,
}

impl PuzzleSet {
    /// How the puzzle at `index` is named in messages: `tier/name`, or `NAME #N` for the N-th
    /// puzzle of a file or a generated set.
    pub fn id(&self, index: usize) -> String {
        match self.puzzles[index].known {
            Known::Fixture(puzzle) => puzzle.id(),
            Known::Large(puzzle) => puzzle.id(),
            Known::Nothing => format!("{} #{}", self.name, index + 1),
        }
    }

    /// Every 9x9 puzzle of the set, as the engines take them (a set of another size has none).
    pub fn boards(&self) -> Vec<PuzzleBytes> {
        (self.puzzles.iter())
            .filter_map(|puzzle| PuzzleBytes::try_from(&*puzzle.cells).ok())
            .collect()
    }

    /// The bundled boards `side` cells wide (`fixtures/large/`), as one set named by the size:
    /// empty for a size without bundled boards.
    pub fn large(side: usize) -> PuzzleSet {
        let puzzles = (large_puzzles(side).iter()).map(|large| SetPuzzle {
            cells: large.board.to_line().into_bytes().into(),
            known: Known::Large(large),
        });
        PuzzleSet {
            name: format!("{side}x{side}"),
            side,
            puzzles: puzzles.collect(),
        }
    }

    /// A set of 9x9 puzzles given as bytes, known by nothing but their cells.
    pub fn from_boards(name: &str, boards: impl IntoIterator<Item = PuzzleBytes>) -> PuzzleSet {
        let puzzles = boards.into_iter().map(|board| SetPuzzle {
            cells: board.into(),
            known: Known::Nothing,
        });
        PuzzleSet {
            name: name.to_owned(),
            side: 9,
            puzzles: puzzles.collect(),
        }
    }
}

/// The name of the generated set among the bundled ones.
pub const GENERATED: &str = "generated";

/// The environment variable naming the directory that holds the [`PUBLIC_SETS`].
pub const DATA_ENV: &str = "SUDOKU_BENCH_DATA";

/// The public benchmark sets read from the [`DATA_ENV`] directory, by file name. All of them are
/// measured finding a first solution and proving uniqueness; the puzzles of
/// `puzzles7_serg_benchmark` have several solutions each, those of the others one.
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

/// The longest line a data file may have, in bytes. A puzzle line needs 81 (625 for a 25x25
/// board), a tdoku line 165; the margin is for comments nobody writes, the limit for files that
/// are not puzzle files.
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
    let puzzles = tier_puzzles(tier.name).map(|puzzle| SetPuzzle {
        cells: puzzle.board.to_ascii().into(),
        known: Known::Fixture(puzzle),
    });
    Some(PuzzleSet {
        name: tier.name.to_owned(),
        side: 9,
        puzzles: puzzles.collect(),
    })
}

/// `count` minimal puzzles (each with exactly one solution) from the workspace's generator,
/// the same ones for the same `seed` on every machine.
pub fn generated(seed: u64, count: usize) -> PuzzleSet {
    let puzzles = generate(seed, count, ClueTarget::Minimal);
    let boards = puzzles.iter().map(|made| made.puzzle.to_ascii());
    PuzzleSet::from_boards(GENERATED, boards)
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
        .map(|name| load_file(&dir.join(name), 9))
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

/// Loads a data file of boards `side` cells wide (see the module documentation for the format),
/// or stdin for `-`. The set is named after the file, or `<stdin>`.
///
/// # Errors
/// A [`LoadError`] naming the file and, for a bad line, the line, the column and the cause.
pub fn load_file(path: &Path, side: usize) -> Result<PuzzleSet, LoadError> {
    let (name, puzzles) = if path == Path::new("-") {
        let name = "<stdin>".to_owned();
        let puzzles = read_puzzles(&name, side, io::stdin().lock())?;
        (name, puzzles)
    } else {
        let source = path.display().to_string();
        let file = File::open(path).map_err(|error| LoadError {
            source_name: source.clone(),
            problem: FileProblem::Read(error),
        })?;
        let puzzles = read_puzzles(&source, side, BufReader::new(file))?;
        let name = path
            .file_name()
            .map_or(source, |name| name.to_string_lossy().into_owned());
        (name, puzzles)
    };
    let puzzles = puzzles.into_iter().map(|cells| SetPuzzle {
        cells,
        known: Known::Nothing,
    });
    Ok(PuzzleSet {
        name,
        side,
        puzzles: puzzles.collect(),
    })
}

/// Reads data-file lines of boards `side` cells wide from `reader`, each puzzle's cells as
/// [`SetPuzzle::cells`] holds them; `source_name` names it in errors.
///
/// # Errors
/// As [`load_file`].
pub fn read_puzzles(
    source_name: &str,
    side: usize,
    reader: impl BufRead,
) -> Result<Vec<Box<[u8]>>, LoadError> {
    let fail = |problem| LoadError {
        source_name: source_name.to_owned(),
        problem,
    };
    let read_error = |error| fail(FileProblem::Read(error));
    // One byte past the bound is read at most: a file that fills it is past it.
    let mut reader = reader.take(MAX_FILE_BYTES + 1);
    let mut puzzles = Vec::new();
    let mut line = Vec::with_capacity(128);
    for number in 1.. {
        line.clear();
        // At most one byte past the limit is read, so an endless line costs 4 KiB, not the file.
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = (&mut reader).take(limit).read_until(b'\n', &mut line);
        if read.map_err(read_error)? == 0 {
            break;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let cells = match text.strip_prefix(BOM) {
            Some(rest) if number == 1 => rest,
            _ => text,
        };
        let header = std::str::from_utf8(cells).is_ok_and(is_comment);
        let comment = cells.trim_ascii_start().starts_with(b"#") || header;
        // A comment is skipped whole, however long, within the file's bound.
        if comment && !line.ends_with(b"\n") {
            reader.skip_until(b'\n').map_err(read_error)?;
        }
        if reader.limit() == 0 {
            return Err(fail(FileProblem::TooLarge));
        }
        if comment {
            continue;
        }
        // Only a line without its line end can be longer than the limit.
        let parsed = if text.len() > MAX_LINE_BYTES {
            Err((
                MAX_LINE_BYTES + 1,
                LineProblem::Other(format!(
                    "the line is longer than {MAX_LINE_BYTES} bytes; a puzzle line holds a board's \
                     cells"
                )),
            ))
        } else {
            parse_line(cells.strip_suffix(b"\r").unwrap_or(cells), side)
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

/// One line without its line end: a board `side` cells wide, `None` for an empty line, or the
/// 1-based column and the problem. A fixture file's line is read by its puzzle, any other line
/// by what it holds between spaces.
fn parse_line(text: &[u8], side: usize) -> Result<Option<Box<[u8]>>, (usize, LineProblem)> {
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
    let cells = if side == 9 {
        parse_cells(puzzle).map(Box::from)
    } else {
        parse_board(puzzle, side)
    };
    cells.map(Some).map_err(|problem| {
        // A line that reads as a board of another size is that board, not a bad line.
        let found =
            std::str::from_utf8(puzzle)
                .ok()
                .and_then(|cells| match Grid::parse(cells, None) {
                    Ok(grid) => Some(grid.side()),
                    Err(GridError::Clash { .. }) => Grid::side_of(cells),
                    Err(_) => None,
                });
        let note = line.map_or("", shapes_note);
        match found.filter(|&found| found != side) {
            Some(found) => (before + 1, LineProblem::OtherSize { found, side }),
            None if !note.is_empty() => {
                let (column, problem) = shift(problem);
                (column, LineProblem::Other(format!("{problem}{note}")))
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
            return Err((
                index + 1,
                LineProblem::Other(format!("the line ends after {index} cells, expected 81")),
            ));
        };
        *slot = match byte {
            b'1'..=b'9' => byte,
            b'.' | b'0' => b'.',
            _ => return Err((index + 1, bad_char(found_at(&text[index..]), DIGITS))),
        };
    }
    match text.get(81) {
        None | Some(b':') => Ok(puzzle),
        Some(_) => Err((
            82,
            LineProblem::Other(format!(
                "found {} after the 81 cells: expected the end of the line, or ':' as in tdoku's \
                 `PUZZLE:COUNT` lines",
                found_at(&text[81..])
            )),
        )),
    }
}

/// A board `side` cells wide in the line notation (`sudoku_board::Grid::parse`), its cells in
/// the standard symbols; givens that clash make a board too (one with no solution). Or the
/// 1-based column and the problem.
fn parse_board(text: &[u8], side: usize) -> Result<Box<[u8]>, (usize, LineProblem)> {
    let Ok(cells) = std::str::from_utf8(text) else {
        let valid = text
            .utf8_chunks()
            .next()
            .map_or(0, |chunk| chunk.valid().len());
        let expected = "a symbol of the board's alphabet, or '.' or '0' for a blank";
        return Err((valid + 1, bad_char(found_at(&text[valid..]), expected)));
    };
    match Grid::parse(cells, None) {
        Ok(grid) if grid.side() == side => Ok(grid.to_line().into_bytes().into()),
        Err(GridError::Clash { .. }) if Grid::side_of(cells) == Some(side) => {
            let line = cells.chars().filter(|cell| !cell.is_whitespace());
            let line: String = line.map(|cell| cell.to_ascii_uppercase()).collect();
            Ok(line.replace('0', ".").into_bytes().into())
        }
        Err(GridError::BadSymbol {
            found,
            at,
            expected,
        }) => {
            let column = match at {
                Place::Text { column, .. } | Place::CellInText { column, .. } => column,
                Place::Cell(_) => 1,
            };
            Err((column, bad_char(format!("{found:?}"), &expected)))
        }
        _ => Err((
            1,
            LineProblem::Other(format!(
                "the line has {} cells, where a {side}x{side} board has {}",
                cells.chars().count(),
                side * side
            )),
        )),
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
    /// The line reads as a board of another size than the set's.
    #[error("a {found}x{found} board, where a {side}x{side} board ({} cells) is wanted", side * side)]
    OtherSize {
        /// The board's side.
        found: usize,
        /// The side of the set's boards.
        side: usize,
    },
    /// Anything else, in words.
    #[error("{0}")]
    Other(String),
}

/// What a 9x9 cell may hold, in words.
const DIGITS: &str = "a digit 1-9, or '.' or '0' for a blank";

/// A character `found` (quoted) where a cell holding `expected` should be.
fn bad_char(found: String, expected: &str) -> LineProblem {
    LineProblem::Other(format!("bad character {found}: expected {expected}"))
}

/// What stands at the start of `text` (which is not empty), as an error names it: a character,
/// or a byte that does not start a UTF-8 character.
fn found_at(text: &[u8]) -> String {
    match (text.utf8_chunks().next()).and_then(|chunk| chunk.valid().chars().next()) {
        Some(found) => format!("{found:?}"),
        None => format!("byte 0x{:02x} (not UTF-8)", text[0]),
    }
}
