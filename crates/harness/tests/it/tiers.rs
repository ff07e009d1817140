//! Tests of `sudoku_harness::tiers`.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use sudoku_harness::tiers::*;

#[test]
fn every_bundled_tier_loads_and_is_not_empty() {
    for tier in TIERS {
        assert!(
            tier_puzzles(tier.name).next().is_some(),
            "{} is empty",
            tier.name
        );
    }
}

#[test]
fn every_file_in_fixtures_is_a_tier() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let on_disk: BTreeSet<String> = fs::read_dir(&dir)
        .expect("fixtures/ exists")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".txt")?.to_owned())
        })
        .collect();
    let bundled: BTreeSet<String> = TIERS.iter().map(|tier| tier.name.to_owned()).collect();
    assert_eq!(
        on_disk, bundled,
        "fixtures/*.txt and TIERS in crates/harness/src/tiers.rs must list the same tiers"
    );
}

#[test]
fn looks_puzzles_up_by_id() {
    let example = puzzle("leetcode/example").expect("LeetCode's example is bundled");
    assert_eq!(
        example.board.to_line(),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    );
    assert!(puzzle("leetcode/nope").is_none());
    assert!(puzzle("no-slash").is_none());
}
