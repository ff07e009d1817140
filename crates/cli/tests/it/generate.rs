//! `sudoku-kata generate` end to end: the output is a valid fixture file of puzzles with one
//! solution each, the same options print the same lines, the difficulty filters hold, and a
//! target that is never met ends with an error instead of running forever. `--size 4|16|25`
//! prints unique puzzles of that size, checked here by both solvers that take any box size,
//! and the bundled large fixtures are what their header commands print.

use std::path::Path;

use assert_cmd::Command;
use rstest::rstest;
use sudoku_board::Grid;
use sudoku_fixtures::approach;
use sudoku_generator::{ClueTarget, Generator, default_max_blanks, generate};
use sudoku_harness::{Expected, Puzzle, parse_fixture_file};

/// `generate` with these arguments: exit status, stdout, stderr.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .arg("generate")
        .args(args)
        .output()
        .expect("runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

/// Stdout of a run that must succeed.
fn generated(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
    stdout
}

/// Reads the output with the fixture loader, which checks every stored solution.
fn load(stdout: &str) -> Vec<Puzzle> {
    parse_fixture_file("generated", "generate's output", stdout)
        .unwrap_or_else(|error| panic!("{error}\n{stdout}"))
}

/// The one solution of a puzzle, checked by counting rather than trusted.
fn unique_solution(puzzle: &Puzzle) -> String {
    let Expected::Unique(solution) = &puzzle.expected else {
        panic!(
            "{} is not marked unique: {:?}",
            puzzle.id(),
            puzzle.expected
        );
    };
    assert_eq!(
        sudoku_harness::oracle::count_solutions(&puzzle.board.to_rows(), 2),
        1,
        "{}",
        puzzle.id()
    );
    solution.to_line()
}

#[test]
fn prints_a_fixture_file_of_unique_puzzles() {
    let stdout = generated(&["--seed", "42", "--count", "3"]);
    insta::assert_snapshot!("seed_42_count_3", stdout);
    let puzzles = load(&stdout);
    let names: Vec<&str> = puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["generated-s42-1", "generated-s42-2", "generated-s42-3"]
    );
    // The library's own sequence for the seed, in order.
    let expected = generate(42, 3, ClueTarget::Minimal);
    for (puzzle, expected) in puzzles.iter().zip(&expected) {
        assert_eq!(puzzle.board, expected.puzzle, "{}", puzzle.id());
        assert_eq!(unique_solution(puzzle), expected.solution.to_line());
    }
}

#[test]
fn the_same_seed_prints_the_same_lines_and_another_seed_others() {
    let args = ["--seed", "7", "--count", "4", "--clues", "30"];
    let first = generated(&args);
    assert_eq!(generated(&args), first);
    let other = generated(&["--seed", "8", "--count", "4", "--clues", "30"]);
    let boards = |stdout: &str| -> Vec<String> {
        load(stdout)
            .iter()
            .map(|puzzle| puzzle.board.to_line())
            .collect()
    };
    let (first, other) = (boards(&first), boards(&other));
    assert!(first.iter().all(|board| !other.contains(board)));
    // Asking for more only appends.
    let more = generated(&["--seed", "7", "--count", "6", "--clues", "30"]);
    assert_eq!(boards(&more)[..4], first[..]);
}

#[test]
fn two_seeds_append_to_one_valid_file() {
    let text = generated(&["--seed", "1", "--count", "2"]) + &generated(&["--seed", "2"]);
    assert_eq!(load(&text).len(), 3);
}

#[test]
fn clues_caps_the_number_of_givens() {
    let stdout = generated(&["--seed", "3", "--count", "5", "--clues", "28"]);
    let puzzles = load(&stdout);
    assert_eq!(puzzles.len(), 5);
    for puzzle in &puzzles {
        assert_eq!(puzzle.board.givens(), 28, "{}", puzzle.id());
        unique_solution(puzzle);
    }
}

#[test]
fn clues_skips_puzzles_that_dig_cannot_bring_that_low() {
    // Digging seed 5's puzzles to 23 clues often stops above: those are skipped.
    let stdout = generated(&["--seed", "5", "--count", "2", "--clues", "23"]);
    let puzzles = load(&stdout);
    let dug = generate(5, 200, ClueTarget::AtMost(23));
    let places: Vec<usize> = dug
        .iter()
        .enumerate()
        .filter(|(_, generated)| generated.puzzle.givens() <= 23)
        .map(|(index, _)| index + 1)
        .take(2)
        .collect();
    let names: Vec<String> = places.iter().map(|n| format!("generated-s5-{n}")).collect();
    assert_eq!(
        puzzles.iter().map(|p| &p.name).collect::<Vec<_>>(),
        names.iter().collect::<Vec<_>>()
    );
    assert!(places[1] > 2, "some were skipped: {places:?}");
    for puzzle in &puzzles {
        assert!(puzzle.board.givens() <= 23, "{}", puzzle.id());
    }
}

