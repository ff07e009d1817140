//! `new`: scaffolds an approach crate under `crates/approaches/<name>/` and registers it, so that
//! `cargo test -p <name>` and `compare --approach <name>` work at once (and fail on the
//! template's `todo!()` until the search is written).
//!
//! The crate is the layout every approach shares (`docs/adding-an-approach.md`, "What every
//! rung crate looks like"): a LeetCode region whose search is `todo!()`, the delegating `solve_sudoku` and
//! `solve_counting_calls`, a short crate doc, and a one-line test running the shared suite.
//! Registering edits TOML only, with `toml_edit` so that comments and layout stay: a `[[rung]]`
//! at the end of `ladder.toml`, a dependency of `crates/fixtures` (whose build script makes the
//! registry from the ladder), and `opt-level = 3` for it in the root `Cargo.toml`. No Rust file
//! outside the new crate changes. Everything is checked before anything is written, so a refused
//! run leaves the tree as it was. The crate's files are templates under `crates/cli/templates/rung/`,
//! compiled in.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use sudoku_bench::engines::{ENGINE, REFERENCE};
use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, value};

/// Options of `new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The package name of the new approach: lowercase ASCII letters, digits and '-', starting
    /// with a letter, each '-' between two letters or digits (e.g. `bitmask-mrv`).
    name: String,
    /// The workspace root to scaffold in, instead of the one found from the current directory
    /// (for tests).
    #[arg(long, value_name = "PATH", hide = true)]
    root: Option<PathBuf>,
}

/// Why `new` refused or failed, in words that name the name or the file at fault.
pub(crate) type NewError = String;

/// Runs `new`: scaffolds and registers, then says what it did and what to run next.
pub fn run(args: &NewArgs) -> crate::Fallible<ExitCode> {
    let root = root(args.root.as_ref(), "new")?;
    let name = &args.name;
    for line in scaffold(&root, name)? {
        outln!("{line}");
    }
    outln!(
        "\nNext:\n  \
         cargo test -p {name}    # the shared suite; fails on todo!() until the search is written\n  \
         cargo run --release -- compare --approach {name}\n\
         The next cargo command adds it to Cargo.lock: commit that with the crate."
    );
    Ok(ExitCode::SUCCESS)
}

/// The workspace root: the nearest directory from the current one up that holds `ladder.toml`
/// beside a `Cargo.toml` with a `[workspace]` table. Never the tree the binary was built from:
/// run elsewhere, a command that writes files must not write them there unasked.
pub(crate) fn find_workspace_root(command: &'static str) -> Result<PathBuf, NewError> {
    let start = std::env::current_dir().map_err(io(Path::new(".")))?;
    let found = start.ancestors().find(|dir| is_workspace_root(dir));
    found.map(Path::to_path_buf).ok_or_else(|| {
        format!(
            "no ladder.toml beside a Cargo.toml with [workspace] in {} or any directory above \
             it; run `{command}` inside the sudoku-kata workspace",
            start.display()
        )
    })
}

/// `given` (a `--root`), or else the root [`find_workspace_root`] finds for `command`.
pub(crate) fn root(given: Option<&PathBuf>, command: &'static str) -> Result<PathBuf, NewError> {
    given.map_or_else(|| find_workspace_root(command), |root| Ok(root.clone()))
}

fn is_workspace_root(dir: &Path) -> bool {
    dir.join("ladder.toml").is_file()
        && fs::read_to_string(dir.join("Cargo.toml"))
            .is_ok_and(|text| text.lines().any(|line| line.trim() == "[workspace]"))
}

/// The files of the new crate, from the templates under crates/cli/templates/rung/, where
/// `{name}` and `{ident}` are replaced.
const TEMPLATES: [(&str, &str); 3] = [
    ("Cargo.toml", include_str!("../templates/rung/Cargo.toml")),
    ("src/lib.rs", include_str!("../templates/rung/lib.rs")),
    (
        "tests/shared_suite.rs",
        include_str!("../templates/rung/shared_suite.rs"),
    ),
];

