//! Reading a line of untrusted input with a cap on the memory it takes: the one line reader of
//! `solve`'s input and of a worker's output.

use std::io::{self, BufRead, Read};

/// How much of an over-long line [`read_capped_line`] reads at a time while it drops it.
pub const SKIP_PIECE_BYTES: u64 = 64 * 1024;

/// Reads the next line of `reader` into `line` (cleared first). Returns how many bytes were
/// read, line end included, and the line's length without its line end (`\n` or `\r\n`); `None`
/// at the end of the input.
///
/// A line of at most `max` bytes is kept whole, without its line end. Of a longer one, `line`
/// keeps the first `max` + 2 bytes: the rest is read in pieces of [`SKIP_PIECE_BYTES`] and
/// dropped, so that no input can fill the memory, and only measured.
///
/// # Errors
/// Only the reader's own.
pub fn read_capped_line(
    reader: &mut impl BufRead,
    max: usize,
    line: &mut Vec<u8>,
) -> io::Result<Option<(u64, u64)>> {
    line.clear();
    // Two bytes more than a line may hold: a line of exactly `max` is read with its `\r\n`, and a
    // longer one is told from it.
    let mut read = reader.take(max as u64 + 2).read_until(b'\n', line)? as u64;
    // The last two bytes read, which hold the line end if there is one (0 for none yet).
    let last_two = |tail: [u8; 2], bytes: &[u8]| match bytes {
        [.., before, last] => [*before, *last],
        [last] => [tail[1], *last],
        [] => tail,
    };
    let mut tail = last_two([0; 2], line);
    let mut piece = Vec::new();
    while line.len() > max && tail[1] != b'\n' {
        piece.clear();
        let more = reader
            .take(SKIP_PIECE_BYTES)
            .read_until(b'\n', &mut piece)?;
        if more == 0 {
            break;
        }
        read += more as u64;
        tail = last_two(tail, &piece);
    }
    let ending = match tail {
        [b'\r', b'\n'] => 2,
        [_, b'\n'] => 1,
        _ => 0,
    };
    if read == line.len() as u64 {
        line.truncate(line.len() - ending);
    }
    Ok((read > 0).then_some((read, read - ending as u64)))
}
