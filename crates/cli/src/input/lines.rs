//! Reading an input one line at a time without trusting it.
//!
//! A line is read into memory only up to [`MAX_LINE_BYTES`]: a longer one (a file of hundreds of
//! megabytes with no line break) is skipped in bounded pieces and only its length is kept, so the
//! memory `solve` needs never depends on what it is given. Bytes that are not UTF-8 are kept as
//! bytes, for the error line to say where they go wrong. Nothing here panics or fails on content;
//! only the reader itself can fail, and then the input ends there, with the error kept for the
//! caller to report once every line read before it has its result.
//!
//! A regular file is read as its lines are asked for. A stream (a pipe, a terminal) is read on a
//! thread of its own, which hands the lines over as they come: the caller can tell whether the
//! next one is there, and so never waits on a slow pipe while it has answers to hand on, yet reads
//! ahead on a fast one.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};

use sudoku_harness::lines::read_capped_line;

/// The longest line read into memory, in bytes, without its line end. A puzzle line holds 81
/// cells, so this leaves ample room for stray whitespace while keeping a chunk of lines small.
pub const MAX_LINE_BYTES: usize = 4096;

/// The buffer of each input, and the most bytes of lines a stream's thread hands over at once:
/// more than a chunk of puzzle lines (about 12,000).
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
    source: Source,
    /// The lines of the last batch a stream's thread handed over, being handed out.
    lines: std::vec::IntoIter<LineRead>,
    /// The number of the last line handed out.
    number: usize,
    /// Every byte of the lines handed out so far, line ends and skipped bytes included (for the
    /// progress bar).
    bytes_read: u64,
    /// The error that ended the input, until [`LineReader::take_error`] takes it.
    error: Option<io::Error>,
    /// Whether reading failed: no line is read after that.
    failed: bool,
}

/// Where a [`LineReader`]'s lines come from.
enum Source {
    /// A regular file, read as lines are asked for: its next line never waits for a writer.
    File(BufReader<File>),
    /// A stream (a pipe, a terminal), read on a thread of its own ([`read_stream`]), which hands
    /// the lines over in batches, so that the caller can tell whether one is there.
    Stream(Receiver<Batch>),
}

/// A line as read: its content, and how many bytes it took, its line end included.
struct LineRead {
    content: Content,
    bytes: u64,
}

/// What a stream's thread hands over: lines, or the error that ended the input.
enum Batch {
    Lines(Vec<LineRead>),
    Failed(io::Error),
}

impl LineReader {
    /// Reads from `source`, a stream, on a thread of its own.
    pub fn new(source: Box<dyn io::Read + Send>) -> Self {
        // One batch waits while the next is read: memory stays within a few buffers.
        let (sender, batches) = mpsc::sync_channel(1);
        let spawned = std::thread::Builder::new()
            .name("line reader".to_owned())
            .spawn(move || read_stream(source, &sender));
        let mut reader = LineReader::reading(Source::Stream(batches));
        if let Err(error) = spawned {
            (reader.failed, reader.error) = (true, Some(error));
        }
        reader
    }

    /// Reads from `file`, a regular file, buffered, as lines are asked for.
    pub fn of_file(file: File) -> Self {
        LineReader::reading(Source::File(BufReader::with_capacity(BUFFER_BYTES, file)))
    }

    /// A reader of `source` at its start.
    fn reading(source: Source) -> Self {
        LineReader {
            source,
            lines: Vec::new().into_iter(),
            number: 0,
            bytes_read: 0,
            error: None,
            failed: false,
        }
    }

    /// How many bytes the lines handed out so far took.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Whether the next line (or the end of the input) can be had without waiting for a writer:
    /// always from a file, and from a stream once its thread has handed it over. When it cannot,
    /// the caller solves what it has before waiting for more: a slow pipe gets its answers as
    /// its lines come, not a chunk later, even when half a line came with them.
    pub fn has_line_ready(&mut self) -> bool {
        let Source::Stream(batches) = &self.source else {
            return true;
        };
        if self.lines.len() > 0 || self.failed {
            return true;
        }
        match batches.try_recv() {
            Ok(batch) => {
                self.take(batch);
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => true,
        }
    }

    /// The next line, or `None` at the end of the input, or where reading failed: then
    /// [`LineReader::take_error`] says why. Content is never an error here.
    pub fn next_line(&mut self) -> Option<Line> {
        let line = loop {
            if let Some(line) = self.lines.next() {
                break line;
            }
            if self.failed {
                return None;
            }
            match &mut self.source {
                Source::File(inner) => match read_line(inner) {
                    Ok(line) => break line?,
                    Err(error) => self.take(Batch::Failed(error)),
                },
                Source::Stream(batches) => {
                    let batch = batches.recv().ok()?;
                    self.take(batch);
                }
            }
        };
        self.bytes_read += line.bytes;
        self.number += 1;
        Some(Line {
            number: self.number,
            content: line.content,
        })
    }

    /// Takes what a stream's thread handed over, or the error that ended a file.
    fn take(&mut self, batch: Batch) {
        match batch {
            Batch::Lines(lines) => self.lines = lines.into_iter(),
            Batch::Failed(error) => (self.failed, self.error) = (true, Some(error)),
        }
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

/// The next line of `inner`, or `None` at its end.
fn read_line(inner: &mut impl BufRead) -> io::Result<Option<LineRead>> {
    let mut bytes = Vec::new();
    let Some((read, length)) = read_capped_line(inner, MAX_LINE_BYTES, &mut bytes)? else {
        return Ok(None);
    };
    let content = match String::from_utf8(bytes) {
        _ if length > MAX_LINE_BYTES as u64 => Content::TooLong { bytes: length },
        Ok(text) => Content::Text(text),
        Err(error) => Content::NotUtf8 {
            valid_up_to: error.utf8_error().valid_up_to(),
            bytes: error.into_bytes(),
        },
    };
    Ok(Some(LineRead {
        content,
        bytes: read,
    }))
}

/// A stream's thread: reads `source` to its end or its first error, handing the lines to
/// `batches` as soon as it holds no whole line for the moment (before a read that may wait) or
/// once they fill a buffer; it stops early once nobody takes them.
fn read_stream(source: Box<dyn io::Read + Send>, batches: &SyncSender<Batch>) {
    let mut inner = BufReader::with_capacity(BUFFER_BYTES, source);
    let (mut lines, mut held) = (Vec::new(), 0);
    let failed = loop {
        match read_line(&mut inner) {
            Ok(Some(line)) => {
                held += line.bytes;
                lines.push(line);
            }
            Ok(None) => break None,
            Err(error) => break Some(error),
        }
        if held >= BUFFER_BYTES as u64 || !inner.buffer().contains(&b'\n') {
            let batch = Batch::Lines(std::mem::take(&mut lines));
            if batches.send(batch).is_err() {
                return;
            }
            held = 0;
        }
    };
    let _ = batches.send(Batch::Lines(lines));
    if let Some(error) = failed {
        let _ = batches.send(Batch::Failed(error));
    }
}
