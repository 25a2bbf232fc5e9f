//! Loqi's advice over the problem (issue 32), timed in-process on one thread: the median of
//! repeated calls, one line per case. Cases: every step of `examples/loqi/*.toml` that gets advice
//! (its slowest and median); a page of a four-character table (every tally form's advice at
//! once); the largest tables answered exactly, with and without unlikely outcomes (L4: exact
//! while no difference can pass an advantage of 12,000), one more under L4 and the largest a
//! table allows under L4 (simulated). Then a fair fight (the GM's outcome form's advice with its
//! three proposals, `advice::balance`): the bidding war's GM outcome, a four-character table's,
//! and the same large tables. Run with `cargo bench -p skald-loqi --bench advice`. The goal: a
//! page within 200 ms on one core (docs/benchmarks.md).
#![allow(missing_docs, clippy::unwrap_used)]
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

use serde_json::{Value, json};
use skald_core::{Scripted, System};
use skald_loqi::advice::question::Question;
use skald_loqi::advice::{self, Budget};
use skald_loqi::{Command, Loqi, Options, State};
use std::time::{Duration, Instant};

fn table(options: Value, characters: &[Value], commands: &[Value]) -> State {
    let options: Options = serde_json::from_value(options).unwrap();
    let mut state = Loqi::initial(&options);
    let enrolls = characters
        .iter()
        .map(|c| json!({"do": "enroll", "character": c}));
    for c in enrolls.chain(commands.iter().cloned()) {
        let command: Command = serde_json::from_value(c.clone()).unwrap();
        let events = Loqi::decide(&state, &command, &mut Scripted::new(Vec::new())).unwrap();
        state = events.iter().fold(state, Loqi::apply);
    }
    state
}

fn command(value: Value) -> Command {
    serde_json::from_value(value).unwrap()
}

