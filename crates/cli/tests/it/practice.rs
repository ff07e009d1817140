//! `sudoku-kata practice` end to end, in a temporary root (through its hidden `--root`): the
//! crate it writes, that it never overwrites a solution, and `--check` and `--watch` on
//! solutions written wrong on purpose, then on a rung's own region pasted into the stub.

use crate::common;

use std::ffi::OsStr;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// `practice --root <root> <args>`: exit status, stdout, stderr.
fn run(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec![OsStr::new("--root"), root.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    common::parts("practice", &all)
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

/// The workspace's root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A root that builds, `name` under the tests' temporary directory (the same path every run, so
/// that the harness is built once: [`common::same_dir_every_run`]): the workspace's manifest and
/// lock file, and its crates through a link, so that `practice/` reaches the harness as it does
/// in a clone.
fn buildable_root(name: &str) -> PathBuf {
    let root = common::same_dir_every_run(&format!("practice-roots/{name}"));
    for file in ["Cargo.toml", "Cargo.lock", "ladder.toml"] {
        fs::copy(workspace().join(file), root.join(file)).expect("copy");
    }
    std::os::unix::fs::symlink(
        workspace().join("crates").canonicalize().expect("crates/"),
        root.join("crates"),
    )
    .expect("link crates/");
    root
}

/// `practice --root <root> <args>` as a command whose builds share one target directory across
/// tests and runs, each puzzle within `budget` seconds.
fn practice(root: &Path, args: &[&str], budget: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-kata"));
    command
        .arg("practice")
        .arg("--root")
        .arg(root)
        .args(args)
        .env("CARGO_TARGET_DIR", common::practice_target_dir(root))
        .env("SUDOKU_KATA_BUDGET", budget);
    command
}

/// `practice --check` on `root`: exit status, and stdout followed by cargo's messages (stderr),
/// so that a failed assertion shows both.
fn check(root: &Path, budget: &str) -> (Option<i32>, String) {
    let output = practice(root, &["--check"], budget).output().expect("runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let stderr = String::from_utf8_lossy(&output.stderr);
    (
        output.status.code(),
        format!("{stdout}\n--- stderr\n{stderr}"),
    )
}

/// The stub with its LeetCode region replaced by `region` (markers included).
fn paste(stub: &str, region: &str) -> String {
    let (old, _) = common::leetcode_region(stub);
    stub.replace(old, region)
}

/// `rung`'s own LeetCode region, markers included.
fn region_of(rung: &str) -> String {
    let lib = workspace().join(format!("crates/approaches/{rung}/src/lib.rs"));
    let lib = fs::read_to_string(lib).expect("the rung's source");
    common::leetcode_region(&lib).0.to_owned()
}

#[test]
fn writes_the_stub_the_suite_the_worker_and_an_ignore_file() {
    let root = fake_root();
    let (code, stdout, stderr) = run(root.path(), &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");

    let manifest = read(root.path(), "practice/Cargo.toml");
    for line in [
        "name = \"practice\"",
        "edition = \"2024\"",
        "publish = false",
        "\n[workspace]\n",
        "sudoku-harness = { path = \"../crates/harness\" }",
        "name = \"practice-worker\"",
        "approach = \"\"",
    ] {
        assert!(manifest.contains(line), "no {line:?} in\n{manifest}");
    }
    assert_eq!(read(root.path(), "practice/.gitignore"), "*\n");
    assert_eq!(
        read(root.path(), "practice/tests/shared_suite.rs"),
        "sudoku_harness::shared_suite!(practice::solve_sudoku);\n"
    );
    assert!(read(root.path(), "practice/worker.rs").contains("serve_if_asked"));
    assert_eq!(read(root.path(), "practice/Cargo.lock"), "# a lock file\n");
    insta::assert_snapshot!("practice_lib_rs", read(root.path(), "practice/src/lib.rs"));

    let dir = root.path().join("practice");
    assert!(
        stdout.starts_with(&format!("created {}\n", dir.display())),
        "{stdout}"
    );
    for hint in [
        "cargo run --release -- practice --check",
        "about a minute",
        "easiest first",
        "--watch",
        "SUDOKU_KATA_BUDGET",
        "cargo run -- hint <approach>",
    ] {
        assert!(stdout.contains(hint), "no {hint:?} in\n{stdout}");
    }
}

#[test]
fn the_stub_is_a_leetcode_region_with_a_todo() {
    let root = fake_root();
    let (code, _, stderr) = run(root.path(), &[]);
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
fn an_approach_puts_its_idea_and_hints_in_the_stub_and_the_manifest() {
    let root = fake_root();
    let (code, stdout, stderr) = run(root.path(), &["--approach", "bool-tables"]);
    assert_eq!(code, Some(0), "{stderr}");
    let lib = read(root.path(), "practice/src/lib.rs");
    for line in [
        "//! You are practising `bool-tables`.",
        "//! Keep rows, columns and boxes as tables of bools, so checking a digit is O(1).",
        "`cargo run -- hint bool-tables`",
    ] {
        assert!(lib.contains(line), "no {line:?} in\n{lib}");
    }
    let manifest = read(root.path(), "practice/Cargo.toml");
    assert!(
        manifest.contains("approach = \"bool-tables\""),
        "{manifest}"
    );
    assert!(
        stdout.contains("Stuck? cargo run -- hint bool-tables\n"),
        "{stdout}"
    );

    // Still a stub, so another rung replaces it.
    let (code, stdout, _) = run(root.path(), &["--approach", "bitmask-flip"]);
    assert_eq!(code, Some(0));
    assert!(stdout.starts_with("updated "), "{stdout}");
    let lib = read(root.path(), "practice/src/lib.rs");
    assert!(lib.contains("practising `bitmask-flip`"), "{lib}");
    assert!(!lib.contains("bool-tables"), "{lib}");

    // And without --approach, the blank stub, with no rung to compare with.
    let (code, _, _) = run(root.path(), &[]);
    assert_eq!(code, Some(0));
    let lib = read(root.path(), "practice/src/lib.rs");
    assert!(!lib.contains("practising"), "{lib}");
    let manifest = read(root.path(), "practice/Cargo.toml");
    assert!(manifest.contains("approach = \"\""), "{manifest}");
}

#[test]
fn a_solution_is_never_overwritten() {
    let root = fake_root();
    let (code, _, stderr) = run(root.path(), &["--approach", "bool-tables"]);
    assert_eq!(code, Some(0), "{stderr}");
    fs::write(root.path().join("practice/src/lib.rs"), "// my work\n").expect("write");
    fs::remove_file(root.path().join("practice/worker.rs")).expect("remove");

    let (code, stdout, stderr) = run(root.path(), &["--approach", "bitmask-flip"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(read(root.path(), "practice/src/lib.rs"), "// my work\n");
    assert!(
        stdout.contains(
            "practice/src/lib.rs holds your work, so it is kept as it is; to start over from \
             the stub, delete it and run `practice` again"
        ),
        "{stdout}"
    );
    // What was missing is back, and the rung to compare with is the new one.
    assert!(root.path().join("practice/worker.rs").is_file());
    let manifest = read(root.path(), "practice/Cargo.toml");
    assert!(
        manifest.contains("approach = \"bitmask-flip\""),
        "{manifest}"
    );

    // Without --approach, the work and the rung it is compared with both stay.
    let (code, _, _) = run(root.path(), &[]);
    assert_eq!(code, Some(0));
    assert_eq!(read(root.path(), "practice/src/lib.rs"), "// my work\n");
    let manifest = read(root.path(), "practice/Cargo.toml");
    assert!(
        manifest.contains("approach = \"bitmask-flip\""),
        "{manifest}"
    );
}

#[test]
fn a_manifest_whose_rung_is_not_where_practice_writes_it_is_named() {
    let root = fake_root();
    let (code, _, stderr) = run(root.path(), &["--approach", "bool-tables"]);
    assert_eq!(code, Some(0), "{stderr}");
    let file = root.path().join("practice/Cargo.toml");
    let recorded = "[package.metadata.sudoku-kata]\napproach = \"bool-tables\"";
    let text = read(root.path(), "practice/Cargo.toml");
    assert!(text.contains(recorded), "{text}");
    for (replaced, key, what) in [
        (
            "[package.metadata]\nsudoku-kata = 3",
            "package.metadata.sudoku-kata",
            "a table",
        ),
        (
            "[package.metadata.sudoku-kata]\napproach = [1]",
            "package.metadata.sudoku-kata.approach",
            "a string",
        ),
    ] {
        fs::write(&file, text.replace(recorded, replaced)).expect("write");
        let expected = format!("error: {}: `{key}` is not {what}\n", file.display());
        for args in [&["--check"][..], &["--approach", "bitmask-flip"]] {
            let (code, stdout, stderr) = run(root.path(), args);
            assert_eq!((code, stdout.as_str()), (Some(1), ""), "{args:?}: {stderr}");
            assert_eq!(stderr, expected, "{args:?}");
        }
        // Nothing was changed: the stub is still bool-tables'.
        let lib = read(root.path(), "practice/src/lib.rs");
        assert!(lib.contains("practising `bool-tables`"), "{lib}");
    }
}

#[test]
fn check_needs_a_practice_dir() {
    let root = fake_root();
    let (code, stdout, stderr) = run(root.path(), &["--check"]);
    assert_eq!((code, stdout.as_str()), (Some(1), ""));
    assert_eq!(
        stderr,
        format!(
            "error: there is no {} to check yet: run `cargo run -- practice` first\n",
            root.path().join("practice").display()
        )
    );
}

/// The loop a learner goes through, one solution after another in one `practice/`: each wrong
/// one fails `--check` with what went wrong in the search, and `bitmask-mrv`'s own region passes
/// and lands beside `bitmask-mrv`.
///
/// Its cost, about 20 s on two cores: seven release builds of `practice/`, the budgets the stuck
/// solutions run out (5 s), and the ladder measured once within half a second a puzzle.
#[test]
fn check_diagnoses_each_mistake_then_places_a_right_answer() {
    let root = buildable_root("check");
    let root = root.as_path();
    let (code, _, stderr) = run(root, &["--approach", "bool-tables"]);
    assert_eq!(code, Some(0), "{stderr}");
    let lib = root.join("practice/src/lib.rs");
    let stub = fs::read_to_string(&lib).expect("the stub");

    // The stub as it is: its todo!() panics, and the check says where.
    let (code, stdout) = check(root, "60");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "tier leetcode: FAILED\n\nleetcode/example: the solver panicked at src/lib.rs:"
        ) && stdout.contains(": not yet implemented: solve the 9 rows of the board\n\npuzzle:\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("the suite stops at tier leetcode"),
        "{stdout}"
    );

    // An empty body: the search never ran.
    let empty = "// ---- LeetCode submission: begin ----\nimpl Solution {\n    \
                 pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {}\n}\n";
    fs::write(&lib, paste(&stub, empty)).expect("write");
    let (code, stdout) = check(root, "60");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "leetcode/example: your search returned without filling the board: 51 blanks \
             left, the first at row 1, column 3 (it gave up, or never ran)"
        ),
        "{stdout}"
    );
    // The diff, each side marked, in plain text on a pipe: no escape codes, no second header.
    assert!(
        stdout.contains("expected (<) and your output (>):\n<5 3 4 | 6 7 8 | 9 1 2\n"),
        "{stdout}"
    );
    assert!(
        !stdout.contains('\x1b') && !stdout.contains("Diff"),
        "{stdout}"
    );

    // Right and fast, except that it never returns on a puzzle with fewer than 24 givens: the
    // hard tier's first such puzzle is over budget after fast easier tiers.
    let stuck = paste(&stub, &region_of("bool-tables")).replace(
        "    Solution::solve_sudoku(board);",
        "    while board.iter().flatten().filter(|&&c| c != '.').count() < 24 {\n        \
         std::thread::sleep(std::time::Duration::from_secs(1));\n    }\n    \
         Solution::solve_sudoku(board);",
    );
    fs::write(&lib, stuck).expect("write");
    let (code, stdout) = check(root, "3");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("tier easy: 15/15 solved"), "{stdout}");
    assert!(
        stdout.contains(": over budget: no answer within 3.00 s; the easier tiers took at most ")
            && stdout.contains("likely meets a search with no pruning, or a bad cell order"),
        "{stdout}"
    );
    assert!(stdout.contains("the suite stops at tier hard"), "{stdout}");

    // A search that never ends, on the first puzzle: nothing says it is right but slow.
    fs::write(&lib, stub.replace("todo!(", "loop {}; todo!(")).expect("write");
    let (code, stdout) = check(root, "2");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "leetcode/example: over budget: no answer within 2.00 s; a search that never ends, \
             or a correct but slow one, is stopped so that the check ends"
        ),
        "{stdout}"
    );

    // Code that does not build.
    fs::write(&lib, stub.replace("todo!(", "todo!(;")).expect("write");
    let (code, stdout) = check(root, "60");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("your solution does not compile: cargo's messages above say where"),
        "{stdout}"
    );

    // bitmask-mrv's own region, pasted: it passes and lands beside bitmask-mrv. Its slowest
    // puzzle takes a few dozen milliseconds, so a budget of half a second passes it and keeps
    // the ladder's measuring short: the slow rungs stop at their first puzzle over it. (The full
    // first check, bool-tables at the default budget, is practising.md's console example: the
    // costliest example of the docs' test.)
    fs::write(&lib, paste(&stub, &region_of("bitmask-mrv"))).expect("write");
    let (code, stdout) = check(root, "0.5");
    assert_eq!(code, Some(0), "{stdout}");
    for tier in ["leetcode: 1/1", "easy: 15/15", "hard: 25/25", "edge: 14/14"] {
        assert!(stdout.contains(&format!("tier {tier} solved")), "{stdout}");
    }
    assert!(stdout.contains("the suite passes"), "{stdout}");
    // The first passing check measures every rung, within the suite's budget where that is
    // below the ladder's 5 s, and keeps their figures in practice/.
    assert!(
        stdout.contains("\nmeasuring your solution beside every rung, with a budget of 500 ms"),
        "{stdout}"
    );
    let kept = read(root, "practice/.ladder-figures.json");
    assert!(
        kept.contains("\"measured_at\"") && kept.contains("bitboard"),
        "{kept}"
    );
    for rung in [
        "your solution",
        "scan-backtracking",
        "bool-tables",
        "bitboard",
    ] {
        assert!(
            stdout.contains(&format!("\n{rung} ")),
            "no row for {rung}:\n{stdout}"
        );
    }
    let placement = stdout
        .lines()
        .find(|line| line.starts_with("your solution lands "))
        .unwrap_or_else(|| panic!("no placement in\n{stdout}"));
    // The same code, built in another crate, lands level with bitmask-mrv or next to it: the
    // rungs around it are several times slower or faster, or solve fewer within the budget.
    let rung = "bitmask-mrv";
    let near = placement.starts_with(&format!("your solution lands level with {rung} "))
        || placement.contains(&format!(" {rung} and "))
        || placement.ends_with(&format!(" and {rung}"));
    assert!(near, "{placement}");
    assert!(
        stdout.contains("beside bool-tables, the rung you practise: "),
        "{stdout}"
    );

    // A manifest with no table for the rung (written by hand, say) has no rung to compare with.
    let manifest = root.join("practice/Cargo.toml");
    let text = read(root, "practice/Cargo.toml");
    let recorded = "[package.metadata.sudoku-kata]\napproach = \"bool-tables\"\n";
    assert!(text.contains(recorded), "{text}");
    fs::write(&manifest, text.replace(recorded, "")).expect("write");
    let (code, stdout) = check(root, "0.5");
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("your solution lands "), "{stdout}");
    assert!(!stdout.contains("the rung you practise"), "{stdout}");
    // The same build on the same machine: the rungs' kept figures, said where from and when,
    // and the solution measured afresh beside them.
    let measured_at = kept
        .split("\"measured_at\": \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next());
    let measured_at = measured_at.expect("a time of measuring");
    assert!(
        stdout.contains(&format!(
            "beside the rungs as this build measured them on this machine at {measured_at} (kept \
             in {}: delete it to measure them again)",
            root.join("practice/.ladder-figures.json").display()
        )),
        "{stdout}"
    );
    for rung in ["your solution", "scan-backtracking", "bitboard"] {
        assert!(
            stdout.contains(&format!("\n{rung} ")),
            "no row for {rung}:\n{stdout}"
        );
    }
}

