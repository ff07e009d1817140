//! The parent side of the worker protocol, against scripted workers (`sh -c SCRIPT`) that
//! answer as a rung would, crash, stall or garble their replies.

#![cfg(unix)]

use std::process::Command;
use std::time::{Duration, Instant};

use sudoku_harness::puzzle;
use sudoku_harness::worker::{Worker, WorkerError, solve_batch};

fn rows(id: &str) -> Vec<Vec<char>> {
    puzzle(id).expect("bundled").board.to_rows()
}

const EXAMPLE: &str = "leetcode/example";

/// A worker that runs `sh -c SCRIPT` instead of this executable: the parent side alone.
fn scripted(script: &str) -> Worker {
    let mut command = Command::new("sh");
    command.args(["-c", script]);
    Worker::from_command(command).expect("sh starts")
}

#[test]
fn replies_come_in_order_and_other_lines_are_skipped() {
    let board = ".".repeat(81);
    let script = format!(
        "read a; echo noise; echo 'sudoku-kata-worker 5 12 {board}'; \
         read b; echo 'sudoku-kata-worker 6 13 {board}'"
    );
    let mut worker = scripted(&script);
    let budget = Duration::from_secs(10);
    let reply = worker.solve(&rows(EXAMPLE), budget).expect("a reply");
    assert_eq!((reply.calls, reply.time), (12, Duration::from_nanos(5)));
    assert_eq!(reply.board, vec![vec!['.'; 9]; 9]);
    assert_eq!(
        worker.solve(&rows(EXAMPLE), budget).expect("a reply").calls,
        13
    );
}

#[test]
fn what_a_printing_rung_writes_is_skipped_however_long_or_whatever_its_bytes() {
    // 8 MiB without a line end, then bytes that are not UTF-8, then the answer.
    let board = ".".repeat(81);
    let script = format!(
        "read a; head -c 8388608 /dev/zero | tr '\\0' x; printf '\\377\\376\\n'; \
         echo 'sudoku-kata-worker 5 12 {board}'"
    );
    let reply = scripted(&script).solve(&rows(EXAMPLE), Duration::from_secs(30));
    assert_eq!(reply.map(|reply| reply.calls), Ok(12));
}

#[test]
fn a_quiet_worker_is_over_budget_and_stopped() {
    // One that sleeps, and one that closes its output first and sleeps on.
    for script in ["read a; exec sleep 30", "read a; exec >&-; exec sleep 30"] {
        let mut worker = scripted(script);
        let started = Instant::now();
        assert_eq!(
            worker.solve(&rows(EXAMPLE), Duration::from_millis(50)),
            Err(WorkerError::OverBudget),
            "{script}"
        );
        drop(worker);
        // Not a timing of a solver: the sleeping worker must be killed, not waited for.
        assert!(started.elapsed() < Duration::from_secs(20), "{script}");
    }
}

#[test]
fn a_reply_that_took_the_rung_past_the_budget_is_over_it() {
    let board = ".".repeat(81);
    let mut worker = scripted(&format!(
        "read a; echo 'sudoku-kata-worker 20000000000 1 {board}'"
    ));
    assert_eq!(
        worker.solve(&rows(EXAMPLE), Duration::from_secs(10)),
        Err(WorkerError::OverBudget)
    );
}

#[test]
fn crashes_and_bad_replies_say_what_happened() {
    let budget = Duration::from_secs(10);
    let crashed = scripted("read a; exit 101")
        .solve(&rows(EXAMPLE), budget)
        .unwrap_err();
    assert_eq!(
        crashed.to_string(),
        "it ended (exit status: 101) without answering"
    );
    let overflowed = scripted("read a; kill -ABRT $$").solve(&rows(EXAMPLE), budget);
    assert_eq!(
        overflowed.unwrap_err().to_string(),
        "it ended (signal: 6 (SIGABRT)) without answering: if the line above says it overflowed \
         its stack, a recursion never ends or goes too deep"
    );
    let failed = scripted("read a; echo 'sudoku-kata-worker error no such rung'")
        .solve(&rows(EXAMPLE), budget);
    assert_eq!(failed, Err(WorkerError::Crashed("no such rung".to_owned())));
    let garbled = scripted("read a; echo 'sudoku-kata-worker maybe'").solve(&rows(EXAMPLE), budget);
    assert_eq!(garbled.unwrap_err().to_string(), "it answered \"maybe\"");
    let short = scripted("read a; echo 'sudoku-kata-worker 5 1 ...'").solve(&rows(EXAMPLE), budget);
    assert_eq!(short, Err(WorkerError::BadReply("5 1 ...".to_owned())));
}

