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
