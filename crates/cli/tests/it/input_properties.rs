//! Whatever bytes `check` and `solve` are given, the code they run on them (the `sudoku_kata`
//! library) never panics and answers for every byte:
//!
//! - `parse_input` (what `check` reads) gives a board or an error that says something, and an
//!   error about bytes that are not UTF-8 names the place of the first bad byte truly.
//! - `LineReader` hands out the lines a simple model of "a line ends at `\n`, or `\r\n`" cuts
//!   the input into, numbered from 1, and its byte count covers the whole input, however the
//!   source trickles in.
//! - `solve_input` with the default solver (what `solve` runs per input) gives one outcome per
//!   line in input order (one for an input with no line, one for an input that is one puzzle),
//!   every error line names the input and its line, and every solution solves its line's puzzle.
//!   A line is solved exactly when it is a puzzle that has a solution, by a counter `solve` does
//!   not use (`constraint-propagation`).
//! - A source that fails ends the input there: every whole line read before the failure has its
//!   outcome, in order, and then `solve_input` returns the error; and a line only half sent does
//!   not hold back the answers to the lines before it.
//!
//! Inputs are arbitrary bytes, soups of the characters the notations are made of, and puzzles
//! rendered in every notation with a few characters broken. Failures are not persisted: proptest
//! prints the shrunk input.

use std::io::{self, Read};

use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::Config;
use sudoku_board::{Board, BoardError, Grid, GridError, check_solution};
use sudoku_generator::{ClueTarget, Generator};
use sudoku_harness::file_format::{is_comment, puzzle_field};
use sudoku_harness::random::SparseBoards;
use sudoku_kata::input::lines::{Content, LineReader, MAX_LINE_BYTES};
use sudoku_kata::input::one_puzzle::{InputError, Puzzle, parse_input};
use sudoku_kata::input::survey::{Survey, survey};
use sudoku_kata::solving::outcome::Outcome;
use sudoku_kata::solving::solver::{Grids, Solver};
use sudoku_kata::solving::{StreamError, solve_input};

/// The name the input goes by in error lines.
const NAME: &str = "in.txt";

/// A byte order mark in UTF-8.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// What cells are made of: digits and the two blanks.
const CELLS: &[&[u8]] = &[
    b"1", b"2", b"3", b"4", b"5", b"6", b"7", b"8", b"9", b".", b"0",
];

/// Everything else the notations, and the text around pasted puzzles, are made of: line ends,
/// a BOM, LeetCode's and the grid's punctuation, whitespace, letters, digits from other scripts,
/// and bytes that are not UTF-8 (a lone continuation byte, a cut-off sequence, UTF-16's BOM).
const OTHERS: &[&[u8]] = &[
    b"\n",
    b"\r\n",
    b"\r",
    BOM,
    b"[",
    b"]",
    b"\"",
    b"'",
    b",",
    b"|",
    b"-",
    b"+",
    b" ",
    b"\t",
    b"x",
    b"#",
    "\u{e9}".as_bytes(),
    "\u{ff15}".as_bytes(),
    "\u{663}".as_bytes(),
    b"\x00",
    b"\xff",
    b"\x80",
    b"\xc3",
    b"\xff\xfe",
];

/// One piece of a notation soup, cells more often than the rest.
fn token() -> impl Strategy<Value = &'static [u8]> {
    prop_oneof![3 => select(CELLS), 2 => select(OTHERS)]
}

/// Any bytes at all.
fn arbitrary_bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..400)
}

/// Characters of the notations in any order.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(token(), 0..300).prop_map(|tokens| tokens.concat())
}

/// A board of some kind: a unique puzzle, a complete grid, one with no solution, a sparse one
/// (no solution or very many), or the empty board.
fn board() -> impl Strategy<Value = Board> {
    prop_oneof![
        (0..2_000u64).prop_map(|seed| Generator::new(seed).puzzle(ClueTarget::Minimal).puzzle),
        (0..2_000u64).prop_map(|seed| Generator::new(seed).solution_grid()),
        (0..2_000u64).prop_map(|seed| {
            Generator::new(seed)
                .unsolvable(ClueTarget::Minimal)
                .expect("every minimal puzzle of seeds 0 to 19,999 has a given to change")
                .board
        }),
        any::<u64>().prop_map(|seed| SparseBoards::new(seed).next().expect("endless")),
        Just(Board::EMPTY),
    ]
}

