//! `skald twenty burden` and `skald twenty odds` as a user meets them: exact JSON for the book's
//! examples, readable text, and exit 2 with a clear message for bad input.
#![allow(clippy::unwrap_used)]

use crate::common::{skald, text};
use serde_json::json;

/// One run: `skald twenty ARGS` exits with `code`; with 0, stdout is exactly the JSON `expected` (when
/// `--json` is among the args) or contains every line of `expected` (a string); otherwise stderr
/// contains `expected` (a string).
fn check(args: &[&str], code: i32, expected: serde_json::Value) {
    let mut all = vec!["twenty"];
    all.extend(args);
    let out = skald(&all);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}\n{stdout}\n{stderr}"
    );
    match (code, expected) {
        (0, serde_json::Value::String(lines)) => {
            for line in lines.lines() {
                assert!(stdout.contains(line), "{args:?}: {line:?} not in\n{stdout}");
            }
        }
        (0, value) => {
            let got: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(got, value, "{args:?}");
        }
        (_, expected) => {
            let message = expected.as_str().unwrap();
            assert!(
                stderr.contains(message),
                "{args:?}: {message:?} not in\n{stderr}"
            );
            assert!(stdout.is_empty(), "{args:?}: {stdout}");
        }
    }
}

#[test]
fn the_books_burden_example_as_json() {
    check(
        &[
            "burden",
            "--mine",
            "15,15,12,11,9",
            "--theirs",
            "20,19,19,17,6",
            "--json",
        ],
        0,
        json!({
            "max_boxes": 4,
            "options": [
                {"boxes": 1, "discarded": [20], "their_pool_after": [19, 19, 17, 6], "winning_after": false},
                {"boxes": 2, "discarded": [20, 19], "their_pool_after": [19, 17, 6], "winning_after": false},
                {"boxes": 3, "discarded": [20, 19, 19], "their_pool_after": [17, 6], "winning_after": false},
                {"boxes": 4, "discarded": [20, 19, 19, 17], "their_pool_after": [6], "winning_after": true}
            ]
        }),
    );
    check(
        &[
            "burden", "--mine", "12,13,15", "--theirs", "6,14,17", "--json",
        ],
        0,
        json!({
            "max_boxes": 1,
            "options": [
                {"boxes": 1, "discarded": [17], "their_pool_after": [14, 6], "winning_after": true}
            ]
        }),
    );
    check(
        &["burden", "--mine", "20", "--theirs", "20,19", "--json"],
        0,
        json!({"max_boxes": 0, "options": []}),
    );
}

#[test]
fn the_burden_table_as_text() {
    check(
        &[
            "burden",
            "--mine",
            "15,15,12,11,9",
            "--theirs",
            "20,19,19,17,6",
        ],
        0,
        json!(
            "My highest die: 15\n\
             At most 4 boxes: 4 of their dice beat my highest (T5).\n\
             boxes  they discard  their pool after  winning after\n    \
             1  20            19 19 17 6        no\n    \
             4  20 19 19 17   6                 yes"
        ),
    );
    check(
        &["burden", "--mine", "20", "--theirs", "20,19"],
        0,
        json!("No burden can be taken: none of their dice beats my highest (T5)."),
    );
}

#[test]
fn the_dragon_odds_as_json_and_text() {
    check(
        &[
            "odds", "--mine", "12,10", "--theirs", "14,6,5", "--bring", "2", "--json",
        ],
        0,
        json!({
            "mine": [12, 10],
            "bring": 2,
            "opponents": [{"pool": [14, 6, 5], "bring": 0}],
            "p_winning": "231/400",
            "p_winning_decimal": 0.5775
        }),
    );
    check(
        &[
            "odds",
            "--mine",
            "12,10",
            "--theirs",
            "14,6,5",
            "--bring",
            "2",
            "--theirs-bring",
            "2",
            "--json",
        ],
        0,
        json!({
            "mine": [12, 10],
            "bring": 2,
            "opponents": [{"pool": [14, 6, 5], "bring": 2}],
            "p_winning": "31297/80000",
            "p_winning_decimal": 0.3912125
        }),
    );
    check(
        &[
            "odds", "--mine", "12,10", "--theirs", "14,6,5", "--bring", "2",
        ],
        0,
        json!(
            "Mine: 12 10, bringing 2 new d20s\n\
             Opponent 1: 14 6 5, bringing 0 new d20s\n\
             P(ahead of every opponent after the exchange) = 57.8% (231/400)"
        ),
    );
    // Two opponents with their own new dice; empty pools.
    check(
        &[
            "odds",
            "--bring",
            "1",
            "--theirs",
            "",
            "--theirs",
            "",
            "--theirs-bring",
            "1",
            "--theirs-bring",
            "1",
            "--json",
        ],
        0,
        json!({
            "mine": [],
            "bring": 1,
            "opponents": [{"pool": [], "bring": 1}, {"pool": [], "bring": 1}],
            "p_winning": "247/800",
            "p_winning_decimal": 0.30875
        }),
    );
}

