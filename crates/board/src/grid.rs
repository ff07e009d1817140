//! Boards of any box size: [`Grid`], from 4x4 up to 36x36, written in an [`Alphabet`].
//!
//! [`Board`] is LeetCode's 9x9 and the fast path of every 9x9 tool. A `Grid` follows the same
//! rules on `n` by `n` cells in boxes of `b` by `b` (`n = b * b`, `b` from 2 to 6): 16x16
//! "hexadoku", 25x25, and 36x36 with an explicit alphabet. Its size comes from the text.
//!
//! ```
//! use sudoku_board::{Alphabet, Grid};
//!
//! // A 4x4 board on one line: 16 cells, values 1-4.
//! let grid = Grid::parse("1...3....4.....2", None)?;
//! assert_eq!((grid.box_size(), grid.side(), grid.givens()), (2, 4, 4));
//! assert!(grid.to_grid().starts_with("1 . | . .\n3 . | . .\n----+----\n"));
//!
//! // 16x16 boards use 1-9 then A-G by default; `--alphabet`-style files name their own.
//! let hex = Alphabet::new("0123456789ABCDEF")?;
//! let line = format!("0{}", ".".repeat(255));
//! let grid = Grid::parse(&line, Some(&hex))?;
//! assert_eq!(grid.values()[0], 1);
//! assert_eq!(grid.to_line(), line);
//! # Ok::<(), sudoku_board::GridError>(())
//! ```
//!
//! # Notations and errors
//!
//! One line of `n * n` cells in reading order, or `n` lines of `n` cells where spaces and the
//! separators `|`, `-` and `+` stand anywhere (what [`Grid::to_grid`] writes). A cell is a
//! symbol of the alphabet (ASCII letters in either case), or `.` for a blank (and `0` while
//! `n <= 9` and `0` is no symbol). The size is read first (the number of cells on the line, or
//! row 1's length, then each row's, then the number of rows), then the symbols in reading
//! order, then the rules; the first problem met is the one reported, with its place.

use std::fmt;

use crate::cell::unit_name;
use crate::error::counted;
use crate::parse::{Scanner, TextPosition, is_layout, without_bom};
use crate::render::write_grid;
use crate::rules::first_clash;
use crate::{Board, Cell, Place, Unit};

/// The box sizes a [`Grid`] may have: 2 (4x4) to 6 (36x36).
pub const BOX_SIZES: std::ops::RangeInclusive<usize> = 2..=6;

/// The standard symbols in value order: `1`-`9`, then `A`-`Z`.
const STANDARD: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The symbols a [`Grid`] is written in: `symbols[v - 1]` writes value `v`; `.` is the blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alphabet {
    symbols: Vec<char>,
}

impl Alphabet {
    /// The standard alphabet for `side` values: `1`-`9` then `A`, `B`, ... (`1`-`9`,`A`-`G` for
    /// 16x16). `None` for a side of more than 35, which needs an explicit alphabet.
    pub fn standard(side: usize) -> Option<Alphabet> {
        (side <= STANDARD.len()).then(|| Alphabet {
            symbols: STANDARD.chars().take(side).collect(),
        })
    }

    /// An explicit alphabet, such as `0123456789ABCDEF` for hexadoku files: one symbol per
    /// value, as many as a board has values in a row (4, 9, 16, 25 or 36).
    ///
    /// # Errors
    ///
    /// [`GridError::AlphabetLength`], [`GridError::AlphabetSymbol`] for `.`, `#`, whitespace, a
    /// grid separator or the byte order mark (skipped where a text opens with it), and
    /// [`GridError::AlphabetRepeat`] for a symbol named twice (ignoring case).
    pub fn new(symbols: &str) -> Result<Alphabet, GridError> {
        let symbols: Vec<char> = symbols.chars().collect();
        if box_size_of_side(symbols.len()).is_none() {
            return Err(GridError::AlphabetLength {
                found: symbols.len(),
            });
        }
        for (index, &symbol) in symbols.iter().enumerate() {
            if ['.', '#', '\u{feff}'].contains(&symbol) || is_layout(symbol) {
                return Err(GridError::AlphabetSymbol { symbol });
            }
            if symbols[..index]
                .iter()
                .any(|s| s.eq_ignore_ascii_case(&symbol))
            {
                return Err(GridError::AlphabetRepeat { symbol });
            }
        }
        Ok(Alphabet { symbols })
    }

    /// How many values the alphabet writes: the side of its boards.
    pub fn side(&self) -> usize {
        self.symbols.len()
    }

    /// How `value` is written: `.` for 0, its symbol for 1 to [`Alphabet::side`], `?` past it.
    pub fn symbol(&self, value: u8) -> char {
        match value {
            0 => '.',
            value => *self.symbols.get(usize::from(value) - 1).unwrap_or(&'?'),
        }
    }

