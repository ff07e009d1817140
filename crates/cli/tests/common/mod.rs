//! What the command line's integration tests share: running the binary and writing down the
//! whole exchange, so that a snapshot shows the exit status next to what was printed.

use std::ffi::OsStr;

use assert_cmd::Command;

/// Runs `sudoku-kata <subcommand> <args>` with `stdin` as its standard input, and returns one
/// text: the exit status, stdout and stderr.
pub fn exchange(subcommand: &str, args: &[&OsStr], stdin: &[u8]) -> String {
    let output = Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .arg(subcommand)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
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
