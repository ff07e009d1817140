//! `sudoku-kata solve` end to end: one result line per input line in input order, an error line
//! for each kind of bad input, the inputs (stdin, files, several), `--pretty`, `--approach`, the
//! exit status and the summary. The snapshots hold the whole exchange (status, stdout and
//! stderr), so a change in wording shows up in review.

use crate::common;

use std::ffi::OsStr;
use std::io::Write;
use std::time::{Duration, Instant};

use sudoku_board::Board;
use sudoku_fixtures::APPROACHES;
use sudoku_harness::{Expected, puzzles};
use tempfile::NamedTempFile;

/// LeetCode 37's example, which has exactly one solution.
const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its solution.
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// No two givens clash, but row 1 has no place for some digit (fixtures/edge.txt).
const NO_SOLUTION: &str =
    "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";

/// A puzzle with many solutions (only two givens): any one of them is an answer.
const SEVERAL_SOLUTIONS: &str =
    "1...............................................................................9";

/// `solve` with these arguments and this stdin, as one text: the exit status, stdout and stderr.
fn solve(args: &[&str], stdin: &[u8]) -> String {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    common::exchange("solve", &args, stdin)
}

/// The parts of an exchange made by [`solve`].
struct Exchange<'a> {
    status: &'a str,
    stdout: Vec<&'a str>,
    stderr: &'a str,
}

fn parts(exchange: &str) -> Exchange<'_> {
    let (status, rest) = exchange
        .strip_prefix("exit status: ")
        .and_then(|rest| rest.split_once("\n--- stdout\n"))
        .expect("the exchange starts with the status");
    let (stdout, stderr) = rest
        .split_once("--- stderr\n")
        .expect("then stdout, stderr");
    Exchange {
        status,
        stdout: stdout.lines().collect(),
        stderr,
    }
}

/// A temporary file holding `bytes`, named in messages by its path.
fn file_with(bytes: &[u8]) -> NamedTempFile {
    let mut file = NamedTempFile::new().expect("a temporary file");
    file.write_all(bytes).expect("written");
    file.flush().expect("flushed");
    file
}

/// The exchange with every occurrence of `path` replaced by `name`, for stable snapshots.
fn renamed(exchange: String, file: &NamedTempFile, name: &str) -> String {
    exchange.replace(file.path().to_str().expect("a UTF-8 path"), name)
}

#[test]
fn good_lines_get_their_solutions_in_order_and_exit_0() {
    let lines: Vec<Puzzle> = unique_puzzles().into_iter().take(6).collect();
    let input: String = lines.iter().map(|p| format!("{}\n", p.puzzle)).collect();
    let exchange = solve(&[], input.as_bytes());
    let exchange_parts = parts(&exchange);
    assert_eq!(exchange_parts.status, "0", "{exchange}");
    assert_eq!(exchange_parts.stderr, "", "{exchange}");
    let expected: Vec<&str> = lines.iter().map(|p| p.solution.as_str()).collect();
    assert_eq!(exchange_parts.stdout, expected, "{exchange}");
    insta::assert_snapshot!("good_lines", exchange);
}

#[test]
fn what_generate_writes_is_solved_as_it_is() {
    let generated = common::exchange(
        "generate",
        &[OsStr::new("--seed=1"), "--count=3".as_ref()],
        b"",
    );
    let text = parts(&generated).stdout.join("\n") + "\n";
    assert!(text.starts_with("# sudoku-kata generate"), "{generated}");
    let exchange = solve(&[], text.as_bytes());
    let solved = parts(&exchange);
    assert_eq!((solved.status, solved.stderr), ("0", ""), "{exchange}");
    // The comment comes back as it is; each puzzle gets the solution the file stores.
    let expected: Vec<&str> = (text.lines())
        .map(|line| {
            line.split_whitespace()
                .last()
                .filter(|_| !line.starts_with('#'))
                .unwrap_or(line)
        })
        .collect();
    assert_eq!(solved.stdout, expected, "{exchange}");
    // A bad cell is named at its place in the line, and a comment is no failed line.
    let bad = format!(
        "# one bad\nbad-1 {}x{} none\n",
        &LEETCODE[..4],
        &LEETCODE[5..]
    );
    let exchange = solve(&[], bad.as_bytes());
    let failed = parts(&exchange);
    assert_eq!(failed.status, "1", "{exchange}");
    assert_eq!(failed.stdout[0], "# one bad", "{exchange}");
    assert!(
        failed.stdout[1].starts_with(
            "error: <stdin>:2: bad character 'x' at row 1, column 5 (input line 2, column 11)"
        ),
        "{exchange}"
    );
    assert!(
        failed.stderr.starts_with("solved 0 of 1 line; 1 failed"),
        "{exchange}"
    );
}

