//! Loading puzzle sets: the data-file format, its tolerances, and every way a file can be bad.

use std::io::{self, BufRead, Cursor, Read};

use sudoku_bench::sets::{
    GENERATED, LoadError, MAX_FILE_BYTES, MAX_LINE_BYTES, PUBLIC_SETS, PuzzleBytes, bundled_names,
    bundled_set, generated, load_file, public_sets, read_puzzles, write_file,
};

const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EXAMPLE_ZEROS: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn bytes(line: &str) -> PuzzleBytes {
    line.as_bytes().try_into().expect("81 bytes")
}

/// The 9x9 puzzles of a file holding `text`.
fn read(text: &[u8]) -> Result<Vec<PuzzleBytes>, LoadError> {
    let puzzles = read_puzzles("test.txt", 9, Cursor::new(text))?;
    Ok(puzzles.iter().map(|cells| bytes_of(cells)).collect())
}

fn bytes_of(cells: &[u8]) -> PuzzleBytes {
    cells.try_into().expect("81 bytes")
}

fn error_message(text: &[u8]) -> String {
    read(text).expect_err("a bad file").to_string()
}

#[test]
fn reads_one_puzzle_per_line_and_normalises_zero_blanks() {
    let text = format!("{EXAMPLE}\n{EXAMPLE_ZEROS}\n{SOLUTION}\n");
    let puzzles = read(text.as_bytes()).expect("a good file");
    assert_eq!(
        puzzles,
        [bytes(EXAMPLE), bytes(EXAMPLE), bytes(SOLUTION)],
        "'0' blanks read as '.'"
    );
}

#[test]
fn reads_tdoku_lines_by_their_first_81_characters() {
    let text = format!("{EXAMPLE}:1:{SOLUTION}\n{EXAMPLE_ZEROS}:1\n{EXAMPLE}:0\n");
    let puzzles = read(text.as_bytes()).expect("tdoku's format");
    assert_eq!(puzzles, [bytes(EXAMPLE); 3]);
}

#[test]
fn reads_fixture_lines_by_their_puzzle_field() {
    // As `sudoku-kata generate` writes them, and as the fixture files hold them.
    let text = format!(
        "# sudoku-kata generate --seed 1\nexample  {EXAMPLE} {SOLUTION}\r\n\
         blank-2\t{EXAMPLE_ZEROS} multiple\nsolved {SOLUTION} none\n"
    );
    let puzzles = read(text.as_bytes()).expect("the fixture format");
    assert_eq!(puzzles, [bytes(EXAMPLE), bytes(EXAMPLE), bytes(SOLUTION)]);
    // A bad cell is named by its column in the line.
    let bad = format!("{}x{}", &EXAMPLE[..16], &EXAMPLE[17..]);
    let message = error_message(format!("example {bad} none\n").as_bytes());
    assert!(
        message.contains("line 1, column 25: bad character 'x'"),
        "{message}"
    );
}

#[test]
fn tolerates_a_bom_crlf_spaces_a_missing_last_line_end_and_blank_lines() {
    let text = format!("\u{feff}{EXAMPLE}\r\n\r\n \t\n  # indented\n {SOLUTION}\t ");
    let puzzles = read(text.as_bytes()).expect("tolerated");
    assert_eq!(puzzles, [bytes(EXAMPLE), bytes(SOLUTION)]);
    // A bad cell is placed in the line, spaces counted.
    let text = format!("  {}\n", EXAMPLE.replacen('7', "x", 1));
    assert_eq!(
        error_message(text.as_bytes()),
        "test.txt: line 1, column 7: bad character 'x': expected a digit 1-9, or '.' or '0' for \
         a blank"
    );
}

#[test]
fn comment_lines_are_skipped_and_a_file_of_them_holds_no_puzzle() {
    let text = format!("# a header\r\n{EXAMPLE}\n#{SOLUTION}\n{SOLUTION}\n");
    let puzzles = read(text.as_bytes()).expect("comments skipped");
    assert_eq!(puzzles, [bytes(EXAMPLE), bytes(SOLUTION)]);
    // After a puzzle, a comment is one more field: the line is read by its puzzle.
    let text = format!("{EXAMPLE} # the example\n");
    assert_eq!(read(text.as_bytes()).expect("a puzzle"), [bytes(EXAMPLE)]);
    assert_eq!(error_message(b"# nothing\n"), error_message(b""));
    // A comment of any length, after a byte order mark too.
    let long = format!(
        "\u{feff}# {}\n{EXAMPLE}\n#{}",
        "x".repeat(10_000),
        "y".repeat(10_000)
    );
    assert_eq!(
        read(long.as_bytes()).expect("comments skipped"),
        [bytes(EXAMPLE)]
    );
}

