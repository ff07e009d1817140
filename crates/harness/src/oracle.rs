//! A plain solution counter for tests: the second opinion every solver's answer is checked
//! against. It shares no code with the approaches or the engine, and stays simple enough to
//! trust by reading: one bit mask of used digits per row, column and box, and a search that
//! branches on the tightest of the 324 constraints (a blank's digits, or a unit's places for a
//! digit), as exact cover does, so that sparse boards without a solution end quickly.
//!
//! ```
//! use sudoku_harness::oracle::count_solutions;
//!
//! let empty = vec![vec!['.'; 9]; 9];
//! assert_eq!(count_solutions(&empty, 3), 3);
//! ```

/// Counts the solutions of `board` (rows of `'1'..='9'` and `'.'`), stopping at `limit`.
/// Givens that clash count as no solution; any other character counts as a blank.
pub fn count_solutions(board: &[Vec<char>], limit: usize) -> usize {
    let mut grid = [0u8; 81];
    let mut used = [0u16; 27];
    for (cell, digit) in grid.iter_mut().enumerate() {
        let Some(given) = board[cell / 9][cell % 9].to_digit(10).filter(|&d| d > 0) else {
            continue;
        };
        let bit = 1 << given;
        if units(cell).iter().any(|&unit| used[unit] & bit != 0) {
            return 0;
        }
        units(cell).iter().for_each(|&unit| used[unit] |= bit);
        *digit = given as u8;
    }
    let mut found = 0;
    count(&mut grid, &mut used, limit, &mut found);
    found
}

/// The row, column and box of `cell`, as indices into the 27 unit masks.
fn units(cell: usize) -> [usize; 3] {
    [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3]
}

/// The cells of unit `unit` (rows, then columns, then boxes).
fn cells_of(unit: usize) -> [usize; 9] {
    std::array::from_fn(|i| match unit {
        0..9 => 9 * unit + i,
        9..18 => 9 * i + unit - 9,
        _ => (unit - 18) / 3 * 27 + (unit - 18) % 3 * 3 + i / 3 * 9 + i % 3,
    })
}

/// The digits (bits 1..=9) still free for blank `cell`.
fn free(used: &[u16; 27], cell: usize) -> u16 {
    let [row, column, square] = units(cell);
    !(used[row] | used[column] | used[square]) & 0b11_1111_1110
}

/// Places `digit` at `cell` (or takes it back), with its three units' masks.
fn set(grid: &mut [u8; 81], used: &mut [u16; 27], cell: usize, digit: u8, on: bool) {
    grid[cell] = if on { digit } else { 0 };
    units(cell)
        .iter()
        .for_each(|&unit| used[unit] ^= 1 << digit);
}

/// Counts the completions of `grid` until `found` reaches `limit`. Each solution places one
/// digit in every blank and every digit once in every unit, so branching on either kind of
/// constraint splits the solutions without overlap.
fn count(grid: &mut [u8; 81], used: &mut [u16; 27], limit: usize, found: &mut usize) {
    // The tightest constraint: its (cell, digit) choices.
    let mut best: Option<Vec<(usize, u8)>> = None;
    let mut consider = |choices: Vec<(usize, u8)>| {
        if best.as_ref().is_none_or(|best| choices.len() < best.len()) {
            best = Some(choices);
        }
    };
    for cell in (0..81).filter(|&cell| grid[cell] == 0) {
        let digits = free(used, cell);
        consider(
            (1..=9)
                .filter(|d| digits & 1 << d != 0)
                .map(|d| (cell, d))
                .collect(),
        );
    }
    for unit in 0..27 {
        for digit in (1..=9).filter(|d| used[unit] & 1 << d == 0) {
            let places = cells_of(unit).into_iter();
            consider(
                places
                    .filter(|&c| grid[c] == 0 && free(used, c) & 1 << digit != 0)
                    .map(|c| (c, digit))
                    .collect(),
            );
        }
    }
    let Some(choices) = best else {
        *found += 1; // no blank left
        return;
    };
    for (cell, digit) in choices {
        if *found >= limit {
            return;
        }
        set(grid, used, cell, digit, true);
        count(grid, used, limit, found);
        set(grid, used, cell, digit, false);
    }
}
