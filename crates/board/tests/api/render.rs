//! Writing boards, and rendering untrusted solver output.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_board::{Board, render_rows};

use crate::fixtures::{
    PUZZLE_GRID, PUZZLE_LEETCODE, SOLUTION_LINE, puzzle, rows_of, solution, with_char,
};

#[test]
fn a_board_displays_as_a_grid() {
    assert_eq!(puzzle().to_string(), PUZZLE_GRID);
    assert_eq!(
        solution().to_string(),
        "\
5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9
"
    );
}

#[test]
fn a_board_writes_as_leetcode_prints_it_on_one_line() {
    // LeetCode prints the argument on one line, without spaces.
    let one_line: String = PUZZLE_LEETCODE.split_whitespace().collect();
    assert_eq!(puzzle().to_leetcode(), one_line);
    assert_eq!(
        Board::EMPTY.to_leetcode(),
        format!(
            "[{}]",
            [r#"[".",".",".",".",".",".",".",".","."]"#; 9].join(",")
        )
    );
}

#[rstest]
#[case::empty(Board::EMPTY)]
#[case::puzzle(puzzle())]
#[case::solution(solution())]
fn well_formed_rows_render_like_the_board(#[case] board: Board) {
    assert_eq!(render_rows(&board.to_rows()), board.to_string());
}

#[test]
fn any_printable_ascii_keeps_the_grid_layout() {
    let rows = rows_of(&with_char(&with_char(SOLUTION_LINE, 0, 'x'), 80, '#'));
    assert_eq!(
        render_rows(&rows),
        "\
x 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 #
"
    );
}

#[test]
fn no_rows_at_all() {
    assert_eq!(
        render_rows(&[]),
        "not a 9x9 grid of printable characters: 0 rows\n"
    );
}

#[test]
fn too_few_rows_and_ragged_rows_are_listed_row_by_row() {
    let rows = vec![
        vec!['5', '3', '4', '6', '7', '8', '9', '1', '2'],
        vec!['6', '7'],
        vec![],
        vec!['1'; 10],
    ];
    assert_eq!(
        render_rows(&rows),
        "\
not a 9x9 grid of printable characters: 4 rows
row 1 (9 cells): '5' '3' '4' '6' '7' '8' '9' '1' '2'
row 2 (2 cells): '6' '7'
row 3 (0 cells):
row 4 (10 cells): '1' '1' '1' '1' '1' '1' '1' '1' '1' '1'
"
    );
}

#[test]
fn a_ninth_row_too_long_is_listed_row_by_row() {
    let mut rows = solution().to_rows();
    rows[8].push('9');
    let rendered = render_rows(&rows);
    assert!(rendered.starts_with("not a 9x9 grid of printable characters: 9 rows\n"));
    assert!(rendered.ends_with("row 9 (10 cells): '3' '4' '5' '2' '8' '6' '1' '7' '9' '9'\n"));
}

#[test]
fn unprintable_or_wide_characters_are_escaped_row_by_row() {
    let line = with_char(&with_char(SOLUTION_LINE, 1, '\n'), 79, '５');
    assert_eq!(
        render_rows(&rows_of(&line)),
        "\
not a 9x9 grid of printable characters: 9 rows
row 1 (9 cells): '5' '\\n' '4' '6' '7' '8' '9' '1' '2'
row 2 (9 cells): '6' '7' '2' '1' '9' '5' '3' '4' '8'
row 3 (9 cells): '1' '9' '8' '3' '4' '2' '5' '6' '7'
row 4 (9 cells): '8' '5' '9' '7' '6' '1' '4' '2' '3'
row 5 (9 cells): '4' '2' '6' '8' '5' '3' '7' '9' '1'
row 6 (9 cells): '7' '1' '3' '9' '2' '4' '8' '5' '6'
row 7 (9 cells): '9' '6' '1' '5' '3' '7' '2' '8' '4'
row 8 (9 cells): '2' '8' '7' '4' '1' '9' '6' '3' '5'
row 9 (9 cells): '3' '4' '5' '2' '8' '6' '1' '５' '9'
"
    );
}

#[test]
fn one_row_of_one_cell_reads_naturally() {
    assert_eq!(
        render_rows(&[vec!['\u{0}']]),
        "not a 9x9 grid of printable characters: 1 row\nrow 1 (1 cell): '\\0'\n"
    );
}
