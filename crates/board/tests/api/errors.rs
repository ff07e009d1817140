//! Every way of building a board that fails, with the exact error and the
//! exact message a person reads.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_board::{Board, BoardError, Cell, Place, Unit};

use crate::fixtures::{PUZZLE_GRID, PUZZLE_LEETCODE, PUZZLE_LINE, rows_of, with_char};

/// The example grid with line `line` (counted from 0, separators included)
/// replaced by `replacement`.
fn grid_with_line(line: usize, replacement: &str) -> String {
    PUZZLE_GRID
        .lines()
        .enumerate()
        .map(|(i, old)| if i == line { replacement } else { old })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The example in LeetCode notation with its `n`th occurrence (counted from
/// 0) of `from` replaced by `to`.
fn leetcode_with(n: usize, from: &str, to: &str) -> String {
    let (index, _) = PUZZLE_LEETCODE
        .match_indices(from)
        .nth(n)
        .expect("the fixture has that many occurrences");
    format!(
        "{}{to}{}",
        &PUZZLE_LEETCODE[..index],
        &PUZZLE_LEETCODE[index + from.len()..]
    )
}

fn cell(row: u8, col: u8) -> Cell {
    Cell { row, col }
}

fn cell_in_text(row: u8, col: u8, line: usize, column: usize) -> Place {
    Place::CellInText {
        cell: cell(row, col),
        line,
        column,
    }
}

fn malformed(
    line: usize,
    column: usize,
    expected: &'static str,
    found: Option<char>,
) -> BoardError {
    BoardError::Malformed {
        line,
        column,
        expected,
        found,
    }
}

#[rstest]
// Empty input.
#[case::empty_text(
    Board::parse(""),
    BoardError::Empty,
    "the input is empty: there is nothing in it but whitespace"
)]
#[case::only_whitespace(
    Board::parse(" \t\r\n \n"),
    BoardError::Empty,
    "the input is empty: there is nothing in it but whitespace"
)]
#[case::only_a_bom(
    Board::parse_line("\u{feff}  \n"),
    BoardError::Empty,
    "the input is empty: there is nothing in it but whitespace"
)]
#[case::empty_grid(
    Board::parse_grid("\r\n\r\n"),
    BoardError::Empty,
    "the input is empty: there is nothing in it but whitespace"
)]
#[case::empty_leetcode(
    Board::parse_leetcode("  "),
    BoardError::Empty,
    "the input is empty: there is nothing in it but whitespace"
)]
// The line notation.
#[case::line_too_short(Board::parse_line(&PUZZLE_LINE[..80]), BoardError::WrongCellCount { found: 80 }, "the line has 80 cells, expected 81")]
#[case::line_too_long(Board::parse_line(&format!("{PUZZLE_LINE}.")), BoardError::WrongCellCount { found: 82 }, "the line has 82 cells, expected 81")]
#[case::one_digit(Board::parse("5"), BoardError::WrongCellCount { found: 1 }, "the line has 1 cell, expected 81")]
#[case::line_bad_char(
    Board::parse_line(&with_char(PUZZLE_LINE, 20, 'x')),
    BoardError::BadChar { found: 'x', at: cell_in_text(2, 2, 1, 21) },
    "bad character 'x' at row 3, column 3 (input line 1, column 21): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::line_space_inside(
    Board::parse_line(&with_char(PUZZLE_LINE, 9, ' ')),
    BoardError::BadChar { found: ' ', at: cell_in_text(1, 0, 1, 10) },
    "bad character ' ' at row 2, column 1 (input line 1, column 10): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::line_fullwidth_digit(
    Board::parse_line(&with_char(PUZZLE_LINE, 80, '５')),
    BoardError::BadChar { found: '５', at: cell_in_text(8, 8, 1, 81) },
    "bad character '５' at row 9, column 9 (input line 1, column 81): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::line_arabic_indic_digit_after_blank_lines(
    Board::parse_line(&format!("\n\n  {}", with_char(PUZZLE_LINE, 2, '٣'))),
    BoardError::BadChar { found: '٣', at: cell_in_text(0, 2, 3, 5) },
    "bad character '٣' at row 1, column 3 (input line 3, column 5): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::line_bad_char_past_the_board(
    Board::parse_line(&format!("{PUZZLE_LINE}1234\u{0}")),
    BoardError::BadChar { found: '\u{0}', at: Place::Text { line: 1, column: 86 } },
    "bad character '\\0' at input line 1, column 86: expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::line_break_inside_a_line(
    Board::parse_line(&format!("{}\n{}", &PUZZLE_LINE[..40], &PUZZLE_LINE[40..])),
    BoardError::BadChar { found: '\n', at: cell_in_text(4, 4, 1, 41) },
    "bad character '\\n' at row 5, column 5 (input line 1, column 41): expected a digit 1-9, or '.' or '0' for a blank"
)]
// The grid notation.
#[case::grid_eight_rows(
    Board::parse_grid(&grid_with_line(10, "")),
    BoardError::WrongRowCount { found: 8 },
    "the board has 8 rows, expected 9"
)]
#[case::grid_ten_rows(
    Board::parse_grid(&format!("{PUZZLE_GRID}. . . | . . . | . . .\n")),
    BoardError::WrongRowCount { found: 10 },
    "the board has 10 rows, expected 9"
)]
#[case::grid_of_separators_only(
    Board::parse_grid("------+-------+------\n------+-------+------\n"),
    BoardError::WrongRowCount { found: 0 },
    "the board has 0 rows, expected 9"
)]
#[case::grid_short_row(
    Board::parse_grid(&grid_with_line(2, ". 9 8 | . . . | . 6")),
    BoardError::WrongRowLength { row: 3, found: 8 },
    "row 3 has 8 cells, expected 9"
)]
#[case::grid_two_rows_on_one_line(
    Board::parse_grid(&PUZZLE_GRID.replace("3\n4", "3 4")),
    BoardError::WrongRowLength { row: 4, found: 18 },
    "row 4 has 18 cells, expected 9"
)]
#[case::grid_bad_char_after_a_separator_line(
    Board::parse_grid(&grid_with_line(5, "4 . . | 8 x 3 | . . 1")),
    BoardError::BadChar { found: 'x', at: cell_in_text(4, 4, 6, 11) },
    "bad character 'x' at row 5, column 5 (input line 6, column 11): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::grid_columns_count_characters_not_bytes(
    Board::parse_grid(&grid_with_line(0, "\u{a0}\u{3000}5 3 * | . 7 . | . . .")),
    BoardError::BadChar { found: '*', at: cell_in_text(0, 2, 1, 7) },
    "bad character '*' at row 1, column 3 (input line 1, column 7): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::grid_bad_char_after_a_bom_is_in_column_one(
    Board::parse_grid(&format!("\u{feff}{}", grid_with_line(0, "x 3 . | . 7 . | . . ."))),
    BoardError::BadChar { found: 'x', at: cell_in_text(0, 0, 1, 1) },
    "bad character 'x' at row 1, column 1 (input line 1, column 1): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::grid_bad_char_past_the_ninth_column(
    Board::parse_grid(&grid_with_line(0, "5 3 . | . 7 . | . . . x")),
    BoardError::BadChar { found: 'x', at: Place::Text { line: 1, column: 23 } },
    "bad character 'x' at input line 1, column 23: expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::grid_bad_char_past_the_ninth_row(
    Board::parse_grid(&format!("{PUZZLE_GRID}\n?")),
    BoardError::BadChar { found: '?', at: Place::Text { line: 13, column: 1 } },
    "bad character '?' at input line 13, column 1: expected a digit 1-9, or '.' or '0' for a blank"
)]
// The LeetCode notation.
#[case::leetcode_not_a_list(
    Board::parse_leetcode("  board"),
    malformed(1, 3, "'['", Some('b')),
    "malformed LeetCode notation at input line 1, column 3: expected '[', found 'b'"
)]
#[case::leetcode_unquoted_cell(
    Board::parse_leetcode("[[5,3]]"),
    malformed(1, 3, r#"'"' or ']'"#, Some('5')),
    r#"malformed LeetCode notation at input line 1, column 3: expected '"' or ']', found '5'"#
)]
#[case::leetcode_missing_comma(
    Board::parse_leetcode(&leetcode_with(0, r#""3","#, r#""3" "#)),
    malformed(2, 12, "',' or ']'", Some('"')),
    r#"malformed LeetCode notation at input line 2, column 12: expected ',' or ']', found '"'"#
)]
#[case::leetcode_two_characters_in_a_cell(
    Board::parse_leetcode(&leetcode_with(0, r#""5""#, r#""55""#)),
    malformed(2, 6, r#"'"' (a cell holds one character)"#, Some('5')),
    r#"malformed LeetCode notation at input line 2, column 6: expected '"' (a cell holds one character), found '5'"#
)]
#[case::leetcode_empty_cell(
    Board::parse_leetcode(&leetcode_with(0, r#""5""#, r#""""#)),
    malformed(2, 5, "a digit 1-9, '.' or '0'", Some('"')),
    r#"malformed LeetCode notation at input line 2, column 5: expected a digit 1-9, '.' or '0', found '"'"#
)]
#[case::leetcode_trailing_comma_in_a_row(
    Board::parse_leetcode(&leetcode_with(0, r#"".","."]"#, r#"".",".",]"#)),
    malformed(2, 40, r#"'"'"#, Some(']')),
    r#"malformed LeetCode notation at input line 2, column 40: expected '"', found ']'"#
)]
#[case::leetcode_row_not_a_list(
    Board::parse_leetcode(r#"[[".",".",".",".",".",".",".",".","."],"3"]"#),
    malformed(1, 40, "'['", Some('"')),
    r#"malformed LeetCode notation at input line 1, column 40: expected '[', found '"'"#
)]
#[case::leetcode_first_row_not_a_list(
    Board::parse_leetcode(r#"["5"]"#),
    malformed(1, 2, "'[' or ']'", Some('"')),
    r#"malformed LeetCode notation at input line 1, column 2: expected '[' or ']', found '"'"#
)]
#[case::leetcode_cut_short(
    Board::parse_leetcode(&PUZZLE_LEETCODE[..PUZZLE_LEETCODE.len() - 2]),
    malformed(10, 40, "',' or ']'", None),
    "malformed LeetCode notation at input line 10, column 40: expected ',' or ']', found the end of the text"
)]
#[case::leetcode_text_after_the_board(
    Board::parse_leetcode(&format!("{PUZZLE_LEETCODE}\n;")),
    malformed(12, 1, "the end of the text", Some(';')),
    "malformed LeetCode notation at input line 12, column 1: expected the end of the text, found ';'"
)]
#[case::leetcode_no_rows(
    Board::parse("[ ]"),
    BoardError::WrongRowCount { found: 0 },
    "the board has 0 rows, expected 9"
)]
#[case::leetcode_eight_rows(
    Board::parse_leetcode(&leetcode_with(0, r#"],
  [".",".",".",".","8",".",".","7","9"]"#, "]")),
    BoardError::WrongRowCount { found: 8 },
    "the board has 8 rows, expected 9"
)]
#[case::leetcode_short_row(
    Board::parse_leetcode(&leetcode_with(0, r#",".","."]"#, "]")),
    BoardError::WrongRowLength { row: 1, found: 7 },
    "row 1 has 7 cells, expected 9"
)]
#[case::leetcode_empty_row(
    Board::parse_leetcode(&leetcode_with(0, r#"["6",".",".","1","9","5",".",".","."]"#, "[]")),
    BoardError::WrongRowLength { row: 2, found: 0 },
    "row 2 has 0 cells, expected 9"
)]
#[case::leetcode_bad_cell(
    Board::parse_leetcode(&leetcode_with(0, r#""6""#, r#""x""#)),
    BoardError::BadChar { found: 'x', at: cell_in_text(1, 0, 3, 5) },
    "bad character 'x' at row 2, column 1 (input line 3, column 5): expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::leetcode_bad_tenth_cell(
    Board::parse_leetcode(r#"[[".",".",".",".",".",".",".",".",".","A"]]"#),
    BoardError::BadChar { found: 'A', at: Place::Text { line: 1, column: 40 } },
    "bad character 'A' at input line 1, column 40: expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::leetcode_space_in_a_cell(
    Board::parse_leetcode(r#"[[" 5"]]"#),
    BoardError::BadChar { found: ' ', at: cell_in_text(0, 0, 1, 4) },
    "bad character ' ' at row 1, column 1 (input line 1, column 4): expected a digit 1-9, or '.' or '0' for a blank"
)]
// From memory.
#[case::rows_none(
    Board::from_rows(&[]),
    BoardError::WrongRowCount { found: 0 },
    "the board has 0 rows, expected 9"
)]
#[case::rows_short_row(
    Board::from_rows(&{ let mut rows = rows_of(PUZZLE_LINE); rows[8].pop(); rows }),
    BoardError::WrongRowLength { row: 9, found: 8 },
    "row 9 has 8 cells, expected 9"
)]
#[case::rows_bad_char(
    Board::from_rows(&rows_of(&with_char(PUZZLE_LINE, 80, '\t'))),
    BoardError::BadChar { found: '\t', at: Place::Cell(cell(8, 8)) },
    "bad character '\\t' at row 9, column 9: expected a digit 1-9, or '.' or '0' for a blank"
)]
#[case::cells_out_of_range(
    Board::from_cells({ let mut cells = [0; 81]; cells[10] = 10; cells }),
    BoardError::ValueOutOfRange { cell: cell(1, 1), value: 10 },
    "row 2, column 2 holds 10, but a cell must be 0 (blank) or a digit 1-9"
)]
// Clashing givens, whichever way the board was written.
#[case::duplicate_in_a_row(
    Board::parse(&with_char(PUZZLE_LINE, 2, '7')),
    BoardError::DuplicateGiven { digit: 7, unit: Unit::Row(0), first: cell(0, 2), second: cell(0, 4) },
    "digit 7 is given twice in row 1: at row 1, column 3 and at row 1, column 5"
)]
#[case::duplicate_in_a_column(
    Board::parse(&with_char(PUZZLE_LINE, 72, '8')),
    BoardError::DuplicateGiven { digit: 8, unit: Unit::Column(0), first: cell(3, 0), second: cell(8, 0) },
    "digit 8 is given twice in column 1: at row 4, column 1 and at row 9, column 1"
)]
#[case::duplicate_in_a_box(
    Board::parse(&with_char(PUZZLE_LINE, 30, '2')),
    BoardError::DuplicateGiven { digit: 2, unit: Unit::Box(4), first: cell(3, 3), second: cell(5, 4) },
    "digit 2 is given twice in box 5 (rows 4-6, columns 4-6): at row 4, column 4 and at row 6, column 5"
)]
fn reports(
    #[case] result: Result<Board, BoardError>,
    #[case] expected: BoardError,
    #[case] message: &str,
) {
    let error = result.unwrap_err();
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

#[rstest]
#[case::bad_char_before_the_count(
    Board::parse_line(&format!("x{PUZZLE_LINE}")),
    BoardError::BadChar { found: 'x', at: cell_in_text(0, 0, 1, 1) }
)]
#[case::bad_char_past_the_board_before_the_count(
    Board::parse_line(&format!("{PUZZLE_LINE}{PUZZLE_LINE}x")),
    BoardError::BadChar { found: 'x', at: Place::Text { line: 1, column: 163 } }
)]
#[case::short_row_before_a_later_bad_char(
    Board::parse_grid(&grid_with_line(9, "x").replace("6 . . | 1 9 5 | . . .", "6 . . | 1 9 5")),
    BoardError::WrongRowLength { row: 2, found: 6 }
)]
#[case::bad_char_before_the_end_of_its_short_row(
    Board::parse_grid(&grid_with_line(0, "5 ?")),
    BoardError::BadChar { found: '?', at: cell_in_text(0, 1, 1, 3) }
)]
#[case::bad_char_before_an_earlier_clash(
    Board::parse(&with_char(with_char(PUZZLE_LINE, 2, '5').as_str(), 80, 'x')),
    BoardError::BadChar { found: 'x', at: cell_in_text(8, 8, 1, 81) }
)]
#[case::row_length_before_row_count(
    Board::parse_grid(&grid_with_line(0, "5 3 . | . 7 .")),
    BoardError::WrongRowLength { row: 1, found: 6 }
)]
#[case::rows_shape_before_an_earlier_bad_char(
    Board::from_rows(&{ let mut rows = rows_of(&with_char(PUZZLE_LINE, 0, 'x')); rows[8].push('.'); rows }),
    BoardError::WrongRowLength { row: 9, found: 10 }
)]
#[case::row_clash_before_box_clash_in_the_same_cell(
    Board::parse(&with_char(PUZZLE_LINE, 2, '3')),
    BoardError::DuplicateGiven { digit: 3, unit: Unit::Row(0), first: cell(0, 1), second: cell(0, 2) }
)]
#[case::cells_value_before_clash(
    Board::from_cells({ let mut cells = [1; 81]; cells[80] = 12; cells }),
    BoardError::ValueOutOfRange { cell: cell(8, 8), value: 12 }
)]
fn the_first_problem_in_reading_order_wins(
    #[case] result: Result<Board, BoardError>,
    #[case] expected: BoardError,
) {
    assert_eq!(result, Err(expected));
}

