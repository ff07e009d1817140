//! The main job end to end: `sudoku-kata compare` as a user runs it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use regex::Regex;
use sudoku_harness::{Expected, tier_puzzles};

fn sudoku_kata() -> Command {
    Command::cargo_bin("sudoku-kata").expect("the binary is built for its tests")
}

#[test]
fn compare_prints_a_row_per_approach_and_tier() {
    // Every rung solves every puzzle of these tiers; the naive rung needs seconds on some edge
    // puzzles, so a budget well past that keeps a loaded machine from failing the row count.
    let output = sudoku_kata()
        .args(["compare", "--tier", "leetcode", "--tier", "edge"])
        .args(["--budget", "60"])
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
        let puzzles = sudoku_harness::tier_puzzles(row[0]).count();
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

/// The rows of the default table, split on two or more spaces (a note holds single spaces).
fn table_rows(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .skip(2)
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// A guard against a hang only: every run below takes well under a second of solving.
const HANG_GUARD: Duration = Duration::from_secs(120);

#[test]
fn an_approach_past_the_budget_is_stopped_and_the_run_goes_on() {
    // scan-backtracking needs seconds for each adversarial puzzle; dancing-links microseconds.
    let output = sudoku_kata()
        .args(["compare", "--tier", "adversarial", "--tier", "leetcode"])
        .args([
            "--approach",
            "dancing-links",
            "--approach",
            "scan-backtracking",
        ])
        .args(["--budget", "0.3"])
        .timeout(HANG_GUARD)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(stdout.lines().next().unwrap().ends_with("note"), "{stdout}");
    let rows = table_rows(&stdout);
    assert_eq!(rows.len(), 4, "{stdout}");
    // Tiers come easiest first and rungs in ladder order, whatever the order of the options.
    assert_eq!(
        rows[0][..3],
        ["leetcode", "scan-backtracking", "1/1"],
        "{stdout}"
    );
    assert_eq!(rows[0][5], "4,209", "{stdout}");
    assert_eq!(
        rows[1][..3],
        ["leetcode", "dancing-links", "1/1"],
        "{stdout}"
    );
    let first = tier_puzzles("adversarial").next().expect("a puzzle").id();
    assert_eq!(
        rows[2],
        [
            "adversarial",
            "scan-backtracking",
            "0/2",
            "over budget",
            "-",
            "-",
            &format!("{first} (puzzle 1 of 2) took over 300 ms"),
        ],
        "{stdout}"
    );
    // The run goes on: the next approach is measured as usual.
    assert_eq!(
        rows[3][..3],
        ["adversarial", "dancing-links", "2/2"],
        "{stdout}"
    );
    assert_eq!(rows[3][5], "130", "{stdout}");
    assert_eq!(rows[3].len(), 6, "no note: {stdout}");
}

#[test]
fn the_budget_must_be_a_positive_number_of_seconds() {
    for bad in ["0", "-1", "soon", "inf"] {
        let output = sudoku_kata()
            .args(["compare", &format!("--budget={bad}")])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{bad}: {output:?}");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert!(stderr.contains("--budget <SECS>"), "{stderr}");
    }
}

#[test]
fn options_for_9x9_only_with_another_size_are_usage_errors() {
    for (args, message) in [
        (
            &["--size", "16", "--tier", "easy"][..],
            "--tier names 9x9 tiers, not boards of --size 16",
        ),
        (
            &["--size", "25", "--approach", "bitboard"],
            "no approach named takes 25x25 boards; dancing-links and constraint-propagation do",
        ),
    ] {
        let output = sudoku_kata()
            .arg("compare")
            .args(args)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert_eq!(
            String::from_utf8(output.stderr).expect("UTF-8"),
            format!(
                "error: {message}\n\nUsage: sudoku-kata compare [OPTIONS]\n\nFor more \
                 information, try '--help'.\n"
            )
        );
    }
}

/// A file under the target directory holding `text`.
fn data_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("written");
    path
}

/// `compare --file path` with `args`, which must succeed: its stdout and its table's rows.
fn compare_file(path: &Path, args: &[&str]) -> (String, Vec<Vec<String>>) {
    let output = sudoku_kata()
        .args(["compare", "--file"])
        .arg(path)
        .args(args)
        .timeout(HANG_GUARD)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let rows = table_rows(&stdout);
    (stdout, rows)
}

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn a_puzzle_file_gets_rows_of_its_own() {
    // A puzzle, a complete grid, a puzzle without a solution (the edge tier's), and tdoku's
    // `PUZZLE:COUNT` notation with `0` blanks and a CRLF line end.
    let unsolvable = tier_puzzles("edge")
        .find(|puzzle| puzzle.expected == Expected::NoSolution)
        .expect("the edge tier has a puzzle without a solution");
    let text = format!(
        "{LEETCODE}\n{LEETCODE_SOLUTION}\n\n{}\n{}:1\r\n",
        unsolvable.board.to_line(),
        LEETCODE.replace('.', "0"),
    );
    let path = data_file("four puzzles.txt", &text);
    let rungs = [
        "--approach",
        "bitmask-lowbit",
        "--approach",
        "dancing-links",
    ];
    let (stdout, rows) = compare_file(&path, &[&["--tier", "leetcode"][..], &rungs].concat());
    let firsts: Vec<[&str; 3]> = rows
        .iter()
        .map(|row| [&*row[0], &*row[1], &*row[2]])
        .collect();
    assert_eq!(
        firsts,
        [
            ["leetcode", "bitmask-lowbit", "1/1"],
            ["leetcode", "dancing-links", "1/1"],
            ["four puzzles.txt", "bitmask-lowbit", "4/4"],
            ["four puzzles.txt", "dancing-links", "4/4"],
        ],
        "{stdout}"
    );
    // The file's search calls: the LeetCode example twice, plus the others'.
    let calls = |row: &[String]| -> u64 { row[5].replace(',', "").parse().expect("a count") };
    assert!(calls(&rows[2]) > 2 * calls(&rows[0]), "{stdout}");
}

#[test]
fn files_of_one_name_in_two_folders_are_told_apart_by_their_paths() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let paths = ["a", "b"].map(|folder| {
        let path = dir.path().join(folder).join("p.txt");
        std::fs::create_dir(dir.path().join(folder)).expect("a folder");
        std::fs::write(&path, puzzle).expect("written");
        path
    });
    let output = sudoku_kata()
        .args([
            "compare",
            "--approach",
            "bitboard",
            "--tier",
            "leetcode",
            "--format",
            "csv",
        ])
        .args(paths.iter().flat_map(|path| [Path::new("--file"), path]))
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let sets: Vec<&str> = (stdout.lines().skip(1))
        .map(|row| row.split(',').next().expect("a set"))
        .collect();
    let [a, b] = paths.map(|path| path.display().to_string());
    assert_eq!(sets, ["leetcode", a.as_str(), b.as_str()], "{stdout}");
}

