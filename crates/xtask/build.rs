//! Records the compiler's version for `cargo xtask results`, whose page says what built the measured code.

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map_or_else(
            || "unknown".to_owned(),
            |output| String::from_utf8_lossy(&output.stdout).trim().to_owned(),
        );
    println!("cargo::rustc-env=SUDOKU_KATA_RUSTC={version}");
    println!("cargo::rerun-if-env-changed=RUSTC");
}
