//! Tests of `sudoku_harness::file_format`.

use rstest::rstest;
use sudoku_board::Board;
use sudoku_harness::file_format::*;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn parse(text: &str) -> Result<Vec<Puzzle>, FixtureError> {
    parse_fixture_file("demo", "demo.txt", text)
}

#[test]
fn reads_puzzles_and_skips_comments_and_blank_lines() {
    let text = format!(
        "# a comment\n\nexample {PUZZLE} {SOLUTION}\r\nopen {PUZZLE} multiple\nstuck {PUZZLE} none\n"
    );
    let puzzles = parse(&text).expect("valid file");
    assert_eq!(puzzles.len(), 3);
    assert_eq!(puzzles[0].id(), "demo/example");
    assert_eq!(puzzles[0].line, 3);
    assert_eq!(
        puzzles[0].expected,
        Expected::Unique(Board::parse_line(SOLUTION).unwrap())
    );
    assert_eq!(puzzles[1].expected, Expected::Multiple);
    assert_eq!(puzzles[2].expected, Expected::NoSolution);
}

#[rstest]
#[case::too_few_fields(format!("example {PUZZLE}"), "demo.txt, line 1: expected 3 fields `name puzzle solution` (solution may be `multiple` or `none`), found 2")]
#[case::bad_name(format!("Example {PUZZLE} multiple"), "demo.txt, line 1: the name \"Example\" may only use a-z, 0-9 and '-'")]
#[case::duplicate_name(format!("a {PUZZLE} multiple\n# c\na {PUZZLE} multiple"), "demo.txt, line 3: the name \"a\" is already used on line 1")]
#[case::tampered_solution(format!("a {PUZZLE} {}", SOLUTION.replacen("534", "354", 1)), "demo.txt, line 1: the stored solution does not solve the puzzle: row 1, column 1 holds '3', but the puzzle gives 5 there")]
#[case::short_solution(format!("a {PUZZLE} {}", &SOLUTION[..80]), "demo.txt, line 1: the stored solution does not solve the puzzle: row 9 of the solution has 8 cells, expected 9")]
#[case::repeated_digit(format!("a {PUZZLE} {}", SOLUTION.replacen("912", "921", 1)), "demo.txt, line 1: the stored solution does not solve the puzzle: digit 2 appears twice in column 8")]
fn rejects_a_broken_line(#[case] text: String, #[case] message_start: &str) {
    let message = parse(&text).expect_err("broken file").to_string();
    assert!(
        message.starts_with(message_start),
        "{message:?} should start with {message_start:?}"
    );
}

#[test]
fn rejects_a_puzzle_that_does_not_parse() {
    let error = parse(&format!("a {} multiple", &PUZZLE[..80])).expect_err("short puzzle");
    assert!(
        matches!(error.problem, FixtureProblem::Puzzle(_)),
        "{error}"
    );
}

#[test]
fn a_fixture_line_yields_its_puzzle_and_where_it_starts() {
    let line = format!("example  {PUZZLE} {SOLUTION}");
    assert_eq!(puzzle_field(&line), Some((9, PUZZLE)));
    for solved in ["multiple", "none"] {
        let line = format!("open-2\t{PUZZLE} {solved}");
        assert_eq!(puzzle_field(&line), Some((7, PUZZLE)));
    }
    // A cell that is not ASCII is still a cell.
    let odd = PUZZLE.replacen('.', "é", 1);
    let line = format!("example {odd} {SOLUTION}");
    assert_eq!(puzzle_field(&line), Some((8, odd.as_str())));
    // A name with a letter makes a fixture line of three fields whatever the others hold: its
    // puzzle is read, and named if it is none.
    let line = format!("example {PUZZLE} {}", &SOLUTION[1..]);
    assert_eq!(puzzle_field(&line), Some((8, PUZZLE)));
    let line = format!("example {} {SOLUTION}", &PUZZLE[1..]);
    assert_eq!(puzzle_field(&line), Some((8, &PUZZLE[1..])));
    // A name and a board, as the public files of large boards have them.
    let line = format!("acs16-05-00\t{PUZZLE}");
    assert_eq!(puzzle_field(&line), Some((12, PUZZLE)));
    // Not a fixture line: a puzzle alone, a bad name, a name of digits with a solution of
    // another length, four fields, a board's rows spaced out, a name and no board.
    for line in [
        PUZZLE.to_owned(),
        format!("example {}", &PUZZLE[1..]),
        format!("Example {PUZZLE}"),
        "53 07".to_owned(),
        "530 070 000".to_owned(),
        format!("Example {PUZZLE} {SOLUTION}"),
        format!("{PUZZLE} a comment"),
        format!("2019 {PUZZLE} {}", &SOLUTION[1..]),
        format!("example {PUZZLE} {SOLUTION} more"),
        "not a puzzle".to_owned(),
    ] {
        assert_eq!(puzzle_field(&line), None, "{line}");
    }
}
