//! `new`: scaffolds an approach crate under `crates/approaches/<name>/` and registers it, so that
//! `cargo test -p <name>` and `compare --approach <name>` work at once (and fail on the
//! template's `todo!()` until the search is written).
//!
//! The crate is the layout every approach shares (README, "What every approach crate looks
//! like"): a LeetCode region whose search is `todo!()`, the delegating `solve_sudoku` and
//! `solve_counting_calls`, a crate doc with the headings the other rungs use, and a one-line test
//! running the shared suite. Registering means three textual edits, each at an anchor line:
//! a dependency of `crates/fixtures`, a line at the end of `APPROACHES`, and a
//! `[profile.dev.package.<name>]` section in the root `Cargo.toml`. Every name check and every
//! anchor is checked before anything is written, so a refused run leaves the tree as it was.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

/// Options of `new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The package name of the new approach: lowercase ASCII letters, digits and '-', starting
    /// with a letter (e.g. `bitmask-mrv`).
    name: String,
    /// The workspace root to scaffold in, instead of the one found from the current directory
    /// (for tests).
    #[arg(long, value_name = "PATH", hide = true)]
    root: Option<PathBuf>,
}

/// Why `new` refused or failed; each names the name or the file at fault.
#[derive(Debug)]
pub(crate) enum NewError {
    /// The name is not a package name this workspace accepts.
    InvalidName { name: String, why: String },
    /// No directory from the current one up holds a `Cargo.toml` with `[workspace]`.
    NoWorkspace { start: PathBuf },
    /// The crate directory exists already.
    Exists { dir: PathBuf },
    /// Another crate of the workspace has this package name.
    PackageExists { name: String, manifest: PathBuf },
    /// A file the name would be added to mentions it already.
    AlreadyIn { name: String, file: PathBuf },
    /// A file to edit lacks the line the edit is anchored to.
    MissingAnchor { file: PathBuf, anchor: &'static str },
    /// Reading or writing a file failed.
    Io { file: PathBuf, error: io::Error },
}

impl fmt::Display for NewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewError::InvalidName { name, why } => {
                write!(f, "{name:?} is not a valid approach name: {why}")
            }
            NewError::NoWorkspace { start } => write!(
                f,
                "no Cargo.toml with [workspace] in {} or any directory above it; run `new` \
                 inside the sudoku-kata workspace",
                start.display()
            ),
            NewError::Exists { dir } => write!(
                f,
                "{} already exists; pick another name or remove it first",
                dir.display()
            ),
            NewError::PackageExists { name, manifest } => write!(
                f,
                "{} already names its package {name:?}; pick another name",
                manifest.display()
            ),
            NewError::AlreadyIn { name, file } => write!(
                f,
                "{} already mentions {name:?}; pick another name or remove it there first",
                file.display()
            ),
            NewError::MissingAnchor { file, anchor } => write!(
                f,
                "{}: cannot find {anchor}, where the new approach is registered; register it by \
                 hand (README, \"Adding an approach\")",
                file.display()
            ),
            NewError::Io { file, error } => write!(f, "{}: {error}", file.display()),
        }
    }
}