#[test]
fn what_generate_writes_is_a_puzzle_file() {
    for (size, approach) in [("9", "bitboard"), ("4", "dancing-links")] {
        let generated = sudoku_kata()
            .args(["generate", "--seed", "1", "--count", "3", "--size", size])
            .timeout(HANG_GUARD)
            .output()
            .expect("runs");
        assert!(generated.status.success(), "{generated:?}");
        let text = String::from_utf8(generated.stdout).expect("UTF-8");
        let path = data_file(&format!("generated-{size}.txt"), &text);
        let (stdout, rows) = compare_file(&path, &["--size", size, "--approach", approach]);
        assert_eq!(rows.len(), 1, "{stdout}");
        let name = format!("generated-{size}.txt");
        assert_eq!(rows[0][..3], [&name, approach, "3/3"], "{stdout}");
        // The same on stdin.
        let output = sudoku_kata()
            .args([
                "compare",
                "--size",
                size,
                "--approach",
                approach,
                "--file",
                "-",
            ])
            .write_stdin(text)
            .timeout(HANG_GUARD)
            .output()
            .expect("runs");
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        assert_eq!(
            table_rows(&stdout)[0][..3],
            ["<stdin>", approach, "3/3"],
            "{stdout}"
        );
    }
}

#[test]
fn a_file_puzzle_whose_givens_clash_is_right_when_handed_back() {
    // Two 5s in the first row: no solution (and no board the toolkit accepts), so the board must
    // come back unchanged, which every approach does. A wrong answer is judged in the unit tests.
    let clash = format!("55{}", &LEETCODE[2..]);
    let path = data_file("clash.txt", &format!("{LEETCODE}\n{clash}\n"));
    let rungs = ["--approach", "scan-backtracking", "--approach", "bitboard"];
    let (stdout, rows) = compare_file(&path, &rungs);
    assert_eq!(rows.len(), 2, "{stdout}");
    for row in &rows {
        assert_eq!(row[..1], ["clash.txt"], "{stdout}");
        assert_eq!(row[2], "2/2", "{stdout}");
    }
}

