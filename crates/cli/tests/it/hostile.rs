//! Hostile inputs, the list in `docs/robustness.md`, through both commands that read puzzles: `check` (one
//! puzzle in any notation) and `solve` (one puzzle per line). Each input has its exact answer and
//! exit status from both, so that a change in behaviour or wording shows here.
//!
//! None of them may panic or hang: a panic would show as exit status 101, a hang as a test that
//! never ends.

use crate::common;

use std::ffi::OsStr;

use rstest::rstest;

/// LeetCode 37's example, which has exactly one solution.
const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its solution.
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `check --line` on `input` (on stdin), as one text: exit status, stdout, stderr.
fn check(input: &[u8]) -> String {
    common::exchange("check", &[OsStr::new("--line")], input)
}

/// `solve` on `input` (on stdin), as one text.
fn solve(input: &[u8]) -> String {
    common::exchange("solve", &[], input)
}

/// The exchange of a command that failed with status 1, printing `stdout` and `stderr`.
fn failed(stdout: &str, stderr: &str) -> String {
    format!("exit status: 1\n--- stdout\n{stdout}--- stderr\n{stderr}")
}

/// `solve`'s summary on stderr when `failed` of `total` lines failed.
fn summary(failed: usize, total: usize) -> String {
    let lines = if total == 1 { "line" } else { "lines" };
    format!(
        "solved {} of {total} {lines}; {failed} failed (their lines on stdout start with \
         \"error:\")\n",
        total - failed
    )
}

/// `check` and `solve` on `input`, one line: both fail with `cause` (ending in a newline), which
/// `solve` gives that line.
fn one_line_fails_with(input: &str, cause: &str) {
    assert_eq!(
        check(input.as_bytes()),
        failed(&format!("invalid puzzle: {cause}"), "")
    );
    assert_eq!(
        solve(input.as_bytes()),
        failed(&format!("error: <stdin>:1: {cause}"), &summary(1, 1))
    );
}

/// The verdict `check` prints for input that is nothing but whitespace.
const EMPTY_VERDICT: &str =
    "invalid puzzle: the input is empty: there is nothing in it but whitespace\n";

#[test]
fn an_empty_file_is_named_empty() {
    assert_eq!(check(b""), failed(EMPTY_VERDICT, ""));
    assert_eq!(
        solve(b""),
        failed(
            "error: <stdin>: the input is empty: there is no line to solve\n",
            &summary(1, 1)
        )
    );
}

#[test]
fn only_comments_hold_no_puzzle_for_check_and_come_back_from_solve() {
    let input = b"\xef\xbb\xbf# a file of puzzles\n\n  # to come\n";
    assert_eq!(
        check(input),
        failed(
            "invalid puzzle: the input holds no puzzle: only comment lines (starting with '#') \
             and blank lines\n",
            ""
        )
    );
    assert_eq!(
        solve(input),
        failed(
            "# a file of puzzles\n\
             error: <stdin>:2: the line is empty: expected a puzzle of 81 cells\n  # to come\n",
            &summary(1, 1)
        )
    );
    // Comments alone, no blank line: each comes back, and nothing failed.
    assert_eq!(
        solve(b"# a\n# b\n"),
        "exit status: 0\n--- stdout\n# a\n# b\n--- stderr\n"
    );
}

#[test]
fn only_whitespace_is_empty_for_check_and_an_error_per_line_for_solve() {
    let input = b"  \n\t\r\n\n";
    assert_eq!(check(input), failed(EMPTY_VERDICT, ""));
    assert_eq!(
        solve(input),
        failed(
            "error: <stdin>:1: the line holds only whitespace: expected a puzzle of 81 cells\n\
             error: <stdin>:2: the line holds only whitespace: expected a puzzle of 81 cells\n\
             error: <stdin>:3: the line is empty: expected a puzzle of 81 cells\n",
            &summary(3, 3)
        )
    );
}

