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
              - Ragnar: success (3 dice against Difficulty 2; 5 dice left)
              - Ragnar: failure (2 dice against Difficulty 2; 3 dice left)
              - Ragnar: success (1 die against Difficulty 1; 2 dice left)
              - orc against Ragnar: Ragnar wins (3 dice to 2, totals 9 to 9; C3)
              - orc against Ragnar: orc wins (2 dice to 0, totals 3 to 0; C3)
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
              - Ragnar against Capt. Dirk Rednova: Capt. Dirk Rednova wins (4 dice to 3, totals 16 to 16; C3)
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
