//! The race against C solvers from tdoku's repository, built by `cargo xtask anchors` (see
//! [`crate::anchors`]) in two builds: for this processor, which the engine races, and for the
//! baseline x86-64 target, which each rung races like for like (a LeetCode region cannot assume
//! the judge's processor). A driver is called `DRIVER FILE LIMIT ROUNDS [CONFIG]` and prints
//! `N puzzles, M solutions, best S s, R puzzles/s`: its best round, solving the whole file.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use sudoku_bench::engines::{ENGINE, Mode, engine};
use sudoku_bench::sets::{PUBLIC_SETS, PuzzleBytes, PuzzleSet, write_file};
use sudoku_bench::throughput::time_pass;
use sudoku_board::group_thousands;
use sudoku_engine::count_solutions;
use sudoku_kata::table::{Align, markdown};
use wait_timeout::ChildExt;

/// The environment variable naming the directory that holds the two builds of the drivers
/// (`native/` and `x86-64/`), [`crate::anchors::ANCHORS_DIR`] by default.
pub const ANCHORS_ENV: &str = "SUDOKU_ANCHORS";

/// The build of the drivers that `ours` races: the engine's own processor, or the baseline
/// target a rung is compiled for.
fn build_for(ours: &str) -> &'static str {
    let [(native, _), (baseline, _)] = crate::anchors::BUILDS;
    if ours == ENGINE { native } else { baseline }
}

/// The longest one run of a driver may take (all its rounds): past it, the driver is
/// stopped and `results` fails, rather than waiting on a driver that hangs.
const DRIVER_LIMIT: Duration = Duration::from_secs(300);

/// One race: ours and the mode; the driver's file name, its configuration word and the C
/// solver's name on the page; the public set (its index in [`PUBLIC_SETS`]) and how many of its
/// puzzles, from the first.
type Race<'a> = (&'a str, Mode, &'a str, &'a str, &'a str, usize, usize);

/// Every race, in the order of the page: the engine against tdoku itself on every set in both
/// modes; `dancing-links` against the two exact-cover solvers; the two bitmask rungs against
/// tdoku's basic bitmask solver in the same order of cells (1 = fewest candidates first).
fn races() -> Vec<Race<'static>> {
    let (first, all) = (Mode::FirstSolution, usize::MAX);
    let tdoku = |set| Mode::ALL.map(|mode| (ENGINE, mode, "drv", "0", "tdoku", set, all));
    let exact_cover = |set| {
        [
            ("drv_Kudoku", "kudoku"),
            ("drv_FastSolv9r2", "fast_solv_9r2"),
        ]
        .map(|(driver, theirs)| ("dancing-links", first, driver, "0", theirs, set, all))
    };
    let basic = |(set, take)| {
        [
            ("bitmask-mrv", "1", "tdoku basic, fewest candidates first"),
            ("bitmask-lowbit", "0", "tdoku basic, cells in order"),
        ]
        .map(|(ours, config, theirs)| (ours, first, "drv_basic", config, theirs, set, take))
    };
    let tdoku = (0..PUBLIC_SETS.len()).flat_map(tdoku);
    let exact_cover = (0..3).flat_map(exact_cover);
    let basic = [(1, 100), (2, 500)].into_iter().flat_map(basic);
    tdoku.chain(exact_cover).chain(basic).collect()
}

