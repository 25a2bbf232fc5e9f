//! Freelancer's advice over the event and a fair fight for the GM (issue 32), timed in-process:
//! the median of repeated `skald_freelancer::advice::advice` calls for each state, one line per
//! state. Run with
//! `cargo bench -p skald-freelancer --bench advice`. The goal: at most 200 ms on one core
//! (docs/benchmarks.md).
#![allow(missing_docs, clippy::unwrap_used)]
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

use serde_json::{Value, json};
use skald_core::{Scripted, System};
use skald_freelancer::rules::{apply, decide};
use skald_freelancer::{Command, Freelancer, Options, State, advice};
use std::time::{Duration, Instant};

fn play(options: Value, sheets: &[Value], steps: &[(Value, Vec<i64>)]) -> State {
    let mut state = Freelancer::initial(&serde_json::from_value::<Options>(options).unwrap());
    let enroll = sheets.iter().map(|s| {
        (
            Freelancer::enroll(serde_json::from_value(s.clone()).unwrap()),
            vec![],
        )
    });
    let steps = steps.iter().map(|(c, d)| {
        (
            serde_json::from_value::<Command>(c.clone()).unwrap(),
            d.clone(),
        )
    });
    for (command, dice) in enroll.chain(steps) {
        let events = decide(&state, &command, &mut Scripted::new(dice)).unwrap();
        state = events.iter().fold(state, apply);
    }
    state
}

fn sheet(name: &str, alc: u128, spd: u128, lck: u64) -> Value {
    json!({"name": name, "ratings": {"ALC": alc.to_string(), "SPD": spd.to_string(), "LCK": lck, "DIS": 45}})
}

fn time(label: &str, state: &State, command: &Command) {
    let mut runs = Vec::new();
    let start = Instant::now();
    while runs.len() < 5 || (start.elapsed() < Duration::from_secs(3) && runs.len() < 200) {
        let t = Instant::now();
        let answer = advice::advice(state, command);
        runs.push(t.elapsed());
        assert!(answer.is_some(), "{label}");
    }
    runs.sort();
    let chances = advice::advice(state, command).unwrap().chances;
    let simulated = chances.iter().filter(|c| c.margin.is_some()).count();
    println!(
        "{label}: median {:.2} ms, slowest {:.2} ms over {} runs ({} lines, {simulated} simulated)",
        runs[runs.len() / 2].as_secs_f64() * 1000.0,
        runs[runs.len() - 1].as_secs_f64() * 1000.0,
        runs.len(),
        chances.len()
    );
}

fn check(who: &str) -> Command {
    serde_json::from_value(
        json!({"do": "task_check", "who": who, "rating": "DIS", "difficulty": 90}),
    )
    .unwrap()
}