    /// The value written `c`: 0 for a blank, 1 to [`Alphabet::side`] for a symbol (ASCII letters in
    /// either case).
    pub fn value(&self, c: char) -> Option<u8> {
        if c == '.' {
            return Some(0);
        }
        match self.symbols.iter().position(|s| s.eq_ignore_ascii_case(&c)) {
            Some(index) => u8::try_from(index + 1).ok(),
            None => (c == '0' && self.side() <= 9).then_some(0),
        }
    }

    /// What a cell may hold, in words, for an error message.
    fn expected(&self) -> String {
        let zero = if self.value('0') == Some(0) {
            " or '0'"
        } else {
            ""
        };
        let symbols: String = self.symbols.iter().collect();
        format!("one of {symbols:?}, or '.'{zero} for a blank")
    }
}

/// A board of `n` by `n` cells in boxes of `b` by `b`, whose givens never clash: each cell 0 for
/// a blank or a value 1 to `n`, with the [`Alphabet`] it is written in.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    box_size: usize,
    /// The values in reading order.
    cells: Vec<u8>,
    alphabet: Alphabet,
}

impl Grid {
    /// Reads a grid in either notation (see the module documentation), in `alphabet`, or in
    /// the standard one for its size when `None`.
    ///
    /// # Errors
    ///
    /// The first problem met, with its place: see [`GridError`].
    pub fn parse(text: &str, alphabet: Option<&Alphabet>) -> Result<Grid, GridError> {
        // Trimming the end leaves the places of everything before it as they were.
        let mut scanner = Scanner::new(text.trim_end()).map_err(|_| GridError::Empty)?;
        scanner.skip_whitespace();
        let is_grid = without_bom(text).trim().contains('\n');
        // Each cell with its place in the text, in rows that end at a '\n'. Only a grid has
        // layout: inside a line, whitespace or a separator is a bad character.
        let placed: Vec<_> = scanner
            .filter(|&(_, c)| !is_grid || c == '\n' || !is_layout(c))
            .collect();
        let mut rows: Vec<_> = placed.split(|&(_, c)| c == '\n').collect();
        // Where the first row's size fits no board, a character no board could hold says more.
        let no_cell = |row: &[(TextPosition, char)], size: GridError| {
            let no_cell = |c: char| {
                !(c == '.' || c.is_ascii_alphanumeric())
                    && alphabet.is_none_or(|alphabet| alphabet.value(c).is_none())
            };
            match row.iter().find(|&&(_, c)| no_cell(c)) {
                Some(&(at, found)) => GridError::BadSymbol {
                    found,
                    at: at.place(None),
                    expected: alphabet.map_or_else(
                        || "a symbol (1-9, A-Z), or '.' for a blank".to_owned(),
                        Alphabet::expected,
                    ),
                },
                None => size,
            }
        };
        if is_grid {
            rows.retain(|row| !row.is_empty());
            let side = rows.first().map_or(0, |row| row.len());
            if box_size_of_side(side).is_none() {
                let row = rows.first().copied().unwrap_or_default();
                return Err(no_cell(row, GridError::FirstRowLength { found: side }));
            }
            if let Some((index, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != side) {
                let (row, found) = (index + 1, row.len());
                return Err(GridError::RowLength { row, found, side });
            }
            if rows.len() != side {
                let found = rows.len();
                return Err(GridError::RowCount { found, side });
            }
        } else if side_of_cells(rows[0].len()).is_none() {
            let found = rows[0].len();
            return Err(no_cell(rows[0], GridError::CellCount { found }));
        }
        let cells = rows.concat();
        let side = cells.len().isqrt();
        let alphabet = alphabet_for(side, alphabet)?;
        let values = cells.iter().enumerate().map(|(index, &(at, found))| {
            alphabet.value(found).ok_or_else(|| GridError::BadSymbol {
                found,
                at: at.place(Some(Cell::at(index, side))),
                expected: alphabet.expected(),
            })
        });
        Grid::from_values(values.collect::<Result<_, _>>()?, Some(&alphabet))
    }

    /// The side of the board `text` is written as, judged by its first row (the whole line, in
    /// the line notation) as [`Grid::parse`] reads it: `None` when the text is blank or that row
    /// fits no board. Tells a 9x9 board, which [`Board`] reads, from the others without reading
    /// it all.
    ///
    /// ```
    /// use sudoku_board::Grid;
    ///
    /// assert_eq!(Grid::side_of(&".".repeat(256)), Some(16));
    /// assert_eq!(Grid::side_of("1 2 | 3 4\n3 4 | 1 2\n"), Some(4));
    /// assert_eq!(Grid::side_of(&".".repeat(80)), None);
    /// ```
    pub fn side_of(text: &str) -> Option<usize> {
        let content = without_bom(text).trim();
        if !content.contains('\n') {
            return side_of_cells(content.chars().count());
        }
        let cells = |line: &str| line.chars().filter(|&c| !is_layout(c)).count();
        let side = content.lines().map(cells).find(|&cells| cells > 0)?;
        box_size_of_side(side).map(|_| side)
    }

    /// Builds a grid from its values in reading order, 0 for a blank; its size comes from how
    /// many there are.
    ///
    /// # Errors
    ///
    /// [`GridError::CellCount`] when no board has that many cells, [`GridError::NoAlphabet`] or
    /// [`GridError::AlphabetMismatch`], [`GridError::ValueOutOfRange`], then
    /// [`GridError::Clash`] for the first clash in reading order.
    pub fn from_values(cells: Vec<u8>, alphabet: Option<&Alphabet>) -> Result<Grid, GridError> {
        let side = side_of_cells(cells.len()).ok_or(GridError::CellCount { found: cells.len() })?;
        let box_size = side.isqrt();
        let alphabet = alphabet_for(side, alphabet)?;
        if let Some((index, &value)) = (cells.iter().enumerate()).find(|&(_, &v)| v > side as u8) {
            let cell = Cell::at(index, side);
            return Err(GridError::ValueOutOfRange { cell, value, side });
        }
        match first_clash(&cells, box_size) {
            Some((value, unit, first, second)) => Err(GridError::Clash {
                symbol: alphabet.symbol(value),
                unit,
                box_size: box_size as u8,
                first,
                second,
            }),
            None => Ok(Grid {
                box_size,
                cells,
                alphabet,
            }),
        }
    }

    /// Judges a solver's answer to this puzzle, the values of every cell in reading order: the
    /// solved grid, or what is wrong with the answer.
    ///
    /// # Errors
    ///
    /// [`GridError::CellCount`], [`GridError::ValueOutOfRange`], then for the first cell in
    /// reading order [`GridError::GivenChanged`] or [`GridError::Blank`], then
    /// [`GridError::Clash`].
    pub fn solved_by(&self, answer: Vec<u8>) -> Result<Grid, GridError> {
        let found = answer.len();
        if found != self.cells.len() {
            return Err(GridError::CellCount { found });
        }
        let side = self.side();
        for (index, (&given, &value)) in self.cells.iter().zip(&answer).enumerate() {
            let cell = Cell::at(index, side);
            if usize::from(value) > side {
                return Err(GridError::ValueOutOfRange { cell, value, side });
            }
            if given != 0 && given != value {
                let (given, found) = (self.alphabet.symbol(given), self.alphabet.symbol(value));
                return Err(GridError::GivenChanged { cell, given, found });
            }
            if value == 0 {
                return Err(GridError::Blank { cell });
            }
        }
        Grid::from_values(answer, Some(&self.alphabet))
    }

    /// The width of a box, 2 to 6.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The number of cells in a row: the box size squared.
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The values in reading order: 0 for a blank, else 1 to [`Grid::side`].
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The alphabet the grid is written in.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// How many cells hold a value.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&value| value != 0).count()
    }

