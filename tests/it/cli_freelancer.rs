#![allow(clippy::unwrap_used)]
//! `skald freelancer ...` as a user meets it: exact stdout (text and JSON), exit codes, and usage errors
//! on stderr that name the flag, the value and the rule.

use serde_json::{Value, json};
use std::process::Command;

/// Runs `skald freelancer ARGS`; asserts the exit code and the output `expected`.
fn check(args: &[&str], code: i32, expected: Expected) {
    let out = Command::new(env!("CARGO_BIN_EXE_skald"))
        .arg("freelancer")
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stdout}{stderr}");
    match expected {
        Expected::Text(text) => assert_eq!(stdout, text, "{args:?}"),
        Expected::Json(value) => {
            assert_eq!(
                serde_json::from_str::<Value>(&stdout).unwrap(),
                value,
                "{args:?}"
            );
        }
        Expected::Fields(fields) => {
            let value = serde_json::from_str::<Value>(&stdout).unwrap();
            for (pointer, wanted) in fields {
                assert_eq!(value.pointer(pointer), Some(&wanted), "{args:?}: {pointer}");
            }
        }
        Expected::Error(part) => {
            assert!(stdout.is_empty(), "{args:?}: {stdout}");
            assert!(stderr.contains(part), "{args:?}: {stderr}");
        }
    }
}

