//! Every engine, in every mode it supports, says what the fixtures say about the bundled puzzles,
//! and every solution it hands back is checked.
//!
//! The registry's approaches behind LeetCode's signature are already held to every puzzle by
//! their own shared suites (`shared_suite!`); what is new here is the engine wrapper around them (the
//! conversion and the reading of the answer), so they run on the tiers that take a naive rung
//! well under a second (the hard and adversarial tiers take them many seconds). The engines of
//! this crate (the engine in both modes, the reference) run on every tier.

use sudoku_bench::engines::{ENGINE, Engine, Mode, engines};
use sudoku_bench::outcome::{Outcome, is_solution_of};
use sudoku_harness::{Expected, Puzzle, TIERS, tier_puzzles};

/// The tiers every approach behind LeetCode's signature runs on.
const QUICK_TIERS: [&str; 3] = ["leetcode", "easy", "edge"];

fn is_registry_first_solution(engine: &Engine, mode: Mode) -> bool {
    mode == Mode::FirstSolution && sudoku_fixtures::approach(engine.name()).is_some()
}

/// Runs `engine` on `puzzles` and returns each outcome.
fn outcomes(engine: &Engine, mode: Mode, puzzles: &[&Puzzle]) -> Vec<Outcome> {
    let bytes: Vec<_> = puzzles
        .iter()
        .map(|puzzle| puzzle.board.to_ascii())
        .collect();
    let batch = engine.prepare(mode, &bytes).expect("a supported mode");
    let mut found = Vec::new();
    let _spent = batch.run(|answer| found.push(answer.outcome()));
    assert_eq!(found.len(), puzzles.len());
    found
}

/// What a correct engine may say about `puzzle` in `mode`; panics naming the puzzle otherwise.
fn check(engine: &Engine, mode: Mode, puzzle: &Puzzle, outcome: Outcome) {
    let context = format!("{} ({}) on {}", engine.name(), mode.label(), puzzle.id());
    let givens = puzzle.board.to_ascii();
    let the_solution = |solution: &[u8; 81]| match &puzzle.expected {
        Expected::Unique(known) => {
            assert_eq!(
                *solution,
                known.to_ascii(),
                "{context}: not the known solution"
            );
        }
        Expected::Multiple => {
            assert!(
                is_solution_of(&givens, solution),
                "{context}: not a solution"
            );
        }
        Expected::NoSolution => panic!("{context}: solved a puzzle with no solution"),
    };
    match (mode, &puzzle.expected, outcome) {
        (Mode::FirstSolution, _, Outcome::Solved(solution)) => the_solution(&solution),
        (Mode::ProveUnique, Expected::Unique(_), Outcome::Unique(solution)) => {
            if let Some(solution) = solution {
                the_solution(&solution);
            }
        }
        (Mode::ProveUnique, Expected::Multiple, Outcome::Multiple)
        | (_, Expected::NoSolution, Outcome::NoSolution) => {}
        // The reference's `solution()` says only "not exactly one".
        (Mode::ProveUnique, Expected::Multiple | Expected::NoSolution, Outcome::NotUnique) => {}
        (_, expected, outcome) => panic!("{context}: expected {expected:?}, got {outcome:?}"),
    }
}

/// The engines run side by side, each on a thread of its own: the naive rungs' edge puzzles
/// take seconds.
#[test]
fn every_engine_agrees_with_the_fixtures() {
    let runs: usize = std::thread::scope(|scope| {
        let engines: Vec<_> = (engines().into_iter())
            .map(|engine| scope.spawn(move || agrees_with_the_fixtures(&engine)))
            .collect();
        (engines.into_iter())
            .map(|engine| {
                engine
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .sum()
    });
    // Every registry approach on the quick tiers, plus both modes of the engine on every tier:
    // a filter that skipped everything would fail here.
    let registry = sudoku_fixtures::APPROACHES.len();
    let reference_runs = if cfg!(feature = "reference") {
        2 * TIERS.len()
    } else {
        0
    };
    assert_eq!(
        runs,
        registry * QUICK_TIERS.len() + 2 * TIERS.len() + reference_runs
    );
}

/// Runs `engine` in each mode it supports on its tiers, checking every outcome: how many runs.
fn agrees_with_the_fixtures(engine: &Engine) -> usize {
    let mut runs = 0;
    for mode in Mode::ALL.into_iter().filter(|&mode| engine.supports(mode)) {
        for tier in TIERS {
            if is_registry_first_solution(engine, mode) && !QUICK_TIERS.contains(&tier.name) {
                continue;
            }
            let puzzles: Vec<&Puzzle> = tier_puzzles(tier.name).collect();
            let found = outcomes(engine, mode, &puzzles);
            assert_eq!(found.len(), puzzles.len());
            for (puzzle, outcome) in puzzles.iter().zip(found) {
                check(engine, mode, puzzle, outcome);
            }
            runs += 1;
        }
    }
    runs
}

#[test]
fn only_counting_engines_prove_uniqueness() {
    let counting: Vec<&str> = engines()
        .into_iter()
        .filter(|engine| engine.supports(Mode::ProveUnique))
        .map(|engine| engine.name())
        .collect();
    let mut expected = vec![ENGINE];
    if cfg!(feature = "reference") {
        expected.push(sudoku_bench::engines::REFERENCE);
    }
    assert_eq!(counting, expected);
    for engine in engines() {
        assert!(engine.supports(Mode::FirstSolution), "{}", engine.name());
        assert_eq!(
            engine.prepare(Mode::ProveUnique, &[]).is_some(),
            engine.supports(Mode::ProveUnique)
        );
    }
}
