//! `cargo xtask anchors --tdoku DIR` refuses, before it compiles anything, what it cannot build
//! from: no checkout, a folder that is no checkout of tdoku's repository, no compiler.

use std::path::Path;
use std::process::Command;

/// `xtask anchors --tdoku DIR` with `CXX` set to `cxx` (if any): exit status and stderr.
fn anchors(tdoku: &Path, cxx: Option<&str>) -> (Option<i32>, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_xtask"));
    command.args(["anchors", "--tdoku"]).arg(tdoku);
    if let Some(cxx) = cxx {
        command.env("CXX", cxx);
    }
    let output = command.output().expect("runs");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    (output.status.code(), stderr)
}

#[test]
fn no_checkout_is_named_with_how_to_get_one() {
    let dir = tempfile::tempdir().expect("a directory");
    let nowhere = dir.path().join("tdoku");
    let (code, stderr) = anchors(&nowhere, None);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!(
            "error: no tdoku checkout at {0}: clone it there first (git clone \
             https://github.com/t-dillon/tdoku {0})\n",
            nowhere.display()
        )
    );
}

#[test]
fn a_folder_without_the_sources_names_those_it_lacks() {
    let dir = tempfile::tempdir().expect("a directory");
    std::fs::create_dir_all(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("src/util.cc"), "").expect("write");
    let (code, stderr) = anchors(dir.path(), None);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!(
            "error: {} is no checkout of tdoku's repository: it lacks \
             src/solver_dpll_triad_simd.cc, src/solver_basic.cc, other/kudoku/kudoku.c, \
             other/fast_solv_9r2/fast_solv_9r2.c\n",
            dir.path().display()
        )
    );
}

#[test]
fn no_compiler_is_named_before_anything_is_built() {
    let dir = tempfile::tempdir().expect("a directory");
    for source in [
        "src/solver_dpll_triad_simd.cc",
        "src/solver_basic.cc",
        "src/util.cc",
        "other/kudoku/kudoku.c",
        "other/fast_solv_9r2/fast_solv_9r2.c",
    ] {
        let path = dir.path().join(source);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
        std::fs::write(path, "").expect("write");
    }
    let missing = dir.path().join("no-such-compiler");
    let (code, stderr) = anchors(dir.path(), Some(&missing.display().to_string()));
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!(
            "error: no compiler: `{} --version` does not run (install gcc and g++, or set \
             CXX)\n",
            missing.display()
        )
    );
}