#[test]
fn bad_input_exits_2_with_the_reason() {
    check(
        &["burden", "--mine", "15,21", "--theirs", "20"],
        2,
        json!("\"21\" is not a d20 face: dice are 1 to 20"),
    );
    check(
        &["burden", "--mine", "15,x", "--theirs", "20"],
        2,
        json!("\"x\" is not a d20 face"),
    );
    let many = vec!["5"; 101].join(",");
    check(
        &["burden", "--mine", "15", "--theirs", &many],
        2,
        json!("101 dice; a pool has at most 100"),
    );
    check(
        &["odds", "--mine", "12", "--theirs", "14", "--bring", "21"],
        2,
        json!("it must be a whole number from 0 to 20"),
    );
    check(
        &[
            "odds",
            "--mine",
            "12",
            "--theirs",
            "14",
            "--theirs",
            "3",
            "--theirs-bring",
            "1",
            "--theirs-bring",
            "2",
            "--theirs-bring",
            "3",
        ],
        2,
        json!("--theirs-bring is given 3 times for 2 opponents"),
    );
    check(
        &["odds", "--mine", "12", "--bring", "2"],
        2,
        json!("--theirs"),
    );
    let crowd: Vec<&str> = ["--theirs", "1"].repeat(20);
    let mut args = vec!["odds", "--bring", "1"];
    args.extend(crowd);
    check(
        &args,
        2,
        json!("--theirs is given 20 times; at most 19 opponents"),
    );
    let mut args = vec!["odds", "--bring", "20", "--theirs-bring", "20"];
    let crowd: Vec<&str> = ["--theirs", ""].repeat(12);
    args.extend(crowd);
    check(
        &args,
        2,
        json!(
            "exact odds would need at least 151388160 units of work, beyond the limit of 10000000"
        ),
    );
}