/// The median and slowest of `f` over at least 5 runs (up to 2 s or 200 runs).
fn time(mut f: impl FnMut()) -> (Duration, Duration, usize) {
    let mut runs = Vec::new();
    let start = Instant::now();
    while runs.len() < 5 || (start.elapsed() < Duration::from_secs(2) && runs.len() < 200) {
        let t = Instant::now();
        f();
        runs.push(t.elapsed());
    }
    runs.sort();
    (runs[runs.len() / 2], runs[runs.len() - 1], runs.len())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(label: &str, state: &State, who: &str) {
    let q = Question::at(state, who).unwrap();
    let (median, slowest, runs) = time(|| {
        advice::advise(&q, Budget::TABLE);
    });
    let a = advice::advise(&q, Budget::TABLE);
    println!(
        "{label}: median {:.3} ms, slowest {:.3} ms over {runs} runs ({}; {} holders)",
        ms(median),
        ms(slowest),
        if a.exact { "exact" } else { "simulated" },
        q.holders.len()
    );
}

/// A fair fight: the GM's outcome form's advice (the advice as drafted and three proposals).
fn fair(label: &str, state: &State) {
    let draft = command(json!({"do": "propose_outcome", "outcome": "gm", "impact": -3}));
    let (median, slowest, runs) = time(|| {
        assert!(Loqi::advice(state, &draft).is_some());
    });
    let d = skald_loqi::advice::balance::Draft::of(state, &draft).unwrap();
    let b =
        skald_loqi::advice::balance::balance(&d, &skald_core::Fight::ALL, Budget::TABLE).unwrap();
    println!(
        "fair fight, {label}: median {:.3} ms, slowest {:.3} ms over {runs} runs ({}; {} holders)",
        ms(median),
        ms(slowest),
        if b.exact { "exact" } else { "simulated" },
        b.question.holders.len()
    );
}

/// `n` characters of `pile` influence (the GM's 100 under its option), a story-level problem with
/// the player's outcome proposed and the GM's still to propose.
fn large_draft(n: usize, pile: i64, unlikely: bool) -> State {
    let characters: Vec<Value> = (0..n)
        .map(|i| json!({"name": format!("C{i:02}"), "influence": pile}))
        .collect();
    table(
        json!({"unlikely_outcomes": unlikely, "gm_influence": true, "gm_influence_per_session": 100}),
        &characters,
        &[
            json!({"do": "introduce_problem", "scale": "story", "description": "The war.", "responder": "C00"}),
            json!({"do": "propose_outcome", "outcome": "player", "description": "Won.", "impact": 12}),
        ],
    )
}

/// `n` characters of `pile` influence (the GM's 100 under its option), a story-level problem with
/// one spend on the GM's side.
fn large(n: usize, pile: i64, unlikely: bool) -> State {
    let characters: Vec<Value> = (0..n)
        .map(|i| json!({"name": format!("C{i:02}"), "influence": pile}))
        .collect();
    table(
        json!({"unlikely_outcomes": unlikely, "gm_influence": true, "gm_influence_per_session": 100}),
        &characters,
        &[
            json!({"do": "introduce_problem", "scale": "story", "description": "The war.", "responder": "C00"}),
            json!({"do": "propose_outcome", "outcome": "player", "description": "Won.", "impact": 12}),
            json!({"do": "propose_outcome", "outcome": "gm", "description": "Lost.", "impact": -12}),
        ],
    )
}

fn main() {
    // The book's examples: every step that gets advice, at its position.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/loqi");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut times = Vec::new();
    for path in files {
        let scenario = skald_scenario::load(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (i, step) in scenario.steps.iter().enumerate() {
            let Ok(command) = serde_json::from_value::<Command>(step.command.clone()) else {
                continue;
            };
            let Ok(table) = scenario.table_after::<Loqi>(i) else {
                continue;
            };
            if Loqi::advice(table.state(), &command).is_none() {
                continue;
            }
            let (median, _, _) = time(|| {
                Loqi::advice(table.state(), &command);
            });
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            times.push((median, format!("{name} step {}", i + 1)));
        }
    }
    times.sort();
    let (slowest, at) = times.last().cloned().unwrap();
    println!(
        "the book's examples: {} steps with advice; median {:.3} ms, slowest {:.3} ms ({at})",
        times.len(),
        ms(times[times.len() / 2].0),
        ms(slowest)
    );

    // A four-character table: influence 10, 8, 6, 4 and the GM's 10; tallies with traits,
    // modifiers and a bid each way. A page: every tally form's advice (each holder's spend, a
    // trait, a modifier, a merge) and the open problem for each seat.
    let four = table(
        json!({"gm_influence": true}),
        &[
            json!({"name": "Ann", "influence": 10, "traits": [{"name": "Sword", "rating": 3}, {"name": "Quick", "rating": 2}]}),
            json!({"name": "Bo", "influence": 8, "traits": [{"name": "Bow", "rating": 2}]}),
            json!({"name": "Cy", "influence": 6}),
            json!({"name": "Di", "influence": 4}),
        ],
        &[
            json!({"do": "introduce_problem", "scale": "scene", "description": "The pass.", "responders": ["Ann", "Bo"]}),
            json!({"do": "propose_outcome", "outcome": "player", "description": "Through.", "impact": 4}),
            json!({"do": "add_trait", "outcome": "player", "character": "Ann", "trait": "Sword", "along": true, "by": "Ann", "reason": "she cuts"}),
            json!({"do": "propose_outcome", "outcome": "gm", "description": "Held.", "impact": -3}),
            json!({"do": "add_modifier", "outcome": "gm", "kind": "environment", "value": 2, "by": "GM", "reason": "the wall"}),
            json!({"do": "spend_influence", "outcome": "player", "who": "Bo", "points": 2}),
            json!({"do": "spend_influence", "outcome": "gm", "who": "GM", "points": 2}),
        ],
    );
    let page: Vec<Command> = vec![
        command(json!({"do": "spend_influence", "outcome": "player", "who": "Ann", "points": 1})),
        command(json!({"do": "spend_influence", "outcome": "player", "who": "Bo", "points": 1})),
        command(json!({"do": "spend_influence", "outcome": "player", "who": "Cy", "points": 1})),
        command(json!({"do": "spend_influence", "outcome": "player", "who": "Di", "points": 1})),
        command(json!({"do": "spend_influence", "outcome": "gm", "who": "GM", "points": 1})),
        command(
            json!({"do": "add_trait", "outcome": "player", "character": "Ann", "trait": "Quick", "along": true, "by": "Ann", "reason": "fast"}),
        ),
        command(
            json!({"do": "add_modifier", "outcome": "player", "kind": "genre", "value": 1, "by": "GM", "reason": "heroes"}),
        ),
    ];
    let (median, slowest, runs) = time(|| {
        for c in &page {
            assert!(Loqi::advice(&four, c).is_some());
        }
        for who in ["Ann", "Bo", "Cy", "Di", "GM"] {
            assert!(advice::position(&four, who).is_some());
        }
    });
    println!(
        "four characters, a page (7 forms and 5 seats): median {:.3} ms, slowest {:.3} ms over {runs} runs",
        ms(median),
        ms(slowest)
    );

    // The largest exact answers: the most characters of 999 influence answered exactly.
    for unlikely in [false, true] {
        let mut n = 1;
        while n < 32 {
            let q = Question::at(&large(n + 1, 999, unlikely), "C00").unwrap();
            if !advice::advise(
                &q,
                Budget {
                    plays: 1,
                    ..Budget::TABLE
                },
            )
            .exact
            {
                break;
            }
            n += 1;
        }
        let l4 = if unlikely {
            ", unlikely outcomes (L4)"
        } else {
            ""
        };
        report(
            &format!("the largest exact: {n} characters of 999 and the GM's 100{l4}"),
            &large(n, 999, unlikely),
            "C00",
        );
        if n < 32 {
            report(
                &format!("one more, simulated: {} characters of 999{l4}", n + 1),
                &large(n + 1, 999, unlikely),
                "C00",
            );
        }
    }
    report(
        "the largest a table allows, unlikely outcomes (L4): 32 characters of 999 and the GM's 100",
        &large(32, 999, true),
        "C00",
    );

    // A fair fight: the GM's outcome form, the player's outcome proposed.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/loqi");
    let scenario =
        skald_scenario::load(&std::fs::read_to_string(dir.join("bidding-war.toml")).unwrap())
            .unwrap();
    fair(
        "the bidding war's GM outcome (step 4)",
        scenario.table_after::<Loqi>(3).unwrap().state(),
    );
    let four = table(
        json!({"gm_influence": true}),
        &[
            json!({"name": "Ann", "influence": 10, "traits": [{"name": "Sword", "rating": 3}]}),
            json!({"name": "Bo", "influence": 8}),
            json!({"name": "Cy", "influence": 6}),
            json!({"name": "Di", "influence": 4}),
        ],
        &[
            json!({"do": "introduce_problem", "scale": "scene", "description": "The pass.", "responders": ["Ann", "Bo"]}),
            json!({"do": "propose_outcome", "outcome": "player", "description": "Through.", "impact": 4}),
            json!({"do": "add_trait", "outcome": "player", "character": "Ann", "trait": "Sword", "along": true, "by": "Ann", "reason": "she cuts"}),
        ],
    );
    fair("four characters (10, 8, 6, 4) and the GM's 10", &four);
    fair(
        "32 characters of 999 and the GM's 100",
        &large_draft(32, 999, false),
    );
    fair(
        "12 characters of 999 and the GM's 100, unlikely outcomes (L4)",
        &large_draft(12, 999, true),
    );
    fair(
        "13 characters of 999 and the GM's 100, unlikely outcomes (L4)",
        &large_draft(13, 999, true),
    );
    fair(
        "32 characters of 999 and the GM's 100, unlikely outcomes (L4)",
        &large_draft(32, 999, true),
    );
}
