//! `cargo xtask results`: runs `compare` and `bench` and writes what they measured into one Markdown file,
//! `docs/results.md` by default, with `compare`'s chart beside it and a header saying when,
//! where and how the figures were made. It is the one page of the repository with measured
//! times; every other page links to it.
//!
//! Each measurement is the `sudoku-kata` executable, built in release (or `--exe`), run as
//! `compare` or `bench`, so the page holds exactly what those commands print. The public sets
//! are measured when they are in `data/` (or the folder `SUDOKU_BENCH_DATA` names), and the
//! `sudoku` crate joins them in a build with `--features reference`; C solvers race on them
//! when their drivers are in `target/anchors/` (or the folder `SUDOKU_ANCHORS` names; see
//! [`anchors`]). Otherwise the page says what was left out and how to include it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant, SystemTime};

use clap::Args;
use sudoku_bench::engines::{ENGINE, Mode, REFERENCE, engine};
use sudoku_bench::sets::{
    DATA_ENV, GENERATED, PUBLIC_SETS, PuzzleSet, bundled_set, data_dir, public_sets, write_file,
};
use sudoku_bench::throughput::time_pass;

use crate::anchors::ANCHORS_DIR;
use crate::{Fallible, seconds, workspace_root};
use anchors::ANCHORS_ENV;
use sudoku_board::group_thousands;

mod anchors;
mod large;

/// `bench`'s budget on the public sets, at least.
const PUBLIC_BUDGET: Duration = Duration::from_secs(60);

/// Options of `results`.
#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// Where to write the page; the chart goes beside it, with the extension `.svg`. By default
    /// `docs/results.md` of the workspace.
    #[arg(long, value_name = "PATH")]
    out: Option<PathBuf>,
    /// `compare`'s budget: an approach stops on a tier once one puzzle takes longer than this.
    #[arg(long, value_name = "SECS", default_value = "5", value_parser = seconds)]
    budget: Duration,
    /// `bench`'s --min-time: how long each engine is measured on each set (and, in the race
    /// against C solvers, how long ours runs each race in each turn).
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = seconds)]
    min_time: Duration,
    /// `bench`'s --budget: an engine is left out of a set a pass over which would take longer.
    #[arg(long, value_name = "SECS", default_value = "2.5", value_parser = seconds)]
    bench_budget: Duration,
    /// How many lines the bulk `solve` runs read: the set measured, repeated up to this many
    /// (1 to 10,000,000).
    #[arg(long, value_name = "LINES", default_value_t = 500_000,
          value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    bulk_lines: u32,
    /// The `sudoku-kata` executable to measure, instead of the release build this task makes
    /// (`cargo build --release -p sudoku-kata`, with the reference feature when this task has
    /// it).
    #[arg(long, value_name = "PATH")]
    exe: Option<PathBuf>,
}