#[test]
fn binary_data_is_named_by_its_first_bad_byte_or_character() {
    // The start of a PNG file, then control bytes: not text, let alone a puzzle.
    let input = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";
    assert_eq!(
        check(input),
        failed(
            "invalid puzzle: the input is not UTF-8 text: byte 0x89 at input line 1, column 1 \
             is not valid UTF-8\n",
            ""
        )
    );
    assert_eq!(
        solve(input),
        failed(
            "error: <stdin>:1: byte 0x89 at row 1, column 1 (input line 1, column 1) is not \
             UTF-8 text: the line is binary data, or in another encoding\n\
             error: <stdin>:2: bad character '\\u{1a}' at input line 2, column 1: expected a \
             symbol (1-9, A-Z), or '.' for a blank\n\
             error: <stdin>:3: bad character '\\0' at input line 3, column 1: expected a symbol \
             (1-9, A-Z), or '.' for a blank\n",
            &summary(3, 3)
        )
    );
}

#[test]
fn utf16_text_is_named_as_such_by_both_commands() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let little: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(line.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let big: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(line.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    for input in [little, big] {
        let hint = "(the input starts like UTF-16 text: save it as UTF-8)";
        assert!(check(&input).contains(hint), "{}", check(&input));
        let solved = solve(&input);
        let first = solved.lines().find(|l| l.starts_with("error: <stdin>:1: "));
        assert!(first.is_some_and(|line| line.ends_with(hint)), "{solved}");
    }
}

/// 200 MB of `1` with no newline: far more than any line may hold.
const HUGE_LINE_BYTES: u64 = 200 * 1024 * 1024;

/// The data segment both commands get for the huge line: 64 MiB, a third of the line. Reading
/// the line into memory would fail; reading it in bounded pieces, or not at all, does not.
const MEMORY_CAP_KIB: u64 = 64 * 1024;

/// Runs `sudoku-kata <subcommand>` under [`MEMORY_CAP_KIB`] with the huge line on its stdin.
#[cfg(target_os = "linux")]
fn with_huge_line(subcommand: &str) -> String {
    use std::io::{self, Write};
    use std::process::{Command, Stdio};

    let binary = assert_cmd::cargo::cargo_bin("sudoku-kata");
    // `ulimit -d` caps the data segment, which on Linux counts every private writable mapping:
    // the heap and anonymous memory both.
    let mut child = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -d {MEMORY_CAP_KIB} && exec \"$0\" \"$1\""),
        ])
        .arg(binary)
        .arg(subcommand)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        let piece = vec![b'1'; 1 << 20];
        for _ in 0..HUGE_LINE_BYTES / piece.len() as u64 {
            match stdin.write_all(&piece) {
                Ok(()) => {}
                // `check` stops reading after its cap and ends: the rest has nowhere to go.
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return,
                Err(error) => panic!("cannot write the huge line: {error}"),
            }
        }
    });
    let output = child.wait_with_output().expect("the command ends");
    writer.join().expect("the writer ends");
    format!(
        "exit status: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("none".to_owned(), |code| code.to_string()),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[cfg(target_os = "linux")]
#[test]
fn a_200_megabyte_line_is_refused_in_bounded_memory() {
    assert_eq!(
        with_huge_line("check"),
        failed(
            "invalid puzzle: input line 1 alone is longer than 1 MiB, and one puzzle takes a few \
             hundred bytes at most; to solve many puzzles, use `sudoku-kata solve`\n",
            ""
        )
    );
    assert_eq!(
        with_huge_line("solve"),
        failed(
            "error: <stdin>:1: the line is 209,715,200 bytes long, more than the 4,096 a line \
             may hold (a puzzle is 81 cells, and 1,296 for 36x36): it was skipped unread\n",
            &summary(1, 1)
        )
    );
}

/// LeetCode's example as a grid, with `extra` appended to its first row and only its first
/// `rows` rows.
fn grid(extra: &str, rows: usize) -> String {
    let board = sudoku_board::Board::parse_line(LEETCODE).expect("a valid board");
    let mut lines: Vec<String> = board
        .to_grid()
        .lines()
        .filter(|line| !line.starts_with('-'))
        .take(rows)
        .map(str::to_owned)
        .collect();
    lines[0].push_str(extra);
    lines.join("\n") + "\n"
}

#[test]
fn ten_columns_are_named_by_row() {
    // A grid is not a puzzle line: `solve` reports each line (`check` says what is wrong with
    // the grid as a whole, as its help says).
    let input = grid(" 4", 9);
    assert_eq!(
        check(input.as_bytes()),
        failed(
            "invalid puzzle: row 1 has 10 cells, but a row has 4, 9, 16, 25 or 36 cells\n",
            ""
        )
    );
    let line = format!("{LEETCODE}1");
    assert_eq!(
        solve(format!("{line}\n").as_bytes()),
        failed(
            "error: <stdin>:1: the line has 82 cells, but a board has 16, 81, 256, 625 or \
             1,296 cells (4x4, 9x9, 16x16, 25x25 or 36x36)\n",
            &summary(1, 1)
        )
    );
}

#[test]
fn eight_rows_are_named_as_such() {
    assert_eq!(
        check(grid("", 8).as_bytes()),
        failed("invalid puzzle: the board has 8 rows, expected 9\n", "")
    );
    assert_eq!(
        solve(format!("{}\n", &LEETCODE[..72]).as_bytes()),
        failed(
            "error: <stdin>:1: the line has 72 cells, but a board has 16, 81, 256, 625 or \
             1,296 cells (4x4, 9x9, 16x16, 25x25 or 36x36)\n",
            &summary(1, 1)
        )
    );
}

/// The exchange of a successful `check --line` or `solve` that prints `stdout`.
fn solved(stdout: &str) -> String {
    format!("exit status: 0\n--- stdout\n{stdout}--- stderr\n")
}

#[rstest]
#[case::zeros_and_dots_mixed(LEETCODE.replacen('.', "0", 20))]
#[case::crlf_line_ends(format!("{LEETCODE}\r\n{LEETCODE}\r\n"))]
#[case::a_byte_order_mark(format!("\u{feff}{LEETCODE}\n"))]
fn spellings_that_mean_the_same_puzzle_are_solved(#[case] input: String) {
    let lines = input.lines().count();
    assert_eq!(
        solve(input.as_bytes()),
        solved(&format!("{LEETCODE_SOLUTION}\n").repeat(lines))
    );
    // `check` reads one puzzle: the first line.
    let first = input.lines().next().expect("one line");
    assert_eq!(
        check(first.as_bytes()),
        solved(&format!("exactly one solution:\n{LEETCODE_SOLUTION}\n"))
    );
}

#[test]
fn a_crlf_grid_reads_like_an_lf_grid() {
    let input = grid("", 9).replace('\n', "\r\n");
    let answer = solved(&format!("exactly one solution:\n{LEETCODE_SOLUTION}\n"));
    assert_eq!(check(input.as_bytes()), answer);
    assert_eq!(
        solve(input.as_bytes()),
        solved(&format!("{LEETCODE_SOLUTION}\n"))
    );
}

/// Old Mac files end their lines with a lone `\r`: with no line feed the input is one line, and
/// the first `\r` is a bad character of it, named in its place (no puzzle after it is taken for a
/// field and dropped).
#[test]
fn lone_carriage_returns_are_bad_characters_of_one_line() {
    let input = format!("{LEETCODE}\r{LEETCODE}\r");
    let cause = "bad character '\\r' at input line 1, column 82: expected a symbol (1-9, A-Z), \
                 or '.' for a blank; the line holds a carriage return ('\\r') that ends no line: \
                 lines end in LF or CRLF (a file with CR line ends, as old Macs wrote them, \
                 converts with `tr '\\r' '\\n'`)\n";
    one_line_fails_with(&input, cause);
}

#[test]
fn unicode_digits_are_bad_characters_named_with_their_cell() {
    // A fullwidth five, as some keyboards and web pages write it.
    let input = LEETCODE.replacen('5', "５", 1);
    let cause = "bad character '５' at row 1, column 1 (input line 1, column 1): expected a \
                 digit 1-9, or '.' or '0' for a blank\n";
    one_line_fails_with(&input, cause);
}

/// An empty board with a 5 at row 1, column 1 and another 5 at cell `index` (from 0).
fn two_fives(index: usize) -> String {
    let mut cells = vec![b'.'; 81];
    cells[0] = b'5';
    cells[index] = b'5';
    String::from_utf8(cells).expect("ASCII")
}

#[rstest]
#[case::in_a_row(5, "row 1: at row 1, column 1 and at row 1, column 6")]
#[case::in_a_column(36, "column 1: at row 1, column 1 and at row 5, column 1")]
#[case::in_a_box(
    10,
    "box 1 (rows 1-3, columns 1-3): at row 1, column 1 and at row 2, column 2"
)]
fn each_kind_of_duplicate_given_names_the_unit_and_both_cells(
    #[case] index: usize,
    #[case] place: &str,
) {
    let input = two_fives(index);
    let cause = format!("digit 5 is given twice in {place}\n");
    one_line_fails_with(&input, &cause);
}

