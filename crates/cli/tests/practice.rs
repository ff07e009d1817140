//! `sudoku-kata practice` end to end, in a temporary root (through its hidden `--root`): the
//! crate it writes, what it prints, and the refusal to touch an existing `practice/`.

mod common;

use std::ffi::OsStr;
use std::fs;
use std::path::Path;

use tempfile::TempDir;

/// `practice --root <root>`: exit status, stdout, stderr.
fn run(root: &Path) -> (Option<i32>, String, String) {
    common::parts("practice", &[OsStr::new("--root"), root.as_os_str()])
}

fn read(root: &Path, relative: &str) -> String {
    fs::read_to_string(root.join(relative))
        .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
}

/// A temporary root with a `Cargo.lock` to copy.
fn fake_root() -> TempDir {
    let root = TempDir::new().expect("a temporary directory");
    fs::write(root.path().join("Cargo.lock"), "# a lock file\n").expect("write");
    root
}

#[test]
fn writes_the_stub_the_suite_and_an_ignore_file() {
    let root = fake_root();
    let (code, stdout, stderr) = run(root.path());
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");

    let manifest = read(root.path(), "practice/Cargo.toml");
    for line in [
        "name = \"practice\"",
        "edition = \"2024\"",
        "publish = false",
        "\n[workspace]\n",
        "sudoku-harness = { path = \"../crates/harness\" }",
    ] {
        assert!(manifest.contains(line), "no {line:?} in\n{manifest}");
    }
    assert_eq!(read(root.path(), "practice/.gitignore"), "*\n");
    assert_eq!(
        read(root.path(), "practice/tests/shared_suite.rs"),
        "sudoku_harness::shared_suite!(practice::solve_sudoku);\n"
    );
    assert_eq!(read(root.path(), "practice/Cargo.lock"), "# a lock file\n");
    insta::assert_snapshot!("practice_lib_rs", read(root.path(), "practice/src/lib.rs"));

    let dir = root.path().join("practice");
    assert!(
        stdout.starts_with(&format!("created {}\n", dir.display())),
        "{stdout}"
    );
    for hint in [
        "cd practice && cargo test",
        "about a minute",
        "easiest first",
        "SUDOKU_KATA_BUDGET=10 cargo test",
        "cargo run -- hint <approach>",
    ] {
        assert!(stdout.contains(hint), "no {hint:?} in\n{stdout}");
    }
}

#[test]
fn the_stub_is_a_leetcode_region_with_a_todo() {
    let root = fake_root();
    let (code, _, stderr) = run(root.path());
    assert_eq!(code, Some(0), "{stderr}");
    let lib = read(root.path(), "practice/src/lib.rs");
    let (region, end) = common::leetcode_region(&lib);
    assert!(!region.contains("struct Solution"), "the judge declares it");
    assert!(!region.contains("#[expect"), "older judges reject it");
    assert!(lib[..lib.find(region).expect("inside")].contains("pub struct Solution;"));
    assert!(region.contains("pub fn solve_sudoku(board: &mut Vec<Vec<char>>)"));
    assert!(region.contains("todo!("));
    assert!(lib[end..].contains("Solution::solve_sudoku(board);"));
}

#[test]
fn refuses_an_existing_practice_dir_and_leaves_it_alone() {
    let root = fake_root();
    let dir = root.path().join("practice");
    fs::create_dir_all(dir.join("src")).expect("mkdir");
    fs::write(dir.join("src/lib.rs"), "// my work\n").expect("write");

    let (code, stdout, stderr) = run(root.path());
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "error: {} already exists and may hold your work, so it is left as it is; run its \
             tests with `cd {} && cargo test`, or remove it to start over\n",
            dir.display(),
            dir.display()
        )
    );
    assert_eq!(read(root.path(), "practice/src/lib.rs"), "// my work\n");
    assert!(!dir.join("Cargo.toml").exists());
}
