//! The one rule of Sudoku: no digit twice in a row, a column or a box.
//!
//! Both [`Board`](crate::Board) (for its givens) and
//! [`check_solution`](crate::check_solution) (for a full grid) enforce it, so
//! it lives here once.

use crate::{Cell, Unit};

/// Two cells of one unit holding the same digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Clash {
    pub digit: u8,
    pub unit: Unit,
    /// The earlier of the two cells, in reading order.
    pub first: Cell,
    /// The later of the two cells, in reading order.
    pub second: Cell,
}

/// Finds the first clash in reading order: the first cell whose digit was
/// already seen in its row, its column or its box (looked at in that order),
/// together with the earlier cell holding it.
///
/// Blank cells (0) are skipped. Values above 9 are skipped too: callers
/// reject them before asking about clashes.
pub(crate) fn first_clash(cells: &[u8; 81]) -> Option<Clash> {
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
                Some(first) => {
                    return Some(Clash {
                        digit,
                        unit,
                        first,
                        second: cell,
                    });
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// A board with `digit` placed in each of `cells` and blanks elsewhere.
    fn board_with(digit: u8, cells: &[Cell]) -> [u8; 81] {
        let mut board = [0; 81];
        for cell in cells {
            board[cell.index()] = digit;
        }
        board
    }

    #[test]
    fn an_empty_board_has_no_clash() {
        assert_eq!(first_clash(&[0; 81]), None);
    }

    #[test]
    fn a_valid_solution_has_no_clash() {
        let solution: Vec<u8> = crate::tests_support::SOLUTION
            .bytes()
            .map(|b| b - b'0')
            .collect();
        assert_eq!(first_clash(&solution.try_into().unwrap()), None);
    }

    #[test]
    fn a_cell_clashing_in_its_row_and_box_reports_the_row() {
        let first = Cell { row: 0, col: 0 };
        let second = Cell { row: 0, col: 1 };
        assert_eq!(
            first_clash(&board_with(4, &[first, second])),
            Some(Clash {
                digit: 4,
                unit: Unit::Row(0),
                first,
                second,
            })
        );
    }

    #[test]
    fn the_first_repeating_cell_in_reading_order_wins() {
        // A column clash completed at row 3 comes before a row clash
        // completed at row 5.
        let cells = [
            Cell { row: 0, col: 8 },
            Cell { row: 2, col: 8 },
            Cell { row: 4, col: 0 },
            Cell { row: 4, col: 3 },
        ];
        let clash = first_clash(&board_with(7, &cells)).unwrap();
        assert_eq!(clash.unit, Unit::Column(8));
        assert_eq!(clash.second, Cell { row: 2, col: 8 });
    }

    #[test]
    fn a_box_clash_names_the_box() {
        let first = Cell { row: 3, col: 3 };
        let second = Cell { row: 5, col: 5 };
        assert_eq!(
            first_clash(&board_with(9, &[first, second])),
            Some(Clash {
                digit: 9,
                unit: Unit::Box(4),
                first,
                second,
            })
        );
    }

    #[test]
    fn values_above_nine_are_ignored_not_a_panic() {
        assert_eq!(first_clash(&[200; 81]), None);
    }
}
