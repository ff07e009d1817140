//! `cargo xtask results` on the bundled puzzles: one run writes the page and its chart, with the
//! header, every rung on every tier, every bundled set's throughput, and what was left out and
//! why (the public sets, and the race against C solvers that needs them).

use std::path::PathBuf;
use std::process::Command;

use sudoku_fixtures::APPROACHES;
use sudoku_harness::TIERS;

/// `sudoku-kata` as `cargo build -p sudoku-kata` builds it, for `--exe`: nothing to build once
/// `cargo test --workspace` has built it for the command line's own tests.
fn sudoku_kata() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "build",
            "--quiet",
            "-p",
            "sudoku-kata",
            "--message-format=json",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{output:?}");
    sudoku_kata::built::executable(&output.stdout, "sudoku-kata").expect("cargo names it")
}

/// The whole pipeline once, on the bundled puzzles with budgets of a fiftieth of a second: about
/// 7 s, most of it the rungs' worker processes.
#[test]
fn one_run_writes_the_page_and_its_chart() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let page = dir.path().join("results.md");
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["results", "--out"])
        .arg(&page)
        .arg("--exe")
        .arg(sudoku_kata())
        .args([
            // Small budgets: the slow rungs stop at once, and the run takes seconds.
            "--budget",
            "0.02",
            "--min-time",
            "0.001",
            "--bench-budget",
            "0.02",
            "--bulk-lines",
            "2000",
        ])
        // Set but empty: no public sets and no drivers, even where data/ and target/anchors are.
        .env("SUDOKU_BENCH_DATA", "")
        .env("SUDOKU_ANCHORS", "")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("results: running compare --budget 0.02"),
        "{stderr}"
    );

    let text = std::fs::read_to_string(&page).expect("the page is written");
    for field in [
        "- date: 20",
        "- commit: ",
        "- CPU: ",
        "- compiler: rustc ",
        "- command: `",
    ] {
        assert!(text.contains(field), "no {field:?} in the header:\n{text}");
    }
    assert!(text.contains("cargo xtask results --out "), "{text}");
    // Boards beyond 9x9: a row per rung that takes any box size, on each bundled size.
    for approach in APPROACHES.iter().filter(|a| a.solutions.is_some()) {
        for size in ["16x16", "25x25"] {
            let row = format!("| {size} | {} | ", approach.name);
            assert!(text.contains(&row), "no row {row:?}:\n{text}");
        }
    }
    for tier in TIERS {
        for approach in APPROACHES {
            let row = format!("| {} | {} | ", tier.name, approach.name);
            assert!(text.contains(&row), "no row {row:?}:\n{text}");
        }
        assert!(
            text.contains(&format!("\n{}: ", tier.name)),
            "no throughput table for {}",
            tier.name
        );
    }
    assert!(
        text.contains("\ngenerated: 200 puzzles, first solution"),
        "{text}"
    );
    // Without the public sets, the bulk runs read the generated set, every line answered.
    assert!(
        text.contains(
            "The puzzles of generated, repeated to 2,000 lines for the engine and 80 for \
             dancing-links"
        ),
        "{text}"
    );
    for run in [
        "| the engine alone, in this process, one thread | ",
        "| `RAYON_NUM_THREADS=1 sudoku-kata solve FILE > out` | ",
        "| `RAYON_NUM_THREADS=2 sudoku-kata solve FILE > out` | ",
        "| dancing-links alone, in this process, one thread | ",
        "| `RAYON_NUM_THREADS=1 sudoku-kata solve --approach dancing-links FILE > out` | ",
        "| `RAYON_NUM_THREADS=2 sudoku-kata solve --approach dancing-links FILE > out` | ",
    ] {
        assert!(text.contains(run), "no row {run:?}:\n{text}");
    }
    assert!(text.contains("Skipped: the public sets (puzzles"), "{text}");
    assert!(
        text.contains("Skipped: this needs the public sets and the C solvers' drivers"),
        "{text}"
    );
    assert!(
        text.contains("![Total time per tier, log scale](results.svg)"),
        "{text}"
    );

    let chart = std::fs::read_to_string(dir.path().join("results.svg")).expect("the chart");
    assert!(chart.contains("<svg"), "not an SVG: {chart:.200}");
}

#[test]
fn what_the_steps_need_is_checked_before_the_first_runs() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let run = |out: &std::path::Path, data: Option<&std::path::Path>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_xtask"));
        command.args(["results", "--out"]).arg(out);
        command.env("SUDOKU_ANCHORS", "");
        match data {
            Some(data) => command.env("SUDOKU_BENCH_DATA", data),
            None => command.env("SUDOKU_BENCH_DATA", ""),
        };
        let output = command.output().expect("runs");
        // Nothing ran: no step's progress line on stderr.
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert!(!stderr.contains("running"), "{stderr}");
        (output.status.code(), stderr)
    };
    let page = dir.path().join("page.md");
    let cases = [
        (dir.path().to_owned(), "it is a directory"),
        (
            dir.path().join("page.svg"),
            "the chart goes beside the page with the extension \
          .svg, and would be the page",
        ),
        (dir.path().join("none/page.md"), "its folder does not exist"),
    ];
    for (out, why) in cases {
        let expected = format!("error: cannot write {}: {why}\n", out.display());
        assert_eq!(run(&out, None), (Some(1), expected));
    }
    let missing = dir.path().join("no-data");
    let (code, stderr) = run(&page, Some(&missing));
    assert_eq!(code, Some(1));
    let file = missing.join("puzzles2_17_clue").display().to_string();
    assert!(
        stderr.starts_with(&format!("error: {file}: cannot read it")),
        "{stderr}"
    );
    assert!(!page.exists() && !page.with_extension("svg").exists());
}