#[test]
fn min_calls_keeps_only_puzzles_that_take_that_many_search_calls() {
    let stdout = generated(&[
        "--seed",
        "42",
        "--count",
        "3",
        "--min-calls",
        "20000",
        "--approach",
        "bitmask-lowbit",
    ]);
    insta::assert_snapshot!("min_calls", stdout);
    let lowbit = approach("bitmask-lowbit").expect("registered");
    let puzzles = load(&stdout);
    assert_eq!(puzzles.len(), 3);
    for puzzle in &puzzles {
        let mut rows = puzzle.board.to_rows();
        let calls = (lowbit.solve_counting_calls)(&mut rows);
        assert!(calls >= 20_000, "{}: {calls} calls", puzzle.id());
        unique_solution(puzzle);
    }
    // Something was skipped: the seed's first three do not all qualify.
    assert_ne!(
        puzzles.last().map(|p| p.name.as_str()),
        Some("generated-s42-3")
    );
}

#[test]
fn a_target_never_met_stops_at_max_attempts_with_an_error() {
    let (code, stdout, stderr) = run(&[
        "--seed",
        "1",
        "--count",
        "2",
        "--clues",
        "17",
        "--max-attempts",
        "20",
    ]);
    assert_eq!(code, Some(1));
    insta::assert_snapshot!(
        "target_not_met",
        format!("--- stdout\n{stdout}--- stderr\n{stderr}")
    );
}

#[test]
fn puzzles_found_before_the_attempts_run_out_are_kept() {
    let args = [
        "--seed",
        "42",
        "--count",
        "3",
        "--min-calls",
        "20000",
        "--approach",
        "bitmask-lowbit",
    ];
    let full = load(&generated(&args));
    // Stop one attempt before the third puzzle's place.
    let third: u64 = full[2]
        .name
        .rsplit('-')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a place");
    let max = (third - 1).to_string();
    let (code, stdout, stderr) = run(&[&args[..], &["--max-attempts", &max]].concat());
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with("error: only 2 of 3 puzzles met the target"),
        "{stderr}"
    );
    assert_eq!(load(&stdout), full[..2]);
}

