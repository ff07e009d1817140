//! Reading one puzzle from untrusted bytes, in any notation: what `check` reads.
//!
//! The input is capped ([`read_capped`]) before it is looked at, bytes that are not UTF-8 are
//! placed by line and column, and everything else is the board parser's business
//! ([`Board::parse`] for 9x9, [`Grid::parse`] for the other sizes and explicit alphabets).
//! [`parse_text`] is that last step alone, which `solve` takes for each line and for a whole
//! input that is one puzzle.

use std::ffi::OsStr;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

use sudoku_board::{Alphabet, BOARD_CELLS, Board, BoardError, Grid, GridError, Place, counted};
use sudoku_harness::file_format::{blank_comments, is_comment, puzzle_field};

/// The most input read as one puzzle, in bytes. A puzzle in the wordiest notation (LeetCode's, spread
/// over lines) takes well under a kilobyte, so anything bigger is not one puzzle; the cap keeps a
/// runaway input (a file of hundreds of megabytes on one line, or an endless pipe) from being read
/// into memory at all.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Reads at most [`MAX_INPUT_BYTES`] + 1 bytes: one more than allowed is enough to tell that the
/// input is too big, without reading the rest of it.
pub fn read_capped(reader: impl Read) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Where the bytes of a puzzle argument came from ([`read_argument`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Stdin: the argument was `-`, or there was none.
    Stdin,
    /// The file (or pipe, such as `<(...)` or `/dev/stdin`) the argument names.
    File,
    /// The argument itself, as no file has its name.
    Argument,
}

/// The bytes of the puzzle argument of `check` or `trace`, read as [`read_capped`] reads: stdin
/// for `-` or none (saying on a terminal how to end it), what stands at that path when something
/// readable does, else the argument itself. Taken as an `OsStr`, so that an argument that is not
/// UTF-8 reaches the parser, which names the bad byte's place.
///
/// # Errors
/// A directory, or something there (or on stdin) that cannot be read, named with the cause.
pub fn read_argument(argument: Option<&OsStr>) -> Result<(Vec<u8>, Source), String> {
    let Some(path) = argument.filter(|argument| *argument != "-").map(Path::new) else {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            let _ = writeln!(
                io::stderr(),
                "reading a puzzle from stdin; end it with Ctrl-D"
            );
        }
        return read_capped(stdin.lock())
            .map(|bytes| (bytes, Source::Stdin))
            .map_err(|error| format!("cannot read the puzzle from stdin: {error}"));
    };
    // Any failure to look means no file: a puzzle of 256 cells is too long for a file name.
    let Ok(metadata) = std::fs::metadata(path) else {
        let bytes = path.as_os_str().as_encoded_bytes().to_vec();
        return Ok((bytes, Source::Argument));
    };
    let shown = path.display();
    if metadata.is_dir() {
        return Err(format!("{shown} is a directory, not a file of one puzzle"));
    }
    let cannot = |error: io::Error| format!("cannot read {shown}: {error}");
    let file = std::fs::File::open(path).map_err(cannot)?;
    let bytes = read_capped(file).map_err(cannot)?;
    Ok((bytes, Source::File))
}

/// Whether `text`, given where a puzzle or the name of a file may stand, was more likely meant as
/// a name: it holds a `/`, ends in an extension such as `.txt`, or is shorter than any board (16
/// cells) and holds a lowercase letter, which no puzzle in the standard symbols does.
pub fn looks_like_a_name(text: &str) -> bool {
    let extension = text.rsplit_once('.').is_some_and(|(_, extension)| {
        (1..=4).contains(&extension.len())
            && extension.chars().all(|c| c.is_ascii_alphanumeric())
            && extension.contains(|c: char| c.is_ascii_alphabetic())
    });
    let lowercase = text.contains(|c: char| c.is_ascii_lowercase());
    text.contains('/') || extension || (lowercase && text.chars().count() < 16)
}

