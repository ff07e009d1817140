//! From lines to results: the solver, the outcome of each line, and [`solve_input`], the loop
//! that `solve` runs over each input.
//!
//! - [`solver`] runs the chosen solver and judges its answer.
//! - [`outcome`] turns a line into its solution or its error line.
//! - [`solver`] also holds [`solver::Workers`], an approach in worker processes, each puzzle
//!   within a budget.

pub mod outcome;
pub mod solver;

use std::io;

use rayon::prelude::*;

use crate::input::lines::{Line, LineReader};
use crate::input::survey::{self, Survey};
use outcome::Outcome;
use solver::Solver;

/// How many lines are solved at once: enough to keep every core busy, few enough (at most
/// 4096 x [`MAX_LINE_BYTES`](crate::input::lines::MAX_LINE_BYTES) = 16 MiB, usually 330 KiB) to
/// keep memory flat.
pub const CHUNK_LINES: usize = 4096;

/// What stops [`solve_input`] before the end: the input cannot be read, or the outcomes cannot be
/// handed on. Bad content never does; it gets an error line.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// Reading the input failed.
    #[error("cannot read the input: {0}")]
    Read(io::Error),
    /// The consumer of the outcomes failed (writing them, usually).
    #[error("cannot hand on the results: {0}")]
    Emit(io::Error),
}

/// Solves the input called `name` (a path, or `<stdin>`) that `reader` reads, handing its
/// outcomes to `emit` in input order, one per line (or one for an input that is one puzzle, or
/// that has no line at all), a chunk at a time, as soon as each chunk is solved.
///
/// Up to [`CHUNK_LINES`] lines are read and solved in parallel (rayon), then dropped before the
/// next chunk is read, so memory stays flat on any input. A chunk is also cut where the input runs
/// dry for the moment, so a slow pipe gets its answers as its lines come.
///
/// # Errors
///
/// [`StreamError`], when reading or `emit` fails; the outcomes emitted before stand.
pub fn solve_input(
    name: &str,
    reader: &mut LineReader,
    solver: Solver<'_>,
    emit: &mut dyn FnMut(&[Outcome], &LineReader) -> io::Result<()>,
) -> Result<(), StreamError> {
    let mut emit = |outcomes: &[Outcome], reader: &LineReader| {
        emit(outcomes, reader).map_err(StreamError::Emit)
    };
    let mut read_ahead = match survey::survey(reader).map_err(StreamError::Read)? {
        Survey::Empty => return emit(&[outcome::for_empty_input(name)], reader),
        Survey::Whole(text) => return emit(&[outcome::for_whole(name, &text, solver)], reader),
        Survey::Lines(lines) => lines.into_iter(),
    };
    let mut chunk: Vec<Line> = Vec::with_capacity(CHUNK_LINES);
    loop {
        chunk.extend(read_ahead.by_ref().take(CHUNK_LINES));
        let mut at_end = false;
        // Lines read ahead come first; then the reader, up to a full chunk, or until it would
        // have to wait for more input while there is something to solve.
        while chunk.len() < CHUNK_LINES && (chunk.is_empty() || reader.has_buffered()) {
            match reader.next_line().map_err(StreamError::Read)? {
                Some(line) => chunk.push(line),
                None => {
                    at_end = true;
                    break;
                }
            }
        }
        let outcomes: Vec<Outcome> = chunk
            .par_iter()
            .map(|line| outcome::for_line(name, line, solver))
            .collect();
        emit(&outcomes, reader)?;
        chunk.clear();
        if at_end {
            return Ok(());
        }
    }
}
