//! Judging solver output against the example puzzle.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_board::{Board, Cell, CheckError, Unit, check_solution, solved_board};

use crate::fixtures::{PUZZLE_LINE, SOLUTION_LINE, puzzle, rows_of, solution, with_char};

fn cell(row: u8, col: u8) -> Cell {
    Cell { row, col }
}

/// The solution with the characters at `a` and `b` (reading-order indices)
/// swapped.
fn solution_swapped(a: usize, b: usize) -> Vec<Vec<char>> {
    let mut chars: Vec<char> = SOLUTION_LINE.chars().collect();
    chars.swap(a, b);
    rows_of(&chars.into_iter().collect::<String>())
}

#[test]
fn the_solution_solves_the_puzzle() {
    assert_eq!(check_solution(&puzzle(), &solution().to_rows()), Ok(()));
}

#[test]
fn a_solution_solves_itself_and_the_empty_board() {
    assert_eq!(check_solution(&solution(), &solution().to_rows()), Ok(()));
    assert_eq!(check_solution(&Board::EMPTY, &solution().to_rows()), Ok(()));
}

#[rstest]
#[case::no_rows(
    vec![],
    CheckError::WrongRowCount { found: 0 },
    "the solution has 0 rows, expected 9"
)]
#[case::one_row(
    vec![SOLUTION_LINE.chars().collect()],
    CheckError::WrongRowCount { found: 1 },
    "the solution has 1 row, expected 9"
)]
#[case::ten_rows(
    { let mut rows = solution().to_rows(); rows.push(vec![]); rows },
    CheckError::WrongRowCount { found: 10 },
    "the solution has 10 rows, expected 9"
)]
#[case::long_row(
    { let mut rows = solution().to_rows(); rows[3].push('1'); rows },
    CheckError::WrongRowLength { row: 4, found: 10 },
    "row 4 of the solution has 10 cells, expected 9"
)]
#[case::blank_left(
    puzzle().to_rows(),
    CheckError::Blank { cell: cell(0, 2) },
    "row 1, column 3 is still blank"
)]
#[case::zero_left(
    rows_of(&with_char(SOLUTION_LINE, 80 - 2, '0')),
    CheckError::Blank { cell: cell(8, 6) },
    "row 9, column 7 is still blank"
)]
#[case::not_a_digit(
    rows_of(&with_char(SOLUTION_LINE, 11, 'x')),
    CheckError::NotADigit { cell: cell(1, 2), found: 'x' },
    "row 2, column 3 holds 'x', which is not a digit 1-9"
)]
#[case::unicode_digit(
    rows_of(&with_char(SOLUTION_LINE, 11, '２')),
    CheckError::NotADigit { cell: cell(1, 2), found: '２' },
    "row 2, column 3 holds '２', which is not a digit 1-9"
)]
#[case::given_overwritten(
    rows_of(&with_char(SOLUTION_LINE, 4, '1')),
    CheckError::GivenChanged { cell: cell(0, 4), given: 7, found: '1' },
    "row 1, column 5 holds '1', but the puzzle gives 7 there"
)]
#[case::given_erased(
    rows_of(&with_char(SOLUTION_LINE, 0, '.')),
    CheckError::GivenChanged { cell: cell(0, 0), given: 5, found: '.' },
    "row 1, column 1 holds '.', but the puzzle gives 5 there"
)]
#[case::repeated_in_a_row(
    rows_of(&with_char(SOLUTION_LINE, 2, '9')),
    CheckError::Repeated { digit: 9, unit: Unit::Row(0), first: cell(0, 2), second: cell(0, 6) },
    "digit 9 appears twice in row 1: at row 1, column 3 and at row 1, column 7"
)]
#[case::repeated_in_a_column(
    // Swapping two cells of one row and one box leaves both intact, and
    // breaks the two columns.
    solution_swapped(7, 8),
    CheckError::Repeated { digit: 2, unit: Unit::Column(7), first: cell(0, 7), second: cell(3, 7) },
    "digit 2 appears twice in column 8: at row 1, column 8 and at row 4, column 8"
)]
#[case::repeated_in_a_box(
    // Swapping two cells of one row across boxes leaves the row intact.
    solution_swapped(2, 3),
    CheckError::Repeated { digit: 6, unit: Unit::Box(0), first: cell(0, 2), second: cell(1, 0) },
    "digit 6 appears twice in box 1 (rows 1-3, columns 1-3): at row 1, column 3 and at row 2, column 1"
)]
fn reports(#[case] candidate: Vec<Vec<char>>, #[case] expected: CheckError, #[case] message: &str) {
    let error = check_solution(&puzzle(), &candidate).unwrap_err();
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

#[rstest]
#[case::shape_before_cells(
    { let mut rows = puzzle().to_rows(); rows[8].pop(); rows },
    CheckError::WrongRowLength { row: 9, found: 8 }
)]
#[case::row_count_before_row_length(
    vec![vec![]; 8],
    CheckError::WrongRowCount { found: 8 }
)]
#[case::cells_in_reading_order(
    rows_of(&with_char(&with_char(SOLUTION_LINE, 50, 'x'), 60, '.')),
    CheckError::NotADigit { cell: cell(5, 5), found: 'x' }
)]
#[case::overwritten_given_before_a_repeat_it_causes(
    rows_of(&with_char(SOLUTION_LINE, 1, '4')),
    CheckError::GivenChanged { cell: cell(0, 1), given: 3, found: '4' }
)]
#[case::cells_before_repeats(
    rows_of(&with_char(&with_char(SOLUTION_LINE, 2, '9'), 80, '.')),
    CheckError::GivenChanged { cell: cell(8, 8), given: 9, found: '.' }
)]
fn the_first_problem_wins(#[case] candidate: Vec<Vec<char>>, #[case] expected: CheckError) {
    assert_eq!(check_solution(&puzzle(), &candidate), Err(expected));
}

