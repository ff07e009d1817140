//! The docs held to the code: every console example in the README and `docs/` runs as shown,
//! every `cargo run -- ...` command they show is one the command line accepts, measured times
//! live in `docs/results.md` alone, and the pages describe the code, not the history of the
//! work.

use std::fs;
use std::panic;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

use regex::Regex;

use crate::common;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README and every page under `docs/`, as (path from the root, text).
fn pages() -> Vec<(String, String)> {
    let root = root();
    let mut paths = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("docs/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a page is UTF-8");
            let name = path.strip_prefix(&root).expect("under the root");
            (name.display().to_string(), text)
        })
        .collect()
}

/// A shell command line of the docs, with `cargo run [--release] [--features F] --` standing
/// for this package's binary as the test builds it.
fn shell_line(command: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_sudoku-kata");
    let cargo_run = Regex::new(r"cargo run( --release)?( --features \S+)? --").expect("a regex");
    cargo_run.replace_all(command, bin).into_owned()
}

/// A copy of the files git tracks, where the examples of `page` run: one that scaffolds a rung
/// or sets up `practice/` changes the copy, not the repository. The copy is at the same path
/// every run, and each file keeps the time it was last written, so cargo finds the crates that
/// `practice/` depends on built by the last run ([`common::same_dir_every_run`]).
fn scratch_copy(page: &str) -> PathBuf {
    let root = root();
    let scratch = common::same_dir_every_run(&format!("docs/{}", page.replace('/', "-")));
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(&root)
        .output()
        .expect("git lists the tracked files");
    assert!(listed.status.success(), "git ls-files failed");
    for name in listed
        .stdout
        .split(|&byte| byte == 0)
        .filter(|n| !n.is_empty())
    {
        let name = String::from_utf8_lossy(name).into_owned();
        let (from, to) = (root.join(&name), scratch.join(&name));
        fs::create_dir_all(to.parent().expect("a file has a parent")).expect("mkdir");
        // A file deleted but not yet committed is listed and missing: nothing to copy.
        if let Ok(written) = fs::metadata(&from).and_then(|meta| meta.modified()) {
            fs::copy(&from, &to).expect("copy a tracked file");
            let copy = fs::File::options().write(true).open(&to).expect("the copy");
            copy.set_modified(written).expect("the copy's time");
        }
    }
    scratch
}

/// Every ```` ```console ```` block: each `$ ` line runs in `sh`, from the root of a copy of the
/// repository, blocks in order, with standard error after standard output, and must print what
/// the block shows below it. `[..]` in the block stands for any text on its line, and a line
/// `...` for any lines.
///
/// Each page runs in a copy of its own, as a reader follows it from a fresh clone, and the pages
/// run side by side. The costliest is `practising.md`: its first passing check builds
/// `practice/` in release and measures every rung beside it, about 35 s on two cores (the one
/// such check of the tests; `practice`'s own tests measure within a budget of half a second).
#[test]
fn every_console_example_runs_as_shown() {
    let examples: usize = thread::scope(|scope| {
        let pages: Vec<_> = (pages().into_iter())
            .filter(|(_, text)| text.contains("```console"))
            .map(|(page, text)| scope.spawn(move || run_console_examples(&page, &text)))
            .collect();
        (pages.into_iter())
            .map(|page| {
                page.join()
                    .unwrap_or_else(|panic| panic::resume_unwind(panic))
            })
            .sum()
    });
    assert!(examples >= 3, "only {examples} console examples found");
}

/// Runs the console examples of `page`, whose text is `text`, in a copy of the repository: how
/// many there were.
fn run_console_examples(page: &str, text: &str) -> usize {
    let scratch = scratch_copy(page);
    let mut examples = 0;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```console" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let mut rest = &block[..];
        while let Some((command, after)) = rest.split_first() {
            let command = command
                .strip_prefix("$ ")
                .unwrap_or_else(|| panic!("{page}: a console block starts with `$ `"));
            let end = after.iter().position(|l| l.starts_with("$ "));
            let (shown, next) = after.split_at(end.unwrap_or(after.len()));
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("{} 2>&1", shell_line(command)))
                .current_dir(&scratch)
                .env_remove("SUDOKU_BENCH_DATA")
                .env_remove("SUDOKU_KATA_BUDGET")
                // Where `practice --check` builds practice/.
                .env("CARGO_TARGET_DIR", common::practice_target_dir(&scratch))
                .output()
                .expect("sh runs");
            let printed = String::from_utf8_lossy(&output.stdout);
            // A command that prints nothing shows nothing.
            let expected = shown
                .iter()
                .map(|line| format!("{line}\n"))
                .collect::<String>();
            // Shown above the difference when the output is not as shown.
            println!("{page}: $ {command}");
            snapbox::Assert::new()
                .action_env("SNAPSHOTS")
                .eq(printed.into_owned(), expected);
            examples += 1;
            rest = next;
        }
    }
    examples
}

/// A command with its output is a console example, which the test above runs: none hides in a
/// plain text block, where nothing would check it.
#[test]
fn every_prompt_is_in_a_console_block() {
    for (page, text) in pages() {
        let mut fence: Option<&str> = None;
        for (number, line) in text.lines().enumerate() {
            match (fence, line.trim_start().strip_prefix("```")) {
                (None, Some(info)) => fence = Some(info.trim()),
                (Some(_), Some(_)) => fence = None,
                (Some(info), None) if info != "console" && line.starts_with("$ ") => {
                    panic!(
                        "{page}:{}: a `$ ` prompt outside a console block",
                        number + 1
                    )
                }
                _ => {}
            }
        }
    }
}

