//! The session report's summary of Freelancer (`chronicle.rs`): the book's examples folded into
//! events and checks with who took part and the outcome, and growth between them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use skald_freelancer::Freelancer;
use skald_testkit::{check, example_episodes, expect, sketch_episodes};

use crate::common;
use common::slips;

#[test]
fn the_books_boulder_is_one_task_check_with_its_outcome() {
    check(
        sketch_episodes(&example_episodes::<Freelancer>("boulder")),
        expect![[r#"
            Task check: the boulder's weight | Ash | failure on a Botch (F3)
              - Ash: task check, LFT 42 vs 1200 (the boulder's weight): the larger number, 1200, has 4 digits: keep its highest 3 (F2); divide both by 10^1 = 10, dropping fractions: rating 42 -> 4, difficulty 1200 -> 120; difference = 120 - 4 = 116 (101-150: only a Crit succeeds; every failure is a Botch, F3); chance of success 5.0% (1/20), of a Botch 95.0% (19/20): d100 63: Botch, failure.
        "#]],
    );
}

#[test]
fn an_ambush_is_one_event_told_turn_by_turn() {
    check(
        sketch_episodes(&example_episodes::<Freelancer>("ambush-event")),
        expect![[r#"
            Event: ambush at the ford | Ash, Mara, Tobin | ended after 2 rounds (F5)
              - Round 1 initiative: Ash d100 100 + ALC 15 = 115 -> 1150 (SPD 1248), Mara d100 100 + ALC 150348 = 150448, Tobin d100 25 + ALC 0 = 25; order: Mara 150448, Ash 1150, Tobin 25.
              - Mara divides turn 150448 into 3 Full Actions (at most 3) at 50149; order: Mara 50149 (x3), Ash 1150, Tobin 25.
              - Ash divides turn 1150 into 2 Full Actions (at most 2) at 575; order: Mara 50149 (x3), Ash 575 (x2), Tobin 25.
              - Mara takes turn 50149: 3 Full Actions, 2 Empty Actions: three strikes at the bandit chief.
              - Ash takes turn 575: 2 Full Actions, 5 Empty Actions; warning: 5 Empty Actions: the book advises no more than the roll's order of magnitude, 3 for a roll of 115 (F7).
              - Tobin takes turn 25: 1 Full Action, 0 Empty Actions: dives behind the cart.
              - Tobin declares a Total Action for round 2: no turn that round (F7).
              - Round 2 initiative: Ash d100 60 + ALC 15 = 75 -> 7500 (SPD 1248), Mara d100 52 + ALC 150348 = 150400; Total Action: Tobin; order: Mara 150400, Ash 7500.
              - Tobin learns Camouflage (Scout) for 2 AP, 1 AP left.
              - Mara divides turn 150400 into 2 Full Actions (at most 2) at 75200; order: Mara 75200 (x2), Ash 7500.
              - Mara takes turn 75200: 2 Full Actions, 0 Empty Actions: drives the last bandit into the river.
              - Ash takes turn 7500: 0 Full Actions, 1 Empty Action: catches his breath; its Full Action not taken, lost with the turn (F7).
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
              - Opposed check (arm wrestling), roll under (F4): Ash LFT 82 x 1/2 (one arm) = 41 vs Brom LFT 915 x 1/2 (one arm) = 457; chance Ash wins impossible, Brom wins certain, no winner impossible: Ash d100 2 (Crit) under 41 by 39, Brom d100 97 (Botch) under 457 by 360: Brom wins; the gap of 416 is over 150: a punishing outcome for the loser (F4).
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

#[test]
fn every_summary_line_cites_its_rules_as_links_and_gives_each_chance_its_percentage() {
    let examples = std::fs::read_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/freelancer"
    ))
    .unwrap()
    .map(|e| e.unwrap().path())
    .filter(|p| p.extension().is_some_and(|x| x == "toml"))
    .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
    .collect::<Vec<_>>();
    assert_eq!(examples.len(), 14);
    let mut texts = 0;
    for name in &examples {
        for episode in example_episodes::<Freelancer>(name) {
            for text in [&episode.title, &episode.outcome]
                .into_iter()
                .chain(&episode.changes)
            {
                texts += 1;
                assert_eq!(slips(text), Vec::<String>::new(), "{name}: {text}");
            }
        }
    }
    assert!(texts > 60, "{texts}");
    // The check can fail: each slip it looks for is found.
    assert_eq!(
        slips("F1: a Crit; see freelancer.txt; `roll_under`; P(success) 71/100 (F3)").len(),
        5
    );
    assert!(slips("chance of success 71.0% (71/100), LFT 82 x 1/2 (one arm) (F2, F3)").is_empty());
}