/// The notations a board can be written in.
#[derive(Clone, Copy, Debug)]
enum Notation {
    Line,
    Grid,
    LeetCode,
    /// A fixture file's line, as `generate` writes them: `name puzzle solution`.
    Fixture,
}

fn notation() -> impl Strategy<Value = Notation> {
    prop_oneof![
        2 => Just(Notation::Line),
        1 => Just(Notation::Grid),
        1 => Just(Notation::LeetCode),
        1 => Just(Notation::Fixture),
    ]
}

/// `board` written in `notation`, with `end` ending its lines (none after the last).
fn render(board: &Board, notation: Notation, end: &str) -> String {
    let text = match notation {
        Notation::Line => board.to_line(),
        Notation::Grid => board.to_grid(),
        // One row a line, as LeetCode's input is often pasted.
        Notation::LeetCode => board.to_leetcode().replace("],[", "],\n["),
        Notation::Fixture => format!("generated-1 {} multiple", board.to_line()),
    };
    text.trim_end().replace('\n', end)
}

/// A small edit of a rendered board: a token put in place of a byte or before it, or a byte
/// dropped.
#[derive(Clone, Debug)]
enum Edit {
    Replace(Index, &'static [u8]),
    Insert(Index, &'static [u8]),
    Delete(Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), token()).prop_map(|(at, token)| Edit::Replace(at, token)),
        (any::<Index>(), token()).prop_map(|(at, token)| Edit::Insert(at, token)),
        any::<Index>().prop_map(Edit::Delete),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &Edit) {
    if bytes.is_empty() {
        return;
    }
    match edit {
        Edit::Replace(at, token) => {
            let at = at.index(bytes.len());
            bytes.splice(at..=at, token.iter().copied());
        }
        Edit::Insert(at, token) => {
            let at = at.index(bytes.len() + 1);
            bytes.splice(at..at, token.iter().copied());
        }
        Edit::Delete(at) => {
            bytes.remove(at.index(bytes.len()));
        }
    }
}

/// A line end.
fn line_end() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("\n"), Just("\r\n")]
}

/// Boards written one after another, each maybe after a comment line and with a few edits,
/// perhaps after a BOM and with a line end after the last.
fn puzzle_ish() -> impl Strategy<Value = Vec<u8>> {
    // Half the boards are left whole, and half the inputs are one board, so that some inputs
    // are puzzles.
    let piece = || {
        let edits = prop_oneof![Just(Vec::new()), proptest::collection::vec(edit(), 1..3)];
        (board(), notation(), edits, any::<bool>())
    };
    let pieces = prop_oneof![
        proptest::collection::vec(piece(), 1..2),
        proptest::collection::vec(piece(), 2..5),
    ];
    (any::<bool>(), pieces, line_end(), any::<bool>()).prop_map(
        |(bom, pieces, end, trailing_end)| {
            let mut bytes = if bom { BOM.to_vec() } else { Vec::new() };
            for (number, (board, notation, edits, commented)) in pieces.iter().enumerate() {
                if number > 0 {
                    bytes.extend_from_slice(end.as_bytes());
                }
                // Maybe a comment line first, which the edits may reach too.
                let comment = if *commented {
                    format!("  # a note{end}")
                } else {
                    String::new()
                };
                let mut piece = (comment + &render(board, *notation, end)).into_bytes();
                for edit in edits {
                    apply(&mut piece, edit);
                }
                bytes.extend(piece);
            }
            if trailing_end {
                bytes.extend_from_slice(end.as_bytes());
            }
            bytes
        },
    )
}

/// Any input `check` or `solve` might be handed.
fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![arbitrary_bytes(), soup(), puzzle_ish()]
}

