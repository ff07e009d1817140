//! Turning a unique puzzle into a board with no solution whose givens still do not clash: change
//! one given to another digit that none of its row, column or box holds, such that nothing
//! completes the board.
//!
//! Not every change will do. A minimal puzzle loses its uniqueness without any one of its givens,
//! so the other completions of the puzzle without that given put other digits in its cell: changed
//! to one of those, the board still has a solution. The changes are tried in a random order and
//! the first one that leaves no solution is kept, so each change that works is equally likely.

use sudoku_board::Board;

use crate::dig::ascii;
use crate::shuffle::Shuffler;

/// A change of one given of `puzzle` (0 for a blank, else 1-9, in reading order) after which no
/// two givens clash and the board has no solution: the cell's index and its new digit. `None`
/// when no change does both, which happens only when givens are so dense that every other digit
/// clashes, or when every digit that does not clash still lets the board be completed.
pub(crate) fn break_one_given(puzzle: &[u8; 81], shuffler: &mut Shuffler) -> Option<(usize, u8)> {
    let mut changes: Vec<(usize, u8)> = (0..81)
        .filter(|&index| puzzle[index] != 0)
        .flat_map(|index| {
            (1..=9u8)
                .filter(move |&digit| digit != puzzle[index])
                .map(move |digit| (index, digit))
        })
        .filter(|&(index, digit)| Board::from_cells(changed(puzzle, index, digit)).is_ok())
        .collect();
    shuffler.shuffle(&mut changes);
    changes.into_iter().find(|&(index, digit)| {
        sudoku_engine::count_solutions(&ascii(&changed(puzzle, index, digit)), 1) == 0
    })
}

/// `puzzle` with `digit` at `index`.
pub(crate) fn changed(puzzle: &[u8; 81], index: usize, digit: u8) -> [u8; 81] {
    let mut cells = *puzzle;
    cells[index] = digit;
    cells
}