/// Runs `new`: scaffolds and registers, then says what it did and what to run next.
pub fn run(args: &NewArgs) -> ExitCode {
    let result = match &args.root {
        Some(root) => Ok(root.clone()),
        None => find_workspace_root(),
    }
    .and_then(|root| scaffold(&root, &args.name));
    match result {
        Ok(done) => {
            for line in done {
                println!("{line}");
            }
            println!();
            println!("Next:");
            println!(
                "  cargo test -p {}    # the shared suite; fails on todo!() until the search is written",
                args.name
            );
            println!("  cargo run --release -- compare --approach {}", args.name);
            println!("The next cargo command adds it to Cargo.lock: commit that with the crate.");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the nearest directory from the current one up whose `Cargo.toml` has a
/// `[workspace]` table, else the tree this binary was built from.
pub(crate) fn find_workspace_root() -> Result<PathBuf, NewError> {
    let start = std::env::current_dir().map_err(|error| NewError::Io {
        file: PathBuf::from("."),
        error,
    })?;
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let found = start
        .ancestors()
        .chain([built_from.as_path()])
        .find(|dir| is_workspace_root(dir))
        .map(Path::to_path_buf);
    found.ok_or(NewError::NoWorkspace { start })
}

fn is_workspace_root(dir: &Path) -> bool {
    fs::read_to_string(dir.join("Cargo.toml"))
        .is_ok_and(|text| text.lines().any(|line| line.trim() == "[workspace]"))
}

/// Keywords (strict and reserved, in every edition) and the sysroot crates: a crate named so
/// cannot be used as `<name>::solve_sudoku` in the registry.
const RESERVED_IDENTS: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "alloc",
    "core",
    "proc_macro",
    "std",
    "test",
];

/// The crate identifier of a valid name, or why the name is refused.
fn crate_ident(name: &str) -> Result<String, NewError> {
    let invalid = |why: &str| NewError::InvalidName {
        name: name.to_owned(),
        why: why.to_owned(),
    };
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        return Err(invalid("it must start with a lowercase ASCII letter"));
    }
    if let Some(bad) = name
        .chars()
        .find(|&c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
    {
        return Err(invalid(&format!(
            "{bad:?} is not allowed; use lowercase ASCII letters, digits and '-'"
        )));
    }
    let ident = name.replace('-', "_");
    if RESERVED_IDENTS.contains(&ident.as_str()) {
        return Err(invalid(&format!(
            "its crate name `{ident}` is a Rust keyword or a standard crate"
        )));
    }
    Ok(ident)
}

/// The manifest under `crates/*/` whose package is called `name` (e.g. `sudoku-kata` in
/// `crates/cli`): two packages of one workspace cannot share a name.
fn package_named(root: &Path, name: &str) -> Option<PathBuf> {
    let line = format!("name = {name:?}");
    fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .filter_map(|entry| Some(entry.ok()?.path().join("Cargo.toml")))
        .find(|manifest| {
            fs::read_to_string(manifest).is_ok_and(|text| text.lines().any(|l| l.trim() == line))
        })
}

/// A file of the workspace with its new text.
struct Edit {
    file: PathBuf,
    text: String,
    what: String,
}

/// Checks everything, then writes the crate and the registrations. Returns one line per change.
fn scaffold(root: &Path, name: &str) -> Result<Vec<String>, NewError> {
    let ident = crate_ident(name)?;
    let dir = root.join("crates/approaches").join(name);
    if dir.exists() {
        return Err(NewError::Exists { dir });
    }
    if let Some(manifest) = package_named(root, name) {
        return Err(NewError::PackageExists {
            name: name.to_owned(),
            manifest,
        });
    }

    let edits = [
        edit(root, "Cargo.toml", |text| {
            add_profile(text, name).map(|text| (text, format!("[profile.dev.package.{name}]")))
        })?,
        edit(root, "crates/fixtures/Cargo.toml", |text| {
            add_dependency(text, name).map(|text| (text, "its dependency".to_owned()))
        })?,
        edit(root, "crates/fixtures/src/registry.rs", |text| {
            add_to_registry(text, name, &ident)
                .map(|text| (text, "its line at the end of APPROACHES".to_owned()))
        })?,
    ];

    let files = [
        ("Cargo.toml", cargo_toml(name)),
        ("src/lib.rs", lib_rs(name, &ident)),
        ("tests/shared_suite.rs", shared_suite_rs(&ident)),
    ];
    let mut done = Vec::new();
    for (relative, text) in files {
        let file = dir.join(relative);
        if let Some(parent) = file.parent() {
            fs::create_dir_all(parent).map_err(|error| NewError::Io {
                file: parent.to_path_buf(),
                error,
            })?;
        }
        write(&file, &text)?;
        done.push(format!("created {}", display(root, &file)));
    }
    for Edit { file, text, what } in edits {
        write(&file, &text)?;
        done.push(format!("added {what} to {}", display(root, &file)));
    }
    Ok(done)
}

/// Reads `relative` under `root` and computes its edited text, and a description of the edit,
/// with `change`.
fn edit(
    root: &Path,
    relative: &str,
    change: impl FnOnce(&str) -> Result<(String, String), EditProblem>,
) -> Result<Edit, NewError> {
    let file = root.join(relative);
    let text = fs::read_to_string(&file).map_err(|error| NewError::Io {
        file: file.clone(),
        error,
    })?;
    match change(&text) {
        Ok((text, what)) => Ok(Edit { file, text, what }),
        Err(EditProblem::MissingAnchor(anchor)) => Err(NewError::MissingAnchor { file, anchor }),
        Err(EditProblem::AlreadyIn(name)) => Err(NewError::AlreadyIn { name, file }),
    }
}

/// Why a textual edit cannot be made.
#[derive(Debug, PartialEq)]
enum EditProblem {
    /// The line (described) the edit goes next to is not there.
    MissingAnchor(&'static str),
    /// The name is in the file already.
    AlreadyIn(String),
}

/// Whether a line of the TOML `text` has the key `name` (`name = ...` or `name.x = ...`): then
/// the name is taken, by a dependency, a workspace dependency or a profile.
fn has_key(text: &str, name: &str) -> bool {
    text.lines().any(|line| {
        let key = line.split(['=', '.']).next().unwrap_or_default().trim();
        key == name || key == format!("\"{name}\"")
    })
}

/// The lines of `text`, each with its line ending, so that joining them gives `text` back.
fn lines_with_endings(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// Inserts `new_lines` before line `at` of `text`.
fn insert_at(text: &str, at: usize, new_lines: &str) -> String {
    let lines = lines_with_endings(text);
    let mut out = String::with_capacity(text.len() + new_lines.len() + 1);
    for line in &lines[..at] {
        out.push_str(line);
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(new_lines);
    for line in &lines[at..] {
        out.push_str(line);
    }
    out
}

const PROFILE_ANCHOR: &str = "a `[profile.dev.package.<approach>]` section";

/// Adds `[profile.dev.package.<name>]` with `opt-level = 3` right after the last such section.
fn add_profile(text: &str, name: &str) -> Result<String, EditProblem> {
    let header = format!("[profile.dev.package.{name}]");
    // A key of that name (`[workspace.dependencies]`) is a package or crate the workspace has.
    if text.lines().any(|line| line.trim() == header) || has_key(text, name) {
        return Err(EditProblem::AlreadyIn(name.to_owned()));
    }
    let lines = lines_with_endings(text);
    let last = lines
        .iter()
        .rposition(|line| line.trim_start().starts_with("[profile.dev.package."))
        .ok_or(EditProblem::MissingAnchor(PROFILE_ANCHOR))?;
    // The section runs to the next blank line or table header.
    let end = lines[last + 1..]
        .iter()
        .position(|line| line.trim().is_empty() || line.trim_start().starts_with('['))
        .map_or(lines.len(), |offset| last + 1 + offset);
    Ok(insert_at(text, end, &format!("{header}\nopt-level = 3\n")))
}

const DEPENDENCY_ANCHOR: &str = "the line `# The registry: every approach on the ladder, in ladder order.` \
     followed by the approach dependencies";

/// Adds `<name> = { path = "../approaches/<name>" }` after the last approach dependency of the
/// registry block, which starts at its comment line.
fn add_dependency(text: &str, name: &str) -> Result<String, EditProblem> {
    if has_key(text, name) {
        return Err(EditProblem::AlreadyIn(name.to_owned()));
    }
    let lines = lines_with_endings(text);
    let comment = lines
        .iter()
        .position(|line| line.trim().starts_with("# The registry: every approach"))
        .ok_or(EditProblem::MissingAnchor(DEPENDENCY_ANCHOR))?;
    let block = lines[comment + 1..]
        .iter()
        .take_while(|line| line.contains("path = \"../approaches/"))
        .count();
    if block == 0 {
        return Err(EditProblem::MissingAnchor(DEPENDENCY_ANCHOR));
    }
    Ok(insert_at(
        text,
        comment + 1 + block,
        &format!("{name} = {{ path = \"../approaches/{name}\" }}\n"),
    ))
}

const REGISTRY_ANCHOR: &str = "`pub const APPROACHES: &[Approach] = &[` and its closing `];`";

/// Adds `approach!("<name>" => <ident>),` as the last line of `APPROACHES`.
fn add_to_registry(text: &str, name: &str, ident: &str) -> Result<String, EditProblem> {
    if text.contains(&format!("approach!({name:?} =>")) {
        return Err(EditProblem::AlreadyIn(name.to_owned()));
    }
    let lines = lines_with_endings(text);
    let start = lines
        .iter()
        .position(|line| line.trim() == "pub const APPROACHES: &[Approach] = &[")
        .ok_or(EditProblem::MissingAnchor(REGISTRY_ANCHOR))?;
    let close = lines[start + 1..]
        .iter()
        .position(|line| line.trim() == "];")
        .ok_or(EditProblem::MissingAnchor(REGISTRY_ANCHOR))?;
    Ok(insert_at(
        text,
        start + 1 + close,
        &format!("    approach!({name:?} => {ident}),\n"),
    ))
}

fn write(file: &Path, text: &str) -> Result<(), NewError> {
    fs::write(file, text).map_err(|error| NewError::Io {
        file: file.to_path_buf(),
        error,
    })
}

/// `file` relative to `root` when it is inside it, for short messages.
fn display(root: &Path, file: &Path) -> String {
    file.strip_prefix(root)
        .unwrap_or(file)
        .display()
        .to_string()
}

fn cargo_toml(name: &str) -> String {
    format!(
        r#"[package]
name = "{name}"
description = "Sudoku by TODO: the idea of {name} in one sentence."
version.workspace = true
edition.workspace = true
rust-version.workspace = true
license.workspace = true
publish.workspace = true

[lints]
workspace = true

[dev-dependencies]
sudoku-fixtures.workspace = true
"#
    )
}

fn shared_suite_rs(ident: &str) -> String {
    format!(
        "//! The workspace's shared fixture suite, run against this approach: one test per tier.\n\
         \n\
         sudoku_fixtures::shared_suite!({ident}::solve_sudoku);\n"
    )
}

fn lib_rs(name: &str, ident: &str) -> String {
    LIB_TEMPLATE
        .replace("{name}", name)
        .replace("{ident}", ident)
}

/// The new crate's `src/lib.rs`; `{name}` and `{ident}` are replaced.
const LIB_TEMPLATE: &str = r#"//! # {name}: TODO, the idea in a few words
//!
//! **The idea.** TODO: what this approach does that its neighbour rung does
//! not, and why that should pay.
//!
//! **How it works.** TODO: the state the search keeps besides the board, and
//! one step of the search.
//!
//! **Cost.** TODO: the nodes visited in the worst case, the work per node,
//! and the memory.
//!
//! **Pitfalls.**
//! - TODO: what is easy to get wrong, such as a guess that is not fully
//!   undone when the search backtracks.
//!
//! **Place on the ladder.** TODO: the rung this one builds on, and the one
//! idea it changes.
//!
//! # Hints
//!
//! Progressive hints for writing this approach from scratch; `cargo run -- hint {name} N`
//! shows them one at a time.
//!
//! 1. TODO: a nudge, such as the question the approach answers; no spoilers.
//! 2. TODO: the state or the technique to use.
//! 3. TODO: nearly the answer: the steps of the search and its sharp edges.
//!
//! # Example
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! {ident}::solve_sudoku(&mut board);
//!
//! assert_eq!(board[0].iter().collect::<String>(), "534678912");
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```

/// LeetCode's entry point for problem 37 (the judge declares it: keep it out of the region).
pub struct Solution;

// ---- LeetCode submission: begin ----
impl Solution {
    /// Solves `board` in place; blanks are `'.'`.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::solve_counting_calls(board);
    }

    /// Solves `board` in place and returns how many times `search` was
    /// entered (0 when the givens already clash, as the search never starts).
    // Takes LeetCode's `&mut Vec<Vec<char>>`, like `solve_sudoku`.
    #[allow(clippy::ptr_arg)]
    fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
        let mut calls = 0;
        search(board, &mut calls);
        calls
    }
}

/// Fills the blanks of `board`; returns `false`, with the board exactly as
/// given, when they cannot all be filled. Every entry counts one call: that
/// count is what `compare` and the search-call snapshot report.
fn search(board: &mut [Vec<char>], calls: &mut u64) -> bool {
    *calls += 1;
    todo!("the search: fill the {} rows of the board", board.len())
}
// ---- LeetCode submission: end ----

/// Solves `board` in place (LeetCode's contract: exactly one solution exists).
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    Solution::solve_sudoku(board)
}

/// Solves `board` in place like [`solve_sudoku`] and returns how many times the recursive search was entered.
pub fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
    Solution::solve_counting_calls(board)
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_names_give_their_crate_ident() {
        assert_eq!(crate_ident("bitmask-mrv").unwrap(), "bitmask_mrv");
        assert_eq!(crate_ident("x2").unwrap(), "x2");
    }

    #[test]
    fn invalid_names_are_refused_with_the_reason() {
        for (name, why) in [
            ("", "it must start with a lowercase ASCII letter"),
            ("2fast", "it must start with a lowercase ASCII letter"),
            ("-x", "it must start with a lowercase ASCII letter"),
            ("Mrv", "it must start with a lowercase ASCII letter"),
            (
                "my_rung",
                "'_' is not allowed; use lowercase ASCII letters, digits and '-'",
            ),
            (
                "mrV",
                "'V' is not allowed; use lowercase ASCII letters, digits and '-'",
            ),
            (
                "a/b",
                "'/' is not allowed; use lowercase ASCII letters, digits and '-'",
            ),
            (
                "fn",
                "its crate name `fn` is a Rust keyword or a standard crate",
            ),
            (
                "self",
                "its crate name `self` is a Rust keyword or a standard crate",
            ),
            (
                "std",
                "its crate name `std` is a Rust keyword or a standard crate",
            ),
        ] {
            let error = crate_ident(name).expect_err(name).to_string();
            assert_eq!(
                error,
                format!("{name:?} is not a valid approach name: {why}")
            );
        }
    }

    #[test]
    fn profile_goes_after_the_last_profile_section() {
        let text = "[workspace]\n\n[profile.dev.package.a]\nopt-level = 3\n\n[profile.dev.package.b]\nopt-level = 3\n";
        assert_eq!(
            add_profile(text, "c").unwrap(),
            format!("{text}[profile.dev.package.c]\nopt-level = 3\n")
        );
        let followed = "[profile.dev.package.a]\nopt-level = 3\n\n[lints]\n";
        assert_eq!(
            add_profile(followed, "c").unwrap(),
            "[profile.dev.package.a]\nopt-level = 3\n[profile.dev.package.c]\nopt-level = 3\n\n[lints]\n"
        );
        assert_eq!(
            add_profile("[workspace]\n", "c"),
            Err(EditProblem::MissingAnchor(PROFILE_ANCHOR))
        );
        assert_eq!(
            add_profile(text, "a"),
            Err(EditProblem::AlreadyIn("a".to_owned()))
        );
    }

    #[test]
    fn dependency_goes_after_the_registry_block() {
        let text = "[dependencies]\nrayon = \"1\"\n# The registry: every approach on the ladder, in ladder order.\na = { path = \"../approaches/a\" }\n\n[dev-dependencies]\n";
        assert_eq!(
            add_dependency(text, "b").unwrap(),
            "[dependencies]\nrayon = \"1\"\n# The registry: every approach on the ladder, in ladder order.\na = { path = \"../approaches/a\" }\nb = { path = \"../approaches/b\" }\n\n[dev-dependencies]\n"
        );
        assert_eq!(
            add_dependency(text, "rayon"),
            Err(EditProblem::AlreadyIn("rayon".to_owned()))
        );
        assert_eq!(
            add_dependency("[dependencies]\n", "b"),
            Err(EditProblem::MissingAnchor(DEPENDENCY_ANCHOR))
        );
    }

    #[test]
    fn registry_line_goes_last_in_approaches() {
        let text = "pub const APPROACHES: &[Approach] = &[\n    approach!(\"a\" => a),\n];\n";
        assert_eq!(
            add_to_registry(text, "b-c", "b_c").unwrap(),
            "pub const APPROACHES: &[Approach] = &[\n    approach!(\"a\" => a),\n    approach!(\"b-c\" => b_c),\n];\n"
        );
        assert_eq!(
            add_to_registry(text, "a", "a"),
            Err(EditProblem::AlreadyIn("a".to_owned()))
        );
        assert_eq!(
            add_to_registry("pub const APPROACHES: &[Approach] = &[\n", "b", "b"),
            Err(EditProblem::MissingAnchor(REGISTRY_ANCHOR))
        );
    }
}
