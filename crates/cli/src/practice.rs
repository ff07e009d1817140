//! `practice`: sets up `practice/` at the workspace root, a crate of the learner's own holding
//! only the blank LeetCode stub and the shared suite, and says how to run it.
//!
//! The crate is untracked on purpose: its `.gitignore` ignores the whole directory, and its own
//! empty `[workspace]` table keeps it out of the workspace, so a half-written solution never
//! breaks `cargo test --workspace`. It reaches the suite through a path dev-dependency on
//! `crates/fixtures`, and starts from a copy of the workspace's `Cargo.lock`. An existing `practice/` is never overwritten: it holds the learner's work.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::new::{NewError, find_workspace_root};

/// Options of `practice`.
#[derive(Debug, Args)]
pub struct PracticeArgs {
    /// The workspace root to set up in, instead of the one found from the current directory
    /// (for tests).
    #[arg(long, value_name = "PATH", hide = true)]
    root: Option<PathBuf>,
}

/// Why `practice` refused or failed; each names the directory or file at fault.
#[derive(Debug)]
enum PracticeError {
    /// The workspace root cannot be found.
    Root(NewError),
    /// `practice/` exists already.
    Exists { dir: PathBuf },
    /// Writing a file failed.
    Io { file: PathBuf, error: io::Error },
}

impl fmt::Display for PracticeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PracticeError::Root(NewError::NoWorkspace { start }) => write!(
                f,
                "no Cargo.toml with [workspace] in {} or any directory above it; run `practice` \
                 inside the sudoku-kata workspace",
                start.display()
            ),
            PracticeError::Root(error) => fmt::Display::fmt(error, f),
            PracticeError::Exists { dir } => write!(
                f,
                "{} already exists and may hold your work, so it is left as it is; run its \
                 tests with `cd {} && cargo test`, or remove it to start over",
                dir.display(),
                dir.display()
            ),
            PracticeError::Io { file, error } => write!(f, "{}: {error}", file.display()),
        }
    }
}

/// Runs `practice`: writes the crate, then says how to run it.
pub fn run(args: &PracticeArgs) -> ExitCode {
    let result = match &args.root {
        Some(root) => Ok(root.clone()),
        None => find_workspace_root().map_err(PracticeError::Root),
    }
    .and_then(|root| set_up(&root));
    match result {
        Ok(dir) => {
            println!("created {}", dir.display());
            println!();
            println!(
                "Write your solution in practice/src/lib.rs, inside the LeetCode region, then:"
            );
            println!(
                "  cd practice && cargo test    # the first build compiles the harness: about a minute"
            );
            println!(
                "The tests run the tiers easiest first (tier_1_leetcode ... tier_5_edge), so you see"
            );
            println!("the tier your solution stops at, with the puzzle and what went wrong.");
            println!(
                "A puzzle not solved within {} s fails its tier as over budget; \
                 `SUDOKU_KATA_BUDGET=10 cargo test` tightens the budget to 10 s.",
                sudoku_harness::DEFAULT_BUDGET.as_secs()
            );
            println!(
                "Stuck? From the workspace root: cargo run -- hint <approach> (e.g. bool-tables)"
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Writes `practice/` under `root`, refusing if it exists; returns its path.
fn set_up(root: &Path) -> Result<PathBuf, PracticeError> {
    let dir = root.join("practice");
    if dir.exists() {
        return Err(PracticeError::Exists { dir });
    }
    let files = [
        ("Cargo.toml", CARGO_TOML),
        (".gitignore", GITIGNORE),
        ("src/lib.rs", LIB_RS),
        ("tests/shared_suite.rs", SHARED_SUITE_RS),
    ];
    for (relative, text) in files {
        let file = dir.join(relative);
        let parent = file.parent().expect("every file is inside practice/");
        fs::create_dir_all(parent).map_err(|error| PracticeError::Io {
            file: parent.to_path_buf(),
            error,
        })?;
        fs::write(&file, text).map_err(|error| PracticeError::Io { file, error })?;
    }
    // The workspace's lock file pins the harness's dependencies to the versions the workspace
    // is tested with, and lets the first build work offline; cargo prunes what it does not use.
    let lock = root.join("Cargo.lock");
    if lock.is_file() {
        let to = dir.join("Cargo.lock");
        fs::copy(&lock, &to).map_err(|error| PracticeError::Io { file: to, error })?;
    }
    Ok(dir)
}

const CARGO_TOML: &str = include_str!("../templates/practice/Cargo.toml");

/// Ignores the whole directory, without an edit to the root `.gitignore`.
const GITIGNORE: &str = "*\n";

const LIB_RS: &str = include_str!("../templates/practice/lib.rs");

const SHARED_SUITE_RS: &str = include_str!("../templates/practice/shared_suite.rs");
