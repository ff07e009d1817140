//! `sudoku-kata check` end to end: every verdict with its exit status, and a clear message for
//! each kind of bad input. The snapshots hold the whole exchange (status, stdout and stderr), so
//! a change in wording shows up in review.

use crate::common;

use std::ffi::OsStr;

/// LeetCode 37's example, which has exactly one solution.
const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// LeetCode's solution with four cells blanked whose 4 and 2 can be swapped: two solutions.
const TWO_SOLUTIONS: &str =
    "5346789126721953481983..5678597614234268537917139..856961537284287419635345286179";

/// No two givens clash, but row 1 has no place for some digit (fixtures/edge.txt).
const NO_SOLUTION: &str =
    "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";

/// `check` with these arguments and this stdin (none: an empty one), as one text: the exit
/// status, stdout and stderr.
fn check(args: &[&str], stdin: &[u8]) -> String {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    check_os(&args, stdin)
}

/// [`check`] with arguments that need not be UTF-8.
fn check_os(args: &[&OsStr], stdin: &[u8]) -> String {
    common::exchange("check", args, stdin)
}

fn exit_status(exchange: &str) -> &str {
    exchange
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("exit status: "))
        .expect("the first line holds the status")
}

#[test]
fn one_solution_as_an_argument_exits_0_with_the_grid() {
    let exchange = check(&[LEETCODE], b"");
    assert_eq!(exit_status(&exchange), "0", "{exchange}");
    insta::assert_snapshot!("unique", exchange);
}

#[test]
fn one_solution_on_stdin_with_line_prints_the_line() {
    let exchange = check(&["--line"], LEETCODE.as_bytes());
    assert_eq!(exit_status(&exchange), "0", "{exchange}");
    insta::assert_snapshot!("unique_line", exchange);
}

#[test]
fn a_dash_reads_stdin() {
    assert_eq!(
        check(&["-", "--line"], LEETCODE.as_bytes()),
        check(&["--line", LEETCODE], b"")
    );
}

#[test]
fn a_file_named_is_read_and_a_directory_is_refused() {
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("puzzle.txt");
    std::fs::write(&file, format!("{LEETCODE}\n")).expect("written");
    let path = file.display().to_string();
    assert_eq!(
        check(&["--line", &path], b""),
        check(&["--line", LEETCODE], b"")
    );
    // A file that holds no puzzle is named with the cause, as `solve` names it.
    std::fs::write(&file, format!("{}x\n", &LEETCODE[..80])).expect("written");
    assert_eq!(
        check(&[&path], b""),
        format!(
            "exit status: 1\n--- stdout\ninvalid puzzle: {path}: bad character 'x' at row 9, \
             column 9 (input line 1, column 81): expected a digit 1-9, or '.' or '0' for a \
             blank\n--- stderr\n"
        )
    );
    let folder = dir.path().display().to_string();
    assert_eq!(
        check(&[&folder], b""),
        format!(
            "exit status: 1\n--- stdout\n--- stderr\nerror: {folder} is a directory, not a \
             file of one puzzle\n"
        )
    );
    // A name no file has is said so, before what it would be as a puzzle; a puzzle is not.
    let missing = dir.path().join("missing.txt").display().to_string();
    let output = check(&[&missing], b"");
    assert!(
        output.starts_with(&format!(
            "exit status: 1\n--- stdout\ninvalid puzzle: no file is called {missing}, and as a \
             puzzle: bad character '/' at input line 1, column 1"
        )),
        "{output}"
    );
    assert!(!check(&["1234"], b"").contains("no file"));
    // So with an alphabet, where the name holds what is none of its symbols; a text of its
    // symbols is a puzzle.
    let output = check(&["--alphabet", "0123456789ABCDEF", &missing], b"");
    assert!(
        output.contains(&format!(
            "invalid puzzle: no file is called {missing}, and as a"
        )),
        "{output}"
    );
    let output = check(&["--alphabet", "abcdefghi", "abc"], b"");
    assert!(
        output.contains("invalid puzzle: the line has 3 cells"),
        "{output}"
    );
    assert!(!output.contains("no file"), "{output}");
    // `-` is stdin even where a file is called so.
    std::fs::write(dir.path().join("-"), "1234\n").expect("written");
    let output = assert_cmd::Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .args(["check", "--line", "-"])
        .current_dir(dir.path())
        .write_stdin(LEETCODE)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// A pipe given by name, as a shell's `<(...)` gives one, is read like a file.
#[cfg(unix)]
#[test]
fn a_pipe_named_is_read() {
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("\"$0\" check --line <(echo {LEETCODE})",))
        .arg(env!("CARGO_BIN_EXE_sudoku-kata"))
        .output()
        .expect("bash runs");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        check(&["--line", LEETCODE], b"")
            .split("--- stdout\n")
            .nth(1)
            .and_then(|rest| rest.split("--- stderr").next())
            .expect("stdout")
    );
}