#[test]
fn a_bad_puzzle_file_is_an_error_naming_the_place_before_anything_runs() {
    // Fails with status 1 and nothing on stdout: stderr.
    let refused = |path: &Path| {
        let output = sudoku_kata()
            .args(["compare", "--file"])
            .arg(path)
            .timeout(HANG_GUARD)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        assert!(output.stdout.is_empty(), "{output:?}");
        String::from_utf8(output.stderr).expect("UTF-8")
    };
    let stderr = refused(&data_file("bad.txt", &format!("{LEETCODE}\n53..x\n")));
    assert!(
        stderr.starts_with("error: ")
            && stderr.contains("bad.txt: line 2, column 5: bad character 'x'"),
        "{stderr}"
    );
    // A board of another size says which option reads it.
    let stderr = refused(&data_file("sixteen.txt", &format!("{}\n", ".".repeat(256))));
    assert!(
        stderr.contains(
            "sixteen.txt: line 1, column 1: a 16x16 board, where a 9x9 board (81 cells) is \
             wanted; `compare --size 16 --file` compares 16x16 boards"
        ),
        "{stderr}"
    );
    let stderr = refused(&data_file("bad.txt", "").with_file_name("missing.txt"));
    assert!(stderr.contains("missing.txt: cannot read it: "), "{stderr}");
}