/// Runs the measurements and writes the page. Fails (exit status 1) when the workspace or the
/// page cannot be found or written, or when a measurement fails: a wrong answer is never
/// published.
pub fn run(args: &ResultsArgs) -> Fallible<ExitCode> {
    let root = workspace_root();
    let page = args.out.clone().unwrap_or(root.join("docs/results.md"));
    let chart = page.with_extension("svg");
    // What every step needs is checked before the first one runs: the measuring takes minutes.
    sudoku_kata::written::unwritable(&page)?;
    if chart == page {
        let why = "the chart goes beside the page with the extension .svg, and would be the page";
        return Err(format!("cannot write {}: {why}", page.display()).into());
    }
    let secs = |time: Duration| time.as_secs_f64().to_string();
    let (budget, min_time) = (secs(args.budget), secs(args.min_time));
    let data = data_dir(&root);
    let public = data.as_deref().map(public_sets).transpose()?;
    let reference = engine(REFERENCE).is_some();
    // The drivers' folder: as the environment names it (empty: none), else target/anchors.
    let drivers = match std::env::var_os(ANCHORS_ENV) {
        Some(value) => Some(PathBuf::from(value)).filter(|value| !value.as_os_str().is_empty()),
        None => Some(PathBuf::from(ANCHORS_DIR)).filter(|dir| root.join(dir).is_dir()),
    };
    let race = match (&public, drivers) {
        (Some(sets), Some(drivers)) => Some((sets, anchors::checked(root.join(drivers))?)),
        _ => None,
    };
    let exe = match &args.exe {
        Some(exe) => exe.clone(),
        None => build(reference)?,
    };
    // The chart is drawn here and put beside the page only once the page is written.
    let scratch = tempfile::tempdir().map_err(|error| format!("a scratch directory: {error}"))?;
    let drawn = scratch.path().join("results.svg");
    let mut text = header(&root, data.is_some(), race.is_some(), reference);
    text += "## The ladder: every rung on every tier\n\n";
    let compare = ["compare", "--budget", &budget, "--format", "markdown"];
    let chart_path = drawn.display().to_string();
    let with_chart = [&compare[..], &["--svg", &chart_path]].concat();
    section(&mut text, &exe, &with_chart, &compare.join(" "))?;
    let chart_name = chart.file_name().unwrap_or_default().to_string_lossy();
    writeln!(text, "![Total time per tier, log scale]({chart_name})\n")?;

    text += "## Boards beyond 9x9: the rungs that take any box size, and the engine\n\n";
    for size in ["16", "25"] {
        let large = [
            "compare", "--size", size, "--budget", &budget, "--format", "markdown",
        ];
        section(&mut text, &exe, &large, &large.join(" "))?;
    }

    text += "## Hard boards beyond 9x9: the engine against CP-SAT\n\n";
    let large_sets = data.as_deref().map(|dir| dir.join("large"));
    large::section(&mut text, large_sets.as_deref())?;

    text += "## Throughput on the bundled sets\n\n";
    let bench_budget = secs(args.bench_budget);
    let bundled = ["bench", "--min-time", &min_time, "--budget", &bench_budget];
    section(&mut text, &exe, &bundled, &bundled.join(" "))?;

    text += "## Bulk solve against the solver alone\n\n";
    let seventeen = public.as_ref().and_then(|sets| sets.first());
    let lines = args.bulk_lines as usize;
    bulk(&mut text, &exe, seventeen, lines, scratch.path())?;

    text += "## The engine against the reference on the public sets\n\n";
    if !reference {
        text += "This build has no `reference` engine (the `sudoku` crate); \
                 `cargo xtask results` in a build with `--features reference` adds it.\n\n";
    }
    match &data {
        None => writeln!(
            text,
            "Skipped: the public sets ({}) are not in the repository. `cargo xtask data \
             --from DIR` unpacks them into `data/`, where this task reads them (or {DATA_ENV} \
             names their folder).",
            PUBLIC_SETS.join(", ")
        )?,
        Some(dir) => {
            // A pass over one of the two sets of about 49,000 puzzles takes seconds even for the
            // fastest engines, so the public sets get a budget that keeps them in.
            let budget = secs(args.bench_budget.max(PUBLIC_BUDGET));
            let mut public = vec!["bench", "--min-time", &min_time, "--budget", &budget];
            public.extend(["--approach", ENGINE]);
            if reference {
                public.extend(["--approach", REFERENCE]);
            }
            let files = PUBLIC_SETS.map(|name| dir.join(name).display().to_string());
            public.extend(files.iter().flat_map(|file| ["--file", file]));
            for unique in [None, Some("--unique")] {
                let run: Vec<&str> = public.iter().copied().chain(unique).collect();
                let shown = run.join(" ").replace(&dir.display().to_string(), "$DIR");
                section(&mut text, &exe, &run, &shown)?;
            }
        }
    }
    text += "## Against C solvers from tdoku's repository\n\n";
    match race {
        Some((sets, drivers)) => {
            anchors::section(&mut text, sets, &drivers, scratch.path(), args.min_time)?
        }
        None => writeln!(
            text,
            "Skipped: this needs the public sets and the C solvers' drivers, which `cargo \
             xtask anchors --tdoku DIR` builds into `{ANCHORS_DIR}` (or {ANCHORS_ENV} names \
             their folder; [measuring.md](measuring.md#the-race-against-c-solvers) says \
             more).\n"
        )?,
    }
    std::fs::write(&page, text).map_err(|error| format!("{}: {error}", page.display()))?;
    std::fs::copy(&drawn, &chart).map_err(|error| format!("{}: {error}", chart.display()))?;
    println!("wrote {}", page.display());
    Ok(ExitCode::SUCCESS)
}

