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
use sudoku_board::Board;

use crate::input::lines::{Line, LineReader};
use crate::input::survey::{self, Survey};
use outcome::Outcome;
use solver::{Grids, Solver};

/// How many lines are solved at once: enough to keep every core busy, few enough (at most
/// 4096 x [`MAX_LINE_BYTES`](crate::input::lines::MAX_LINE_BYTES) = 16 MiB, usually 330 KiB) to
/// keep memory flat.
pub const CHUNK_LINES: usize = 4096;

/// The most lines a thread takes at a time while a chunk is solved, so that the threads run out
/// of work together: on two threads, rayon's own split hands each a quarter of a chunk at a time,
/// and the other thread may wait out most of one at the chunk's end.
const LEAF_LINES: usize = 64;

/// What stops [`solve_input`]: the input cannot be read (after every line read before has its
/// outcome), or the outcomes cannot be written. Bad content never does; it gets an error line.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// Reading (or opening) the input called `name` failed.
    #[error("cannot read {name}: {error}")]
    Read {
        /// The path as given, or `<stdin>`.
        name: String,
        /// What went wrong.
        error: io::Error,
    },
    /// The consumer of the outcomes failed (writing them, usually).
    #[error("cannot write the results: {0}")]
    Emit(io::Error),
}

/// Solves the input called `name` (a path, or `<stdin>`) that `reader` reads (boards beyond 9x9
/// as `grids` says: see [`outcome::puzzle_of`]), handing its
/// outcomes to `emit` in input order, one per line (or one for an input that is one puzzle, or
/// that has no line at all), a chunk at a time, as soon as each chunk is solved.
///
/// Up to [`CHUNK_LINES`] lines are solved in parallel on the rayon pool while this thread hands
/// on the chunk before and reads the next as far as its lines are ready, so reading and writing
/// overlap the solving (called from outside the pool, this thread is one more); a chunk is
/// dropped once handed on, so memory stays flat on any input. Where no line is ready (a stream
/// whose next line has not come whole yet), what is solved is handed on before waiting for more,
/// so a slow pipe gets its answers as its lines come.
///
/// # Errors
///
/// [`StreamError`], when `emit` fails (the outcomes emitted before stand), or when reading fails:
/// the input ends there, and every line read before the failure has its outcome emitted first.
pub fn solve_input(
    name: &str,
    reader: &mut LineReader,
    solver: Solver<'_>,
    grids: Grids<'_>,
    emit: &mut dyn FnMut(&[Outcome], &LineReader) -> io::Result<()>,
) -> Result<(), StreamError> {
    let mut emit = |outcomes: &[Outcome], reader: &LineReader| {
        emit(outcomes, reader).map_err(StreamError::Emit)
    };
    let mut read_ahead = match survey::survey(reader, grids.alphabet) {
        Survey::Empty => return emit(&[outcome::for_empty_input(name)], reader),
        Survey::Whole(text) => {
            return emit(&[outcome::for_whole(name, &text, solver, grids)], reader);
        }
        Survey::Lines(lines) => lines.into_iter(),
    };
    let mut chunk: Vec<Line> = Vec::with_capacity(CHUNK_LINES);
    let mut solved: Vec<Outcome> = Vec::new();
    let mut at_end = false;
    loop {
        chunk.extend(read_ahead.by_ref().take(CHUNK_LINES - chunk.len()));
        if chunk.is_empty() && !at_end {
            // Nothing to solve until more comes: hand on what is solved before waiting.
            emit(&solved, reader)?;
            solved.clear();
            at_end = read_more(&mut chunk, reader, true);
        }
        if chunk.is_empty() {
            emit(&solved, reader)?;
            return reader.take_error().map_or(Ok(()), |error| {
                Err(StreamError::Read {
                    name: name.to_owned(),
                    error,
                })
            });
        }
        let mut next = Vec::with_capacity(CHUNK_LINES);
        let mut outcomes = Vec::new();
        // The chunk is solved on the rayon pool (this thread's, or the global one) while this
        // thread hands on the chunk before and reads ahead; the scope ends once both are done.
        rayon::in_place_scope(|scope| {
            let (chunk, outcomes) = (&chunk, &mut outcomes);
            scope.spawn(move |_| *outcomes = solve_chunk(name, chunk, solver, grids));
            emit(&solved, reader)?;
            // The reader's lines come after those read ahead: only once those are all taken.
            if !at_end && read_ahead.len() == 0 {
                at_end = read_more(&mut next, reader, false);
            }
            Ok::<(), StreamError>(())
        })?;
        solved = outcomes;
        chunk = next;
    }
}

/// The outcomes of `chunk`'s lines, in order, solved in parallel: each line read (and, where
/// [`outcome::puzzle_of`] can, solved) on its own, then the puzzles left cut into one batch per
/// thread, each batch solved in a row ([`Solver::solve_all`]), so that a worker answers many
/// puzzles for each round trip.
fn solve_chunk(name: &str, chunk: &[Line], solver: Solver<'_>, grids: Grids<'_>) -> Vec<Outcome> {
    let puzzles: Vec<Result<Board, Outcome>> = (chunk.par_iter().with_max_len(LEAF_LINES))
        .map(|line| outcome::puzzle_of(name, line, solver, grids))
        .collect();
    let boards: Vec<Board> = puzzles.iter().flatten().copied().collect();
    let batch = boards.len().div_ceil(rayon::current_num_threads()).max(1);
    let solved: Vec<_> = (boards.par_chunks(batch))
        .flat_map_iter(|batch| solver.solve_all(batch))
        .collect();
    let mut solved = solved.into_iter();
    (puzzles.into_iter().zip(chunk))
        .map(|(puzzle, line)| match puzzle {
            Ok(_) => outcome::for_solved(name, line, solved.next().expect("one per puzzle")),
            Err(failed) => failed,
        })
        .collect()
}

/// Reads lines into `chunk` up to [`CHUNK_LINES`]: all it can, or with `wait` false only while a
/// line is ready ([`LineReader::has_line_ready`]), never waiting for more. Whether the input has
/// ended (or failed: the reader keeps the error).
fn read_more(chunk: &mut Vec<Line>, reader: &mut LineReader, wait: bool) -> bool {
    while chunk.len() < CHUNK_LINES && ((wait && chunk.is_empty()) || reader.has_line_ready()) {
        match reader.next_line() {
            Some(line) => chunk.push(line),
            None => return true,
        }
    }
    false
}
