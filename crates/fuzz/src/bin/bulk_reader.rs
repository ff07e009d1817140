//! AFL's entry point for [`sudoku_fuzz::bulk_reader`]: `docs/fuzzing.md` says how to run it.

fn main() {
    afl::fuzz!(|data: &[u8]| sudoku_fuzz::bulk_reader(data));
}
