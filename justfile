# Conveniences on top of cargo; every recipe is a plain cargo command you can run without just.

# List the recipes.
default:
    @just --list

# Run every test of the workspace (the README's test command).
test:
    cargo test --workspace

# Compare every approach on every bundled tier (the README's main command).
compare *args:
    cargo run --release -- compare {{args}}

# Puzzles per second of every engine, side by side (e.g. `just bench --tier hard`).
bench *args:
    cargo run --release -- bench {{args}}

# Review changed or new insta snapshots (needs `cargo install cargo-insta`).
review:
    cargo insta review

# Format the workspace.
fmt:
    cargo fmt --all

# Lint the workspace as CI does.
lint:
    cargo clippy --workspace --all-targets -- -D warnings

# Run exactly what CI runs.
ci:
    bash .ci/run

# Scaffold a new approach crate under crates/approaches/ and register it (e.g. `just new bitmask-mrv`).
new name:
    cargo run --release -- new {{name}}

# Set up practice/, an untracked crate with the blank LeetCode stub and the shared suite
# (`just practice --approach bool-tables` to practise one rung).
practice *flags:
    cargo run -- practice {{flags}}

# Run the shared suite on practice/ and place it on the ladder; `just practice-check --watch`
# checks again at every save.
practice-check *flags:
    cargo run --release -- practice --check {{flags}}

# Fuzz one target for some seconds (needs `cargo install cargo-afl && cargo afl config --build`):
# `just fuzz bulk_reader 60`. Targets: board_parsers, one_puzzle, bulk_reader (docs/fuzzing.md).
fuzz target seconds="60":
    cargo afl build -p sudoku-fuzz --features afl --target-dir target/afl
    mkdir -p target/fuzz
    cargo afl fuzz -V {{seconds}} -i crates/fuzz/corpus/{{target}} -o target/fuzz/{{target}} target/afl/debug/{{target}}

# Run compare and bench and write docs/results.md, the one page of measured times (add
# `--features reference` and SUDOKU_BENCH_DATA=../shared/data for the public sets).
results *args:
    cargo run --release -- results {{args}}