/// Lines around the longest a line may be ([`MAX_LINE_BYTES`]) and around the pieces an
/// over-long line is skipped in (64 KiB), with every kind of line end, between short lines.
fn long_lines() -> impl Strategy<Value = Vec<u8>> {
    let length = prop_oneof![
        Just(0),
        Just(1),
        Just(MAX_LINE_BYTES - 1),
        Just(MAX_LINE_BYTES),
        Just(MAX_LINE_BYTES + 1),
        Just(MAX_LINE_BYTES + 2),
        Just(64 * 1024 - 1),
        Just(64 * 1024),
        Just(64 * 1024 + 1),
        Just(2 * 64 * 1024 + 3),
    ];
    let fill = prop_oneof![Just(b'1'), Just(b'.'), Just(b'\r'), Just(0xff)];
    let end = prop_oneof![
        Just(&b"\n"[..]),
        Just(&b"\r\n"[..]),
        Just(&b"\r"[..]),
        Just(&b"\r\r\n"[..]),
        Just(&b""[..]),
    ];
    proptest::collection::vec((length, fill, end), 1..5).prop_map(|lines| {
        lines
            .into_iter()
            .flat_map(|(length, fill, end)| {
                std::iter::repeat_n(fill, length).chain(end.iter().copied())
            })
            .collect()
    })
}

/// A source that hands out at most `step` bytes per read, so that lines and line ends are cut
/// at every place between reads, and fails once it has handed out `fails_at` bytes.
struct Trickle {
    bytes: Vec<u8>,
    at: usize,
    step: usize,
    fails_at: usize,
}

impl Read for Trickle {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.fails_at {
            return Err(io::Error::other("the source failed"));
        }
        let count =
            (self.step.min(buffer.len())).min(self.bytes.len().min(self.fails_at) - self.at);
        buffer[..count].copy_from_slice(&self.bytes[self.at..self.at + count]);
        self.at += count;
        Ok(count)
    }
}

/// How much a read hands out: a byte, a few, or everything at once.
fn step() -> impl Strategy<Value = usize> {
    prop_oneof![Just(1), 2..16usize, Just(usize::MAX)]
}

fn reader(input: &[u8], step: usize) -> LineReader {
    failing_reader(input, step, usize::MAX)
}

fn failing_reader(input: &[u8], step: usize, fails_at: usize) -> LineReader {
    LineReader::new(Box::new(Trickle {
        bytes: input.to_vec(),
        at: 0,
        step,
        fails_at,
    }))
}

/// The lines of `input` as the reader should see them: cut after each `\n`, the last line
/// counting without one; the line end (`\n`, or `\r\n`) dropped; a line longer than
/// [`MAX_LINE_BYTES`] only measured.
fn model_lines(input: &[u8]) -> Vec<Content> {
    let mut lines = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let line = match rest.iter().position(|&byte| byte == b'\n') {
            Some(newline) => {
                let line = &rest[..newline];
                rest = &rest[newline + 1..];
                line.strip_suffix(b"\r").unwrap_or(line)
            }
            None => std::mem::take(&mut rest),
        };
        lines.push(if line.len() > MAX_LINE_BYTES {
            Content::TooLong {
                bytes: line.len() as u64,
            }
        } else {
            match String::from_utf8(line.to_vec()) {
                Ok(text) => Content::Text(text),
                Err(error) => Content::NotUtf8 {
                    valid_up_to: error.utf8_error().valid_up_to(),
                    bytes: error.into_bytes(),
                },
            }
        });
    }
    lines
}

/// Every line the reader hands out, checked against [`model_lines`].
fn check_line_reader(input: &[u8], step: usize) -> Result<(), TestCaseError> {
    let mut reader = reader(input, step);
    let mut contents = Vec::new();
    while let Some(line) = reader.next_line() {
        prop_assert_eq!(line.number, contents.len() + 1);
        contents.push(line.content);
    }
    prop_assert_eq!(contents, model_lines(input));
    prop_assert_eq!(reader.bytes_read(), input.len() as u64);
    // At the end it stays at the end.
    prop_assert_eq!(reader.next_line(), None);
    prop_assert_eq!(reader.bytes_read(), input.len() as u64);
    Ok(())
}

