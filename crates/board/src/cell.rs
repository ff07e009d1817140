//! Naming places on the board: a [`Cell`], and the [`Unit`]s (rows, columns
//! and boxes) that the rules of Sudoku talk about.
//!
//! Both are stored counted from 0, because they index arrays, and displayed
//! counted from 1, because people read the messages.

use std::fmt;

/// A cell position, counted from 0: `row` 0 is the top row, `col` 0 the
/// left column.
///
/// The derived ordering is reading order (by row, then by column).
///
/// The fields are public so that a `Cell` is easy to build and to match on.
/// Every cell this crate hands out is on the board; a cell built by hand with
/// a coordinate of 9 or more is *off the board* (see [`Cell::is_on_board`]):
/// [`Board::get`](crate::Board::get) returns `None` for it, and the other
/// methods give meaningless answers for it, but never panic.
///
/// Displays the way a person counts, from 1:
///
/// ```
/// use sudoku_board::Cell;
///
/// assert_eq!(Cell { row: 0, col: 2 }.to_string(), "row 1, column 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0 (top) to 8 (bottom).
    pub row: u8,
    /// The column, from 0 (left) to 8 (right).
    pub col: u8,
}

impl Cell {
    /// Every cell of the board, in reading order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell::from_index)
    }

    /// The position of this cell in reading order, `row * 9 + col`: the
    /// index into [`Board::cells`](crate::Board::cells).
    pub fn index(self) -> usize {
        usize::from(self.row) * 9 + usize::from(self.col)
    }

    /// The cell at `index` in reading order; the inverse of [`Cell::index`].
    ///
    /// An index of 81 or more gives a cell off the board.
    pub fn from_index(index: usize) -> Cell {
        Cell::at(index, 9)
    }

    /// The cell at `index` in reading order on a board `side` cells wide (at most 36).
    pub(crate) fn at(index: usize, side: usize) -> Cell {
        // Saturate rather than wrap, so that a huge index cannot come back
        // round onto the board as some unrelated cell.
        let row = u8::try_from(index / side).unwrap_or(u8::MAX);
        let col = (index % side) as u8; // always below the side, so the cast is exact
        Cell { row, col }
    }

    /// Whether this cell is on the board: row and column both below 9.
    pub fn is_on_board(self) -> bool {
        self.row < 9 && self.col < 9
    }

    /// The three units this cell belongs to on a board whose boxes are `box_size` cells wide:
    /// its row, its column and its box, in that order.
    pub(crate) fn units(self, box_size: usize) -> [Unit; 3] {
        let b = box_size as u8; // 2 to 6
        [
            Unit::Row(self.row),
            Unit::Column(self.col),
            // Saturating, so that an off-board cell built by hand cannot overflow.
            Unit::Box((self.row / b * b).saturating_add(self.col / b)),
        ]
    }
}

/// Displays as its row and its column: `row 1, column 3`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", Unit::Row(self.row), Unit::Column(self.col))
    }
}

/// A unit of the rules: nine cells that must hold nine different digits.
///
/// The index is counted from 0. Boxes are numbered left to right, top to
/// bottom, so box 0 is the top-left 3x3 square and box 8 the bottom-right one.
///
/// Displays counted from 1; a box also names its rows and columns, because
/// nobody remembers how boxes are numbered:
///
/// ```
/// use sudoku_board::Unit;
///
/// assert_eq!(Unit::Row(3).to_string(), "row 4");
/// assert_eq!(Unit::Column(6).to_string(), "column 7");
/// assert_eq!(Unit::Box(4).to_string(), "box 5 (rows 4-6, columns 4-6)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, from 0 (top) to 8 (bottom).
    Row(u8),
    /// A column, from 0 (left) to 8 (right).
    Column(u8),
    /// A 3x3 box, from 0 (top left) to 8 (bottom right).
    Box(u8),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&unit_name(*self, 3))
    }
}

/// `unit` of a board whose boxes are `box_size` cells wide, as [`Unit`] displays it.
pub(crate) fn unit_name(unit: Unit, box_size: u8) -> String {
    match unit {
        // Counted from 1 in a type wide enough that it cannot overflow.
        Unit::Row(row) => format!("row {}", u16::from(row) + 1),
        Unit::Column(col) => format!("column {}", u16::from(col) + 1),
        Unit::Box(index) => {
            let (index, b) = (u16::from(index), u16::from(box_size));
            let (top, left) = (index / b * b + 1, index % b * b + 1);
            let (number, bottom, right) = (index + 1, top + b - 1, left + b - 1);
            format!("box {number} (rows {top}-{bottom}, columns {left}-{right})")
        }
    }
}
