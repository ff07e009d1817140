//! Tests of `sudoku_kata::solving::outcome`.

use crate::common;

use common::examples::{PUZZLE, SOLUTION};
use sudoku_board::Board;
use sudoku_kata::input::lines::{Content, Line};
use sudoku_kata::solving::outcome::*;
use sudoku_kata::solving::solver::{Grids, Solver};

fn outcome(number: usize, content: Content) -> Outcome {
    let line = Line { number, content };
    match puzzle_of("in.txt", &line, Solver::Engine, Grids::default()) {
        Ok(puzzle) => for_solved("in.txt", &line, Solver::Engine.solve(&puzzle)),
        Err(outcome) => outcome,
    }
}

fn text_outcome(number: usize, text: &str) -> Outcome {
    outcome(number, Content::Text(text.to_owned()))
}

fn failed(text: &str) -> Outcome {
    Outcome::Failed(text.to_owned())
}

#[test]
fn a_puzzle_line_is_solved() {
    let solution = Board::parse_line(SOLUTION).unwrap();
    assert_eq!(text_outcome(1, PUZZLE), Outcome::Solved(solution));
    assert_eq!(
        text_outcome(1, &format!("\u{feff}{PUZZLE}\r")),
        Outcome::Solved(solution)
    );
}

#[test]
fn a_bad_character_is_placed_on_the_input_line() {
    let line = PUZZLE.replacen('7', "x", 1);
    assert_eq!(
        text_outcome(12, &line),
        failed(
            "error: in.txt:12: bad character 'x' at row 1, column 5 (input line 12, \
             column 5): expected a digit 1-9, or '.' or '0' for a blank"
        )
    );
}

#[test]
fn a_fixture_line_is_read_by_its_puzzle_whatever_its_solution_field() {
    let solution = Board::parse_line(SOLUTION).unwrap();
    for solved in [SOLUTION, "multiple", &SOLUTION[1..], "?"] {
        let line = format!("euler-01  {PUZZLE} {solved}");
        assert_eq!(text_outcome(3, &line), Outcome::Solved(solution), "{line}");
    }
    // A puzzle field of the wrong length is named as one, and a bad cell in its place.
    assert_eq!(
        text_outcome(3, &format!("euler-01 {} {SOLUTION}", &PUZZLE[1..])),
        failed(
            "error: in.txt:3: the puzzle field at input line 3, column 10 has 80 cells, but a \
             board has 16, 81, 256, 625 or 1,296 cells (4x4, 9x9, 16x16, 25x25 or 36x36)"
        )
    );
    assert_eq!(
        text_outcome(
            3,
            &format!("euler-01 {} none", PUZZLE.replacen('7', "x", 1))
        ),
        failed(
            "error: in.txt:3: bad character 'x' at row 1, column 5 (input line 3, column 14): \
             expected a digit 1-9, or '.' or '0' for a blank"
        )
    );
}

#[test]
fn bytes_that_are_not_utf8_are_placed_on_their_cell() {
    let mut bytes = b"53..".to_vec();
    bytes.extend([0xff, b'1']);
    assert_eq!(
        outcome(
            3,
            Content::NotUtf8 {
                bytes,
                valid_up_to: 4
            }
        ),
        failed(
            "error: in.txt:3: byte 0xff at row 1, column 5 (input line 3, column 5) is not \
             UTF-8 text: the line is binary data, or in another encoding"
        )
    );
}

#[test]
fn a_utf16_byte_order_mark_on_the_first_line_is_named() {
    let bytes = [0xFF, 0xFE, b'5', 0, b'3', 0].to_vec();
    let line = |number| {
        outcome(
            number,
            Content::NotUtf8 {
                bytes: bytes.clone(),
                valid_up_to: 0,
            },
        )
    };
    assert_eq!(
        line(1),
        failed(
            "error: in.txt:1: byte 0xff at row 1, column 1 (input line 1, column 1) is not \
             UTF-8 text: the line is binary data, or in another encoding (the input starts like \
             UTF-16 text: save it as UTF-8)"
        )
    );
    // Further down, the same bytes are no byte order mark.
    assert!(!format!("{:?}", line(2)).contains("UTF-16"));
}

#[test]
fn a_bad_character_before_the_bad_byte_comes_first() {
    let mut bytes = "\u{feff} 5é".as_bytes().to_vec();
    let valid_up_to = bytes.len();
    bytes.push(0xc0);
    assert_eq!(
        outcome(2, Content::NotUtf8 { bytes, valid_up_to }),
        failed(
            "error: in.txt:2: bad character 'é' at row 1, column 2 (input line 2, column 3): \
             expected a digit 1-9, or '.' or '0' for a blank"
        )
    );
}

#[test]
fn a_bad_byte_past_the_board_has_only_a_column() {
    let mut bytes = vec![b'.'; 81];
    bytes.push(0x80);
    assert_eq!(
        outcome(
            1,
            Content::NotUtf8 {
                bytes,
                valid_up_to: 81
            }
        ),
        failed(
            "error: in.txt:1: byte 0x80 at input line 1, column 82 is not UTF-8 text: the \
             line is binary data, or in another encoding"
        )
    );
}

#[test]
fn a_whole_grid_is_one_puzzle() {
    let grid = Board::parse_line(PUZZLE).unwrap().to_grid();
    let solution = Board::parse_line(SOLUTION).unwrap();
    assert_eq!(
        for_whole("-", &grid, Solver::Engine, Grids::default()),
        Outcome::Solved(solution)
    );
}