#[test]
fn attempts_that_run_out_without_a_target_say_so() {
    let (code, stdout, stderr) = run(&["--seed", "1", "--count", "3", "--max-attempts", "2"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "error: only 2 of 3 puzzles made within 2 attempts; allow more attempts with \
         --max-attempts\n"
    );
    assert_eq!(load(&stdout).len(), 2);
}

#[test]
fn a_puzzle_whose_count_goes_past_the_budget_is_skipped_and_said_so() {
    // A nanosecond: every count the approach makes takes longer, so each puzzle is given up.
    let (code, stdout, stderr) = run(&[
        "--seed",
        "1",
        "--min-calls",
        "1",
        "--approach",
        "scan-backtracking",
        "--budget",
        "0.000000001",
        "--max-attempts",
        "2",
    ]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(load(&stdout), []);
    let skipped = |place| {
        format!(
            "generated-s1-{place}: skipped: scan-backtracking took longer than its budget of \
             0.000000001 s on this puzzle, so it was given up (--budget sets the budget)\n"
        )
    };
    assert_eq!(
        stderr,
        format!(
            "{}{}error: only 0 of 1 puzzle met the target (at least 1 search call of \
             scan-backtracking) within 2 attempts; relax the target, or allow more attempts \
             with --max-attempts\n",
            skipped(1),
            skipped(2)
        )
    );
}

#[test]
fn min_calls_approach_and_budget_go_together() {
    for args in [
        &["--seed", "1", "--min-calls", "5"][..],
        &["--seed", "1", "--approach", "bitboard"],
        // --approach's budget, too, goes with it.
        &["--seed", "1", "--budget", "3"],
        &["--seed", "1", "--size", "16", "--budget", "3"],
    ] {
        let (code, _, stderr) = run(args);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("required arguments"), "{stderr}");
    }
    let (code, _, stderr) = run(&["--seed", "1", "--min-calls", "5", "--approach", "quantum"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("bitmask-lowbit"), "{stderr}");
}

#[test]
fn bad_numbers_are_usage_errors() {
    for args in [
        &["--seed", "-1"][..],
        &["--seed", "1", "--count", "0"],
        &["--seed", "1", "--clues", "16"],
        &["--seed", "1", "--clues", "82"],
    ] {
        let (code, _, stderr) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
    }
}

/// The header names every option that changes the output: run as it says, it prints the same.
#[rstest]
#[case::attempts(&["--seed", "1", "--count", "2", "--max-attempts", "9"])]
#[case::budget(&["--seed", "3", "--min-calls", "10", "--approach", "bitboard", "--budget", "5"])]
#[case::size(&["--seed", "2", "--count", "2", "--size", "4"])]
#[case::givens(&["--seed", "2", "--count", "2", "--size", "16", "--givens", "40"])]
fn the_header_is_the_command_that_prints_the_same_again(#[case] args: &[&str]) {
    let first = generated(args);
    let header = first.lines().next().expect("a header");
    let again = header
        .strip_prefix("# sudoku-kata generate ")
        .expect("the command");
    let again: Vec<&str> = again.split(' ').collect();
    assert_eq!(generated(&again), first);
}

/// Each block of boards in the bundled large fixtures follows the command that made it (its
/// header line): run now, that command prints the block again. The boards of `--givens` are
/// completed by the engine's search, so a change to it shows here as a block to remake.
#[test]
fn every_block_of_the_large_fixtures_is_what_its_header_command_prints() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/large");
    let mut blocks = 0;
    for entry in std::fs::read_dir(&folder).expect("fixtures/large") {
        let path = entry.expect("a folder entry").path();
        let text = std::fs::read_to_string(&path).expect("a fixture file");
        for header in text.lines() {
            let Some(args) = header.strip_prefix("# sudoku-kata generate ") else {
                continue;
            };
            let printed = generated(&args.split(' ').collect::<Vec<_>>());
            assert!(
                text.contains(&printed),
                "{}: `{header}` prints other boards now:\n{printed}",
                path.display()
            );
            blocks += 1;
        }
    }
    // 16x16.txt, 25x25.txt, and two blocks in each of the hard files.
    assert_eq!(blocks, 6);
}

#[test]
fn help_lists_the_options() {
    let (code, stdout, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    insta::assert_snapshot!("help", stdout);
}

/// The puzzles of a `--size` run that is not 9x9: name, puzzle and solution of each line after
/// the header, the solution judged against the puzzle.
fn load_grids(stdout: &str) -> Vec<(String, Grid, Grid)> {
    let mut lines = stdout.lines();
    assert!(
        lines
            .next()
            .is_some_and(|header| header.starts_with("# sudoku-kata generate"))
    );
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [name, puzzle, solution] = fields[..] else {
                panic!("not three fields: {line}");
            };
            let puzzle = Grid::parse(puzzle, None).unwrap_or_else(|error| panic!("{error}"));
            let solution = Grid::parse(solution, None).unwrap_or_else(|error| panic!("{error}"));
            let judged = puzzle.solved_by(solution.values().to_vec());
            assert_eq!(judged.as_ref(), Ok(&solution), "{name}");
            (name.to_owned(), puzzle, solution)
        })
        .collect()
}

#[rstest]
fn other_sizes_print_unique_puzzles_that_both_solvers_agree_on(#[values(4, 16, 25)] size: usize) {
    let stdout = generated(&["--seed", "5", "--count", "3", "--size", &size.to_string()]);
    let puzzles = load_grids(&stdout);
    let names: Vec<&str> = puzzles.iter().map(|(name, ..)| name.as_str()).collect();
    assert_eq!(
        names,
        ["generated-s5-1", "generated-s5-2", "generated-s5-3"]
    );
    let box_size = size.isqrt();
    let mut library = Generator::new(5);
    for (name, puzzle, solution) in &puzzles {
        assert_eq!(puzzle.side(), size, "{name}");
        assert!(puzzle.givens() < size * size, "{name}: nothing was dug");
        for rung in ["dancing-links", "constraint-propagation"] {
            let solutions = approach(rung)
                .and_then(|a| a.solutions)
                .expect("any box size");
            assert_eq!(
                solutions(box_size, puzzle.values(), 2).0,
                [solution.values()],
                "{rung} on {name}"
            );
        }
        // The library's own sequence for the seed, in order.
        let dancing_links = approach("dancing-links").and_then(|a| a.solutions);
        let dancing_links = dancing_links.expect("any box size");
        let expected = library.grid_puzzle(
            box_size,
            default_max_blanks(box_size),
            |b, cells: &[u8], limit| dancing_links(b, cells, limit).0,
        );
        assert_eq!((&expected.puzzle, &expected.solution), (puzzle, solution));
    }
}

#[test]
fn other_sizes_are_reproducible_and_pinned() {
    let small = ["--seed", "3", "--count", "4", "--size", "4"];
    let large = ["--seed", "3", "--count", "2", "--size", "16"];
    let (first_small, first_large) = (generated(&small), generated(&large));
    assert_eq!(generated(&small), first_small);
    assert_eq!(generated(&large), first_large);
    insta::assert_snapshot!("size_4_seed_3_count_4", first_small);
    insta::assert_snapshot!("size_16_seed_3_count_2", first_large);
    let other = generated(&["--seed", "4", "--count", "2", "--size", "16"]);
    assert_ne!(load_grids(&other)[0].1, load_grids(&first_large)[0].1);
}