/// A `practice --watch` process, killed if the test ends before it does.
struct Watching(std::process::Child);

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Watching {
    /// `practice --watch` on `root` with `budget`, and its lines of stdout as they come.
    fn start(root: &Path, budget: &str) -> (Watching, mpsc::Receiver<String>) {
        let mut child = Watching(
            practice(root, &["--watch"], budget)
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("starts"),
        );
        let stdout = child.0.stdout.take().expect("piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        (child, lines)
    }

    /// Waits until the check has built the solution and started it: a `practice-worker` process
    /// runs under this one (Linux's `/proc` says which processes a process started).
    fn wait_for_its_worker(&self) {
        let pid = self.0.id();
        let children = format!("/proc/{pid}/task/{pid}/children");
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(300) {
            let listed = fs::read_to_string(&children).unwrap_or_default();
            let mut names = (listed.split_whitespace())
                .filter_map(|child| fs::read_to_string(format!("/proc/{child}/comm")).ok());
            if names.any(|name| name.trim_end() == "practice-worker") {
                return;
            }
            thread::sleep(Duration::from_millis(50));
        }
        panic!("no practice-worker under the watch within 300 s");
    }

    /// Ctrl-C, as a terminal sends it, but to this process alone.
    fn interrupt(&self) {
        let interrupted = Command::new("kill")
            .args(["-INT", &self.0.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(interrupted.success());
    }
}

/// Reads `lines` until one contains `text`, and returns what it read.
fn wait_for(lines: &mpsc::Receiver<String>, text: &str) -> String {
    let mut seen = String::new();
    while !seen.contains(text) {
        match lines.recv_timeout(Duration::from_secs(300)) {
            Ok(line) => seen += &(line + "\n"),
            Err(_) => panic!("no {text:?} in\n{seen}"),
        }
    }
    seen
}

/// `--watch` checks, checks again when the solution changes, and leaves on Ctrl-C with status 0,
/// at once even in the middle of a check. Its cost, a few seconds: three release builds of
/// `practice/`.
#[test]
fn watch_checks_again_on_a_change_and_stops_on_ctrl_c() {
    let root = buildable_root("watch");
    let root = root.as_path();
    let (code, _, stderr) = run(root, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let (mut child, lines) = Watching::start(root, "60");

    let first = wait_for(&lines, "Ctrl-C stops");
    assert!(first.contains("the solver panicked"), "{first}");

    let lib = root.join("practice/src/lib.rs");
    let stub = fs::read_to_string(&lib).expect("the stub");
    let empty = "todo!(\"solve the {} rows of the board\", board.len())";
    fs::write(&lib, stub.replace(empty, "let _ = board;")).expect("write");
    let second = wait_for(&lines, "Ctrl-C stops");
    assert!(second.contains("changed: checking again"), "{second}");
    assert!(
        second.contains("your search returned without filling the board"),
        "{second}"
    );

    child.interrupt();
    wait_for(&lines, "stopped watching");
    let status = child.0.wait().expect("it ends");
    assert_eq!(status.code(), Some(0));

    // A search that never ends, within a budget of 10 minutes: Ctrl-C does not wait for it.
    fs::write(&lib, stub.replace(empty, "loop {}")).expect("write");
    let (mut child, lines) = Watching::start(root, "600");
    wait_for(&lines, "building");
    child.wait_for_its_worker();
    let asked = Instant::now();
    child.interrupt();
    let seen = wait_for(&lines, "stopped watching");
    assert!(!seen.contains("Ctrl-C stops"), "the check was over: {seen}");
    let status = child.0.wait().expect("it ends");
    assert_eq!(status.code(), Some(0));
    assert!(asked.elapsed() < Duration::from_secs(60), "{seen}");
}