/// What a run must print.
enum Expected {
    /// Exactly this text on stdout.
    Text(&'static str),
    /// Exactly this JSON on stdout.
    Json(Value),
    /// JSON on stdout with these values at these JSON pointers.
    Fields(Vec<(&'static str, Value)>),
    /// Nothing on stdout, and this in the message on stderr.
    Error(&'static str),
}

#[test]
fn check_prints_the_equalizing_the_band_and_the_odds() {
    check(
        &["check", "--rating", "42", "--difficulty", "1200"],
        0,
        Expected::Text(
            "rating 42 against difficulty 1200\n\
             \x20 the larger number, 1200, has 4 digits: keep its highest 3 (F2)\n\
             \x20 divide both by 10^1 = 10, dropping fractions: rating 42 -> 4, difficulty 1200 -> 120\n\
             \x20 difference = 120 - 4 = 116\n\
             band: 101-150: only a Crit succeeds; every failure is a Botch\n\
             P(success) = 5.0% (1/20)\n\
             P(Botch)   = 95.0% (19/20)\n",
        ),
    );
    check(
        &["check", "--rating", "42", "--difficulty", "1200", "--json"],
        0,
        Expected::Json(json!({
            "rating": 42, "difficulty": 1200,
            "equalized": { "rating": 4, "difficulty": 120, "divisor": 10, "digits": 4 },
            "steps": [
                "the larger number, 1200, has 4 digits: keep its highest 3 (F2)",
                "divide both by 10^1 = 10, dropping fractions: rating 42 -> 4, difficulty 1200 -> 120",
                "difference = 120 - 4 = 116"
            ],
            "difference": 116, "band": "miracle",
            "rule": "101-150: only a Crit succeeds; every failure is a Botch", "rolls": true,
            "p_success": "1/20", "p_botch": "19/20", "p_success_decimal": 0.05, "p_botch_decimal": 0.95
        })),
    );
    check(
        &[
            "check",
            "--rating",
            "27",
            "--difficulty",
            "56",
            "--roll",
            "38",
        ],
        0,
        Expected::Text(
            "rating 27 against difficulty 56\n\
             \x20 the larger number, 56, has 2 digits: no equalizing needed (F2)\n\
             \x20 difference = 56 - 27 = 29\n\
             band: 6-95: d100 at most 100 - difference succeeds; Crit succeeds, Botch fails\n\
             P(success) = 71.0% (71/100)\n\
             P(Botch)   = 5.0% (1/20)\n\
             d100 38: success\n",
        ),
    );
}

/// A roll's outcome reads in words, as the table's log tells it: a Botch fails, a failure in band
/// 96-100 has minor consequences (F3), a plain chance's Crit succeeds (F1); never the JSON's enum
/// names ("botch, consequence: botch", a fresh reader's pass, issue 31).
#[test]
fn a_rolls_outcome_reads_in_words() {
    for (args, last) in [
        (
            &[
                "check",
                "--rating",
                "42",
                "--difficulty",
                "1200",
                "--roll",
                "63",
            ][..],
            "d100 63: Botch, failure\n",
        ),
        (
            &[
                "check",
                "--rating",
                "0",
                "--difficulty",
                "98",
                "--roll",
                "50",
            ][..],
            "d100 50: failure, minor consequences\n",
        ),
        (
            &["check", "--chance", "75", "--roll", "3"][..],
            "d100 3: Crit, success\n",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_skald"))
            .arg("freelancer")
            .args(args)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        assert!(stdout.ends_with(last), "{args:?}: {stdout}");
    }
}

#[test]
fn a_hopeless_check_is_a_botch_with_no_roll() {
    // RULINGS F3: at a difference of 151 or more the check fails with no roll and counts as a Botch.
    check(
        &["check", "--rating", "0", "--difficulty", "200"],
        0,
        Expected::Text(
            "rating 0 against difficulty 200\n\
             \x20 the larger number, 200, has 3 digits: no equalizing needed (F2)\n\
             \x20 difference = 200 - 0 = 200\n\
             band: 151 or more: fails and counts as a Botch\n\
             no roll: no face of the d100 could change it (F3)\n\
             P(success) = impossible\n\
             P(Botch)   = certain\n",
        ),
    );
}

#[test]
fn check_adds_team_ratings_and_rolls_at_every_size() {
    check(
        &[
            "check",
            "--rating",
            "42",
            "--rating",
            "71",
            "--rating",
            "87",
            "--difficulty",
            "1,200",
            "--roll",
            "50",
            "--json",
        ],
        0,
        Expected::Fields(vec![
            ("/ratings", json!([42, 71, 87])),
            ("/rating", json!(200)),
            ("/difference", json!(100)),
            ("/band", json!("crit_only")),
            ("/p_success", json!("1/20")),
            ("/outcome", json!("failure")),
            ("/consequence", json!("minor")),
        ]),
    );
    check(
        &[
            "check",
            "--rating",
            "1000000000000000000000000000000",
            "--difficulty",
            "999999999999999999999999999999",
            "--json",
        ],
        0,
        Expected::Fields(vec![
            ("/rating", json!("1000000000000000000000000000000")),
            (
                "/equalized",
                json!({ "rating": 100, "difficulty": 99, "divisor": "10000000000000000000000000000", "digits": 31 }),
            ),
            ("/band", json!("automatic")),
            ("/rolls", json!(false)),
        ]),
    );
    check(
        &[
            "check",
            "--rating",
            "1000000000000000000",
            "--difficulty",
            "1",
            "--json",
        ],
        0,
        Expected::Json(json!({
            "rating": 1_000_000_000_000_000_000_u64, "difficulty": 1,
            "equalized": { "rating": 100, "difficulty": 0, "divisor": 10_000_000_000_000_000_u64, "digits": 19 },
            "steps": [
                "the larger number, 1000000000000000000, has 19 digits: keep its highest 3 (F2)",
                "divide both by 10^16 = 10000000000000000, dropping fractions: rating 1000000000000000000 -> 100, difficulty 1 -> 0",
                "difference = 0 - 100 = -100"
            ],
            "difference": -100, "band": "automatic", "rule": "0 or less: success without a roll",
            "rolls": false, "p_success": "1", "p_botch": "0", "p_success_decimal": 1.0, "p_botch_decimal": 0.0
        })),
    );
    check(
        &["check", "--chance", "75", "--roll", "80", "--json"],
        0,
        Expected::Json(json!({
            "chance": 75, "p_success": "3/4", "p_botch": "1/20", "p_success_decimal": 0.75,
            "p_botch_decimal": 0.05, "roll": 80, "outcome": "failure", "success": false
        })),
    );
}

#[test]
fn bad_check_input_is_refused_with_the_rule() {
    check(
        &["check", "--rating", "-5", "--difficulty", "3"],
        2,
        Expected::Error("--rating is \"-5\", but it must be 0 to 10^30 (a rating, F3)"),
    );
    check(
        &["check", "--rating", "strong", "--difficulty", "3"],
        2,
        Expected::Error(
            "--rating is \"strong\", but it must be a whole number 0 to 10^30 (a rating, F3)",
        ),
    );
    check(
        &["check", "--rating", "42"],
        2,
        Expected::Error(
            "skald: --difficulty is missing: a task check sets a rating against a difficulty (F3)",
        ),
    );
    check(
        &[
            "check",
            "--rating",
            "42",
            "--difficulty",
            "1000000000000000000000000000001",
        ],
        2,
        Expected::Error("but it must be 0 to 10^30 (the task's difficulty, F3)"),
    );
    check(
        &[
            "check",
            "--rating",
            "0",
            "--difficulty",
            "200",
            "--roll",
            "3",
        ],
        2,
        Expected::Error(
            "skald: --roll is 3, but at a difference of 200 the check is decided without a roll: \
             it fails and counts as a Botch (F3)",
        ),
    );
    check(
        &[
            "check",
            "--rating",
            "0",
            "--difficulty",
            "200",
            "--roll-anyway",
        ],
        2,
        Expected::Error(
            "skald: --roll-anyway is given, but it must be left out: rolling anyway is retired; a \
             task check at a difference of 151 or more fails with no roll and counts as a Botch (F3)",
        ),
    );
    check(
        &[
            "check",
            "--rating",
            "1",
            "--difficulty",
            "5",
            "--roll",
            "101",
        ],
        2,
        Expected::Error("--roll is \"101\", but it must be 1 to 100 (a d100, F1)"),
    );
    check(
        &["check", "--chance", "101"],
        2,
        Expected::Error("--chance is \"101\", but it must be 0 to 100"),
    );
}

#[test]
fn opposed_gives_each_sides_chance_by_either_method() {
    check(
        &[
            "opposed", "--a", "41", "--b", "457", "--method", "chaotic", "--rolls", "2", "97",
        ],
        0,
        Expected::Text(
            "41 against 457 (chaotic)\n\
             \x20 divided by 10, dropping fractions: 4 against 45\n\
             P(a wins)    = 113/5000\n\
             P(b wins)    = 449/1000\n\
             P(no winner) = 1321/2500\n\
             rolled again until someone wins: P(a) = 113/2358, P(b) = 2245/2358\n\
             a: d100 2 under 4 by 2; b: d100 97 misses 45: a wins\n",
        ),
    );
    check(
        &[
            "opposed", "--a", "41", "--b", "457", "--rolls", "2", "97", "--json",
        ],
        0,
        Expected::Json(json!({
            "method": "roll_under",
            "a": { "rating": 41, "reduced": 41 }, "b": { "rating": 457, "reduced": 457 },
            "divisor": 1, "gap": 416, "punishing": true, "automatic": false,
            "p_a_wins": "0", "p_b_wins": "1", "p_no_winner": "0",
            "p_a_wins_eventually": "0", "p_b_wins_eventually": "1",
            "rolls": [2, 97], "margins": [39, 360], "winner": "b"
        })),
    );
    check(
        &["opposed", "--a", "5", "--b", "1000000"],
        0,
        Expected::Text(
            "5 against 1000000 (roll-under)\n\
             \x20 divided by 10000, dropping fractions: 0 against 100\n\
             b wins without a roll: the other rating came to 0 (F4)\n",
        ),
    );
    check(
        &["opposed", "--a", "-1", "--b", "4"],
        2,
        Expected::Error("--a is \"-1\", but it must be 0 to 10^30 (a rating, F4)"),
    );
}

#[test]
fn initiative_and_actions_follow_the_books_numbers() {
    check(
        &["initiative", "--spd", "1248", "--roll", "115", "--json"],
        0,
        Expected::Json(json!({ "method": 1, "roll": 115, "spd": 1248, "turn": 1150 })),
    );
    check(
        &["initiative", "--spd", "8", "--roll", "79"],
        0,
        Expected::Text("roll 79 scaled to SPD 8's digits: 7\nmethod 1 turn: 7\n"),
    );
    check(
        &[
            "initiative",
            "--method",
            "2",
            "--roll",
            "33550336",
            "--json",
        ],
        0,
        Expected::Json(json!({
            "method": 2, "roll": 33_550_336, "spd": null, "turns": [33_550_336, 335_503, 3_355, 33]
        })),
    );
    check(
        &["initiative", "--method", "2", "--roll", "4,061"],
        0,
        Expected::Text("roll 4061 (no SPD given: not scaled)\nmethod 2 turns: 4061, 40\n"),
    );
    check(
        &["actions", "--turn", "150448", "--slowest", "25", "--json"],
        0,
        Expected::Json(json!({
            "turn": 150_448, "slowest": 25, "orders_of_magnitude": 4, "max_actions": 3,
            "choices": [
                { "actions": 1, "turn": 150_448 }, { "actions": 2, "turn": 75_224 },
                { "actions": 3, "turn": 50_149 }
            ]
        })),
    );
    check(
        &["actions", "--turn", "673", "--slowest", "25"],
        0,
        Expected::Text(
            "turn 673 is 1 order of magnitude ahead of the slowest turn 25: up to 1 Full Action (F5)\n\
             \x20 1 action at 673\n",
        ),
    );
    check(
        &["initiative", "--method", "3", "--roll", "5"],
        2,
        Expected::Error("invalid value '3' for '--method <METHOD>'"),
    );
    check(
        &["actions", "--turn", "0", "--slowest", "5"],
        2,
        Expected::Error("--turn is \"0\", but it must be 1 to"),
    );
}

/// `skald freelancer advise` (issue 32): the vault's lock at Ash's check, the chance the task goes
/// through for each PC who could try it and for the event, percentages first with the exact
/// fraction beside; JSON with each chance's `p`; a step that is not the character's check refused.
#[test]
fn advise_gives_the_chance_the_task_goes_through_over_the_event() {
    let file = "examples/freelancer/vault-event.toml";
    check(
        &["advise", file, "--who", "Ash", "--after", "5"],
        0,
        Expected::Text(
            "Advice for Ash on step 6:\n\
             The task (DIS against 75), tried by Ash, Mara and Tobin (the PCs with the rating): one d100 per Full Action in turn order over the rest of round 1 as it stands, then round 2 with its initiative rolled and each taking its most Full Actions (F5-F7); a Botch ends a character's tries (Skald's reading: the book makes a Botch a reversal of fortune, F3), the first success carries the task.\n\
             \x20 Ash's check now (DIS against 75) succeeds: 65.0% (13/20)\n\
             \x20 Ash alone gets it through, with the check now, 1 more Full Action in round 1 and 2 Full Actions in round 2: 92.1% (18421/20000)\n\
             \x20 Mara alone gets it through, with 3 Full Actions in round 2: 82.6% (661/800)\n\
             \x20 Tobin alone gets it through, with 1 Full Action in round 1 and 1 Full Action in round 2: 93.5% (187/200)\n\
             \x20 The task goes through in round 1: 97.7% (3907/4000)\n\
             \x20 The task goes through by the end of round 2: 99.9% (3197146747/3200000000)\n\
             \x20 Ash's success is the first, by the end of round 2: 84.7% (271034257/320000000)\n\
             \x20 Mara's success is the first, by the end of round 2: 1.9% (61473/3200000)\n\
             \x20 Tobin's success is the first, by the end of round 2: 13.3% (425331177/3200000000)\n",
        ),
    );
    check(
        &["advise", file, "--who", "Ash", "--after", "5", "--json"],
        0,
        Expected::Fields(vec![
            ("/who", json!("Ash")),
            ("/after", json!(5)),
            ("/step", json!(6)),
            (
                "/chances/0/label",
                json!("Ash's check now (DIS against 75) succeeds"),
            ),
            ("/chances/0/p", json!("13/20")),
            ("/chances/6/p", json!("271034257/320000000")),
        ]),
    );
    check(
        &["advise", file, "--who", "Mara", "--after", "5"],
        2,
        Expected::Error(
            "Mara has no check to advise on after 5 steps: the next step, if there is one, is not a task check",
        ),
    );
    check(
        &["advise", file, "--who", "Nobody", "--after", "5"],
        2,
        Expected::Error("--who is \"Nobody\", but the table has Ash, Guard, Mara, Tobin"),
    );
    check(
        &["advise", file, "--who", "Ash", "--after", "99"],
        2,
        Expected::Error("the scenario has 7 steps"),
    );
}

/// `skald freelancer balance` (issue 32): the guard's table, Ash's CHM 27 against the guard's WIL
/// 56: each fight's difficulty, Encounter Sheet's and NPC's rating with its exact chance; JSON;
/// the flags refused with what they take.
#[test]
fn balance_proposes_a_fair_fight_for_the_gm() {
    let file = "examples/freelancer/guard.toml";
    check(
        &[
            "balance",
            file,
            "--after",
            "0",
            "--rating",
            "chm",
            "--against",
            "Guard",
            "--opponent-rating",
            "WIL",
        ],
        0,
        Expected::Text(
            "After step 0: the party, Ash (CHM 27); its chance against an opponent is the mean of theirs\n\
             Against Guard (WIL 56), a task check against it (F3):\n\
             \x20 Ash                      71.0% (71/100)\n\
             \x20 the party, on average    71.0% (71/100)\n\
             An Encounter Sheet's WIL (each member's task check against it, F2, F3):\n\
             \x20 easy (75%)               WIL 52       75.0% (3/4)\n\
             \x20 even (50%)               WIL 77       50.0% (1/2)\n\
             \x20 hard (25%)               WIL 102      25.0% (1/4)\n\
             An NPC's WIL (each member's opposed check against it, roll under, rolled again when both miss, F4):\n\
             \x20 easy (75%)               WIL 11       75.4% (439/582)\n\
             \x20 even (50%)               WIL 27       50.0% (1/2)\n\
             \x20 hard (25%)               WIL 53       24.8% (810/3271)\n\
             The difficulty of a task check with CHM (F3):\n\
             \x20 Ash (CHM 27), easy       difficulty 52       75.0% (3/4)\n\
             \x20 Ash (CHM 27), even       difficulty 77       50.0% (1/2)\n\
             \x20 Ash (CHM 27), hard       difficulty 102      25.0% (1/4)\n",
        ),
    );
    check(
        &[
            "balance",
            "examples/freelancer/arm-wrestling.toml",
            "--after",
            "0",
            "--rating",
            "LFT",
            "--target",
            "even",
            "--json",
        ],
        0,
        Expected::Json(json!({
            "after": 0,
            "against": null,
            "difficulties": [
                { "chance": { "decimal": 0.5, "p": "1/2" }, "difficulty": 132, "target": "even", "wanted": 50, "who": "Ash" },
                { "chance": { "decimal": 0.5, "p": "1/2" }, "difficulty": 965, "target": "even", "wanted": 50, "who": "Brom" },
            ],
            "encounter": [{ "chance": { "decimal": 0.5, "p": "1/2" }, "rating": 233, "target": "even", "wanted": 50 }],
            "npc": [{ "chance": { "decimal": 0.5, "p": "1/2" }, "rating": 181, "target": "even", "wanted": 50 }],
            "opponent_rating": "LFT",
            "opposed": "roll_under, reroll",
            "party": [{ "name": "Ash", "rating": 82 }, { "name": "Brom", "rating": 915 }],
            "rating": "LFT",
        })),
    );
    check(
        &["balance", file, "--after", "0", "--rating", "XYZ"],
        2,
        Expected::Error("\"XYZ\" is not a rating: give an attribute"),
    );
    check(
        &["balance", file, "--after", "0", "--rating", "LFT"],
        2,
        Expected::Error("no PC with LFT to weigh"),
    );
    check(
        &[
            "balance",
            file,
            "--after",
            "0",
            "--rating",
            "CHM",
            "--party",
            "Ash",
            "--against",
            "Ash",
        ],
        2,
        Expected::Error("Ash is in the party: name an opponent outside it"),
    );
    check(
        &[
            "balance",
            file,
            "--after",
            "0",
            "--rating",
            "CHM",
            "--against",
            "Guard",
        ],
        2,
        Expected::Error(
            "Guard has no CHM (--opponent-rating): its sheet has WIL; give --opponent-rating one of them",
        ),
    );
    check(
        &[
            "balance", file, "--after", "0", "--rating", "CHM", "--party", "Ash,Ash",
        ],
        2,
        Expected::Error("--party names \"Ash\" twice (names 1 and 2): name each member once"),
    );
    check(
        &[
            "balance", file, "--after", "0", "--rating", "CHM", "--party", "Nobody",
        ],
        2,
        Expected::Error("\"Nobody\" is not at the table; it has Ash, Guard"),
    );
}
