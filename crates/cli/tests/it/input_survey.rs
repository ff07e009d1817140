//! Tests of `sudoku_kata::input::survey`.

use std::io;

use sudoku_board::Board;
use sudoku_kata::input::lines::LineReader;
use sudoku_kata::input::survey::*;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn survey_of(input: &str) -> Survey {
    let mut reader = LineReader::new(Box::new(io::Cursor::new(input.as_bytes().to_vec())));
    survey(&mut reader, None)
}

fn line_count(survey: &Survey) -> usize {
    match survey {
        Survey::Lines(lines) => lines.len(),
        other => panic!("read line by line, not {other:?}"),
    }
}

#[test]
fn puzzle_lines_are_decided_at_the_first_one() {
    let input = format!("\n \r\n{PUZZLE}\n{PUZZLE}\n");
    assert_eq!(line_count(&survey_of(&input)), 3);
}

#[test]
fn a_grid_or_leetcode_is_one_puzzle() {
    let board = Board::parse_line(PUZZLE).unwrap();
    let grid = format!("\u{feff}\n{}\n", board.to_grid().replace('\n', "\r\n"));
    assert!(matches!(survey_of(&grid), Survey::Whole(_)));
    let leetcode = format!(
        "[{}]",
        board
            .to_rows()
            .iter()
            .map(|row| format!(
                "[{}]",
                row.iter()
                    .map(|c| format!("\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(",")
            ))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    assert!(matches!(survey_of(&leetcode), Survey::Whole(_)));
}

#[test]
fn a_36x36_grid_whose_rows_are_as_long_as_a_puzzle_line_is_one_puzzle() {
    let symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let alphabet = sudoku_board::Alphabet::new(symbols).expect("36 symbols");
    let empty = sudoku_board::Grid::parse(&".".repeat(36 * 36), Some(&alphabet)).expect("a board");
    let grid = empty.to_grid();
    assert_eq!(grid.lines().next().map(|row| row.chars().count()), Some(81));
    let mut reader = LineReader::new(Box::new(io::Cursor::new(grid.into_bytes())));
    assert!(matches!(
        survey(&mut reader, Some(&alphabet)),
        Survey::Whole(_)
    ));
}

#[test]
fn a_broken_grid_is_read_line_by_line() {
    let grid = Board::EMPTY.to_grid().replacen('.', "x", 1);
    assert_eq!(line_count(&survey_of(&grid)), 11);
}

#[test]
fn bad_lines_first_do_not_make_one_puzzle() {
    let input = format!("garbage\n{PUZZLE}\n");
    assert_eq!(line_count(&survey_of(&input)), 2);
}

#[test]
fn empty_input_is_told_from_empty_lines() {
    assert_eq!(survey_of(""), Survey::Empty);
    assert_eq!(line_count(&survey_of("\n")), 1);
}

#[test]
fn reading_ahead_stops_at_the_bound() {
    // Reading stops at the first line past the bound: 2 bytes of "x\n", then empty lines.
    let input = format!("x\n{}", "\n".repeat(2 * WHOLE_INPUT_BYTES as usize));
    assert_eq!(line_count(&survey_of(&input)), WHOLE_INPUT_BYTES as usize);
    let blank = "\n".repeat(2 * WHOLE_INPUT_BYTES as usize);
    assert_eq!(
        line_count(&survey_of(&blank)),
        WHOLE_INPUT_BYTES as usize + 1
    );
}
