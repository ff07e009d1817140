//! Reading an input one line at a time without trusting it.
//!
//! A line is read into memory only up to [`MAX_LINE_BYTES`]: a longer one (a file of hundreds of
//! megabytes with no line break) is skipped in bounded pieces and only its length is kept, so the
//! memory `solve` needs never depends on what it is given. Bytes that are not UTF-8 are kept as
//! bytes, for the error line to say where they go wrong. Nothing here panics or fails on content;
//! only the reader itself can fail, and then the input ends there, with the error kept for the
//! caller to report once every line read before it has its result.

use std::fs::File;
use std::io::{self, BufReader, Read};

use sudoku_harness::lines::read_capped_line;

/// The longest line read into memory, in bytes, without its line end. A puzzle line holds 81
/// cells, so this leaves ample room for stray whitespace while keeping a chunk of lines small.
pub const MAX_LINE_BYTES: usize = 4096;

/// The buffer of each input. Reading ahead from a stream stops where this buffer holds no whole
/// line (see [`LineReader::has_line_ready`]), so it holds more than a chunk of puzzle lines
/// (about 12,000).
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
    /// The error that ended the input, until [`LineReader::take_error`] takes it.
    error: Option<io::Error>,
    /// Whether reading failed: no read is tried after that.
    failed: bool,
    /// Whether the source is a file, whose bytes are all there: reading it never waits for
    /// a writer.
    file: bool,
}

impl LineReader {
    /// Reads from `source`, buffered: a stream (a pipe, a terminal), whose next line may be
    /// long in coming.
    pub fn new(source: Box<dyn Read + Send>) -> Self {
        LineReader {
            inner: BufReader::with_capacity(BUFFER_BYTES, source),
            number: 0,
            bytes_read: 0,
            error: None,
            failed: false,
            file: false,
        }
    }

    /// Reads from `file`, buffered: a regular file, whose next line never waits for a writer.
    pub fn of_file(file: File) -> Self {
        LineReader {
            file: true,
            ..LineReader::new(Box::new(file))
        }
    }

    /// How many bytes have been read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Whether the next line can be read without waiting for a writer: always from a file, and
    /// from a stream when a whole line is buffered already. When it cannot, the caller solves
    /// what it has before waiting for more: a slow pipe gets its answers as its lines come, not
    /// a chunk later, even when half a line came with them.
    pub fn has_line_ready(&self) -> bool {
        self.file || self.inner.buffer().contains(&b'\n')
    }

    /// The next line, or `None` at the end of the input, or where reading failed: then
    /// [`LineReader::take_error`] says why. Content is never an error here.
    pub fn next_line(&mut self) -> Option<Line> {
        if self.failed {
            return None;
        }
        let mut bytes = Vec::new();
        let (read, length) = match read_capped_line(&mut self.inner, MAX_LINE_BYTES, &mut bytes) {
            Ok(read) => read?,
            Err(error) => {
                (self.failed, self.error) = (true, Some(error));
                return None;
            }
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
        Some(Line {
            number: self.number,
            content,
        })
    }

    /// Whether the input ended because reading failed.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The error that ended the input early, if reading failed (once: it is taken).
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }
}