/// Keywords (strict and reserved, in every edition) and the sysroot crates: a crate named so
/// cannot be used as `<name>::solve_sudoku` in the registry.
const RESERVED_IDENTS: &str = "as async await break const continue crate dyn else enum extern \
    false fn for gen if impl in let loop match mod move mut pub ref return self static struct \
    super trait true try type unsafe use where while abstract become box do final macro \
    override priv typeof unsized virtual yield alloc core proc_macro std test";

/// The longest name a crate may have on crates.io.
const MAX_NAME_LEN: usize = 64;

/// The crate identifier of a valid name, or why the name is refused.
fn crate_ident(name: &str) -> Result<String, NewError> {
    let ident = name.replace('-', "_");
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let why = if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        "it must start with a lowercase ASCII letter".to_owned()
    } else if let Some(bad) = name.chars().find(|&c| !allowed(c)) {
        format!("{bad:?} is not allowed; use lowercase ASCII letters, digits and '-'")
    } else if name.ends_with('-') || name.contains("--") {
        "a '-' stands between two letters or digits".to_owned()
    } else if name.len() > MAX_NAME_LEN {
        // Cargo names build files after the crate, so a much longer name breaks the build.
        format!(
            "it has {} characters, and crates.io allows {MAX_NAME_LEN}",
            name.len()
        )
    } else if [ENGINE, REFERENCE].contains(&name) {
        "`solve` and `bench` use it for a solver of their own".to_owned()
    } else if name == "practice" {
        "`practice` sets up the learner's crate under that name".to_owned()
    } else if RESERVED_IDENTS.split_whitespace().any(|word| word == ident) {
        format!("its crate name `{ident}` is a Rust keyword or a standard crate")
    } else {
        return Ok(ident);
    };
    Err(format!("{name:?} is not a valid approach name: {why}"))
}

/// The manifest under `crates/*/` whose package is called `name` (e.g. `sudoku-kata` in
/// `crates/cli`): two packages of one workspace cannot share a name.
fn package_named(root: &Path, name: &str) -> Option<PathBuf> {
    let package = |text: String| {
        let manifest = text.parse::<DocumentMut>().ok()?;
        Some(manifest.get("package")?.get("name")?.as_str()? == name)
    };
    fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .filter_map(|entry| Some(entry.ok()?.path().join("Cargo.toml")))
        .find(|manifest| fs::read_to_string(manifest).ok().and_then(package) == Some(true))
}

