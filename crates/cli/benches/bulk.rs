//! The bulk path of `solve` beside the solver alone, on the same puzzles in one run: how much of
//! a solver's own rate `solve FILE` keeps once it reads, checks and writes every line.
//!
//! Rows, in puzzles per second, in two groups:
//! - `bulk/SET`: `engine` (`sudoku_engine::solve_bytes` on puzzles already in memory, one
//!   thread) and `solve_input` (what `solve` runs: lines read from a file, solved, each answer
//!   judged, handed to memory) on a rayon pool of 1 and of 2 threads;
//! - `workers/SET`: `dancing-links` through its `solve_sudoku` in this process, and
//!   `solve_input` with `--approach dancing-links`, whose puzzles go to worker processes of this
//!   binary in batches, on pools of 1 and 2 threads (the first 2,000 puzzles).
//!
//! The puzzles are the 17-clue set when `data/` holds the public sets (or `SUDOKU_BENCH_DATA`
//! names their folder), else the bundled generated set.

use std::fs::File;
use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use sudoku_bench::sets::{GENERATED, bundled_set, data_dir, public_sets};
use sudoku_harness::worker::Served;
use sudoku_kata::input::lines::LineReader;
use sudoku_kata::solving::solve_input;
use sudoku_kata::solving::solver::{Grids, Solver, Workers};

/// The public set measured when it is there: many easy puzzles, where the per-line work shows.
const SEVENTEEN_CLUE: &str = "puzzles2_17_clue";

/// The rung raced through workers: the fastest of those that cannot be stopped in process.
const RUNG: &str = "dancing-links";

fn main() -> ExitCode {
    // The `workers` group's worker processes are this binary: serve, and end.
    if let Some(code) = sudoku_harness::worker::serve_if_asked(|name| {
        sudoku_fixtures::approach(name).map(|approach| Served {
            solve: approach.solve_counting_calls,
            solutions: approach.solutions,
        })
    }) {
        return code;
    }
    let mut criterion = Criterion::default().configure_from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let public = data_dir(&root)
        .and_then(|dir| public_sets(&dir).ok())
        .into_iter()
        .flatten();
    let set = public
        .into_iter()
        .find(|set| set.name == SEVENTEEN_CLUE)
        .or_else(|| bundled_set(GENERATED))
        .expect("the generated set is bundled");
    let name = set.name.clone();
    let set = set.boards();
    let text: Vec<u8> = set.iter().flat_map(line).collect();

    let mut group = criterion.benchmark_group(format!("bulk/{name}"));
    group.throughput(Throughput::Elements(set.len() as u64));
    group.sample_size(10);
    group.bench_function("engine", |b| {
        b.iter(|| {
            for puzzle in &set {
                black_box(sudoku_engine::solve_bytes(puzzle));
            }
        });
    });
    bench_solve_input(&mut group, &text, set.len(), Solver::Engine);
    group.finish();

    let puzzles = &set[..set.len().min(2_000)];
    let rung = sudoku_fixtures::approach(RUNG).expect("a rung of the ladder");
    let workers = Workers::new(Solver::Approach(rung), Duration::from_secs(10));
    let text: Vec<u8> = puzzles.iter().flat_map(line).collect();
    let mut group = criterion.benchmark_group(format!("workers/{name}"));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.sample_size(10);
    let boards: Vec<Vec<Vec<char>>> = puzzles.iter().map(rows).collect();
    group.bench_function(RUNG, |b| {
        b.iter(|| {
            for board in &boards {
                let mut board = board.clone();
                (rung.solve)(&mut board);
                black_box(board);
            }
        });
    });
    bench_solve_input(&mut group, &text, puzzles.len(), Solver::Workers(&workers));
    group.finish();
    criterion.final_summary();
    ExitCode::SUCCESS
}

/// One row per pool size: `solve_input` on a file of `text` (`lines` lines) with `solver`.
fn bench_solve_input(
    group: &mut BenchmarkGroup<'_, WallTime>,
    text: &[u8],
    lines: usize,
    solver: Solver<'_>,
) {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(text).expect("the puzzles are written");
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        let threads_named = sudoku_board::counted(threads as u64, "thread");
        group.bench_function(format!("solve_input, {threads_named}"), |b| {
            b.iter(|| {
                let mut written = 0;
                let mut reader = LineReader::of_file(File::open(file.path()).expect("opened"));
                pool.install(|| {
                    solve_input(
                        "bench",
                        &mut reader,
                        solver,
                        Grids::default(),
                        &mut |outcomes, _| {
                            written += outcomes.len();
                            Ok(())
                        },
                    )
                })
                .expect("in memory");
                assert_eq!(written, lines, "one outcome per line");
            });
        });
    }
}

/// A puzzle as a line of the input.
fn line(puzzle: &[u8; 81]) -> Vec<u8> {
    [&puzzle[..], b"\n"].concat()
}

/// A puzzle in LeetCode's shape.
fn rows(puzzle: &[u8; 81]) -> Vec<Vec<char>> {
    puzzle
        .chunks(9)
        .map(|row| row.iter().map(|&byte| char::from(byte)).collect())
        .collect()
}
