//! The fuzz targets as ordinary tests: every seed of the corpus, and every saved crash, replayed
//! through every target. CI runs this with the Rust toolchain alone, so the targets keep
//! compiling, a fixed crash stays fixed, and the seeds stay meaningful (each target's seeds
//! reach both what is accepted and what is refused).

use std::fs;
use std::path::{Path, PathBuf};

use sudoku_board::{Alphabet, Board, Grid, GridError};
use sudoku_fuzz::TARGETS;
use sudoku_kata::input::lines::LineReader;
use sudoku_kata::solving::outcome::Outcome;
use sudoku_kata::solving::solve_input;
use sudoku_kata::solving::solver::{Grids, Solver};

/// The crate's own directory: the corpus and the saved crashes live there.
fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, at any depth, sorted; none if `dir` does not exist.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.expect("a readable directory entry").path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn corpus(target: &str) -> Vec<PathBuf> {
    files_under(&crate_dir().join("corpus").join(target))
}

fn read(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn every_seed_and_saved_crash_passes_every_target() {
    let mut files = files_under(&crate_dir().join("corpus"));
    files.extend(files_under(&crate_dir().join("regressions")));
    for path in &files {
        let data = read(path);
        for (name, target) in TARGETS {
            // A panic names the target and the file, which is what it takes to replay it.
            eprintln!("{name} <- {}", path.display());
            target(&data);
        }
    }
}

#[test]
fn every_target_has_a_seed_corpus_and_every_corpus_a_target() {
    for (name, _) in TARGETS {
        assert!(!corpus(name).is_empty(), "corpus/{name}/ has no seed");
    }
    for entry in fs::read_dir(crate_dir().join("corpus")).expect("corpus/ exists") {
        let name = entry.expect("a readable directory entry").file_name();
        assert!(
            TARGETS.iter().any(|(target, _)| name == *target),
            "corpus/{} belongs to no target",
            name.display()
        );
    }
}

#[test]
fn the_parser_seeds_reach_every_notation_and_its_errors() {
    let texts: Vec<String> = corpus("board_parsers")
        .iter()
        .filter_map(|path| String::from_utf8(read(path)).ok())
        .collect();
    let accepted_by = |parse: fn(&str) -> Result<Board, _>| {
        texts.iter().filter(|text| parse(text).is_ok()).count()
    };
    assert!(accepted_by(Board::parse_line) >= 3);
    assert!(accepted_by(Board::parse_grid) >= 3);
    assert!(accepted_by(Board::parse_leetcode) >= 2);
    let refused = texts.iter().filter(|text| Board::parse(text).is_err());
    assert!(refused.count() >= 5);
}

#[test]
fn the_parser_seeds_reach_large_grids_and_their_errors() {
    let texts: Vec<String> = corpus("board_parsers")
        .iter()
        .filter_map(|path| String::from_utf8(read(path)).ok())
        .collect();
    let hex = Alphabet::new("0123456789ABCDEF").expect("16 symbols");
    let wide = Alphabet::new("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ").expect("36 symbols");
    let mut sides = Vec::new();
    let (mut bad_symbols, mut ragged) = (0, 0);
    for text in &texts {
        for alphabet in [None, Some(&hex), Some(&wide)] {
            match Grid::parse(text, alphabet) {
                Ok(grid) => sides.push(grid.side()),
                Err(GridError::BadSymbol { .. }) if text.trim().len() == 625 => bad_symbols += 1,
                Err(GridError::RowLength { side: 16, .. }) => ragged += 1,
                Err(_) => {}
            }
        }
    }
    for side in [9, 16, 36] {
        assert!(sides.contains(&side), "no {side}x{side} seed reads");
    }
    assert!(
        bad_symbols >= 1 && ragged >= 1,
        "{bad_symbols} bad symbols, {ragged} ragged"
    );
}

#[test]
fn the_bulk_seeds_reach_solutions_error_lines_comments_and_whole_puzzles() {
    let (mut solved, mut failed, mut comments, mut whole) = (0, 0, 0, 0);
    for path in corpus("bulk_reader") {
        let data = read(&path);
        let mut reader = LineReader::new(Box::new(std::io::Cursor::new(data.clone())));
        let mut outcomes = Vec::new();
        solve_input(
            "<stdin>",
            &mut reader,
            Solver::Engine,
            Grids::default(),
            &mut |chunk, _| {
                outcomes.extend_from_slice(chunk);
                Ok(())
            },
        )
        .expect("a file in memory is read");
        for outcome in &outcomes {
            match outcome {
                Outcome::Solved(_) | Outcome::SolvedGrid(_) => solved += 1,
                Outcome::Failed(_) => failed += 1,
                Outcome::Comment(_) => comments += 1,
            }
        }
        // One outcome for an input of several non-empty lines: read as one puzzle.
        let lines = data
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .count();
        if outcomes.len() == 1 && lines > 1 {
            whole += 1;
        }
    }
    assert!(solved >= 10, "{solved} solved");
    assert!(failed >= 10, "{failed} failed");
    assert!(comments >= 1, "{comments} comments");
    assert!(whole >= 4, "{whole} whole puzzles");
}
