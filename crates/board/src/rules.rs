//! The one rule of Sudoku: no digit twice in a row, a column or a box.
//!
//! Both [`Board`](crate::Board) (for its givens) and
//! [`check_solution`](crate::check_solution) (for a full grid) enforce it, so
//! it lives here once.

use crate::{Cell, Unit};

/// Finds the first clash in reading order: the first cell whose digit was
/// already seen in its row, its column or its box (looked at in that order),
/// together with the earlier cell holding it.
///
/// Blank cells (0) are skipped. Values above 9 are skipped too: callers
/// reject them before asking about clashes.
/// Returns `(digit, unit, first, second)`, the earlier cell first.
pub(crate) fn first_clash(cells: &[u8; 81]) -> Option<(u8, Unit, Cell, Cell)> {
    // Most boards have no clash: a pass over bitmasks says so, and the pass below, which finds
    // where a clash is, runs only when there is one.
    if !has_clash(cells) {
        return None;
    }
    // For every unit and digit, the first cell where that digit was seen.
    // One pass over the board, instead of comparing every pair of cells.
    let mut first_seen = [[None::<Cell>; 9]; 27];
    for (index, &digit) in cells.iter().enumerate() {
        if !(1..=9).contains(&digit) {
            continue;
        }
        let cell = Cell::from_index(index);
        for unit in cell.units() {
            // In bounds: `cell` comes from an index below 81, so every unit
            // index is below 9, and `digit` is 1-9.
            let slot = &mut first_seen[table_row(unit)][usize::from(digit - 1)];
            match *slot {
                Some(first) => return Some((digit, unit, first, cell)),
                None => *slot = Some(cell),
            }
        }
    }
    None
}

/// Whether any digit 1-9 stands twice in a row, a column or a box: one pass in reading order,
/// each unit's digits gathered in a mask, a bit per digit.
fn has_clash(cells: &[u8; 81]) -> bool {
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    let mut clash = 0;
    for (row, digits) in cells.chunks_exact(9).enumerate() {
        let mut seen = 0;
        for (col, &digit) in digits.iter().enumerate() {
            let bit = if (1..=9).contains(&digit) {
                1 << (digit - 1)
            } else {
                0
            };
            let bx = row / 3 * 3 + col / 3;
            clash |= (seen | cols[col] | boxes[bx]) & bit;
            seen |= bit;
            cols[col] |= bit;
            boxes[bx] |= bit;
        }
    }
    clash != 0
}

/// Lays the 27 units out one after another: rows, then columns, then boxes.
fn table_row(unit: Unit) -> usize {
    match unit {
        Unit::Row(index) => usize::from(index),
        Unit::Column(index) => 9 + usize::from(index),
        Unit::Box(index) => 18 + usize::from(index),
    }
}
