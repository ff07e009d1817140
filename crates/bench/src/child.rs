//! A child process that answers in lines, read with deadlines: the shape shared by `bench`'s
//! budget probe ([`crate::probe`]), `compare`'s worker and `solve`'s workers in `sudoku-kata`.
//!
//! # Why a child process
//!
//! A solve cannot be interrupted: the solvers are plain functions without a cancellation point,
//! and Rust cannot kill a thread. A thread left to run on would go on burning a core under
//! whatever comes next. A process can be killed. So work that must end within a budget runs in a
//! child process, and a [`Conversation`] with it waits for each answer only until a deadline.
//!
//! # What a conversation is
//!
//! The child writes its answers to its standard output, one line each, starting with a prefix
//! that the parent chose; other lines are skipped, so that nothing the child prints by accident
//! is taken for an answer. A pipe has no read timeout, so a thread reads the lines and a channel's
//! `recv_timeout` waits for them. Dropping the conversation kills and reaps the child, whatever
//! state it is in, and its end closes the pipe, which ends the reading thread: no child outlives
//! its conversation. [`serve_if_asked`] is the child's side when its request is in its
//! arguments.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, BufReader, StdoutLock, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Instant;

/// A child process that is killed and reaped when dropped, so that none outlives the code that
/// started it, whatever happens there.
#[derive(Debug)]
pub struct Reaped(pub Child);

impl Reaped {
    /// Kills the child unless it has ended, and reaps it.
    ///
    /// # Errors
    /// What `try_wait` or `wait` report.
    pub fn stop(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.0.try_wait()? {
            return Ok(status);
        }
        // It may end between the two calls; `wait` reaps it either way.
        let _ = self.0.kill();
        self.0.wait()
    }
}

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.stop();
    }
}

/// Why no answer came, other than the deadline passing.
#[derive(Debug)]
pub enum Silence {
    /// The child's output could not be read.
    Read(io::Error),
    /// The child ended (crashed, or exited) without answering.
    Ended(ExitStatus),
}

impl fmt::Display for Silence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Silence::Read(error) => write!(f, "cannot read its answer: {error}"),
            Silence::Ended(status) => write!(f, "it ended ({status}) without answering"),
        }
    }
}

impl std::error::Error for Silence {}

/// A running child and the answers it writes, prefixed `prefix`.
#[derive(Debug)]
pub struct Conversation {
    child: Reaped,
    answers: Receiver<io::Result<String>>,
    prefix: &'static str,
}

impl Conversation {
    /// Starts `command` with its standard output piped to the conversation and its standard
    /// error inherited (so its own complaints reach the user). Its standard input is whatever
    /// `command` says; [`Conversation::stdin`] gives it when it is piped.
    ///
    /// # Errors
    /// What spawning the command reports.
    pub fn start(command: &mut Command, prefix: &'static str) -> io::Result<Conversation> {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, answers) = mpsc::channel();
        // Never joined: it ends when the pipe closes, which a grandchild that inherited it may
        // delay past the child's death; waiting for that would be a hang of its own.
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let failed = line.is_err();
                if sender.send(line).is_err() || failed {
                    break;
                }
            }
        });
        Ok(Conversation {
            child: Reaped(child),
            answers,
            prefix,
        })
    }

    /// The child's standard input, if the command piped it.
    pub fn stdin(&mut self) -> Option<&mut ChildStdin> {
        self.child.0.stdin.as_mut()
    }

    /// The next answer without its prefix, or `None` once `deadline` has passed.
    ///
    /// # Errors
    /// [`Silence`] when the child's output cannot be read or it ends without answering; it is
    /// reaped then.
    pub fn next_answer(&mut self, deadline: Instant) -> Result<Option<String>, Silence> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.answers.recv_timeout(wait) {
                Ok(Ok(line)) => {
                    if let Some(answer) = line.strip_prefix(self.prefix) {
                        return Ok(Some(answer.to_owned()));
                    }
                }
                Ok(Err(error)) => return Err(Silence::Read(error)),
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(match self.child.stop() {
                        Ok(status) => Silence::Ended(status),
                        Err(error) => Silence::Read(error),
                    });
                }
            }
        }
    }
}

/// The child side of a conversation whose request is in the arguments: when `env` is set in the
/// environment, runs `serve` on the arguments with standard output to answer on, and returns
/// the exit code `main` should return; `None` when `env` is not set, and `main` goes on as usual.
/// A failure of `serve` is answered as `{prefix}error MESSAGE`, on one line.
pub fn serve_if_asked(
    env: &str,
    prefix: &str,
    serve: impl FnOnce(&[OsString], &mut StdoutLock<'static>) -> Result<(), String>,
) -> Option<ExitCode> {
    std::env::var_os(env)?;
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut out = io::stdout().lock();
    let code = match serve(&args, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // If even this cannot be written, the parent hears no answer and says so.
            let _ = writeln!(out, "{prefix}error {}", message.replace('\n', " "));
            ExitCode::FAILURE
        }
    };
    let _ = out.flush();
    Some(code)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::time::Duration;

    fn shell(script: &str) -> Command {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        command
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(10)
    }

    #[test]
    fn answers_come_without_their_prefix_and_other_lines_are_skipped() {
        let script = "echo noise; echo 'p: one'; echo 'p: two'";
        let mut child = Conversation::start(&mut shell(script), "p: ").unwrap();
        assert_eq!(child.next_answer(soon()).unwrap().as_deref(), Some("one"));
        assert_eq!(child.next_answer(soon()).unwrap().as_deref(), Some("two"));
    }

    #[test]
    fn a_quiet_child_is_a_timeout_not_a_hang() {
        let mut child = Conversation::start(&mut shell("exec sleep 30"), "p: ").unwrap();
        let deadline = Instant::now() + Duration::from_millis(50);
        assert!(child.next_answer(deadline).unwrap().is_none());
        // Dropping it kills the sleep: the test does not wait 30 s.
    }

    #[test]
    fn a_child_that_ends_without_answering_says_how_it_ended() {
        let mut child = Conversation::start(&mut shell("exit 3"), "p: ").unwrap();
        let silence = child.next_answer(soon()).unwrap_err();
        assert!(
            matches!(&silence, Silence::Ended(status) if status.code() == Some(3)),
            "{silence}"
        );
        assert_eq!(
            silence.to_string(),
            "it ended (exit status: 3) without answering"
        );
    }

    #[test]
    fn stdin_reaches_the_child_when_piped() {
        let mut command = shell("read line; echo \"p: got $line\"");
        command.stdin(Stdio::piped());
        let mut child = Conversation::start(&mut command, "p: ").unwrap();
        writeln!(child.stdin().unwrap(), "hello").unwrap();
        assert_eq!(
            child.next_answer(soon()).unwrap().as_deref(),
            Some("got hello")
        );
    }
}
