//! The errors of this crate: [`BoardError`] when a board cannot be built,
//! [`CheckError`] when a candidate is not a solution, and [`Place`], which
//! says where a bad character stands.
//!
//! Every message names the place (a cell, a unit, a row, or a line and column
//! of the input text) and the cause. Positions in messages, and the plain
//! `row`, `line` and `column` numbers in these errors, are counted from 1, as
//! a person counts; [`Cell`] and [`Unit`] fields keep their 0-based indices
//! and display counted from 1.

use std::fmt;
use std::time::Duration;

use crate::{Cell, Unit};

/// Why a board could not be built, from text or from cells.
///
/// See the crate documentation for which problem is reported when there are
/// several.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The text holds nothing but whitespace (and maybe a byte order mark).
    #[error("the input is empty: there is nothing in it but whitespace")]
    Empty,

    /// The one-line notation does not hold exactly 81 cells.
    #[error("the line has {}, expected 81", counted(*.found as u64, "cell"))]
    WrongCellCount {
        /// How many cells the line holds.
        found: usize,
    },

    /// The board does not have exactly 9 rows.
    #[error("the board has {}, expected 9", counted(*.found as u64, "row"))]
    WrongRowCount {
        /// How many rows the board has.
        found: usize,
    },

    /// A row does not hold exactly 9 cells.
    #[error("row {row} has {}, expected 9", counted(*.found as u64, "cell"))]
    WrongRowLength {
        /// Which row, counted from 1 (it may be past the ninth).
        row: usize,
        /// How many cells the row holds.
        found: usize,
    },

    /// A character that is neither a digit 1-9 nor a blank ('.' or '0').
    #[error("bad character {found:?} at {at}: expected a digit 1-9, or '.' or '0' for a blank")]
    BadChar {
        /// The character found.
        found: char,
        /// Where it stands.
        at: Place,
    },

    /// The LeetCode notation is broken: a bracket, quote or comma is missing
    /// or out of place.
    #[error(
        "malformed LeetCode notation at input line {line}, column {column}: \
         expected {expected}, found {}",
        .found.map_or("the end of the text".to_owned(), |found| format!("{found:?}"))
    )]
    Malformed {
        /// The input line, counted from 1.
        line: usize,
        /// The column in that line, counted from 1, in characters (not bytes).
        column: usize,
        /// What would have been correct there, in words.
        expected: &'static str,
        /// The character found instead, or `None` at the end of the text.
        found: Option<char>,
    },

    /// A cell value outside 0-9, given to [`Board::from_cells`](crate::Board::from_cells).
    #[error("{cell} holds {value}, but a cell must be 0 (blank) or a digit 1-9")]
    ValueOutOfRange {
        /// The cell.
        cell: Cell,
        /// The value it holds.
        value: u8,
    },

    /// The same digit is given twice in one row, column or box, so the
    /// puzzle has no solution.
    #[error("digit {digit} is given twice in {unit}: at {first} and at {second}")]
    DuplicateGiven {
        /// The repeated digit, 1-9.
        digit: u8,
        /// The unit holding both.
        unit: Unit,
        /// The first of the two cells, in reading order.
        first: Cell,
        /// The second of the two cells, in reading order.
        second: Cell,
    },
}

/// Why a candidate is not a solution of a puzzle; see
/// [`check_solution`](crate::check_solution).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The candidate does not have exactly 9 rows.
    #[error("the solution has {}, expected 9", counted(*.found as u64, "row"))]
    WrongRowCount {
        /// How many rows it has.
        found: usize,
    },

    /// A row of the candidate does not hold exactly 9 cells.
    #[error("row {row} of the solution has {}, expected 9", counted(*.found as u64, "cell"))]
    WrongRowLength {
        /// Which row, counted from 1.
        row: usize,
        /// How many cells it holds.
        found: usize,
    },

    /// A cell was left blank ('.' or '0').
    #[error("{cell} is still blank")]
    Blank {
        /// The cell.
        cell: Cell,
    },

    /// A cell holds something other than a digit 1-9 or a blank.
    #[error("{cell} holds {found:?}, which is not a digit 1-9")]
    NotADigit {
        /// The cell.
        cell: Cell,
        /// The character it holds.
        found: char,
    },

    /// A cell given in the puzzle was changed.
    #[error("{cell} holds {found:?}, but the puzzle gives {given} there")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The digit the puzzle gives, 1-9.
        given: u8,
        /// The character the candidate holds instead.
        found: char,
    },

    /// A digit appears twice in one row, column or box.
    #[error("digit {digit} appears twice in {unit}: at {first} and at {second}")]
    Repeated {
        /// The repeated digit, 1-9.
        digit: u8,
        /// The unit holding both.
        unit: Unit,
        /// The first of the two cells, in reading order.
        first: Cell,
        /// The second of the two cells, in reading order.
        second: Cell,
    },
}

