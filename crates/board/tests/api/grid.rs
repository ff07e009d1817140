//! Boards of any box size: reading, writing and judging a [`Grid`], and every error with the
//! message a person reads.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_board::{Alphabet, Board, Cell, Grid, GridError, Place, Unit};

use crate::fixtures::PUZZLE_LINE;

/// A solved board of box size `b`: the classic pattern, each band a shift of the one above.
fn solved(b: usize) -> Vec<u8> {
    let n = b * b;
    (0..n * n)
        .map(|i| {
            let (row, col) = (i / n, i % n);
            ((b * (row % b) + row / b + col) % n + 1) as u8
        })
        .collect()
}

/// [`solved`] with every third cell blank.
fn puzzle(b: usize) -> Vec<u8> {
    let mut cells = solved(b);
    cells.iter_mut().step_by(3).for_each(|cell| *cell = 0);
    cells
}

fn cell(row: u8, col: u8) -> Cell {
    Cell { row, col }
}

#[rstest]
fn line_and_grid_notations_read_back_what_they_write(#[values(2, 3, 4, 5)] b: usize) {
    let grid = Grid::from_values(puzzle(b), None).unwrap();
    assert_eq!((grid.box_size(), grid.side()), (b, b * b));
    assert_eq!(grid.to_line().len(), b.pow(4));
    assert_eq!(Grid::parse(&grid.to_line(), None).unwrap(), grid);
    assert_eq!(Grid::parse(&grid.to_grid(), None).unwrap(), grid);
    // Symbols read in either case.
    let lower = grid.to_line().to_lowercase();
    assert_eq!(Grid::parse(&lower, None).unwrap(), grid);
}

#[test]
fn a_9x9_grid_reads_and_writes_as_a_board_does() {
    let board = Board::parse_line(PUZZLE_LINE).unwrap();
    let grid = Grid::parse(PUZZLE_LINE, None).unwrap();
    assert_eq!(Grid::from(board), grid);
    assert_eq!(grid.to_grid(), board.to_grid());
    assert_eq!(grid.to_line(), board.to_line());
    assert_eq!(grid.givens(), board.givens());
}

#[test]
fn a_16x16_grid_uses_1_to_9_then_a_to_g() {
    let grid = Grid::from_values(solved(4), None).unwrap();
    assert_eq!(&grid.to_line()[..16], "123456789ABCDEFG");
    let text = grid.to_grid();
    let rows: Vec<&str> = text.lines().take(5).collect();
    assert_eq!(
        rows,
        [
            "1 2 3 4 | 5 6 7 8 | 9 A B C | D E F G",
            "5 6 7 8 | 9 A B C | D E F G | 1 2 3 4",
            "9 A B C | D E F G | 1 2 3 4 | 5 6 7 8",
            "D E F G | 1 2 3 4 | 5 6 7 8 | 9 A B C",
            "--------+---------+---------+--------",
        ]
    );
}

#[test]
fn an_explicit_alphabet_reads_hexadoku_and_writes_it_back() {
    let hex = Alphabet::new("0123456789abcdef").unwrap();
    let grid = Grid::from_values(solved(4), Some(&hex)).unwrap();
    assert!(grid.to_line().starts_with("0123456789abcdef4567"));
    assert_eq!(
        Grid::parse(&grid.to_line().to_uppercase(), Some(&hex)).unwrap(),
        grid
    );
    // '0' is a symbol there, so only '.' is a blank.
    assert_eq!(hex.value('0'), Some(1));
    assert_eq!(hex.value('.'), Some(0));
}

#[test]
fn a_36x36_board_needs_an_explicit_alphabet() {
    let line = ".".repeat(1296);
    assert_eq!(
        Grid::parse(&line, None).unwrap_err().to_string(),
        "a 36x36 board needs an alphabet of 36 symbols (such as --alphabet \
         0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ): the standard one, 1-9 then A-Z, has 35"
    );
    let alphabet = Alphabet::new("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ").unwrap();
    let grid = Grid::from_values(solved(6), Some(&alphabet)).unwrap();
    assert_eq!(Grid::parse(&grid.to_line(), Some(&alphabet)).unwrap(), grid);
}

#[rstest]
#[case::symbol_outside_a_25x25_alphabet(
    &format!("{}Q{}", ".".repeat(30), ".".repeat(594)),
    "bad character 'Q' at row 2, column 6 (input line 1, column 31): expected one of \
     \"123456789ABCDEFGHIJKLMNOP\", or '.' for a blank"
)]
#[case::zero_is_no_blank_past_9x9(
    &format!("{}0", ".".repeat(255)),
    "bad character '0' at row 16, column 16 (input line 1, column 256): expected one of \
     \"123456789ABCDEFG\", or '.' for a blank"
)]
#[case::space_inside_a_line(
    &format!("{} {}", ".".repeat(8), ".".repeat(7)),
    "bad character ' ' at row 3, column 1 (input line 1, column 9): expected one of \"1234\", \
     or '.' or '0' for a blank"
)]
#[case::line_of_ten_thousand_cells(
    &".".repeat(10_000),
    "the line has 10,000 cells, but a board has 16, 81, 256, 625 or 1,296 cells (4x4, 9x9, \
     16x16, 25x25 or 36x36)"
)]
#[case::ragged_grid("1 2 | 3 4\n3 4 | 1\n", "row 2 has 3 cells, expected 4 as row 1 has")]
#[case::grid_short_of_rows(
    "1234\n3412\n",
    "the board has 2 rows, expected 4 as its rows are 4 wide"
)]
#[case::grid_row_of_no_board(
    "12345\n1234\n",
    "row 1 has 5 cells, but a row has 4, 9, 16, 25 or 36 cells"
)]
#[case::header_before_a_grid(
    "Puzzle 1:\n1234\n3412\n2143\n4321\n",
    "bad character ':' at input line 1, column 9: expected a symbol (1-9, A-Z), or '.' for a \
     blank"
)]
#[case::separators_only(
    "--+--\n--+--\n",
    "row 1 has 0 cells, but a row has 4, 9, 16, 25 or 36 cells"
)]
#[case::blank("  \n\t", "the input is empty: there is nothing in it but whitespace")]
fn bad_text_is_named_with_its_place(#[case] text: &str, #[case] message: &str) {
    assert_eq!(Grid::parse(text, None).unwrap_err().to_string(), message);
}