    /// The line notation, `.` for a blank; [`Grid::parse`] reads it back.
    pub fn to_line(&self) -> String {
        self.symbols().collect()
    }

    /// The readable grid, the same text as [`Display`](fmt::Display): symbols separated by
    /// spaces, boxes by `|` and lines of `-`, as [`Board::to_grid`] lays out a 9x9 board.
    pub fn to_grid(&self) -> String {
        self.to_string()
    }

    /// The symbols of the cells in reading order, `.` for a blank.
    fn symbols(&self) -> impl Iterator<Item = char> + '_ {
        self.cells.iter().map(|&value| self.alphabet.symbol(value))
    }
}

/// A 9x9 [`Board`] as a grid in the standard alphabet.
impl From<Board> for Grid {
    fn from(board: Board) -> Grid {
        Grid {
            box_size: 3,
            cells: board.cells().to_vec(),
            alphabet: Alphabet::standard(9).expect("nine symbols"),
        }
    }
}

/// Writes the grid of [`Grid::to_grid`].
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.symbols(), self.box_size)
    }
}

/// Debugs as the line notation, far easier to read than hundreds of numbers.
impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Grid").field(&self.to_line()).finish()
    }
}

/// How many cells a board has, as messages say it.
pub const BOARD_CELLS: &str =
    "a board has 16, 81, 256, 625 or 1,296 cells (4x4, 9x9, 16x16, 25x25 or 36x36)";

