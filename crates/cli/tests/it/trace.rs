//! `trace`: the page records every search call of each rung (as many as `compare` counts),
//! ends at the board the rung handed back, caps long searches, refuses bad puzzles without
//! writing anything, and replays in a real browser (headless Chromium).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sudoku_fixtures::approach;
use sudoku_harness::{Expected, LargeExpected, large_puzzles, puzzle};

const EXAMPLE: &str = "leetcode/example";
const THREE: [&str; 3] = ["bool-tables", "dancing-links", "bitboard"];

fn trace(args: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-kata"))
        .arg("trace")
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs")
}

fn solution(id: &str) -> String {
    match &puzzle(id).expect("a fixture").expected {
        Expected::Unique(solution) => solution.to_line(),
        other => panic!("{id} has {other:?}"),
    }
}

/// The recorded searches embedded in a page.
fn traces(page: &str) -> Vec<serde_json::Value> {
    let start = page.find("const TRACES = ").expect("the data") + "const TRACES = ".len();
    let end = start + page[start..].find(";\n").expect("its end");
    serde_json::from_str(&page[start..end]).expect("JSON")
}

/// How many steps a trace holds, checked against the count it carries (a step that changed no
/// cell is empty, so `""` is one such step, or none).
fn steps(trace: &serde_json::Value) -> usize {
    let steps = trace["steps"].as_str().expect("steps");
    let recorded = trace["recorded"].as_u64().expect("a count") as usize;
    let split = if recorded == 0 {
        assert_eq!(steps, "");
        0
    } else {
        steps.split(',').count()
    };
    assert_eq!(split, recorded, "{steps:?}");
    recorded
}

fn args_for(rungs: &[&str]) -> Vec<String> {
    let mut args = vec![EXAMPLE.to_owned()];
    for rung in rungs {
        args.extend(["--approach".to_owned(), (*rung).to_owned()]);
    }
    args
}

#[test]
fn every_search_call_is_a_step_and_the_last_board_is_the_answer() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("t.html");
    let args = args_for(&THREE);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = trace(&args, &out);
    assert!(output.status.success(), "{output:?}");
    let page = std::fs::read_to_string(&out).expect("the page");
    assert!(!page.contains("http"), "the page fetches nothing");
    let traces = traces(&page);
    assert_eq!(traces.len(), 3);
    for (trace, rung) in traces.iter().zip(THREE) {
        let mut board = puzzle(EXAMPLE).expect("a fixture").board.to_rows();
        let calls = (approach(rung).expect("registered").solve_counting_calls)(&mut board);
        assert_eq!(trace["approach"], rung);
        assert_eq!(trace["calls"], calls, "{rung}: what compare counts");
        assert_eq!(steps(trace) as u64, calls, "{rung}: a step per call");
        assert_eq!(trace["result"], solution(EXAMPLE), "{rung}");
    }
}

#[test]
fn a_long_search_is_capped_and_still_ends_solved() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("w.html");
    // 291,406 search calls: past the default cap of 200,000, and over in a moment.
    let id = "hard/top95-06";
    let output = trace(&[id, "--approach", "scan-backtracking"], &out);
    assert!(output.status.success(), "{output:?}");
    let size = std::fs::metadata(&out).expect("the page").len();
    assert!(size < 10 << 20, "{size} bytes");
    let page = std::fs::read_to_string(&out).expect("the page");
    let trace = &traces(&page)[0];
    assert_eq!(steps(trace), 200_000);
    let calls = trace["calls"].as_u64().expect("the search ended");
    assert!(calls > 200_000, "{calls}");
    assert_eq!(trace["result"], solution(id));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("search calls; the page keeps the first 200,000 search calls"),
        "{stderr}"
    );
}

#[test]
fn the_summary_counts_calls_in_words_that_fit_the_number() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("n.html");
    let rungs = ["--approach", "bitboard", "--approach", "mrv-heap"];
    for (max, bitboard, mrv_heap) in [
        (
            "0",
            "1 search call; the page keeps no search call",
            "no search call",
        ),
        ("1", "1 search call\n", "the first 1 search call"),
    ] {
        let output = trace(
            &[&[EXAMPLE, "--max-events", max][..], &rungs].concat(),
            &out,
        );
        assert!(output.status.success(), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("bitboard: {bitboard}")),
            "{stderr}"
        );
        let mrv_heap = format!("mrv-heap: 103 search calls; the page keeps {mrv_heap}\n");
        assert!(stderr.contains(&mrv_heap), "{stderr}");
    }
}