/// Why the input is not a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// More than [`MAX_INPUT_BYTES`].
    #[error(
        "{} is longer than 1 MiB, and one puzzle takes a few hundred bytes at most; to solve \
         many puzzles, use `sudoku-kata solve`",
        if *one_line { "input line 1 alone" } else { "the input" }
    )]
    TooLarge {
        /// Whether no line ended within the bytes read: one huge line rather than many lines.
        one_line: bool,
    },
    /// Bytes that are not UTF-8 text.
    #[error(
        "the input is not UTF-8 text: byte 0x{byte:02X} at input line {line}, column {column} \
         is not valid UTF-8{}",
        if *utf16 { UTF16_HINT } else { "" }
    )]
    NotUtf8 {
        /// The input line of the first bad byte, counted from 1.
        line: usize,
        /// Its column in that line, counted from 1, in characters.
        column: usize,
        /// The bad byte.
        byte: u8,
        /// Whether the input starts with a UTF-16 byte order mark.
        utf16: bool,
    },
    /// Text that is not a board, or a board whose givens clash; the error names the place.
    #[error(transparent)]
    Board(BoardError),
    /// The same, for a board of another size than 9x9 or in an explicit alphabet.
    #[error(transparent)]
    Grid(GridError),
    /// Several lines that are each a whole puzzle ([`is_puzzle_line`]), where one puzzle is
    /// wanted.
    #[error(
        "the input is {count} puzzles, one per line, where one is wanted; `sudoku-kata solve \
         FILE` solves a file of them"
    )]
    Lines {
        /// How many lines hold something.
        count: usize,
    },
    /// A fixture file's line whose puzzle field has as many cells as no board has.
    #[error(
        "the puzzle field at input line {line}, column {column} has {}, but {BOARD_CELLS}",
        counted(*.found as u64, "cell")
    )]
    FieldCellCount {
        /// The input line, counted from 1.
        line: usize,
        /// The field's first column, counted from 1, in characters.
        column: usize,
        /// How many cells it has.
        found: usize,
    },
    /// Comment lines, and no line that is neither blank nor a comment.
    #[error("the input holds no puzzle: only comment lines (starting with '#') and blank lines")]
    OnlyComments,
    /// A line that is a whole puzzle ([`is_puzzle_line`]), then lines that are not all
    /// puzzles, where one puzzle is wanted.
    #[error(
        "input line {first} is a whole puzzle, but the input goes on at line {next}, where one \
         puzzle is wanted: make the rest `#` comments (`sudoku-kata solve FILE` solves a file of \
         puzzles, one per line)"
    )]
    AfterPuzzle {
        /// The puzzle's line, counted from 1.
        first: usize,
        /// The next line that is neither blank nor a comment.
        next: usize,
    },
}

impl InputError {
    /// The error with its place on line `number` of the input, where the text given to the
    /// parser was the whole line (`field` is `None`) or its puzzle field, which starts after
    /// `field` characters: the parsers count lines and columns in the text they are given, which
    /// is one line of it.
    pub fn on_line(mut self, number: usize, field: Option<usize>) -> InputError {
        let before = field.unwrap_or(0);
        if let (InputError::Grid(GridError::CellCount { found }), Some(_)) = (&self, field) {
            let column = before + 1;
            let (line, found) = (number, *found);
            return InputError::FieldCellCount {
                line,
                column,
                found,
            };
        }
        let (InputError::Board(BoardError::BadChar { at, .. })
        | InputError::Grid(GridError::BadSymbol { at, .. })) = &mut self
        else {
            return self;
        };
        if let Place::Text { line, column } | Place::CellInText { line, column, .. } = at {
            *line = number;
            *column += before;
        }
        self
    }
}

/// What an error about bytes that are not UTF-8 adds when the input starts like UTF-16.
pub const UTF16_HINT: &str = " (the input starts like UTF-16 text: save it as UTF-8)";

/// Whether `bytes` start with a UTF-16 byte order mark.
pub fn starts_like_utf16(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF])
}

/// A puzzle [`parse_input`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    /// A 9x9 board in the standard digits.
    Board(Board),
    /// A board of another size, or any board read in an explicit alphabet.
    Grid(Grid),
}

/// The input as text, or [`InputError::NotUtf8`] naming the line and column of its first byte
/// that is not UTF-8.
pub fn utf8_text(input: &[u8]) -> Result<&str, InputError> {
    std::str::from_utf8(input).map_err(|error| {
        let good = &input[..error.valid_up_to()];
        // The good part is valid UTF-8 by definition, so this never falls back.
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line_start = good.rfind('\n').map_or(0, |newline| newline + 1);
        // A byte order mark at the start of the input is no column, as the board parser counts.
        let line = &good[line_start..];
        let line = line
            .strip_prefix('\u{feff}')
            .filter(|_| line_start == 0)
            .unwrap_or(line);
        InputError::NotUtf8 {
            line: good.matches('\n').count() + 1,
            column: line.chars().count() + 1,
            byte: input[error.valid_up_to()],
            utf16: starts_like_utf16(input),
        }
    })
}

