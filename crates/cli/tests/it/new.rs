//! `sudoku-kata new` end to end, on a temporary copy of the files it reads and edits (through
//! its hidden `--root`): the crate it writes, the three registrations, and the refusals, which
//! must leave every file as it was.

use crate::common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process;
use std::{env, fs};

use regex::Regex;
use sudoku_harness::tier_puzzles;
use tempfile::TempDir;

/// The files `new` edits, relative to the workspace root.
const EDITED: [&str; 3] = ["Cargo.toml", "crates/fixtures/Cargo.toml", "ladder.toml"];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A temporary root holding copies of the edited files and of one existing approach crate.
fn fake_root() -> TempDir {
    let root = TempDir::new().expect("a temporary directory");
    let others = [
        "crates/approaches/bitmask-lowbit/Cargo.toml",
        "crates/cli/Cargo.toml",
    ];
    for relative in EDITED.iter().chain(&others) {
        let to = root.path().join(relative);
        fs::create_dir_all(to.parent().expect("a file has a parent")).expect("mkdir");
        fs::copy(workspace_root().join(relative), &to).expect("copy");
    }
    root
}

/// `new` with these arguments in `root`: exit status, stdout, stderr.
fn run(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let mut args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    args.extend([OsStr::new("--root"), root.as_os_str()]);
    common::parts("new", &args)
}

fn read(root: &Path, relative: &str) -> String {
    fs::read_to_string(root.join(relative))
        .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
}

/// `after` is `before` with exactly `added` inserted as the line after the last line of `before`
/// that contains `last_entry` (plus `extra` lines after that one).
fn assert_added_after_last(before: &str, after: &str, last_entry: &str, extra: usize, added: &str) {
    let lines: Vec<&str> = before.lines().collect();
    let at = lines
        .iter()
        .rposition(|line| line.contains(last_entry))
        .unwrap_or_else(|| panic!("no line with {last_entry:?}"))
        + 1
        + extra;
    let mut expected: Vec<&str> = lines[..at].to_vec();
    expected.extend(added.lines());
    expected.extend(&lines[at..]);
    assert_eq!(after.lines().collect::<Vec<_>>(), expected);
    assert!(after.ends_with('\n'));
}