#[test]
fn a_search_past_the_budget_keeps_what_it_recorded() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("b.html");
    let id = "adversarial/wikipedia-brute-force";
    let output = trace(
        &[
            id,
            "--approach",
            "scan-backtracking",
            "--budget",
            "0.3",
            "--max-events",
            "100000000",
        ],
        &out,
    );
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("still searching after 300 ms"), "{stderr}");
    let trace = &traces(&std::fs::read_to_string(&out).expect("the page"))[0];
    assert!(
        trace["calls"].is_null() && trace["result"].is_null(),
        "{trace}"
    );
    // The calls made by then are on the page, though the cap was far from reached.
    assert!(steps(trace) > 1_000, "{stderr}");
    assert!(!stderr.contains("the first 0 search calls"), "{stderr}");
}

#[test]
fn dash_reads_the_puzzle_from_stdin_and_writes_the_page_to_stdout() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("stdin.html");
    let puzzle = puzzle(EXAMPLE).expect("a fixture").board.to_line();
    let output = assert_cmd::Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .args(["trace", "-", "--approach", "bitboard", "--out"])
        .arg(&out)
        .write_stdin(format!("# LeetCode's example\n{puzzle}\n"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let page = std::fs::read_to_string(&out).expect("the page");
    assert!(page.contains(&puzzle));
    assert_eq!(traces(&page).len(), 1);
    // And `--out -` writes the same page to stdout, and nothing else there: no file `-`.
    let output = assert_cmd::Command::cargo_bin("sudoku-kata")
        .expect("the binary is built for its tests")
        .args(["trace", EXAMPLE, "--approach", "bitboard", "--out", "-"])
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(String::from_utf8(output.stdout).expect("UTF-8"), page);
    assert!(!dir.path().join("-").exists());
}

#[test]
fn a_bad_puzzle_is_an_error_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("bad.html");
    let clash = format!("55{}", ".".repeat(79));
    let output = trace(&[&clash], &out);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: digit 5 is given twice in row 1"),
        "{stderr}"
    );
    let output = trace(&["12345"], &out);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: the line has 5 cells"));
    // A mistyped fixture or file is named as such, before what it would be as a puzzle.
    for (name, as_puzzle) in [
        (
            "leetcode/nope",
            "bad character '/' at input line 1, column 9: expected a symbol (1-9, A-Z), or '.' \
             for a blank",
        ),
        (
            "missing.txt",
            "the line has 11 cells, but a board has 16, 81, 256, 625 or 1,296 cells (4x4, 9x9, \
             16x16, 25x25 or 36x36)",
        ),
    ] {
        let output = trace(&[name], &out);
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        let expected = format!(
            "error: no fixture or file is called {name} (a fixture is named tier/name, such as \
             leetcode/example; the tiers: leetcode, easy, hard, adversarial, edge, 16x16, \
             25x25), and as a puzzle: {as_puzzle}\n"
        );
        assert_eq!(stderr, expected);
    }
    // A file of puzzles, one per line, is told apart from a broken grid, as `check` tells it.
    let lines = dir.path().join("lines.txt");
    let puzzle = solution("leetcode/example");
    std::fs::write(&lines, format!("{puzzle}\n{puzzle}\n")).expect("write");
    let output = trace(&[&lines.display().to_string()], &out);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "error: {}: the input is 2 puzzles, one per line, where one is wanted; `sudoku-kata \
             solve FILE` solves a file of them\n",
            lines.display()
        )
    );
    // A page that cannot be written: said at once, before any rung runs.
    for (out, why) in [
        (dir.path().to_path_buf(), "it is a directory"),
        (dir.path().join("no/such.html"), "its folder does not exist"),
    ] {
        let output = trace(&["leetcode/example"], &out);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("error: cannot write {}: {why}\n", out.display())
        );
    }
    let folder = dir.path().display().to_string();
    let output = trace(&[&folder], &out);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        format!("error: {folder} is a directory, not a file of one puzzle\n")
    );
    assert!(!out.exists());
}

/// Chromium from `CHROMIUM` or the `PATH`. CI installs it (`.ci/run`); without it the browser
/// checks fail in CI and are skipped, saying so, elsewhere.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(path.into());
    }
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok())
        .map(PathBuf::from);
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "Chromium is missing: .ci/run installs it with apt-get"
        );
        eprintln!("skipped: no Chromium here; set CHROMIUM or install it to run this test");
    }
    found
}

/// Runs headless Chromium on `url` with `args`, as this machine needs it started.
fn headless(browser: &Path, profile: &Path, args: &[&str], url: &str) -> Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .output()
        .expect("Chromium runs")
}

