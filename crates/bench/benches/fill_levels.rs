//! The large-board engine, and the rungs that take any box size where they finish, on hard
//! boards by fill level: one criterion group per size and share of givens (`16x16/40%`, ...,
//! `25x25/55%`), first solution.
//!
//! The boards are made as the public sets of hard boards make theirs, and as `sudoku-kata
//! generate --size N --givens PERCENT --seed S` prints them (`Generator::share_puzzle`, seed
//! `100 * side + percent`): a random complete grid keeps that share of its cells, picked at
//! random. Near 40% to 45% given on 25x25 (the phase transition) the rungs take minutes a board,
//! so on 25x25 they run only at 55%. `compare --size 25 --file` races them all on any file,
//! the public sets included, within a budget a board.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput};
use sudoku_generator::Generator;

/// Boards per group.
const BOARDS: usize = 10;

/// The shares of givens measured, per box size.
const LEVELS: [(usize, &[u8]); 2] = [(4, &[35, 40, 45, 50]), (5, &[35, 40, 45, 50, 55])];

/// The share from which the rungs run on 25x25.
const RUNGS_FROM_ON_25X25: u8 = 55;

/// A rung's entry for any box size.
type SolveGrid = fn(usize, &mut [u8]) -> bool;

const RUNGS: [(&str, SolveGrid); 2] = [
    ("dancing-links", dancing_links::solve_grid),
    ("constraint-propagation", constraint_propagation::solve_grid),
];

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    for (b, levels) in LEVELS {
        let n = b * b;
        for &percent in levels {
            let mut generator = Generator::new((100 * n + usize::from(percent)) as u64);
            let boards: Vec<Vec<u8>> = (0..BOARDS)
                .map(|_| generator.share_puzzle(b, percent).puzzle.values().to_vec())
                .collect();
            let mut group = criterion.benchmark_group(format!("{n}x{n}/{percent}%"));
            group.throughput(Throughput::Elements(BOARDS as u64));
            group.sample_size(10);
            group.bench_function("engine", |bench| {
                bench.iter(|| {
                    for board in &boards {
                        let (found, _) = sudoku_engine::large::solutions(b, black_box(board), 1);
                        assert_eq!(found.len(), 1, "each board has a solution");
                    }
                })
            });
            let rungs = if b < 5 || percent >= RUNGS_FROM_ON_25X25 {
                &RUNGS[..]
            } else {
                &[]
            };
            for &(name, solve_grid) in rungs {
                group.bench_function(name, |bench| {
                    bench.iter_batched_ref(
                        || boards.clone(),
                        |boards| {
                            for board in boards.iter_mut() {
                                assert!(solve_grid(b, black_box(board)), "{name}: solved");
                            }
                        },
                        BatchSize::SmallInput,
                    )
                });
            }
            group.finish();
        }
    }
    criterion.final_summary();
}