#[test]
fn the_puzzle_in_zeros_is_all_blanks() {
    let rows = rows_of(&PUZZLE_LINE.replace('.', "0"));
    assert_eq!(
        check_solution(&puzzle(), &rows),
        Err(CheckError::Blank { cell: cell(0, 2) })
    );
}

/// `solved_board` says yes exactly where `check_solution` does: the example's solution, and a
/// mistake of each kind `check_solution` names.
#[rstest]
#[case::the_solution(SOLUTION_LINE.to_owned(), true)]
#[case::a_given_changed(format!("4{}", &SOLUTION_LINE[1..]), false)]
#[case::a_blank_left(format!("{}.{}", &SOLUTION_LINE[..40], &SOLUTION_LINE[41..]), false)]
#[case::a_zero_left(format!("{}0{}", &SOLUTION_LINE[..40], &SOLUTION_LINE[41..]), false)]
#[case::not_a_digit(format!("{}x{}", &SOLUTION_LINE[..40], &SOLUTION_LINE[41..]), false)]
// Row 1 stays a permutation; columns 3 and 4 and boxes 1 and 2 repeat a digit.
#[case::two_cells_swapped(format!("{}{}{}{}", &SOLUTION_LINE[..2], &SOLUTION_LINE[3..4], &SOLUTION_LINE[2..3], &SOLUTION_LINE[4..]), false)]
fn solved_board_agrees_with_check_solution(#[case] answer: String, #[case] solves: bool) {
    let bytes: [u8; 81] = answer.as_bytes().try_into().expect("81 bytes");
    let puzzle_bytes: [u8; 81] = PUZZLE_LINE.as_bytes().try_into().expect("81 bytes");
    let checked = check_solution(&puzzle(), &rows_of(&answer));
    assert_eq!(checked.is_ok(), solves, "{checked:?}");
    let board = solved_board(&puzzle_bytes, &bytes);
    assert_eq!(board.map(|board| board.to_line()), solves.then_some(answer));
}

/// Each of `solved_board`'s three checks fails alone, on an empty puzzle: rows, columns and boxes.
#[rstest]
// Two cells of a column, in one box: the column and the box keep their digits.
#[case::a_row_repeats(vec![(0, 9)])]
// Two cells of a row, in one box: the row and the box keep their digits.
#[case::a_column_repeats(vec![(0, 1)])]
// Rows 0 and 3 swapped: every row and column still holds each digit once.
#[case::a_box_repeats((0..9).map(|col| (col, 27 + col)).collect())]
fn solved_board_checks_rows_columns_and_boxes(#[case] swaps: Vec<(usize, usize)>) {
    let empty = [b'.'; 81];
    let solved: [u8; 81] = SOLUTION_LINE.as_bytes().try_into().expect("81 bytes");
    assert!(solved_board(&empty, &solved).is_some());
    let mut answer = solved;
    for (a, b) in swaps {
        answer.swap(a, b);
    }
    let rows = rows_of(std::str::from_utf8(&answer).expect("ASCII"));
    let empty_rows = rows_of(std::str::from_utf8(&empty).expect("ASCII"));
    assert!(check_solution(&Board::from_rows(&empty_rows).expect("a board"), &rows).is_err());
    assert_eq!(solved_board(&empty, &answer), None);
}
