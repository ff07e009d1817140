//! Files the tools write: whether one can be, told before a long run rather than after it.

use std::path::Path;

/// Why `file` cannot be written, if that can be told before writing it: it is a directory, or
/// its folder does not exist.
///
/// # Errors
/// `cannot write FILE: why`.
pub fn unwritable(file: &Path) -> Result<(), String> {
    let folder = file
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty());
    let why = match () {
        () if file.is_dir() => "it is a directory",
        () if folder.is_some_and(|folder| !folder.is_dir()) => "its folder does not exist",
        () => return Ok(()),
    };
    Err(format!("cannot write {}: {why}", file.display()))
}
