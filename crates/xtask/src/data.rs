//! `cargo xtask data --from DIR-or-ZIP`: puts the public puzzle sets where the benches and
//! `results` read them by default, the git-ignored `data/` of the workspace.
//!
//! tdoku's repository (`git clone https://github.com/t-dillon/tdoku`) keeps its benchmark sets
//! in `data.zip`, whose `data/` folder holds them as `puzzles0_kaggle`, `puzzles2_17_clue`, and
//! so on: `--from` takes that archive, or a folder it was unpacked into. The large boards'
//! sets (`acs16-fill05.txt` to `acs25-fill95.txt`, the "general" instances of Lloyd and Amos,
//! 2018) go to `data/large/` when the archive or folder has them.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use sudoku_bench::sets::PUBLIC_SETS;

use crate::{Fallible, workspace_root};

/// Options of `data`.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// tdoku's data.zip, or a folder holding its sets (searched at any depth).
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
        from_folder(from)?
    } else {
        from_zip(from)?
    };
    if found.is_empty() {
        return Err(format!(
            "{} holds no public set (files named puzzles*, as in tdoku's data.zip, or \
             acs*-fill*.txt)",
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

/// The sets in `dir` and the folders below it.
fn from_folder(dir: &Path) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let path = entry
                .map_err(|error| format!("{}: {error}", folder.display()))?
                .path();
            if path.is_dir() {
                folders.push(path);
            } else if let Some(to) = path.file_name().and_then(|n| place(&n.to_string_lossy())) {
                let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                found.push((to, path.display().to_string(), bytes));
            }
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
