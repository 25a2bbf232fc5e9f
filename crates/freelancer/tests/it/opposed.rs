#![allow(clippy::unwrap_used)]
//! Opposed checks between characters (ruling F4): the book's arm wrestling by both methods, with the
//! GM's adjustments recorded; ratings that vanish when reduced; no winner and the `both_miss` option;
//! the punishing-gap flag; the odds before the roll; the log lines.

use serde_json::{Value, json};
use skald_core::{Scripted, System, Table};
use skald_freelancer::{Command, Freelancer, Options, Rating, Sheet};

/// An opposed check between Ash (`a`) and Brom (`b`), with LFT `ratings` on their sheets, the table
/// `options`, the `step` fields besides `a` and `b` (each side rolls LFT with `adjust`), and `dice`;
/// checks the fields of the logged check in `expected` (a partial JSON object) and gives the log line.
fn check(
    options: Value,
    ratings: (u128, u128),
    adjust: Value,
    step: Value,
    dice: &[i64],
    expected: Value,
) -> String {
    let mut t = Table::<Freelancer>::new(serde_json::from_value::<Options>(options).unwrap());
    for (name, lft) in [("Ash", ratings.0), ("Brom", ratings.1)] {
        t.execute(
            Freelancer::enroll(Sheet::new(name, &[(Rating::Lft, lft)])),
            &mut Scripted::new(vec![]),
        )
        .unwrap();
    }
    let mut command = json!({
        "do": "opposed_check",
        "a": { "who": "Ash", "rating": "LFT", "adjust": adjust },
        "b": { "who": "Brom", "rating": "LFT", "adjust": adjust },
    });
    for (key, value) in step.as_object().unwrap() {
        command[key] = value.clone();
    }
    let command: Command = serde_json::from_value(command).unwrap();
    let mut source = Scripted::new(dice.to_vec());
    t.execute(command, &mut source).unwrap();
    assert!(source.remaining().is_empty(), "every die is used");
    let last = Freelancer::view(t.state())["last"].clone();
    partial(&last, &expected, "last");
    Freelancer::describe(&t.log()[2].events[0])
}

/// Every key of `expected` is in `actual` with an equal value (objects compared key by key).
fn partial(actual: &Value, expected: &Value, path: &str) {
    match expected.as_object() {
        Some(fields) => {
            for (key, value) in fields {
                partial(&actual[key], value, &format!("{path}.{key}"));
            }
        }
        None => assert_eq!(actual, expected, "{path}"),
    }
}

fn one_arm() -> Value {
    json!([{ "factor": "1/2", "reason": "one arm" }])
}

#[test]
fn arm_wrestling_rolled_under() {
    // freelancer.txt: 82 and 915 halved to 41 and 457; rolls 2 and 97; the friend wins by 360 to 39.
    let line = check(
        json!({}),
        (82, 915),
        one_arm(),
        json!({ "against": "arm wrestling" }),
        &[2, 97],
        json!({
            "event": "opposed_checked", "method": "roll_under", "against": "arm wrestling",
            "a": {
                "who": "Ash", "stat": "LFT", "rating": 82,
                "adjustments": [{ "factor": "1/2", "reason": "one arm", "before": 82, "after": 41 }],
                "adjusted": 41, "reduced": 41, "roll": 2, "margin": 39, "crit": true, "botch": false
            },
            "b": {
                "who": "Brom", "stat": "LFT", "rating": 915,
                "adjustments": [{ "factor": "1/2", "reason": "one arm", "before": 915, "after": 457 }],
                "adjusted": 457, "reduced": 457, "roll": 97, "margin": 360, "crit": false, "botch": true
            },
            "divisor": 1, "gap": 416, "punishing": true,
            "odds": { "p_a": "0", "p_b": "1", "p_neither": "0", "p_a_eventually": "0", "p_b_eventually": "1" },
            "automatic": false, "winner": "Brom", "reroll": false
        }),
    );
    assert_eq!(
        line,
        "Opposed check (arm wrestling), roll under (F4): Ash LFT 82 x 1/2 (one arm) = 41 vs Brom LFT \
         915 x 1/2 (one arm) = 457; chance Ash wins impossible, Brom wins certain, no winner \
         impossible: Ash d100 2 (Crit) under 41 by 39, Brom d100 97 (Botch) under 457 by 360: Brom \
         wins; the gap of 416 is over 150: a punishing outcome for the loser (F4)."
    );
}