/// What `check` reads of `text` as one puzzle: its one line that is neither blank nor a comment
/// (by its puzzle field, when it is a fixture file's line), or else the whole text, its comment
/// lines left empty.
fn read_as(text: &str) -> String {
    let mut lines = (text.lines())
        .map(|line| line.trim_start_matches('\u{feff}'))
        .filter(|line| !line.trim().is_empty() && !is_comment(line));
    match (lines.next(), lines.next()) {
        (Some(line), None) => puzzle_field(line)
            .map_or(line, |(_, puzzle)| puzzle)
            .to_owned(),
        _ => (text.split_inclusive('\n'))
            .map(|line| if is_comment(line) { "\n" } else { line })
            .collect(),
    }
}

/// Whether `puzzle` has a solution, by a counter `solve` does not use.
fn solvable(puzzle: &Board) -> bool {
    sudoku_harness::oracle::count_solutions(&puzzle.to_rows(), 1) == 1
}

/// The outcome for one puzzle: a complete solution of it when it has one, otherwise an error
/// line that starts with `prefix` and goes on to say something.
fn check_outcome(
    outcome: &Outcome,
    puzzle: Option<Board>,
    prefix: &str,
) -> Result<(), TestCaseError> {
    match (outcome, puzzle) {
        (Outcome::Solved(solution), Some(puzzle)) => {
            prop_assert!(solution.is_complete(), "{:?} for {:?}", solution, puzzle);
            prop_assert_eq!(check_solution(&puzzle, &solution.to_rows()), Ok(()));
        }
        (Outcome::Solved(solution), None) => {
            prop_assert!(false, "{:?} for a line that is no puzzle", solution);
        }
        (Outcome::Comment(comment), _) => {
            prop_assert!(false, "{:?} for a line that is no comment", comment);
        }
        // A board of another size: complete, and never the answer to a 9x9 puzzle.
        (Outcome::SolvedGrid(solution), puzzle) => {
            prop_assert!(puzzle.is_none() && solution.givens() == solution.values().len());
        }
        (Outcome::Failed(line), puzzle) => {
            prop_assert!(
                puzzle.is_none_or(|puzzle| !solvable(&puzzle)),
                "{} for {:?}, which has a solution",
                line,
                puzzle
            );
            let cause = line.strip_prefix(prefix);
            prop_assert!(
                cause.is_some_and(|cause| !cause.trim().is_empty()),
                "{:?} does not start with {:?} and a cause",
                line,
                prefix
            );
        }
    }
    Ok(())
}

/// Runs `solve_input` with the default solver on what `reader` reads: every outcome it hands on,
/// and how it ended. `seen` is shown the outcomes so far and the reader each time a chunk is
/// handed on.
fn solve_all(
    reader: &mut LineReader,
    mut seen: impl FnMut(&[Outcome], &LineReader),
) -> (Vec<Outcome>, Result<(), StreamError>) {
    let mut outcomes = Vec::new();
    let mut emitted = |chunk: &[Outcome], reader: &LineReader| {
        outcomes.extend_from_slice(chunk);
        seen(&outcomes, reader);
        Ok(())
    };
    let result = solve_input(NAME, reader, Solver::Engine, Grids::default(), &mut emitted);
    (outcomes, result)
}

