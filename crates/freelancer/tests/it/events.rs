#![allow(clippy::unwrap_used)]
//! Events (rulings F5-F7) through `Table<Freelancer>`: initiative by method 1 (scaling to SPD, the
//! book's numbers) and method 2, ties broken by SPD, LCK and roll-offs, extra Full Actions by
//! dividing, Empty Action warnings, Total Actions, the turn tracker, rounds, and the log lines.

use serde_json::{Value, json};
use skald_core::{Scripted, System, Table};
use skald_freelancer::{Command, Freelancer, Options};

/// Plays `steps` (each a scenario step as JSON with its dice; each must be accepted) at a table with
/// `options` and the sheets `characters`, checks the view at each JSON pointer of `paths`, and gives the
/// log lines of the steps.
fn check(
    options: Value,
    characters: &[Value],
    steps: &[(Value, Vec<i64>)],
    paths: &[(&str, Value)],
) -> Vec<String> {
    let mut t = Table::<Freelancer>::new(serde_json::from_value::<Options>(options).unwrap());
    for c in characters {
        let character = serde_json::from_value(c.clone()).unwrap();
        t.execute(Freelancer::enroll(character), &mut Scripted::new(vec![]))
            .unwrap();
    }
    let setup = t.log().len();
    for (step, dice) in steps {
        let command: Command = serde_json::from_value(step.clone()).unwrap();
        let mut source = Scripted::new(dice.clone());
        t.execute(command, &mut source)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
        assert!(source.remaining().is_empty(), "{step}: dice left over");
    }
    let view = Freelancer::view(t.state());
    for (path, expected) in paths {
        assert_eq!(
            view.pointer(path),
            Some(expected),
            "{path} in {:#}",
            view["event"]
        );
    }
    t.log()[setup..]
        .iter()
        .flat_map(|e| e.events.iter().map(Freelancer::describe))
        .collect()
}

fn sheet(name: &str, alc: u64, spd: u64, lck: u64) -> Value {
    json!({ "name": name, "ratings": { "ALC": alc, "SPD": spd, "LCK": lck } })
}

fn start(who: &[&str]) -> (Value, Vec<i64>) {
    (
        json!({ "do": "start_event", "name": "the fight", "who": who }),
        vec![],
    )
}

fn act(who: &str) -> (Value, Vec<i64>) {
    (json!({ "do": "act", "who": who }), vec![])
}

#[test]
fn method_one_scales_rolls_to_spd_as_the_book_does() {
    // 35 with SPD 51 stays; 79 with SPD 8 is 7; 115 with SPD 1248 is 1150.
    let lines = check(
        json!({}),
        &[
            sheet("A", 10, 51, 1),
            sheet("B", 0, 8, 1),
            sheet("C", 15, 1248, 1),
        ],
        &[
            start(&["A", "B", "C"]),
            (json!({ "do": "initiative" }), vec![25, 79, 100]),
        ],
        &[
            (
                "/event/order",
                json!([
                    { "who": "C", "turn": 1150, "actions": 1, "done": false },
                    { "who": "A", "turn": 35, "actions": 1, "done": false },
                    { "who": "B", "turn": 7, "actions": 1, "done": false },
                ]),
            ),
            ("/event/slowest", json!(7)),
            (
                "/event/whose_turn",
                json!({ "who": "C", "turn": 1150, "actions": 1 }),
            ),
            ("/event/round", json!(1)),
            ("/event/round_over", json!(false)),
        ],
    );
    assert_eq!(
        lines,
        [
            "Event: the fight, with A, B, C; initiative by method 1 (F5).",
            "Round 1 initiative: A d100 25 + ALC 10 = 35, B d100 79 + ALC 0 = 79 -> 7 (SPD 8), C d100 100 \
             + ALC 15 = 115 -> 1150 (SPD 1248); order: C 1150, A 35, B 7.",
        ]
    );
}

#[test]
fn ties_go_to_spd_then_lck_then_a_roll_off() {
    // A, B and C all turn 50 (SPD two digits); D also 50. A and D have SPD 60, B 55, C 55.
    // A vs D: same SPD, D has more LCK. B vs C: same SPD and LCK: roll-off, B 12, C 88.
    let lines = check(
        json!({}),
        &[
            sheet("A", 0, 60, 1),
            sheet("B", 0, 55, 3),
            sheet("C", 0, 55, 3),
            sheet("D", 0, 60, 9),
        ],
        &[
            start(&["A", "B", "C", "D"]),
            (json!({ "do": "initiative" }), vec![50, 50, 50, 50, 12, 88]),
        ],
        &[(
            "/event/order",
            json!([
                { "who": "D", "turn": 50, "actions": 1, "done": false },
                { "who": "A", "turn": 50, "actions": 1, "done": false },
                { "who": "C", "turn": 50, "actions": 1, "roll_off": [88], "done": false },
                { "who": "B", "turn": 50, "actions": 1, "roll_off": [12], "done": false },
            ]),
        )],
    );
    assert!(
        lines[1].ends_with("; roll-off: B d100 12 (tied at 50), C d100 88 (tied at 50); order: D 50, A 50, C 50, B 50."),
        "{}",
        lines[1]
    );
}

