//! A session's episodes (`skald_core::Episode`, a system's `chronicle`) as text to snapshot, and
//! the episodes of one of the book's examples (`examples/<system>/<name>.toml`) played through.
//!
//! ```text
//! Conflict 1 | Gorand, Dragon | Gorand wins and gets its goal: ... (T4), after 3 exchanges
//!   - Gorand wants: ...
//! ```

use skald_core::{Episode, System};
use std::fmt::Write as _;

/// `episodes` as text: a head line per episode, `title | who | outcome`, then `  - change` lines.
pub fn sketch_episodes(episodes: &[Episode]) -> String {
    let mut out = String::new();
    for e in episodes {
        let _ = writeln!(out, "{} | {} | {}", e.title, e.who.join(", "), e.outcome);
        for change in &e.changes {
            let _ = writeln!(out, "  - {change}");
        }
    }
    out
}

/// The episodes of the example `examples/<S::NAME>/<name>.toml` (read from the workspace), all
/// its steps played (those refused change nothing and add no event).
///
/// # Panics
/// When the example cannot be read or played: a test's setup is wrong.
#[allow(clippy::expect_used)]
pub fn example_episodes<S: System>(name: &str) -> Vec<Episode> {
    let path = format!(
        "{}/../../examples/{}/{name}.toml",
        env!("CARGO_MANIFEST_DIR"),
        S::NAME
    );
    let text = std::fs::read_to_string(&path).expect("the example is readable");
    let scenario = skald_scenario::load(&text).expect("the example parses");
    let replay = scenario.replay_as::<S>().expect("the example plays");
    let events: Vec<S::Event> = replay
        .setup
        .iter()
        .chain(&replay.steps)
        .flat_map(|step| step.events.iter())
        .map(|e| serde_json::from_value(e.clone()).expect("an event of the system"))
        .collect();
    let options: S::Options =
        serde_json::from_value(replay.options).expect("the example's options");
    S::chronicle(&options, &events)
}