#[test]
fn size_9_is_the_default() {
    let args = ["--seed", "42", "--count", "3"];
    assert_eq!(
        generated(&[&args[..], &["--size", "9"]].concat()),
        generated(&args)
    );
}

#[test]
fn the_9x9_options_are_usage_errors_with_other_sizes() {
    for option in [
        &["--clues", "30"][..],
        &["--min-calls", "5", "--approach", "bitboard"],
        &["--max-attempts", "5"],
    ] {
        let (code, stdout, stderr) = run(&[&["--seed", "1", "--size", "16"], option].concat());
        assert_eq!(code, Some(2), "{option:?}: {stderr}");
        assert_eq!(stdout, "");
        let expected = format!(
            "error: {} is for 9x9 puzzles only, not --size 16",
            option[0]
        );
        assert!(stderr.starts_with(&expected), "{stderr}");
        assert!(stderr.contains("Usage: sudoku-kata generate"), "{stderr}");
    }
    for size in ["1", "12", "36", "x"] {
        let (code, _, stderr) = run(&["--seed", "1", "--size", size]);
        assert_eq!(code, Some(2), "{size}: {stderr}");
        assert!(
            stderr.contains("[possible values: 4, 9, 16, 25]"),
            "{stderr}"
        );
    }
}

#[test]
fn too_few_attempts_say_how_many_were_made() {
    let (code, stdout, stderr) = run(&["--seed", "0", "--count", "2", "--max-attempts", "1"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(load(&stdout).len(), 1);
    assert_eq!(
        stderr,
        "error: only 1 of 2 puzzles made within 1 attempt; allow more attempts with \
         --max-attempts\n"
    );
}

/// Without `--seed`, a seed is picked and named in the header line, which prints the same
/// puzzles again.
#[test]
fn without_a_seed_one_is_picked_and_the_header_prints_the_same_again() {
    let stdout = generated(&["--count", "2"]);
    let header = stdout.lines().next().expect("a header line");
    let command = header
        .strip_prefix("# sudoku-kata generate ")
        .unwrap_or_else(|| panic!("{header}"));
    let args: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(args[0], "--seed", "{header}");
    assert!(args[1].parse::<u64>().is_ok(), "{header}");
    assert_eq!(generated(&args), stdout);
    assert_eq!(load(&stdout).len(), 2);
}

/// `--givens PERCENT` keeps that share of a random grid's cells: each board has exactly that
/// many givens, and its third field is its one solution (checked by `dancing-links`, which
/// counts apart from the engine) or `multiple` where `dancing-links` finds two as well.
#[rstest]
#[case::nine(9, 30)]
#[case::sixteen(16, 50)]
#[case::twenty_five(25, 60)]
fn givens_keeps_that_share_of_a_random_grid(#[case] size: usize, #[case] percent: usize) {
    let args = ["--seed", "4", "--count", "4", "--size", &size.to_string()];
    let percent_text = percent.to_string();
    let stdout = generated(&[&args[..], &["--givens", &percent_text]].concat());
    let mut lines = stdout.lines();
    assert!(
        lines
            .next()
            .is_some_and(|l| l.ends_with(&format!("--givens {percent}")))
    );
    assert_eq!(
        lines.next(),
        Some(
            format!(
                "# {percent}% of the cells of a random complete grid, kept at random: not always \
                 unique (`multiple` where the engine finds two solutions)"
            )
            .as_str()
        )
    );
    let counter = approach("dancing-links").and_then(|a| a.solutions);
    let counter = counter.expect("any box size");
    let box_size = size.isqrt();
    let mut kinds = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [_, puzzle, solution] = fields[..] else {
            panic!("not three fields: {line}");
        };
        let puzzle = Grid::parse(puzzle, None).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(puzzle.givens(), size * size * percent / 100, "{line}");
        let found = counter(box_size, puzzle.values(), 2).0;
        if solution == "multiple" {
            assert_eq!(found.len(), 2, "{line}");
        } else {
            let solution = Grid::parse(solution, None).unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(found, [solution.values().to_vec()], "{line}");
        }
        kinds.push(solution == "multiple");
    }
    assert_eq!(kinds.len(), 4);
    // 30% of 9x9 is far too few givens for one solution.
    if size == 9 {
        assert_eq!(kinds, [true; 4]);
    }
}

#[test]
fn givens_does_not_go_with_the_digging_options() {
    for option in [&["--clues", "30"][..], &["--max-attempts", "5"]] {
        let (code, _, stderr) = run(&[&["--givens", "40"][..], option].concat());
        assert_eq!(code, Some(2), "{option:?}: {stderr}");
        assert!(stderr.contains("cannot be used with"), "{stderr}");
    }
}
