//! `practice`: sets up `practice/` at the workspace root, a crate of the learner's own holding
//! the blank LeetCode stub and the shared suite; `--check` ([`check`]) runs the suite on it and
//! places it on the ladder, and `--watch` ([`watch`]) does so again at every change.
//!
//! The crate is untracked on purpose: its `.gitignore` ignores the whole directory, and its own
//! empty `[workspace]` table keeps it out of the workspace, so a half-written solution never
//! breaks `cargo test --workspace`. It reaches the harness through a path dependency on
//! `crates/harness`, and starts from a copy of the workspace's `Cargo.lock`.
//!
//! Nothing the learner wrote is overwritten: running `practice` again only adds the files that
//! are missing, records the rung to compare with in `Cargo.toml`'s metadata, and replaces
//! `src/lib.rs` only while it is still one of the stubs `practice` writes (and then the record
//! follows the stub: without `--approach`, no rung).

mod check;
mod kept;
mod watch;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use sudoku_fixtures::{APPROACHES, Approach, approach};
use toml_edit::DocumentMut;

use crate::names::approach_names;
use crate::new::{read, root, write};

/// Options of `practice`.
#[derive(Debug, Args)]
pub struct PracticeArgs {
    /// Practise this rung: the stub states its idea and where its hints are, and --check compares
    /// your solution with it.
    #[arg(long, value_name = "NAME", value_parser = approach_names())]
    approach: Option<String>,
    /// Build practice/, run the shared suite on it tier by tier and, if it passes, measure it
    /// beside every rung and say where it lands on the ladder. Exit status 1 if it fails.
    #[arg(long, conflicts_with = "approach")]
    check: bool,
    /// Check, then check again each time a file in practice/src changes, until Ctrl-C (with or
    /// without --check).
    #[arg(long, conflicts_with = "approach")]
    watch: bool,
    /// The workspace root to set up in, instead of the one found from the current directory
    /// (for tests).
    #[arg(long, value_name = "PATH", hide = true)]
    root: Option<PathBuf>,
}

/// Runs `practice`: sets up, checks or watches.
pub fn run(args: &PracticeArgs) -> crate::Fallible<ExitCode> {
    let root = root(args.root.as_ref(), "practice")?;
    let dir = root.join("practice");
    let passed = if args.watch {
        watch::run(&dir)?
    } else if args.check {
        check::run(&dir)?
    } else {
        set_up(&dir, args.approach.as_deref().and_then(approach))?;
        true
    };
    Ok(ExitCode::from(u8::from(!passed)))
}

