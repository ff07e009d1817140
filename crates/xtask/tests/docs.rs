//! Every `cargo xtask ARGS` (or `cargo run ... -p xtask ... -- ARGS`) that the README, the docs
//! and the justfile show is accepted by the task as far as its syntax goes: `xtask ARGS --help`
//! succeeds, which fails on an unknown task, flag or value. (The command line's own commands are
//! checked by its docs test.)

use std::path::Path;
use std::process::Command;

#[test]
fn every_task_the_docs_show_is_accepted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = vec![root.join("README.md"), root.join("justfile")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|extension| extension == "md") {
            pages.push(path);
        }
    }
    let mut checked = 0;
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("a page");
        for line in text.lines() {
            let args = match (
                line.split_once("cargo xtask "),
                line.split_once("-p xtask "),
            ) {
                (Some((_, rest)), _) => rest,
                (None, Some((_, rest))) => match rest.split_once("-- ") {
                    Some((_, rest)) => rest,
                    None => continue,
                },
                _ => continue,
            };
            // Up to the end of the command: a backtick, a comment or a shell operator.
            let args = args
                .split(['`', '#', '|', '&', '>'])
                .next()
                .unwrap_or_default();
            // A recipe's parameter (`{{from}}`) stands for a value, and its extra arguments
            // (`{{args}}`) for none.
            let args: Vec<&str> = (args.split_whitespace())
                .filter(|arg| *arg != "{{args}}")
                .map(|arg| if arg.starts_with("{{") { "VALUE" } else { arg })
                .collect();
            if args.is_empty() {
                continue;
            }
            let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
                .args(&args)
                .arg("--help")
                .output()
                .expect("runs");
            assert!(
                output.status.success(),
                "{}: `cargo xtask {}` is not accepted:\n{}",
                page.display(),
                args.join(" "),
                String::from_utf8_lossy(&output.stderr)
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} tasks found");
}
