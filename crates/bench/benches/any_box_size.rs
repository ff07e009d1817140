//! `dancing-links` against `constraint-propagation` on boards of every box size both take: one
//! criterion group per size (`4x4`, `9x9`, `16x16`, `25x25`), both rungs on the same puzzles,
//! first solution, through their `solve_grid`.
//!
//! The puzzles are made here, the same on every run: the empty board's solution, relabelled and
//! shuffled (bands, rows within a band, stacks, columns within a stack) by a fixed seed, then a
//! third of its cells blanked. Each has at least one solution, not necessarily one only.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput};

/// A rung's entry for any box size.
type SolveGrid = fn(usize, &mut [u8]) -> bool;

const RUNGS: [(&str, SolveGrid); 2] = [
    ("dancing-links", dancing_links::solve_grid),
    ("constraint-propagation", constraint_propagation::solve_grid),
];

/// Puzzles per group.
const PUZZLES: usize = 20;

/// A small deterministic generator (xorshift64), so every run measures the same puzzles.
struct Random(u64);

impl Random {
    /// A number below `bound`.
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    /// `0..len` in a random order.
    fn order(&mut self, len: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            items.swap(i, self.below(i + 1));
        }
        items
    }

    /// A random order of `0..b * b` that keeps each group of `b` together: bands of rows, or
    /// stacks of columns.
    fn grouped_order(&mut self, b: usize) -> Vec<usize> {
        let groups = self.order(b);
        groups
            .into_iter()
            .flat_map(|group| self.order(b).into_iter().map(move |i| group * b + i))
            .collect()
    }
}

/// `count` puzzles of box size `b` (see the module documentation).
fn puzzles(b: usize, count: usize, random: &mut Random) -> Vec<Vec<u8>> {
    let n = b * b;
    let mut solution = vec![0; n * n];
    assert!(dancing_links::solve_grid(b, &mut solution));
    (0..count)
        .map(|_| {
            let (rows, cols, values) = (
                random.grouped_order(b),
                random.grouped_order(b),
                random.order(n),
            );
            (0..n * n)
                .map(|cell| {
                    let value = solution[rows[cell / n] * n + cols[cell % n]];
                    let relabelled = values[usize::from(value) - 1] as u8 + 1;
                    if random.below(3) == 0 { 0 } else { relabelled }
                })
                .collect()
        })
        .collect()
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut random = Random(37);
    for b in 2..=5 {
        let n = b * b;
        let set = puzzles(b, PUZZLES, &mut random);
        let mut group = criterion.benchmark_group(format!("{n}x{n}"));
        group.throughput(Throughput::Elements(PUZZLES as u64));
        for (name, solve_grid) in RUNGS {
            group.bench_function(name, |bench| {
                bench.iter_batched_ref(
                    || set.clone(),
                    |boards| {
                        for board in boards.iter_mut() {
                            assert!(
                                solve_grid(b, black_box(board)),
                                "{name}: a puzzle has a solution"
                            );
                        }
                    },
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
    criterion.final_summary();
}
