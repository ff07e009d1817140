//! Telling a file of puzzle lines from one puzzle spread over lines (a grid, or LeetCode's
//! notation), by reading the start of the input.
//!
//! The rule is chosen so that a file of puzzle lines is never mistaken for one puzzle, whatever its
//! lines hold: an input is one puzzle only if its first line with something in it (not a comment)
//! is not a puzzle line, the whole input is at most [`WHOLE_INPUT_BYTES`], and it parses, as a
//! whole and comment lines aside, as a puzzle in some notation ([`Board::parse`], or
//! [`Grid::parse`](sudoku_board::Grid::parse) for other sizes), whose givens may clash. Anything
//! else is read line by line, and a broken grid gets an error line per line (`check` is the command
//! that says what is wrong with one puzzle). A puzzle line is the first thing read in a file of
//! them, so the usual input is decided at once, and a pipe that sends puzzle lines gets its answers
//! as they come.

use sudoku_board::{Alphabet, Board, BoardError, GridError};
use sudoku_harness::file_format::{blank_comments, is_comment, puzzle_field};

use super::lines::{Content, Line, LineReader};
use super::one_puzzle::{InputError, line_notation_side, parse_text};

/// The largest input that may be read as one puzzle. LeetCode's notation, the wordiest, takes a
/// few hundred bytes, so this leaves room for any layout, and bounds what is read ahead.
pub const WHOLE_INPUT_BYTES: u64 = 64 * 1024;

/// How an input is to be read.
#[derive(Debug, PartialEq, Eq)]
pub enum Survey {
    /// The input has no line at all.
    Empty,
    /// The input is one puzzle in any notation: its whole text.
    Whole(String),
    /// The input is read line by line; these lines were read already and come first.
    Lines(Vec<Line>),
}

/// Reads as much of the input as it takes to decide how to read it. An input whose reading
/// failed is never one puzzle, nor empty: its lines read so far come first.
pub fn survey(reader: &mut LineReader, alphabet: Option<&Alphabet>) -> Survey {
    let mut read = Vec::new();
    // Whether a line with something in it was read: the first one decides for lines, unless it
    // might start one puzzle, which is then read on to the end, within the bound.
    let mut decided = false;
    while reader.bytes_read() <= WHOLE_INPUT_BYTES {
        let Some(line) = reader.next_line() else {
            if reader.failed() {
                return Survey::Lines(read);
            }
            if read.is_empty() {
                return Survey::Empty;
            }
            return match whole_text(&read) {
                Some(text) if decided && parses(&text, alphabet) => Survey::Whole(text),
                _ => Survey::Lines(read),
            };
        };
        // A puzzle line (the line notation) holds as many characters as a board has cells: 81
        // for 9x9; 16, 256, 625 or 1,296 for the other sizes, whatever they are, but no space
        // or `|` among them, as a grid's rows have. A comment decides nothing, as a blank line;
        // a fixture file's line is a puzzle line.
        let (blank, might_be_whole) = match &line.content {
            Content::Text(text) => {
                let bare = text.strip_prefix('\u{feff}').unwrap_or(text);
                (
                    bare.trim().is_empty() || is_comment(bare),
                    line_notation_side(text).is_none() && puzzle_field(bare).is_none(),
                )
            }
            _ => (false, false),
        };
        read.push(line);
        if !(decided || blank || might_be_whole) {
            return Survey::Lines(read);
        }
        decided |= !blank;
    }
    Survey::Lines(read)
}

/// Whether `text` reads as one puzzle: 9x9 in any notation, or any other size in `alphabet` or
/// the standard one; givens that clash are still one puzzle, which has no solution.
fn parses(text: &str, alphabet: Option<&Alphabet>) -> bool {
    matches!(
        parse_text(text, alphabet, Board::parse),
        Ok(_)
            | Err(InputError::Board(BoardError::DuplicateGiven { .. })
                | InputError::Grid(GridError::Clash { .. }))
    )
}

/// The lines joined back into a text, its comments left empty, if they are all text.
fn whole_text(lines: &[Line]) -> Option<String> {
    let text: String = (lines.iter())
        .map(|line| match &line.content {
            Content::Text(text) => Some(format!("{text}\n")),
            _ => None,
        })
        .collect::<Option<_>>()?;
    Some(blank_comments(&text))
}
