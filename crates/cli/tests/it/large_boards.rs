//! Boards other than 9x9 end to end: `solve` on files that mix sizes, and `check`'s verdicts,
//! from 4x4 to 25x25, in the standard alphabet or an explicit one.

use crate::common;

use std::ffi::OsStr;

use rstest::rstest;
use sudoku_board::{Alphabet, Grid};

/// LeetCode 37's example and its solution.
const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A 25x25 board with no solution that the engine cannot refute for long (over 30 s): in rows
/// 2 to 5, each of the first three boxes holds the values 13 to 25 (D to P), so the first 15
/// cells of row 1 have only 12 values between them, and the other 10 cells of the row must take
/// 13. Neither singles nor locked candidates see it, and for a SAT solver it is the pigeonhole
/// problem, which takes exponentially many learnt clauses.
const SLOW_25X25: &str = concat!(
    ".........................",
    "DEFG.HIJK.LMNO...........",
    "HIJ..LMN..PDE............",
    "KLM..OPD..FGH............",
    "NOP..EFG..IJK............",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
    ".........................",
);

/// The exchange of `sudoku-kata <command> <args>` with this stdin: status, stdout and stderr.
fn run(command: &str, args: &[&str], stdin: &str) -> String {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    common::exchange(command, &args, stdin.as_bytes())
}

/// A solved board of box size `b`: the classic pattern, each band a shift of the one above.
fn solved(b: usize) -> Vec<u8> {
    let n = b * b;
    (0..n * n)
        .map(|i| ((b * (i / n % b) + i / n / b + i % n) % n + 1) as u8)
        .collect()
}

/// [`solved`] with every third cell blank, as a line.
fn puzzle(b: usize) -> String {
    let mut cells = solved(b);
    cells.iter_mut().step_by(3).for_each(|cell| *cell = 0);
    Grid::from_values(cells, None).unwrap().to_line()
}

/// [`solved`] with one blank per row (the diagonal): exactly one solution.
fn unique(b: usize) -> String {
    let n = b * b;
    let mut cells = solved(b);
    (0..n).for_each(|row| cells[row * n + row] = 0);
    Grid::from_values(cells, None).unwrap().to_line()
}

/// Asserts that `answer` (a line) solves `puzzle` (a line), read in `alphabet`.
fn assert_solves(puzzle: &str, answer: &str, alphabet: Option<&Alphabet>) {
    let puzzle = Grid::parse(puzzle, alphabet).unwrap();
    let answer = Grid::parse(answer, alphabet).unwrap();
    assert_eq!(puzzle.solved_by(answer.values().to_vec()), Ok(answer));
}

#[test]
fn solve_answers_a_file_of_mixed_sizes_line_by_line_in_order() {
    let clash = format!("11{}", ".".repeat(254));
    let bad_symbol = format!("{}Z", &puzzle(5)[1..]);
    let lines = [
        puzzle(2),
        puzzle(4),
        LEETCODE.to_owned(),
        puzzle(5),
        clash,
        ".".repeat(80),
        bad_symbol,
        unique(4).to_lowercase(),
    ];
    let exchange = run("solve", &[], &format!("{}\n", lines.join("\n")));
    let stdout: Vec<&str> = exchange
        .split_once("--- stdout\n")
        .and_then(|(_, rest)| rest.split_once("--- stderr\n"))
        .map(|(stdout, _)| stdout.lines().collect())
        .unwrap();
    assert!(exchange.starts_with("exit status: 1\n"), "{exchange}");
    assert_eq!(stdout.len(), lines.len(), "{exchange}");
    for index in [0, 1, 3, 7] {
        assert_solves(&lines[index], stdout[index], None);
    }
    assert_eq!(stdout[2], LEETCODE_SOLUTION);
    assert_eq!(
        stdout[4..7],
        [
            "error: <stdin>:5: symbol 1 appears twice in row 1: at row 1, column 1 and at row 1, \
             column 2",
            "error: <stdin>:6: the line has 80 cells, but a board has 16, 81, 256, 625 or 1,296 \
             cells (4x4, 9x9, 16x16, 25x25 or 36x36)",
            "error: <stdin>:7: bad character 'Z' at row 25, column 25 (input line 7, column 625): \
             expected one of \"123456789ABCDEFGHIJKLMNOP\", or '.' for a blank",
        ]
    );
}

