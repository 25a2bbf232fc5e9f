//! What the CLI tests share: running the `skald` binary and checking what it printed.
#![allow(dead_code, clippy::unwrap_used)]

use std::process::{Command, Output};

/// Runs `skald` with `args` from the repository root.
pub fn skald(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skald"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the skald binary runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `skald` with `args`; checks the exit code, and that stdout (or, on failure, stderr) is exactly
/// `expected`, or contains it when `expected` starts with `~`; an empty `expected` checks only the code.
/// Returns stdout.
pub fn check(args: &[&str], code: i32, expected: &str) -> String {
    let out = skald(args);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}\n{stdout}\n{stderr}"
    );
    let shown = if code == 0 { &stdout } else { &stderr };
    match expected.strip_prefix('~') {
        _ if expected.is_empty() => {}
        Some(part) => assert!(shown.contains(part), "{args:?}: {shown}"),
        None => assert_eq!(shown, expected, "{args:?}"),
    }
    stdout
}
