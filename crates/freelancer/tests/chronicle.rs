//! The session report's summary of Freelancer (`chronicle.rs`): the book's examples folded into
//! events and checks with who took part and the outcome, and growth between them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use skald_freelancer::Freelancer;
use skald_testkit::{check, example_episodes, expect, sketch_episodes};

#[test]
fn the_books_boulder_is_one_task_check_with_its_outcome() {
    check(
        sketch_episodes(&example_episodes::<Freelancer>("boulder")),
        expect![[r#"
            Task check: the boulder's weight | Ash | failure on a Botch (F2)
              - Ash: task check, LFT 42 vs 1200 (the boulder's weight): the larger number, 1200, has 4 digits: keep its highest 3 (F2); divide both by 10^1 = 10, dropping fractions: rating 42 -> 4, difficulty 1200 -> 120; difference = 120 - 4 = 116 (101-150: only a Crit succeeds; every failure is a Botch); P(success) 1/20, P(Botch) 19/20: d100 63: Botch, failure.
        "#]],
    );
}

#[test]
fn an_ambush_is_one_event_with_its_checks_and_rounds() {
    check(
        sketch_episodes(&example_episodes::<Freelancer>("ambush-event")),
        expect![[r#"
            Event: ambush at the ford | Ash, Mara, Tobin | ended after 2 rounds (F5)
              - Tobin learns Camouflage (Scout) for 2 AP, 1 AP left.
            Between events | Ash, Mara, Tobin | 
              - Ash, Mara, Tobin get 1 AP each: survived the ambush at the ford.
        "#]],
    );
}

#[test]
fn arm_wrestling_and_a_level_up_are_told() {
    check(
        sketch_episodes(&example_episodes::<Freelancer>("arm-wrestling")),
        expect![[r#"
            Opposed check: arm wrestling | Ash, Brom | Brom wins (F4)
              - Opposed check (arm wrestling), roll-under: Ash LFT 82 x 1/2 (one arm) = 41 vs Brom LFT 915 x 1/2 (one arm) = 457; P(Ash wins) 0, P(Brom wins) 1, P(no winner) 0: Ash d100 2 (Crit) under 41 by 39, Brom d100 97 (Botch) under 457 by 360: Brom wins; the gap of 416 is over 150: a punishing outcome for the loser (F4).
        "#]],
    );
    check(
        sketch_episodes(&example_episodes::<Freelancer>("level-up-and-vocation")),
        expect![[r#"
            Between events | Ash | 
              - Ash gets 120 XP: a week hauling crates through the collapsing mine.
              - Ash gets 30 XP and 2 AP: delivered the caravan through the pass.
              - Ash reaches level 2 and gains 1 AP: the GM calls it after the caravan.
              - Ash learns Shield Wall (Hoplite) for 2 AP, 2 AP left.
              - Ash learns Second Wind (General) for 1 AP, 1 AP left.
              - Ash changes vocation from Hoplite to Shaman (Grand Coven), during a rest (F8).
              - Ash learns Field Dressing (Shaman) for 1 AP, 0 AP left.
              - Ash's VIG is now 10 (was 8): a season of drills.
              - Ash changes vocation from Shaman to Witch (Grand Coven), in a safe area (F8).
        "#]],
    );
}
