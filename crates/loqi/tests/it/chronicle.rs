//! The session report's summary of Loqi (`chronicle.rs`): the book's examples folded into
//! problems with who took part, the outcome, influence spent and what changed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use skald_loqi::Loqi;
use skald_testkit::{check, example_episodes, expect, sketch_episodes};

#[test]
fn the_books_problem_is_resolved_with_the_influence_each_spent() {
    check(
        sketch_episodes(&example_episodes::<Loqi>("problem")),
        expect![[r#"
            Problem 1 (scene level): At dusk, bandits block the rain-soaked mountain pass Mirela must cross. | the GM, Mirela | resolved for the player's outcome: the player's outcome 83.3% (5/6), the GM's 16.7% (1/6); the d12 rolled 10 against odds 10 (L3); told by Mirela: Mirela cuts through the bandits and takes their leader's horse.
              - Mirela spent 1 influence (L5)
        "#]],
    );
}

/// L4 is cited only where the table plays unlikely outcomes and the odds reached 12 (issue 31: a
/// report said "(L4)" with the option off); every chance has its percentage beside its fraction.
#[test]
fn unlikely_outcomes_are_cited_only_where_they_applied() {
    check(
        sketch_episodes(&example_episodes::<Loqi>("unlikely-outcomes")),
        expect![[r#"
            Problem 1 (scene level): A lone bandit, half her size, bars the bridge. | the GM, Mirela | resolved for the GM's outcome: the player's outcome 96.5% (139/144), the GM's 3.5% (5/144); the d12 rolled 12 against odds 13, a 12: rolled again, then the d12 rolled 9 against odds 7 (L3, L4); told by the GM: The bandit knocks Mirela off the bridge into the river.
        "#]],
    );
}

#[test]
fn tirans_scene_tells_its_problems_and_what_they_changed() {
    check(
        sketch_episodes(&example_episodes::<Loqi>("tiran-scene")),
        expect![[r#"
            Problem 1 (scene level): A lone orc with a spiked club bars the ford Tiran must cross before dark. | the GM, Tiran | resolved for the GM's outcome: the player's outcome 58.3% (7/12), the GM's 41.7% (5/12); the d12 rolled 9 against odds 7 (L3); told by the GM: The orc's club catches Tiran's sword arm; he falls back to the bank and the orc keeps the ford.
              - Tiran's Swordsman 3 -> 1 (-2, for the scene; problem 1's outcome).
            Between problems | Tiran | 
              - Scene 1 of scenario 1 ends: scene-long changes end.
              - Tiran's scene change of -2 from problem 1 ends: Swordsman 1 -> 3.
        "#]],
    );
}

#[test]
fn goals_met_and_a_takeover_are_in_the_summary() {
    check(
        sketch_episodes(&example_episodes::<Loqi>("goals")),
        expect![[r#"
            Between problems | Tiran, Ayla | 
              - Goal 3 ("Drive the warband from Millbrook") is fulfilled: 9 each to Tiran (now 19), Ayla (now 19); a specific goal, it disappears (L6).
              - Goal 2 ("Make an orc laugh") is fulfilled: 3 each to Tiran (now 22); non-specific, it stays (L6).
              - Goal 2 ("Make an orc laugh") is fulfilled: 3 each to Tiran (now 25); non-specific, it stays (L6).
            Problem 1 (scene level): The orcs regroup at the river. | the GM, Tiran | still going
        "#]],
    );
    check(
        sketch_episodes(&example_episodes::<Loqi>("player-problem-takeover")),
        expect![[r#"
            Problem 1 (scene level): Ayla spots orc tracks leading into a cave and dares Tiran to follow them. | Ayla, Tiran | resolved for the GM's outcome: the player's outcome 50.0% (1/2), the GM's 50.0% (1/2); the d12 rolled 9 against odds 6 (L3); told by Ayla: The tracks were bait: Tiran walks into a snare and hangs upside down until dawn.
              - Ayla takes over the GM's part
              - Ayla spent 4 influence (L5)
            Problem 2 (scene level): The orcs find Tiran hanging in the snare at dawn. | the GM, Tiran | still going
        "#]],
    );
}
