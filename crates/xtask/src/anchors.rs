//! `cargo xtask anchors --tdoku DIR`: builds the C solvers that `cargo xtask results` races,
//! from a checkout of tdoku's repository (`git clone https://github.com/t-dillon/tdoku DIR`).
//!
//! Each solver is linked with this crate's own driver, `anchors/driver.cc` (its comment says
//! what a driver does and prints), twice: for this processor (`-march=native`), which the
//! engine races, and for the baseline x86-64 target that cargo builds for by default, which
//! each rung races like for like. Nothing of tdoku's is copied into the repository: the sources
//! are read from the checkout and the drivers go to `target/anchors/{native,x86-64}/`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use clap::Args;

use crate::{Fallible, workspace_root};

/// Options of `anchors`.
#[derive(Debug, Args)]
pub struct AnchorsArgs {
    /// A checkout of tdoku's repository (`git clone https://github.com/t-dillon/tdoku DIR`).
    #[arg(long, value_name = "DIR")]
    tdoku: PathBuf,
}

/// The folder the two builds go in, under the workspace; `results` reads it by default.
pub const ANCHORS_DIR: &str = "target/anchors";

/// The builds: their folder under [`ANCHORS_DIR`], and the processor they are compiled for.
pub const BUILDS: [(&str, &str); 2] = [("native", "native"), ("x86-64", "x86-64")];

/// The sources each driver needs from the checkout.
const SOURCES: [&str; 5] = [
    "src/solver_dpll_triad_simd.cc",
    "src/solver_basic.cc",
    "src/util.cc",
    "other/kudoku/kudoku.c",
    "other/fast_solv_9r2/fast_solv_9r2.c",
];

/// Each driver: its name, its solver's entry, whether that entry is the driver's own (for
/// fast_solv_9r2, which has none in tdoku's shape), and its sources in the checkout.
const DRIVERS: [(&str, &str, bool, &[&str]); 4] = [
    (
        "drv",
        "TdokuSolverDpllTriadSimd",
        false,
        &["src/solver_dpll_triad_simd.cc", "src/util.cc"],
    ),
    (
        "drv_basic",
        "TdokuSolverBasic",
        false,
        &["src/solver_basic.cc", "src/util.cc"],
    ),
    (
        "drv_Kudoku",
        "OtherSolverKudoku",
        false,
        &["other/kudoku/kudoku.c"],
    ),
    (
        "drv_FastSolv9r2",
        "OtherSolverFastSolv9r2",
        true,
        &["other/fast_solv_9r2/fast_solv_9r2.c"],
    ),
];

/// Builds every driver in both builds; fails, before compiling anything, when the checkout or
/// its sources or a compiler are missing.
pub fn run(args: &AnchorsArgs) -> Fallible<ExitCode> {
    let tdoku = &args.tdoku;
    if !tdoku.is_dir() {
        return Err(format!(
            "no tdoku checkout at {}: clone it there first (git clone \
             https://github.com/t-dillon/tdoku {})",
            tdoku.display(),
            tdoku.display()
        )
        .into());
    }
    let missing: Vec<&str> = (SOURCES.iter().copied())
        .filter(|source| !tdoku.join(source).is_file())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} is no checkout of tdoku's repository: it lacks {}",
            tdoku.display(),
            missing.join(", ")
        )
        .into());
    }
    let (cc, cxx) = (compiler("CC", "cc")?, compiler("CXX", "c++")?);
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("anchors/driver.cc");
    for (folder, march) in BUILDS {
        let out = workspace_root().join(ANCHORS_DIR).join(folder);
        std::fs::create_dir_all(&out).map_err(|error| format!("{}: {error}", out.display()))?;
        for (name, entry, own_entry, sources) in DRIVERS {
            let mut objects = Vec::new();
            for source in sources {
                // C sources compile with the C compiler; the C++ ones go to the link below.
                if source.ends_with(".c") {
                    let object = out.join(format!("{name}.o"));
                    let mut c = Command::new(&cc);
                    c.args(["-O3", &format!("-march={march}"), "-c"]);
                    compile(c.arg(tdoku.join(source)).arg("-o").arg(&object))?;
                    objects.push(object);
                } else {
                    objects.push(tdoku.join(source));
                }
            }
            let mut link = Command::new(&cxx);
            link.args(["-O3", &format!("-march={march}"), "-std=c++17"]);
            link.arg(format!("-DSOLVER={entry}"));
            if own_entry {
                link.arg("-DFAST_SOLV_9R2");
            }
            link.arg("-I")
                .arg(tdoku.join("src"))
                .arg(&driver)
                .args(&objects);
            compile(link.arg("-o").arg(out.join(name)))?;
        }
        println!("built {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The compiler the environment variable `variable` names, or `default`, once it runs.
fn compiler(variable: &str, default: &str) -> Result<String, String> {
    let name = std::env::var(variable).unwrap_or_else(|_| default.to_owned());
    let runs = Command::new(&name)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if runs {
        Ok(name)
    } else {
        Err(format!(
            "no compiler: `{name} --version` does not run (install gcc and g++, or set \
             {variable})"
        ))
    }
}

/// Runs a compiler, its messages going to the terminal.
fn compile(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|error| format!("{command:?}: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "{command:?} failed ({status}): its messages above say why"
        ))
    }
}