#[test]
fn dividing_a_turn_for_extra_full_actions() {
    // The book: 150,448 against a slowest 25 is four orders of magnitude: up to 3 actions, at 50,149.
    let fast = sheet("Mara", 150_348, 204_000, 1);
    let slow = sheet("Tobin", 0, 25, 1);
    let lines = check(
        json!({}),
        &[fast.clone(), slow.clone()],
        &[
            start(&["Mara", "Tobin"]),
            (json!({ "do": "initiative" }), vec![100, 25]),
            (
                json!({ "do": "divide", "who": "Mara", "actions": 2 }),
                vec![],
            ),
            (
                json!({ "do": "divide", "who": "Mara", "actions": 3 }),
                vec![],
            ),
            (
                json!({ "do": "act", "who": "Mara", "full": 3, "empty": 6 }),
                vec![],
            ),
        ],
        &[
            (
                "/event/order/0",
                json!({ "who": "Mara", "turn": 50149, "actions": 3, "done": true,
                        "taken": { "who": "Mara", "turn": 50149, "full": 3, "empty": 6 } }),
            ),
            (
                "/event/whose_turn",
                json!({ "who": "Tobin", "turn": 25, "actions": 1 }),
            ),
        ],
    );
    assert_eq!(
        &lines[2..],
        [
            "Mara divides turn 150448 into 2 Full Actions (at most 3) at 75224; order: Mara 75224 (x2), Tobin 25.",
            "Mara divides turn 150448 into 3 Full Actions (at most 3) at 50149; order: Mara 50149 (x3), Tobin 25.",
            "Mara takes turn 50149: 3 Full Actions, 6 Empty Actions.",
        ]
    );
    // Seven Empty Actions pass the six digits of 150448: a warning, not a refusal.
    let lines = check(
        json!({}),
        &[fast, slow],
        &[
            start(&["Mara", "Tobin"]),
            (json!({ "do": "initiative" }), vec![100, 25]),
            (
                json!({ "do": "act", "who": "Mara", "empty": 7, "what": "a flurry of feints" }),
                vec![],
            ),
            act("Tobin"),
        ],
        &[
            ("/event/round_over", json!(true)),
            ("/event/whose_turn", Value::Null),
        ],
    );
    assert_eq!(
        lines[2],
        "Mara takes turn 150448: 1 Full Action, 7 Empty Actions: a flurry of feints; warning: 7 Empty Actions: the \
         book advises no more than the roll's order of magnitude, 6 for a roll of 150448 (F7)."
    );
}

#[test]
fn a_divided_turn_that_lands_on_another_rolls_off() {
    // Mara 4000 (SPD 4 digits) against the slowest 25: two orders, 2 actions at 2000, where Ash
    // already is (same SPD and LCK): a roll-off, Ash 30, Mara 70.
    check(
        json!({}),
        &[
            sheet("Ash", 1900, 1000, 5),
            sheet("Mara", 3900, 1000, 5),
            sheet("Tobin", 0, 25, 5),
        ],
        &[
            start(&["Ash", "Mara", "Tobin"]),
            (json!({ "do": "initiative" }), vec![100, 100, 25]),
            (
                json!({ "do": "divide", "who": "Mara", "actions": 2 }),
                vec![30, 70],
            ),
        ],
        &[(
            "/event/order",
            json!([
                { "who": "Mara", "turn": 2000, "actions": 2, "roll_off": [70], "done": false },
                { "who": "Ash", "turn": 2000, "actions": 1, "roll_off": [30], "done": false },
                { "who": "Tobin", "turn": 25, "actions": 1, "done": false },
            ]),
        )],
    );
}

#[test]
fn total_actions_keep_a_character_out_of_the_round() {
    let lines = check(
        json!({}),
        &[
            sheet("Ash", 10, 40, 1),
            json!({ "name": "Tobin", "ap": 2, "vocation": "Scout", "ratings": { "ALC": 5, "SPD": 30 } }),
            sheet("Mara", 20, 50, 1),
        ],
        &[
            start(&["Ash", "Tobin", "Mara"]),
            (
                json!({ "do": "declare_total_action", "who": "Tobin" }),
                vec![],
            ),
            (
                json!({ "do": "initiative", "total_actions": ["Mara"] }),
                vec![30],
            ),
            (
                json!({ "do": "spend_ap", "who": "Tobin", "ability": "Snare", "path": "Scout", "cost": 1 }),
                vec![],
            ),
            act("Ash"),
            (json!({ "do": "initiative" }), vec![30, 30, 30]),
        ],
        &[
            ("/event/round", json!(2)),
            ("/event/total_actions", json!([])),
            ("/event/order/0/who", json!("Mara")),
            ("/characters/Tobin/ap", json!(1)),
        ],
    );
    assert_eq!(
        &lines[1..4],
        [
            "Tobin declares a Total Action for round 1: no turn that round (F7).",
            "Round 1 initiative: Ash d100 30 + ALC 10 = 40; Total Action: Tobin, Mara; order: Ash 40.",
            "Tobin learns Snare (Scout) for 1 AP, 1 AP left.",
        ]
    );
}

