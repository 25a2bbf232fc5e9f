//! Every scenario in `examples/` (and its subfolders) replays to the end with every expectation met.

use std::path::{Path, PathBuf};

fn scenarios(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("examples/ is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            scenarios(&path, found);
        } else if path.extension().and_then(|e| e.to_str()) == Some("toml") {
            found.push(path);
        }
    }
}

#[test]
fn every_example_scenario_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut found = Vec::new();
    scenarios(&root, &mut found);
    let mut played = Vec::new();
    for path in found {
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
            path.strip_prefix(&root)
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
        );
    }
    for wanted in [
        "twenty/gorand-and-the-dragon.toml",
        "twenty/dragon-surrenders.toml",
        "chi/pool-7-round.toml",
        "freelancer/guard.toml",
        "freelancer/boulder.toml",
        "freelancer/team-lift.toml",
        "loqi/problem.toml",
        "twenty/dragon-burden.toml",
        "twenty/healing.toml",
        "twenty/caravan-obligation.toml",
        "twenty/three-way.toml",
        "twenty/disabled.toml",
        "chi/secret-round.toml",
        "chi/book-characters.toml",
        "freelancer/arm-wrestling.toml",
        "freelancer/ambush-event.toml",
        "loqi/tiran-story.toml",
        "loqi/bidding-war.toml",
    ] {
        assert!(
            played.iter().any(|p| p == wanted),
            "{wanted} was not played; played {played:?}"
        );
    }
}
