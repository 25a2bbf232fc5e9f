//! The session report's summary of Chi (`chronicle.rs`): the book's examples folded into rounds
//! and secret rounds with who acted, each result and the tally, and losses as they come.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use skald_chi::Chi;
use skald_testkit::{check, example_episodes, expect, sketch_episodes};

#[test]
fn the_books_round_with_three_actions_and_a_defence() {
    check(
        sketch_episodes(&example_episodes::<Chi>("three-actions-and-a-defence")),
        expect![[r#"
            Round 1 | Ragnar, orc | 3 successes, 2 failures
              - Ragnar: success (3 dice against Difficulty 2, 10 against 8; 5 dice left)
              - Ragnar: failure (2 dice against Difficulty 2, 5 against 9; 3 dice left)
              - Ragnar: success (1 die against Difficulty 1, 7 against 4; 2 dice left)
              - orc against Ragnar: Ragnar wins (3 dice to 2 dice, totals 9 to 9; a tie, which goes to the defender; C3)
              - orc against Ragnar: orc wins (2 dice to 0 dice, totals 3 to 0; C3)
              - Ragnar loses 1 die for now to injury (orc's cleaver): pool 8/7 (C5).
        "#]],
    );
}

#[test]
fn a_secret_round_is_told_once_everyone_rolled() {
    check(
        sketch_episodes(&example_episodes::<Chi>("secret-round")),
        expect![[r#"
            Round 1, secret roll (C4) | Ragnar, Capt. Dirk Rednova | everyone rolled at once: 0 successes, 1 failure
              - Ragnar against Capt. Dirk Rednova: Capt. Dirk Rednova wins (4 dice to 3 dice, totals 16 to 16; a tie, which goes to the defender; C3)
        "#]],
    );
}

#[test]
fn losses_and_recovery_are_told_where_they_happen() {
    check(
        sketch_episodes(&example_episodes::<Chi>("recovery-releases-the-die")),
        expect![[r#"
            Between rounds | Ragnar | 
              - Ragnar loses 2 dice for now to injury: pool 8/6 (C5).
              - Ragnar earns a new die, which waits until every lost die is back (C5).
              - Ragnar loses 1 die for now to fatigue: pool 8/5 (C5).
              - Ragnar recovers 1 die from fatigue: pool 8/6 (C5).
              - Ragnar recovers 2 dice from injury: pool 8/8 (C5).
              - Ragnar: the new die that waited joins the pool: pool 9/9 (C5).
              - Session 1 ends: between sessions, concepts may change (C5).
              - Ragnar's concept changes: "arrogant" becomes "humble": Ragnar, fierce, humble, and savage barbarian9 (C5).
              - Ragnar earns a new die (C5).
              - Ragnar: the new die joins the pool: pool 10/10 (C5).
              - Ragnar's concept changes: the occupation becomes "chieftain": Ragnar, fierce, humble, and savage chieftain10 (C5).
              - Ragnar grows: a new descriptive word, "wise": Ragnar, fierce, humble, savage, and wise chieftain10 (C5).
              - Ragnar loses 1 die for good to another cause (marsh fever): pool 9/9 (C5).
        "#]],
    );
}

/// The report says when an action did not fit the concept (C2), and when a roll tied and what the
/// tie meant under the table's rule (C3; issue 31: the report left out "off-concept" and "a tie").
#[test]
fn off_concept_actions_and_ties_are_told() {
    check(
        sketch_episodes(&example_episodes::<Chi>("pool-7-round")),
        expect![[r#"
            Round 1 | Capt. Dirk Rednova | 2 successes, 1 failure
              - Capt. Dirk Rednova: success (3 dice against Difficulty 2, 12 against 8; 4 dice left)
              - Capt. Dirk Rednova: failure (2 dice against Difficulty 1, 3 against 5; 2 dice left)
              - Capt. Dirk Rednova: success (2 dice against Difficulty 3, 13 against 9; off-concept, at most 3 dice (C2); 0 dice left)
        "#]],
    );
    let round = |tie: &str, dice: Vec<i64>| {
        let options: skald_chi::Options =
            serde_json::from_value(serde_json::json!({ "tie": tie })).unwrap();
        let mut table = skald_core::Table::<Chi>::new(options);
        let mut events = Vec::new();
        for (command, mut dice) in [
            (
                serde_json::json!({"do": "enroll", "character": "Ragnar, fierce, arrogant, and savage barbarian8"}),
                skald_core::Scripted::new(Vec::new()),
            ),
            (
                serde_json::json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 2}),
                skald_core::Scripted::new(dice),
            ),
        ] {
            let command = serde_json::from_value(command).unwrap();
            events.extend(table.execute(command, &mut dice).unwrap().iter().cloned());
        }
        skald_chi::chronicle::chronicle(table.options(), &events)
    };
    check(
        sketch_episodes(&round("fail", vec![3, 3, 4, 2])),
        expect![[r#"
            Round 1 | Ragnar | 0 successes, 1 failure so far
              - Ragnar: failure (2 dice against Difficulty 2, 6 against 6; a tie, which fails under the table's rule for ties (C3); 6 dice left)
        "#]],
    );
    check(
        sketch_episodes(&round("reroll", vec![3, 3, 4, 2, 5, 5, 1, 1])),
        expect![[r#"
            Round 1 | Ragnar | 1 success, 0 failures so far
              - Ragnar: success (2 dice against Difficulty 2, 10 against 2; tied once and rolled again under the table's rule for ties (C3); 6 dice left)
        "#]],
    );
}
