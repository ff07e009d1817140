//! Reading an input one line at a time without trusting it.
//!
//! A line is read into memory only up to [`MAX_LINE_BYTES`]: a longer one (a file of hundreds of
//! megabytes with no line break) is skipped in bounded pieces and only its length is kept, so the
//! memory `solve` needs never depends on what it is given. Bytes that are not UTF-8 are kept as
//! bytes, for the error line to say where they go wrong. Nothing here panics or fails on content;
//! only the reader itself can fail.

use std::io::{self, BufReader, Read};

use sudoku_harness::lines::read_capped_line;

/// The longest line read into memory, in bytes, without its line end. A puzzle line holds 81
/// cells, so this leaves ample room for stray whitespace while keeping a chunk of lines small.
pub const MAX_LINE_BYTES: usize = 4096;

/// The buffer of each input. Reading ahead stops where this buffer runs dry (see
/// [`LineReader::has_buffered`]), so it holds more than a chunk of puzzle lines (about 12,000).
const BUFFER_BYTES: usize = 1024 * 1024;

/// One line of an input, numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line number, counted from 1 as editors do.
    pub number: usize,
    /// What the line holds.
    pub content: Content,
}

/// What a line holds, as far as it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// UTF-8 text, without its line end (`\n` or `\r\n`).
    Text(String),
    /// Bytes that are not UTF-8 (binary data, or text in another encoding), without the line end.
    NotUtf8 {
        /// The line's bytes.
        bytes: Vec<u8>,
        /// How many bytes from the start are valid UTF-8: the first bad byte is at this index.
        valid_up_to: usize,
    },
    /// A line longer than [`MAX_LINE_BYTES`]; it was skipped, not kept.
    TooLong {
        /// Its length in bytes, without the line end.
        bytes: u64,
    },
}

/// Reads the lines of one input: `\n` or `\r\n` ends a line, and a last line without a line end
/// still counts.
pub struct LineReader {
    inner: BufReader<Box<dyn Read + Send>>,
    /// The number of the last line handed out.
    number: usize,
    /// Every byte read so far, line ends and skipped bytes included (for the progress bar).
    bytes_read: u64,
}

impl LineReader {
    /// Reads from `source`, buffered.
    pub fn new(source: Box<dyn Read + Send>) -> Self {
        LineReader {
            inner: BufReader::with_capacity(BUFFER_BYTES, source),
            number: 0,
            bytes_read: 0,
        }
    }

    /// How many bytes have been read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Whether some input is already buffered, so that the next line can (usually) be read
    /// without waiting. When it is not, the caller solves what it has before waiting for more:
    /// a slow pipe gets its answers as they come, not a chunk later.
    pub fn has_buffered(&self) -> bool {
        !self.inner.buffer().is_empty()
    }

    /// The next line, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Only the reader's own errors: content is never an error here.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes = Vec::new();
        let Some((read, length)) = read_capped_line(&mut self.inner, MAX_LINE_BYTES, &mut bytes)?
        else {
            return Ok(None);
        };
        self.bytes_read += read;
        self.number += 1;
        let content = match String::from_utf8(bytes) {
            _ if length > MAX_LINE_BYTES as u64 => Content::TooLong { bytes: length },
            Ok(text) => Content::Text(text),
            Err(error) => Content::NotUtf8 {
                valid_up_to: error.utf8_error().valid_up_to(),
                bytes: error.into_bytes(),
            },
        };
        Ok(Some(Line {
            number: self.number,
            content,
        }))
    }
}