#[test]
fn solve_reads_and_writes_an_explicit_alphabet_and_prints_grids_with_pretty() {
    let hex = Alphabet::new("0123456789ABCDEF").unwrap();
    let puzzle = Grid::parse(&puzzle(4), None).unwrap().values().to_vec();
    let line = Grid::from_values(puzzle, Some(&hex)).unwrap().to_line();
    let exchange = run("solve", &["--alphabet", "0123456789ABCDEF"], &line);
    let answer = exchange.lines().nth(2).unwrap();
    assert!(answer.starts_with("0123"), "{exchange}");
    assert_solves(&line, answer, Some(&hex));

    let pretty = run("solve", &["--pretty"], &unique(2));
    assert_eq!(
        pretty,
        "exit status: 0\n--- stdout\n1 2 | 3 4\n3 4 | 1 2\n----+----\n2 3 | 4 1\n4 1 | 2 3\n\
         --- stderr\n"
    );
}

/// A 9x9 board read in an explicit alphabet goes to every solver, the 9x9-only rungs and the
/// engine too, and comes back in that alphabet.
#[rstest]
fn a_9x9_board_in_an_explicit_alphabet_is_solved_by_every_solver(
    #[values("engine", "bitboard", "bitmask-flip", "dancing-links")] approach: &str,
) {
    let letters = Alphabet::new("ABCDEFGHI").unwrap();
    let example =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let values = Grid::parse(example, None).unwrap().values().to_vec();
    let line = Grid::from_values(values, Some(&letters)).unwrap().to_line();
    let args = ["--alphabet", "ABCDEFGHI", "--approach", approach];
    let exchange = run("solve", &args, &line);
    let answer = exchange.lines().nth(2).unwrap();
    assert!(answer.starts_with("ECDFGHIAB"), "{exchange}");
    assert_solves(&line, answer, Some(&letters));
    // Givens that clash are named in the alphabet read.
    let clash = line.replacen('.', "E", 1);
    let exchange = run("solve", &args, &clash);
    let error = "error: <stdin>:1: symbol E appears twice in row 1: at row 1, column 1 and at \
                 row 1, column 3";
    assert_eq!(exchange.lines().nth(2), Some(error), "{exchange}");
}

#[rstest]
#[case::an_approach_of_any_box_size("constraint-propagation", None)]
#[case::a_9x9_only_rung(
    "bitmask-flip",
    Some(
        "error: <stdin>:1: bitmask-flip does not solve 16x16 boards; the approaches with \
         any_box_size in ladder.toml (dancing-links, constraint-propagation) solve 4x4 to 25x25"
    )
)]
fn solve_approach_takes_a_large_board_only_where_the_rung_does(
    #[case] approach: &str,
    #[case] error: Option<&str>,
) {
    let line = puzzle(4);
    let exchange = run("solve", &["--approach", approach], &line);
    let answer = exchange.lines().nth(2).unwrap();
    match error {
        Some(error) => assert_eq!(answer, error),
        None => assert_solves(&line, answer, None),
    }
}

/// `check` takes a 9x9 board in an explicit alphabet to the engine, as any 9x9 board: no
/// budget holds it (the search on boards beyond 9x9 would be over this one at once), and the
/// solution is in the board's symbols.
#[test]
fn check_takes_a_9x9_board_in_an_explicit_alphabet_to_the_engine() {
    let to_letters = |line: &str| -> String {
        (line.chars())
            .map(|c| c.to_digit(10).map_or(c, |d| char::from(b'A' + d as u8 - 1)))
            .collect()
    };
    let (puzzle, solution) = (to_letters(LEETCODE), to_letters(LEETCODE_SOLUTION));
    assert!(!puzzle.contains(|c: char| c.is_ascii_digit()), "{puzzle}");
    let args = [
        "--line",
        "--alphabet",
        "ABCDEFGHI",
        "--budget",
        "0.000001",
        &puzzle,
    ];
    let exchange = run("check", &args, "");
    assert!(
        exchange.starts_with(
            "exit status: 0
"
        ) && exchange.contains(&format!("exactly one solution:\n{solution}\n")),
        "{exchange}"
    );
}