#[test]
fn several_puzzle_lines_are_told_apart_from_a_grid() {
    let lines = format!("{LEETCODE}\n{NO_SOLUTION}\n\n{TWO_SOLUTIONS}\n");
    assert_eq!(
        check(&[], lines.as_bytes()),
        "exit status: 1\n--- stdout\ninvalid puzzle: the input is 3 puzzles, one per line, where \
         one is wanted; `sudoku-kata solve FILE` solves a file of them\n--- stderr\n"
    );
    // Rows of a compact 16x16 grid have the length of a 4x4 puzzle: still a grid, whose
    // clash is named.
    let rows: Vec<String> = (0..16)
        .map(|row| {
            if row == 0 {
                "11".to_owned() + &".".repeat(14)
            } else {
                ".".repeat(16)
            }
        })
        .collect();
    let exchange = check(&[], rows.join("\n").as_bytes());
    assert!(
        exchange.contains("invalid puzzle: symbol 1 appears twice in row 1: at row 1, column 1 and at row 1, column 2"),
        "{exchange}"
    );
    // A puzzle line, then a line that is none (after a comment): the puzzle is named, and
    // where the input goes on.
    for rest in ["# the rest\n123\n", &format!("# more\n{LEETCODE}\n53..7\n")] {
        assert_eq!(
            check(&[], format!("\n{LEETCODE}\n{rest}").as_bytes()),
            "exit status: 1\n--- stdout\ninvalid puzzle: input line 2 is a whole puzzle, but the \
             input goes on at line 4, where one puzzle is wanted: make the rest `#` comments \
             (`sudoku-kata solve FILE` solves a file of puzzles, one per line)\n--- stderr\n"
        );
    }
    // A 36x36 grid's rows are 81 characters wide with their spaces and bars, as long as a
    // puzzle line: a row cut short is still named as a grid's.
    let symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let alphabet = sudoku_board::Alphabet::new(symbols).expect("36 symbols");
    let empty = sudoku_board::Grid::parse(&".".repeat(36 * 36), Some(&alphabet)).expect("a board");
    let mut rows: Vec<String> = empty.to_grid().lines().map(str::to_owned).collect();
    assert_eq!(rows[0].chars().count(), 81, "{}", rows[0]);
    let short = (rows.iter_mut())
        .filter(|row| row.contains('.'))
        .nth(6)
        .expect("row 7");
    *short = short.replacen('.', "", 1);
    let exchange = check(&["--alphabet", symbols], rows.join("\n").as_bytes());
    assert!(
        exchange.contains("has 35 cells, expected 36 as row 1 has"),
        "{exchange}"
    );
    // A grid with a line of another length is read as a grid, which names what is wrong.
    let exchange = check(&[], format!("{}\n123\n", &LEETCODE[..9]).as_bytes());
    assert!(
        exchange.contains("invalid puzzle: row 2 has 3 cells"),
        "{exchange}"
    );
}

#[test]
fn every_notation_gives_the_same_verdict() {
    let line = check(&[LEETCODE], b"");
    let board = sudoku_board::Board::parse_line(LEETCODE).expect("valid");
    let grid = board.to_grid();
    let leetcode = format!("{:?}", board.to_rows()).replace('\'', "\"");
    assert!(leetcode.starts_with("[[\"5\", \"3\""), "{leetcode}");
    assert_eq!(check(&[], grid.as_bytes()), line);
    assert_eq!(check(&[&grid], b""), line);
    assert_eq!(check(&[], leetcode.as_bytes()), line);
}

#[test]
fn a_fixture_file_of_one_puzzle_is_read_by_its_puzzle() {
    // As `generate` writes it: a comment, then `name puzzle solution`.
    let solution = sudoku_engine::solve_bytes(LEETCODE.as_bytes().try_into().expect("81 bytes"))
        .expect("a solution");
    let solution = String::from_utf8(solution.to_vec()).expect("ASCII");
    let file = format!("\u{feff}# generated\n\nexample  {LEETCODE} {solution}\r\n");
    assert_eq!(check(&[], file.as_bytes()), check(&[LEETCODE], b""));
    // Comments before a puzzle line are skipped too, indented or not.
    let commented = format!("# a comment\n  # another\n{LEETCODE}\n");
    assert_eq!(check(&[], commented.as_bytes()), check(&[LEETCODE], b""));
    // A bad cell is named at its place in the file.
    let bad = file.replacen('7', "x", 1);
    let exchange = check(&[], bad.as_bytes());
    assert!(
        exchange.contains("bad character 'x' at row 1, column 5 (input line 3, column 14)"),
        "{exchange}"
    );
    // Two such lines are two puzzles, not one; and so are two of 4x4 boards (16 cells after a
    // name), as `generate --size 4` writes them, which no 4x4 grid's rows are.
    let two = format!("{file}again {LEETCODE} multiple\n");
    let small = "# generated\nfirst .3.4...32....... multiple\nsecond ...4....4..3.2.. multiple\n";
    for two in [two.as_str(), small] {
        let exchange = check(&[], two.as_bytes());
        assert_eq!(exit_status(&exchange), "1");
        assert!(
            exchange.contains("the input is 2 puzzles, one per line, where one is wanted"),
            "{exchange}"
        );
    }
}

