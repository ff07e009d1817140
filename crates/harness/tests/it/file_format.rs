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
    // No field to read: a puzzle alone, a name and no board, a board's rows spaced out, words.
    for line in [
        PUZZLE.to_owned(),
        format!("example {}", &PUZZLE[1..]),
        "53 07".to_owned(),
        "530 070 000".to_owned(),
        "not a puzzle".to_owned(),
    ] {
        assert_eq!(puzzle_field(&line), None, "{line}");
    }
}

/// Lines as people keep puzzles, beyond the fixtures' own: any line of fields split by
/// whitespace, `,` or `;` is read by its first field with a 9x9 or larger board's cells.
#[rstest]
#[case::kaggle_csv(format!("{PUZZLE},{SOLUTION}"), 0)]
#[case::sudoku_exchange(format!("0000183b305c  {PUZZLE}  1.2"), 14)]
#[case::digits_as_the_id(format!("000018330000 {PUZZLE} 1.2"), 13)]
#[case::forum_list(format!("{PUZZLE};11.9;11.9;10.6;Cloudy"), 0)]
#[case::a_note_after_it(format!("{PUZZLE} a comment"), 0)]
#[case::a_capital_in_the_name(format!("Example {PUZZLE}"), 8)]
#[case::four_fields(format!("example {PUZZLE} {SOLUTION} more"), 8)]
#[case::a_solution_one_short(format!("2019 {PUZZLE} {}", &SOLUTION[1..]), 5)]
#[case::sixteen_by_sixteen(format!("{},x", "1".repeat(256)), 0)]
fn a_line_of_fields_yields_its_first_board(#[case] line: String, #[case] before: usize) {
    let (at, puzzle) = puzzle_field(&line).expect("a field is a board");
    assert_eq!(at, before, "{line}");
    assert_eq!(puzzle, &line[at..][..puzzle.len()]);
    assert!([81, 256].contains(&puzzle.len()), "{puzzle}");
    assert_eq!(shapes_note(&line), "");
}

#[test]
fn a_header_line_is_skipped_as_a_comment_and_a_board_row_is_not() {
    for header in [
        "quizzes,solutions",
        "puzzle;rating",
        "id, puzzle, rating",
        "# a note",
    ] {
        assert!(is_comment(header), "{header}");
    }
    // Nor is a line of boards in an alphabet of letters (`--alphabet abcdefghi`).
    let letters = format!("{},{}", "a".repeat(81), "b".repeat(81));
    for line in [
        PUZZLE,
        "1,2,3,4,5,6,7,8,9",
        "A,B,C,D,E,F,G,1,2,3,4,5,6,7,8,9",
        "puzzle",
        &letters,
    ] {
        assert!(!is_comment(line), "{line}");
    }
}

/// A run of cells before a board is the puzzle, a cell short or long, rather than passed over
/// for the board after it (its solution). Without a board after it, the line is no line of
/// fields: the board parser names what is wrong with it (a space, a separator).
#[test]
fn a_run_of_cells_before_a_board_is_the_puzzle_whatever_its_count() {
    let short = &PUZZLE[1..];
    let zeros = short.replace('.', "0");
    for (line, before) in [
        (format!("{short},{SOLUTION}"), 0),
        (format!("{short};{SOLUTION};1.2"), 0),
        (format!("7 {short} {SOLUTION}"), 2),
        (format!("{PUZZLE}5\t{SOLUTION}"), 0),
        // Digits alone, as Kaggle writes blanks, are no fixture line's name then.
        (format!("{zeros} {SOLUTION}"), 0),
        // In an alphabet of letters too.
        (format!("{},{}", "a".repeat(80), "b".repeat(81)), 0),
    ] {
        let (at, puzzle) = puzzle_field(&line).expect("a run of cells");
        assert_eq!(
            (at, puzzle),
            (before, &line[before..][..puzzle.len()]),
            "{line}"
        );
        assert_ne!(puzzle.len(), 81, "{line}");
    }
    for line in [
        format!("{} {}", &PUZZLE[..40], &PUZZLE[41..]),
        format!("{short},"),
    ] {
        assert_eq!(puzzle_field(&line), None, "{line}");
    }
}

/// Names, ids and ratings of any length before the puzzle stay names: only a run of cells
/// within a tenth of a board's count is a miscounted puzzle.
#[test]
fn a_long_id_before_the_puzzle_is_no_puzzle() {
    for id in [
        "12345678901234567890",
        "HARDESTPUZZLE2012X",
        "D41D8CD98F00B204E9800998ECF8427E",
    ] {
        for line in [
            format!("{id} {PUZZLE} 3.4"),
            format!("{id},{PUZZLE},{SOLUTION}"),
        ] {
            let at = id.len() + 1;
            assert_eq!(puzzle_field(&line), Some((at, PUZZLE)), "{line}");
        }
    }
}

/// Separators after a board leave it the line's one field; any whitespace separates (a
/// non-breaking space pasted from a web page too), but a `\r` inside a line (old Mac line ends)
/// makes the line one that no field is read from, and the note says why.
#[test]
fn separators_are_whitespace_commas_and_semicolons_but_no_carriage_return() {
    for line in [
        format!("{PUZZLE},"),
        format!("{PUZZLE};;"),
        format!("{PUZZLE} ,"),
    ] {
        assert_eq!(puzzle_field(&line), Some((0, PUZZLE)), "{line}");
    }
    for line in [
        format!("1\u{a0}{PUZZLE}\u{a0}3.4"),
        format!("1\u{3000}{PUZZLE}\u{3000}3.4"),
        format!("a\u{c}{PUZZLE}\u{c}{SOLUTION}"),
    ] {
        let at = line.find(PUZZLE).expect("the puzzle");
        assert_eq!(puzzle_field(&line), Some((at, PUZZLE)), "{line:?}");
    }
    assert!(is_comment("quizzes,\u{a0}solutions"));
    for line in [
        format!("{PUZZLE}\r{SOLUTION}"),
        format!("example\r{PUZZLE}\r{SOLUTION}"),
        format!("quizzes,solutions\r{PUZZLE},{SOLUTION}\r"),
        format!("1 {PUZZLE} 3.4\r2 {PUZZLE} 1.0\r"),
    ] {
        assert_eq!(puzzle_field(&line), None, "{line:?}");
        assert!(!is_comment(&line), "{line:?}");
        assert!(shapes_note(&line).contains("carriage return"), "{line:?}");
    }
}

#[test]
fn a_line_of_fields_with_no_board_says_which_shapes_were_tried() {
    let note = shapes_note("abc,def ghi");
    for shape in [
        "name puzzle solution",
        "id puzzle rating",
        "puzzle,solution",
        "puzzle;rating",
    ] {
        assert!(note.contains(shape), "{note}");
    }
    // A line that holds a board, or no `,`, `;` or tab (a board with a typo, a grid's row), or
    // LeetCode's notation, gets no note.
    for line in [
        &PUZZLE[1..],
        PUZZLE,
        &format!("x;{PUZZLE}"),
        "abc def",
        "1 2 3 4",
        "[[\"5\",\"3\"],",
    ] {
        assert_eq!(shapes_note(line), "", "{line}");
    }
}
