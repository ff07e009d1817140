//! `cargo xtask data --from DIR-or-ZIP`: puts the public puzzle sets where the benches and
//! `results` read them by default, the git-ignored `data/` of the workspace.
//!
//! tdoku's repository (`git clone https://github.com/t-dillon/tdoku`) keeps its benchmark sets
//! in `data.zip`, whose `data/` folder holds them as `puzzles0_kaggle`, `puzzles2_17_clue`, and
//! so on: `--from` takes that archive, or a folder it was unpacked into. The large boards' sets
//! go to `data/large/`, one file per size and share of givens (`acs16-fill05.txt` to
//! `acs25-fill95.txt`, `name<TAB>puzzle` lines): from a checkout of Lloyd and Amos's repository
//! (`git clone https://github.com/huwlloyd-mmu/sudoku_acs`), whose "general" instances are a
//! file per board (`instances/general/inst25x25_45_0.txt`: the box size, a line, then the rows
//! of values, `-1` a blank), or from files already in that shape.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use sudoku_bench::sets::PUBLIC_SETS;

use crate::{Fallible, workspace_root};

/// Options of `data`.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// tdoku's data.zip, a folder holding its sets (searched at any depth), or a checkout of
    /// Lloyd and Amos's sudoku_acs (the large boards).
    #[arg(long, value_name = "DIR-or-ZIP")]
    from: PathBuf,
    /// Where to put them [default: data/ in the workspace].
    #[arg(long, value_name = "DIR")]
    into: Option<PathBuf>,
}

/// Where a set found under the name `name` goes under `data/`, if it is one: tdoku's sets at
/// the top, the large boards' in `large/`.
fn place(name: &str) -> Option<PathBuf> {
    if name.starts_with("puzzles") && !name.contains('.') {
        Some(PathBuf::from(name))
    } else if name.starts_with("acs") && name.contains("-fill") && name.ends_with(".txt") {
        Some(Path::new("large").join(name))
    } else {
        None
    }
}