#[test]
fn a_36x36_board_is_read_but_no_solver_here_takes_it() {
    let symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let line = ".".repeat(1296);
    let exchange = run("solve", &["--alphabet", symbols], &line);
    assert!(
        exchange.contains(
            "error: <stdin>:1: engine does not solve 36x36 boards; no approach here goes past \
             25x25\n"
        ),
        "{exchange}"
    );
    let exchange = run("solve", &[], &line);
    assert!(
        exchange.contains("a 36x36 board needs an alphabet of 36 symbols"),
        "{exchange}"
    );
    let exchange = run("check", &["--alphabet", symbols, &line], "");
    assert!(
        exchange.starts_with(
            "exit status: 1\n--- stdout\nundecided: engine does not solve 36x36 boards"
        ),
        "{exchange}"
    );
}

#[rstest]
#[case::unique_16x16(unique(4), "0", "exactly one solution:\n")]
#[case::unique_25x25_as_a_grid(
    Grid::parse(&unique(5), None).unwrap().to_grid(),
    "0",
    "exactly one solution:\n"
)]
#[case::empty_16x16(".".repeat(256), "3", "several solutions; two of them:\n")]
#[case::dead_end_16x16(dead_end(4), "1", "no solution: no two givens clash")]
#[case::clash_16x16(
    format!("G{}G{}", ".".repeat(15), ".".repeat(239)),
    "1",
    "invalid puzzle: symbol G appears twice in column 1: at row 1, column 1 and at row 2, \
     column 1\n"
)]
fn check_gives_the_verdict_and_status_on_large_boards(
    #[case] puzzle: String,
    #[case] status: &str,
    #[case] starts: &str,
) {
    let exchange = run("check", &[], &puzzle);
    let (head, stdout) = exchange.split_once("--- stdout\n").unwrap();
    assert_eq!(head, format!("exit status: {status}\n"));
    assert!(stdout.starts_with(starts), "{exchange}");
    if status == "0" {
        let line = run("check", &["--line"], &puzzle);
        assert_solves(&puzzle, line.lines().nth(3).unwrap(), None);
    }
}

/// A board of box size `b` with no clash whose top-left cell can take no value: the rest of its
/// row holds 1 to n - 1, and its column n, below its box.
fn dead_end(b: usize) -> String {
    let n = b * b;
    let mut cells = vec![0; n * n];
    for (cell, value) in cells[1..n].iter_mut().zip(1..) {
        *cell = value;
    }
    cells[b * n] = n as u8;
    Grid::from_values(cells, None).unwrap().to_line()
}

#[test]
fn several_solutions_of_a_large_board_are_shown_side_by_side_with_their_differences() {
    let mut cells = solved(4);
    // Rows 1 and 2 lie in one band: blanked, they can be filled either way round, and more.
    cells[..32].fill(0);
    let line = Grid::from_values(cells, None).unwrap().to_line();
    let exchange = run("check", &[&line], "");
    assert!(exchange.starts_with("exit status: 3\n"), "{exchange}");
    let grids = exchange.lines().nth(3).unwrap();
    assert_eq!(
        grids.len(),
        2 * 37 + 4,
        "two rows of 16 side by side: {exchange}"
    );
    assert!(exchange.contains("\nthey differ in "), "{exchange}");
}