#[test]
fn arm_wrestling_by_the_chaotic_method() {
    // Reduced until the larger is below 100: 4 and 45. The same rolls: Ash wins.
    let line = check(
        json!({ "opposed": "chaotic" }),
        (82, 915),
        one_arm(),
        json!({}),
        &[2, 97],
        json!({
            "method": "chaotic", "divisor": 10, "punishing": false, "winner": "Ash",
            "a": { "who": "Ash", "stat": "LFT", "rating": 82, "adjustments": [{ "factor": "1/2", "reason": "one arm", "before": 82, "after": 41 }], "adjusted": 41, "reduced": 4, "roll": 2, "margin": 2, "crit": true, "botch": false },
            "b": { "who": "Brom", "stat": "LFT", "rating": 915, "adjustments": [{ "factor": "1/2", "reason": "one arm", "before": 915, "after": 457 }], "adjusted": 457, "reduced": 45, "roll": 97, "margin": null, "crit": false, "botch": true },
            "odds": { "p_a": "113/5000", "p_b": "449/1000", "p_neither": "1321/2500", "p_a_eventually": "113/2358", "p_b_eventually": "2245/2358" }
        }),
    );
    assert!(line.contains("divided by 10: 4 vs 45"), "{line}");
    assert!(
        line.ends_with("Ash d100 2 (Crit) under 4 by 2, Brom d100 97 (Botch) misses 45: Ash wins."),
        "{line}"
    );
    // The table's method can be overridden by the command.
    check(
        json!({ "opposed": "chaotic" }),
        (82, 915),
        one_arm(),
        json!({ "method": "roll_under" }),
        &[2, 97],
        json!({ "method": "roll_under", "winner": "Brom" }),
    );
}

#[test]
fn no_winner_rerolls_or_stands_by_the_option() {
    // Both miss: 40 and 30 roll 50 and 60.
    let line = check(
        json!({}),
        (40, 30),
        json!([]),
        json!({}),
        &[50, 60],
        json!({ "winner": null, "reroll": true }),
    );
    assert!(
        line.ends_with("Ash d100 50 misses 40, Brom d100 60 misses 30: no winner: roll again."),
        "{line}"
    );
    check(
        json!({ "both_miss": "no_winner" }),
        (40, 30),
        json!([]),
        json!({}),
        &[50, 60],
        json!({ "winner": null, "reroll": false }),
    );
    // Equal margins: 40 - 20 = 30 - 10.
    check(
        json!({}),
        (40, 30),
        json!([]),
        json!({}),
        &[20, 10],
        json!({ "winner": null, "reroll": true, "a": { "margin": 20 }, "b": { "margin": 20 } }),
    );
    // A hit with margin 0 beats a miss.
    check(
        json!({}),
        (40, 30),
        json!([]),
        json!({}),
        &[40, 31],
        json!({ "winner": "Ash", "a": { "margin": 0 } }),
    );
}

#[test]
fn a_rating_that_vanishes_loses_without_a_roll() {
    // Rolled under: 5 against 1,000,000 equalizes to 0 against 100.
    let line = check(
        json!({}),
        (5, 1_000_000),
        json!([]),
        json!({}),
        &[],
        json!({
            "automatic": true, "winner": "Brom", "divisor": 10000, "gap": 100, "punishing": false,
            "a": { "reduced": 0, "roll": null }, "b": { "reduced": 100, "roll": null },
            "odds": { "p_a": "0", "p_b": "1", "p_neither": "0", "p_a_eventually": "0", "p_b_eventually": "1" }
        }),
    );
    assert!(
        line.ends_with("Brom wins without a roll (the other rating came to 0)."),
        "{line}"
    );
    // Chaotic: 100 and 5 become 10 and 0.
    check(
        json!({ "opposed": "chaotic" }),
        (100, 5),
        json!([]),
        json!({}),
        &[],
        json!({ "automatic": true, "winner": "Ash" }),
    );
    // Both at 0: no one can roll under 0.
    check(
        json!({}),
        (0, 0),
        json!([]),
        json!({}),
        &[],
        json!({ "automatic": true, "winner": null, "reroll": false, "odds": { "p_neither": "1", "p_a_eventually": null } }),
    );
    // At the bound: 10^30 against 10^18 rolls 100 against 0.
    check(
        json!({}),
        (skald_freelancer::MAX_RATING, 1_000_000_000_000_000_000),
        json!([]),
        json!({}),
        &[],
        json!({ "automatic": true, "winner": "Ash", "a": { "rating": "1000000000000000000000000000000", "reduced": 100 } }),
    );
}