/// Runs `solve_input` with the default solver on `input`, trickled in `step` bytes at a time, and
/// checks the outcomes against the lines of the input.
fn check_solve_input(input: &[u8], step: usize) -> Result<(), TestCaseError> {
    let mut reader = reader(input, step);
    let mut bytes_seen = 0;
    let (outcomes, result) = solve_all(&mut reader, |_, reader| {
        // Each chunk is handed on with the reader as far as it has got, which only moves on.
        assert!(reader.bytes_read() >= bytes_seen && reader.bytes_read() <= input.len() as u64);
        bytes_seen = reader.bytes_read();
    });
    prop_assert!(result.is_ok(), "{:?}", result);
    prop_assert_eq!(reader.bytes_read(), input.len() as u64);

    // How the input is to be read is the survey's call; what follows from it is checked here.
    let survey = survey(&mut self::reader(input, usize::MAX), None);
    match survey {
        Survey::Empty => {
            prop_assert!(input.is_empty());
            prop_assert_eq!(
                outcomes,
                [Outcome::Failed(format!(
                    "error: {NAME}: the input is empty: there is no line to solve"
                ))]
            );
        }
        Survey::Whole(text) => {
            prop_assert_eq!(outcomes.len(), 1);
            // The input's lines, each ended by `\n`, its comment lines left empty.
            let lines = model_lines(input).into_iter().map(|line| match line {
                Content::Text(line) if is_comment(&line) => "\n".to_owned(),
                Content::Text(line) => format!("{line}\n"),
                other => format!("{other:?}: no line of a whole puzzle"),
            });
            prop_assert_eq!(&text, &lines.collect::<String>());
            // One puzzle, whose givens may clash.
            let puzzle = Board::parse(&text);
            let grid = Grid::parse(&text, None);
            prop_assert!(
                matches!(puzzle, Ok(_) | Err(BoardError::DuplicateGiven { .. }))
                    || matches!(grid, Ok(_) | Err(GridError::Clash { .. })),
                "one puzzle that is none: {:?}",
                grid
            );
            check_outcome(&outcomes[0], puzzle.ok(), &format!("error: {NAME}: "))?;
        }
        Survey::Lines(_) => {
            prop_assert!(!input.is_empty());
            let lines = model_lines(input);
            prop_assert_eq!(outcomes.len(), lines.len());
            for (index, (outcome, line)) in outcomes.iter().zip(&lines).enumerate() {
                let line = match line {
                    Content::Text(line) => Some(line.as_str()),
                    _ => None,
                };
                // The line without the one byte order mark it may start with.
                let text = line.map(|line| line.strip_prefix('\u{feff}').unwrap_or(line));
                // A comment (`#` first after any byte order marks and indentation, or a header
                // line of words such as `quizzes,solutions`) comes back without its first byte
                // order mark; a fixture line is read by its puzzle, any other line as it is (the
                // board's parser skips one byte order mark, not two).
                if let Some(note) = text.filter(|text| is_comment(text)) {
                    prop_assert_eq!(outcome, &Outcome::Comment(note.to_owned()));
                    continue;
                }
                let field = line
                    .zip(text)
                    .map(|(line, text)| puzzle_field(text).map_or(line, |(_, puzzle)| puzzle));
                let puzzle = field.and_then(|field| Board::parse_line(field).ok());
                check_outcome(outcome, puzzle, &format!("error: {NAME}:{}: ", index + 1))?;
            }
        }
    }
    Ok(())
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn parse_input_gives_a_board_or_an_error_that_says_something(input in input()) {
        match parse_input(&input, None) {
            Ok(puzzle) => {
                // A board only comes from text.
                let text = std::str::from_utf8(&input);
                prop_assert!(text.is_ok());
                let text = read_as(text.unwrap_or_default());
                match puzzle {
                    Puzzle::Board(board) => prop_assert_eq!(Board::parse(&text), Ok(board)),
                    Puzzle::Grid(grid) => prop_assert_eq!(Grid::parse(&text, None), Ok(grid)),
                }
            }
            Err(error) => {
                prop_assert!(!error.to_string().trim().is_empty(), "{:?}", error);
                if let InputError::NotUtf8 { line, column, byte, .. } = error {
                    check_bad_byte_place(&input, line, column, byte)?;
                }
            }
        }
    }

    #[test]
    fn the_line_reader_hands_out_every_line_and_counts_every_byte(
        input in input(),
        step in step(),
    ) {
        check_line_reader(&input, step)?;
    }

    #[test]
    fn solving_gives_one_outcome_per_line_and_only_true_solutions(
        input in input(),
        step in step(),
    ) {
        check_solve_input(&input, step)?;
    }
}

