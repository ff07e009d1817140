//! Puzzle files as people have them, read by `solve`, `check`, `compare --file` and
//! `bench --file` alike: a CSV of `puzzle,solution` lines under a header (Kaggle's file),
//! `id puzzle rating` lines (the Sudoku Exchange bank) and `puzzle;rating;...` forum lists; a
//! line of fields with no puzzle, whose error says which shapes were tried; and the near misses:
//! a puzzle field a cell short, a separator after the puzzle, a lone `\r` inside a line.

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

/// `contents` as a file named `name`, read by `compare --file FILE --approach bitboard` and
/// `bench --file FILE --approach engine`, each named with its exchange: the readers of data
/// files.
fn file_readers(name: &str, contents: &str) -> [(&'static str, String); 2] {
    let dir = tempfile::TempDir::new().expect("a temporary directory");
    let file = dir.path().join(name);
    fs::write(&file, contents).expect("write");
    [("compare", "bitboard"), ("bench", "engine")].map(|(command, approach)| {
        let args = [
            OsStr::new("--file"),
            file.as_os_str(),
            OsStr::new("--approach"),
            OsStr::new(approach),
        ];
        (command, run(command, &args, ""))
    })
}

/// Each shape as a file of two puzzles, named by its extension.
fn shapes() -> [(&'static str, String); 4] {
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
        // Long ids, of digits or capitals, are no puzzle a cell short.
        (
            "ids",
            format!(
                "12345678901234567890 {PUZZLE} 1.2\nD41D8CD98F00B204E9800998ECF8427E {SEVENTEEN} 4.5\n"
            ),
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
        &format!("{PUZZLE}\nabc;def {}\n", &PUZZLE[1..15]),
    );
    assert!(
        solved.contains(&format!(
            "\n{SOLUTION}\nerror: <stdin>:2: bad character ';' at input line 2, column 4"
        )) && solved.contains(tried),
        "{solved}"
    );
    let checked = run(
        "check",
        &[OsStr::new(&format!("x\t{}", &PUZZLE[1..15]))],
        "",
    );
    assert!(
        checked.starts_with("exit status: 1\n--- stdout\ninvalid puzzle: ")
            && checked.contains(tried),
        "{checked}"
    );
    for (command, output) in file_readers("bad.txt", &format!("{PUZZLE}\n12,{}\n", &PUZZLE[1..15]))
    {
        assert!(
            output.contains("line 2, column 3: bad character ','") && output.contains(tried),
            "{command}: {output}"
        );
    }
}

/// A puzzle field a cell short, before its solution: the puzzle is named with its count, in its
/// place, by every reader, rather than passed over for the solution (which would come back
/// "solved").
#[test]
fn a_puzzle_field_of_the_wrong_length_is_named_not_passed_over_for_its_solution() {
    let short = &PUZZLE[..80];
    let field = "the puzzle field at input line 1, column 1 has 80 cells";
    for line in [
        format!("{short},{SOLUTION}"),
        format!("{short};{SOLUTION}"),
        format!("{short} {SOLUTION}"),
    ] {
        let solved = run("solve", &[], &format!("{line}\n"));
        assert!(
            solved.starts_with(&format!(
                "exit status: 1\n--- stdout\nerror: <stdin>:1: {field}"
            )),
            "{line}: {solved}"
        );
        let checked = run("check", &[OsStr::new(&line)], "");
        assert!(
            checked.starts_with(&format!(
                "exit status: 1\n--- stdout\ninvalid puzzle: {field}"
            )),
            "{line}: {checked}"
        );
    }
    let numbered = run("solve", &[], &format!("7 {short} {SOLUTION}\n"));
    assert!(
        numbered.contains("error: <stdin>:1: the puzzle field at input line 1, column 3 has 80"),
        "{numbered}"
    );
    for (command, output) in file_readers(
        "short.csv",
        &format!("quizzes,solutions\n{short},{SOLUTION}\n"),
    ) {
        assert!(
            output.starts_with("exit status: 1\n")
                && output.contains("line 2, column 81: the line ends after 80 cells"),
            "{command}: {output}"
        );
    }
}

/// A separator after the puzzle (`puzzle,` or `puzzle;;`) leaves the puzzle the line's one
/// field: it is solved.
#[test]
fn a_separator_after_the_puzzle_leaves_it_the_puzzle() {
    let solved = run(
        "solve",
        &[],
        &format!("{PUZZLE},\n{SEVENTEEN};;\n\t{PUZZLE}\t\n"),
    );
    assert_eq!(
        solved,
        format!(
            "exit status: 0\n--- stdout\n{SOLUTION}\n{SEVENTEEN_SOLVED}\n{SOLUTION}\n--- stderr\n"
        )
    );
    let checked = run("check", &[OsStr::new(&format!("{PUZZLE};"))], "");
    assert!(
        checked.starts_with("exit status: 0\n--- stdout\nexactly one solution:"),
        "{checked}"
    );
}

/// A file of lines ended by a lone `\r` (old Mac files) is one line to the file readers too, and
/// the `\r` is named in its place (`hostile.rs` has `check` and `solve` on it). A CSV of them
/// under a header gives no puzzle either (it once gave the last solution, "solved").
#[test]
fn a_lone_carriage_return_is_a_bad_character_not_a_separator() {
    let csv = format!("quizzes,solutions\r{PUZZLE},{SOLUTION}\r{SEVENTEEN},{SEVENTEEN_SOLVED}\r");
    let solved = run("solve", &[], &csv);
    assert!(
        solved.starts_with("exit status: 1\n--- stdout\nerror: <stdin>:1: ")
            && solved.contains("carriage return"),
        "{solved}"
    );
    for (command, output) in file_readers("mac.txt", &format!("{PUZZLE}\r{SEVENTEEN}\r")) {
        assert!(
            output.starts_with("exit status: 1\n") && output.contains("line 1, column 82"),
            "{command}: {output}"
        );
    }
}

/// A board in an alphabet of letters leads its CSV line, which is then no header line of
/// words: it is read, by `solve` and `check` alike.
#[test]
fn a_csv_line_of_boards_in_letters_is_no_header() {
    let letters = |text: &str| -> String {
        (text.chars())
            .map(|c| {
                c.to_digit(10)
                    .map_or('0', |d| char::from(b'a' + d as u8 - 1))
            })
            .collect()
    };
    let (puzzle, solution) = (letters(PUZZLE), letters(SOLUTION));
    let line = format!("{puzzle},{solution}\n");
    let solved = run(
        "solve",
        &[OsStr::new("--alphabet"), OsStr::new("abcdefghi")],
        &line,
    );
    assert_eq!(
        solved,
        format!("exit status: 0\n--- stdout\n{solution}\n--- stderr\n")
    );
    let checked = run(
        "check",
        &[
            OsStr::new("--alphabet"),
            OsStr::new("abcdefghi"),
            OsStr::new("-"),
        ],
        &format!("{puzzle};hard\n"),
    );
    assert!(
        checked.starts_with("exit status: 0\n--- stdout\nexactly one solution:\ne c d | f g h"),
        "{checked}"
    );
}
