//! Boards with no solution whose givens do not clash (a generated puzzle with one given changed,
//! by `Generator::unsolvable`) get "no solution" from the command line, in words and in the exit
//! status: `check` exits 1 with its verdict, and `solve` prints an error line and exits 1.
//!
//! Each case runs the binary, so the case counts are small; the seeds come from the range the
//! fixtures' `unsolvable.rs` made and solved beforehand (every one has a board, and the fast
//! solvers take under a millisecond on each). Failures are not persisted: the shrunk seed is
//! printed with the board.

use crate::common;

use std::ffi::OsStr;

use proptest::prelude::*;
use proptest::test_runner::Config;
use sudoku_generator::{ClueTarget, Generator, Unsolvable};

/// Seeds whose minimal puzzle gives an unsolvable board (all of 0 to 19,999 do).
const SEEDS: std::ops::Range<u64> = 0..20_000;

/// `check`'s whole verdict on a board with no solution.
const NO_SOLUTION_VERDICT: &str = "no solution: no two givens clash, but no way of filling the \
                                   blanks keeps every row, column and box free of repeats\n";

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

fn unsolvable(seed: u64) -> Unsolvable {
    Generator::new(seed)
        .unsolvable(ClueTarget::Minimal)
        .unwrap_or_else(|| panic!("seed {seed}: no board, though SEEDS says so"))
}

/// How the board reaches `check`.
#[derive(Clone, Copy, Debug)]
enum Given {
    /// As the argument, in the line notation.
    LineArgument,
    /// On stdin, as a grid.
    GridOnStdin,
    /// As the argument, in LeetCode's notation.
    LeetCodeArgument,
}

/// Exit status, stdout and stderr of `sudoku-kata <subcommand> <args>` with `stdin`.
fn run(subcommand: &str, args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let output = common::output(subcommand, &args, stdin);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

proptest! {
    // Each case starts the binary once.
    #![proptest_config(config(16))]

    #[test]
    fn check_says_no_solution_and_exits_1(
        seed in SEEDS,
        given in prop_oneof![
            Just(Given::LineArgument),
            Just(Given::GridOnStdin),
            Just(Given::LeetCodeArgument),
        ],
    ) {
        let board = unsolvable(seed).board;
        let (status, stdout, stderr) = match given {
            Given::LineArgument => run("check", &[&board.to_line()], b""),
            Given::GridOnStdin => run("check", &[], board.to_grid().as_bytes()),
            Given::LeetCodeArgument => run("check", &[&board.to_leetcode()], b""),
        };
        prop_assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (Some(1), NO_SOLUTION_VERDICT, ""),
            "{}",
            board.to_line()
        );
    }
}

proptest! {
    // Each case starts the binary twice.
    #![proptest_config(config(12))]

    #[test]
    fn solve_prints_no_solution_for_the_board_and_solves_its_source(
        seed in SEEDS,
        approach in prop_oneof![
            Just("bitboard"),
            Just("dancing-links"),
            Just("constraint-propagation"),
        ],
    ) {
        let Unsolvable { board, source, .. } = unsolvable(seed);
        let line = board.to_line();

        let alone = run("solve", &["--approach", approach], format!("{line}\n").as_bytes());
        prop_assert_eq!(alone.0, Some(1), "{}: {:?}", line, alone);
        prop_assert_eq!(
            alone.1.as_str(),
            "error: <stdin>:1: the puzzle has no solution\n",
            "{}",
            line
        );

        // Next to the unique puzzle it was made from, which differs in one given: that one is
        // solved, and the status still says that a line failed.
        let input = format!("{}\n{line}\n", source.puzzle.to_line());
        let pair = run("solve", &["--approach", approach], input.as_bytes());
        prop_assert_eq!(pair.0, Some(1), "{}: {:?}", line, pair);
        let expected = format!(
            "{}\nerror: <stdin>:2: the puzzle has no solution\n",
            source.solution.to_line()
        );
        prop_assert_eq!(pair.1, expected, "{}", line);
    }
}
