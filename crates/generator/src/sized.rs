//! Complete grids of any box size: a shuffled pattern grid, which `Generator::grid_puzzle` digs
//! with the caller's solution counter.

use crate::shuffle::Shuffler;

/// A complete grid of box size `b` in reading order, values 1 to `b * b`: the pattern grid
/// `(b * (row % b) + row / b + col) % n + 1`, with its rows shuffled within bands and the bands
/// shuffled, the same for columns and stacks, its values relabelled, and transposed or not.
pub(crate) fn random_grid(b: usize, shuffler: &mut Shuffler) -> Vec<u8> {
    let n = b * b;
    let rows = grouped_order(b, shuffler);
    let cols = grouped_order(b, shuffler);
    let mut values: Vec<u8> = (1..=n).map(|value| value as u8).collect();
    shuffler.shuffle(&mut values);
    let transpose = shuffler.below(2) == 1;
    (0..n * n)
        .map(|cell| {
            let (mut row, mut col) = (rows[cell / n], cols[cell % n]);
            if transpose {
                (row, col) = (col, row);
            }
            values[(b * (row % b) + row / b + col) % n]
        })
        .collect()
}

/// A random order of `0..b * b` that keeps each group of `b` (a band of rows, a stack of
/// columns) together: the groups shuffled, then the lines within each.
fn grouped_order(b: usize, shuffler: &mut Shuffler) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..b).collect();
    shuffler.shuffle(&mut groups);
    let mut order = Vec::with_capacity(b * b);
    for group in groups {
        let mut lines: Vec<usize> = (group * b..(group + 1) * b).collect();
        shuffler.shuffle(&mut lines);
        order.extend(lines);
    }
    order
}

/// A random complete grid of box size `b` (2 to 5), drawn as the public sets of hard large
/// boards draw theirs ("Las Vegas"): a fifth of the cells, picked at random, each get a random
/// value that clashes with none placed before it, and the engine completes them. A draw that
/// has no completion is drawn again (below a fifth given, almost none is).
///
/// Unlike [`random_grid`], whose grids all share the pattern's structure (every band a shift
/// of the one above), this reaches grids of every kind, so their puzzles are as hard as the
/// public sets' at the same share of givens.
pub(crate) fn drawn_grid(b: usize, shuffler: &mut Shuffler) -> Vec<u8> {
    let n = b * b;
    let clashes = |cells: &[u8], cell: usize, value: u8| {
        let (row, col) = (cell / n, cell % n);
        let (top, left) = (row / b * b, col / b * b);
        (0..n).any(|k| {
            cells[row * n + k] == value
                || cells[k * n + col] == value
                || cells[(top + k / b) * n + left + k % b] == value
        })
    };
    loop {
        let mut cells = vec![0; n * n];
        let mut order: Vec<usize> = (0..n * n).collect();
        shuffler.shuffle(&mut order);
        for &cell in &order[..n * n / 5] {
            let free: Vec<u8> = (1..=n as u8)
                .filter(|&value| !clashes(&cells, cell, value))
                .collect();
            if !free.is_empty() {
                cells[cell] = free[shuffler.below(free.len() as u64) as usize];
            }
        }
        if let Some(grid) = sudoku_engine::large::solutions(b, &cells, 1).0.pop() {
            return grid;
        }
    }
}