#[test]
fn bad_characters_are_named_with_line_and_column() {
    let mut bad = EXAMPLE.to_owned();
    bad.replace_range(16..17, "x");
    let text = format!("{EXAMPLE}\n{bad}\n");
    insta::assert_snapshot!("bad_character", error_message(text.as_bytes()));

    // After a byte order mark, columns count from the first cell.
    let text = format!("\u{feff}{}", bad.replacen('x', "é", 1));
    insta::assert_snapshot!("non_ascii_after_bom", error_message(text.as_bytes()));

    let mut text = EXAMPLE.as_bytes().to_vec();
    text[80] = 0xff;
    insta::assert_snapshot!("not_utf8", error_message(&text));
}

#[test]
fn a_bom_is_only_skipped_at_the_start_of_the_file() {
    let text = format!("{EXAMPLE}\n\u{feff}{EXAMPLE}\n");
    insta::assert_snapshot!("bom_on_line_2", error_message(text.as_bytes()));
}

#[test]
fn short_lines_say_how_many_cells_they_hold() {
    let text = format!("{EXAMPLE}\n{}\n", &EXAMPLE[..79]);
    insta::assert_snapshot!("short_line", error_message(text.as_bytes()));
    // Spaces are not skipped: a grid or a spaced-out line is not this format.
    insta::assert_snapshot!("spaced_line", error_message(b"5 3 . . 7 . . . .\n"));
}

#[test]
fn a_board_of_another_size_is_named_as_one() {
    let sixteen = format!("{}A{}", ".".repeat(20), ".".repeat(235));
    assert_eq!(
        error_message(format!("{EXAMPLE}\n{sixteen}\n").as_bytes()),
        "test.txt: line 2, column 1: a 16x16 board, where a 9x9 board (81 cells) is wanted"
    );
    // A fixture line's puzzle field is placed in the line; a spaced-out line of 16 characters
    // is no 4x4 board.
    let four = "four 1..4..2...3..4.. 1234341221434321\n";
    assert_eq!(
        error_message(four.as_bytes()),
        "test.txt: line 1, column 6: a 4x4 board, where a 9x9 board (81 cells) is wanted"
    );
    assert_eq!(
        error_message(b"1 2 3 4 . . . .\n"),
        "test.txt: line 1, column 2: bad character ' ': expected a digit 1-9, or '.' or '0' for \
         a blank"
    );
    // Nor is a word of 16 letters; a 4x4 board whose givens clash is one.
    assert_eq!(
        error_message(b"puzzles-of-today\n"),
        "test.txt: line 1, column 1: bad character 'p': expected a digit 1-9, or '.' or '0' for \
         a blank"
    );
    assert_eq!(
        error_message(b"11..............\n"),
        "test.txt: line 1, column 1: a 4x4 board, where a 9x9 board (81 cells) is wanted"
    );
}

#[test]
fn text_after_the_81_cells_must_be_tdokus_count() {
    let text = format!("{EXAMPLE}9\n");
    insta::assert_snapshot!("long_line", error_message(text.as_bytes()));
    let text = format!("{EXAMPLE}x a comment\n");
    insta::assert_snapshot!("comment_after_puzzle", error_message(text.as_bytes()));
}

#[test]
fn empty_files_and_files_of_empty_lines_are_errors() {
    insta::assert_snapshot!("empty_file", error_message(b""));
    assert_eq!(error_message(b"\n\r\n \t\n"), error_message(b""));
    assert_eq!(error_message("\u{feff}".as_bytes()), error_message(b""));
}

/// An endless line of `'1'`s without a line break, that counts what was read from it.
struct Endless {
    read: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        buf.fill(b'1');
        self.read += buf.len();
        Ok(buf.len())
    }
}

/// A source that repeats `text` without end, counting the bytes read.
struct Repeating {
    text: Vec<u8>,
    read: u64,
}

impl Read for Repeating {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let at = (self.read % self.text.len() as u64) as usize;
        let n = (self.text.len() - at).min(buf.len());
        buf[..n].copy_from_slice(&self.text[at..at + n]);
        self.read += n as u64;
        Ok(n)
    }
}

#[test]
fn an_endless_file_is_an_error_after_its_bound() {
    // Of puzzles, or one comment that never ends: memory and time stay bounded.
    for text in [format!("{EXAMPLE}\n").repeat(1000), "#".repeat(65536)] {
        let mut endless = Repeating {
            text: text.into_bytes(),
            read: 0,
        };
        let error = read_puzzles("endless.txt", 9, io::BufReader::new(&mut endless))
            .expect_err("too large");
        assert_eq!(
            error.to_string(),
            "endless.txt: it holds more than 64 MiB, more puzzles than a benchmark measures"
        );
        assert!(
            endless.read <= MAX_FILE_BYTES + (64 << 10),
            "read {}",
            endless.read
        );
    }
}