/// Where a bad character stands: on the board, in the input text, or both.
///
/// ```
/// use sudoku_board::{Cell, Place};
///
/// let cell = Cell { row: 2, col: 4 };
/// assert_eq!(Place::Cell(cell).to_string(), "row 3, column 5");
/// assert_eq!(
///     Place::Text { line: 2, column: 90 }.to_string(),
///     "input line 2, column 90"
/// );
/// assert_eq!(
///     Place::CellInText { cell, line: 4, column: 9 }.to_string(),
///     "row 3, column 5 (input line 4, column 9)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// A cell of a board given in memory, where there is no text.
    Cell(Cell),
    /// A position in the text that is not a cell of the board: past the
    /// ninth row or column, or between cells.
    Text {
        /// The input line, counted from 1.
        line: usize,
        /// The column in that line, counted from 1, in characters (not bytes).
        column: usize,
    },
    /// A cell of the board, at this position of the text. Both are given
    /// because, in a grid with separators or in a single 81-character line,
    /// neither is easy to work out from the other.
    CellInText {
        /// The cell of the board.
        cell: Cell,
        /// The input line, counted from 1.
        line: usize,
        /// The column in that line, counted from 1, in characters (not bytes).
        column: usize,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Cell(cell) => write!(f, "{cell}"),
            Place::Text { line, column } => write!(f, "input line {line}, column {column}"),
            Place::CellInText { cell, line, column } => {
                write!(f, "{cell} (input line {line}, column {column})")
            }
        }
    }
}

/// `n` things, in words: `1 cell`, `2 cells`, `1,000 cells` for `counted(n, "cell")`. Every
/// message of the workspace that counts something says it this way.
pub fn counted(n: u64, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{} {noun}{s}", group_thousands(n))
}

/// A time in three significant figures, in the largest unit where it is at least 1 once
/// rounded; below a microsecond, in whole nanoseconds. Every message of the workspace that
/// gives a measured time, or the budget it is held to, says it this way.
///
/// ```
/// use std::time::Duration;
/// use sudoku_board::format_duration;
///
/// let us = Duration::from_micros;
/// assert_eq!(format_duration(Duration::from_nanos(1_500)), "1.50 µs");
/// assert_eq!(format_duration(us(12_340)), "12.3 ms");
/// assert_eq!(format_duration(us(250_000)), "250 ms");
/// assert_eq!(format_duration(Duration::from_millis(3_456)), "3.46 s");
/// // Rounding up never gives four figures, nor 1,000 of a unit.
/// assert_eq!(format_duration(us(999_700)), "1.00 s");
/// assert_eq!(format_duration(us(9_996_000)), "10.0 s");
/// assert_eq!(format_duration(us(99_996_000)), "100 s");
/// assert_eq!(format_duration(Duration::from_nanos(4)), "4 ns");
/// assert_eq!(format_duration(Duration::ZERO), "0 ns");
/// ```
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    for (unit, scale) in [("s", 1.0), ("ms", 1e3), ("µs", 1e6)] {
        let value = seconds * scale;
        if value >= 0.9995 {
            let decimals = match value {
                v if v >= 99.95 => 0,
                v if v >= 9.995 => 1,
                _ => 2,
            };
            return format!("{value:.decimals$} {unit}");
        }
    }
    format!("{} ns", duration.as_nanos())
}

/// `1234567` as `1,234,567`: counts that span orders of magnitude stay readable.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() * 4 / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}
