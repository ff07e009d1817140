//! Tests of `sudoku_kata::input::lines`.

use std::fs::File;
use std::io;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use sudoku_kata::input::lines::*;

fn lines(input: &[u8]) -> Vec<Content> {
    let mut reader = LineReader::new(Box::new(io::Cursor::new(input.to_vec())));
    let mut contents = Vec::new();
    while let Some(line) = reader.next_line() {
        assert_eq!(line.number, contents.len() + 1);
        contents.push(line.content);
    }
    assert_eq!(reader.bytes_read(), input.len() as u64);
    contents
}

fn text(text: &str) -> Content {
    Content::Text(text.to_owned())
}

#[test]
fn line_ends_are_dropped_and_a_last_line_without_one_counts() {
    assert_eq!(
        lines(b"a\nb\r\n\nc"),
        [text("a"), text("b"), text(""), text("c")]
    );
    assert_eq!(lines(b"a\n"), [text("a")]);
    assert_eq!(lines(b"\r\n"), [text("")]);
    assert_eq!(lines(b""), []);
}

#[test]
fn a_lone_carriage_return_is_kept() {
    assert_eq!(lines(b"a\rb\n"), [text("a\rb")]);
}

#[test]
fn bytes_that_are_not_utf8_are_kept_with_the_place_of_the_first_bad_one() {
    assert_eq!(
        lines(b"12\xff3\r\nok"),
        [
            Content::NotUtf8 {
                bytes: b"12\xff3".to_vec(),
                valid_up_to: 2
            },
            text("ok")
        ]
    );
}

#[test]
fn a_line_of_exactly_the_limit_is_read() {
    let line = "1".repeat(MAX_LINE_BYTES);
    assert_eq!(
        lines(format!("{line}\nx").as_bytes()),
        [text(&line), text("x")]
    );
    assert_eq!(lines(line.as_bytes()), [text(&line)]);
}

#[test]
fn a_longer_line_is_skipped_and_measured() {
    for length in [
        MAX_LINE_BYTES + 1,
        3 * sudoku_harness::lines::SKIP_PIECE_BYTES as usize + 7,
    ] {
        let line = "1".repeat(length);
        let too_long = Content::TooLong {
            bytes: length as u64,
        };
        assert_eq!(
            lines(format!("{line}\nx").as_bytes()),
            [too_long.clone(), text("x")]
        );
        assert_eq!(
            lines(format!("{line}\r\nx").as_bytes()),
            [too_long.clone(), text("x")]
        );
        assert_eq!(lines(line.as_bytes()), [too_long]);
    }
}

#[test]
fn a_line_of_exactly_the_limit_ended_by_crlf_is_read() {
    // Its `\r` is the last byte of the bounded read, its `\n` the first one after it.
    let line = "1".repeat(MAX_LINE_BYTES);
    assert_eq!(
        lines(format!("{line}\r\nx").as_bytes()),
        [text(&line), text("x")]
    );
    assert_eq!(
        lines(format!("{line}\r").as_bytes()),
        [Content::TooLong {
            bytes: MAX_LINE_BYTES as u64 + 1
        }]
    );
}

/// A pipe: hands out what its writer sent, waiting for the writer when it has nothing; it ends
/// when the writer is gone.
struct Pipe {
    parts: mpsc::Receiver<Vec<u8>>,
    part: Vec<u8>,
}

impl io::Read for Pipe {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.part.is_empty() {
            match self.parts.recv() {
                Ok(part) => self.part = part,
                Err(_) => return Ok(0),
            }
        }
        let count = self.part.len().min(buffer.len());
        buffer[..count].copy_from_slice(&self.part[..count]);
        self.part.drain(..count);
        Ok(count)
    }
}

/// A file's next line is always ready: reading it never waits for a writer. A stream's is ready
/// once it came whole, and not while only half of it did, so that nothing waits on a slow pipe
/// while answers are due.
#[test]
fn a_files_next_line_is_always_ready_and_a_streams_once_it_came_whole() {
    let input = b"a\nb";
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    io::Write::write_all(&mut file, input).expect("written");
    let mut file = LineReader::of_file(File::open(file.path()).expect("opened"));
    assert!(file.has_line_ready());
    assert_eq!(file.next_line().map(|line| line.content), Some(text("a")));
    assert!(file.has_line_ready());
    assert_eq!(file.next_line().map(|line| line.content), Some(text("b")));
    assert_eq!(file.next_line(), None);

    let (writer, parts) = mpsc::channel();
    let part = Vec::new();
    let mut stream = LineReader::new(Box::new(Pipe { parts, part }));
    assert!(!stream.has_line_ready(), "nothing was written");
    writer.send(input.to_vec()).expect("the pipe is open");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !stream.has_line_ready() {
        assert!(Instant::now() < deadline, "the first line never came");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(stream.next_line().map(|line| line.content), Some(text("a")));
    assert!(!stream.has_line_ready(), "only half of the next line came");
    drop(writer);
    assert_eq!(stream.next_line().map(|line| line.content), Some(text("b")));
    assert_eq!(stream.next_line(), None);
    assert_eq!(stream.bytes_read(), input.len() as u64);
}
