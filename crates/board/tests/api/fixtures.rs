//! LeetCode 37's example board, written in every notation, and helpers to
//! derive broken variants of it.

use sudoku_board::Board;

/// The puzzle, in the line notation.
pub const PUZZLE_LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its solution, in the line notation.
pub const SOLUTION_LINE: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The puzzle, as `Board`'s `Display` writes it.
pub const PUZZLE_GRID: &str = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";

/// The puzzle, as LeetCode shows its input, spread over several lines.
pub const PUZZLE_LEETCODE: &str = r#"[
  ["5","3",".",".","7",".",".",".","."],
  ["6",".",".","1","9","5",".",".","."],
  [".","9","8",".",".",".",".","6","."],
  ["8",".",".",".","6",".",".",".","3"],
  ["4",".",".","8",".","3",".",".","1"],
  ["7",".",".",".","2",".",".",".","6"],
  [".","6",".",".",".",".","2","8","."],
  [".",".",".","4","1","9",".",".","5"],
  [".",".",".",".","8",".",".","7","9"]
]"#;

pub fn puzzle() -> Board {
    Board::parse_line(PUZZLE_LINE).expect("the example puzzle is valid")
}

pub fn solution() -> Board {
    Board::parse_line(SOLUTION_LINE).expect("the example solution is valid")
}

/// The 81 cells of `line` as numbers, `.` as 0.
pub fn cells_of(line: &str) -> [u8; 81] {
    let cells: Vec<u8> = line
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    cells.try_into().expect("81 cells")
}

/// `line` with the character at `index` (counted in chars) replaced by `c`.
pub fn with_char(line: &str, index: usize, c: char) -> String {
    line.chars()
        .enumerate()
        .map(|(i, old)| if i == index { c } else { old })
        .collect()
}

/// `line` cut into LeetCode's in-memory rows of 9.
pub fn rows_of(line: &str) -> Vec<Vec<char>> {
    let chars: Vec<char> = line.chars().collect();
    chars.chunks(9).map(<[char]>::to_vec).collect()
}
