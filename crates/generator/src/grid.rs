//! A random complete grid: backtracking from the empty board, trying each cell's candidates in
//! a shuffled order.
//!
//! The cell filled next is the blank with the fewest candidates (the first in reading order on a
//! tie). From an empty board that almost never meets a dead end, so a grid takes a few
//! microseconds, and it never fails: the empty board has solutions, and backtracking tries them
//! all if it must.

use crate::shuffle::Shuffler;

/// A grid being filled: digits 1-9 or 0 for blank, and a candidate mask per unit (rows 0-8,
/// columns 9-17, boxes 18-26), with bit `d - 1` set while digit `d` is still free there.
struct Filling {
    cells: [u8; 81],
    free: [u16; 27],
}

/// The row, column and box of cell `index`.
fn units(index: usize) -> [usize; 3] {
    let (row, col) = (index / 9, index % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

impl Filling {
    /// Places `digit` in the blank `index`, or takes it out again if it is there, keeping the
    /// masks in step (placing and taking out flip the same three bits).
    fn toggle(&mut self, index: usize, digit: u8) {
        for unit in units(index) {
            self.free[unit] ^= 1 << (digit - 1);
        }
        self.cells[index] ^= digit;
    }

    /// The digits still free at `index`, as a mask.
    fn candidates(&self, index: usize) -> u16 {
        let [row, col, bx] = units(index);
        self.free[row] & self.free[col] & self.free[bx]
    }

    /// Fills every blank, the one with the fewest candidates first (the first in reading order
    /// on a tie), trying its candidates in shuffled order; `false` if this branch is a dead end
    /// (the grid is then as it was on entry).
    fn fill(&mut self, shuffler: &mut Shuffler) -> bool {
        let blanks = (0..81).filter(|&index| self.cells[index] == 0);
        let tightest = blanks.map(|index| (index, self.candidates(index)));
        let Some((index, mask)) = tightest.min_by_key(|&(_, mask)| mask.count_ones()) else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9)
            .filter(|digit| mask & (1 << (digit - 1)) != 0)
            .collect();
        shuffler.shuffle(&mut digits);
        for digit in digits {
            self.toggle(index, digit);
            if self.fill(shuffler) {
                return true;
            }
            self.toggle(index, digit);
        }
        false
    }
}

/// A random complete, valid grid: 81 digits 1-9 in reading order.
pub(crate) fn random_grid(shuffler: &mut Shuffler) -> [u8; 81] {
    // Empty, all nine digits free in every unit.
    let mut filling = Filling {
        cells: [0; 81],
        free: [0x1ff; 27],
    };
    let filled = filling.fill(shuffler);
    debug_assert!(filled, "the empty board always has a completion");
    filling.cells
}

#[cfg(test)]
mod tests {
    use super::random_grid;
    use crate::shuffle::Shuffler;

    #[test]
    fn the_first_cell_takes_every_digit_about_equally_often() {
        // The first cell filled is the top-left one (every blank ties at 9 candidates), and its
        // digit is the first of a shuffled 1..=9: 900 grids should show each digit about 100
        // times. A shuffle that favours one order would push some digit outside 60..140.
        let mut shuffler = Shuffler::new(2);
        let mut seen = [0u32; 9];
        for _ in 0..900 {
            seen[usize::from(random_grid(&mut shuffler)[0] - 1)] += 1;
        }
        for (digit, &count) in (1..).zip(&seen) {
            assert!(
                (60..140).contains(&count),
                "digit {digit} first {count} times of 900"
            );
        }
    }
}
