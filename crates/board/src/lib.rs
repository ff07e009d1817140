//! Parse, render, validate and check Sudoku boards: LeetCode's 9x9, and any box size from
//! 4x4 to 36x36.
//!
//! This is the toolkit that every solver of the `sudoku-kata` workspace and
//! its test harness share. It knows nothing about solving: it reads boards,
//! writes them, and judges answers.
//!
//! - [`Board`] is a 9x9 board whose givens never clash: every way of
//!   building one checks that.
//! - [`Board::parse`] reads any of the three notations below, and
//!   [`Board::to_line`], [`Board::to_grid`] and [`Board::to_leetcode`]
//!   write them.
//! - [`Board::from_rows`] and [`Board::to_rows`] convert to and from
//!   LeetCode's in-memory `Vec<Vec<char>>`.
//! - [`check_solution`] says whether a solver's answer solves a puzzle, and
//!   if not, where and why; [`solved_board`] is its quick yes or no for an
//!   answer in bytes.
//! - [`render_rows`] shows whatever a solver handed back, even garbage, for
//!   the message of a failing test.
//! - [`Grid`] is a board of any box size from 2 to 6 (4x4, 9x9, 16x16, 25x25,
//!   36x36) in an [`Alphabet`]: it parses, validates, renders and judges
//!   answers the same way, with [`GridError`] naming the place and cause.
//!
//! # Example
//!
//! ```
//! use sudoku_board::{Board, Cell, CheckError, check_solution};
//!
//! // LeetCode 37's example, in the line notation.
//! let puzzle: Board =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! assert_eq!(puzzle.givens(), 30);
//! assert_eq!(puzzle.get(Cell { row: 0, col: 1 }), Some(3));
//!
//! // A solver works on LeetCode's shape...
//! let mut rows = puzzle.to_rows();
//! rows[0][2] = '4';
//!
//! // ...and the answer is judged, with a message that says where and why.
//! let error = check_solution(&puzzle, &rows).unwrap_err();
//! assert_eq!(error, CheckError::Blank { cell: Cell { row: 0, col: 3 } });
//! assert_eq!(error.to_string(), "row 1, column 4 is still blank");
//!
//! // Boards print as a grid.
//! assert!(puzzle.to_string().starts_with("5 3 . | . 7 . | . . .\n"));
//! # Ok::<(), sudoku_board::BoardError>(())
//! ```
//!
//! # Notations
//!
//! In all three, a cell is a digit `1`-`9`, or `.` or `0` for a blank, a
//! leading byte order mark (U+FEFF) is skipped, and line ends may be `\n` or
//! `\r\n`.
//!
//! - **Line** ([`Board::parse_line`]): 81 cells in reading order, on one
//!   line.
//!
//!   ```text
//!   53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//!   ```
//!
//! - **Grid** ([`Board::parse_grid`]): 9 lines of 9 cells. Spaces and the
//!   separators `|`, `-` and `+` may stand anywhere, and lines holding no
//!   cell at all are skipped, so what [`Board::to_grid`] writes reads back:
//!
//!   ```text
//!   5 3 . | . 7 . | . . .
//!   6 . . | 1 9 5 | . . .
//!   . 9 8 | . . . | . 6 .
//!   ------+-------+------
//!   ...
//!   ```
//!
//! - **LeetCode** ([`Board::parse_leetcode`]): the `board` argument as
//!   LeetCode prints it, with whitespace and line breaks allowed between any
//!   two tokens:
//!
//!   ```text
//!   [["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],...]
//!   ```
//!
//! # Conventions
//!
//! - [`Cell`]s and [`Unit`]s are counted from 0, because they index arrays,
//!   and display counted from 1, because people read the messages: the
//!   top-left cell is `Cell { row: 0, col: 0 }`, shown as `row 1, column 1`.
//! - A blank is `'.'` or `'0'`, in every notation and in `Vec<Vec<char>>`
//!   input; the two may be mixed. Output always writes `'.'`.
//! - Only the ASCII digits `'1'`-`'9'` are digits: look-alikes such as
//!   `'５'` are reported as bad characters.
//!
//! # Which problem is reported
//!
//! Every function returns only the first problem it finds, so the order is
//! part of the contract:
//!
//! - **Text** is read once, front to back, and the first problem met wins: a
//!   bad character or broken notation where it stands, a row of the wrong
//!   length at the end of that row, the wrong number of rows (or cells, for
//!   the line notation) at the end of the text.
//! - **Rows in memory** ([`Board::from_rows`], [`check_solution`]) have a
//!   shape known before any cell is read, so the number of rows comes first,
//!   then the first row of the wrong length, then the cells in reading
//!   order.
//! - **The rules** come last: clashing givens (or, for [`check_solution`],
//!   repeated digits) are only looked for in a board that is otherwise well
//!   formed, and the first cell in reading order that repeats a digit of its
//!   row, column or box (looked at in that order) is reported, with the
//!   earlier cell it repeats.

mod board;
mod cell;
mod check;
mod error;
mod grid;
mod parse;
mod render;
mod rules;

pub use board::Board;
pub use cell::{Cell, Unit};
pub use check::{check_solution, solved_board};
pub use error::{BoardError, CheckError, Place, counted, format_duration, group_thousands};
pub use grid::{Alphabet, BOARD_CELLS, BOX_SIZES, Grid, GridError};
pub use parse::{is_layout, without_bom};
pub use render::{render_rows, rows_of};
