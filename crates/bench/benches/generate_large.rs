//! What `sudoku-kata generate --size 25 --count 100` does, in process: 100 unique 25x25
//! puzzles from one seed, each dug with the engine's counter to the generator's default
//! blank target and checked unique by `constraint-propagation`, as the command checks them
//! before printing. One iteration is the whole run of 100, so the group takes the fewest samples
//! criterion allows, one run each, and a minute to measure them.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use sudoku_generator::{Generator, default_max_blanks};

/// Puzzles per run.
const PUZZLES: usize = 100;
/// Box size 5: 25x25 boards.
const BOX_SIZE: usize = 5;

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("generate");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(60))
        .throughput(Throughput::Elements(PUZZLES as u64));
    group.bench_function("25x25", |bench| {
        bench.iter(|| {
            let mut generator = Generator::new(black_box(37));
            for _ in 0..PUZZLES {
                let max_blanks = default_max_blanks(BOX_SIZE);
                let dig =
                    |b, cells: &[u8], limit| sudoku_engine::large::solutions(b, cells, limit).0;
                let generated = generator.grid_puzzle(BOX_SIZE, max_blanks, dig);
                let found =
                    constraint_propagation::solutions(BOX_SIZE, generated.puzzle.values(), 2);
                assert_eq!(found, [generated.solution.values()], "not unique");
            }
        })
    });
    group.finish();
    criterion.final_summary();
}