/// Why a [`Grid`] or an [`Alphabet`] could not be built, or an answer is no solution. Places
/// are counted from 1 in messages, as for [`BoardError`](crate::BoardError).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The text holds nothing but whitespace.
    #[error("the input is empty: there is nothing in it but whitespace")]
    Empty,
    /// A line (or a list of values) whose length is no board's.
    #[error("the line has {}, but {BOARD_CELLS}", counted(*.found as u64, "cell"))]
    CellCount {
        /// How many cells it has.
        found: usize,
    },
    /// The first row of a grid is no board's width.
    #[error(
        "row 1 has {}, but a row has 4, 9, 16, 25 or 36 cells",
        counted(*.found as u64, "cell")
    )]
    FirstRowLength {
        /// How many cells it has.
        found: usize,
    },
    /// A row of a grid is not as wide as the first.
    #[error("row {row} has {}, expected {side} as row 1 has", counted(*.found as u64, "cell"))]
    RowLength {
        /// The row, counted from 1.
        row: usize,
        /// How many cells it has.
        found: usize,
        /// How many row 1 has.
        side: usize,
    },
    /// A grid with not as many rows as cells in a row.
    #[error("the board has {}, expected {side} as its rows are {side} wide", counted(*.found as u64, "row"))]
    RowCount {
        /// How many rows it has.
        found: usize,
        /// How many cells a row has.
        side: usize,
    },
    /// A character that is no symbol of the alphabet and no blank.
    #[error("bad character {found:?} at {at}: expected {expected}")]
    BadSymbol {
        /// The character.
        found: char,
        /// Where it stands.
        at: Place,
        /// What the cell may hold, in words.
        expected: String,
    },
    /// A board too big for the standard alphabet, read without one.
    #[error(
        "a {side}x{side} board needs an alphabet of {side} symbols (such as \
         --alphabet 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ): the standard one, 1-9 then A-Z, \
         has 35"
    )]
    NoAlphabet {
        /// The board's side.
        side: usize,
    },
    /// An alphabet for another size of board.
    #[error("the alphabet has {symbols} symbols, but the board is {side}x{side}")]
    AlphabetMismatch {
        /// How many symbols the alphabet has.
        symbols: usize,
        /// The board's side.
        side: usize,
    },
    /// An alphabet of a length no board has.
    #[error("the alphabet has {found} symbols, but a board has 4, 9, 16, 25 or 36")]
    AlphabetLength {
        /// How many symbols it has.
        found: usize,
    },
    /// An alphabet naming a symbol twice.
    #[error("the alphabet holds {symbol:?} twice (symbols are read in either case)")]
    AlphabetRepeat {
        /// The symbol.
        symbol: char,
    },
    /// An alphabet holding a character that cannot be a symbol.
    #[error(
        "the alphabet holds {symbol:?}, which cannot be a symbol: '.' is the blank, '#' starts \
         a comment line, whitespace, '|', '-' and '+' lay out grids, and a byte order mark \
         opening a text is skipped"
    )]
    AlphabetSymbol {
        /// The character.
        symbol: char,
    },
    /// A value above the side, in values given by a program.
    #[error("{cell} holds {value}, but values go from 1 to {side} (0 for a blank)")]
    ValueOutOfRange {
        /// The cell.
        cell: Cell,
        /// The value.
        value: u8,
        /// The board's side.
        side: usize,
    },
    /// A symbol twice in a row, a column or a box.
    #[error(
        "symbol {symbol} appears twice in {}: at {first} and at {second}",
        unit_name(*.unit, *.box_size)
    )]
    Clash {
        /// The repeated symbol.
        symbol: char,
        /// The unit holding both.
        unit: Unit,
        /// The board's box size, which places its boxes.
        box_size: u8,
        /// The first of the two cells, in reading order.
        first: Cell,
        /// The second.
        second: Cell,
    },
    /// An answer that leaves a cell blank.
    #[error("{cell} is still blank")]
    Blank {
        /// The cell.
        cell: Cell,
    },
    /// An answer that changes a given.
    #[error("{cell} holds {found}, but the puzzle gives {given} there")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given symbol.
        given: char,
        /// The symbol the answer holds.
        found: char,
    },
}

/// The box size of boards `side` cells wide, if there is one.
fn box_size_of_side(side: usize) -> Option<usize> {
    BOX_SIZES.clone().find(|b| b * b == side)
}

/// The side of a board of `cells` cells, if some board has that many.
fn side_of_cells(cells: usize) -> Option<usize> {
    let side = cells.isqrt();
    (side * side == cells && box_size_of_side(side).is_some()).then_some(side)
}

/// The alphabet of a board `side` wide: `given`, which must fit, or the standard one.
fn alphabet_for(side: usize, given: Option<&Alphabet>) -> Result<Alphabet, GridError> {
    match given {
        Some(alphabet) if alphabet.side() != side => Err(GridError::AlphabetMismatch {
            symbols: alphabet.side(),
            side,
        }),
        Some(alphabet) => Ok(alphabet.clone()),
        None => Alphabet::standard(side).ok_or(GridError::NoAlphabet { side }),
    }
}
