//! Boards the library tests share.

use sudoku_board::Board;

/// LeetCode 37's example, which has exactly one solution.
pub const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Its solution.
pub const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// No clashing givens, but row 1 leaves only 9 for its last cell, which column 9 holds.
pub const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

/// `text` in the line notation, as a board.
pub fn board(text: &str) -> Board {
    Board::parse_line(text).expect("a valid board")
}