#[test]
fn a_puzzle_with_several_solutions_gets_one_of_them() {
    let exchange = solve(&[], format!("{SEVERAL_SOLUTIONS}\n").as_bytes());
    let exchange_parts = parts(&exchange);
    assert_eq!(exchange_parts.status, "0", "{exchange}");
    let [answer] = exchange_parts.stdout[..] else {
        panic!("one line: {exchange}");
    };
    let puzzle = Board::parse_line(SEVERAL_SOLUTIONS).unwrap();
    let answer = Board::parse_line(answer).expect("a board");
    assert_eq!(
        sudoku_board::check_solution(&puzzle, &answer.to_rows()),
        Ok(())
    );
}

#[test]
fn each_bad_line_gets_an_error_line_naming_line_cell_and_cause() {
    let mut input = Vec::new();
    // A byte order mark before the first line, and CRLF line ends: both are fine.
    input.extend_from_slice(format!("\u{feff}{LEETCODE}\r\n").as_bytes());
    input.extend_from_slice(format!("{LEETCODE}\r\n").as_bytes());
    // Wrong lengths.
    input.extend_from_slice(format!("{}\n", &LEETCODE[..80]).as_bytes());
    input.extend_from_slice(format!("{LEETCODE}.\n").as_bytes());
    // A bad character, on row 2.
    input.extend_from_slice(format!("{}x{}\n", &LEETCODE[..10], &LEETCODE[11..]).as_bytes());
    // Whitespace inside the line.
    input.extend_from_slice(format!("{} {}\n", &LEETCODE[..40], &LEETCODE[41..]).as_bytes());
    // Clashing givens: a second 5 in row 1.
    input.extend_from_slice(format!("55{}\n", &LEETCODE[2..]).as_bytes());
    // No solution.
    input.extend_from_slice(format!("{NO_SOLUTION}\n").as_bytes());
    // An empty line, and one of only whitespace.
    input.extend_from_slice(b"\n \t\r\n");
    // Binary garbage: bytes that are not UTF-8, on row 1.
    input.extend_from_slice(b"53..\xff\xfe\x00\x01\n");
    // LeetCode's notation on one line is not a puzzle line in a file of them.
    input.extend_from_slice(b"[[\"5\"]]\n");
    // A last line without a line end still counts.
    input.extend_from_slice(LEETCODE.as_bytes());

    let exchange = solve(&[], &input);
    let exchange_parts = parts(&exchange);
    assert_eq!(exchange_parts.status, "1", "{exchange}");
    // One result per input line, however bad: 13 lines.
    assert_eq!(exchange_parts.stdout.len(), 13, "{exchange}");
    assert_eq!(
        exchange_parts.stderr,
        "solved 3 of 13 lines; 10 failed (their lines on stdout start with \"error:\")\n"
    );
    for (index, line) in exchange_parts.stdout.iter().enumerate() {
        if *line != LEETCODE_SOLUTION {
            assert!(
                line.starts_with(&format!("error: <stdin>:{}: ", index + 1)),
                "{exchange}"
            );
        }
    }
    insta::assert_snapshot!("bad_lines", exchange);
}