/// Writes every set found in `--from` under `--into`, saying where each came from; fails when
/// `--from` cannot be read or holds none of them.
pub fn run(args: &DataArgs) -> Fallible<ExitCode> {
    let into = (args.into.clone()).unwrap_or_else(|| workspace_root().join("data"));
    let from = &args.from;
    let found = if from.is_dir() {
        let files = files_under(from)?;
        let mut found = from_folder(&files)?;
        found.extend(instances(from, &files)?);
        found
    } else {
        from_zip(from)?
    };
    if found.is_empty() {
        return Err(format!(
            "{} holds no public set (files named puzzles*, as in tdoku's data.zip, or the \
             large boards' inst*x*_*_*.txt or acs*-fill*.txt)",
            from.display()
        )
        .into());
    }
    for (to, source, bytes) in &found {
        let path = into.join(to);
        let folder = path.parent().unwrap_or(&into);
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("{}: {error}", folder.display()))?;
        std::fs::write(&path, bytes).map_err(|error| format!("{}: {error}", path.display()))?;
        println!("{} (from {source})", path.display());
    }
    let missing: Vec<&str> = (PUBLIC_SETS.iter().copied())
        .filter(|name| !into.join(name).is_file())
        .collect();
    if !missing.is_empty() {
        println!(
            "not there yet, which `cargo xtask results` needs: {}",
            missing.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A set found: where it goes under `data/`, where it came from, its bytes.
type Found = (PathBuf, String, Vec<u8>);

/// The files in `dir` and the folders below it, through links as `Path::is_dir` sees them.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        let entry = entry.map_err(|error| error.to_string())?;
        if !entry.file_type().is_dir() {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

/// The file name of `path`, as text.
fn name_of(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The sets among `files`, by their names.
fn from_folder(files: &[PathBuf]) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    for path in files {
        if let Some(to) = place(&name_of(path)) {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            found.push((to, path.display().to_string(), bytes));
        }
    }
    found.sort();
    Ok(found)
}

/// The sets in the zip archive `file`.
fn from_zip(file: &Path) -> Result<Vec<Found>, String> {
    let failed = |error: &dyn std::fmt::Display| format!("{}: {error}", file.display());
    let opened = std::fs::File::open(file).map_err(|error| failed(&error))?;
    let mut archive = zip::ZipArchive::new(opened).map_err(|error| failed(&error))?;
    let mut found = Vec::new();
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(|error| failed(&error))?;
        let name = entry.name().to_owned();
        let base = name.rsplit('/').next().unwrap_or_default();
        let Some(to) = place(base).filter(|_| entry.is_file()) else {
            continue;
        };
        let mut bytes = Vec::new();
        entry
            .read_to_end(&mut bytes)
            .map_err(|error| failed(&error))?;
        found.push((to, format!("{}: {name}", file.display()), bytes));
    }
    Ok(found)
}

/// The "general" instances of Lloyd and Amos under `dir` (`inst{N}x{N}_{PERCENT}_{INDEX}.txt`,
/// at any depth) beyond 9x9 and from 5% to 95% given, gathered into a set per size and share of
/// givens, boards in index order.
fn instances(dir: &Path, files: &[PathBuf]) -> Result<Vec<Found>, String> {
    use std::collections::BTreeMap;
    // (side, percent) -> index -> puzzle
    let mut sets: BTreeMap<(usize, usize), BTreeMap<usize, String>> = BTreeMap::new();
    for path in files {
        let name = name_of(path);
        // The boards beyond 9x9 with something given and something to solve.
        let instance = instance_name(&name);
        let Some((side, percent, index)) =
            instance.filter(|&(side, percent, _)| side > 9 && (1..100).contains(&percent))
        else {
            continue;
        };
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let puzzle = instance_board(&text, side)
            .ok_or_else(|| format!("{}: not a board of {side}x{side}", path.display()))?;
        sets.entry((side, percent))
            .or_default()
            .insert(index, puzzle);
    }
    let source = format!("{}: instances/general/inst*.txt", dir.display());
    Ok(sets
        .into_iter()
        .map(|((side, percent), boards)| {
            let mut text = format!(
                "# {side}x{side} boards with {percent}% of the cells given at random from a solved \
                 grid (at least one\n# solution, not always unique): the 'general' instances of \
                 huwlloyd-mmu/sudoku_acs (Lloyd & Amos, 2018).\n# name<TAB>puzzle; values 1-9 \
                 then A.. (A = 10), '.' blank.\n"
            );
            for (index, puzzle) in boards {
                text += &format!("acs{side}-{percent:02}-{index:02}\t{puzzle}\n");
            }
            let file = Path::new("large").join(format!("acs{side}-fill{percent:02}.txt"));
            (file, source.clone(), text.into_bytes())
        })
        .collect())
}

/// The side, share of givens and index in an instance's file name, `inst16x16_45_0.txt`.
fn instance_name(name: &str) -> Option<(usize, usize, usize)> {
    let rest = name.strip_prefix("inst")?.strip_suffix(".txt")?;
    let (size, rest) = rest.split_once('_')?;
    let (percent, index) = rest.split_once('_')?;
    let (side, other) = size.split_once('x')?;
    let side: usize = side
        .parse()
        .ok()
        .filter(|side: &usize| side.to_string() == other)?;
    Some((side, percent.parse().ok()?, index.parse().ok()?))
}

/// An instance's board in the line notation: after its box size and one more line, `side` rows
/// of `side` values split by whitespace, `-1` a blank.
fn instance_board(text: &str, side: usize) -> Option<String> {
    const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let values: Vec<i64> = (text.lines().skip(2))
        .flat_map(str::split_whitespace)
        .map(|value| value.parse().ok())
        .collect::<Option<_>>()?;
    (values.len() == side * side).then_some(())?;
    (values.iter())
        .map(|&value| match value {
            -1 => Some('.'),
            1.. => SYMBOLS
                .get(usize::try_from(value).ok()? - 1)
                .map(|&b| char::from(b)),
            _ => None,
        })
        .collect()
}
