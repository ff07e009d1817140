//! The `board_parsers` target: the bytes, as text, into every board parser, and into
//! [`Grid::parse`] for boards of any size.

use sudoku_board::{
    Alphabet, BOX_SIZES, Board, BoardError, Grid, GridError, Place, Unit, is_layout, without_bom,
};

/// A board parser: text in, a board or why not out.
type Reader = fn(&str) -> Result<Board, BoardError>;

/// The parsers of one notation each, by name; [`Board::parse`] picks one of them.
const NOTATIONS: [(&str, Reader); 3] = [
    ("parse_line", Board::parse_line),
    ("parse_grid", Board::parse_grid),
    ("parse_leetcode", Board::parse_leetcode),
];

/// Explicit alphabets [`Grid::parse`] also reads the text in, besides the standard ones:
/// hexadoku's, where `0` is a symbol, and one for 36x36 boards, which need their own.
const ALPHABETS: [&str; 2] = ["0123456789ABCDEF", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/// Feeds the bytes, if they are UTF-8 (the parsers take `&str`; other bytes are `one_puzzle`'s
/// and `bulk_reader`'s business), to [`Board::parse`], [`Board::parse_line`],
/// [`Board::parse_grid`] and [`Board::parse_leetcode`], and asserts:
///
/// - **`parse` picks one notation**: it accepts the text exactly when one of the three others
///   does, with the same board, and no text reads in two notations.
/// - **What parses reads back**: [`Board::to_line`], [`Board::to_grid`] and
///   [`Board::to_leetcode`] read back, through their own parser and through `parse`, to the same
///   board.
/// - **The board is the text's**: a board holds the text's cells in order (`0` and `.` both
///   blank), whatever else the notation wraps them in.
/// - **Errors say something true**: every error renders non-empty; a bad character is not a
///   digit or a blank, and stands in the text at the line and column it names; broken LeetCode
///   notation names the character found there, or the end of the text.
///
/// Then to [`Grid::parse`], in the standard alphabet and in two explicit ones (hexadoku's, and
/// one for 36x36), asserting the same of boards of any size: a grid holds the text's cells and reads back from its line and
/// its grid; a bad symbol is no symbol of the alphabet and stands at the place named; a clash
/// names two cells of the unit it names that hold the symbol.
pub fn board_parsers(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let picked = Board::parse(text);
    check_error("parse", text, &picked);
    let mut accepted = Vec::new();
    for (name, parse) in NOTATIONS {
        let result = parse(text);
        check_error(name, text, &result);
        if let Ok(board) = result {
            reads_back(name, &board);
            let (cells, line) = (cells_as_written(name, text), board.to_line());
            assert_eq!(cells, line, "{name}: the board is not the text's");
            accepted.push(board);
        }
    }
    match picked {
        Ok(board) => assert_eq!(accepted, [board], "parse accepted a text no notation does"),
        Err(error) => assert!(
            accepted.is_empty(),
            "parse refused a text that a notation accepts: {error}"
        ),
    }
    let explicit = ALPHABETS.map(|symbols| Alphabet::new(symbols).expect("a valid alphabet"));
    for alphabet in [None].into_iter().chain(explicit.iter().map(Some)) {
        check_grid(text, alphabet, &Grid::parse(text, alphabet));
    }
}

/// Asserts what [`board_parsers`] promises of `result`, [`Grid::parse`]'s answer to `text` in
/// `alphabet`.
fn check_grid(text: &str, alphabet: Option<&Alphabet>, result: &Result<Grid, GridError>) {
    // `cells_of` strips the one byte order mark the parser strips: from the text as given.
    let cells: Vec<char> = cells_of(text).chars().collect();
    let text = without_bom(text);
    let side = cells.len().isqrt();
    let error = match result {
        Ok(grid) => {
            let values: Vec<_> = cells.iter().map(|&c| grid.alphabet().value(c)).collect();
            let expected: Vec<_> = grid.values().iter().copied().map(Some).collect();
            assert_eq!(values, expected, "Grid::parse: the grid is not the text's");
            for written in [grid.to_line(), grid.to_grid()] {
                let again = Grid::parse(&written, alphabet);
                assert_eq!(again.as_ref(), Ok(grid), "Grid::parse, then:\n{written}");
            }
            return;
        }
        Err(error) => error,
    };
    assert!(!error.to_string().is_empty(), "{error:?} renders empty");
    let used = alphabet.cloned().or_else(|| Alphabet::standard(side));
    let at = |row: u8, col: u8| cells[usize::from(row) * side + usize::from(col)];
    match *error {
        GridError::BadSymbol {
            found,
            at: Place::CellInText { cell, line, column },
            ..
        } => {
            let used = used.expect("symbols are read in an alphabet");
            assert_eq!(used.value(found), None, "{error:?}: a symbol called bad");
            assert_eq!(at(cell.row, cell.col), found, "{error:?}: not that cell");
            let there = placed(text).contains(&((line, column), Some(found)));
            assert!(there, "{error:?}: not what stands there");
        }
        // A line whose length fits no board, or a grid whose first row's width fits none: its
        // first character there that no board could hold.
        GridError::BadSymbol {
            found,
            at: Place::Text { line, column },
            ..
        } => {
            let no_cell = |c: char| {
                !(c == '.' || c.is_ascii_alphanumeric())
                    && alphabet.is_none_or(|a| a.value(c).is_none())
            };
            let a_line = !text.trim().contains('\n');
            let first_row: Vec<char> = if a_line {
                cells.clone()
            } else {
                let rows = text
                    .lines()
                    .map(|row| row.chars().filter(|&c| !is_layout(c)));
                rows.map(Iterator::collect::<Vec<char>>)
                    .find(|row| !row.is_empty())
                    .unwrap_or_default()
            };
            let of_a_board = if a_line {
                BOX_SIZES.clone().any(|b| b.pow(4) == cells.len())
            } else {
                BOX_SIZES.clone().any(|b| b * b == first_row.len())
            };
            assert!(!of_a_board, "{error:?}: a line or a first row of a board");
            let first_no_cell = first_row.iter().copied().find(|&c| no_cell(c));
            assert_eq!(first_no_cell, Some(found), "{error:?}");
            let there = placed(text).contains(&((line, column), Some(found)));
            assert!(there, "{error:?}: not what stands there");
        }
        GridError::Clash {
            symbol,
            unit,
            box_size: b,
            first,
            second,
        } => {
            let used = used.expect("symbols are read in an alphabet");
            let value = used.value(symbol);
            for cell in [first, second] {
                let held = used.value(at(cell.row, cell.col));
                assert_eq!(held, value, "{error:?}: {cell} does not hold {symbol}");
                let in_unit = match unit {
                    Unit::Row(row) => cell.row == row,
                    Unit::Column(col) => cell.col == col,
                    Unit::Box(index) => cell.row / b * b + cell.col / b == index,
                };
                assert!(in_unit, "{error:?}: {cell} is not in the unit");
            }
        }
        _ => {}
    }
}

/// Asserts that `board`, read by `parser`, reads back from every notation it writes.
fn reads_back(parser: &str, board: &Board) {
    let written: [(&str, String, Reader); 3] = [
        ("to_line", board.to_line(), Board::parse_line),
        ("to_grid", board.to_grid(), Board::parse_grid),
        ("to_leetcode", board.to_leetcode(), Board::parse_leetcode),
    ];
    for (writer, text, read) in written {
        assert_eq!(read(&text), Ok(*board), "{parser}, then {writer}:\n{text}");
        let parsed = Board::parse(&text);
        assert_eq!(parsed, Ok(*board), "{parser}, {writer}, parse:\n{text}");
    }
    let line = board.to_line();
    assert_eq!(
        board.givens(),
        line.chars().filter(|&c| c != '.').count(),
        "{parser}: givens() disagrees with to_line: {line}"
    );
}

/// The cells of a text that `parser` accepted, in order, written as [`Board::to_line`] writes
/// them.
fn cells_as_written(parser: &str, text: &str) -> String {
    let cells: String = match parser {
        // Accepted LeetCode notation has quotes around each cell and nowhere else.
        "parse_leetcode" => text.split('"').skip(1).step_by(2).collect(),
        _ => cells_of(text),
    };
    cells.replace('0', ".")
}

/// The cells of a text in the line or the grid notation: the line, or every character of a grid
/// but layout (whitespace and the separators `|`, `-`, `+`).
fn cells_of(text: &str) -> String {
    let content = without_bom(text).trim();
    if !content.contains('\n') {
        return content.to_owned();
    }
    content.chars().filter(|&c| !is_layout(c)).collect()
}

/// Asserts that an error, if `result` is one, renders and names a true place.
fn check_error(parser: &str, text: &str, result: &Result<Board, BoardError>) {
    let Err(error) = result else {
        return;
    };
    assert!(
        !error.to_string().is_empty(),
        "{parser}: {error:?} renders empty"
    );
    // Positions are counted in the text after a leading byte order mark.
    let text = without_bom(text);
    let (line, column, found) = match *error {
        BoardError::BadChar {
            found,
            at: Place::Text { line, column } | Place::CellInText { line, column, .. },
        } => {
            assert!(
                !matches!(found, '1'..='9' | '.' | '0'),
                "{parser}: {error:?}: a cell character called bad"
            );
            (line, column, Some(found))
        }
        BoardError::BadChar { .. } => panic!("{parser}: {error:?}: text has a line and column"),
        BoardError::Malformed {
            line,
            column,
            found,
            ..
        } => (line, column, found),
        _ => return,
    };
    let there = placed(text).contains(&((line, column), found));
    assert!(there, "{parser}: {error:?}: not what stands there");
}

/// The characters of `text` with their line and column (counted from 1, columns in characters,
/// a new line after each `\n`), then `None` with the place just past the end of the text.
fn placed(text: &str) -> Vec<((usize, usize), Option<char>)> {
    let (mut line, mut column) = (1, 1);
    let mut placed = Vec::new();
    for c in text.chars() {
        placed.push(((line, column), Some(c)));
        column += 1;
        if c == '\n' {
            (line, column) = (line + 1, 1);
        }
    }
    placed.push(((line, column), None));
    placed
}

#[cfg(test)]
mod tests {
    use sudoku_board::Cell;

    use super::*;

    #[test]
    fn positions_count_lines_from_1_and_columns_in_characters() {
        let two_lines = placed("ab\né\n");
        let expected = [
            ((1, 1), Some('a')),
            ((1, 2), Some('b')),
            ((1, 3), Some('\n')),
            ((2, 1), Some('é')),
            ((2, 2), Some('\n')),
            ((3, 1), None),
        ];
        assert_eq!(two_lines, expected);
        assert_eq!(placed("ab\né").last(), Some(&((2, 2), None)));
        assert_eq!(placed(""), [((1, 1), None)]);
    }

    #[test]
    #[should_panic(expected = "not what stands there")]
    fn a_bad_character_placed_wrongly_is_a_finding() {
        let wrong = Err(BoardError::BadChar {
            found: 'x',
            at: Place::Text { line: 1, column: 2 },
        });
        check_error("parse_line", "x", &wrong);
    }

    #[test]
    #[should_panic(expected = "not that cell")]
    fn a_bad_symbol_in_the_wrong_cell_is_a_finding() {
        let line = format!("..x{}", ".".repeat(13));
        let wrong = Err(GridError::BadSymbol {
            found: 'x',
            at: Place::CellInText {
                cell: Cell { row: 0, col: 1 },
                line: 1,
                column: 3,
            },
            expected: String::new(),
        });
        check_grid(&line, None, &wrong);
    }
}
