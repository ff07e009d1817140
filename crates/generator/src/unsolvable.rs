//! Turning a unique puzzle into a board with no solution whose givens still do not clash: change
//! one given to another digit that none of its row, column or box holds, such that nothing
//! completes the board.
//!
//! Not every change will do. A minimal puzzle loses its uniqueness without any one of its givens,
//! so the other completions of the puzzle without that given put other digits in its cell: changed
//! to one of those, the board still has a solution. The changes are tried in a random order and
//! the first one that leaves no solution is kept, so each change that works is equally likely.

use sudoku_board::Board;

use crate::shuffle::Shuffler;

/// A change of one given of `puzzle` (0 for a blank, else 1-9, in reading order) after which no
/// two givens clash and the board has no solution: the cell's index and the changed board. `None`
/// when no change does both, which happens only when givens are so dense that every other digit
/// clashes, or when every digit that does not clash still lets the board be completed.
pub(crate) fn break_one_given(
    puzzle: &[u8; 81],
    shuffler: &mut Shuffler,
) -> Option<(usize, Board)> {
    let mut changes: Vec<(usize, Board)> = (0..81)
        .filter(|&index| puzzle[index] != 0)
        .flat_map(|index| {
            (1..=9u8)
                .filter(move |&digit| digit != puzzle[index])
                .map(move |digit| (index, digit))
        })
        .filter_map(|(index, digit)| {
            let mut cells = *puzzle;
            cells[index] = digit;
            Some((index, Board::from_cells(cells).ok()?))
        })
        .collect();
    shuffler.shuffle(&mut changes);
    changes
        .into_iter()
        .find(|(_, board)| sudoku_engine::count_solutions(&board.to_ascii(), 1) == 0)
}