#[test]
fn a_board_of_another_size_comes_back_in_rows_of_its_side() {
    let board = "1234341221434321";
    let mut worker = scripted(&format!("read a; echo 'sudoku-kata-worker 5 3 {board}'"));
    let puzzle = vec![vec!['.'; 4]; 4];
    let reply = worker
        .solve(&puzzle, Duration::from_secs(10))
        .expect("a reply");
    assert_eq!(reply.board.len(), 4);
    assert_eq!(reply.board[3], ['4', '3', '2', '1']);
    // A length no board has is no reply.
    let odd = scripted("read a; echo 'sudoku-kata-worker 5 1 12345'")
        .solve(&puzzle, Duration::from_secs(10));
    assert_eq!(odd, Err(WorkerError::BadReply("5 1 12345".to_owned())));
}

/// Replies from [`solve_batch`] on `count` copies of the example, in workers running `bash -c
/// SCRIPT`, and how many workers it started; the first reply is taken `slowly`.
fn batch(script: &str, count: usize, slowly: Duration) -> (Vec<Result<u64, WorkerError>>, usize) {
    let mut started = 0;
    let start = || {
        started += 1;
        let mut command = Command::new("bash");
        command.args(["-c", script]);
        Worker::from_command(command)
    };
    let mut replies = Vec::new();
    let puzzles = vec![rows(EXAMPLE); count];
    solve_batch(&puzzles, Duration::from_secs(10), start, |reply| {
        if replies.is_empty() {
            std::thread::sleep(slowly);
        }
        replies.push(reply.map(|reply| reply.calls));
    });
    (replies, started)
}

#[test]
fn a_worker_that_ends_with_puzzles_written_after_it_is_only_believed_alone() {
    let board = ".".repeat(81);
    // A worker that dies on finding a second line waiting, before answering the first, as one
    // whose next puzzle overflows its stack would.
    let dies_on_a_queue = format!(
        "while read a; do read -t 0.2 b && exit 3; echo 'sudoku-kata-worker 5 7 {board}'; done"
    );
    let (replies, started) = batch(&dies_on_a_queue, 3, Duration::ZERO);
    assert_eq!(replies, [Ok(7), Ok(7), Ok(7)]);
    // Each worker answers a puzzle alone, then dies on the two after it, till one is left.
    assert_eq!(started, 3);
    // A worker that dies on every puzzle is believed once the puzzle is alone.
    let (replies, started) = batch("read a; exit 3", 2, Duration::ZERO);
    let died = Err(WorkerError::Ended(
        "it ended (exit status: 3) without answering".to_owned(),
    ));
    assert_eq!(replies, [died.clone(), died]);
    assert_eq!(started, 3);
}

#[test]
fn the_answers_of_a_worker_that_has_ended_are_read_before_its_end_is_told() {
    let board = ".".repeat(81);
    let gives_up_after_40 = format!(
        "for i in $(seq 40); do read a; echo 'sudoku-kata-worker 5 7 {board}'; done; \
         echo 'sudoku-kata-worker error gave up'"
    );
    // The first reply is taken slowly, so that the worker has ended when the parent next writes
    // to it: the 40 answers and its last word are read all the same.
    let (replies, started) = batch(&gives_up_after_40, 100, Duration::from_millis(300));
    let gave_up = Err(WorkerError::Crashed("gave up".to_owned()));
    assert_eq!(
        replies[..41],
        [vec![Ok(7); 40], vec![gave_up.clone()]].concat()
    );
    assert_eq!(replies[81], gave_up);
    assert_eq!(replies.iter().filter(|reply| reply.is_err()).count(), 2);
    assert_eq!(started, 3);
}
