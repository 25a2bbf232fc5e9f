//! Every scenario in `examples/` (and its subfolders) replays to the end with every expectation
//! met, each as a test of its own (`cargo test --test examples -- chi/` runs Chi's): one failing
//! scenario hides no other. One more test checks that the book's worked examples are all there.

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

/// The rulebooks' worked examples: each must be among the scenarios played.
const WORKED_EXAMPLES: [&str; 19] = [
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
    "loqi/tiran-scene.toml",
];

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

/// Plays one scenario file; the failure names the step, the log so far and the difference.
fn play(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario =
        skald_systems::load_scenario(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let replay =
        skald_systems::replay(&scenario).map_err(|e| format!("{}: {e}", path.display()))?;
    match &replay.failure {
        None => Ok(()),
        Some(failure) => Err(format!(
            "{}: step {} failed: {}\n{}\n{}",
            path.display(),
            failure.step,
            failure.message,
            replay.to_text(),
            failure.diff()
        )
        .into()),
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut found = Vec::new();
    scenarios(&root, &mut found);
    let names: Vec<String> = found
        .iter()
        .map(|p| {
            p.strip_prefix(&root)
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        })
        .collect();
    let mut trials: Vec<Trial> = found
        .into_iter()
        .zip(&names)
        .map(|(path, name)| Trial::test(name.clone(), move || play(&path)))
        .collect();
    trials.push(Trial::test(
        "the_books_worked_examples_are_all_played",
        move || {
            let missing: Vec<&str> = WORKED_EXAMPLES
                .into_iter()
                .filter(|wanted| !names.iter().any(|n| n == wanted))
                .collect();
            if missing.is_empty() {
                Ok(())
            } else {
                Err(format!("not in examples/: {missing:?}").into())
            }
        },
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