#[test]
fn a_clash_in_a_16x16_board_names_the_symbol_the_box_and_both_cells() {
    let mut cells = vec![0; 256];
    cells[0] = 11; // 'B' at row 1, column 1
    cells[16 + 3] = 11; // and at row 2, column 4: the same box
    let error = Grid::from_values(cells.clone(), None).unwrap_err();
    assert_eq!(
        error,
        GridError::Clash {
            symbol: 'B',
            unit: Unit::Box(0),
            box_size: 4,
            first: cell(0, 0),
            second: cell(1, 3),
        }
    );
    assert_eq!(
        error.to_string(),
        "symbol B appears twice in box 1 (rows 1-4, columns 1-4): at row 1, column 1 and at \
         row 2, column 4"
    );
    let line: String = Grid::from_values(vec![0; 256], None).unwrap().to_line();
    let clash = format!("B{}B{}", &line[1..16 + 3], &line[16 + 4..]);
    assert_eq!(Grid::parse(&clash, None), Err(error));
}

#[rstest]
#[case::alphabet_of_no_size(
    "0123456789",
    "the alphabet has 10 symbols, but a board has 4, 9, 16, 25 or 36"
)]
#[case::repeated_symbol(
    "123A56789abcdefg",
    "the alphabet holds 'a' twice (symbols are read in either case)"
)]
#[case::blank_as_symbol(
    "123.",
    "the alphabet holds '.', which cannot be a symbol: '.' is the blank, '#' starts a comment \
     line, whitespace, '|', '-' and '+' lay out grids, and a byte order mark opening a text is \
     skipped"
)]
// Else a line of puzzles whose first cell is that symbol would read as a comment.
#[case::comment_mark_as_symbol(
    "#123",
    "the alphabet holds '#', which cannot be a symbol: '.' is the blank, '#' starts a comment \
     line, whitespace, '|', '-' and '+' lay out grids, and a byte order mark opening a text is \
     skipped"
)]
// Else a line or grid whose first cell is that symbol would not read back: the mark is skipped.
#[case::byte_order_mark_as_symbol(
    "\u{feff}123",
    "the alphabet holds '\\u{feff}', which cannot be a symbol: '.' is the blank, '#' starts a \
     comment line, whitespace, '|', '-' and '+' lay out grids, and a byte order mark opening a \
     text is skipped"
)]
fn bad_alphabets_say_why(#[case] symbols: &str, #[case] message: &str) {
    assert_eq!(Alphabet::new(symbols).unwrap_err().to_string(), message);
}

#[test]
fn an_alphabet_of_another_size_is_named() {
    let four = Alphabet::new("abcd").unwrap();
    assert_eq!(
        Grid::parse(PUZZLE_LINE, Some(&four))
            .unwrap_err()
            .to_string(),
        "the alphabet has 4 symbols, but the board is 9x9"
    );
}

#[test]
fn answers_are_judged_cell_by_cell_then_by_the_rules() {
    let puzzle = Grid::from_values(puzzle(4), None).unwrap();
    let answer = solved(4);
    assert_eq!(
        puzzle.solved_by(answer.clone()).unwrap().values(),
        &answer[..]
    );

    let with = |index: usize, value: u8| {
        let mut wrong = answer.clone();
        wrong[index] = value;
        puzzle.solved_by(wrong).unwrap_err().to_string()
    };
    assert_eq!(
        with(1, 3),
        "row 1, column 2 holds 3, but the puzzle gives 2 there"
    );
    assert_eq!(with(0, 0), "row 1, column 1 is still blank");
    assert_eq!(
        with(0, 17),
        "row 1, column 1 holds 17, but values go from 1 to 16 (0 for a blank)"
    );
    assert_eq!(
        with(0, 2),
        "symbol 2 appears twice in row 1: at row 1, column 1 and at row 1, column 2"
    );
    assert_eq!(
        puzzle.solved_by(vec![1; 81]).unwrap_err(),
        GridError::CellCount { found: 81 }
    );
}

#[test]
fn bad_symbols_in_a_grid_name_the_cell_and_the_text_place() {
    let error = Grid::parse("1 2 | 3 4\n3 4 | 1 2\n\n2 1 | 4 x\n4 3 | 2 1\n", None).unwrap_err();
    assert_eq!(
        error,
        GridError::BadSymbol {
            found: 'x',
            at: Place::CellInText {
                cell: cell(2, 3),
                line: 4,
                column: 9
            },
            expected: "one of \"1234\", or '.' or '0' for a blank".to_owned(),
        }
    );
}
