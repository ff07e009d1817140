# Conveniences on top of cargo; every recipe is a plain cargo command you can run without just.

# List the recipes.
default:
    @just --list

# Run every test of the workspace (the README's test command).
test:
    cargo test --workspace

# Each test binary's wall time in `cargo test --workspace`, slowest first, and the total: a
# regression in the suite's speed shows here (docs/measuring.md has the last run's figures).
test-timings:
    #!/usr/bin/env bash
    set -euo pipefail
    # Which source each test executable is built from: cargo's log names the executable only.
    sources=$(mktemp)
    trap 'rm -f "$sources"' EXIT
    cargo test --workspace --no-run --message-format=json \
        | sed -n 's|.*"src_path":"'"$PWD"'/\([^"]*\)".*"executable":"[^"]*/\([^"/]*\)".*|\2 \1|p' > "$sources"
    cargo test --workspace 2>&1 \
        | while IFS= read -r line; do printf '%s %s\n' "$(date +%s.%N)" "$line"; done \
        | awk -v sources="$sources" '
            BEGIN { while ((getline entry < sources) > 0) { split(entry, f, " "); source[f[1]] = f[2] } }
            NR == 1 { first = $1 }
            / (Running|Doc-tests) / {
                if (name != "") printf "%7.1f s  %s\n", $1 - start, name
                start = $1
                if ($2 == "Doc-tests") { name = "doc tests of " $3 }
                else { exe = $NF; gsub(/[()]/, "", exe); sub(/.*\//, "", exe); name = (exe in source) ? source[exe] : $4 }
            }
            /test result: FAILED/ { failed = 1 }
            { last = $1 }
            END { if (name != "") printf "%7.1f s  %s\n", last - start, name; printf "%7.1f s  in all\n", last - first; exit failed }' \
        | sort -rn

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

# Run compare and bench and write docs/results.md, the one page of measured times, with the
# public sets of data/ and the drivers of target/anchors/ when they are there (the two recipes
# below; docs/measuring.md says more).
results *args:
    cargo xtask results {{args}}

# Put the public puzzle sets in data/: FROM is tdoku's data.zip, a folder of its sets, or a
# checkout of Lloyd and Amos's sudoku_acs (the large boards).
data from:
    cargo xtask data --from {{from}}

# Build the C solvers that results races, from a checkout of tdoku's repository.
anchors tdoku:
    cargo xtask anchors --tdoku {{tdoku}}
