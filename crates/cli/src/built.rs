//! What `cargo build --message-format=json` says it built: how `practice --check` and the
//! maintainers' tools find the executable of a build they ran.

use std::path::PathBuf;

/// The executable of the target `target` among cargo's JSON `messages` (its standard output),
/// if it reported one.
pub fn executable(messages: &[u8], target: &str) -> Option<PathBuf> {
    (String::from_utf8_lossy(messages).lines())
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find(|message| message["target"]["name"] == target)
        .and_then(|message| message["executable"].as_str().map(PathBuf::from))
}
