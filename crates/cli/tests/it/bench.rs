//! `sudoku-kata bench` end to end: the tables' shape, every engine accounted for, and clear
//! failures for bad input. Nothing here looks at the figures themselves: they are timings.

use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;
use sudoku_bench::engines::{Mode, engines};
use sudoku_harness::tier_puzzles;

fn sudoku_kata() -> Command {
    Command::cargo_bin("sudoku-kata").expect("the binary is built for its tests")
}

/// A file under the target directory holding `text`.
fn data_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("written");
    path
}

/// The rows of the table that follows the first line starting with `heading`, split on
/// whitespace, and the `left out:` lines after it.
fn table_after(stdout: &str, heading: &str) -> (Vec<String>, Vec<Vec<String>>, Vec<String>) {
    let mut lines = stdout
        .lines()
        .skip_while(|line| !line.starts_with(heading))
        .skip(1);
    assert_eq!(
        lines.next(),
        Some(""),
        "a blank line after the heading:\n{stdout}"
    );
    let header = lines
        .next()
        .expect("a header")
        .split_whitespace()
        .map(str::to_owned);
    let rule = lines.next().expect("a rule");
    assert!(rule.chars().all(|c| c == '-' || c == ' '), "{stdout}");
    let mut rows = Vec::new();
    let mut left_out = Vec::new();
    for line in lines.take_while(|line| !line.is_empty()) {
        if line.starts_with("left out: ") {
            left_out.push(line.to_owned());
        } else {
            assert!(
                left_out.is_empty(),
                "rows come before left-out lines:\n{stdout}"
            );
            rows.push(line.split_whitespace().map(str::to_owned).collect());
        }
    }
    (header.collect(), rows, left_out)
}

/// Every engine appears once, as a row or as a `left out` line.
fn assert_every_engine_once(rows: &[Vec<String>], left_out: &[String], set: &str, stdout: &str) {
    for engine in engines() {
        let as_row = rows.iter().filter(|row| row[0] == engine.name()).count();
        let prefix = format!("left out: {} on {set}: ", engine.name());
        let as_left_out = left_out
            .iter()
            .filter(|line| line.starts_with(&prefix))
            .count();
        assert_eq!(as_row + as_left_out, 1, "{}:\n{stdout}", engine.name());
    }
}

