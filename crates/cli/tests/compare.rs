//! The main job end to end: `sudoku-kata compare` as a user runs it.

use assert_cmd::Command;

fn sudoku_kata() -> Command {
    Command::cargo_bin("sudoku-kata").expect("the binary is built for its tests")
}

#[test]
fn compare_prints_a_row_per_approach_and_tier() {
    let output = sudoku_kata()
        .args(["compare", "--tier", "leetcode", "--tier", "edge"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .skip(2)
        .map(|line| line.split_whitespace().collect())
        .collect();
    let expected_rows = 2 * sudoku_fixtures::APPROACHES.len();
    assert_eq!(rows.len(), expected_rows, "{stdout}");
    for row in &rows {
        // The edge tier's puzzles with no solution count as solved when handed back as given.
        let puzzles = sudoku_fixtures::tier_puzzles(row[0]).count();
        assert_eq!(row[2], format!("{puzzles}/{puzzles}"), "{stdout}");
    }
    // Search calls are deterministic: the naive rung's count on LeetCode's example.
    assert!(
        rows.iter().any(
            |row| row[..2] == ["leetcode", "scan-backtracking"] && row.last() == Some(&"4,209")
        ),
        "{stdout}"
    );
}

#[test]
fn compare_filters_approaches() {
    let output = sudoku_kata()
        .args(["compare", "--tier", "leetcode", "--approach", "mrv-heap"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(
        stdout.lines().nth(2).unwrap().contains("mrv-heap"),
        "{stdout}"
    );
}

#[test]
fn compare_rejects_an_unknown_approach_with_the_known_ones() {
    let output = sudoku_kata()
        .args(["compare", "--approach", "quantum"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(stderr.contains("invalid value 'quantum'"), "{stderr}");
    assert!(stderr.contains("scan-backtracking"), "{stderr}");
}