/// How much of a solver's own rate `solve FILE > out` keeps once it reads, judges and writes
/// every line: the engine, then `dancing-links` (run by `solve` in worker processes, puzzles in
/// batches), each first alone in this process on one thread, then through `solve` as a child
/// process with `RAYON_NUM_THREADS` at 1 and 2; each figure the best of [`BULK_TURNS`] runs on
/// the same file (the 17-clue set when the public sets are in `data`, else the generated set,
/// repeated to `lines`; a twenty-fifth of that for the rung).
fn bulk(
    text: &mut String,
    exe: &Path,
    seventeen: Option<&PuzzleSet>,
    lines: usize,
    dir: &Path,
) -> Fallible {
    let generated = bundled_set(GENERATED).ok_or("the generated set is bundled")?;
    let set = seventeen.unwrap_or(&generated);
    let puzzles: Vec<[u8; 81]> = set.boards().into_iter().cycle().take(lines).collect();
    let few = (lines / 25).max(1);
    writeln!(
        text,
        "The puzzles of {}, repeated to {} lines for the engine and {} for {BULK_RUNG}; each \
         figure is the best of {BULK_TURNS} runs, taken in turn with the other two of its \
         solver.\n\n\
         | run | puzzles/s | of the solver alone |\n| :-- | --: | --: |",
        set.name,
        group_thousands(lines as u64),
        group_thousands(few as u64),
    )?;
    bulk_rows(text, exe, dir, &puzzles, ENGINE)?;
    bulk_rows(
        text,
        exe,
        dir,
        &puzzles[..few.min(puzzles.len())],
        BULK_RUNG,
    )?;
    text.push('\n');
    Ok(())
}

/// The rung whose bulk runs `results` times: the fastest that `solve` runs in workers.
const BULK_RUNG: &str = "dancing-links";

/// How many times each bulk run is taken. Ten, not three: a run on two threads needs both cores
/// quiet at once, so on a shared machine its best of three is further from its best than a
/// one-thread run's is.
const BULK_TURNS: usize = 10;

/// Three rows of the bulk table for the engine `solver`: alone on every puzzle in this process
/// (the pass `bench` times), then `solve ARGS FILE > out` with 1 and 2 threads, every line
/// checked to be answered; the three taken in turn, [`BULK_TURNS`] times, each keeping its best.
fn bulk_rows(
    text: &mut String,
    exe: &Path,
    dir: &Path,
    puzzles: &[[u8; 81]],
    solver: &str,
) -> Fallible {
    // `solve` runs the engine unless it is told another approach.
    let (name, args) = match solver {
        ENGINE => ("the engine", vec![]),
        rung => (rung, vec!["--approach", rung]),
    };
    let count = puzzles.len();
    let alone = engine(solver).ok_or(format!("{solver} is an engine"))?;
    let (input, output) = (dir.join("puzzles.txt"), dir.join("solutions.txt"));
    write_file(&input, puzzles)?;
    let flags: String = args.iter().map(|arg| format!("{arg} ")).collect();
    let shown =
        |threads| format!("RAYON_NUM_THREADS={threads} sudoku-kata solve {flags}FILE > out");
    let run_solve = |threads: u8| -> Fallible<Duration> {
        let shown = shown(threads);
        errln!("results: running {shown} on {count} lines");
        // A new file for each run, made before the clock starts: dropping the last run's answers
        // is not this run's work. Emptying the old file would cost this run more than that: ext4
        // writes a file emptied and written again to disk as soon as it is closed (its
        // `auto_da_alloc`), and `solve`'s exit would wait for it.
        match std::fs::remove_file(&output) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(error.into()),
            _ => {}
        }
        let out = std::fs::File::create(&output)?;
        let started = Instant::now();
        let status = Command::new(exe)
            .arg("solve")
            .args(&args)
            .arg(&input)
            .env("RAYON_NUM_THREADS", threads.to_string())
            .stdout(out)
            .status()?;
        // The clock stops when `solve` ends: checking its answers is not its work.
        let elapsed = started.elapsed();
        let answered = std::fs::read(&output)?;
        let lines = answered.split(|&byte| byte == b'\n');
        let solved = lines.filter(|line| line.len() == 81).count();
        if status.success() && solved == count {
            Ok(elapsed)
        } else {
            Err(format!("{shown} answered {solved} of {count} lines ({status})").into())
        }
    };
    // The three runs in turn, so that a slow spell of the machine costs each of them alike.
    let mut best = [Duration::MAX; 3];
    for _ in 0..BULK_TURNS {
        best[0] = best[0].min(time_pass(&alone, Mode::FirstSolution, puzzles));
        best[1] = best[1].min(run_solve(1)?);
        best[2] = best[2].min(run_solve(2)?);
    }
    let rate = |best: Duration| count as f64 / best.as_secs_f64();
    let shown_rate = |best| group_thousands(rate(best) as u64);
    let [own, one, two] = best;
    let own_row = format!("{name} alone, in this process, one thread");
    writeln!(text, "| {own_row} | {} | 1.00 |", shown_rate(own))?;
    for (threads, through) in [(1, one), (2, two)] {
        let ratio = rate(through) / rate(own);
        let shown = shown(threads);
        writeln!(text, "| `{shown}` | {} | {ratio:.2} |", shown_rate(through))?;
    }
    Ok(())
}