/// Appends the races' table to `text`: `sets` are the [`PUBLIC_SETS`] in that order, `drivers`
/// the directory named by [`ANCHORS_ENV`], `scratch` where the puzzles of each race are written
/// for its driver. The two sides take three turns each; in each turn a side solves the whole
/// set as many times as take ours about `min_time`, and its time is its best round.
pub fn section(
    text: &mut String,
    sets: &[PuzzleSet],
    drivers: &Path,
    scratch: &Path,
    min_time: Duration,
) -> Result<(), String> {
    let mut rows = Vec::new();
    for (name, mode, driver, config, theirs, set, take) in races() {
        let set = sets.get(set).ok_or("every public set is loaded")?;
        let boards = set.boards();
        let puzzles = &boards[..take.min(boards.len())];
        let build = build_for(name);
        let driver = drivers.join(build).join(driver);
        errln!("results: racing {name} against {}", driver.display());
        let ours = engine(name).ok_or(format!("{name} is an engine"))?;
        let one = time_pass(&ours, mode, puzzles).max(Duration::from_micros(1));
        let rounds = (min_time.div_duration_f64(one).ceil()).clamp(1.0, 1000.0) as u32;
        let limit = if mode == Mode::FirstSolution { 1 } else { 2 };
        let numbers = [limit, rounds as usize].map(|n| n.to_string());
        let args = [&numbers[0], &numbers[1], config];
        // Whole sets raced in turn: a slow spell of the machine costs one turn of one side,
        // and the best of three turns drops it. Never a slice of a set over and over: the
        // processor learns its branches (see docs/measuring.md).
        let count = |puzzle| count_solutions(puzzle, limit);
        let solutions = puzzles.iter().map(count).sum();
        let (mut mine, mut best) = (Duration::MAX, Duration::MAX);
        for _ in 0..3 {
            for _ in 0..rounds {
                mine = mine.min(time_pass(&ours, mode, puzzles));
            }
            let run = run_driver(&driver, scratch, &args, puzzles, solutions, DRIVER_LIMIT);
            best = best.min(run?);
        }
        let rate = |best: Duration| puzzles.len() as f64 / best.as_secs_f64();
        let rate_of = |who: &str, best| format!("{who} {}", group_thousands(rate(best) as u64));
        let part = (puzzles.len() < boards.len()).then(|| format!(", first {}", puzzles.len()));
        rows.push(vec![
            format!("{}{}", set.name, part.unwrap_or_default()),
            mode.label().to_owned(),
            rate_of(name, mine),
            rate_of(theirs, best),
            build.to_owned(),
            format!("{:.2}", rate(mine) / rate(best)),
        ]);
    }
    *text += "Each of ours in this process, through the same entry as `bench`; each C solver \
              through its driver, on a file of the same puzzles. The two take three turns \
              each; in each turn both solve the whole set the same number of times, and each \
              keeps its best round. The drivers are built from tdoku's repository by \
              `cargo xtask anchors` (its `src/` and `other/` sources, `-O3`; \
              [measuring.md](measuring.md#the-race-against-c-solvers) says how), twice: for \
              this processor (`native`), which the engine races, and for the baseline x86-64 \
              target that ours is compiled for (`x86-64`), which each rung races. Above 1.00, \
              ours is faster.\n\n";
    let header = [("set", Align::Left), ("mode", Align::Left)];
    let numbers = ["ours, puzzles/s", "C, puzzles/s"].map(|n| (n, Align::Right));
    let build = [("C build", Align::Left), ("ours / C", Align::Right)];
    *text += &markdown(&[&header[..], &numbers, &build].concat(), &rows);
    text.push('\n');
    Ok(())
}

/// Writes `puzzles` to a file in `scratch`, runs `driver FILE LIMIT ROUNDS CONFIG` on it (`args`
/// after the file), for at most `time_limit`, and returns its best round, once its output says
/// it read every puzzle and found `solutions` in all (each puzzle's, counted up to the limit).
fn run_driver(
    driver: &Path,
    scratch: &Path,
    args: &[&str],
    puzzles: &[PuzzleBytes],
    solutions: usize,
    time_limit: Duration,
) -> Result<Duration, String> {
    let file = scratch.join("race.txt");
    write_file(&file, puzzles)?;
    let shown = driver.display();
    let failed = |error: std::io::Error| format!("{shown}: {error} (see docs/measuring.md)");
    // What it prints goes to files, which never fill up and stop it as a pipe would.
    let (out, err) = (scratch.join("driver.out"), scratch.join("driver.err"));
    let create = |path: &Path| File::create(path).map_err(failed);
    let mut child = (Command::new(driver).arg(&file).args(args))
        .stdin(Stdio::null())
        .stdout(create(&out)?)
        .stderr(create(&err)?)
        .spawn()
        .map_err(failed)?;
    let Some(status) = child.wait_timeout(time_limit).map_err(failed)? else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!(
            "{shown} ran for longer than {} s on {} puzzles, so it was stopped",
            time_limit.as_secs_f64(),
            puzzles.len()
        ));
    };
    let read =
        |path: &Path| String::from_utf8_lossy(&fs::read(path).unwrap_or_default()).into_owned();
    let printed = read(&out);
    let numbers: Vec<f64> = (printed.split([' ', ',']))
        .filter_map(|word| word.parse().ok())
        .collect();
    match numbers[..] {
        [read, solved, seconds, rate]
            if status.success()
                && read == puzzles.len() as f64
                && solved == solutions as f64
                && seconds.min(rate) >= 0.0
                && rate.is_finite() =>
        {
            // The seconds have four decimals and the rate none: the time comes from the one
            // with the smaller rounding error.
            let seconds = if rate > 1e4 * seconds {
                read / rate
            } else {
                seconds
            };
            Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|seconds| !seconds.is_zero())
                .ok_or(format!("{shown} printed no time: {:?}", printed.trim()))
        }
        _ => Err(format!(
            "{shown} on {} puzzles with {solutions} solutions ({}) printed {:?}, \
             {:?}: not `N puzzles, M solutions, best S s, R puzzles/s` with every puzzle read \
             and its solutions found",
            puzzles.len(),
            status,
            printed.trim(),
            read(&err).trim(),
        )),
    }
}

