//! Turning a complete grid into a puzzle: blank the cells one by one in a given order, and put a
//! digit back whenever blanking it would allow a second solution.

use sudoku_board::Board;

use crate::ClueTarget;

/// The puzzle dug out of `solution`, visiting the cells in `order` (a permutation of `0..81`).
///
/// One pass is enough for [`ClueTarget::Minimal`]: a given kept at its visit could not go then,
/// and every later removal only loosens the puzzle, so it cannot go at the end either.
pub(crate) fn dig(solution: &Board, order: &[usize; 81], target: ClueTarget) -> Board {
    let floor = match target {
        ClueTarget::Minimal => 0,
        ClueTarget::AtMost(clues) => usize::from(clues),
    };
    let mut puzzle = solution.to_ascii();
    let mut givens = 81;
    for &index in order {
        if givens <= floor {
            break;
        }
        let digit = puzzle[index];
        puzzle[index] = b'.';
        if sudoku_engine::count_solutions(&puzzle, 2) == 1 {
            givens -= 1;
        } else {
            puzzle[index] = digit;
        }
    }
    Board::from_ascii(&puzzle).expect("the givens of a solution never clash")
}
