//! `practice --watch`: checks `practice/` once, then again each time a file in `practice/src`
//! changes, until Ctrl-C, as rustlings' watch mode does.

use std::error::Error;
use std::io::{self, Write as _};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use notify::event::{EventKind, ModifyKind};
use notify::{RecursiveMode, Watcher};

use super::{check, missing};

/// What ends a wait between checks.
enum Wake {
    /// A file under `practice/src` was written, created or removed.
    Changed,
    /// Ctrl-C.
    Stop,
}

/// Watches `dir` until Ctrl-C, which ends it cleanly (exit status 0).
pub(super) fn run(dir: &Path) -> Result<bool, Box<dyn Error>> {
    let src = dir.join("src");
    if !src.is_dir() {
        return Err(missing(dir));
    }
    let failed = |error: String| format!("cannot watch {}: {error}", src.display());
    let (sender, wakes) = mpsc::channel();
    let stop = sender.clone();
    let checking = Arc::new(AtomicBool::new(false));
    let busy = Arc::clone(&checking);
    ctrlc::set_handler(move || {
        if busy.load(Ordering::SeqCst) {
            // A check can take minutes (a build, a search up to its budget): it stops now, and
            // its worker with it.
            let _ = writeln!(io::stdout(), "\nstopped watching");
            std::process::exit(0);
        }
        drop(stop.send(Wake::Stop));
    })
    .map_err(|error| failed(error.to_string()))?;
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reading a file (as the build does) is no change: neither its opening nor its new
        // access time.
        let changed = event.is_ok_and(|event| match event.kind {
            EventKind::Create(_) | EventKind::Remove(_) => true,
            EventKind::Modify(kind) => !matches!(kind, ModifyKind::Metadata(_)),
            _ => false,
        });
        if changed {
            drop(sender.send(Wake::Changed));
        }
    })
    .map_err(|error| failed(error.to_string()))?;
    watcher
        .watch(&src, RecursiveMode::Recursive)
        .map_err(|error| failed(error.to_string()))?;
    loop {
        checking.store(true, Ordering::SeqCst);
        check::run(dir)?;
        checking.store(false, Ordering::SeqCst);
        outln!("\nwatching {} for changes; Ctrl-C stops", src.display());
        if !matches!(wakes.recv(), Ok(Wake::Changed)) {
            break;
        }
        // An editor's save can be several events: take them all before checking again.
        let mut burst = std::iter::from_fn(|| wakes.recv_timeout(Duration::from_millis(200)).ok());
        if burst.any(|wake| matches!(wake, Wake::Stop)) {
            break;
        }
        outln!("\n{} changed: checking again\n", src.display());
    }
    outln!("stopped watching");
    Ok(true)
}