/// `drivers` once every driver the races need is a file in it: [`section`] would fail on the
/// first one missing, so `results` checks before it measures anything.
///
/// # Errors
/// Names the drivers missing.
pub fn checked(drivers: PathBuf) -> Result<PathBuf, String> {
    let driver = |race: &Race| drivers.join(build_for(race.0)).join(race.2);
    let mut missing: Vec<String> = (races().iter().map(driver))
        .filter(|driver| !driver.is_file())
        .map(|driver| driver.display().to_string())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if missing.is_empty() {
        return Ok(drivers);
    }
    let missing = missing.join(", ");
    Err(format!(
        "{ANCHORS_ENV}: no driver {missing} (`cargo xtask anchors --tdoku DIR` builds them)"
    ))
}

// The fake drivers are shell scripts.
#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::sync::{Mutex, PoisonError};

    use super::*;
    use sudoku_bench::sets::bundled_set;

    /// Held by each test while it writes and runs its drivers: a script written while another
    /// thread forks stays open in the child until that child's exec, and running it meanwhile
    /// fails with "text file busy". No other test of this binary starts a process; one that
    /// does should take it too.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    /// A driver `name` in `dir` that runs `body`, with `$n` the number of lines in its file,
    /// after noting its name, limit and configuration word in `dir/calls.log`.
    fn fake_driver(dir: &Path, name: &str, body: &str) -> PathBuf {
        let path = dir.join(name);
        let log = "echo \"$(basename \"$0\") $2 $4\" >> \"$(dirname \"$0\")/calls.log\"";
        let script = format!("#!/bin/sh\n{log}\nn=$(grep -c . \"$1\")\n{body}\n");
        std::fs::write(&path, script).expect("writes the script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }

    fn easy() -> Vec<PuzzleBytes> {
        bundled_set("easy").expect("the easy tier").boards()
    }

    #[test]
    fn a_driver_s_best_round_counts_only_when_it_found_every_solution() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        let dir = tempfile::tempdir().expect("a directory");
        let puzzles = easy();
        let run = |body: &str| {
            let driver = fake_driver(dir.path(), "drv", body);
            run_driver(&driver, dir.path(), &[], &puzzles, 15, DRIVER_LIMIT)
        };
        // The time comes from whichever of the seconds and the rate has more digits.
        let fast = run("echo \"$n puzzles, $n solutions, best 0.0001 s, 120000 puzzles/s\"");
        assert_eq!(fast, Ok(Duration::from_micros(125)));
        let slow = run("echo \"$n puzzles, $n solutions, best 0.2400 s, 62 puzzles/s\"");
        assert_eq!(slow, Ok(Duration::from_millis(240)));
        for (body, says) in [
            (
                "echo \"$n puzzles, 14 solutions, best 0.1 s, 150 puzzles/s\"",
                "found",
            ),
            (
                "echo \"$n puzzles, $n solutions, best 0 s, 0 puzzles/s\"",
                "printed no time",
            ),
            (
                "echo \"$n puzzles, $n solutions, best 1 s, 15 puzzles/s\"; exit 3",
                "exit status: 3",
            ),
            ("echo out of memory >&2; exit 1", "\"out of memory\""),
            ("echo hello", "\"hello\""),
        ] {
            let error = run(body).expect_err(body);
            assert!(error.contains(says), "{body}: {error}");
        }
        // A driver that prints more than a pipe holds is not held up by it.
        let loud = "head -c 200000 /dev/zero | tr '\\0' x >&2; exit 1";
        let driver = fake_driver(dir.path(), "drv", loud);
        let limit = Duration::from_secs(20);
        let loud = run_driver(&driver, dir.path(), &[], &puzzles, 15, limit);
        let loud = loud.expect_err("exit status 1");
        let start: String = loud.chars().take(300).collect();
        assert!(
            loud.contains("exit status: 1") && loud.contains("xxxxxxxx"),
            "{start}"
        );
        // A driver that hangs is stopped at the time limit.
        let driver = fake_driver(dir.path(), "drv", "exec sleep 30");
        let limit = Duration::from_millis(200);
        let hung = run_driver(&driver, dir.path(), &[], &puzzles, 15, limit);
        let hung = hung.expect_err("stopped");
        assert!(
            hung.ends_with("drv ran for longer than 0.2 s on 15 puzzles, so it was stopped"),
            "{hung}"
        );
        let nowhere = dir.path().join("nowhere");
        let missing = run_driver(&nowhere, dir.path(), &[], &puzzles, 15, DRIVER_LIMIT);
        let missing = missing.expect_err("no such driver");
        assert!(missing.contains("nowhere: No such file"), "{missing}");
        // Each build's drivers in its own folder: a driver beside them is none of them.
        let missing = checked(dir.path().to_owned()).expect_err("all four are missing");
        assert!(missing.contains("native/drv,"), "{missing}");
        assert_eq!(missing.matches("x86-64/drv_").count(), 3, "{missing}");
    }

    #[test]
    fn every_race_gets_a_row_with_both_rates_and_their_ratio() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        let dir = tempfile::tempdir().expect("a directory");
        let drivers = dir.path().join("drivers");
        for (build, _) in crate::anchors::BUILDS {
            std::fs::create_dir_all(drivers.join(build)).expect("a directory");
            for name in ["drv", "drv_Kudoku", "drv_FastSolv9r2", "drv_basic"] {
                let body = "echo \"$n puzzles, $n solutions, best 0.5 s, $((n * 2)) puzzles/s\"";
                fake_driver(&drivers.join(build), name, body);
            }
        }
        assert_eq!(checked(drivers.clone()), Ok(drivers.clone()));
        // 150 puzzles a set, so that the bitmask rungs' races take the first 100 of one.
        let puzzles: Vec<PuzzleBytes> = easy().into_iter().cycle().take(150).collect();
        let sets: Vec<PuzzleSet> = (PUBLIC_SETS.iter())
            .map(|name| PuzzleSet::from_boards(name, puzzles.clone()))
            .collect();
        let mut text = String::new();
        let min_time = Duration::from_millis(1);
        section(&mut text, &sets, &drivers, dir.path(), min_time).expect("every race runs");
        let table = text.lines().filter(|line| line.starts_with("| "));
        let rows: Vec<&str> = table.skip(2).collect();
        assert_eq!(rows.len(), races().len(), "{text}");
        // The drivers take 0.5 s a run: 300 puzzles/s on a whole set, 200 on its first 100.
        let row = |start: &str| *rows.iter().find(|row| row.starts_with(start)).expect(start);
        let dlx = row("| puzzles2_17_clue | first | dancing-links ");
        assert!(dlx.contains("| kudoku 300 | x86-64 |"), "{dlx}");
        let mrv = row("| puzzles3_magictour_top1465, first 100 | first | bitmask-mrv ");
        assert!(
            mrv.contains("| tdoku basic, fewest candidates first 200 |"),
            "{mrv}"
        );
        let unique = row("| puzzles7_serg_benchmark | unique | engine ");
        assert!(unique.contains("| tdoku 300 | native |"), "{unique}");
        let ratio = unique.trim_end_matches(" |").rsplit("| ").next();
        let ratio = ratio.and_then(|ratio| ratio.parse::<f64>().ok());
        assert!(ratio.is_some_and(|ratio| ratio > 0.0), "{unique}");
        // Each driver got its limit and configuration word, in its build: 3 turns a race.
        let log = |build: &str| {
            let log = std::fs::read_to_string(drivers.join(build).join("calls.log"));
            log.unwrap_or_default()
        };
        let log = format!(
            "{}{}",
            log("native"),
            log("x86-64").replace("drv", "x86-64/drv")
        );
        for (call, races) in [
            ("drv 1 0", 5),
            ("drv 2 0", 5),
            ("x86-64/drv_Kudoku 1 0", 3),
            ("x86-64/drv_basic 1 1", 2),
            ("x86-64/drv_basic 1 0", 2),
        ] {
            assert_eq!(
                log.lines().filter(|line| *line == call).count(),
                3 * races,
                "{call}"
            );
        }
    }
}