#[test]
fn huge_garbage_is_rejected_without_trouble() {
    let garbage = "\u{1F600}".repeat(1_000_000);
    assert_eq!(
        Board::parse(&garbage),
        Err(BoardError::BadChar {
            found: '\u{1F600}',
            at: cell_in_text(0, 0, 1, 1),
        })
    );
    let many_blanks = ".".repeat(1_000_000);
    assert_eq!(
        Board::parse(&many_blanks),
        Err(BoardError::WrongCellCount { found: 1_000_000 })
    );
    let many_rows = format!("{PUZZLE_GRID}{}", "..........\n".repeat(100_000));
    assert_eq!(
        Board::parse(&many_rows),
        Err(BoardError::WrongRowLength { row: 10, found: 10 })
    );
    let deep = "[".repeat(100_000);
    assert_eq!(
        Board::parse(&deep),
        Err(malformed(1, 3, r#"'"' or ']'"#, Some('[')))
    );
}

#[test]
fn counts_read_as_words_with_thousands_grouped() {
    assert_eq!(sudoku_board::group_thousands(0), "0");
    assert_eq!(sudoku_board::group_thousands(999), "999");
    assert_eq!(sudoku_board::group_thousands(1_000), "1,000");
    assert_eq!(sudoku_board::group_thousands(69_175_317), "69,175,317");
    assert_eq!(
        sudoku_board::group_thousands(u64::MAX),
        "18,446,744,073,709,551,615"
    );
    assert_eq!(sudoku_board::counted(1, "puzzle"), "1 puzzle");
    assert_eq!(sudoku_board::counted(0, "puzzle"), "0 puzzles");
    assert_eq!(sudoku_board::counted(1_296, "cell"), "1,296 cells");
}