/// Checks everything, then writes the crate and appends it to the ladder. Returns one line per
/// change.
fn scaffold(root: &Path, name: &str) -> Result<Vec<String>, NewError> {
    let ident = crate_ident(name)?;
    let dir = root.join("crates/approaches").join(name);
    if dir.exists() {
        let dir = dir.display();
        return Err(format!(
            "{dir} already exists; pick another name or remove it first"
        ));
    }
    if let Some(manifest) = package_named(root, name) {
        let manifest = manifest.display();
        return Err(format!(
            "{manifest} already names its package {name:?}; pick another name"
        ));
    }
    // Every edit is made in memory first, so that a refusal leaves every file as it was.
    let taken = |file: &str| {
        let file = root.join(file);
        format!(
            "{} already mentions {name:?}; pick another name or remove it there first",
            file.display()
        )
    };
    let (ladder_path, mut ladder) = read_toml(root, "ladder.toml")?;
    let rungs = ladder
        .entry("rung")
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
        .ok_or_else(|| malformed(&ladder_path, "`rung` is not a list of [[rung]] tables"))?;
    let named = |rung: &Table| rung.get("name").and_then(Item::as_str) == Some(name);
    if rungs.iter().any(named) {
        return Err(taken("ladder.toml"));
    }
    let mut rung = Table::new();
    rung["name"] = value(name);
    rung["idea"] = value(format!(
        "TODO: what {name} changes relative to the rung below, in one line."
    ));
    rung["hints"] = value(Array::from_iter([
        "TODO: a nudge, such as the question the approach answers; no spoilers.",
        "TODO: the state or the technique to use.",
        "TODO: nearly the answer: the steps of the search and its sharp edges.",
    ]));
    rungs.push(rung);

    let (fixtures_path, mut fixtures) = read_toml(root, "crates/fixtures/Cargo.toml")?;
    // A name among its dev- or build-dependencies too: Cargo refuses one name for two crates.
    let kinds = ["dependencies", "dev-dependencies", "build-dependencies"];
    let listed = |kind: &&str| fixtures.get(kind).and_then(|deps| deps.get(name)).is_some();
    if kinds.iter().any(listed) {
        return Err(taken("crates/fixtures/Cargo.toml"));
    }
    let dependencies = fixtures["dependencies"]
        .as_table_mut()
        .ok_or_else(|| malformed(&fixtures_path, "it has no [dependencies] table"))?;
    let path = format!("../approaches/{name}");
    dependencies[name] = value(InlineTable::from_iter([("path", path)]));

    let (workspace_path, mut workspace) = read_toml(root, "Cargo.toml")?;
    let known = |keys: &[&str]| {
        keys.iter()
            .try_fold(workspace.as_item(), |item, key| item.get(key))
            .is_some_and(|table| table.get(name).is_some())
    };
    if known(&["profile", "dev", "package"]) || known(&["workspace", "dependencies"]) {
        return Err(taken("Cargo.toml"));
    }
    let mut profile = Table::new();
    profile["opt-level"] = value(3);
    profile["overflow-checks"] = value(false);
    profile["debug-assertions"] = value(false);
    let packages = workspace["profile"]["dev"]["package"]
        .or_insert(Item::Table(Table::new()))
        .as_table_mut()
        .ok_or_else(|| malformed(&workspace_path, "`profile.dev.package` is not a table"))?;
    packages.set_implicit(true);
    packages[name] = Item::Table(profile);

    let mut done = Vec::new();
    for (relative, template) in TEMPLATES {
        let file = dir.join(relative);
        let text = template.replace("{name}", name).replace("{ident}", &ident);
        write(&file, &text)?;
        done.push(format!("created {}", display(root, &file)));
    }
    for (file, document, what) in [
        (ladder_path, ladder, "its [[rung]] entry"),
        (fixtures_path, fixtures, "its dependency"),
        (workspace_path, workspace, "its [profile.dev.package] entry"),
    ] {
        write(&file, &document.to_string())?;
        done.push(format!("added {what} to {}", display(root, &file)));
    }
    Ok(done)
}

/// `relative` under `root`, parsed as TOML with its comments and layout kept.
fn read_toml(root: &Path, relative: &str) -> Result<(PathBuf, DocumentMut), NewError> {
    let file = root.join(relative);
    match read(&file)?.parse::<DocumentMut>() {
        Ok(document) => Ok((file, document)),
        Err(error) => Err(malformed(&file, &error.to_string())),
    }
}

/// The error for a file to edit that is not the TOML `new` expects.
fn malformed(file: &Path, why: &str) -> NewError {
    let (file, why) = (file.display(), why.trim());
    format!("{file}: {why}; register the approach by hand (docs/adding-an-approach.md)")
}

/// The error of an operation on `file` that failed.
pub(crate) fn io(file: &Path) -> impl FnOnce(io::Error) -> NewError {
    let file = file.display().to_string();
    move |error| format!("{file}: {error}")
}

pub(crate) fn read(file: &Path) -> Result<String, NewError> {
    fs::read_to_string(file).map_err(io(file))
}

/// Writes `file`, creating the directories it goes in.
pub(crate) fn write(file: &Path, text: &str) -> Result<(), NewError> {
    if let Some(parent) = file.parent() {
        fs::create_dir_all(parent).map_err(io(parent))?;
    }
    fs::write(file, text).map_err(io(file))
}

/// `file` relative to `root` when it is inside it, for short messages.
fn display(root: &Path, file: &Path) -> String {
    let inside = file.strip_prefix(root).unwrap_or(file);
    inside.display().to_string()
}