#[test]
fn a_line_of_50_megabytes_is_skipped_unread_and_the_next_one_solved() {
    let mut input = format!("{LEETCODE}\n").into_bytes();
    input.resize(input.len() + 50 * 1024 * 1024, b'1');
    input.extend_from_slice(format!("\r\n{LEETCODE}\n").as_bytes());
    let file = file_with(&input);
    let path = file.path().to_str().expect("a UTF-8 path");
    let exchange = renamed(solve(&[path], b""), &file, "big.txt");
    assert_eq!(
        exchange,
        format!(
            "exit status: 1\n--- stdout\n{LEETCODE_SOLUTION}\n\
             error: big.txt:2: the line is 52,428,800 bytes long, more than the 4,096 a line may \
             hold (a puzzle is 81 cells, and 1,296 for 36x36): it was skipped unread\n\
             {LEETCODE_SOLUTION}\n--- stderr\n\
             solved 2 of 3 lines; 1 failed (their lines on stdout start with \"error:\")\n"
        )
    );
}

#[test]
fn empty_input_gets_an_error_line_and_exits_1() {
    insta::assert_snapshot!("empty_input", solve(&[], b""));
}

#[test]
fn pretty_prints_grids_separated_by_empty_lines() {
    let input = format!("{LEETCODE}\n{NO_SOLUTION}\n{LEETCODE}\n");
    insta::assert_snapshot!("pretty", solve(&["--pretty"], input.as_bytes()));
}

#[test]
fn a_grid_or_leetcode_notation_on_stdin_is_one_puzzle() {
    let board = Board::parse_line(LEETCODE).unwrap();
    let grid = board.to_grid();
    let rows: Vec<String> = board
        .to_rows()
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let leetcode = format!("[{}]\n", rows.join(",\n "));
    // Comment lines about a puzzle are no part of it, before it or between its rows.
    let commented = format!(
        "# the example\n{}",
        grid.replacen('\n', "\n  # band 1\n", 3)
    );
    for input in [grid, leetcode, commented] {
        let exchange = solve(&[], input.as_bytes());
        assert_eq!(
            exchange,
            format!("exit status: 0\n--- stdout\n{LEETCODE_SOLUTION}\n--- stderr\n"),
            "{input}"
        );
    }
}

#[test]
fn a_grid_whose_givens_clash_is_one_puzzle_with_that_cause() {
    let grid = Board::parse_line(LEETCODE).unwrap().to_grid();
    let clash = grid.replacen('.', "5", 1);
    assert!(clash.starts_with("5 3 5 "), "{clash}");
    let exchange = solve(&[], clash.as_bytes());
    assert_eq!(parts(&exchange).status, "1", "{exchange}");
    assert_eq!(
        parts(&exchange).stdout,
        [
            "error: <stdin>: digit 5 is given twice in row 1: at row 1, column 1 and at row 1, \
          column 3"
        ],
        "{exchange}"
    );
}

#[test]
fn a_broken_grid_gets_an_error_per_line() {
    let grid = Board::parse_line(LEETCODE)
        .unwrap()
        .to_grid()
        .replacen('7', "x", 1);
    let exchange = solve(&[], grid.as_bytes());
    let exchange_parts = parts(&exchange);
    assert_eq!(exchange_parts.status, "1", "{exchange}");
    assert_eq!(exchange_parts.stdout.len(), 11, "{exchange}");
    insta::assert_snapshot!("broken_grid", exchange);
}

#[test]
fn every_approach_solves_and_finds_no_solution() {
    let input = format!("{LEETCODE}\n{NO_SOLUTION}\n");
    for approach in APPROACHES {
        let exchange = solve(&["--approach", approach.name], input.as_bytes());
        assert_eq!(
            exchange,
            format!(
                "exit status: 1\n--- stdout\n{LEETCODE_SOLUTION}\n\
                 error: <stdin>:2: the puzzle has no solution\n--- stderr\n\
                 solved 1 of 2 lines; 1 failed (their lines on stdout start with \"error:\")\n"
            ),
            "{}",
            approach.name
        );
    }
}

/// No two givens clash, but the last cell has no digit left: 1-8 are in its row, 9 in its
/// column. A search in reading order meets that cell last, after trying the fillings of the 72
/// cells above it, which would take it longer than anyone waits.
const NO_SOLUTION_FOUND_LAST: &str =
    "........9...............................................................12345678.";

