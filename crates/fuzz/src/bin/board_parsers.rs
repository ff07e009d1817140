//! AFL's entry point for [`sudoku_fuzz::board_parsers`]: `docs/fuzzing.md` says how to run it.

fn main() {
    afl::fuzz!(|data: &[u8]| sudoku_fuzz::board_parsers(data));
}
