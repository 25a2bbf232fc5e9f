//! Chi's advice over the round (issue 32), timed in-process: the median of repeated
//! `skald_chi::advice::advice` calls for each state, one line per state. Run with
//! `cargo bench -p skald-chi --bench advice`. The goal: at most 200 ms on one core (docs/benchmarks.md).
#![allow(missing_docs, clippy::unwrap_used)]
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

use serde_json::json;
use skald_chi::rules::{apply, decide};
use skald_chi::{Chi, Command, Options, State, advice};
use skald_core::{SeededRandom, System};
use std::time::{Duration, Instant};

fn play(commands: &[serde_json::Value]) -> State {
    let mut state = Chi::initial(&Options::default());
    for c in commands {
        let command: Command = serde_json::from_value(c.clone()).unwrap();
        let events = decide(&state, &command, &mut SeededRandom::from_seed(1)).unwrap();
        state = events.iter().fold(state, apply);
    }
    state
}

fn enroll(name: &str, pool: u32) -> serde_json::Value {
    json!({"do": "enroll", "character": {"name": name, "words": [], "occupation": "orc", "pool": pool}})
}

fn time(label: &str, state: &State, command: &Command) {
    let mut runs = Vec::new();
    let start = Instant::now();
    while runs.len() < 5 || (start.elapsed() < Duration::from_secs(2) && runs.len() < 200) {
        let t = Instant::now();
        let answer = advice::advice(state, command);
        runs.push(t.elapsed());
        assert!(answer.is_some(), "{label}");
    }
    runs.sort();
    let simulated = advice::advice(state, command)
        .unwrap()
        .chances
        .iter()
        .filter(|c| c.margin.is_some())
        .count();
    println!(
        "{label}: median {:.2} ms, slowest {:.2} ms over {} runs ({simulated} simulated)",
        runs[runs.len() / 2].as_secs_f64() * 1000.0,
        runs[runs.len() - 1].as_secs_f64() * 1000.0,
        runs.len()
    );
}

fn main() {
    // The book's examples: every action and opposed action step of examples/chi, at its position.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/chi");
    let mut slowest = (Duration::ZERO, String::new());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let scenario = skald_scenario::load(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (i, step) in scenario.steps.iter().enumerate() {
            let Ok(command) = serde_json::from_value::<Command>(step.command.clone()) else {
                continue;
            };
            let table = scenario.table_after::<Chi>(i).unwrap();
            let t = Instant::now();
            if advice::advice(table.state(), &command).is_none() {
                continue;
            }
            let took = t.elapsed();
            if took > slowest.0 {
                slowest = (took, format!("{} step {}", path.display(), i + 1));
            }
        }
    }
    println!(
        "the book's examples: slowest step {:.2} ms ({})",
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1
    );
    // A four-character table: pools 10, 8, 7, 6, some dice spent, an action with three foes.
    let four = play(&[
        enroll("Ann", 10),
        enroll("Bo", 8),
        enroll("Cy", 7),
        enroll("Di", 6),
        json!({"do": "action", "who": "Bo", "spend": 2, "difficulty": 3}),
    ]);
    let action: Command = serde_json::from_value(
        json!({"do": "action", "who": "Ann", "spend": 4, "difficulty": 5, "modifier": 1}),
    )
    .unwrap();
    time("four characters, an action", &four, &action);
    // The same table in a secret roll: two opposed pairs, every allocation still secret.
    let secret = play(&[
        enroll("Ann", 10),
        enroll("Bo", 8),
        enroll("Cy", 7),
        enroll("Di", 6),
        json!({"do": "secret_open", "opposed": [
            {"actor": {"who": "Ann"}, "defender": {"who": "Bo"}},
            {"actor": {"who": "Cy"}, "defender": {"who": "Di"}}]}),
    ]);
    let commit: Command = serde_json::from_value(json!({"do": "secret_commit", "who": "Ann",
        "commitment": skald_chi::rules::secret::commitment("Ann", 3, "ann-salt-00000001")}))
    .unwrap();
    time("four characters, a secret roll", &secret, &commit);
    // The largest: 20 characters of pool 100 in one secret roll, 10 opposed pairs all secret.
    let mut commands: Vec<_> = (0..20).map(|i| enroll(&format!("C{i:02}"), 100)).collect();
    let pairs: Vec<_> = (0..10)
        .map(|i| json!({"actor": {"who": format!("C{:02}", 2 * i)}, "defender": {"who": format!("C{:02}", 2 * i + 1)}}))
        .collect();
    commands.push(json!({"do": "secret_open", "opposed": pairs}));
    let largest = play(&commands);
    let commit: Command = serde_json::from_value(json!({"do": "secret_commit", "who": "C00",
        "commitment": skald_chi::rules::secret::commitment("C00", 3, "c00-salt-00000001")}))
    .unwrap();
    time("twenty pools of 100, ten secret pairs", &largest, &commit);
    // A fair fight: the GM enrolling an NPC at the four-character table, and at the twenty pools of
    // 100 (the largest pools and the most characters).
    let troll: Command =
        serde_json::from_value(json!({"do": "enroll", "character": "troll9"})).unwrap();
    time(
        "four characters, an NPC enrolled (a fair fight)",
        &four,
        &troll,
    );
    time("twenty pools of 100, an NPC enrolled", &largest, &troll);
}