#[test]
fn a_puzzle_past_the_budget_gets_an_error_line_and_the_next_one_is_solved() {
    let input = format!("{NO_SOLUTION_FOUND_LAST}\n{LEETCODE}\n");
    let args = ["--approach", "scan-backtracking", "--budget", "0.5"];
    assert_eq!(
        solve(&args, input.as_bytes()),
        format!(
            "exit status: 1\n--- stdout\n\
             error: <stdin>:1: scan-backtracking took longer than its budget of 0.5 s on this \
             puzzle, so it was given up (--budget sets the budget)\n\
             {LEETCODE_SOLUTION}\n--- stderr\n\
             solved 1 of 2 lines; 1 failed (their lines on stdout start with \"error:\")\n"
        )
    );
    // The default solver settles the same board at once.
    assert!(solve(&[], input.as_bytes()).contains("error: <stdin>:1: the puzzle has no solution"));
}

#[test]
fn an_unknown_approach_is_a_usage_error() {
    let exchange = solve(&["--approach", "quantum"], b"");
    let exchange_parts = parts(&exchange);
    assert_eq!(exchange_parts.status, "2", "{exchange}");
    assert!(
        exchange_parts.stderr.contains("invalid value 'quantum'"),
        "{exchange}"
    );
    assert!(exchange_parts.stderr.contains("bitboard"), "{exchange}");
}

#[test]
fn files_and_stdin_are_read_in_the_order_given() {
    let first = file_with(format!("{LEETCODE}\nxyz\n").as_bytes());
    let second = file_with(format!("{NO_SOLUTION}\n{LEETCODE}").as_bytes());
    let first_path = first.path().to_str().expect("a UTF-8 path");
    let second_path = second.path().to_str().expect("a UTF-8 path");
    let exchange = solve(
        &[first_path, "-", second_path],
        format!("{LEETCODE}\n\n").as_bytes(),
    );
    let exchange = renamed(
        renamed(exchange, &first, "first.txt"),
        &second,
        "second.txt",
    );
    insta::assert_snapshot!("files_and_stdin", exchange);
}

#[test]
fn a_missing_file_stops_everything_before_solving() {
    let file = file_with(format!("{LEETCODE}\n").as_bytes());
    let path = file.path().to_str().expect("a UTF-8 path");
    let exchange = solve(&[path, "no/such/file.txt"], b"");
    insta::assert_snapshot!("missing_file", exchange);
}

/// `/proc/self/mem` opens, but reading it from its start fails (Linux): the inputs before and
/// after it are solved in full, and the failure is said and counts in the exit status.
#[test]
fn an_input_that_fails_to_read_is_said_and_the_next_goes_on() {
    let file = file_with(format!("{LEETCODE}\n").as_bytes());
    let path = file.path().to_str().expect("a UTF-8 path");
    let exchange = solve(&[path, "/proc/self/mem", path], b"");
    assert_eq!(
        exchange,
        format!(
            "exit status: 1\n--- stdout\n{LEETCODE_SOLUTION}\n{LEETCODE_SOLUTION}\n--- stderr\n\
             error: cannot read /proc/self/mem: Input/output error (os error 5)\n"
        )
    );
}

/// The state and parent of process `pid` (from `/proc`, Linux), or `None` once it is gone.
fn state_and_parent(pid: u32) -> Option<(char, u32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    let mut fields = stat.get(stat.rfind(')')? + 2..)?.split(' ');
    let state = fields.next()?.chars().next()?;
    Some((state, fields.next()?.parse().ok()?))
}