#[test]
fn a_grid_with_crlf_line_ends_reads_like_one_with_lf() {
    let grid = sudoku_board::Board::parse_line(LEETCODE)
        .expect("valid")
        .to_grid();
    let crlf = grid.replace('\n', "\r\n");
    assert!(crlf.contains("\r\n"));
    assert_eq!(check(&[], crlf.as_bytes()), check(&[LEETCODE], b""));
    // Comment lines about a grid are no part of it, and the lines keep their numbers.
    let commented = format!(
        "# the example\r\n{}",
        crlf.replacen("\r\n", "\r\n  # a row\r\n", 1)
    );
    assert_eq!(check(&[], commented.as_bytes()), check(&[LEETCODE], b""));
    let exchange = check(&[], commented.replacen('7', "x", 1).as_bytes());
    assert!(
        exchange.contains("at row 1, column 5 (input line 2, column 11)"),
        "{exchange}"
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let with_bom = format!("\u{feff}{LEETCODE}\r\n");
    assert_eq!(check(&[], with_bom.as_bytes()), check(&[LEETCODE], b""));
    // Positions in messages do not count the mark either.
    let bad = format!("\u{feff}{}", LEETCODE.replacen('7', "x", 1));
    insta::assert_snapshot!("bom_bad_char", check(&[], bad.as_bytes()));
}

#[test]
fn several_solutions_exit_3_with_two_differing_solutions() {
    let exchange = check(&[TWO_SOLUTIONS], b"");
    assert_eq!(exit_status(&exchange), "3", "{exchange}");
    insta::assert_snapshot!("several", exchange);
}

#[test]
fn several_solutions_with_line_prints_two_lines() {
    let exchange = check(&["--line", TWO_SOLUTIONS], b"");
    assert_eq!(exit_status(&exchange), "3", "{exchange}");
    let solutions: Vec<&str> = exchange
        .lines()
        .filter(|line| line.len() == 81 && line.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert_eq!(solutions.len(), 2, "{exchange}");
    assert_ne!(solutions[0], solutions[1]);
    let puzzle = sudoku_board::Board::parse_line(TWO_SOLUTIONS).expect("valid");
    for solution in solutions {
        let rows: Vec<Vec<char>> = solution
            .as_bytes()
            .chunks(9)
            .map(|row| row.iter().map(|&b| char::from(b)).collect())
            .collect();
        sudoku_board::check_solution(&puzzle, &rows).expect("a real solution");
    }
    insta::assert_snapshot!("several_line", exchange);
}

#[test]
fn the_empty_board_has_several_and_names_only_the_first_differences() {
    let exchange = check(&[&".".repeat(81)], b"");
    assert_eq!(exit_status(&exchange), "3", "{exchange}");
    insta::assert_snapshot!("several_empty_board", exchange);
}

#[test]
fn no_solution_exits_1() {
    let exchange = check(&[NO_SOLUTION], b"");
    assert_eq!(exit_status(&exchange), "1", "{exchange}");
    insta::assert_snapshot!("none", exchange);
}

#[test]
fn clashing_givens_name_both_cells_the_digit_and_the_unit() {
    let in_a_row = format!("5.......5{}", ".".repeat(72));
    let in_a_column = format!("7{}7{}", ".".repeat(71), ".".repeat(8));
    let in_a_box = format!("3.........3{}", ".".repeat(70));
    let exchanges = [in_a_row, in_a_column, in_a_box].map(|puzzle| {
        let exchange = check(&[&puzzle], b"");
        assert_eq!(exit_status(&exchange), "1", "{exchange}");
        exchange
    });
    insta::assert_snapshot!("clash", exchanges.join("\n"));
}

#[test]
fn a_bad_character_is_named_with_its_cell_and_input_position() {
    let in_a_line = LEETCODE.replacen("195", "1x5", 1);
    let grid = sudoku_board::Board::parse_line(LEETCODE)
        .expect("valid")
        .to_grid()
        .replacen('9', "９", 1);
    let exchanges = [check(&[&in_a_line], b""), check(&[], grid.as_bytes())];
    for exchange in &exchanges {
        assert_eq!(exit_status(exchange), "1", "{exchange}");
    }
    insta::assert_snapshot!("bad_char", exchanges.join("\n"));
}

#[test]
fn a_wrong_shape_is_named() {
    let grid = sudoku_board::Board::parse_line(LEETCODE)
        .expect("valid")
        .to_grid();
    let eight_rows: String = grid
        .lines()
        .skip(1)
        .map(|line| format!("{line}\n"))
        .collect();
    let short_row = grid.replacen("5 3 . |", "5 3 |", 1);
    let exchanges = [
        check(&[&LEETCODE[..80]], b""),
        check(&[&format!("{LEETCODE}.")], b""),
        check(&[], eight_rows.as_bytes()),
        check(&[], short_row.as_bytes()),
        check(&[], b"[[\"5\",\"3\"],"),
    ];
    for exchange in &exchanges {
        assert_eq!(exit_status(exchange), "1", "{exchange}");
    }
    insta::assert_snapshot!("wrong_shape", exchanges.join("\n"));
}

#[test]
fn empty_input_is_named_as_such() {
    let exchanges = [
        check(&[], b""),
        check(&[], b" \r\n\t\n"),
        check(&[""], b""),
        check(&[], "\u{feff}\n".as_bytes()),
    ];
    for exchange in &exchanges[1..] {
        assert_eq!(exchange, &exchanges[0]);
    }
    assert_eq!(exit_status(&exchanges[0]), "1");
    insta::assert_snapshot!("empty", exchanges[0]);
}

#[test]
fn bytes_that_are_not_utf8_are_named_with_their_place() {
    let mut mid_line = LEETCODE.as_bytes().to_vec();
    mid_line[10] = 0xC3; // starts a two-byte character that the next byte does not finish
    let mut second_line = b"# not a puzzle\n53..".to_vec();
    second_line.extend_from_slice(&[0x80, 0x00, 0xFF]);
    let utf16: Vec<u8> = "\u{feff}53..7"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let exchanges = [mid_line, second_line, utf16].map(|input| {
        let exchange = check(&[], &input);
        assert_eq!(exit_status(&exchange), "1", "{exchange}");
        exchange
    });
    insta::assert_snapshot!("not_utf8", exchanges.join("\n"));
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_named_like_stdin() {
    use std::os::unix::ffi::OsStrExt;

    let bytes = b"53..7....6..\xFF95....98";
    let exchange = check_os(&[OsStr::from_bytes(bytes)], b"");
    assert_eq!(exchange, check(&[], bytes));
    assert!(
        exchange.contains("byte 0xFF at input line 1, column 13 is not valid UTF-8"),
        "{exchange}"
    );
    // A byte order mark first is no column, as `solve` counts too.
    let with_bom = check(&[], &[b"\xEF\xBB\xBF".as_slice(), bytes].concat());
    assert!(
        with_bom.contains("line 1, column 13 is not valid UTF-8"),
        "{with_bom}"
    );
}

#[test]
fn garbage_that_is_valid_utf8_is_a_bad_character() {
    // As long as a 9x9 line, so that the size is right and the first character is what is wrong.
    let garbage = format!("\x00\x01\x02 binary{}\n", ".".repeat(71));
    let exchange = check(&[], garbage.as_bytes());
    assert_eq!(exit_status(&exchange), "1", "{exchange}");
    insta::assert_snapshot!("garbage_utf8", exchange);
}

#[test]
fn input_over_a_mebibyte_is_refused_without_reading_it_all() {
    const MIB: usize = 1 << 20;
    // Right at the limit, a puzzle padded with blank lines still reads.
    let mut at_limit = format!("{LEETCODE}\n").into_bytes();
    at_limit.resize(MIB, b'\n');
    assert_eq!(exit_status(&check(&[], &at_limit)), "0");
    // One byte more is refused.
    at_limit.push(b'\n');
    let many_lines = check(&[], &at_limit);
    // A single line of many megabytes: stdin is closed after the first mebibyte.
    let one_line = check(&[], &vec![b'.'; 16 * MIB]);
    for exchange in [&many_lines, &one_line] {
        assert_eq!(exit_status(exchange), "1", "{exchange}");
    }
    insta::assert_snapshot!("too_large", format!("{many_lines}\n{one_line}"));
}

#[test]
fn help_describes_the_puzzle_and_the_exit_statuses() {
    let exchange = check(&["--help"], b"");
    assert_eq!(exit_status(&exchange), "0", "{exchange}");
    insta::assert_snapshot!("help", exchange);
}

#[test]
fn two_puzzles_are_a_usage_error() {
    let exchange = check(&[LEETCODE, LEETCODE], b"");
    assert_eq!(exit_status(&exchange), "2", "{exchange}");
}