#[test]
fn choices_gives_each_eligible_choice_its_exact_chance_at_a_step() {
    let out = skald(&[
        "twenty",
        "choices",
        "examples/twenty/gorand-and-the-dragon.toml",
        "--who",
        "Gorand",
        "--after",
        "3",
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let choices = json["choices"].as_array().expect("choices");
    assert_eq!(choices.len(), 8);
    assert_eq!(choices[0]["bring_in"], "Physical");
    assert_eq!(choices[0]["p_ahead"], "11012414159/20480000000");
    assert_eq!(choices[7]["bring_in"], serde_json::Value::Null);
    assert_eq!(choices[7]["p_ahead"], "0");
}

/// `skald twenty advise` (issue 32): the book's dragon at exchange 3, Gorand to act after the
/// dragon's Fire Breath: too large to weigh exactly, so simulated (the same answer every run: the
/// random source is seeded by the position), every choice with its margin.
#[test]
fn advise_weighs_every_choice_of_the_books_dragon_fight() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/twenty/gorand-and-the-dragon.toml"
    );
    let out = skald(&["twenty", "advise", file, "--who", "Gorand", "--after", "8"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "Gorand after step 8: each choice's chance that Gorand's side wins the conflict
The model: simulated, everyone then standing when its side is ahead and otherwise bringing in its largest trait, with no later burdens or surrenders (docs/twenty.md, \"Whole-conflict advice\"). A chance ± its margin: the simulation's 99.9% interval.
  bring in Physical (5 dice)                               66% ± 1% (simulated, 25,000 plays)
  bring in Social (3 dice)                                 62% ± 2% (simulated, 25,000 plays)
  bring in Spiritual (4 dice)                              65% ± 1% (simulated, 25,000 plays)
  bring in Swords (4 dice)                                 65% ± 1% (simulated, 25,000 plays)
  stand                                                    48% ± 2% (simulated, 25,000 plays)
  take a 1-box burden: Dragon discards its highest die     88% ± 1% (simulated, 25,000 plays)
  take a 2-box burden: Dragon discards its 2 highest dice  80% ± 1% (simulated, 25,000 plays)
  surrender (the goal is lost)                             0% (no chance)
"
    );
    // The dragon stands forced, but a burden may be taken at any time (T5): none is open to it
    // here, so its choices are taking none now and surrendering.
    check(
        &["advise", file, "--who", "Dragon", "--after", "8"],
        0,
        json!(
            "  take no burden now            33.7% ± 0.5% (simulated, 100,000 plays)\n  surrender (the goal is lost)  0% (no chance)"
        ),
    );
    // The GM takes no burden (T5): nothing to advise, exit 2 with the reason.
    let healing = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/twenty/healing.toml");
    check(
        &["advise", healing, "--who", "GM", "--after", "3"],
        2,
        json!("GM cannot act now"),
    );
}

/// `skald twenty advise --json` on a small end of a conflict: exact, no margin.
#[test]
fn advise_is_exact_when_the_conflict_is_small() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/twenty/disabled.toml");
    let exact = |choice: &str, p: &str, decimal: f64| json!({"choice": choice, "p": p, "decimal": decimal, "margin": null, "plays": null, "model": "best_play"});
    check(
        &["advise", file, "--who", "Witch", "--after", "8", "--json"],
        0,
        json!({
            "after_steps": 8,
            "choices": [
                exact("bring in Curses (3 dice)", "6669/8000", 0.833625),
                exact("stand", "0", 0.0),
                exact("take a 1-box burden: Villager discards its highest die", "1", 1.0),
                exact("surrender (the goal is lost)", "0", 0.0),
            ],
            "model": "best_play",
            "who": "Witch"
        }),
    );
}

/// `skald twenty balance` (issue 32, a fair fight): Gorand alone against the book's dragon, and an
/// opponent proposed for each fight (seeded: the same numbers every run); refusals in words.
#[test]
fn balance_weighs_the_party_against_the_dragon_and_proposes_opponents() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/twenty/gorand-and-the-dragon.toml"
    );
    let out = skald(&[
        "twenty",
        "balance",
        file,
        "--after",
        "0",
        "--against",
        "Dragon",
        "--plays",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "After step 0: Gorand, alone, in one conflict against one opponent
The model: exact when small (everyone plays its best choice), otherwise simulated (everyone stands when its side is ahead, else brings in its largest trait); no burdens or surrenders (docs/twenty.md, \"A fair fight\").
  Gorand wins against Dragon: 64% ± 6% (simulated, 1,000 plays)
  Easy fight (75% wanted): an opponent with 2 traits of 2 boxes: Gorand wins 75% ± 5% (simulated, 1,000 plays)
  Even fight (50% wanted): an opponent with 3 traits: 2 of 5 boxes and 1 of 4: Gorand wins 51% ± 6% (simulated, 1,000 plays)
  Hard fight (25% wanted): an opponent with 6 traits: 5 of 14 boxes and 1 of 13: Gorand wins 25% ± 5% (simulated, 1,000 plays)
Opponents weighed: 1 to 8 traits of 1 to 20 boxes each. To use one, name its traits and add it to the scenario's characters (at a table: the NPC builder, which shows the chance as you edit), then check the chance with --against and its name.
"
    );
    check(
        &["balance", file, "--after", "0", "--against", "Gorand"],
        2,
        json!("Gorand is in the party: name an opponent outside it"),
    );
    let allies = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/twenty/allies.toml");
    check(
        &["balance", allies, "--after", "0"],
        2,
        json!(
            "No player character here can fight (none is at the table, or each is dead or disabled, T7; an NPC's sheet is not one): name the party with --party"
        ),
    );
    check(
        &[
            "balance",
            allies,
            "--after",
            "0",
            "--party",
            "Gorand,Nobody",
        ],
        2,
        json!("--party is \"Nobody\", but the table has Gorand, Kaya, Dragon"),
    );
}
