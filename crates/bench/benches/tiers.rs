//! Criterion benchmarks: one group per puzzle set, one row per engine (and mode) that fits the
//! budget, throughput in puzzles per second.
//!
//! - Bundled sets (every fixture tier, then the generated set): every engine, first solution.
//! - Public sets, when `data/` holds them (or `SUDOKU_BENCH_DATA` names their folder): every
//!   engine in both modes, first solution and proving uniqueness.
//!
//! Before an engine gets a row it passes `sudoku_bench::throughput::check_budget`, which runs a
//! rung's pass in a worker process of this binary, killed once the budget has passed (so
//! `main` first serves a worker, if it is one); an engine that would need more than the budget per pass
//! (2.5 s, or 10 s on a public set), or cannot run in a mode, is left out and the bench prints
//! `left out: <engine> on <set>: <why>`.
//! Criterion filters (`cargo bench -- easy`) pick the rows to measure, but every budget check
//! still runs. The crate's README says what each group measures.

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
use sudoku_bench::engines::{Engine, Mode, engines};
use sudoku_bench::sets::{
    DATA_ENV, PUBLIC_SETS, PuzzleSet, bundled_names, bundled_set, data_dir, public_sets,
};
use sudoku_bench::throughput::{DEFAULT_BUDGET, check_budget};
use sudoku_harness::worker::Served;

/// The budget per pass on a public set. Two of them hold about 49,000 puzzles, a pass of which
/// takes even the fastest engines a few seconds: with the default budget they would be left out
/// of the very sets that tell them apart.
const PUBLIC_BUDGET: Duration = Duration::from_secs(10);

fn main() -> ExitCode {
    // A budget check's worker process: it serves its rung and ends, before criterion starts.
    if let Some(code) = sudoku_harness::worker::serve_if_asked(|name| {
        sudoku_fixtures::approach(name).map(|approach| Served {
            solve: approach.solve_counting_calls,
            solutions: approach.solutions,
        })
    }) {
        return code;
    }
    let mut criterion = Criterion::default().configure_from_args();
    let engines = engines();
    for set in bundled_names().into_iter().filter_map(bundled_set) {
        bench_set(
            &mut criterion,
            &set,
            &engines,
            &[Mode::FirstSolution],
            DEFAULT_BUDGET,
        );
    }
    // `cargo bench` runs this in crates/bench; a relative SUDOKU_BENCH_DATA is meant from the
    // workspace root, where the README's commands are typed.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match data_dir(&root).map(|dir| public_sets(&dir)).transpose() {
        Ok(Some(sets)) => {
            for set in sets {
                bench_set(&mut criterion, &set, &engines, &Mode::ALL, PUBLIC_BUDGET);
            }
        }
        Ok(None) => println!(
            "skipped: the public sets ({}), as data/ does not hold them and {DATA_ENV} \
             names no folder: `cargo xtask data --from TDOKU/data.zip` puts them there \
             (TDOKU: a clone of github.com/t-dillon/tdoku)",
            PUBLIC_SETS.join(", ")
        ),
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }
    criterion.final_summary();
    ExitCode::SUCCESS
}

/// One group named after the set; rows `<engine>/<mode>`.
fn bench_set(
    criterion: &mut Criterion,
    set: &PuzzleSet,
    engines: &[Engine],
    modes: &[Mode],
    budget: Duration,
) {
    let mut group = criterion.benchmark_group(&set.name);
    let boards = set.boards();
    group.throughput(Throughput::Elements(boards.len() as u64));
    for &mode in modes {
        for engine in engines {
            let pass = match check_budget(engine, set, mode, budget) {
                Ok(pass) => pass,
                Err(left_out) => {
                    println!("{left_out}");
                    continue;
                }
            };
            size_for(&mut group, pass);
            let id = BenchmarkId::new(engine.name(), mode.label());
            group.bench_function(id, |bencher| {
                bencher.iter_batched(
                    // Untimed: boards built (and for LeetCode's signature, cloned) per pass.
                    || {
                        engine
                            .prepare(mode, &boards)
                            .expect("the budget check ran it")
                    },
                    // Timed: the solves. The spent boards are returned, dropped untimed.
                    |batch| {
                        batch.run(|answer| {
                            black_box(answer);
                        })
                    },
                    if pass < Duration::from_millis(1) {
                        BatchSize::SmallInput
                    } else {
                        BatchSize::PerIteration
                    },
                );
            });
        }
    }
    group.finish();
}

/// Keeps a full `cargo bench` to minutes: few samples, and for passes that take a while, one
/// pass per sample and just enough time for ten of them.
fn size_for(group: &mut BenchmarkGroup<'_, WallTime>, pass: Duration) {
    group.warm_up_time(Duration::from_millis(500));
    if pass < Duration::from_millis(5) {
        group.sampling_mode(SamplingMode::Auto);
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(2));
    } else {
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        group.measurement_time(pass.mul_f64(12.0).max(Duration::from_secs(2)));
    }
}