/// Reads the input as a board in any notation, in `alphabet` if there is one, or says why it is
/// none (for lines of puzzles, that they are [`InputError::Lines`]; for a puzzle line followed
/// by more, [`InputError::AfterPuzzle`]): a 9x9 board in the standard
/// digits is a [`Puzzle::Board`], anything else a [`Puzzle::Grid`] (`is_other_size` tells them
/// apart).
///
/// A leading byte order mark and `\r\n` line ends are the board parser's business: it skips and
/// accepts them, and counts positions the same way with or without them.
///
/// An input of one line that is neither blank nor a `#` comment is read as that line, by its
/// puzzle field when it is a fixture file's line (as `sudoku-kata generate` writes them), its
/// errors placed in the input. An input of comment lines alone holds no puzzle. Any other input
/// is read whole, its comment lines left empty.
pub fn parse_input(input: &[u8], alphabet: Option<&Alphabet>) -> Result<Puzzle, InputError> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(InputError::TooLarge {
            one_line: !input.contains(&b'\n'),
        });
    }
    let text = utf8_text(input)?;
    // The lines that may hold a puzzle, numbered: not blank, not a comment.
    let meaningful =
        |line: &&str| !(line.trim_start_matches('\u{feff}').trim().is_empty() || is_comment(line));
    let lines = (1..).zip(text.lines()).filter(|(_, line)| meaningful(line));
    let mut starts = lines.clone().take(2);
    let (first, second) = (starts.next(), starts.next());
    if first.is_none() && text.lines().any(is_comment) {
        return Err(InputError::OnlyComments);
    }
    // One such line: that line, or its puzzle field when it is a fixture file's line (as
    // `generate` writes them), its errors placed in the input.
    if let (Some((number, line)), None) = (first, second) {
        let line = line.trim_start_matches('\u{feff}');
        let field = puzzle_field(line);
        let puzzle = field.map_or(line, |(_, puzzle)| puzzle);
        return parse_text(puzzle, alphabet, Board::parse)
            .map_err(|error| error.on_line(number, field.map(|(before, _)| before)));
    }
    parse_text(&blank_comments(text), alphabet, Board::parse).map_err(|error| {
        // Several puzzle lines (or fixture lines) are no one puzzle: `solve` reads them. A
        // puzzle line first is one, whatever follows.
        let count = lines.clone().count();
        match (first.filter(|(_, line)| is_puzzle_line(line)), second) {
            _ if count > 1 && lines.clone().all(|(_, line)| is_puzzle_line(line)) => {
                InputError::Lines { count }
            }
            (Some((first, _)), Some((next, _))) => InputError::AfterPuzzle { first, next },
            _ => error,
        }
    })
}

/// Whether `line` reads as a puzzle on one line: 81 cells or more in the line notation
/// ([`line_notation_side`]), where no grid has rows that long; or as a line with a puzzle field
/// of any size, such as a fixture file's line (a 4x4 board's 16 cells after a name).
pub fn is_puzzle_line(line: &str) -> bool {
    match puzzle_field(line) {
        Some((_, puzzle)) => line_notation_side(puzzle).is_some(),
        None => line_notation_side(line).is_some_and(|side| side >= 9),
    }
}

/// The side of the board `text` is in the line notation: as many characters as a board has
/// cells (spaces around them and a byte order mark aside), and no space or `|` among them, as
/// a grid's rows have (a 36x36 grid's are 81 characters wide).
pub fn line_notation_side(text: &str) -> Option<usize> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.contains(|c: char| c.is_whitespace() || c == '|') {
        return None;
    }
    Grid::side_of(text)
}

/// Reads `text` as a [`Puzzle::Board`] with `board` (such as [`Board::parse`], or
/// [`Board::parse_line`] for a line of a file) when it is 9x9 in the standard digits, else as a
/// [`Puzzle::Grid`] (`is_other_size` tells them apart).
///
/// # Errors
/// [`InputError::Board`] or [`InputError::Grid`], as the parser says.
pub fn parse_text(
    text: &str,
    alphabet: Option<&Alphabet>,
    board: fn(&str) -> Result<Board, BoardError>,
) -> Result<Puzzle, InputError> {
    if is_other_size(text, alphabet) {
        Grid::parse(text, alphabet)
            .map(Puzzle::Grid)
            .map_err(InputError::Grid)
    } else {
        board(text).map(Puzzle::Board).map_err(InputError::Board)
    }
}

/// Whether `text` is for the size-generic path rather than [`Board`]'s: read in an explicit
/// alphabet, or a board that is not 9x9 (a line of a length no board has included), but not a
/// blank line.
fn is_other_size(text: &str, alphabet: Option<&Alphabet>) -> bool {
    let content = text.trim_start_matches('\u{feff}').trim();
    !content.is_empty()
        && (alphabet.is_some() || !(content.starts_with('[') || Grid::side_of(text) == Some(9)))
}