#[test]
fn the_help_says_what_solved_means_for_a_file() {
    let output = sudoku_kata()
        .args(["compare", "--help"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    for option in ["--file <PATH>", "--budget <SECS>", "[default: 5]"] {
        assert!(stdout.contains(option), "{option}: {stdout}");
    }
    assert!(
        stdout.contains("`solved` there counts the answers that are right by the rules alone"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Exit status: 0 if no answer was wrong"),
        "{stdout}"
    );
}

/// `compare` in `format` on the LeetCode example and the adversarial tier, where
/// scan-backtracking goes over a small budget: every kind of row.
fn compare_in(format: &str) -> String {
    let output = sudoku_kata()
        .args(["compare", "--tier", "leetcode", "--tier", "adversarial"])
        .args([
            "--approach",
            "scan-backtracking",
            "--approach",
            "dancing-links",
        ])
        .args(["--budget", "0.3", "--format", format])
        .timeout(HANG_GUARD)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// A readable time (`277 µs`) with the spaces before it, replaced by `[time]` right-aligned in
/// the same width, so that the table's alignment shows and the timings do not.
fn hide_readable_times(text: &str) -> String {
    let time = Regex::new(r"  +\d+(?:\.\d+)? (?:ns|µs|ms|s)\b").expect("a regex");
    time.replace_all(text, |found: &regex::Captures| {
        format!("{:>width$}", "[time]", width = found[0].chars().count())
    })
    .into_owned()
}

#[test]
fn format_table() {
    let text = compare_in("table");
    insta::assert_snapshot!("format_table", hide_readable_times(&text));
}

#[test]
fn format_markdown() {
    let text = compare_in("markdown");
    let time = Regex::new(r"\| \d+(?:\.\d+)? (?:ns|µs|ms|s) ").expect("a regex");
    insta::assert_snapshot!("format_markdown", time.replace_all(&text, "| [time] "));
}

#[test]
fn format_csv() {
    let text = compare_in("csv");
    let mut lines = text.lines();
    let header = lines.next().expect("a header");
    let columns: Vec<&str> = header.split(',').collect();
    let timed: Vec<usize> = ["total_time_ns", "median_time_ns"]
        .map(|name| columns.iter().position(|c| *c == name).expect(name))
        .into();
    let mut hidden = format!("{header}\n");
    for line in lines {
        let mut fields: Vec<String> = line.split(',').map(str::to_owned).collect();
        assert_eq!(fields.len(), columns.len(), "{text}");
        for &index in &timed {
            if !fields[index].is_empty() {
                assert!(fields[index].parse::<u64>().is_ok(), "{text}");
                fields[index] = "[ns]".to_owned();
            }
        }
        hidden += &fields.join(",");
        hidden.push('\n');
    }
    insta::assert_snapshot!("format_csv", hidden);
}

#[test]
fn format_json() {
    let text = compare_in("json");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(value.as_array().map(Vec::len), Some(4), "{text}");
    let time = Regex::new(r#""(total|median)_time_ns": \d+"#).expect("a regex");
    insta::assert_snapshot!(
        "format_json",
        time.replace_all(&text, r#""${1}_time_ns": "[ns]""#)
    );
}

#[test]
fn svg_draws_one_bar_per_row_on_a_log_scale() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compare chart.svg");
    let _ = std::fs::remove_file(&path);
    let output = sudoku_kata()
        .args([
            "compare",
            "--tier",
            "leetcode",
            "--tier",
            "easy",
            "--tier",
            "adversarial",
        ])
        .args([
            "--approach",
            "scan-backtracking",
            "--approach",
            "dancing-links",
        ])
        .args([
            "--approach",
            "constraint-propagation",
            "--budget",
            "0.3",
            "--svg",
        ])
        .arg(&path)
        .timeout(HANG_GUARD)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(table_rows(&stdout).len(), 9, "the table as usual: {stdout}");

    let svg = std::fs::read_to_string(&path).expect("the chart is written");
    let document = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{svg}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    // The bars are the coloured rectangles (the only others are the white background); the run
    // over the budget is the pale one.
    let bars: Vec<roxmltree::Node> = root
        .descendants()
        .filter(|node| node.has_tag_name("rect") && node.attribute("fill") != Some("#FFFFFF"))
        .collect();
    assert_eq!(bars.len(), 9, "{svg}");
    let pale: Vec<&roxmltree::Node> = bars
        .iter()
        .filter(|bar| bar.attribute("opacity") != Some("1"))
        .collect();
    assert_eq!(pale.len(), 1, "{svg}");
    // One colour per approach, three bars each.
    let mut colours: Vec<&str> = bars
        .iter()
        .filter_map(|bar| bar.attribute("fill"))
        .collect();
    colours.sort_unstable();
    colours.dedup();
    assert_eq!(colours.len(), 3, "{svg}");
    let texts: Vec<&str> = root
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .map(str::trim)
        .collect();
    for label in [
        "total time per approach and tier (log scale)",
        "leetcode",
        "easy",
        "adversarial",
        "scan-backtracking",
        "dancing-links",
        "constraint-propagation",
        "pale: over budget, at least",
    ] {
        assert!(texts.contains(&label), "{label}: {texts:?}");
    }
    // A log scale: the axis is labelled in powers of ten.
    assert!(
        texts.contains(&"100 µs") && texts.contains(&"1.00 ms"),
        "{texts:?}"
    );
}

#[test]
fn svg_to_a_place_that_cannot_be_written_fails_before_measuring() {
    let output = sudoku_kata()
        .args([
            "compare",
            "--tier",
            "leetcode",
            "--svg",
            "/nonexistent/dir/chart.svg",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(output.stdout.is_empty(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.starts_with("error: cannot write the chart to /nonexistent/dir/chart.svg: "),
        "{stderr}"
    );
}

/// A chart whose file opens but cannot be written (a full disk) fails too, after the table.
#[test]
fn svg_that_fails_to_write_fails() {
    let output = sudoku_kata()
        .args(["compare", "--tier", "leetcode", "--approach", "bitboard"])
        .args(["--svg", "/dev/full"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        String::from_utf8(output.stderr).expect("UTF-8"),
        "error: cannot write the chart to /dev/full: No space left on device (os error 28)\n"
    );
}

#[rstest::rstest]
#[case::sixteen(16, 16)]
#[case::twenty_five(25, 25)]
fn size_runs_the_rungs_of_any_box_size_on_the_bundled_large_boards(
    #[case] size: usize,
    #[case] side: usize,
) {
    let output = sudoku_kata()
        .args(["compare", "--size", &size.to_string()])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let rows = table_rows(&stdout);
    let puzzles = sudoku_harness::large_puzzles(side).len();
    let names: Vec<&str> = rows.iter().map(|row| row[1].as_str()).collect();
    // The rungs that take any box size, then the engine the tools solve these boards with.
    assert_eq!(
        names,
        ["dancing-links", "constraint-propagation", "engine"],
        "{stdout}"
    );
    for row in &rows {
        assert_eq!(row[0], format!("{side}x{side}"));
        assert_eq!(row[2], format!("{puzzles}/{puzzles}"), "{stdout}");
    }
    // Search calls are counted on large boards too, and pinned by the fixtures' snapshot.
    assert!(rows.iter().all(|row| row[5] != "0"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.starts_with(&format!(
            "9x9 only, not run on {side}x{side}: scan-backtracking, spaces-scan,"
        )),
        "{stderr}"
    );
}

#[test]
fn size_with_a_file_judges_its_boards_and_names_a_bad_line() {
    let compare_4x4 = |file: &std::path::Path| {
        (sudoku_kata()
            .args(["compare", "--size", "4", "--file"])
            .arg(file))
        .output()
        .expect("runs")
    };
    // Three 4x4 boards: one with a solution, one whose cell (1, 1) can take no value, and one
    // whose givens clash; the last after spaces and a comment.
    let file = data_file(
        "four.txt",
        "\u{feff}# three boards\n1...............\n.123....4.......\n  # clash\n 11..............\n",
    );
    let output = compare_4x4(&file);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    for row in table_rows(&stdout) {
        assert_eq!(
            (row[0].as_str(), row[2].as_str()),
            ("four.txt", "3/3"),
            "{stdout}"
        );
    }
    // A 9x9 line in a file of 4x4 boards stops the run before anything is measured.
    let mixed = data_file(
        "mixed.txt",
        &format!("1...............\n{}\n", ".".repeat(81)),
    );
    let output = compare_4x4(&mixed);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.ends_with(
            "mixed.txt: line 2, column 1: a 9x9 board, where a 4x4 board (16 cells) is wanted; \
             `compare --file` compares 9x9 boards\n"
        ),
        "{stderr}"
    );
    // A bad symbol is placed on the file's line, not on the first line of the line's text.
    let bad = data_file("bad.txt", "# one board\n\n12..x...........\n");
    let output = compare_4x4(&bad);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.ends_with(
            "bad.txt: line 3, column 5: bad character 'x': expected one of \"1234\", or '.' or '0' \
             for a blank\n"
        ),
        "{stderr}"
    );
    // Bytes that are not UTF-8 are placed too.
    let binary = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("binary.txt");
    std::fs::write(&binary, b"1...............\n12..\xff...........\n").expect("written");
    let stderr = String::from_utf8(compare_4x4(&binary).stderr).expect("UTF-8");
    assert!(
        stderr.ends_with(
            "binary.txt: line 2, column 5: bad character byte 0xff (not UTF-8): expected a symbol \
             of the board's alphabet, or '.' or '0' for a blank\n"
        ),
        "{stderr}"
    );
    // A device without end (or a pipe: no size to check first) is read no further than a line's
    // bound.
    let stderr = String::from_utf8(compare_4x4(std::path::Path::new("/dev/zero")).stderr);
    assert_eq!(
        stderr.expect("UTF-8"),
        "error: /dev/zero: line 1, column 4097: the line is longer than 4096 bytes; a puzzle line \
         holds a board's cells\n"
    );
    // A complete board is its own answer; a file of comments holds no boards.
    let complete = data_file("complete.txt", "1234341221434321\n");
    let output = compare_4x4(&complete);
    assert!(output.status.success(), "{output:?}");
    let empty = data_file("comments.txt", "# nothing\n");
    let output = compare_4x4(&empty);
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.ends_with(
            "comments.txt: it holds no puzzle: it is empty or has only blank and comment lines\n"
        ),
        "{stderr}"
    );
    // No bundled 4x4 boards; no tiers beyond 9x9, and no 9x9-only rung alone, are usage errors.
    let bitboard = ["--size", "16", "--approach", "bitboard"];
    for (args, code) in [
        (&["--size", "4"][..], 1),
        (&["--size", "16", "--tier", "easy"], 2),
        (&bitboard, 2),
    ] {
        let output = sudoku_kata()
            .arg("compare")
            .args(args)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(code), "{args:?}");
    }
}