/// The title and where the figures come from: date, commit, CPU, compiler and command (with
/// [`DATA_ENV`] when the public sets are measured, [`ANCHORS_ENV`] when the `race` against C
/// solvers runs, and the `reference` feature when it is built).
fn header(root: &Path, data: bool, race: bool, reference: bool) -> String {
    let run = |program: &str, args: &[&str]| {
        let output = Command::new(program).args(args).current_dir(root).output();
        let output = output.ok().filter(|output| output.status.success())?;
        Some(String::from_utf8_lossy(&output.stdout).trim().to_owned())
    };
    let git = |args| run("git", args);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let compiler = run(&rustc, &["--version"]).unwrap_or_else(|| "unknown".to_owned());
    let commit = match (
        git(&["rev-parse", "--short", "HEAD"]),
        git(&["status", "--porcelain"]),
    ) {
        (Some(commit), Some(changes)) if !changes.is_empty() => {
            format!("{commit}, with uncommitted changes")
        }
        (Some(commit), _) => commit,
        (None, _) => "unknown (not a git checkout)".to_owned(),
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let command: Vec<String> = std::env::args().skip(1).collect();
    let cargo = if reference {
        "cargo run --release -p xtask --features reference --"
    } else {
        "cargo xtask"
    };
    // An environment variable as the command sets it, when what it names was used.
    let set = |name: &str, used: bool| match std::env::var(name) {
        Ok(value) if used => format!("{name}={value} "),
        _ => String::new(),
    };
    let (data, drivers) = (set(DATA_ENV, data), set(ANCHORS_ENV, race));
    format!(
        "# Measured results\n\n\
         <!-- Written by `cargo xtask results`: rerun it rather than edit this page. -->\n\n\
         Every measured time in the repository is on this page. Times vary from machine to \
         machine and run to run; search calls are exact and the same everywhere. How each \
         figure is measured: [measuring.md](measuring.md).\n\n\
         - date: {}\n- commit: {commit}\n- CPU: {} ({cores} cores available)\n- compiler: {}\n\
         - command: `{drivers}{data}{cargo} {}`\n\n",
        humantime::format_rfc3339_seconds(SystemTime::now()),
        sudoku_bench::cpu_model(),
        compiler,
        command.join(" "),
    )
}

/// Runs `sudoku-kata` (`exe`) with `args` and appends what it printed, under the command as
/// `shown`: `bench`'s tables in a text block, `compare`'s Markdown tables as they are.
fn section(text: &mut String, exe: &Path, args: &[&str], shown: &str) -> Fallible {
    errln!("results: running {shown}");
    let output = Command::new(exe)
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("cannot run {shown}: {error}"))?;
    if !output.status.success() {
        let status = output.status;
        return Err(format!("{shown} failed ({status}), so nothing was written").into());
    }
    let printed = String::from_utf8_lossy(&output.stdout);
    let (open, close) = match args[0] {
        "bench" => ("```text\n", "```\n"),
        _ => ("", ""),
    };
    writeln!(text, "`sudoku-kata {shown}`:\n\n{open}{printed}{close}")?;
    Ok(())
}

/// Builds `sudoku-kata` in release, with the `reference` feature when `reference`, cargo's
/// messages going to the terminal: the path of its executable.
fn build(reference: bool) -> Fallible<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    errln!("results: building sudoku-kata (cargo build --release -p sudoku-kata)");
    let output = Command::new(&cargo)
        .args(["build", "--release", "--quiet", "-p", "sudoku-kata"])
        .args(
            reference
                .then_some(["--features", "reference"])
                .into_iter()
                .flatten(),
        )
        .arg("--message-format=json-render-diagnostics")
        .current_dir(workspace_root())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("cannot run cargo: {error}"))?;
    if !output.status.success() {
        return Err("cargo could not build sudoku-kata: its messages above say why".into());
    }
    let executable = sudoku_kata::built::executable(&output.stdout, "sudoku-kata");
    Ok(executable.ok_or("cargo built sudoku-kata but reported no executable")?)
}
