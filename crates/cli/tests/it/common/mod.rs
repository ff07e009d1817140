//! What the command line's integration tests share: running the binary and writing down the
//! whole exchange, so that a snapshot shows the exit status next to what was printed.

#![allow(dead_code, reason = "each test file uses only some of these helpers")]

pub mod examples;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Output;

use assert_cmd::Command;

/// Runs `sudoku-kata <subcommand> <args>` with `stdin` as its standard input.
pub fn output(subcommand: &str, args: &[&OsStr], stdin: &[u8]) -> Output {
    Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .arg(subcommand)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs")
}

/// [`output`] as one text: the exit status, stdout and stderr.
pub fn exchange(subcommand: &str, args: &[&OsStr], stdin: &[u8]) -> String {
    let output = output(subcommand, args, stdin);
    let code = output
        .status
        .code()
        .map_or("none (killed by a signal)".to_owned(), |code| {
            code.to_string()
        });
    format!(
        "exit status: {code}\n--- stdout\n{}--- stderr\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// [`output`] in parts: the exit status, stdout and stderr (which must be UTF-8).
pub fn parts(subcommand: &str, args: &[&OsStr]) -> (Option<i32>, String, String) {
    let output = output(subcommand, args, b"");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

/// The LeetCode region of a generated `lib.rs`: from its begin marker up to its end marker, and
/// the offset of the end marker.
pub fn leetcode_region(lib: &str) -> (&str, usize) {
    let begin = lib
        .find("// ---- LeetCode submission: begin ----\n")
        .expect("begin marker");
    let end = lib
        .find("// ---- LeetCode submission: end ----\n")
        .expect("end marker");
    (&lib[begin..end], end)
}

/// `sudoku-kata <args>` with its standard input and output kept open, to talk to it a line at a
/// time, as a slow pipe does.
pub struct Conversation {
    /// The running command.
    pub child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Conversation {
    /// Starts `sudoku-kata <args>`.
    pub fn start(args: &[&str]) -> Conversation {
        use std::io::{BufRead, BufReader};
        use std::process::Stdio;

        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-kata"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Not the test's own output: a summary there reads like a test's failure.
            .stderr(Stdio::null())
            .spawn()
            .expect("starts");
        let stdout = child.stdout.take().expect("piped");
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Conversation {
            child,
            stdin,
            lines,
        }
    }

    /// Writes `line` and waits for the next line of output, while its input stays open.
    pub fn ask(&mut self, line: &str) -> String {
        use std::io::Write;

        let stdin = self.stdin.as_mut().expect("open");
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .expect("written");
        (self.lines.recv_timeout(std::time::Duration::from_secs(30)))
            .unwrap_or_else(|_| panic!("no answer to {line:?} while the input stays open"))
    }

    /// Closes the input and waits for the command to end: its exit code.
    pub fn end(mut self) -> Option<i32> {
        drop(self.stdin.take());
        self.child.wait().expect("it ends").code()
    }
}

/// The target directory of the `practice/` crate the tests build at `root` (a directory of
/// [`same_dir_every_run`]): one for each such directory, kept between runs, where its
/// dependencies are built once. Not one for all: cargo copies every crate's worker to the same
/// `release/practice-worker`, and two tests building at once would run each other's.
pub fn practice_target_dir(root: &std::path::Path) -> PathBuf {
    let name = root.file_name().expect("a named directory");
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("practice-targets")
        .join(name)
}

/// An empty directory `name` under the tests' temporary directory, at the same path in every
/// run. A `practice/` crate built there reaches the workspace's crates by the same path each
/// time, so cargo finds them built in [`practice_target_dir`]: under a new temporary directory
/// each run, it would build the harness again, and keep every build.
pub fn same_dir_every_run(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    if let Err(error) = std::fs::remove_dir_all(&dir) {
        assert!(
            error.kind() == std::io::ErrorKind::NotFound,
            "cannot empty {}: {error}",
            dir.display()
        );
    }
    std::fs::create_dir_all(&dir).expect("a directory");
    dir
}
