//! `dancing-links` against `constraint-propagation` on boards of every box size both take: one
//! criterion group per size (`4x4`, `9x9`, `16x16`, `25x25`), both rungs on the same puzzles,
//! first solution, through their `solve_grid`.
//!
//! The puzzles are made as `sudoku-kata generate` makes boards beyond 9x9 (`Generator::grid_puzzle`,
//! seed N for a side of N): unique, dug with dancing-links to the generator's share of blanks
//! (every cell uniqueness allows up to 9x9, 60% on 16x16, 45% on 25x25). On 4x4, 16x16 and 25x25
//! they are the puzzles of `generate --size N --seed N --count 20`, and the bundled
//! `fixtures/large/` boards that `compare --size` runs are the first of them (all 20 of 16x16,
//! 10 of 25x25); `generate --size 9` makes its puzzles another way, so the 9x9 ones are this
//! bench's own.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput};
use sudoku_generator::{Generator, default_max_blanks};

/// A rung's entry for any box size.
type SolveGrid = fn(usize, &mut [u8]) -> bool;

const RUNGS: [(&str, SolveGrid); 2] = [
    ("dancing-links", dancing_links::solve_grid),
    ("constraint-propagation", constraint_propagation::solve_grid),
];

/// Puzzles per group.
const PUZZLES: usize = 20;

/// The puzzles of box size `b` (see the module documentation).
fn puzzles(b: usize) -> Vec<Vec<u8>> {
    let mut generator = Generator::new((b * b) as u64);
    (0..PUZZLES)
        .map(|_| {
            let generated =
                generator.grid_puzzle(b, default_max_blanks(b), dancing_links::solutions);
            generated.puzzle.values().to_vec()
        })
        .collect()
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    for b in 2..=5 {
        let n = b * b;
        let set = puzzles(b);
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