/// A worker whose parent is killed alone (a signal to its PID, not to the process group) ends
/// too, on a puzzle its rung would search for hours: the last row has no place left for a 9 only
/// in its last cell, which row-by-row backtracking reaches last.
#[test]
fn a_worker_ends_when_its_parent_is_killed() {
    let dead_end = format!("........9{}12345678.\n", ".".repeat(63));
    let file = file_with(dead_end.as_bytes());
    let mut parent = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-kata"))
        .args([
            "solve",
            "--approach",
            "scan-backtracking",
            "--budget",
            "600",
        ])
        .arg(file.path())
        // Nothing the test reads: a worker left behind must not hold the test's output open.
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starts");
    let children = || {
        let entries = std::fs::read_dir("/proc").expect("/proc is there");
        let pids = entries.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok());
        pids.filter(|&pid| state_and_parent(pid).is_some_and(|(_, of)| of == parent.id()))
            .collect::<Vec<u32>>()
    };
    let started = Instant::now();
    let mut workers = children();
    while workers.is_empty() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
        workers = children();
    }
    assert!(!workers.is_empty(), "no worker started");
    parent.kill().expect("killed");
    parent.wait().expect("reaped");
    let killed = Instant::now();
    // Gone, or ended and not yet reaped by whichever process took it over.
    let ended = |&pid: &u32| state_and_parent(pid).is_none_or(|(state, _)| state == 'Z');
    while !workers.iter().all(ended) && killed.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<String> = workers
        .iter()
        .filter(|pid| !ended(pid))
        .map(u32::to_string)
        .collect();
    if !left.is_empty() {
        let _ = std::process::Command::new("kill")
            .args(["-9"])
            .args(&left)
            .status();
        panic!("workers {left:?} outlived their parent");
    }
}

#[test]
fn a_directory_is_not_an_input() {
    let exchange = solve(&["."], b"");
    assert_eq!(
        exchange,
        "exit status: 1\n--- stdout\n--- stderr\nerror: cannot read .: it is a directory\n"
    );
}

#[test]
fn help_explains_inputs_outputs_and_exit_status() {
    insta::assert_snapshot!("help", solve(&["--help"], b""));
}

/// A puzzle with exactly one solution, in the line notation, and that solution.
struct Puzzle {
    puzzle: String,
    solution: String,
}

/// Every bundled puzzle with exactly one solution.
fn unique_puzzles() -> Vec<Puzzle> {
    puzzles()
        .iter()
        .filter_map(|fixture| match &fixture.expected {
            Expected::Unique(solution) => Some(Puzzle {
                puzzle: fixture.board.to_line(),
                solution: solution.to_line(),
            }),
            _ => None,
        })
        .collect()
}

#[test]
fn a_100000_line_file_or_stdin_keeps_output_order_and_count() {
    const LINES: usize = 100_000;
    /// Every this many lines, a line that is not a puzzle, whose error must name its number.
    const BAD_EVERY: usize = 997;
    let pool = unique_puzzles();
    assert!(
        pool.len() >= 20,
        "enough distinct puzzles to tell lines apart"
    );
    // A fixed pseudo-random order (an LCG), so that neighbours differ and a swap shows.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let picks: Vec<Option<usize>> = (1..=LINES)
        .map(|number| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (number % BAD_EVERY != 0).then_some((state >> 33) as usize % pool.len())
        })
        .collect();
    let mut input = String::with_capacity(LINES * 82);
    for pick in &picks {
        match pick {
            Some(index) => input.push_str(&pool[*index].puzzle),
            None => input.push_str("not a puzzle"),
        }
        input.push('\n');
    }
    let file = file_with(input.as_bytes());
    let path = file.path().to_str().expect("a UTF-8 path");

    let exchange = renamed(solve(&[path], b""), &file, "big.txt");
    let exchange_parts = parts(&exchange);
    assert_eq!(exchange_parts.stdout.len(), LINES);
    for (number, (line, pick)) in (1..).zip(exchange_parts.stdout.iter().zip(&picks)) {
        match pick {
            Some(index) => assert_eq!(*line, pool[*index].solution, "line {number}"),
            None => assert_eq!(
                *line,
                format!(
                    "error: big.txt:{number}: bad character ' ' at input line {number}, column 4: \
                     expected a symbol (1-9, A-Z), or '.' for a blank"
                )
            ),
        }
    }
    assert_eq!(exchange_parts.status, "1");
    // Counts in thousands, as a person reads them.
    assert_eq!((LINES, LINES / BAD_EVERY), (100_000, 100));
    assert_eq!(
        exchange_parts.stderr,
        "solved 99,900 of 100,000 lines; 100 failed (their lines on stdout start with \
         \"error:\")\n"
    );

    // The same lines on stdin get the same results, named <stdin>: stdin redirected from the
    // file (read as a file is) and through a pipe (read as its lines come).
    let expected: Vec<String> = (exchange_parts.stdout.iter())
        .map(|line| line.replace("big.txt", "<stdin>"))
        .collect();
    let redirected = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-kata"))
        .arg("solve")
        .stdin(std::fs::File::open(file.path()).expect("opened"))
        .output()
        .expect("runs");
    let piped = common::output("solve", &[], input.as_bytes());
    for output in [redirected, piped] {
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        assert!(stdout.lines().eq(expected.iter().map(String::as_str)));
        assert_eq!(output.status.code(), Some(1));
    }
}

