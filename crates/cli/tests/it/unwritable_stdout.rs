//! Every subcommand that prints treats a failed write to stdout as an error, never a panic: on a
//! full disk (`/dev/full`, Linux) it says so and exits 1, and when the reader has gone away (a
//! closed pipe, as after `| head`) it stops quietly with status 1. (`solve`, `check` and
//! `generate` write through their own code, tested with each.) A full stderr is no panic either.

use std::fs::File;
use std::io::Write as _;
use std::process::{Command, Stdio};

/// A quick run of each subcommand that prints its results (`new` and `practice` print through
/// the same macro, `out!`).
const RUNS: [&[&str]; 4] = [
    &["hint", "bool-tables"],
    &["compare", "--tier", "leetcode", "--approach", "bitboard"],
    &[
        "bench",
        "--tier",
        "leetcode",
        "--approach",
        "engine",
        "--min-time",
        "0.05",
    ],
    &[
        "trace",
        "leetcode/example",
        "--approach",
        "bitboard",
        "--out",
    ],
];

fn sudoku_kata(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-kata"));
    command
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    if args[0] == "trace" {
        command.arg(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unwritable.html"));
    }
    command
}

#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    for args in RUNS {
        let full = File::create("/dev/full").expect("/dev/full opens");
        let output = (sudoku_kata(args).stdout(full).output()).expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.ends_with(
                "error: cannot write to stdout: No space left on device (os error 28)\n"
            ),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_closed_pipe_stops_the_run_quietly() {
    for args in RUNS {
        // The command starts only once its stdout has no reader: `sh` waits for a line first,
        // so a quick command cannot write everything into the pipe before it is closed.
        let inner = sudoku_kata(args);
        let mut child = Command::new("sh")
            .args(["-c", "read go; exec \"$0\" \"$@\""])
            .arg(inner.get_program())
            .args(inner.get_args())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        drop(child.stdout.take());
        let mut go = child.stdin.take().expect("piped");
        go.write_all(b"go\n").expect("sh reads it");
        drop(go);
        let output = child.wait_with_output().expect("ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("error") && !stderr.contains("panicked"),
            "{args:?}: {stderr}"
        );
    }
}

/// Nor is a full disk behind stderr a panic: what cannot be said is dropped, and the exit status
/// still tells, whether the run failed (a missing file, a bad name, no puzzle made) or only
/// stdout failed too.
#[test]
fn a_full_disk_behind_stderr_too_is_no_panic() {
    let fails: [&[&str]; 5] = [
        &["compare", "--file", "no-such-file"],
        &["bench", "--approach", "engine", "--file", "no-such-file"],
        &["hint", "bitboard", "9"],
        &["check", "."],
        &[
            "generate",
            "--seed",
            "0",
            "--count",
            "2",
            "--max-attempts",
            "1",
        ],
    ];
    for args in RUNS.iter().chain(&fails) {
        let full = || File::create("/dev/full").expect("/dev/full opens");
        let output = (sudoku_kata(args).stdout(full()).stderr(full()).output()).expect("runs");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
    }
}
