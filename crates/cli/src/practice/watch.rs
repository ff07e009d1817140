//! `practice --watch`: checks `practice/` once, then again each time a file in `practice/src`
//! changes, until Ctrl-C, as rustlings' watch mode does.

use std::io::{self, Write as _};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use notify::event::{EventKind, ModifyKind};
use notify::{RecursiveMode, Watcher};

use super::{check, missing};

/// Watches `dir` until Ctrl-C, which ends it cleanly (exit status 0).
pub(super) fn run(dir: &Path) -> crate::Fallible<bool> {
    let src = dir.join("src");
    if !src.is_dir() {
        return Err(missing(dir));
    }
    let failed = |error: String| format!("cannot watch {}: {error}", src.display());
    // Ctrl-C ends the process at once, in a check or between two: a check can take minutes (a
    // build, a search up to its budget), and its worker ends with this process.
    ctrlc::set_handler(|| {
        let _ = writeln!(io::stdout(), "\nstopped watching");
        std::process::exit(0);
    })
    .map_err(|error| failed(error.to_string()))?;
    let (sender, changes) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reading a file (as the build does) is no change: neither its opening nor its new
        // access time.
        let changed = event.is_ok_and(|event| match event.kind {
            EventKind::Create(_) | EventKind::Remove(_) => true,
            EventKind::Modify(kind) => !matches!(kind, ModifyKind::Metadata(_)),
            _ => false,
        });
        if changed {
            let _ = sender.send(());
        }
    })
    .map_err(|error| failed(error.to_string()))?;
    watcher
        .watch(&src, RecursiveMode::Recursive)
        .map_err(|error| failed(error.to_string()))?;
    loop {
        check::run(dir)?;
        outln!("\nwatching {} for changes; Ctrl-C stops", src.display());
        if changes.recv().is_err() {
            // The watcher has stopped: nothing more will come.
            break;
        }
        // An editor's save can be several events: take them all before checking again.
        while changes.recv_timeout(Duration::from_millis(200)).is_ok() {}
        outln!("\n{} changed: checking again\n", src.display());
    }
    outln!("stopped watching");
    Ok(true)
}