/// A pipe that brings one line at a time gets each answer before it sends the next line: `solve`
/// hands on what it solved before it waits for more input.
#[test]
fn a_slow_pipe_gets_each_answer_as_its_line_comes() {
    let mut solve = common::Conversation::start(&["solve"]);
    for (puzzle, expected) in [(LEETCODE, LEETCODE_SOLUTION), ("bad", "error: <stdin>:2: ")] {
        // The pipe stays open: the answer must come without more input.
        let answer = solve.ask(puzzle);
        assert!(answer.starts_with(expected), "{answer}");
    }
    assert_eq!(solve.end(), Some(1));
}

/// So does one that brings `generate`'s output, a comment first: neither a comment nor a fixture
/// line may start a puzzle spread over lines, so neither is held back to find out.
#[test]
fn a_slow_pipe_of_generated_lines_gets_each_answer_as_its_line_comes() {
    let mut solve = common::Conversation::start(&["solve"]);
    let first = format!("# generated\nexample {LEETCODE} {LEETCODE_SOLUTION}");
    assert_eq!(solve.ask(&first), "# generated");
    let second = format!("again {LEETCODE} multiple");
    assert_eq!(solve.ask(&second), LEETCODE_SOLUTION);
    assert_eq!(solve.ask("  # indented"), LEETCODE_SOLUTION);
    assert_eq!(solve.ask(LEETCODE), "  # indented");
    assert_eq!(solve.end(), Some(0));
}

/// With one thread the lines after the first (which tells what the input is) are one batch for
/// one worker: the puzzle past the budget fails alone, the answer before it is not held back
/// behind it, and a new worker takes the lines after it, in order.
#[test]
fn a_puzzle_past_the_budget_fails_alone_in_its_batch() {
    let input =
        format!("{LEETCODE}\n{LEETCODE}\n{NO_SOLUTION_FOUND_LAST}\n{LEETCODE}\n{LEETCODE}\n");
    let output = assert_cmd::Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .args([
            "solve",
            "--approach",
            "scan-backtracking",
            "--budget",
            "0.5",
        ])
        .env("RAYON_NUM_THREADS", "1")
        .write_stdin(input)
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!(
            "{LEETCODE_SOLUTION}\n{LEETCODE_SOLUTION}\n\
             error: <stdin>:3: scan-backtracking took longer than its budget of 0.5 s on this \
             puzzle, so it was given up (--budget sets the budget)\n\
             {LEETCODE_SOLUTION}\n{LEETCODE_SOLUTION}\n"
        )
    );
    assert_eq!(output.status.code(), Some(1));
}

/// Lines read while deciding what the input is (here 5,000 empty ones before the first puzzle)
/// come out before the lines after them: every line in order.
#[test]
fn many_empty_lines_before_the_first_puzzle_keep_their_order() {
    let mut input = "\n".repeat(5_000);
    input.push_str(&format!("{LEETCODE}\n{NO_SOLUTION}\n"));
    let output = common::output("solve", &[], input.as_bytes());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5_002);
    assert_eq!(
        lines[4_999],
        "error: <stdin>:5000: the line is empty: expected a puzzle of 81 cells"
    );
    assert_eq!(lines[5_000], LEETCODE_SOLUTION);
    assert_eq!(
        lines[5_001],
        "error: <stdin>:5002: the puzzle has no solution"
    );
}