/// The page in a real browser: headless Chromium, started twice, about 3 s.
#[test]
fn the_page_replays_to_the_solution_in_a_browser() {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("t.html");
    let args = args_for(&THREE);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert!(trace(&args, &out).status.success());
    let page = std::fs::read_to_string(&out).expect("the page");
    let recorded = traces(&page);
    let url = format!("file://{}#end", out.display());

    let dom = headless(&browser, &dir.path().join("p1"), &["--dump-dom"], &url);
    let dom = String::from_utf8_lossy(&dom.stdout);
    let panel = regex::Regex::new(
        r#"<section class="panel" data-approach="([a-z-]+)" data-steps="(\d+)" data-board="([1-9.]{81})">"#,
    )
    .expect("a regex");
    let panels: Vec<_> = panel.captures_iter(&dom).collect();
    assert_eq!(panels.len(), 3, "{dom}");
    for ((found, rung), trace) in panels.iter().zip(THREE).zip(&recorded) {
        assert_eq!(&found[1], rung);
        assert_eq!(
            found[2].parse::<usize>().expect("a count"),
            steps(trace),
            "{rung}"
        );
        assert_eq!(&found[3], solution(EXAMPLE), "{rung} at #end");
    }

    // Without `#end` the page opens at the start: the givens.
    let start = format!("file://{}", out.display());
    let dom = headless(&browser, &dir.path().join("p3"), &["--dump-dom"], &start);
    let dom = String::from_utf8_lossy(&dom.stdout);
    let givens = puzzle(EXAMPLE).expect("a fixture").board.to_line();
    for found in panel.captures_iter(&dom) {
        assert_eq!(&found[3], givens, "{} at the start", &found[1]);
    }

    let shot = dir.path().join("t.png");
    let screenshot = format!("--screenshot={}", shot.display());
    headless(
        &browser,
        &dir.path().join("p2"),
        &[&screenshot, "--window-size=1200,800"],
        &url,
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("a screenshot"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    let pixels = &pixels[..frame.buffer_size()];
    let distinct: std::collections::HashSet<&[u8]> = pixels.chunks(4).collect();
    assert!(
        distinct.len() > 20,
        "a blank screenshot: {} colours",
        distinct.len()
    );
}

#[test]
fn a_search_of_one_call_that_changes_nothing_replays_as_one_step() {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("s.html");
    let id = "edge/already-solved";
    let rungs = ["--approach", "scan-backtracking", "--approach", "bitboard"];
    assert!(trace(&[&[id][..], &rungs].concat(), &out).status.success());
    let page = std::fs::read_to_string(&out).expect("the page");
    for trace in traces(&page) {
        assert_eq!((trace["calls"].as_u64(), steps(&trace)), (Some(1), 1));
    }
    let url = format!("file://{}#end", out.display());
    let dom = headless(&browser, &dir.path().join("p"), &["--dump-dom"], &url);
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(dom.matches(r#"data-steps="1""#).count(), 2, "{dom}");
    assert_eq!(dom.matches(r#"class="note"></div>"#).count(), 2, "{dom}");
}

/// The first 16x16 fixture with one solution, and that solution, both as lines.
fn a_16x16() -> (String, String) {
    let unique = large_puzzles(16)
        .iter()
        .find_map(|large| match &large.expected {
            LargeExpected::Unique(solution) => Some((large.board.to_line(), solution.to_line())),
            _ => None,
        });
    unique.expect("a 16x16 fixture with one solution")
}

#[test]
fn a_16x16_board_is_traced_by_the_rungs_that_take_any_size_and_replays_to_the_solution() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("16.html");
    let (line, solved) = a_16x16();
    let output = trace(&[&line], &out);
    assert!(output.status.success(), "{output:?}");
    let recorded = traces(&std::fs::read_to_string(&out).expect("the page"));
    let rungs = ["dancing-links", "constraint-propagation"];
    assert_eq!(recorded.len(), rungs.len());
    let cells = sudoku_board::Grid::parse(&line, None).expect("a 16x16 board");
    for (trace, rung) in recorded.iter().zip(rungs) {
        let solutions = approach(rung).expect("registered").solutions;
        let (_, calls) = solutions.expect("takes any size")(4, cells.values(), 1);
        assert_eq!(trace["approach"], rung);
        assert_eq!(trace["calls"], calls, "{rung}: what compare counts");
        assert_eq!(steps(trace) as u64, calls, "{rung}: a step per call");
        assert_eq!(trace["result"], solved, "{rung}");
    }
    // Its letters in lower case are the same board, not a name.
    let lower = dir.path().join("lower.html");
    let output = trace(&[&line.to_lowercase()], &lower);
    assert!(output.status.success(), "{output:?}");
    let again = traces(&std::fs::read_to_string(&lower).expect("the page"));
    assert_eq!(again, recorded);
    // And so is a file as `generate` writes it, a comment and then `name puzzle solution`.
    let file = dir.path().join("generated.txt");
    std::fs::write(&file, format!("# generated\nlarge {line} {solved}\n")).expect("written");
    let output = trace(&[file.to_str().expect("UTF-8")], &lower);
    assert!(output.status.success(), "{output:?}");
    let again = traces(&std::fs::read_to_string(&lower).expect("the page"));
    assert_eq!(again, recorded);

    let Some(browser) = chromium() else {
        return;
    };
    let url = format!("file://{}#end", out.display());
    let dom = headless(&browser, &dir.path().join("p"), &["--dump-dom"], &url);
    let dom = String::from_utf8_lossy(&dom.stdout);
    let panel = regex::Regex::new(
        r#"<section class="panel" data-approach="([a-z-]+)" data-steps="(\d+)" data-board="([1-9A-G.]{256})">"#,
    )
    .expect("a regex");
    let panels: Vec<_> = panel.captures_iter(&dom).collect();
    assert_eq!(panels.len(), 2, "{dom}");
    for ((found, rung), trace) in panels.iter().zip(rungs).zip(&recorded) {
        assert_eq!(&found[1], rung);
        assert_eq!(found[2].parse::<usize>().expect("a count"), steps(trace));
        assert_eq!(&found[3], solved, "{rung} at #end");
    }
}

#[test]
fn a_rung_for_9x9_only_or_a_36x36_board_is_an_error_before_anything_runs() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("no.html");
    let (line, _) = a_16x16();
    let args = [
        &line,
        "--approach",
        "dancing-links",
        "--approach",
        "bitmask-flip",
    ];
    let output = trace(&args, &out);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: bitmask-flip traces 9x9 boards only; \
         dancing-links and constraint-propagation take 16x16\n"
    );
    let output = trace(&[&".".repeat(36 * 36)], &out);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: trace replays boards up to 25x25, and this one is 36x36\n"
    );
    assert!(!out.exists());
}

/// The trace of LeetCode's example with every rung, which the rung pages link
/// (`docs/traces/leetcode-example.html`), is what `trace` writes today. With
/// `SUDOKU_KATA_UPDATE_DOCS=1` (and not in CI) the test writes it instead.
#[test]
fn the_docs_trace_of_the_example_is_current() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("example.html");
    let rungs: Vec<&str> = sudoku_fixtures::APPROACHES.iter().map(|a| a.name).collect();
    let args = args_for(&rungs);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert!(trace(&args, &out).status.success());
    let fresh = std::fs::read_to_string(&out).expect("the page");
    let committed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/traces/leetcode-example.html");
    let update =
        std::env::var_os("SUDOKU_KATA_UPDATE_DOCS").is_some() && std::env::var_os("CI").is_none();
    if update {
        std::fs::create_dir_all(committed.parent().expect("docs/traces")).expect("mkdir");
        std::fs::write(&committed, &fresh).expect("write the trace");
    }
    let old = std::fs::read_to_string(&committed).unwrap_or_default();
    assert!(
        old == fresh,
        "docs/traces/leetcode-example.html is out of date; run \
         `SUDOKU_KATA_UPDATE_DOCS=1 cargo test -p sudoku-kata --test it trace::` and commit it"
    );
}

#[test]
fn without_approaches_four_contrasting_rungs_are_traced() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = dir.path().join("default.html");
    let output = trace(&[EXAMPLE], &out);
    assert!(output.status.success(), "{output:?}");
    let page = std::fs::read_to_string(&out).expect("the page");
    let names: Vec<String> = traces(&page)
        .iter()
        .map(|trace| trace["approach"].as_str().expect("a name").to_owned())
        .collect();
    assert_eq!(
        names,
        ["bitmask-lowbit", "mrv-heap", "dancing-links", "bitboard"]
    );
}

#[test]
fn a_large_fixture_is_named_as_a_9x9_one_is() {
    let dir = tempfile::tempdir().expect("a directory");
    let large = &large_puzzles(16)[0];
    let (by_name, by_line) = (dir.path().join("name.html"), dir.path().join("line.html"));
    let dancing_links = ["--approach", "dancing-links"];
    for (puzzle, out) in [(large.id(), &by_name), (large.board.to_line(), &by_line)] {
        let args: Vec<&str> = [puzzle.as_str()].into_iter().chain(dancing_links).collect();
        let output = trace(&args, out);
        assert!(output.status.success(), "{output:?}");
    }
    let page = |path: &std::path::Path| traces(&std::fs::read_to_string(path).expect("a page"));
    assert_eq!(page(&by_name), page(&by_line));
}