#[test]
fn a_puzzle_from_generate_size_16_is_one_check_accepts() {
    let generated = run("generate", &["--seed", "7", "--size", "16"], "");
    let line = generated
        .lines()
        .find(|line| line.starts_with("generated-s7-1 "))
        .unwrap_or_else(|| panic!("{generated}"));
    let fields: Vec<&str> = line.split_whitespace().collect();
    let exchange = run("check", &["--line", fields[1]], "");
    assert_eq!(
        exchange,
        format!(
            "exit status: 0\n--- stdout\nexactly one solution:\n{}\n--- stderr\n",
            fields[2]
        )
    );
}

#[test]
fn blank_lines_read_with_an_alphabet_are_named_as_blank_lines() {
    let exchange = run("solve", &["--alphabet", "0123456789ABCDEF"], "\n   \n");
    assert!(
        exchange.contains(
            "error: <stdin>:1: the line is empty: expected a puzzle of 81 cells\n\
             error: <stdin>:2: the line holds only whitespace: expected a puzzle of 81 cells\n"
        ),
        "{exchange}"
    );
}

/// A board past its budget is given up with its search: once its error line is out, `solve`
/// works on nothing while it waits for the next line (the search ran in a worker, which is
/// killed, and does not go on unseen on a thread), and the next board is solved. The process's
/// CPU time comes from `/proc`, in Linux's 100 ticks a second.
#[cfg(target_os = "linux")]
#[test]
fn a_large_board_past_the_budget_is_not_searched_on() {
    let mut solve = common::Conversation::start(&["solve", "--budget", "0.3"]);
    let given_up = solve.ask(SLOW_25X25);
    assert!(
        given_up.contains("took longer than its budget of 0.3 s"),
        "{given_up}"
    );
    // utime and stime, the 14th and 15th fields, counted after the command's name.
    let stat = format!("/proc/{}/stat", solve.child.id());
    let ticks = || {
        let stat = std::fs::read_to_string(&stat).expect("the process is running");
        let fields = (stat.rsplit_once(") ").expect("stat").1.split(' ')).skip(11);
        let fields = fields
            .take(2)
            .map(|field| field.parse::<u64>().expect("ticks"));
        fields.sum::<u64>()
    };
    let before = ticks();
    std::thread::sleep(std::time::Duration::from_secs(1));
    let spent = ticks() - before;
    assert!(
        spent < 30,
        "solve spent {spent} ticks of CPU in a second of waiting"
    );
    let next = unique(4);
    let solved = solve.ask(&next);
    assert_solves(&next, &solved, None);
    assert_eq!(solve.end(), Some(1));
}

#[test]
fn a_large_board_past_the_budget_is_given_up_with_a_clear_line() {
    let exchange = run("solve", &["--budget", "0.3"], SLOW_25X25);
    assert!(
        exchange.contains(
            "error: <stdin>:1: engine took longer than its budget of 0.3 s on this puzzle, so \
             it was given up (--budget sets the budget)\n"
        ),
        "{exchange}"
    );
    let exchange = run("check", &["--budget", "0.3", SLOW_25X25], "");
    assert!(
        exchange.starts_with(
            "exit status: 1\n--- stdout\nundecided: engine took longer than its budget of 0.3 s"
        ),
        "{exchange}"
    );
}

/// The public sets of large boards hold `name<TAB>puzzle` lines: `solve` reads them as they are,
/// and `check` reads one.
#[test]
fn name_and_board_lines_are_read_as_the_public_sets_hold_them() {
    let (sixteen, twenty_five) = (unique(4), unique(5));
    let input = format!("acs16-45-00\t{sixteen}\nacs25-45-00 {twenty_five}\n");
    let exchange = run("solve", &[], &input);
    let answers: Vec<&str> = (exchange.lines())
        .skip_while(|line| *line != "--- stdout")
        .skip(1)
        .take_while(|line| *line != "--- stderr")
        .collect();
    assert_eq!(answers.len(), 2, "{exchange}");
    assert_solves(&sixteen, answers[0], None);
    assert_solves(&twenty_five, answers[1], None);
    let exchange = run("check", &[&format!("acs16-45-00\t{sixteen}")], "");
    assert!(exchange.starts_with("exit status: 0\n"), "{exchange}");
}
