//! Serves the shared suite's puzzles to `sudoku-kata practice --check`, in the workspace's worker
//! protocol (`sudoku_harness::worker`); it is not meant to be run by hand.

use std::process::ExitCode;

use sudoku_harness::worker::{Served, serve_if_asked};

/// Your solution, as the worker protocol calls a rung: it does not count search calls, so 0.
fn solve(board: &mut Vec<Vec<char>>) -> u64 {
    practice::solve_sudoku(board);
    0
}

fn main() -> ExitCode {
    // 9x9 boards only: a solution for other sizes would be served as `solutions`.
    let served = Served {
        solve,
        solutions: None,
    };
    serve_if_asked(|_| Some(served)).unwrap_or_else(|| {
        eprintln!("practice-worker is started by `sudoku-kata practice --check`");
        ExitCode::FAILURE
    })
}