#[test]
fn a_huge_line_is_an_error_without_reading_it_all() {
    let mut endless = Endless { read: 0 };
    let reader = io::BufReader::with_capacity(1024, &mut endless);
    let error = read_puzzles("endless.txt", 9, reader).expect_err("no line end");
    insta::assert_snapshot!("huge_line", error.to_string());
    // At most the limit and one more buffer: the reader is not drained.
    assert!(
        endless.read <= MAX_LINE_BYTES + 1024,
        "read {}",
        endless.read
    );

    // A long line that ends is reported the same way, at the same column.
    let mut text = format!("{EXAMPLE}\n").into_bytes();
    text.extend(std::iter::repeat_n(b'1', 10 * MAX_LINE_BYTES));
    text.push(b'\n');
    let message = error_message(&text);
    assert!(
        message.starts_with(&format!(
            "test.txt: line 2, column {}: ",
            MAX_LINE_BYTES + 1
        )),
        "{message}"
    );
}

/// A reader that fails after its first line.
struct Failing {
    sent: bool,
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.sent {
            return Err(io::Error::other("the disk went away"));
        }
        self.sent = true;
        let line = format!("{EXAMPLE}\n");
        buf[..line.len()].copy_from_slice(line.as_bytes());
        Ok(line.len())
    }
}

#[test]
fn read_errors_name_the_source_and_the_cause() {
    let reader: Box<dyn BufRead> = Box::new(io::BufReader::new(Failing { sent: false }));
    let error = read_puzzles("flaky.txt", 9, reader).expect_err("fails");
    insta::assert_snapshot!("read_error", error.to_string());
}

#[test]
fn load_file_names_the_set_after_the_file_and_errors_after_its_path() {
    let dir = tempdir("load_file");
    let path = dir.join("my_puzzles");
    std::fs::write(&path, format!("{EXAMPLE}\n{SOLUTION}\n")).expect("written");
    let set = load_file(&path, 9).expect("loads");
    assert_eq!(set.name, "my_puzzles");
    assert_eq!(set.puzzles.len(), 2);

    let missing = dir.join("missing");
    let message = load_file(&missing, 9).expect_err("missing").to_string();
    assert!(
        message.starts_with(&format!("{}: cannot read it: ", missing.display())),
        "{message}"
    );
}

#[test]
fn write_file_writes_what_load_file_reads_back() {
    let dir = tempdir("write_file");
    let puzzles = vec![bytes(EXAMPLE), bytes(SOLUTION)];
    write_file(&dir.join("written"), &puzzles).expect("written");
    assert_eq!(
        load_file(&dir.join("written"), 9).expect("loads").boards(),
        puzzles
    );
    let nowhere = dir.join("no-such-dir/written");
    let message = write_file(&nowhere, &puzzles).expect_err("no directory");
    assert!(
        message.starts_with(&format!("{}: ", nowhere.display())),
        "{message}"
    );
}

#[test]
fn public_sets_are_read_by_name_and_a_missing_one_is_named() {
    let dir = tempdir("public_sets");
    for name in PUBLIC_SETS {
        std::fs::write(dir.join(name), format!("{EXAMPLE}\n")).expect("written");
    }
    let sets = public_sets(&dir).expect("all five");
    let names: Vec<&str> = sets.iter().map(|set| set.name.as_str()).collect();
    assert_eq!(names, PUBLIC_SETS);

    std::fs::remove_file(dir.join(PUBLIC_SETS[3])).expect("removed");
    let message = public_sets(&dir).expect_err("one missing").to_string();
    assert!(message.contains(PUBLIC_SETS[3]), "{message}");
}

#[test]
fn bundled_sets_are_the_tiers_then_the_generated_set() {
    let names = bundled_names();
    assert_eq!(names.last(), Some(&GENERATED));
    for tier in sudoku_harness::TIERS {
        let set = bundled_set(tier.name).expect("a tier");
        assert_eq!(
            set.puzzles.len(),
            sudoku_harness::tier_puzzles(tier.name).count()
        );
        assert!(names.contains(&tier.name));
    }
    let leetcode = bundled_set("leetcode").expect("a tier");
    assert_eq!(leetcode.boards(), [bytes(EXAMPLE)]);
    assert!(bundled_set("nope").is_none());
}

#[test]
fn the_generated_set_is_reproducible_and_unique() {
    let set = generated(7, 3);
    assert_eq!(set.name, GENERATED);
    assert_eq!(set.boards(), generated(7, 3).boards());
    for puzzle in &set.boards() {
        assert_eq!(sudoku_engine::count_solutions(puzzle, 2), 1);
    }
}

/// A fresh directory under the target directory, for files a test writes.
fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sets-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}
