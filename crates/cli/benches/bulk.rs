//! The bulk path of `solve` beside the engine alone, on the same puzzles in one run: how much of
//! the engine's own rate `solve FILE` keeps once it reads, checks and writes every line.
//!
//! Rows, in puzzles per second: `engine` (`sudoku_engine::solve_bytes` on puzzles already in
//! memory, one thread) and `solve_input` (what `solve` runs: lines read from memory, solved,
//! each answer judged, written to memory) on a rayon pool of 1 and of 2 threads. The puzzles are
//! the 17-clue set when `SUDOKU_BENCH_DATA` names the public sets' directory, else the bundled
//! generated set.

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;

use criterion::{Criterion, Throughput};
use sudoku_bench::sets::{GENERATED, bundled_set, from_env};
use sudoku_kata::input::lines::LineReader;
use sudoku_kata::solving::solve_input;
use sudoku_kata::solving::solver::Solver;

/// The public set measured when it is there: many easy puzzles, where the per-line work shows.
const SEVENTEEN_CLUE: &str = "puzzles2_17_clue";

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let public = from_env(&root).ok().flatten().into_iter().flatten();
    let set = public
        .into_iter()
        .find(|set| set.name == SEVENTEEN_CLUE)
        .or_else(|| bundled_set(GENERATED))
        .expect("the generated set is bundled");
    let text: Vec<u8> = set
        .puzzles
        .iter()
        .flat_map(|puzzle| puzzle.iter().copied().chain([b'\n']))
        .collect();

    let mut group = criterion.benchmark_group(format!("bulk/{}", set.name));
    group.throughput(Throughput::Elements(set.puzzles.len() as u64));
    group.sample_size(10);
    group.bench_function("engine", |b| {
        b.iter(|| {
            for puzzle in &set.puzzles {
                black_box(sudoku_engine::solve_bytes(puzzle));
            }
        });
    });
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        group.bench_function(format!("solve_input, {threads} thread(s)"), |b| {
            b.iter(|| {
                let mut written = 0;
                let mut reader = LineReader::new(Box::new(Cursor::new(text.clone())));
                pool.install(|| {
                    solve_input("bench", &mut reader, Solver::Engine, &mut |outcomes, _| {
                        written += outcomes.len();
                        Ok(())
                    })
                })
                .expect("in memory");
                assert_eq!(written, set.puzzles.len(), "one outcome per line");
            });
        });
    }
    group.finish();
    criterion.final_summary();
}