/// Every `cargo run ... -- ARGS` the docs show, in a block or in running text, is accepted by the
/// command line as far as its syntax goes: `sudoku-kata ARGS --help` succeeds, which fails on an
/// unknown subcommand, flag or value. Placeholders such as `PATH` or `<name>` pass as values.
#[test]
fn every_command_the_docs_show_is_accepted() {
    let invocation = Regex::new(r"cargo run(?: --release)?(?: --features \S+)? -- ([^`#|&>\\\n]*)")
        .expect("a regex");
    let mut checked = 0;
    for (page, text) in pages() {
        let text = text.replace("\\\n", " ");
        for found in invocation.captures_iter(&text) {
            // A page about a rung of your own names it `my-rung`, `NAME` or `<name>`: any rung does.
            let args: Vec<&str> = found[1]
                .split_whitespace()
                .map(|arg| match arg {
                    "my-rung" | "NAME" => "scan-backtracking",
                    arg if arg.starts_with('<') => "scan-backtracking",
                    arg => arg,
                })
                .collect();
            if args.is_empty() {
                continue;
            }
            let output = Command::new(env!("CARGO_BIN_EXE_sudoku-kata"))
                .args(&args)
                .arg("--help")
                .output()
                .expect("runs");
            assert!(
                output.status.success(),
                "{page}: `cargo run -- {}` is not accepted:\n{}",
                args.join(" "),
                String::from_utf8_lossy(&output.stderr)
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} commands found");
}

/// Measured times (µs, ms, ns, seconds with decimals, puzzles per second, speed ratios) appear
/// in `docs/results.md` and nowhere else: not in a page, a crate's README or a crate doc. A line
/// about a budget, a limit or a grace period states a setting, not a measurement.
#[test]
fn only_results_md_holds_measured_times() {
    let timing = Regex::new(
        r"\d[\d,.]*\s?(µs|ns|ms)\b|\d[\d,.]*k?\s?(puzzles/s|puzzles per second)|\b\d+(\.\d+)?x\b|\b\d+\.\d+ s\b",
    )
    .expect("a regex");
    let root = root();
    let mut texts: Vec<(String, String)> = pages()
        .into_iter()
        .filter(|(page, _)| page != "docs/results.md")
        .collect();
    for entry in fs::read_dir(root.join("crates")).expect("crates/") {
        let dir = entry.expect("an entry").path();
        let mut crates = vec![dir.clone()];
        if dir.ends_with("approaches") {
            crates = fs::read_dir(&dir)
                .expect("approaches/")
                .map(|entry| entry.expect("an entry").path())
                .collect();
        }
        for krate in crates {
            for file in ["README.md", "src/lib.rs", "src/main.rs"] {
                let Ok(text) = fs::read_to_string(krate.join(file)) else {
                    continue;
                };
                let doc = if file.ends_with(".rs") {
                    let doc: Vec<&str> = text.lines().filter(|l| l.starts_with("//!")).collect();
                    doc.join("\n")
                } else {
                    text
                };
                let name = krate.join(file);
                let name = name.strip_prefix(&root).expect("under the root");
                texts.push((name.display().to_string(), doc));
            }
        }
    }
    let setting = Regex::new(r"(?i)budget|limit|grace").expect("a regex");
    let mut found = Vec::new();
    for (name, text) in &texts {
        for (number, line) in text.lines().enumerate() {
            if setting.is_match(line) {
                continue;
            }
            if let Some(timing) = timing.find(line) {
                found.push(format!("{name}:{}: {:?}", number + 1, timing.as_str()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "measured times belong in docs/results.md (link to it instead):\n{}",
        found.join("\n")
    );
}

/// The pages describe the code as it is: no "step 7", "issue 4" or "the issue asks" of how it
/// came to be (no page speaks of issues at all: they are not in the repository).
#[test]
fn the_docs_tell_no_history() {
    let history = Regex::new(r"(?i)\bstep \d+\b|\bissues?\b").expect("a regex");
    for (page, text) in pages() {
        if let Some(found) = history.find(&text) {
            panic!("{page} tells history: {:?}", found.as_str());
        }
    }
}

#[test]
fn the_readme_reads_in_two_minutes() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 130, "README.md has {lines} lines, at most 130");
}

/// The README's oldest toolchain is the workspace's `rust-version`, and the code builds with it
/// as far as one toolchain can tell: clippy's `incompatible_msrv` holds the standard library's
/// newer functions to it, and this test the one newer syntax, `let` chains (Rust 1.88).
#[test]
fn the_readme_names_the_oldest_toolchain_the_code_takes() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let version = Regex::new(r#"(?m)^rust-version = "1\.(\d+)""#).expect("a regex");
    let minor: u32 = version.captures(&manifest).expect("a rust-version")[1]
        .parse()
        .expect("a number");
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let claim = format!("(1.{minor} or newer)");
    assert!(readme.contains(&claim), "the README should say {claim}");
    if minor >= 88 {
        return;
    }
    // A `let` after `&&`, or `&&` after an `if`'s or a `while`'s `let`.
    let chain = Regex::new(r"&&\s*let\s|\b(?:if|while)\s+let\b[^{;]*&&").expect("a regex");
    let mut dirs = vec![root().join("crates")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() && !path.ends_with("target") {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let text = fs::read_to_string(&path).expect("UTF-8");
                assert!(
                    !chain.is_match(&text),
                    "{}: a `let` chain needs Rust 1.88, and rust-version is 1.{minor}",
                    path.display()
                );
            }
        }
    }
}
