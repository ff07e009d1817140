//! `cargo xtask data --from` on a small archive made here, shaped as tdoku's `data.zip` (a
//! `data/` folder of `puzzles*` sets), with a large boards' set and files that are no set; then
//! on a folder; then on what holds no set.

use std::io::Write;
use std::path::Path;
use std::process::Command;

const SET: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

/// `xtask data --from FROM --into INTO`: exit status, stdout, stderr.
fn data(from: &Path, into: &Path) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["data", "--from"])
        .arg(from)
        .arg("--into")
        .arg(into)
        .output()
        .expect("runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (
        output.status.code(),
        text(output.stdout),
        text(output.stderr),
    )
}

#[test]
fn an_archive_s_sets_land_in_data_and_say_where_they_came_from() {
    let dir = tempfile::tempdir().expect("a directory");
    let archive = dir.path().join("data.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&archive).expect("create"));
    let options = zip::write::SimpleFileOptions::default();
    for (name, text) in [
        ("data/puzzles2_17_clue", SET),
        ("data/README.md", "not a set"),
        ("large/acs16-fill05.txt", "# a large set\n"),
        ("data/puzzles.zip", "not a set either"),
    ] {
        zip.start_file(name, options).expect("an entry");
        zip.write_all(text.as_bytes()).expect("written");
    }
    zip.finish().expect("the archive");

    let into = dir.path().join("data");
    let (code, stdout, stderr) = data(&archive, &into);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(into.join("puzzles2_17_clue")).expect("the set"),
        SET
    );
    assert!(into.join("large/acs16-fill05.txt").is_file());
    assert!(!into.join("README.md").exists() && !into.join("puzzles.zip").exists());
    let from = format!("(from {}: data/puzzles2_17_clue)", archive.display());
    assert!(stdout.contains(&from), "{stdout}");
    // The other public sets that `results` needs are named as missing.
    assert!(
        stdout.contains("not there yet, which `cargo xtask results` needs: puzzles3_"),
        "{stdout}"
    );

    // The folder they are in now is a source too.
    let again = dir.path().join("again");
    let (code, stdout, stderr) = data(&into, &again);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        again.join("puzzles2_17_clue").is_file() && again.join("large/acs16-fill05.txt").is_file()
    );
    assert!(stdout.contains("(from "), "{stdout}");
}

#[test]
fn what_holds_no_set_or_is_no_archive_is_an_error() {
    let dir = tempfile::tempdir().expect("a directory");
    let into = dir.path().join("data");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).expect("mkdir");
    let (code, _, stderr) = data(&empty, &into);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(&format!("error: {} holds no public set", empty.display())),
        "{stderr}"
    );
    let text = dir.path().join("data.zip");
    std::fs::write(&text, "not a zip").expect("write");
    let (code, _, stderr) = data(&text, &into);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(&format!("error: {}: ", text.display())),
        "{stderr}"
    );
    let (code, _, stderr) = data(&dir.path().join("nowhere.zip"), &into);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("No such file"), "{stderr}");
    assert!(!into.exists());
}

/// A checkout of Lloyd and Amos's repository holds a file per board: those beyond 9x9 with 5% to
/// 95% given are gathered into one `name<TAB>puzzle` set per size and share of givens, boards in
/// index order.
#[test]
fn the_large_boards_instances_become_one_set_per_size_and_share() {
    let dir = tempfile::tempdir().expect("a directory");
    let general = dir.path().join("acs/instances/general");
    std::fs::create_dir_all(&general).expect("mkdir");
    // A 16x16 board (box size 4), its rows split by tabs, -1 for a blank: `first` and 16 first.
    let board = |first: &str| {
        let row = |cells: &str| format!("{cells}\t\n");
        let blank = vec!["-1"; 16].join("\t");
        let top = format!("{first}\t{}\t16", vec!["-1"; 14].join("\t"));
        format!("4\n1\n{}{}", row(&top), row(&blank).repeat(15))
    };
    let line = |first: char| format!("{first}..............G{}", ".".repeat(240));
    for (name, first) in [
        ("inst16x16_25_10.txt", "3"),
        ("inst16x16_25_2.txt", "1"),
        ("inst16x16_50_0.txt", "2"),
        // Left out: nothing given, nothing to solve, 9x9.
        ("inst16x16_0_0.txt", "-1"),
        ("inst16x16_100_0.txt", "1"),
        ("inst9x9_25_0.txt", "1"),
    ] {
        std::fs::write(general.join(name), board(first)).expect("write");
    }
    std::fs::write(general.join("notes.txt"), "not a board").expect("write");
    let into = dir.path().join("data");
    let (code, stdout, stderr) = data(&dir.path().join("acs"), &into);
    assert_eq!(code, Some(0), "{stderr}");
    let set = std::fs::read_to_string(into.join("large/acs16-fill25.txt")).expect("the set");
    let lines: Vec<&str> = set.lines().filter(|line| !line.starts_with('#')).collect();
    let expected = [
        format!("acs16-25-02\t{}", line('1')),
        format!("acs16-25-10\t{}", line('3')),
    ];
    assert_eq!(lines, expected);
    let written: Vec<String> = std::fs::read_dir(into.join("large"))
        .expect("data/large")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut written = written;
    written.sort();
    assert_eq!(written, ["acs16-fill25.txt", "acs16-fill50.txt"]);
    assert!(stdout.contains("instances/general/inst*.txt"), "{stdout}");
    // A board that does not read is named.
    std::fs::write(general.join("inst16x16_75_0.txt"), "4\n1\n1\t2\n").expect("write");
    let (code, _, stderr) = data(&dir.path().join("acs"), &into);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("inst16x16_75_0.txt: not a board of 16x16"),
        "{stderr}"
    );
}