/// Writes what `dir` lacks, records `rung` as the one to compare with, and says what to do next.
fn set_up(dir: &Path, rung: Option<&Approach>) -> crate::Fallible {
    let existed = dir.exists();
    // The workspace's lock file pins the harness's dependencies to the versions the workspace is
    // tested with; cargo prunes what it does not use.
    let lock = dir
        .parent()
        .and_then(|root| fs::read_to_string(root.join("Cargo.lock")).ok());
    let files = [
        ("Cargo.toml", CARGO_TOML),
        (".gitignore", "*\n"),
        ("worker.rs", include_str!("../templates/practice/worker.rs")),
        ("tests/shared_suite.rs", SHARED_SUITE_RS),
    ];
    let lock = lock.as_deref().map(|lock| ("Cargo.lock", lock));
    for (relative, text) in files.into_iter().chain(lock) {
        let file = dir.join(relative);
        if !file.exists() {
            write(&file, text)?;
        }
    }
    // Read first, so that a manifest `practice` cannot edit stops it before the stub changes.
    let manifest = dir.join("Cargo.toml");
    let (mut toml, _) = read_manifest(&manifest)?;
    // `src/lib.rs` is the learner's once it is no longer a stub: kept as it is.
    let lib = dir.join("src/lib.rs");
    let stubs: Vec<String> = std::iter::once(None)
        .chain(APPROACHES.iter().map(Some))
        .map(stub)
        .collect();
    let kept = lib.exists() && !stubs.contains(&read(&lib)?);
    if !kept {
        write(&lib, &stub(rung))?;
    }
    // The rung to compare with: the one named, or none when the stub is the blank one again.
    if rung.is_some() || !kept {
        let name = rung.map_or("", |rung| rung.name);
        toml["package"]["metadata"]["sudoku-kata"]["approach"] = toml_edit::value(name);
        write(&manifest, &toml.to_string())?;
    }

    let done = if existed { "updated" } else { "created" };
    outln!("{done} {}", dir.display());
    if kept {
        outln!(
            "practice/src/lib.rs holds your work, so it is kept as it is; to start over from the \
             stub, delete it and run `practice` again"
        );
    }
    let name = rung.map_or("<approach>", |rung| rung.name);
    outln!(
        "\nWrite your solution in practice/src/lib.rs, inside the LeetCode region, then:\n  \
         cargo run --release -- practice --check   # the first build of practice/ takes about a minute\n\
         It runs the tiers easiest first and stops at the first puzzle your solution gets wrong, \
         saying what went wrong;\n\
         a passing solution is measured beside every rung. --watch checks again at every save.\n\
         A puzzle not solved within {} s fails as over budget (SUDOKU_KATA_BUDGET sets the \
         seconds).\n\
         Stuck? cargo run -- hint {name}",
        sudoku_harness::DEFAULT_BUDGET.as_secs()
    );
    Ok(())
}

/// The manifest `file`, parsed with its comments and layout kept.
/// The manifest at `file`, and the rung `practice --approach` recorded in it
/// (`[package.metadata.sudoku-kata]`, `approach`), if any.
///
/// # Errors
/// A file that cannot be read or is no TOML, or where a key on the way holds something else
/// than a table (and `approach` something else than a string): named with the key.
fn read_manifest(file: &Path) -> crate::Fallible<(DocumentMut, Option<String>)> {
    let toml: DocumentMut =
        (read(file)?.parse()).map_err(|error| format!("{}: {error}", file.display()))?;
    let not = |key: &str, what: &str| format!("{}: `{key}` is not {what}", file.display());
    let mut item = toml.as_item();
    for key in [
        "package",
        "package.metadata",
        "package.metadata.sudoku-kata",
    ] {
        match item.get(key.rsplit('.').next().unwrap_or(key)) {
            None => return Ok((toml, None)),
            Some(next) if next.is_table_like() => item = next,
            Some(_) => return Err(not(key, "a table").into()),
        }
    }
    let approach = item.get("approach").map(|approach| {
        let approach = approach.as_str().map(str::to_owned);
        approach.ok_or_else(|| not("package.metadata.sudoku-kata.approach", "a string"))
    });
    Ok((toml, approach.transpose()?))
}

/// The error for `--check` or `--watch` with no `practice/` (at `dir`) to check.
fn missing(dir: &Path) -> Box<dyn std::error::Error> {
    let dir = dir.display();
    format!("there is no {dir} to check yet: run `cargo run -- practice` first").into()
}

/// The stub `src/lib.rs`, stating `rung`'s idea and where its hints are when there is one.
fn stub(rung: Option<&Approach>) -> String {
    let about = rung.map_or_else(String::new, |rung| {
        format!(
            "//!\n//! You are practising `{name}`. Its idea, one more than the rung below:\n\
             //! {idea}\n//! Its hints, one at a time: `cargo run -- hint {name}`, then \
             `cargo run -- hint {name} 2`\n//! and so on.\n",
            name = rung.name,
            idea = rung.idea,
        )
    });
    LIB_RS.replace("{rung}\n", &about)
}

const CARGO_TOML: &str = include_str!("../templates/practice/Cargo.toml");

/// The stub `src/lib.rs`, where `{rung}` is replaced.
const LIB_RS: &str = include_str!("../templates/practice/lib.rs");

const SHARED_SUITE_RS: &str = include_str!("../templates/practice/shared_suite.rs");
