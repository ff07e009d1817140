//! Turning a complete grid into a puzzle: blank the cells one by one in a given order, and put a
//! digit back whenever blanking it would allow a second solution.

use crate::ClueTarget;

/// The puzzle dug out of `solution` (digits 1-9 in reading order), visiting the cells in
/// `order` (a permutation of `0..81`). Returns the puzzle's cells, 0 for a blank.
///
/// One pass is enough for [`ClueTarget::Minimal`]: a given kept at its visit could not go then,
/// and every later removal only loosens the puzzle, so it cannot go at the end either.
pub(crate) fn dig(solution: &[u8; 81], order: &[usize; 81], target: ClueTarget) -> [u8; 81] {
    let floor = match target {
        ClueTarget::Minimal => 0,
        ClueTarget::AtMost(clues) => usize::from(clues),
    };
    let mut puzzle = ascii(solution);
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
    puzzle.map(|byte| if byte == b'.' { 0 } else { byte - b'0' })
}

/// Cells (0 for blank, else 1-9) as the ASCII bytes the engine reads.
pub(crate) fn ascii(cells: &[u8; 81]) -> [u8; 81] {
    cells.map(|digit| if digit == 0 { b'.' } else { b'0' + digit })
}
