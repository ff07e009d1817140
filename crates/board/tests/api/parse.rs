//! Reading boards in the three notations, and the accessors of `Board`.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_board::{Board, Cell};

use crate::fixtures::{
    PUZZLE_GRID, PUZZLE_LEETCODE, PUZZLE_LINE, SOLUTION_LINE, cells_of, puzzle, rows_of, solution,
};

/// The same puzzle in a grid framed and separated every way a person might.
const FRAMED_GRID: &str = "\
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";

/// The same puzzle in a compact grid, with `0` and `.` blanks mixed and an
/// empty line instead of the separators.
const COMPACT_GRID: &str = "
530|070|000
600|195|000
098|000|060

8..|.6.|..3
4..|8.3|..1
7..|.2.|..6
-----------
.6.|...|28.
...|419|..5
...|.8.|.79";

#[test]
fn the_example_reads_the_same_in_all_three_notations() {
    let expected = Board::from_cells(cells_of(PUZZLE_LINE)).unwrap();
    assert_eq!(Board::parse_line(PUZZLE_LINE), Ok(expected));
    assert_eq!(Board::parse_grid(PUZZLE_GRID), Ok(expected));
    assert_eq!(Board::parse_leetcode(PUZZLE_LEETCODE), Ok(expected));
}

#[rstest]
#[case::line(PUZZLE_LINE)]
#[case::grid(PUZZLE_GRID)]
#[case::leetcode(PUZZLE_LEETCODE)]
#[case::framed_grid(FRAMED_GRID)]
#[case::compact_grid(COMPACT_GRID)]
#[case::line_with_zeros(
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
)]
#[case::leetcode_on_one_line(
    r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#
)]
#[case::leetcode_with_spaces_everywhere(
    " [ [ \"5\" , \"3\" , \".\" , \".\" , \"7\" , \".\" , \".\" , \".\" , \".\" ] ,\n\t[\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"],[\".\",\"9\",\"8\",\".\",\".\",\".\",\".\",\"6\",\".\"],[\"8\",\".\",\".\",\".\",\"6\",\".\",\".\",\".\",\"3\"],[\"4\",\".\",\".\",\"8\",\".\",\"3\",\".\",\".\",\"1\"],[\"7\",\".\",\".\",\".\",\"2\",\".\",\".\",\".\",\"6\"],[\".\",\"6\",\".\",\".\",\".\",\".\",\"2\",\"8\",\".\"],[\".\",\".\",\".\",\"4\",\"1\",\"9\",\".\",\".\",\"5\"],[\".\",\".\",\".\",\".\",\"8\",\".\",\".\",\"7\",\"9\"]\n]\n "
)]
fn parse_detects_every_notation(#[case] text: &str) {
    assert_eq!(Board::parse(text), Ok(puzzle()));
    assert_eq!(text.parse::<Board>(), Ok(puzzle()));
}

#[rstest]
#[case::line(PUZZLE_LINE)]
#[case::grid(PUZZLE_GRID)]
#[case::leetcode(PUZZLE_LEETCODE)]
fn windows_line_ends_and_a_byte_order_mark_are_accepted(#[case] text: &str) {
    let crlf = text.replace('\n', "\r\n") + "\r\n";
    let with_bom = format!("\u{feff}{crlf}");
    assert_eq!(Board::parse(&crlf), Ok(puzzle()));
    assert_eq!(Board::parse(&with_bom), Ok(puzzle()));
}

#[test]
fn each_notation_parser_accepts_crlf_and_bom_on_its_own() {
    let line = format!("\u{feff}  {PUZZLE_LINE}\r\n");
    let grid = format!("\u{feff}{}", PUZZLE_GRID.replace('\n', "\r\n"));
    let leetcode = format!("\u{feff}{}", PUZZLE_LEETCODE.replace('\n', "\r\n"));
    assert_eq!(Board::parse_line(&line), Ok(puzzle()));
    assert_eq!(Board::parse_grid(&grid), Ok(puzzle()));
    assert_eq!(Board::parse_leetcode(&leetcode), Ok(puzzle()));
}

#[test]
fn surrounding_whitespace_around_a_line_is_ignored() {
    let text = format!("\n\n \t{PUZZLE_LINE} \t\n\n");
    assert_eq!(Board::parse_line(&text), Ok(puzzle()));
    assert_eq!(Board::parse(&text), Ok(puzzle()));
}

#[rstest]
#[case::empty(Board::EMPTY)]
#[case::puzzle(puzzle())]
#[case::solution(solution())]
fn every_written_form_reads_back(#[case] board: Board) {
    assert_eq!(Board::parse_line(&board.to_line()), Ok(board));
    assert_eq!(Board::parse_grid(&board.to_grid()), Ok(board));
    assert_eq!(Board::parse(&board.to_string()), Ok(board));
    assert_eq!(Board::from_rows(&board.to_rows()), Ok(board));
}

#[test]
fn leetcode_rows_read_back_from_the_in_memory_shape() {
    let rows = rows_of(PUZZLE_LINE);
    let board = Board::from_rows(&rows).unwrap();
    assert_eq!(board, puzzle());
    assert_eq!(board.to_rows(), rows);
}

#[test]
fn from_rows_accepts_zero_for_a_blank() {
    let rows = rows_of(&PUZZLE_LINE.replace('.', "0"));
    assert_eq!(Board::from_rows(&rows), Ok(puzzle()));
    // ... but writes '.' back.
    assert_eq!(puzzle().to_rows(), rows_of(PUZZLE_LINE));
}

#[test]
fn written_forms_of_the_example() {
    let board = puzzle();
    assert_eq!(board.to_line(), PUZZLE_LINE);
    assert_eq!(board.to_grid(), PUZZLE_GRID);
    assert_eq!(board.to_string(), PUZZLE_GRID);
    assert_eq!(format!("{board:?}"), format!("Board({PUZZLE_LINE:?})"));
}

#[test]
fn accessors_of_the_example() {
    let board = puzzle();
    assert_eq!(board.givens(), 30);
    assert!(!board.is_complete());
    assert_eq!(board.get(Cell { row: 0, col: 0 }), Some(5));
    assert_eq!(board.get(Cell { row: 0, col: 2 }), None);
    assert_eq!(board.get(Cell { row: 8, col: 8 }), Some(9));
    assert_eq!(board.cells(), &cells_of(PUZZLE_LINE));

    assert_eq!(solution().givens(), 81);
    assert!(solution().is_complete());
    assert_eq!(Board::EMPTY.givens(), 0);
    assert_eq!(Board::EMPTY.to_line(), ".".repeat(81));
}

#[test]
fn the_solution_reads_in_the_line_notation() {
    assert_eq!(solution().to_line(), SOLUTION_LINE);
}