proptest! {
    // Long lines are large inputs: fewer cases.
    #![proptest_config(config(48))]

    #[test]
    fn lines_around_the_length_limits_are_read_or_measured_exactly(
        input in long_lines(),
        step in step(),
    ) {
        check_line_reader(&input, step)?;
        check_solve_input(&input, step)?;
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn one_board_in_any_notation_is_read_whole_by_check_and_by_solve(
        board in board(),
        notation in notation(),
        bom in any::<bool>(),
        end in line_end(),
        trailing_end in any::<bool>(),
        step in step(),
    ) {
        let mut input = if bom { BOM.to_vec() } else { Vec::new() };
        input.extend(render(&board, notation, end).into_bytes());
        if trailing_end {
            input.extend_from_slice(end.as_bytes());
        }
        prop_assert_eq!(parse_input(&input, None), Ok(Puzzle::Board(board)));

        let (outcomes, result) = solve_all(&mut reader(&input, step), |_, _| {});
        result.expect("a trickle does not fail");
        // One outcome, whether read as a line or as one puzzle spread over lines.
        prop_assert_eq!(outcomes.len(), 1, "{:?}", outcomes);
        let prefix = match notation {
            Notation::Line | Notation::Fixture => format!("error: {NAME}:1: "),
            Notation::Grid | Notation::LeetCode => format!("error: {NAME}: "),
        };
        check_outcome(&outcomes[0], Some(board), &prefix)?;
        if solvable(&board) {
            prop_assert!(matches!(outcomes[0], Outcome::Solved(_)));
        }
    }
}

proptest! {
    // Thousands of lines per case: a few cases.
    #![proptest_config(config(6))]

    #[test]
    fn more_lines_than_a_chunk_keep_their_order(
        lines in proptest::collection::vec(
            prop_oneof![
                board().prop_map(|board| board.to_line()),
                Just(String::new()),
                Just("x".to_owned()),
            ],
            1..8,
        ),
        count in 4_000..4_300usize,
        step in prop_oneof![Just(7usize), Just(4_096), Just(usize::MAX)],
    ) {
        let input: String = lines.iter().cycle().take(count).map(|line| format!("{line}\n")).collect();
        check_solve_input(input.as_bytes(), step)?;
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn a_failed_read_comes_after_the_outcome_of_every_line_read_before_it(
        boards in proptest::collection::vec(board(), 1..40),
        cut in any::<Index>(),
        step in step(),
    ) {
        let input: String = boards.iter().map(|board| format!("{}\n", board.to_line())).collect();
        // Anywhere from the first byte to the read after the last.
        let fails_at = cut.index(input.len() + 1);
        let mut reader = failing_reader(input.as_bytes(), step, fails_at);
        let (outcomes, result) = solve_all(&mut reader, |_, _| {});
        let error = result.expect_err("the source failed");
        prop_assert_eq!(error.to_string(), format!("cannot read {NAME}: the source failed"));
        // The line cut by the failure never ended: it has no outcome.
        prop_assert_eq!(outcomes.len(), input[..fails_at].matches('\n').count());
        for (at, (outcome, board)) in outcomes.iter().zip(&boards).enumerate() {
            check_outcome(outcome, Some(*board), &format!("error: {NAME}:{}: ", at + 1))?;
        }
    }
}

/// A puzzle the tests below put after a line with byte order marks.
const PUZZLE: &str =
    "...........596..2.49.2.7..115..3.29..6..1...4...57...69..........7.861.......5...";

/// The outcomes of solving `input`, once the property's checks hold for it read in pieces of
/// several sizes.
fn outcomes_that_hold(input: &str) -> Vec<Outcome> {
    for step in [1, 5, usize::MAX] {
        check_solve_input(input.as_bytes(), step).expect("the outcomes hold");
    }
    solve_all(&mut reader(input.as_bytes(), usize::MAX), |_, _| {}).0
}

/// A line may start with one byte order mark, not two: after the first, the second is a bad
/// character (found by the property above).
#[test]
fn a_second_byte_order_mark_is_a_bad_character() {
    let outcomes = outcomes_that_hold(&format!("\u{feff}\u{feff}{PUZZLE}\n\u{feff}{PUZZLE}\n"));
    assert!(
        matches!(&outcomes[0], Outcome::Failed(line) if line.contains("bad character '\\u{feff}'"))
    );
    assert!(matches!(outcomes[1], Outcome::Solved(_)));
}

/// A comment may start with any number of byte order marks: `#` is first after them (found by
/// the property above). It comes back without the first one only.
#[test]
fn a_comment_after_two_byte_order_marks_is_a_comment() {
    let outcomes = outcomes_that_hold(&format!("\u{feff}\u{feff} # a note\n{PUZZLE}\n"));
    assert_eq!(
        outcomes[0],
        Outcome::Comment("\u{feff} # a note".to_owned())
    );
    assert!(matches!(outcomes[1], Outcome::Solved(_)));
}

/// A header line of words is a comment, also when a field is empty (`,x11`, found by the
/// property above): the properties judge comments as the readers do.
#[test]
fn a_header_line_with_an_empty_field_is_a_comment() -> Result<(), TestCaseError> {
    let input = format!(",x11\n{PUZZLE}\n");
    check_solve_input(input.as_bytes(), 1)?;
    let outcomes = outcomes_that_hold(&input);
    assert_eq!(outcomes[0], Outcome::Comment(",x11".to_owned()));
    Ok(())
}

/// Sends `first` at once, and the rest of the input only after the answers to the whole lines
/// in `first` were handed on, as a writer that waits for them would: it counts them in
/// `answered`, and fails the read if they do not come within 10 seconds.
struct HalfLine {
    first: Vec<u8>,
    rest: Vec<u8>,
    whole_lines: usize,
    answered: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Read for HalfLine {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let part = if self.first.is_empty() {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            loop {
                let answered = self.answered.load(std::sync::atomic::Ordering::SeqCst);
                if answered >= self.whole_lines || self.rest.is_empty() {
                    break;
                }
                if std::time::Instant::now() > deadline {
                    return Err(io::Error::other(format!(
                        "waited for the rest of a line with {answered} of {} answers handed on",
                        self.whole_lines
                    )));
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            &mut self.rest
        } else {
            &mut self.first
        };
        let count = part.len().min(buffer.len());
        buffer[..count].copy_from_slice(&part[..count]);
        part.drain(..count);
        Ok(count)
    }
}

/// A pipe whose writer flushed in the middle of a line (a 4 KiB stdio buffer does) still gets the
/// answers to the lines before it at once, not once the line is finished.
#[test]
fn half_a_line_does_not_hold_back_the_answers_before_it() {
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let answered = std::sync::Arc::default();
    let source = HalfLine {
        first: format!("{puzzle}\n{puzzle}\n{}", &puzzle[..40]).into_bytes(),
        rest: format!("{}\n", &puzzle[40..]).into_bytes(),
        whole_lines: 2,
        answered: std::sync::Arc::clone(&answered),
    };
    let (outcomes, result) = solve_all(&mut LineReader::new(Box::new(source)), |all, _| {
        answered.store(all.len(), std::sync::atomic::Ordering::SeqCst);
    });
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(outcomes.len(), 3);
    assert!(
        outcomes
            .iter()
            .all(|outcome| matches!(outcome, Outcome::Solved(_)))
    );
}

/// The first byte that is not UTF-8 is at `line` and `column` (in characters, both from 1, a byte
/// order mark at the start of the input not counted) of the input, and is `byte`.
fn check_bad_byte_place(
    input: &[u8],
    line: usize,
    column: usize,
    byte: u8,
) -> Result<(), TestCaseError> {
    let lines: Vec<&[u8]> = input.split(|&byte| byte == b'\n').collect();
    prop_assert!(
        line >= 1 && line <= lines.len(),
        "line {} of {}",
        line,
        lines.len()
    );
    for before in &lines[..line - 1] {
        prop_assert!(
            std::str::from_utf8(before).is_ok(),
            "an earlier line is bad"
        );
    }
    let bad_line = lines[line - 1];
    let good = match std::str::from_utf8(bad_line) {
        Ok(_) => return Err(TestCaseError::fail(format!("line {line} is UTF-8"))),
        Err(error) => error.valid_up_to(),
    };
    let text = std::str::from_utf8(&bad_line[..good]).unwrap_or_default();
    let text = text
        .strip_prefix('\u{feff}')
        .filter(|_| line == 1)
        .unwrap_or(text);
    prop_assert_eq!(column, text.chars().count() + 1);
    prop_assert_eq!(bad_line[good], byte);
    Ok(())
}
