//! Cells and units: reading order, and cells off the board, which name themselves without a
//! panic.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_board::{Board, Cell, Unit};

#[test]
fn ordering_is_reading_order() {
    let mut cells: Vec<Cell> = Cell::all().collect();
    cells.reverse();
    cells.sort();
    assert_eq!(cells, Cell::all().collect::<Vec<_>>());
}

#[rstest]
#[case(81, Cell { row: 9, col: 0 })]
#[case(usize::MAX, Cell { row: u8::MAX, col: (usize::MAX % 9) as u8 })]
fn from_index_past_the_board_gives_an_off_board_cell(#[case] index: usize, #[case] expected: Cell) {
    assert_eq!(Cell::from_index(index), expected);
    assert!(!expected.is_on_board());
}

#[test]
fn off_board_cells_never_panic() {
    let far = Cell {
        row: u8::MAX,
        col: u8::MAX,
    };
    assert!(!far.is_on_board());
    assert_eq!(far.index(), 255 * 9 + 255);
    assert_eq!(far.to_string(), "row 256, column 256");
    assert_eq!(
        Unit::Box(u8::MAX).to_string(),
        "box 256 (rows 256-258, columns 1-3)"
    );
}

#[test]
fn get_reads_digits_and_blanks_and_nothing_off_the_board() {
    let mut cells = [0; 81];
    cells[Cell { row: 1, col: 2 }.index()] = 7;
    let board = Board::from_cells(cells).unwrap();
    assert_eq!(board.get(Cell { row: 1, col: 2 }), Some(7));
    assert_eq!(board.get(Cell { row: 0, col: 0 }), None);
    // Row 0, column 11 would be index 11 (row 1, column 2) if `get`
    // trusted `index()` blindly.
    assert_eq!(board.get(Cell { row: 0, col: 11 }), None);
    assert_eq!(board.get(Cell { row: 200, col: 200 }), None);
}