#[test]
fn scaffolds_the_crate_and_registers_it() {
    let root = fake_root();
    let before: Vec<String> = EDITED.iter().map(|file| read(root.path(), file)).collect();

    let (code, stdout, stderr) = run(root.path(), &["my-rung"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
    insta::assert_snapshot!("new_stdout", stdout);

    let dir = "crates/approaches/my-rung";
    insta::assert_snapshot!(
        "new_cargo_toml",
        read(root.path(), &format!("{dir}/Cargo.toml"))
    );
    insta::assert_snapshot!(
        "new_lib_rs",
        read(root.path(), &format!("{dir}/src/lib.rs"))
    );
    assert_eq!(
        read(root.path(), &format!("{dir}/tests/shared_suite.rs")),
        "//! The workspace's shared fixture suite, run against this approach: one test per tier, each\n\
         //! judging every puzzle and pinning its search calls (and its output where a puzzle has several\n\
         //! solutions) in `tests/snapshots/`.\n\
         \n\
         sudoku_harness::shared_suite!(calls: my_rung::solve_counting_calls);\n"
    );

    // Each registration goes after the last entry of its list; nothing else in the files changes.
    assert_eq!(
        read(root.path(), EDITED[0]),
        format!(
            "{}\n[profile.dev.package.my-rung]\nopt-level = 3\noverflow-checks = false\ndebug-assertions = false\n",
            before[0]
        )
    );
    assert_added_after_last(
        &before[1],
        &read(root.path(), EDITED[1]),
        "path = \"../approaches/",
        0,
        r#"my-rung = { path = "../approaches/my-rung" }"#,
    );
    assert_eq!(
        read(root.path(), EDITED[2]),
        format!(
            "{}\n[[rung]]\nname = \"my-rung\"\n\
             idea = \"TODO: what my-rung changes relative to the rung below, in one line.\"\n\
             hints = [\"TODO: a nudge, such as the question the approach answers; no spoilers.\", \
             \"TODO: the state or the technique to use.\", \
             \"TODO: nearly the answer: the steps of the search and its sharp edges.\"]\n",
            before[2]
        )
    );
}

#[test]
fn the_new_region_has_the_markers_and_a_todo_search() {
    let root = fake_root();
    let (code, _, stderr) = run(root.path(), &["my-rung"]);
    assert_eq!(code, Some(0), "{stderr}");
    let lib = read(root.path(), "crates/approaches/my-rung/src/lib.rs");
    let (region, _) = common::leetcode_region(&lib);
    assert!(!region.contains("struct Solution"), "the judge declares it");
    assert!(!region.contains("#[expect"), "older judges reject it");
    assert!(lib[..lib.find(region).expect("inside")].contains("pub struct Solution;"));
    assert!(region.contains("pub fn solve_sudoku(board: &mut Vec<Vec<char>>)"));
    assert!(region.contains("todo!("));
    assert!(region.contains("visit(board);"), "the search-call hook");
}

/// Runs `new` expecting a refusal with this message, and checks that nothing changed.
fn assert_refused(root: &Path, args: &[&str], message: &str) {
    let before: Vec<String> = EDITED.iter().map(|file| read(root, file)).collect();
    let (code, stdout, stderr) = run(root, args);
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, format!("error: {message}\n"));
    let after: Vec<String> = EDITED.iter().map(|file| read(root, file)).collect();
    assert_eq!(after, before, "a refused run changed a file");
}

#[test]
fn refuses_an_existing_crate() {
    let root = fake_root();
    let dir = root.path().join("crates/approaches/bitmask-lowbit");
    assert_refused(
        root.path(),
        &["bitmask-lowbit"],
        &format!(
            "{} already exists; pick another name or remove it first",
            dir.display()
        ),
    );
}

#[test]
fn refuses_a_name_that_is_registered_without_a_directory() {
    let root = fake_root();
    // `bitboard` is registered in all three files, but the fake root has no directory for it.
    let file = root.path().join("ladder.toml");
    assert_refused(
        root.path(),
        &["bitboard"],
        &format!(
            "{} already mentions \"bitboard\"; pick another name or remove it there first",
            file.display()
        ),
    );
    // The ladder is checked first; without `mrv-heap` there, the fixtures crate's dependency on
    // it is what refuses the name.
    let ladder = root.path().join("ladder.toml");
    let text = read(root.path(), "ladder.toml").replace("name = \"mrv-heap\"", "name = \"gone\"");
    fs::write(&ladder, text).expect("write");
    let manifest = root.path().join("Cargo.toml");
    let file = root.path().join("crates/fixtures/Cargo.toml");
    assert_refused(
        root.path(),
        &["mrv-heap"],
        &format!(
            "{} already mentions \"mrv-heap\"; pick another name or remove it there first",
            file.display()
        ),
    );
    // So is a dev-dependency of the fixtures crate: Cargo takes no second crate of that name.
    assert_refused(
        root.path(),
        &["similar"],
        &format!(
            "{} already mentions \"similar\"; pick another name or remove it there first",
            file.display()
        ),
    );
    // Any key of the root manifest is taken too: here a workspace dependency, a crate of the
    // workspace that is no approach.
    assert_refused(
        root.path(),
        &["sudoku-bench"],
        &format!(
            "{} already mentions \"sudoku-bench\"; pick another name or remove it there first",
            manifest.display()
        ),
    );
    assert!(!root.path().join("crates/approaches/mrv-heap").exists());
}

#[test]
fn refuses_the_package_name_of_another_workspace_crate() {
    let root = fake_root();
    let manifest = root.path().join("crates/cli/Cargo.toml");
    assert_refused(
        root.path(),
        &["sudoku-kata"],
        &format!(
            "{} already names its package \"sudoku-kata\"; pick another name",
            manifest.display()
        ),
    );
}

#[test]
fn the_name_of_a_bench_or_test_target_is_no_package_name() {
    // crates/cli/Cargo.toml names a `[[bench]]` "bulk": a target, which a package may share.
    let root = fake_root();
    assert!(read(root.path(), "crates/cli/Cargo.toml").contains("name = \"bulk\""));
    let (code, _, stderr) = run(root.path(), &["bulk"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        root.path()
            .join("crates/approaches/bulk/src/lib.rs")
            .is_file()
    );
}

#[test]
fn refuses_invalid_names() {
    let root = fake_root();
    for (name, why) in [
        ("My-Rung", "it must start with a lowercase ASCII letter"),
        (
            "my_rung",
            "'_' is not allowed; use lowercase ASCII letters, digits and '-'",
        ),
        ("../escape", "it must start with a lowercase ASCII letter"),
        ("", "it must start with a lowercase ASCII letter"),
        (
            "a/b",
            "'/' is not allowed; use lowercase ASCII letters, digits and '-'",
        ),
        (
            "loop",
            "its crate name `loop` is a Rust keyword or a standard crate",
        ),
        (
            "std",
            "its crate name `std` is a Rust keyword or a standard crate",
        ),
        (
            "engine",
            "`solve` and `bench` use it for a solver of their own",
        ),
        (
            "reference",
            "`solve` and `bench` use it for a solver of their own",
        ),
        ("a-", "a '-' stands between two letters or digits"),
        ("a--b", "a '-' stands between two letters or digits"),
        (
            "practice",
            "`practice` sets up the learner's crate under that name",
        ),
        (
            &"a".repeat(65),
            "it has 65 characters, and crates.io allows 64",
        ),
    ] {
        assert_refused(
            root.path(),
            &[name],
            &format!("{name:?} is not a valid approach name: {why}"),
        );
    }
    assert_eq!(
        fs::read_dir(root.path().join("crates/approaches"))
            .expect("listed")
            .count(),
        1,
        "only bitmask-lowbit"
    );
}

#[test]
fn a_malformed_file_is_named_and_nothing_is_written() {
    let root = fake_root();
    let ladder = root.path().join("ladder.toml");
    fs::write(&ladder, "rung = 3\n").expect("write");
    assert_refused(
        root.path(),
        &["my-rung"],
        &format!(
            "{}: `rung` is not a list of [[rung]] tables; register the approach by hand \
             (docs/adding-an-approach.md)",
            ladder.display()
        ),
    );
    fs::write(&ladder, "[[rung]\n").expect("write");
    let (code, _, stderr) = run(root.path(), &["my-rung"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(&format!("error: {}: TOML parse error", ladder.display())),
        "{stderr}"
    );
    assert!(!root.path().join("crates/approaches/my-rung").exists());
}

#[test]
fn the_scaffolded_lib_compiles_without_warnings() {
    // The cheap half of "the scaffold builds": the generated `lib.rs` alone, type-checked with
    // the workspace's rustc lints as errors (cargo and clippy are left to the manual check).
    let root = fake_root();
    let (code, _, stderr) = run(root.path(), &["my-rung"]);
    assert_eq!(code, Some(0), "{stderr}");
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = process::Command::new(rustc)
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "lib",
            "--crate-name",
            "my_rung",
        ])
        .args([
            "--emit=metadata",
            "-D",
            "warnings",
            "-D",
            "missing_docs",
            "-D",
            "unsafe_code",
        ])
        .arg("--out-dir")
        .arg(root.path())
        .arg(root.path().join("crates/approaches/my-rung/src/lib.rs"))
        .output()
        .expect("rustc runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// The guide shows the scaffold's tests failing on its `todo!()`, at the line and column where
/// `new` writes it, in the harness's thread, on the easy tier's first puzzle.
#[test]
fn the_guide_quotes_where_the_scaffold_panics() {
    let root = fake_root();
    let (code, _, stderr) = run(root.path(), &["my-rung"]);
    assert_eq!(code, Some(0), "{stderr}");
    let lib = read(root.path(), "crates/approaches/my-rung/src/lib.rs");
    let (line, column) = (lib.lines().enumerate())
        .find_map(|(at, text)| Some((at + 1, text.find("todo!(")? + 1)))
        .expect("the scaffold has a todo!()");
    let guide = read(&workspace_root(), "docs/adding-an-approach.md");
    let panicked = format!("panicked at crates/approaches/my-rung/src/lib.rs:{line}:{column}:");
    let suite = read(&workspace_root(), "crates/harness/src/suite.rs");
    let thread = Regex::new(r#"\.name\("([^"]+)""#).expect("a regex");
    let thread = &thread.captures(&suite).expect("the suite names its thread")[1];
    let first = tier_puzzles("easy").next().expect("the easy tier").id();
    for quoted in [
        format!("thread '{thread}' "),
        panicked,
        format!("\n{first}: the solution panicked on this puzzle\n"),
    ] {
        assert!(guide.contains(&quoted), "the guide should quote {quoted:?}");
    }
}

/// Outside a workspace, `new` (like `practice`) refuses, rather than write into
/// the tree the binary was built from; a directory with a `[workspace]` but no `ladder.toml` is
/// another workspace, not this one.
#[test]
fn outside_the_workspace_nothing_is_written() {
    let elsewhere = TempDir::new().expect("a temporary directory");
    fs::write(elsewhere.path().join("Cargo.toml"), "[workspace]\n").expect("written");
    let inside = elsewhere.path().join("inside");
    fs::create_dir(&inside).expect("mkdir");
    // What the two would write in the tree the binary was built from, as it is now.
    let built_from = workspace_root();
    let tree = || {
        (
            built_from.join("practice").exists(),
            fs::read(built_from.join("ladder.toml")).expect("the ladder"),
        )
    };
    let before = tree();
    for command in ["new", "practice"] {
        let mut args = vec![command];
        if command == "new" {
            args.push("zz-nowhere");
        }
        let output = assert_cmd::Command::cargo_bin("sudoku-kata")
            .expect("the binary is built for its tests")
            .args(&args)
            .current_dir(&inside)
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{command}: {stderr}");
        assert_eq!(
            stderr,
            format!(
                "error: no ladder.toml beside a Cargo.toml with [workspace] in {} or any \
                 directory above it; run `{command}` inside the sudoku-kata workspace\n",
                inside.display()
            )
        );
        let written: Vec<_> = fs::read_dir(&inside).expect("listed").collect();
        assert!(written.is_empty(), "{command} wrote {written:?}");
    }
    assert!(!built_from.join("crates/approaches/zz-nowhere").exists());
    assert!(
        tree() == before,
        "practice or results wrote into {}",
        built_from.display()
    );
}