#[test]
fn method_two_gives_a_turn_every_two_orders_of_magnitude() {
    let lines = check(
        json!({ "initiative": 2 }),
        &[
            sheet("Quick", 33_550_300, 50_000_000, 1),
            sheet("Fen", 4000, 2000, 1),
            sheet("Pip", 0, 90, 1),
        ],
        &[
            start(&["Quick", "Fen", "Pip"]),
            (json!({ "do": "initiative" }), vec![36, 61, 82]),
            act("Quick"),
            (json!({ "do": "act", "who": "Quick", "empty": 2 }), vec![]),
            act("Fen"),
            (json!({ "do": "act", "who": "Quick", "empty": 3 }), vec![]),
        ],
        &[
            ("/event/method", json!(2)),
            (
                "/event/whose_turn",
                json!({ "who": "Pip", "turn": 82, "actions": 1 }),
            ),
        ],
    );
    assert!(
        lines[1].ends_with(
            "order: Quick 33550336, Quick 335503, Fen 4061, Quick 3355, Pip 82, Fen 40, Quick 33."
        ),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[3],
        "Quick takes turn 335503: 1 Full Action, 2 Empty Actions."
    );
    assert_eq!(
        lines[5],
        "Quick takes turn 3355: 1 Full Action, 3 Empty Actions; warning: 3 Empty Actions in one turn: the book \
         advises at most two a turn under method 2 (F7)."
    );
}

#[test]
fn an_event_ends_and_another_may_begin() {
    let lines = check(
        json!({}),
        &[sheet("Ash", 10, 40, 1)],
        &[
            start(&["Ash"]),
            (json!({ "do": "initiative" }), vec![1]),
            act("Ash"),
            (json!({ "do": "initiative" }), vec![2]),
            (json!({ "do": "end_event" }), vec![]),
            (
                json!({ "do": "start_event", "name": "the chase", "who": ["Ash"] }),
                vec![],
            ),
        ],
        &[
            ("/event/name", json!("the chase")),
            ("/event/round", json!(0)),
            ("/event/whose_turn", Value::Null),
            ("/events_finished", json!(1)),
        ],
    );
    assert_eq!(lines[4], "The event the fight ends after 2 rounds.");
}

#[test]
fn a_round_where_everyone_takes_a_total_action_is_over_at_once() {
    let lines = check(
        json!({}),
        &[sheet("Ash", 10, 40, 1), sheet("Mara", 20, 50, 1)],
        &[
            start(&["Ash", "Mara"]),
            (
                json!({ "do": "initiative", "total_actions": ["Ash", "Mara"] }),
                vec![],
            ),
            (json!({ "do": "initiative" }), vec![5, 6]),
        ],
        &[
            ("/event/round", json!(2)),
            ("/event/order/0/who", json!("Mara")),
        ],
    );
    assert_eq!(
        lines[1],
        "Round 1 initiative: no one rolls; Total Action: Ash, Mara; order: nobody."
    );
}

/// The testers' case (issue 16): a turn divided into 2 Full Actions, of which the GM takes 1. The
/// book puts a divided turn's actions all at its one turn number ("two Actions at 337", F5), and a
/// turn ends when it is taken (F7), so the other is lost, as before; now the turn's log line and
/// the board say so, and the round's check stays on the board beside it.
#[test]
fn a_divided_turn_taken_short_says_what_it_lost() {
    // 673 against a slowest 25 (the book's example as ruled in F5: d = 1, one action) would not
    // divide; 150,448 against 25 may take 2 at 75,224.
    let fast = sheet("Mara", 150_348, 204_000, 1);
    let slow = sheet("Tobin", 0, 25, 1);
    let lines = check(
        json!({}),
        &[fast, slow],
        &[
            start(&["Mara", "Tobin"]),
            (json!({ "do": "initiative" }), vec![100, 25]),
            (
                json!({ "do": "divide", "who": "Mara", "actions": 2 }),
                vec![],
            ),
            (
                json!({ "do": "chance_check", "who": "Mara", "chance": 50, "against": "the lock" }),
                vec![30],
            ),
            (
                json!({ "do": "act", "who": "Mara", "full": 1, "what": "picks the lock" }),
                vec![],
            ),
        ],
        &[
            (
                "/event/order/0/taken",
                json!({ "who": "Mara", "turn": 75224, "full": 1, "lost": 1, "empty": 0,
                        "what": "picks the lock" }),
            ),
            ("/event/checks/0/who", json!("Mara")),
            ("/event/checks/0/roll", json!(30)),
            ("/event/checks/0/outcome", json!("success")),
            ("/event/checks_dropped", json!(0)),
            (
                "/event/whose_turn",
                json!({ "who": "Tobin", "turn": 25, "actions": 1 }),
            ),
        ],
    );
    assert_eq!(
        lines[4],
        "Mara takes turn 75224: 1 Full Action, 0 Empty Actions: picks the lock; 1 of its 2 Full Actions not \
         taken, lost with the turn (F5, F7)."
    );
}