/// Files are opened in turn: a glob of more files than the process may hold open is solved
/// whole, each file's results in its place.
#[cfg(unix)]
#[test]
fn more_files_than_may_be_open_at_once_are_all_solved() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let files: Vec<_> = (0..100)
        .map(|index| {
            let path = dir.path().join(format!("p{index:03}.txt"));
            let line = if index == 42 { NO_SOLUTION } else { LEETCODE };
            std::fs::write(&path, format!("{line}\n")).expect("written");
            path
        })
        .collect();
    let binary = assert_cmd::cargo::cargo_bin("sudoku-kata");
    let output = std::process::Command::new("sh")
        .args(["-c", "ulimit -n 32 && exec \"$0\" solve \"$@\""])
        .arg(binary)
        .args(&files)
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 100, "{output:?}");
    let place = files[42].display();
    assert_eq!(
        lines[42],
        format!("error: {place}:1: the puzzle has no solution")
    );
    assert!(
        lines
            .iter()
            .enumerate()
            .all(|(index, line)| index == 42 || *line == LEETCODE_SOLUTION)
    );
    assert_eq!(output.status.code(), Some(1));
}

/// A file name with a line break in it is named on one line, quoted and escaped: one result
/// line per input line still holds.
#[cfg(unix)]
#[test]
fn a_file_name_with_a_line_break_is_named_on_one_line() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("two\nlines.txt");
    std::fs::write(&path, "53..7\n").expect("written");
    let path = path.to_str().expect("UTF-8");
    let exchange = solve(&[path], b"");
    assert_eq!(
        parts(&exchange).stdout,
        [format!(
            "error: {path:?}:1: the line has 5 cells, but a board has 16, 81, 256, 625 or 1,296 \
             cells (4x4, 9x9, 16x16, 25x25 or 36x36)"
        )],
        "{exchange}"
    );
    assert!(format!("{path:?}").contains("two\\nlines.txt"));
}

/// A named pipe among the files is read once, in its turn: it is opened with the others and
/// kept open, as opening it again would find its writer gone. A file opened again in its turn
/// that is gone by then is an input that cannot be read, and the next one goes on.
#[cfg(unix)]
#[test]
fn a_named_pipe_among_the_files_is_read_in_its_turn() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = |name| dir.path().join(name);
    let (file, fifo, gone, last) = (path("file.txt"), path("fifo"), path("gone"), path("last"));
    for (path, line) in [(&file, NO_SOLUTION), (&gone, LEETCODE), (&last, LEETCODE)] {
        std::fs::write(path, format!("{line}\n")).expect("written");
    }
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("mkfifo runs").success());
    let (writing, removing) = (fifo.clone(), gone.clone());
    // Opening a pipe to write waits for its reader, which `solve` is from its first check. 2 MiB
    // of comments fit in no pipe: once they are written, `solve` is reading the pipe, past that
    // check. Then `gone` is removed, before the pipe ends, so before `solve` gets to it.
    let writer = std::thread::spawn(move || {
        let mut pipe = std::fs::OpenOptions::new().write(true).open(writing)?;
        let comment = format!("# {}\n", "-".repeat(97));
        pipe.write_all(comment.repeat(20_000).as_bytes())?;
        std::fs::remove_file(removing)?;
        pipe.write_all(format!("{LEETCODE}\n").as_bytes())
    });
    let names = [&file, &fifo, &gone, &last].map(|path| path.to_str().expect("UTF-8"));
    let exchange = solve(&names, b"");
    writer.join().expect("the writer ends").expect("written");
    let place = file.display();
    let stdout = parts(&exchange).stdout;
    assert_eq!(
        stdout.iter().filter(|line| line.starts_with("# ")).count(),
        20_000
    );
    assert_eq!(
        stdout
            .into_iter()
            .filter(|line| !line.starts_with("# "))
            .collect::<Vec<_>>(),
        [
            format!("error: {place}:1: the puzzle has no solution"),
            LEETCODE_SOLUTION.to_owned(),
            LEETCODE_SOLUTION.to_owned()
        ],
        "stderr: {}",
        parts(&exchange).stderr
    );
    let gone = format!("error: cannot read {}: No such file", gone.display());
    assert!(parts(&exchange).stderr.starts_with(&gone), "{exchange}");
    assert_eq!(parts(&exchange).status, "1");
}
