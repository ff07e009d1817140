//! The one rule of Sudoku: no value twice in a row, a column or a box.
//!
//! [`Board`](crate::Board) (for its givens), [`check_solution`](crate::check_solution) (for a
//! full grid) and [`Grid`](crate::Grid) (for boards of any box size) enforce it, so it lives
//! here once.

use crate::{Cell, Unit};

/// Finds the first clash in reading order on a board whose boxes are `box_size` cells wide: the
/// first cell whose value was already seen in its row, its column or its box (looked at in that
/// order), together with the earlier cell holding it.
///
/// Blank cells (0) are skipped. Values must be at most the board's side: callers reject others
/// before asking about clashes.
/// Returns `(value, unit, first, second)`, the earlier cell first.
pub(crate) fn first_clash(cells: &[u8], box_size: usize) -> Option<(u8, Unit, Cell, Cell)> {
    // Most 9x9 boards, which every 9x9 tool builds by the million, have no clash: a pass over
    // bitmasks says so, and the pass below, which finds where a clash is, runs only when there
    // is one.
    if <&[u8; 81]>::try_from(cells).is_ok_and(|cells| !has_clash(cells)) {
        return None;
    }
    let n = box_size * box_size;
    // For every unit (rows, then columns, then boxes) and value, the first cell where that
    // value was seen. One pass over the board, instead of comparing every pair of cells.
    let mut first_seen = vec![None::<Cell>; 3 * n * n];
    for (index, &value) in cells.iter().enumerate().filter(|&(_, &value)| value != 0) {
        let cell = Cell::at(index, n);
        for (kind, unit) in cell.units(box_size).into_iter().enumerate() {
            let number = match unit {
                Unit::Row(i) | Unit::Column(i) | Unit::Box(i) => usize::from(i),
            };
            let slot = &mut first_seen[(kind * n + number) * n + usize::from(value) - 1];
            match *slot {
                Some(first) => return Some((value, unit, first, cell)),
                None => *slot = Some(cell),
            }
        }
    }
    None
}

/// Whether any digit 1-9 stands twice in a row, a column or a box of a 9x9 board of values 0-9:
/// one pass in reading order, each unit's digits gathered in a mask, a bit per digit.
fn has_clash(cells: &[u8; 81]) -> bool {
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    let mut clash = 0;
    for (row, digits) in cells.chunks_exact(9).enumerate() {
        let mut seen = 0;
        for (col, &digit) in digits.iter().enumerate() {
            // No bit for a blank (0).
            let bit = (1u16 << digit) >> 1;
            let bx = row / 3 * 3 + col / 3;
            clash |= (seen | cols[col] | boxes[bx]) & bit;
            seen |= bit;
            cols[col] |= bit;
            boxes[bx] |= bit;
        }
    }
    clash != 0
}