#[test]
fn bench_on_a_tier_prints_a_row_per_engine() {
    let output = sudoku_kata()
        .args(["bench", "--tier", "easy", "--min-time", "0.01"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    // Nothing on stderr: every budget check ran, each rung in a worker process.
    assert!(output.stderr.is_empty(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        stdout.starts_with("easy: 15 puzzles, first solution\n"),
        "{stdout}"
    );
    let (header, rows, left_out) = table_after(&stdout, "easy: ");
    assert_eq!(
        header,
        [
            "engine",
            "puzzles",
            "solved",
            "none",
            "wrong",
            "puzzles/s",
            "vs",
            "fastest"
        ]
    );
    assert_every_engine_once(&rows, &left_out, "easy", &stdout);
    for row in &rows {
        assert_eq!(row[1..5], ["15", "15", "0", "0"], "{stdout}");
    }
    // Exactly one engine is the fastest; the others are some factor slower.
    let fastest = rows
        .iter()
        .filter(|row| row[6] == "1.00x" && row.len() == 7);
    assert_eq!(fastest.count(), 1, "{stdout}");
    assert!(
        rows.iter()
            .all(|row| row[6] == "1.00x" || row.last().map(String::as_str) == Some("slower")),
        "{stdout}"
    );
}

#[test]
fn bench_on_a_file_proves_uniqueness_and_leaves_out_engines_that_cannot_count() {
    // LeetCode's example (unique), an empty board (many solutions), and a board whose givens do
    // not clash but leave row 1 no place for a 1 (no solution), in tdoku's format.
    let example =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let empty = ".".repeat(81);
    let no_solution = format!(
        ".2345678.1........{}........1{}",
        ".".repeat(9),
        ".".repeat(45)
    );
    let path = data_file(
        "bench-unique.txt",
        &format!("{example}\n{empty}\r\n{no_solution}:0\n"),
    );
    let output = sudoku_kata()
        .args(["bench", "--unique", "--min-time", "0.01", "--file"])
        .arg(&path)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let heading = "bench-unique.txt: 3 puzzles, prove uniqueness (count to 2)";
    assert!(
        stdout.starts_with(heading),
        "only the file is measured:\n{stdout}"
    );
    let (header, rows, left_out) = table_after(&stdout, heading);
    assert_eq!(
        header[..5],
        ["engine", "puzzles", "unique", "multiple", "none"]
    );
    assert!(header.contains(&"wrong".to_owned()), "{stdout}");
    assert_every_engine_once(&rows, &left_out, "bench-unique.txt", &stdout);
    let counting = engines()
        .iter()
        .filter(|e| e.supports(Mode::ProveUnique))
        .count();
    assert_eq!(rows.len(), counting, "{stdout}");
    for row in &rows {
        if row[0] == "reference" {
            // `solution()` answers "not exactly one" for both: a column of its own.
            assert_eq!(row[1..7], ["3", "1", "0", "0", "2", "0"], "{stdout}");
        } else {
            assert_eq!(row[1..6], ["3", "1", "1", "1", "0"], "{stdout}");
        }
    }
    assert!(
        left_out
            .iter()
            .any(|line| line.starts_with("left out: bool-tables on bench-unique.txt: it cannot")),
        "{stdout}"
    );
}

#[test]
fn nothing_measured_at_all_fails() {
    // bitboard cannot count solutions: left out of the only set, so nothing is measured.
    let output = sudoku_kata()
        .args([
            "bench",
            "--unique",
            "--approach",
            "bitboard",
            "--tier",
            "leetcode",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        String::from_utf8(output.stdout).expect("UTF-8"),
        "leetcode: 1 puzzle, prove uniqueness (count to 2)\nleft out: bitboard on leetcode: it \
         cannot prove uniqueness (count to 2): it only finds a first solution\n"
    );
    assert_eq!(
        String::from_utf8(output.stderr).expect("UTF-8"),
        "nothing was measured: every engine asked for was left out of every set\n"
    );
}

#[test]
fn the_budget_check_stops_a_slow_engine_and_keeps_a_fast_one() {
    // 100 quick puzzles, then the adversarial tier's: row-major backtracking explores millions
    // of dead ends on each of these (seconds), dancing-links solves them in well under a
    // millisecond. A rung's check runs the whole set, not only its first 100 puzzles.
    let example = tier_puzzles("leetcode").next().expect("the example");
    let slow = tier_puzzles("adversarial").map(|puzzle| puzzle.board.to_line() + "\n");
    let puzzles: String = (std::iter::repeat_n(example.board.to_line() + "\n", 100))
        .chain(slow)
        .collect();
    let path = data_file("bench-slow.txt", &puzzles);
    let output = sudoku_kata()
        .args(["bench", "--approach", "scan-backtracking"])
        .args(["--approach", "dancing-links", "--budget", "0.5"])
        .args(["--min-time", "0.01", "--file"])
        .arg(&path)
        // Only a guard against a hang: the worker is stopped once the half second has passed.
        .timeout(Duration::from_secs(120))
        .output()
        .expect("finishes");
    assert!(output.status.success(), "{output:?}");
    // Nothing on stderr: both checks ran, in worker processes, not in the command's own.
    assert!(output.stderr.is_empty(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let (_, rows, left_out) = table_after(&stdout, "bench-slow.txt: 102 puzzles");
    let names: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(names, ["dancing-links"], "{stdout}");
    // Stopped by the parent, not finished and judged: the in-process check would have said how
    // long its puzzles took.
    assert_eq!(
        left_out,
        [
            "left out: scan-backtracking on bench-slow.txt: did not finish the set's 102 \
             puzzles within the budget of 500 ms, so it was stopped"
        ],
        "{stdout}"
    );
}

#[test]
fn bench_filters_engines_and_combines_tiers_and_files() {
    let path = data_file(
        "bench-filter.txt",
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n",
    );
    let output = sudoku_kata()
        .args(["bench", "--tier", "leetcode", "--approach", "engine"])
        .args([
            "--approach",
            "dancing-links",
            "--min-time",
            "0.01",
            "--file",
        ])
        .arg(&path)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    for heading in ["leetcode: 1 puzzle,", "bench-filter.txt: 1 puzzle,"] {
        let (_, rows, left_out) = table_after(&stdout, heading);
        let names: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
        assert_eq!(names, ["dancing-links", "engine"], "{stdout}");
        assert!(left_out.is_empty(), "{stdout}");
    }
}

#[test]
fn a_bad_file_fails_naming_the_line_and_column_before_measuring() {
    let path = data_file(
        "bench-bad.txt",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
         53..7....6..195....98....6.8...6..x34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    let output = sudoku_kata()
        .args(["bench", "--tier", "easy", "--file"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(output.stdout.is_empty(), "nothing measured: {output:?}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.contains("bench-bad.txt: line 2, column 35: bad character 'x'"),
        "{stderr}"
    );

    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-missing.txt");
    let output = sudoku_kata()
        .args(["bench", "--file"])
        .arg(&missing)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.contains("bench-missing.txt: cannot read it"),
        "{stderr}"
    );
}

#[test]
fn unknown_names_and_bad_durations_are_usage_errors() {
    for (args, expected) in [
        (
            &["bench", "--approach", "quantum"][..],
            "invalid value 'quantum'",
        ),
        (
            &["bench", "--tier", "impossible"][..],
            "invalid value 'impossible'",
        ),
        (
            &["bench", "--min-time", "0"][..],
            "expected a number of seconds of at least 1 ns and under a billion",
        ),
        (
            &["bench", "--budget", "1e9"][..],
            "\"1e9\": expected a number of seconds of at least 1 ns and under a billion",
        ),
        (
            &["bench", "--budget", "soon"][..],
            "is not a number of seconds",
        ),
    ] {
        let output = sudoku_kata().args(args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // The error lists the names that do exist.
    let output = sudoku_kata()
        .args(["bench", "--approach", "quantum"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(stderr.contains("engine"), "{stderr}");
}

#[test]
fn a_file_named_dash_is_stdin() {
    let puzzles: String = tier_puzzles("easy")
        .take(2)
        .map(|puzzle| puzzle.board.to_line() + "\n")
        .collect();
    let output = sudoku_kata()
        .args([
            "bench",
            "--approach",
            "engine",
            "--min-time",
            "0.01",
            "--file",
            "-",
        ])
        .write_stdin(puzzles)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let (_, rows, left_out) = table_after(&stdout, "<stdin>: 2 puzzles");
    assert_eq!((rows.len(), left_out.len()), (1, 0), "{stdout}");
    assert_eq!(rows[0][..5], ["engine", "2", "2", "0", "0"], "{stdout}");
}
