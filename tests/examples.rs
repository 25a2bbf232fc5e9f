//! Every scenario in `examples/` replays to the end with every expectation met.

use std::path::Path;

#[test]
fn every_example_scenario_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut played = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/ is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("scenario is readable");
        let scenario =
            skald_scenario::load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let replay = scenario
            .replay()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Some(failure) = &replay.failure {
            panic!(
                "{}: step {} failed: {}\n{}\n{}",
                path.display(),
                failure.step,
                failure.message,
                replay.to_text(),
                failure.diff()
            );
        }
        played.push(
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        );
    }
    for wanted in [
        "twenty-gorand-and-the-dragon.toml",
        "twenty-dragon-surrenders.toml",
    ] {
        assert!(
            played.iter().any(|p| p == wanted),
            "{wanted} was not played; played {played:?}"
        );
    }
}
