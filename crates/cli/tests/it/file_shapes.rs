//! Puzzle files as people have them, read by `solve`, `check`, `compare --file` and
//! `bench --file` alike: a CSV of `puzzle,solution` lines under a header (Kaggle's file),
//! `id puzzle rating` lines (the Sudoku Exchange bank) and `puzzle;rating;...` forum lists; and
//! a line of fields with no puzzle, whose error says which shapes were tried.

use crate::common;

use std::ffi::OsStr;
use std::fs;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A 17-clue puzzle and its solution, so that two puzzles of a file differ.
const SEVENTEEN: &str =
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";
const SEVENTEEN_SOLVED: &str =
    "237841569186795243594326718315674892469582137728139456642918375853467921971253684";

fn run(command: &str, args: &[&OsStr], stdin: &str) -> String {
    common::exchange(command, args, stdin.as_bytes())
}

/// Each shape as a file of two puzzles, named by its extension.
fn shapes() -> [(&'static str, String); 3] {
    [
        (
            "csv",
            format!("quizzes,solutions\n{PUZZLE},{SOLUTION}\n{SEVENTEEN},{SEVENTEEN_SOLVED}\n"),
        ),
        (
            "exchange",
            format!("0000183b305c  {PUZZLE}  1.2\n000018330000  {SEVENTEEN}  4.5\n"),
        ),
        (
            "forum",
            format!("{PUZZLE};1.2;1.2;1.2;Example\n{SEVENTEEN};11.9;11.9;10.6;Cloudy\n"),
        ),
    ]
}

#[test]
fn every_reader_takes_each_shape() {
    let dir = tempfile::TempDir::new().expect("a temporary directory");
    for (name, text) in shapes() {
        let file = dir.path().join(format!("puzzles.{name}"));
        fs::write(&file, &text).expect("write");
        let file = file.as_os_str();

        // solve: one answer a line, a header line kept as it came.
        let header = if name == "csv" {
            "quizzes,solutions\n"
        } else {
            ""
        };
        let solved = run("solve", &[file], "");
        let expected = format!("{header}{SOLUTION}\n{SEVENTEEN_SOLVED}\n");
        assert!(
            solved.starts_with(&format!("exit status: 0\n--- stdout\n{expected}--- stderr")),
            "{name}: {solved}"
        );

        // check: one line of the shape.
        let line = text
            .lines()
            .find(|line| line.contains(SEVENTEEN))
            .expect("a line");
        let checked = run("check", &[OsStr::new(line)], "");
        assert!(
            checked.starts_with("exit status: 0\n--- stdout\nexactly one solution:\n2 3 7 | 8"),
            "{name}: {checked}"
        );

        // compare --file and bench --file: both puzzles of the file, solved.
        let compared = run(
            "compare",
            &[
                OsStr::new("--file"),
                file,
                OsStr::new("--approach"),
                OsStr::new("bitboard"),
            ],
            "",
        );
        assert!(
            compared.contains("  bitboard     2/2  "),
            "{name}: {compared}"
        );
        let benched = run(
            "bench",
            &[
                OsStr::new("--file"),
                file,
                OsStr::new("--approach"),
                OsStr::new("engine"),
                OsStr::new("--min-time"),
                OsStr::new("0.01"),
            ],
            "",
        );
        assert!(benched.starts_with("exit status: 0\n"), "{name}: {benched}");
        assert!(
            benched.contains(&format!("puzzles.{name}")),
            "{name}: {benched}"
        );
    }
}

#[test]
fn a_line_of_fields_with_no_puzzle_names_the_shapes_tried() {
    let tried = "no field of the line is a puzzle: a line holds a board, or fields split by \
                 spaces, tabs, ',' or ';'";
    let solved = run(
        "solve",
        &[],
        &format!("{PUZZLE}\nabc;def {}\n", &PUZZLE[1..]),
    );
    assert!(
        solved.contains(&format!(
            "\n{SOLUTION}\nerror: <stdin>:2: bad character ';' at input line 2, column 4"
        )) && solved.contains(tried),
        "{solved}"
    );
    let checked = run("check", &[OsStr::new(&format!("x\t{}", &PUZZLE[1..]))], "");
    assert!(
        checked.starts_with("exit status: 1\n--- stdout\ninvalid puzzle: ")
            && checked.contains(tried),
        "{checked}"
    );
    let dir = tempfile::TempDir::new().expect("a temporary directory");
    let file = dir.path().join("bad.txt");
    fs::write(&file, format!("{PUZZLE}\n12,{}\n", &PUZZLE[1..])).expect("write");
    for (command, approach) in [("compare", "bitboard"), ("bench", "engine")] {
        let args = [
            OsStr::new("--file"),
            file.as_os_str(),
            OsStr::new("--approach"),
            OsStr::new(approach),
        ];
        let output = run(command, &args, "");
        assert!(
            output.contains("line 2, column 3: bad character ','") && output.contains(tried),
            "{command}: {output}"
        );
    }
}