fn main() {
    // The book's examples: every step of examples/freelancer that gets advice, at its position.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/freelancer");
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
            let table = scenario.table_after::<Freelancer>(i).unwrap();
            if advice::advice(table.state(), &command).is_some() {
                let name = path.file_name().unwrap().to_string_lossy();
                time(&format!("{name} step {}", i + 1), table.state(), &command);
            }
        }
    }
    let start = |who: &[&str]| {
        (
            json!({"do": "start_event", "name": "the test", "who": who}),
            vec![],
        )
    };
    let four = ["Ann", "Bo", "Cy", "Di"];
    // Four PCs whose SPD have 2, 3, 4 and 6 digits: the next round's order is certain (exact).
    let apart = play(
        json!({}),
        &[
            sheet("Ann", 10, 40, 1),
            sheet("Bo", 20, 300, 2),
            sheet("Cy", 30, 1248, 3),
            sheet("Di", 40, 204_000, 4),
        ],
        &[
            start(&four),
            (json!({"do": "initiative"}), vec![50, 60, 70, 80]),
        ],
    );
    time(
        "four PCs, SPD of 2, 3, 4 and 6 digits, method 1",
        &apart,
        &check("Di"),
    );
    // Two PCs whose turns can meet, two apart: 100 x 100 rolls followed (exact).
    let two = play(
        json!({}),
        &[
            sheet("Ann", 10, 40, 1),
            sheet("Bo", 20, 45, 2),
            sheet("Cy", 30, 1248, 3),
            sheet("Di", 40, 204_000, 4),
        ],
        &[
            start(&four),
            (json!({"do": "initiative"}), vec![50, 60, 70, 80]),
        ],
    );
    time(
        "four PCs, two of SPD 2 digits, method 1",
        &two,
        &check("Di"),
    );
    // Four PCs of SPD 2 digits: the order is anyone's (simulated).
    let close = play(
        json!({}),
        &[
            sheet("Ann", 10, 40, 1),
            sheet("Bo", 20, 45, 2),
            sheet("Cy", 30, 50, 3),
            sheet("Di", 40, 55, 4),
        ],
        &[
            start(&four),
            (json!({"do": "initiative"}), vec![50, 60, 70, 80]),
        ],
    );
    time("four PCs, all SPD 2 digits, method 1", &close, &check("Di"));
    let close2 = play(
        json!({"initiative": 2}),
        &[
            sheet("Ann", 10, 4000, 1),
            sheet("Bo", 20, 4500, 2),
            sheet("Cy", 30, 5000, 3),
            sheet("Di", 40, 5500, 4),
        ],
        &[
            start(&four),
            (json!({"do": "initiative"}), vec![50, 60, 70, 80]),
        ],
    );
    time(
        "four PCs, all SPD 4 digits, method 2",
        &close2,
        &check("Di"),
    );
    // The largest a table allows: 32 PCs in one event, method 2, SPD of 1 to 31 digits (up to 16
    // turns each), all with the rating, before the round's first turn.
    let names: Vec<String> = (0..32).map(|i| format!("C{i:02}")).collect();
    let sheets: Vec<Value> = (0..32u32)
        .map(|i| {
            sheet(
                &names[i as usize],
                u128::from(i) * 7,
                10u128.pow(i % 31),
                u64::from(i % 4),
            )
        })
        .collect();
    let who: Vec<&str> = names.iter().map(String::as_str).collect();
    let dice: Vec<i64> = (0..32).map(|i| 1 + (i * 37) % 100).collect();
    let largest = play(
        json!({"initiative": 2}),
        &sheets,
        &[start(&who), (json!({"do": "initiative"}), dice)],
    );
    let first = largest
        .scene
        .as_ref()
        .unwrap()
        .round
        .as_ref()
        .unwrap()
        .order[0]
        .who
        .clone();
    time(
        "32 PCs, method 2, SPD of 1 to 31 digits",
        &largest,
        &check(&first),
    );
    let largest1 = play(
        json!({}),
        &sheets,
        &[
            start(&who),
            (
                json!({"do": "initiative"}),
                (0..32).map(|i| 1 + (i * 37) % 100).collect(),
            ),
        ],
    );
    let first = largest1
        .scene
        .as_ref()
        .unwrap()
        .round
        .as_ref()
        .unwrap()
        .order[0]
        .who
        .clone();
    time(
        "32 PCs, method 1, SPD of 1 to 31 digits",
        &largest1,
        &check(&first),
    );
    // The largest simulated: 32 PCs of SPD 10^30 (31 digits), method 2: 16 turns each, 512 turns
    // whose order is anyone's.
    let same: Vec<Value> = (0..32u32)
        .map(|i| {
            sheet(
                &names[i as usize],
                1000 + u128::from(i) * 200,
                10u128.pow(30),
                u64::from(i % 4),
            )
        })
        .collect();
    let crowd = play(
        json!({"initiative": 2}),
        &same,
        &[
            start(&who),
            (
                json!({"do": "initiative"}),
                // The d100s, then enough for the roll-offs of the turns that meet low down.
                (0..5000).map(|i| 1 + (i * 7919 + i * i) % 100).collect(),
            ),
        ],
    );
    let first = crowd.scene.as_ref().unwrap().round.as_ref().unwrap().order[0]
        .who
        .clone();
    time(
        "32 PCs, method 2, all SPD 10^30 (512 turns a round)",
        &crowd,
        &check(&first),
    );
    // The same 32 with ALC 3 apart, so their turns meet: whose success is first is simulated.
    let met: Vec<Value> = (0..32u32)
        .map(|i| {
            sheet(
                &names[i as usize],
                1000 + u128::from(i) * 3,
                10u128.pow(30),
                u64::from(i % 4),
            )
        })
        .collect();
    let crowd = play(
        json!({"initiative": 2}),
        &met,
        &[
            start(&who),
            (
                json!({"do": "initiative"}),
                (0..5000).map(|i| 1 + (i * 7919 + i * i) % 100).collect(),
            ),
        ],
    );
    let first = crowd.scene.as_ref().unwrap().round.as_ref().unwrap().order[0]
        .who
        .clone();
    time(
        "32 PCs, method 2, all SPD 10^30, turns that meet (512 turns a round)",
        &crowd,
        &check(&first),
    );
    // A fair fight (issue 32): the GM drafting an NPC with a full sheet (opposed checks, F4)
    // and an Encounter Sheet (task checks, F3) against 32 PCs, and against 200 (the most at a
    // table), whose ratings run from 7 to 10^29; three ratings weighed, each with an easy, even
    // and hard proposal.
    for pcs in [32u32, 200] {
        let party: Vec<Value> = (0..pcs)
            .map(|i| {
                let r = 7 * 10u128.pow(i % 30) + u128::from(i);
                json!({"name": format!("P{i}"), "ratings": {"MIT": r.to_string(), "LFT": (r / 3).to_string(), "WIL": (r + 41).to_string()}})
            })
            .collect();
        let table = play(json!({}), &party, &[]);
        for kind in ["npc", "encounter"] {
            let draft: Command = serde_json::from_value(json!({"do": "enroll", "character": {
                "name": "Foe", "kind": kind, "ratings": {"MIT": "5000", "LFT": "12", "WIL": "123456789"}
            }}))
            .unwrap();
            time(
                &format!("a fair fight: the GM drafting an {kind} against {pcs} PCs, 3 ratings"),
                &table,
                &draft,
            );
        }
    }
}
