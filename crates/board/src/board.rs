//! The [`Board`] type: 81 cells whose givens never clash, with its
//! constructors from memory and its accessors.
//!
//! Reading text is in [`parse`](crate::parse), writing it in
//! [`render`](crate::render).

use std::fmt;

use crate::rules::first_clash;
use crate::{BoardError, Cell, Place};

/// A 9x9 Sudoku board: each cell is 0 for a blank or a digit 1-9.
///
/// **Invariant:** no digit is given twice in any row, column or box. Every
/// constructor checks this, so a `Board` is always a puzzle that might have
/// a solution, and a complete `Board` is a solved one.
///
/// Build one from text with [`Board::parse`] (or [`str::parse`]), from
/// LeetCode's `Vec<Vec<char>>` with [`Board::from_rows`], or from numbers
/// with [`Board::from_cells`]. It displays as a readable grid (see
/// [`Board::to_grid`]) and debugs as its one-line notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The cells in reading order; see [`Cell::index`]. Seen by the crate for
    /// [`solved_board`](crate::solved_board), the one builder outside this module, which skips
    /// [`Board::from_cells`] for a grid it has checked: every unit a permutation of 1-9.
    pub(crate) cells: [u8; 81],
}

impl Board {
    /// The board with every cell blank.
    pub const EMPTY: Board = Board { cells: [0; 81] };

    /// Builds a board from its 81 cells in reading order, 0 for a blank.
    ///
    /// # Errors
    ///
    /// [`BoardError::ValueOutOfRange`] for the first value above 9 (in
    /// reading order), then [`BoardError::DuplicateGiven`] for the first
    /// clash between givens.
    ///
    /// ```
    /// use sudoku_board::{Board, BoardError, Cell, Unit};
    ///
    /// let mut cells = [0; 81];
    /// cells[0] = 5;
    /// cells[80] = 5; // same digit, but no unit in common: fine
    /// assert_eq!(Board::from_cells(cells)?.givens(), 2);
    ///
    /// cells[1] = 5;
    /// assert_eq!(
    ///     Board::from_cells(cells),
    ///     Err(BoardError::DuplicateGiven {
    ///         digit: 5,
    ///         unit: Unit::Row(0),
    ///         first: Cell { row: 0, col: 0 },
    ///         second: Cell { row: 0, col: 1 },
    ///     })
    /// );
    /// # Ok::<(), BoardError>(())
    /// ```
    pub fn from_cells(cells: [u8; 81]) -> Result<Board, BoardError> {
        if let Some((index, &value)) = cells.iter().enumerate().find(|&(_, &value)| value > 9) {
            let cell = Cell::from_index(index);
            return Err(BoardError::ValueOutOfRange { cell, value });
        }
        if let Some((digit, unit, first, second)) = first_clash(&cells, 3) {
            return Err(BoardError::DuplicateGiven {
                digit,
                unit,
                first,
                second,
            });
        }
        Ok(Board { cells })
    }

    /// Builds a board from LeetCode's in-memory shape: 9 rows of 9 chars,
    /// each a digit `'1'`-`'9'`, or `'.'` (or `'0'`) for a blank.
    ///
    /// # Errors
    ///
    /// The shape is known before any cell is read, so it is checked first:
    /// [`BoardError::WrongRowCount`], then [`BoardError::WrongRowLength`] for
    /// the first row (from the top) of the wrong length. Then
    /// [`BoardError::BadChar`] for the first bad character in reading order,
    /// and finally [`BoardError::DuplicateGiven`] for the first clash.
    pub fn from_rows(rows: &[Vec<char>]) -> Result<Board, BoardError> {
        match wrong_shape(rows) {
            Some((None, found)) => return Err(BoardError::WrongRowCount { found }),
            Some((Some(row), found)) => return Err(BoardError::WrongRowLength { row, found }),
            None => {}
        }
        let mut cells = [0; 81];
        // The shape is now known to be 9x9, so the flattened characters line
        // up with the cells one to one.
        for (cell, &found) in Cell::all().zip(rows.iter().flatten()) {
            let at = Place::Cell(cell);
            cells[cell.index()] = cell_value(found).ok_or(BoardError::BadChar { found, at })?;
        }
        Board::from_cells(cells)
    }

    /// The board in LeetCode's in-memory shape: 9 rows of 9 chars, `'.'` for
    /// a blank. [`Board::from_rows`] reads it back.
    pub fn to_rows(&self) -> Vec<Vec<char>> {
        crate::rows_of(self.cells.map(cell_char), 9)
    }

    /// The board as 81 ASCII bytes in reading order, `b'.'` for a blank: the byte form the
    /// engine (`sudoku-engine`) reads.
    pub fn to_ascii(&self) -> [u8; 81] {
        // Arithmetic rather than `cell_char`'s table: a few vector instructions for the board,
        // on `solve`'s path for every line.
        self.cells
            .map(|value| if value == 0 { b'.' } else { b'0' + value })
    }

    /// The 81 cells in reading order (see [`Cell::index`]): 0 for a blank,
    /// or a digit 1-9.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The digit in `cell`, or `None` if it is blank (or off the board).
    pub fn get(&self, cell: Cell) -> Option<u8> {
        let value = cell.is_on_board().then(|| self.cells[cell.index()]);
        value.filter(|&value| value != 0)
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&value| value != 0).count()
    }

    /// Whether no cell is blank. Since givens never clash, a complete board
    /// is a solved one.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&value| value != 0)
    }
}

/// How `rows` fail to be LeetCode's 9 rows of 9 cells, the number of rows first, then the first
/// row (from the top) of the wrong length: `(None, rows)`, or `(Some(row), cells)` with the row
/// counted from 1. `None` for the right shape.
pub(crate) fn wrong_shape(rows: &[Vec<char>]) -> Option<(Option<usize>, usize)> {
    if rows.len() != 9 {
        return Some((None, rows.len()));
    }
    let (index, row) = rows.iter().enumerate().find(|(_, row)| row.len() != 9)?;
    Some((Some(index + 1), row.len()))
}

/// Debugs as the one-line notation, `Board("53..7....6..…")`: far easier to
/// read in a failed assertion than 81 numbers.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Board").field(&self.to_line()).finish()
    }
}

/// The value of a cell written as `c`: a digit 1-9, or 0 for a blank, which
/// is written `'.'` or `'0'`. `None` for any other character.
///
/// Every notation shares this one alphabet. Only ASCII digits count, so
/// look-alikes such as `'５'` (fullwidth) or `'٣'` (Arabic-Indic) are
/// rejected rather than read as numbers.
pub(crate) fn cell_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        // ASCII, so `c as u8` is its exact code.
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// How a cell value, 0-9 as a board holds, is written: `'.'` for a blank, else its digit.
pub(crate) fn cell_char(value: u8) -> char {
    char::from(b".123456789"[usize::from(value)])
}