#[test]
fn a_board_with_no_solution_and_no_clashes_says_so() {
    // Row 1 leaves only 9 for its last cell, and column 9 already holds a 9 (at row 2).
    let input = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    assert_eq!(
        check(input.as_bytes()),
        failed(
            "no solution: no two givens clash, but no way of filling the blanks keeps every row, \
             column and box free of repeats\n",
            ""
        )
    );
    assert_eq!(
        solve(input.as_bytes()),
        failed(
            "error: <stdin>:1: the puzzle has no solution\n",
            &summary(1, 1)
        )
    );
}

/// A board with exactly 10,000 solutions, found by removing givens from LeetCode's solution.
const TEN_THOUSAND_SOLUTIONS: &str =
    ".3.6..9....2.9.3........5..8.9......4....3....1..24....6.....8.......63...5..6.79";

#[test]
fn a_board_with_ten_thousand_solutions_exits_3_and_solve_gives_one() {
    let board: Vec<u8> = TEN_THOUSAND_SOLUTIONS.bytes().collect();
    let board: [u8; 81] = board.try_into().expect("81 cells");
    // The count, by two independent solvers: the claim in the name is checked, not assumed.
    assert_eq!(sudoku_engine::count_solutions(&board, 10_001), 10_000);
    let rows = sudoku_board::Board::parse_line(TEN_THOUSAND_SOLUTIONS)
        .expect("a valid board")
        .to_rows();
    assert_eq!(
        sudoku_harness::oracle::count_solutions(&rows, 10_001),
        10_000
    );

    let exchange = check(TEN_THOUSAND_SOLUTIONS.as_bytes());
    assert!(
        exchange.starts_with("exit status: 3\n--- stdout\nseveral solutions; two of them:\n"),
        "{exchange}"
    );
    assert!(exchange.contains("they differ in "), "{exchange}");

    let exchange = solve(TEN_THOUSAND_SOLUTIONS.as_bytes());
    let solution = exchange
        .strip_prefix("exit status: 0\n--- stdout\n")
        .and_then(|rest| rest.strip_suffix("\n--- stderr\n"))
        .unwrap_or_else(|| panic!("one solution line: {exchange}"));
    let puzzle = sudoku_board::Board::parse_line(TEN_THOUSAND_SOLUTIONS).expect("valid");
    let solution = sudoku_board::Board::parse_line(solution).expect("a board");
    assert_eq!(
        sudoku_board::check_solution(&puzzle, &solution.to_rows()),
        Ok(())
    );
}

#[rstest]
#[case::solve("solve", &["-", "-"], "among the files", "solve [OPTIONS] [FILE]...")]
#[case::compare("compare", &["--file", "-", "--file", "-"], "by --file", "compare [OPTIONS]")]
#[case::bench("bench", &["--file", "-", "--tier", "easy", "--file", "-"], "by --file", "bench [OPTIONS]")]
fn stdin_named_twice_is_a_usage_error(
    #[case] subcommand: &str,
    #[case] args: &[&str],
    #[case] named: &str,
    #[case] usage: &str,
) {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let exchange = common::exchange(subcommand, &args, LEETCODE.as_bytes());
    assert_eq!(
        exchange,
        format!(
            "exit status: 2\n--- stdout\n--- stderr\nerror: `-` (stdin) is named more than once \
             {named}: it can be read once\n\nUsage: sudoku-kata {usage}\n\nFor more \
             information, try '--help'.\n"
        )
    );
}
