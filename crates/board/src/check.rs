//! Judging a solver's answer: [`check_solution`], and [`solved_board`] for an answer in bytes.

use crate::board::{cell_value, wrong_shape};
use crate::rules::first_clash;
use crate::{Board, Cell, CheckError};

/// Checks that `candidate` solves `puzzle`: 9 rows of 9 cells, every cell a
/// digit `'1'`-`'9'`, every given of the puzzle kept, and no digit twice in
/// any row, column or box.
///
/// `candidate` is in LeetCode's in-memory shape, as a solver leaves it, and
/// is not trusted: any shape and any characters are reported, never a panic.
///
/// # Errors
///
/// The first problem found, in this order:
///
/// 1. The shape, known before any cell is read:
///    [`CheckError::WrongRowCount`], then [`CheckError::WrongRowLength`] for
///    the first row of the wrong length, from the top.
/// 2. Each cell in reading order: [`CheckError::GivenChanged`] if the
///    puzzle gives a digit there and the candidate holds anything else,
///    otherwise [`CheckError::Blank`] for `'.'` or `'0'`, or
///    [`CheckError::NotADigit`] for any other character.
/// 3. [`CheckError::Repeated`] for the first cell, in reading order,
///    repeating a digit of its row, its column or its box (in that order).
///
/// ```
/// use sudoku_board::{Board, Cell, CheckError, check_solution};
///
/// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let solution: Board = "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse()?;
/// assert_eq!(check_solution(&puzzle, &solution.to_rows()), Ok(()));
///
/// // Handing back the puzzle itself leaves row 1, column 3 blank.
/// assert_eq!(
///     check_solution(&puzzle, &puzzle.to_rows()),
///     Err(CheckError::Blank { cell: Cell { row: 0, col: 2 } })
/// );
/// # Ok::<(), sudoku_board::BoardError>(())
/// ```
pub fn check_solution(puzzle: &Board, candidate: &[Vec<char>]) -> Result<(), CheckError> {
    match wrong_shape(candidate) {
        Some((None, found)) => return Err(CheckError::WrongRowCount { found }),
        Some((Some(row), found)) => return Err(CheckError::WrongRowLength { row, found }),
        None => {}
    }

    let mut digits = [0; 81];
    // The shape is 9x9 now, so the flattened characters line up with the
    // cells one to one, in reading order.
    for (cell, &found) in Cell::all().zip(candidate.iter().flatten()) {
        digits[cell.index()] = match (puzzle.get(cell), cell_value(found)) {
            (Some(given), Some(digit)) if digit == given => digit,
            (Some(given), _) => return Err(CheckError::GivenChanged { cell, given, found }),
            (None, Some(0)) => return Err(CheckError::Blank { cell }),
            (None, Some(digit)) => digit,
            (None, None) => return Err(CheckError::NotADigit { cell, found }),
        };
    }

    match first_clash(&digits, 3) {
        Some((digit, unit, first, second)) => Err(CheckError::Repeated {
            digit,
            unit,
            first,
            second,
        }),
        None => Ok(()),
    }
}

/// The board `solution` is when it solves `puzzle`, both as 81 ASCII bytes in reading order
/// (in the puzzle, `b'1'..=b'9'` are givens and any other byte a blank): every cell of
/// `solution` a digit `b'1'..=b'9'`, every given kept, every row, column and box holding each
/// digit once. `None` otherwise, which says only that it is not a solution:
/// [`check_solution`] says why.
///
/// Straight passes over the bytes, cheaper than building a board and then checking it, for a solver
/// that answers in bytes (the engine) on many puzzles.
///
/// ```
/// use sudoku_board::solved_board;
///
/// let puzzle = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let solution = *b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// assert_eq!(solved_board(&puzzle, &solution).map(|board| board.to_ascii()), Some(solution));
///
/// let mut swapped = solution;
/// swapped.swap(2, 3); // row 1 is still a permutation, but two columns repeat a digit
/// assert_eq!(solved_board(&puzzle, &swapped), None);
/// ```
pub fn solved_board(puzzle: &[u8; 81], solution: &[u8; 81]) -> Option<Board> {
    // Every cell a digit, every given kept: byte by byte, which the compiler vectorises.
    let mut digits = [0u8; 81];
    let mut wrong = false;
    for ((digit, &given), &found) in digits.iter_mut().zip(puzzle).zip(solution) {
        // 0-8 for a digit 1-9, more for anything else (wrapping below b'1').
        *digit = found.wrapping_sub(b'1');
        wrong |= (*digit > 8) | ((given.wrapping_sub(b'1') <= 8) & (given != found));
    }
    if wrong {
        return None;
    }
    // A bit per digit (bit 0 for 1), ORed by row, by column and by band column (three of
    // which make a box). Nine cells holding all nine digits hold each once.
    let bits = digits.map(|digit| 1u16 << digit);
    let (mut rows, mut cols, mut bands) = (true, [0u16; 9], [[0u16; 9]; 3]);
    for (row, cells) in bits.chunks_exact(9).enumerate() {
        let mut held = 0;
        for ((col, band), &bit) in cols.iter_mut().zip(&mut bands[row / 3]).zip(cells) {
            (*col, *band, held) = (*col | bit, *band | bit, held | bit);
        }
        rows &= held == 0x1ff;
    }
    let mut boxes = bands.iter().flat_map(|band| band.chunks_exact(3));
    let all = rows
        && cols.iter().all(|&col| col == 0x1ff)
        && boxes.all(|stack| stack[0] | stack[1] | stack[2] == 0x1ff);
    all.then(|| Board {
        cells: digits.map(|digit| digit + 1),
    })
}
