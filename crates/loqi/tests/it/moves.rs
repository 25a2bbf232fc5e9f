//! Loqi's moves and odds at an online table (`skald_loqi::moves`): what each seat is offered in
//! states folded from commands like the examples', that every offer is one the rules and the
//! table's authority accept, and the exact chances before the d12 (L3, L4). Moves and odds are
//! compared as snapshots in the test kit's sketch (`UPDATE_EXPECT=1 cargo test` rewrites them).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] functions

use serde_json::{Value, json};
use skald_core::{Authority, FieldKind, Move, Scripted, Seat, System};
use skald_loqi::Odds;
use skald_loqi::rules::resolution::resolve;
use skald_loqi::{Command, Loqi, Options, Side, State};
use skald_testkit::sheets::{ayla, tiran};
use skald_testkit::{
    Expect, check, expect, form, gm, newcomer, player, sketch, sketch_move, sketch_odds,
};

/// A table with `options` after `steps` (commands as scenarios write them, each with its dice).
fn fold(options: Value, steps: &[(Value, &[i64])]) -> State {
    let options: Options = serde_json::from_value(options).expect("options");
    steps
        .iter()
        .fold(Loqi::initial(&options), |state, (command, dice)| {
            let command: Command = serde_json::from_value(command.clone())
                .unwrap_or_else(|e| panic!("{command}: {e}"));
            let events = Loqi::decide(&state, &command, &mut Scripted::new(dice.to_vec()))
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            events.iter().fold(state, Loqi::apply)
        })
}

/// `state` after one more step.
fn then(state: &State, command: Value, dice: &[i64]) -> State {
    let command: Command = serde_json::from_value(command).expect("a command");
    let events = Loqi::decide(state, &command, &mut Scripted::new(dice.to_vec()))
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    events.iter().fold(state.clone(), Loqi::apply)
}

/// The moves `seat` is offered in `state`, sketched.
fn offered(state: &State, seat: &Seat) -> String {
    sketch(&Loqi::moves(state, seat))
}

/// The odds of `command` in `state`, sketched.
fn sketched_odds(state: &State, command: Value) -> String {
    let command: Command = serde_json::from_value(command).expect("a command");
    sketch_odds(Loqi::odds(state, &command).as_ref())
}

/// Tiran and Ayla sit down (the kit's sample sheets).
fn tiran_and_ayla() -> [(Value, &'static [i64]); 2] {
    [
        (json!({"do": "enroll", "character": tiran()}), &[]),
        (json!({"do": "enroll", "character": ayla()}), &[]),
    ]
}

/// examples/loqi/bidding-war.toml up to its first bid: both outcomes proposed, -1 against -1.
fn bidding_war() -> State {
    let mut steps = tiran_and_ayla().to_vec();
    steps.extend([
        (
            json!({"do": "introduce_problem", "scale": "scene", "description": "The shaman's curse.", "responder": "Tiran"}),
            &[][..],
        ),
        (
            json!({"do": "propose_outcome", "outcome": "player", "description": "Tiran knocks the fetish away.", "impact": 3}),
            &[],
        ),
        (
            json!({"do": "add_trait", "outcome": "player", "character": "Tiran", "trait": "Quick", "along": true, "by": "Tiran", "reason": "fast"}),
            &[],
        ),
        (
            json!({"do": "propose_outcome", "outcome": "gm", "description": "The curse lands.", "impact": -2}),
            &[],
        ),
        (
            json!({"do": "add_modifier", "outcome": "gm", "kind": "environment", "value": 1, "by": "GM", "reason": "the chant"}),
            &[],
        ),
    ]);
    fold(json!({"gm_influence": true}), &steps)
}

/// examples/loqi/player-problem-takeover.toml's opening: Ayla introduces a problem for Tiran.
fn ayla_introduces() -> State {
    let mut steps = tiran_and_ayla().to_vec();
    steps.push((
        json!({"do": "introduce_problem", "scale": "scene", "description": "Orc tracks into a cave.", "proposer": "Ayla", "responder": "Tiran"}),
        &[],
    ));
    fold(json!({}), &steps)
}

/// After the takeover, Tiran's outcome with two overlapping traits (Tracker and Quick).
fn ayla_took_over() -> State {
    let s = then(
        &ayla_introduces(),
        json!({"do": "take_over", "who": "Ayla"}),
        &[],
    );
    let s = then(
        &s,
        json!({"do": "propose_outcome", "outcome": "player", "description": "He finds the cache.", "impact": 3}),
        &[],
    );
    let s = then(
        &s,
        json!({"do": "add_trait", "outcome": "player", "character": "Tiran", "trait": "Tracker", "along": true, "by": "Tiran", "reason": "tracks"}),
        &[],
    );
    then(
        &s,
        json!({"do": "add_trait", "outcome": "player", "character": "Tiran", "trait": "Quick", "along": true, "by": "Tiran", "reason": "quick"}),
        &[],
    )
}

/// examples/loqi/weakening-and-recovery.toml, shortened: the GM's outcome weakens Tiran by all
/// his 10 (out) and Ayla by 3 (at 5 of 8).
fn tiran_out() -> State {
    let steps: Vec<(Value, &[i64])> = vec![
        (
            json!({"do": "enroll", "character": {"name": "Tiran", "strength": 10, "traits": [{"name": "Quick", "rating": 2}]}}),
            &[],
        ),
        (
            json!({"do": "enroll", "character": {"name": "Ayla", "strength": 8, "traits": [{"name": "Archer", "rating": 3}]}}),
            &[],
        ),
        (
            json!({"do": "introduce_problem", "scale": "scene", "description": "The scree.", "responder": "Tiran"}),
            &[],
        ),
        (
            json!({"do": "propose_outcome", "outcome": "player", "description": "He outruns the orc.", "impact": 2, "action": "strenuous"}),
            &[],
        ),
        (
            json!({"do": "propose_outcome", "outcome": "gm", "description": "The orc catches them.", "impact": -1, "consequences": [
                {"kind": "weakening", "character": "Tiran", "points": 10},
                {"kind": "weakening", "character": "Ayla", "points": 3}]}),
            &[],
        ),
        (json!({"do": "resolve"}), &[1]),
    ];
    fold(json!({"strength": true}), &steps)
}

/// Influence swapping and goals: Tiran prepared his, a session goal and a setting goal stand.
fn goals_and_swapping() -> State {
    let mut steps = tiran_and_ayla().to_vec();
    steps.extend([
        (
            json!({"do": "prepare_goals", "by": "Tiran", "goals": [
                {"text": "Become captain", "kind": "specific", "base": 2, "multiplier": 3},
                {"text": "Win a duel", "kind": "non_specific", "base": 3}]}),
            &[][..],
        ),
        (
            json!({"do": "add_goal", "by": "GM", "text": "Free the city", "kind": "specific", "rating": 30, "at": "setting"}),
            &[],
        ),
    ]);
    fold(json!({"influence_swapping": true}), &steps)
}

#[test]
fn an_empty_table_offers_the_story_goals_and_a_character() {
    let empty = fold(json!({}), &[]);
    check(
        offered(&empty, &gm()),
        expect![[r#"
            Goals | GM: prepare goals | {"by":"GM","do":"prepare_goals"}
              goals: list of 1..=10 entries, 1 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 2
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Add a session goal | {"at":"session","do":"add_goal"}
              by: one of ["GM"]
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=10, default 3
              approved: flag, default no
            Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"}
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=100, default 10
            Story | Start the next session | {"do":"start_session"}
              confirm: End session 1 and start session 2?
            Story | End scene 1 | {"do":"end_scene"}
              confirm: End scene 1? Its scene-long trait changes end with it.
            Story | End scenario 1 | {"do":"end_scenario"}
              confirm: End scenario 1? Its scene- and scenario-long trait changes end with it.
            Characters | Make an NPC | {"character":{"npc":true},"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
    // A player without a character can only make one (book: Making Characters).
    check(
        offered(&empty, &newcomer()),
        expect![[r#"
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
}

#[test]
fn between_problems_each_seat_may_introduce_one() {
    let table = fold(json!({}), &tiran_and_ayla());
    check(
        offered(&table, &gm()),
        expect![[r#"
            Problem | Introduce a problem | {"do":"introduce_problem","proposer":"GM"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responders: any of ["Tiran", "Ayla"]
            Problem | Tiran: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Tiran"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responder: one of
                - The GM, answering first = "GM"
                - Ayla = "Ayla"
            Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responder: one of
                - The GM, answering first = "GM"
                - Tiran = "Tiran"
            Influence | Reward influence | {"do":"reward"}
              who: one of ["Tiran", "Ayla"]
              points: number 1..=50, default 1
              reason: text, at most 300
            Goals | GM: prepare goals | {"by":"GM","do":"prepare_goals"}
              goals: list of 1..=10 entries, 1 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 2
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Add a session goal | {"at":"session","do":"add_goal"}
              by: one of ["GM", "Tiran", "Ayla"]
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=10, default 3
              approved: flag, default no
            Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"}
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=100, default 10
            Story | Start the next session | {"do":"start_session"}
              confirm: End session 1 and start session 2?
            Story | End scene 1 | {"do":"end_scene"}
              confirm: End scene 1? Its scene-long trait changes end with it.
            Story | End scenario 1 | {"do":"end_scenario"}
              confirm: End scenario 1? Its scene- and scenario-long trait changes end with it.
            Characters | Make an NPC | {"character":{"npc":true},"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
            Characters | Change a trait (free change) | {"approved":true,"do":"change_trait"}
              character: one of ["Tiran", "Ayla"]
              trait: text, at most 60
              rating: number 0..=4, default 1
              harmful: one of
                - As the trait is (a new one: helpful) = null
                - Harmful (a new trait) = true
              reason: text, at most 300
        "#]],
    );
    check(
        offered(&table, &player(&["Ayla"])),
        expect![[r#"
            Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responder: one of
                - The GM, answering first = "GM"
                - Tiran = "Tiran"
            Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Add a session goal | {"at":"session","do":"add_goal"}
              by: one of ["Ayla"]
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=10, default 3
              approved: flag, default no
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
}

#[test]
fn an_open_problem_offers_entries_bids_and_the_roll() {
    let war = bidding_war();
    check(
        offered(&war, &gm()),
        expect![[r#"
            Tally | Add Tiran's trait | {"character":"Tiran","do":"add_trait"} | odds
              trait: one of
                - Quick 2 = "Quick"
                - Tracker 1 = "Tracker"
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              along: flag, default yes
              by: one of ["GM", "Tiran", "Ayla"]
              reason: text, at most 300
            Tally | Add Ayla's trait | {"character":"Ayla","do":"add_trait"} | odds
              trait: one of
                - Archer 3 = "Archer"
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              along: flag, default yes
              by: one of ["GM", "Tiran", "Ayla"]
              reason: text, at most 300
            Tally | Add a modifier | {"do":"add_modifier"} | odds
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              kind: one of
                - Environment = "environment"
                - Genre convention = "genre"
              value: number -20..=20, default 1
              by: one of ["GM", "Tiran", "Ayla"]
              reason: text, at most 300
            Tally | GM: spend influence | {"do":"spend_influence","who":"GM"} | odds
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              points: number -10..=10, default 1
              reason: text, at most 300
            Tally | Tiran: spend influence | {"do":"spend_influence","who":"Tiran"} | odds
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              points: number -10..=10, default 1
              reason: text, at most 300
            Tally | Ayla: spend influence | {"do":"spend_influence","who":"Ayla"} | odds
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              points: number -6..=6, default 1
              reason: text, at most 300
            Resolve | Roll the d12 | {"do":"resolve"} | odds | lead
              confirm: Roll the d12 and settle problem 1? Its tally closes: no more entries, influence or changed outcomes for it.
            Influence | Reward influence | {"do":"reward"}
              who: one of ["Tiran", "Ayla"]
              points: number 1..=50, default 1
              reason: text, at most 300
            Goals | GM: prepare goals | {"by":"GM","do":"prepare_goals"}
              goals: list of 1..=10 entries, 1 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 2
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"}
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=100, default 10
            Characters | Make an NPC | {"character":{"npc":true},"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
    // Ayla's player: entries signed by Ayla, her own bids, no roll, no reward, no story.
    check(
        offered(&war, &player(&["Ayla"])),
        expect![[r#"
            Tally | Add Tiran's trait | {"character":"Tiran","do":"add_trait"} | odds
              trait: one of
                - Quick 2 = "Quick"
                - Tracker 1 = "Tracker"
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              along: flag, default yes
              by: one of ["Ayla"]
              reason: text, at most 300
            Tally | Add Ayla's trait | {"character":"Ayla","do":"add_trait"} | odds
              trait: one of
                - Archer 3 = "Archer"
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              along: flag, default yes
              by: one of ["Ayla"]
              reason: text, at most 300
            Tally | Add a modifier | {"do":"add_modifier"} | odds
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              kind: one of
                - Environment = "environment"
                - Genre convention = "genre"
              value: number -20..=20, default 1
              by: one of ["Ayla"]
              reason: text, at most 300
            Tally | Ayla: spend influence | {"do":"spend_influence","who":"Ayla"} | odds
              outcome: one of
                - The player's outcome (Tiran, now -1) = "player"
                - The GM's outcome (GM, now -1) = "gm"
              points: number -6..=6, default 1
              reason: text, at most 300
            Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
}

#[test]
fn a_players_problem_is_taken_over_by_its_proposer_only() {
    let open = ayla_introduces();
    // Ayla introduced it: she may take it over (L5); Tiran answers first.
    check(
        sketch(Loqi::moves(&open, &player(&["Ayla"])).iter().take(2)),
        expect![[r#"
            Problem | Ayla: take over the GM's part (2 influence) | {"do":"take_over","who":"Ayla"}
            Problem | Propose the player's outcome | {"do":"propose_outcome","outcome":"player"} | lead
              by: one of ["Ayla"]
              description: text, at most 1000
              impact: number -100..=100, default 3
              consequences: list of 0..=20 entries, 0 at first
                  kind: one of
                    - Trait change = "trait_change"
                    - Tactical change = "tactical"
                    - Relationship = "relationship"
                    - Influence reward = "reward"
                  character [shown when kind is "trait_change" or "weakening" or "regain" or "reward"]: one of ["Tiran", "Ayla"]
                  trait [shown when kind is "trait_change"]: text, at most 60
                  rating_change [shown when kind is "trait_change"]: number -6..=6, default 1
                  lasts [shown when kind is "trait_change"]: one of
                    - The scene = "scene"
                    - The scenario = "scenario"
                    - For good = "permanent"
                  harmful [shown when kind is "trait_change"]: one of
                    - Helps its holder = false
                    - Works against its holder = true
                  points [shown when kind is "weakening" or "regain"]: number 1..=40, default 1
                  modifier [shown when kind is "tactical"]: number -6..=6, default 1
                  change [shown when kind is "relationship"]: number -4..=4, default 1
                  influence [shown when kind is "relationship"]: one of
                    - x0.5: far below the character = 0.5
                    - x0.75 = 0.75
                    - x1: about the same = 1
                    - x1.5 = 1.5
                    - x2: far above = 2
                  length [shown when kind is "relationship"]: one of
                    - x0.25: soon over = 0.25
                    - x0.5 = 0.5
                    - x0.75 = 0.75
                    - x1: months or years = 1
                    - x1.5: for life = 1.5
                  points [shown when kind is "reward"]: number 1..=50, default 1
                  note [shown when kind is "tactical"]: text, at most 300
                  note [shown when kind is "relationship"]: text, at most 300
                  note [shown when kind is "reward"]: text, at most 300
        "#]],
    );
    check(
        offered(&open, &player(&["Tiran"])),
        expect![[r#"
            Problem | Propose the player's outcome | {"do":"propose_outcome","outcome":"player"} | lead
              by: one of ["Tiran"]
              description: text, at most 1000
              impact: number -100..=100, default 3
              consequences: list of 0..=20 entries, 0 at first
                  kind: one of
                    - Trait change = "trait_change"
                    - Tactical change = "tactical"
                    - Relationship = "relationship"
                    - Influence reward = "reward"
                  character [shown when kind is "trait_change" or "weakening" or "regain" or "reward"]: one of ["Tiran", "Ayla"]
                  trait [shown when kind is "trait_change"]: text, at most 60
                  rating_change [shown when kind is "trait_change"]: number -6..=6, default 1
                  lasts [shown when kind is "trait_change"]: one of
                    - The scene = "scene"
                    - The scenario = "scenario"
                    - For good = "permanent"
                  harmful [shown when kind is "trait_change"]: one of
                    - Helps its holder = false
                    - Works against its holder = true
                  points [shown when kind is "weakening" or "regain"]: number 1..=40, default 1
                  modifier [shown when kind is "tactical"]: number -6..=6, default 1
                  change [shown when kind is "relationship"]: number -4..=4, default 1
                  influence [shown when kind is "relationship"]: one of
                    - x0.5: far below the character = 0.5
                    - x0.75 = 0.75
                    - x1: about the same = 1
                    - x1.5 = 1.5
                    - x2: far above = 2
                  length [shown when kind is "relationship"]: one of
                    - x0.25: soon over = 0.25
                    - x0.5 = 0.5
                    - x0.75 = 0.75
                    - x1: months or years = 1
                    - x1.5: for life = 1.5
                  points [shown when kind is "reward"]: number 1..=50, default 1
                  note [shown when kind is "tactical"]: text, at most 300
                  note [shown when kind is "relationship"]: text, at most 300
                  note [shown when kind is "reward"]: text, at most 300
            Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
    // Taken over: Ayla proposes the GM's outcome and merges the overlapping traits; no second
    // takeover, and the GM may still act for her.
    let taken = ayla_took_over();
    check(
        offered(&taken, &player(&["Ayla"])),
        expect![[r#"
            Problem | Propose the GM's outcome | {"by":"Ayla","do":"propose_outcome","outcome":"gm"} | odds
              description: text, at most 1000
              impact: number -100..=100, default -3
              consequences: list of 0..=20 entries, 0 at first
                  kind: one of
                    - Trait change = "trait_change"
                    - Tactical change = "tactical"
                    - Relationship = "relationship"
                    - Influence reward = "reward"
                  character [shown when kind is "trait_change" or "weakening" or "regain" or "reward"]: one of ["Tiran", "Ayla"]
                  trait [shown when kind is "trait_change"]: text, at most 60
                  rating_change [shown when kind is "trait_change"]: number -6..=6, default 1
                  lasts [shown when kind is "trait_change"]: one of
                    - The scene = "scene"
                    - The scenario = "scenario"
                    - For good = "permanent"
                  harmful [shown when kind is "trait_change"]: one of
                    - Helps its holder = false
                    - Works against its holder = true
                  points [shown when kind is "weakening" or "regain"]: number 1..=40, default 1
                  modifier [shown when kind is "tactical"]: number -6..=6, default 1
                  change [shown when kind is "relationship"]: number -4..=4, default 1
                  influence [shown when kind is "relationship"]: one of
                    - x0.5: far below the character = 0.5
                    - x0.75 = 0.75
                    - x1: about the same = 1
                    - x1.5 = 1.5
                    - x2: far above = 2
                  length [shown when kind is "relationship"]: one of
                    - x0.25: soon over = 0.25
                    - x0.5 = 0.5
                    - x0.75 = 0.75
                    - x1: months or years = 1
                    - x1.5: for life = 1.5
                  points [shown when kind is "reward"]: number 1..=50, default 1
                  note [shown when kind is "tactical"]: text, at most 300
                  note [shown when kind is "relationship"]: text, at most 300
                  note [shown when kind is "reward"]: text, at most 300
            Tally | Add Tiran's trait | {"character":"Tiran","do":"add_trait"}
              trait: one of
                - Quick 2 = "Quick"
                - Tracker 1 = "Tracker"
              outcome: one of
                - The player's outcome (Tiran, now 0) = "player"
              along: flag, default yes
              by: one of ["Ayla"]
              reason: text, at most 300
            Tally | Add Ayla's trait | {"character":"Ayla","do":"add_trait"}
              trait: one of
                - Archer 3 = "Archer"
              outcome: one of
                - The player's outcome (Tiran, now 0) = "player"
              along: flag, default yes
              by: one of ["Ayla"]
              reason: text, at most 300
            Tally | Add a modifier | {"do":"add_modifier"}
              outcome: one of
                - The player's outcome (Tiran, now 0) = "player"
              kind: one of
                - Environment = "environment"
                - Genre convention = "genre"
              value: number -20..=20, default 1
              by: one of ["Ayla"]
              reason: text, at most 300
            Tally | Ayla: spend influence | {"do":"spend_influence","who":"Ayla"}
              outcome: one of
                - The player's outcome (Tiran, now 0) = "player"
              points: number -2..=2, default 1
              reason: text, at most 300
            Tally | Merge entries on the player's outcome | {"by":"Ayla","do":"merge_entries","outcome":"player"}
              entries: any of
                - #2 trait +1: Tiran's Tracker = 2
                - #3 trait +2: Tiran's Quick = 3
              value: number -20..=20, default 3
              reason: text, at most 300
            Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
    let tiran = Loqi::moves(&taken, &player(&["Tiran"]));
    let gone = ["Merge", "GM's outcome", "take over"];
    let offered_gone = tiran
        .iter()
        .filter(|m| gone.iter().any(|g| sketch_move(m).contains(g)));
    check(sketch(offered_gone), expect![[""]]);
    assert!(
        Loqi::moves(&taken, &gm())
            .iter()
            .any(|m| m.label.contains("Merge entries"))
    );
}

#[test]
fn moves_gone_now_are_not_offered() {
    // Resolved: no tally, no roll, no proposal; the next problem and the story come back, but not
    // session goals (the session has had its first problem, L6).
    let resolved = then(&bidding_war(), json!({"do": "resolve"}), &[1]);
    check(
        offered(&resolved, &gm()),
        expect![[r#"
            Problem | Introduce a problem | {"do":"introduce_problem","proposer":"GM"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responders: any of ["Tiran", "Ayla"]
            Problem | Tiran: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Tiran"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responder: one of
                - The GM, answering first = "GM"
                - Ayla = "Ayla"
            Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responder: one of
                - The GM, answering first = "GM"
                - Tiran = "Tiran"
            Influence | Reward influence | {"do":"reward"}
              who: one of ["Tiran", "Ayla"]
              points: number 1..=50, default 1
              reason: text, at most 300
            Goals | GM: prepare goals | {"by":"GM","do":"prepare_goals"}
              goals: list of 1..=10 entries, 1 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 2
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"}
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=100, default 10
            Story | Start the next session | {"do":"start_session"}
              confirm: End session 1 and start session 2? The GM's 10 influence left is lost: none carries over, and the GM starts again with 10 (L5).
            Story | End scene 1 | {"do":"end_scene"}
              confirm: End scene 1? Its scene-long trait changes end with it.
            Story | End scenario 1 | {"do":"end_scenario"}
              confirm: End scenario 1? Its scene- and scenario-long trait changes end with it.
            Characters | Make an NPC | {"character":{"npc":true},"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
            Characters | Change a trait (free change) | {"approved":true,"do":"change_trait"}
              character: one of ["Tiran", "Ayla"]
              trait: text, at most 60
              rating: number 0..=4, default 1
              harmful: one of
                - As the trait is (a new one: helpful) = null
                - Harmful (a new trait) = true
              reason: text, at most 300
        "#]],
    );
    // Tiran is out (L8): not asked, not proposing, no bids; Ayla may only ask the GM. Tiran has
    // prepared nothing yet, so that stays. With strength, end_scene takes the recovery.
    let out = tiran_out();
    check(
        offered(&out, &player(&["Tiran"])),
        expect![[r#"
            Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
              goals: list of 2..=10 entries, 2 at first
                  text: text, at most 300
                  kind: one of
                    - Specific (pays once) = "specific"
                    - Non-specific (pays each time) = "non_specific"
                  base: number 1..=10, default 3
                  multiplier [shown when kind is "specific"]: one of
                    - x3 = 3
                    - x5 = 5
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
              character.strength: number 5..=20, default 10
        "#]],
    );
    let gm_moves = Loqi::moves(&out, &gm());
    // The GM's outcome was selected: the GM is prompted to tell it (book: Problems, step 5), out
    // of character; Ayla's player is not.
    let telling = &gm_moves[0];
    assert_eq!(telling.command, json!({"do": "say"}));
    assert!(
        telling
            .note
            .as_deref()
            .is_some_and(|n| n == "Your outcome was selected: \"The orc catches them.\" Describe in detail what happens; then the GM tells its consequences and play goes on (book: Problems, step 5)."),
        "{:?}",
        telling.note
    );
    assert!(
        Loqi::moves(&out, &player(&["Ayla"]))
            .iter()
            .all(|m| m.command["do"] != skald_core::SAY)
    );
    check(
        sketch(gm_moves.iter().take(2)),
        expect![[r#"
            Problem | Tell how problem 1 turns out | {"do":"say"} | lead
              text: text, at most 1000
            Problem | Introduce a problem | {"do":"introduce_problem","proposer":"GM"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responders: any of ["Ayla"]
        "#]],
    );
    let end_scene = gm_moves.iter().filter(|m| m.label == "End scene 1");
    check(
        sketch(end_scene),
        expect![[r#"
            Story | End scene 1 | {"do":"end_scene"}
              confirm: End scene 1? Its scene-long trait changes end with it.
              recovery: number 1..=5, default 2
        "#]],
    );
    // Goals: Tiran prepared once, so only Ayla may; the standing goals may be fulfilled; swapping
    // is on, so each gives influence.
    let goals = goals_and_swapping();
    check(
        offered(&goals, &player(&["Tiran"])),
        expect![[r#"
            Problem | Tiran: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Tiran"}
              scale: one of
                - Scene (impact 3-5) = "scene"
                - Scenario (impact 6-9) = "scenario"
                - Story (impact 10-12) = "story"
              description: text, at most 1000
              responder: one of
                - The GM, answering first = "GM"
                - Ayla = "Ayla"
            Influence | Tiran: give influence | {"do":"give_influence","from":"Tiran"}
              to: one of ["Ayla"]
              points: number 1..=5, default 1
              reason: text, at most 300
            Goals | Add a session goal | {"at":"session","do":"add_goal"}
              by: one of ["Tiran"]
              text: text, at most 300
              kind: one of
                - Specific (pays once) = "specific"
                - Non-specific (pays each time) = "non_specific"
              rating: number 1..=10, default 3
              approved: flag, default no
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 60
              character.traits: list of 0..=32 entries, 2 at first
                  name: text, at most 60
                  rating: number 1..=4, default 2
                  harmful: one of
                    - Helps the character = false
                    - Works against the character = true
        "#]],
    );
    let gm_moves = Loqi::moves(&goals, &gm());
    let fulfil = gm_moves.iter().filter(|m| m.label == "Fulfil a goal");
    check(
        sketch(fulfil),
        expect![[r#"
        Goals | Fulfil a goal | {"do":"fulfil_goal"}
          goal: one of
            - #1 Become captain (specific, 6, Tiran) = 1
            - #2 Win a duel (non-specific, 3, Tiran) = 2
            - #3 Free the city (specific, 30, GM) = 3
          who: any of ["Tiran", "Ayla"]
    "#]],
    );
}

/// Every state the tests build, with every seat: the GM, each character's player, and a player
/// without a character.
fn every_state() -> Vec<(&'static str, State)> {
    let war = bidding_war();
    let gm_answers = {
        let s = then(
            &fold(
                json!({"unlikely_outcomes": true, "high_ratings": true}),
                &tiran_and_ayla(),
            ),
            json!({"do": "introduce_problem", "scale": "story", "description": "A rival.", "proposer": "Ayla", "responder": "GM"}),
            &[],
        );
        then(
            &s,
            json!({"do": "propose_outcome", "outcome": "gm", "description": "The rival wins.", "impact": -10}),
            &[],
        )
    };
    vec![
        ("empty", fold(json!({}), &[])),
        ("two characters", fold(json!({}), &tiran_and_ayla())),
        ("bidding war", war.clone()),
        ("resolved", then(&war, json!({"do": "resolve"}), &[1])),
        ("Ayla's problem", ayla_introduces()),
        ("taken over", ayla_took_over()),
        ("the GM answers", gm_answers),
        ("Tiran out", tiran_out()),
        ("goals and swapping", goals_and_swapping()),
        (
            "the GM's NPC",
            with_grell(json!({"influence_swapping": true, "gm_influence": true})),
        ),
    ]
}

fn seats(state: &State) -> Vec<Seat> {
    let mut out = vec![gm(), newcomer()];
    out.extend(state.characters.iter().map(|m| player(&[m.name.as_str()])));
    out
}

/// `m` filled in as a form left at its defaults would be (`skald_testkit::form::filled`: numbers
/// and flags at their defaults, single choices at their first option, multiple choices with every
/// option, lists with their first entries), each text blank holding a sample of its own (`Probe`
/// and its path, so no two trait names clash). What a form cannot know is how entries combine: a
/// player's preparation goals need a non-specific one beside the specific, so the second entry
/// becomes non-specific, its multiplier left unpicked as a person leaves it (L6).
fn filled(m: &Move) -> Value {
    let mut command = form::filled(m, &|_, path| Some(json!(format!("Probe {path}"))));
    if command["do"] == "prepare_goals" && command["by"] != "GM" {
        form::set(&mut command, "goals.1.kind", json!("non_specific"));
        unpick(&mut command, "goals.1.multiplier");
    }
    command
}

/// Takes the value at a dotted `path` out of `command`, as the page leaves out a blank left
/// unpicked or empty, and a list's entry removed.
fn unpick(command: &mut Value, path: &str) {
    let (parent, last) = path.rsplit_once('.').unwrap_or(("", path));
    let pointer = if parent.is_empty() {
        String::new()
    } else {
        format!("/{}", parent.replace('.', "/"))
    };
    match command.pointer_mut(&pointer) {
        Some(Value::Object(map)) => {
            map.remove(last);
        }
        Some(Value::Array(items)) => {
            if let Ok(i) = last.parse::<usize>()
                && i < items.len()
            {
                items.remove(i);
            }
        }
        _ => {}
    }
}

#[test]
fn every_move_is_one_the_seat_may_send_and_the_rules_accept() {
    // Criterion: filled as in `filled`, every move offered parses, the table's authority lets the
    // seat send it (so a player never gets a GM-only move, nor one for another's character), and
    // `decide` accepts it. Refusals a form cannot foresee (a typed name already taken, a reward or
    // goal taking someone past 999 influence) do not arise in these states, so nothing is excused.
    // And `odds` (or, for a proposal completing the pair, `advice`) is given exactly for the
    // moves that say so.
    let mut offered = 0;
    for (name, state) in every_state() {
        for seat in seats(&state) {
            for m in Loqi::moves(&state, &seat) {
                // A prompt to tell an outcome is the table's talk, which the rules never see.
                if m.command["do"] == skald_core::SAY {
                    continue;
                }
                let value = filled(&m);
                let what = format!("{name}, {seat:?}: {value}");
                let command: Command =
                    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{what}: {e}"));
                match Loqi::authority(&command) {
                    Authority::Gm | Authority::GmEnroll(_) => {
                        assert!(seat.gm, "GM-only move offered to a player: {what}")
                    }
                    Authority::Character(c) => {
                        assert!(seat.controls(&c), "{what}: not the seat's character {c}")
                    }
                    Authority::Anyone | Authority::Enroll(_) => {}
                }
                let decided = Loqi::decide(&state, &command, &mut Scripted::new(vec![1; 8]));
                assert!(
                    decided.is_ok(),
                    "{what}: {:?}",
                    decided.err().map(|e| e.to_string())
                );
                // The proposal that completes the pair has no roll, only advice (issue 32).
                let asked = Loqi::odds(&state, &command).is_some()
                    || Loqi::advice(&state, &command).is_some();
                assert_eq!(asked, m.odds, "{what}");
                offered += 1;
            }
        }
    }
    assert_eq!(offered, 230);
}

/// Brute force: the share of d12 sequences (as many dice as L4 can need) that select each side.
fn brute_force(player: i64, gm: i64, unlikely: bool) -> [String; 2] {
    let k = u32::try_from(player.abs_diff(gm) / 6 + 1).unwrap();
    let all = 12_i64.pow(k);
    let wins = (0..all)
        .filter(|n| {
            let faces: Vec<i64> = (0..k).map(|i| (n / 12_i64.pow(i)) % 12 + 1).collect();
            let r = resolve(Odds::new(player, gm), unlikely, &mut Scripted::new(faces)).unwrap();
            r.winner == Side::Player
        })
        .count();
    let wins = i64::try_from(wins).unwrap();
    let reduce = |w: i64| {
        let g = (1..=all)
            .rev()
            .find(|d| w % d == 0 && all % d == 0)
            .unwrap();
        match (w / g, all / g) {
            (n, 1) => n.to_string(),
            (n, d) => format!("{n}/{d}"),
        }
    };
    [reduce(wins), reduce(all - wins)]
}

#[test]
fn odds_before_the_roll_are_exact() {
    let war = bidding_war();
    let gm_minus_2 = then(
        &war,
        json!({"do": "add_modifier", "outcome": "gm", "kind": "genre", "value": -1, "by": "GM", "reason": "heroes"}),
        &[],
    );
    let l4 = {
        let s = every_state().remove(6).1;
        then(
            &s,
            json!({"do": "propose_outcome", "outcome": "player", "description": "Ayla wins.", "impact": 0}),
            &[],
        )
    };
    let cases: [(&State, Value, Expect); 6] = [
        (
            &war,
            json!({"do": "resolve"}),
            expect![[r#"
            The player's outcome is at -1 and the GM's at -1: equal, so a d12 of 1-6 selects the player's outcome and 7-12 the GM's (L3).
              The player's outcome (Tiran): 1/2 (0.5)
              The GM's outcome (GM): 1/2 (0.5)
        "#]],
        ),
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 2}),
            expect![[r#"
                With this entry, the player's outcome is at +1 and the GM's at -1: advantage 2, odds 8: a d12 of 1-8 selects the player's outcome, 9-12 the GM's outcome (L3). Now: 50.0% (1/2) for the player's outcome, 50.0% (1/2) for the GM's.
                  The player's outcome (Tiran): 2/3 (0.6666666666666666)
                  The GM's outcome (GM): 1/3 (0.3333333333333333)
            "#]],
        ),
        (
            // `skald loqi odds --player 3 --gm -2`: advantage 5, odds 11: 11/12 and 1/12.
            &gm_minus_2,
            json!({"do": "add_modifier", "outcome": "player", "kind": "environment", "value": 4, "by": "Ayla", "reason": "high ground"}),
            expect![[r#"
                With this entry, the player's outcome is at +3 and the GM's at -2: advantage 5, odds 11: a d12 of 1-11 selects the player's outcome, 12 the GM's outcome (L3). Now: 58.3% (7/12) for the player's outcome, 41.7% (5/12) for the GM's.
                  The player's outcome (Tiran): 11/12 (0.9166666666666666)
                  The GM's outcome (GM): 1/12 (0.08333333333333333)
            "#]],
        ),
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 6}),
            expect![[r#"
                With this entry, the player's outcome is at +5 and the GM's at -1: advantage 6, so the player's outcome is certain and no die is rolled (L3). Now: 50.0% (1/2) for the player's outcome, 50.0% (1/2) for the GM's.
                  The player's outcome (Tiran): 1 (1)
                  The GM's outcome (GM): 0 (0)
            "#]],
        ),
        (
            // L4 at advantage 10: (6 - 4) / 12^2 for the GM's outcome.
            &l4,
            json!({"do": "resolve"}),
            expect![[r#"
                The player's outcome is at 0 and the GM's at -10: advantage 10, odds 16: anything but a 12 selects the player's outcome; a 12 rolls again at advantage 4 (L4).
                  The player's outcome (Ayla): 71/72 (0.9861111111111112)
                  The GM's outcome (GM): 1/72 (0.013888888888888888)
            "#]],
        ),
        (
            // `skald loqi odds --player 7 --gm 0 --unlikely-outcomes`: 5/144 for the less likely.
            &l4,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": -3}),
            expect![[r#"
                With this entry, the player's outcome is at -3 and the GM's at -10: advantage 7, odds 13: anything but a 12 selects the player's outcome; a 12 rolls again at advantage 1 (L4). Now: 98.6% (71/72) for the player's outcome, 1.4% (1/72) for the GM's.
                  The player's outcome (Ayla): 139/144 (0.9652777777777778)
                  The GM's outcome (GM): 5/144 (0.034722222222222224)
            "#]],
        ),
    ];
    for (state, command, expected) in cases {
        check(sketched_odds(state, command), expected);
    }
    // The same fractions by brute force over every d12 sequence.
    for (player, gm, unlikely, expected) in [
        (-1, -1, false, ["1/2", "1/2"]),
        (1, -1, false, ["2/3", "1/3"]),
        (3, -2, false, ["11/12", "1/12"]),
        (5, -1, false, ["1", "0"]),
        (0, -10, true, ["71/72", "1/72"]),
        (-3, -10, true, ["139/144", "5/144"]),
    ] {
        assert_eq!(brute_force(player, gm, unlikely), expected);
    }
}

#[test]
fn no_odds_without_a_roll_to_come_or_for_a_refusal() {
    let war = bidding_war();
    for (state, command) in [
        (&war, json!({"do": "start_session"})),
        (
            &war,
            json!({"do": "reward", "who": "Tiran", "points": 1, "reason": "wit"}),
        ),
        // Refused: 0 points, more than Tiran holds, a side not proposed yet.
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 0}),
        ),
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 11}),
        ),
        (
            &ayla_took_over(),
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 1}),
        ),
        (&ayla_introduces(), json!({"do": "resolve"})),
        (
            &fold(json!({}), &tiran_and_ayla()),
            json!({"do": "resolve"}),
        ),
    ] {
        let text = command.to_string();
        let command: Command = serde_json::from_value(command).expect("a command");
        assert_eq!(Loqi::odds(state, &command), None, "{text}");
    }
}

/// The move labelled `label` among `moves`.
fn labelled(moves: &[Move], label: &str) -> Move {
    moves
        .iter()
        .find(|m| m.label == label)
        .cloned()
        .unwrap_or_else(|| panic!("no move {label:?} in\n{}", sketch(moves)))
}

/// `m`'s form as a person fills it: every blank at its default (lists with their first entries,
/// text left empty), then `picks`, each a blank's dotted path and what the person puts there, and
/// `unpicked`, the blanks a person leaves on "Pick one" and the entries it removes (the page then
/// leaves them out).
fn picked(m: &Move, picks: &[(&str, Value)], unpicked: &[&str]) -> Value {
    let mut command = form::picked(m, picks);
    for path in unpicked {
        unpick(&mut command, path);
    }
    command
}

/// What `decide` says of `command` in `state`: the events' count, or the refusal's field (as the
/// page places it) and message.
fn decided(state: &State, command: &Value) -> Result<usize, (Option<String>, String)> {
    let command: Command =
        serde_json::from_value(command.clone()).unwrap_or_else(|e| panic!("{command}: {e}"));
    Loqi::decide(state, &command, &mut Scripted::new(vec![]))
        .map(|events| events.len())
        .map_err(|e| (Loqi::error_field(&e), e.to_string()))
}

/// The names of `m`'s blanks, list items as `list[item]`.
fn blanks(m: &Move) -> Vec<String> {
    m.fields
        .iter()
        .flat_map(|f| match &f.kind {
            FieldKind::List { item, .. } => item
                .iter()
                .map(|i| format!("{}[{}]", f.name, i.name))
                .collect(),
            _ => vec![f.name.clone()],
        })
        .collect()
}

/// A character made through the builder, no JSON typed (book: Making Characters, Traits): a name
/// and two traits, one that works against him. The player's form has no influence blank (a new
/// character starts with the book's 10); the GM's makes an NPC, which holds none (L5); strength
/// comes with the option (L8).
#[test]
fn the_builder_makes_a_character_without_json() {
    let empty = fold(json!({}), &[]);
    let m = labelled(&Loqi::moves(&empty, &newcomer()), "Make a character");
    assert_eq!(m.sheet.as_deref(), Some("character"));
    assert_eq!(
        blanks(&m),
        [
            "character.name",
            "character.traits[name]",
            "character.traits[rating]",
            "character.traits[harmful]"
        ]
    );
    let command = picked(
        &m,
        &[
            ("character.name", json!("Tiran")),
            ("character.traits.0.name", json!("Swordsman")),
            ("character.traits.0.rating", json!(3)),
            ("character.traits.1.name", json!("Hot-headed")),
            ("character.traits.1.harmful", json!(true)),
        ],
        &["character.traits.0.harmful"],
    );
    assert_eq!(
        command,
        json!({"do": "enroll", "character": {"name": "Tiran", "traits": [
            {"name": "Swordsman", "rating": 3},
            {"name": "Hot-headed", "rating": 2, "harmful": true}]}})
    );
    assert_eq!(decided(&empty, &command), Ok(1));
    let made = then(&empty, command, &[]);
    let tiran = made.character("Tiran").unwrap();
    assert_eq!(tiran.influence, 10);
    assert_eq!(tiran.traits_now().len(), 2);

    // The GM's builder makes an NPC, with no influence blank; strength and high ratings follow
    // the table's options.
    let options = json!({"strength": true, "high_ratings": true});
    let table = fold(options, &[]);
    let m = labelled(&Loqi::moves(&table, &gm()), "Make an NPC");
    assert_eq!(
        blanks(&m),
        [
            "character.name",
            "character.traits[name]",
            "character.traits[rating]",
            "character.traits[harmful]",
            "character.strength",
        ]
    );
    let command = picked(
        &m,
        &[
            ("character.name", json!("Grell")),
            ("character.traits.0.name", json!("Bandit chief")),
            ("character.traits.0.rating", json!(6)),
            ("character.strength", json!(8)),
        ],
        &["character.traits.1"],
    );
    assert_eq!(
        command,
        json!({"do": "enroll", "character": {"name": "Grell", "strength": 8, "npc": true,
            "traits": [{"name": "Bandit chief", "rating": 6, "harmful": false}]}})
    );
    let made = then(&table, command, &[]);
    let grell = made.character("Grell").unwrap();
    assert_eq!((grell.npc, grell.influence), (true, 0));
    assert_eq!(
        Loqi::describe(
            &serde_json::from_value(json!({"event": "enrolled", "character":
            {"name": "Grell", "npc": true, "traits": [{"name": "Bandit chief", "rating": 3}]}}))
            .unwrap()
        ),
        "Grell joins the table, an NPC the GM plays (no influence, L5); traits: Bandit chief 3."
    );
    // Only the GM makes one (a player's is a request to the GM), and it holds no influence.
    let npc: Command = serde_json::from_value(
        json!({"do": "enroll", "character": {"name": "Grell", "npc": true}}),
    )
    .unwrap();
    assert_eq!(Loqi::authority(&npc), Authority::GmEnroll("Grell".into()));
    let rich = json!({"do": "enroll", "character": {"name": "Grell", "npc": true, "influence": 5}});
    assert_eq!(
        decided(&table, &rich),
        Err((
            Some("character.influence".into()),
            "The influence is 5; allowed: none for an NPC: influence is the players' (L5), and the GM spends its own only under the table's option \"The GM has influence\"".into()
        ))
    );
}

/// A slip in the builder is refused naming the blank it is about, so the page shows it there.
#[test]
fn a_wrong_sheet_is_refused_at_its_blank() {
    let table = fold(json!({}), &tiran_and_ayla());
    let m = labelled(&Loqi::moves(&table, &newcomer()), "Make a character");
    let with = |picks: &[(&str, Value)]| {
        let mut all = vec![
            ("character.name", json!("Mirela")),
            ("character.traits.0.name", json!("Swordsman")),
            ("character.traits.1.name", json!("Clumsy")),
        ];
        all.extend(picks.iter().cloned());
        decided(&table, &picked(&m, &all, &[]))
    };
    let refused = |field: &str, message: &str| Err((Some(field.to_owned()), message.to_owned()));
    assert_eq!(with(&[]), Ok(1));
    assert_eq!(
        with(&[("character.traits.1.rating", json!(5))]),
        refused(
            "character.traits.1.rating",
            "Trait 2's rating is 5; allowed: 1 to 4 (book: Traits; 5 and 6 need the table's option \"Trait ratings 5 and 6\")"
        )
    );
    assert_eq!(
        with(&[("character.traits.1.name", json!("swordsman"))]),
        refused(
            "character.traits.1.name",
            "Trait 2's name is \"swordsman\"; allowed: a name not already on the sheet (\"Swordsman\" is)"
        )
    );
    assert_eq!(
        with(&[("character.name", json!("ayla"))]),
        refused(
            "character.name",
            "The name is \"ayla\"; allowed: a name not at the table yet (\"Ayla\" is)"
        )
    );
    assert_eq!(
        with(&[("character.name", json!("  "))]),
        refused(
            "character.name",
            "The name is blank; allowed: 1 to 60 characters"
        )
    );
    let many: Vec<Value> = (0..33)
        .map(|i| json!({"name": format!("Trait {i}"), "rating": 1}))
        .collect();
    assert_eq!(
        with(&[("character.traits", Value::Array(many))]),
        refused(
            "character.traits",
            "Number of traits is 33; allowed: 0 to 32 (Skald limit)"
        )
    );
}

/// A player's preparation goals through the form (L6): a specific goal x3 and a non-specific one,
/// bases 2 + 3; what is wrong is refused at its blank or at the list.
#[test]
fn preparation_goals_are_made_with_the_form() {
    let table = fold(json!({}), &tiran_and_ayla());
    let m = labelled(
        &Loqi::moves(&table, &player(&["Tiran"])),
        "Tiran: prepare goals",
    );
    assert_eq!(
        blanks(&m),
        [
            "goals[text]",
            "goals[kind]",
            "goals[base]",
            "goals[multiplier]"
        ]
    );
    let picks = [
        ("goals.0.text", json!("Become captain")),
        ("goals.0.kind", json!("specific")),
        ("goals.0.base", json!(2)),
        ("goals.0.multiplier", json!(3)),
        ("goals.1.text", json!("Win a duel")),
        ("goals.1.kind", json!("non_specific")),
        ("goals.1.base", json!(3)),
    ];
    let command = picked(&m, &picks, &["goals.1.multiplier"]);
    assert_eq!(
        command,
        json!({"do": "prepare_goals", "by": "Tiran", "goals": [
            {"text": "Become captain", "kind": "specific", "base": 2, "multiplier": 3},
            {"text": "Win a duel", "kind": "non_specific", "base": 3}]})
    );
    assert_eq!(decided(&table, &command), Ok(1));
    let prepared = then(&table, command, &[]);
    let ratings: Vec<i64> = prepared.goals.iter().map(|g| g.rating).collect();
    assert_eq!(ratings, [6, 3], "the specific base 2 tripled (L6)");

    let refused = |picks: &[(&str, Value)], unpicked: &[&str]| {
        decided(&table, &picked(&m, picks, unpicked)).unwrap_err()
    };
    let mut too_much = picks.to_vec();
    too_much.push(("goals.1.base", json!(9)));
    assert_eq!(
        refused(&too_much, &["goals.1.multiplier"]),
        (
            Some("goals".into()),
            "Total of the base ratings is 11; allowed: 5 to 10 (L6)".into()
        )
    );
    // The multiplier left picked on the non-specific goal.
    assert_eq!(
        refused(&picks, &[]),
        (
            Some("goals.1.multiplier".into()),
            "Goal 2's multiplier is x3; allowed: none: only specific goals are multiplied (L6)"
                .into()
        )
    );
    // Both specific: the list lacks a non-specific goal.
    let mut both = picks.to_vec();
    both.extend([
        ("goals.1.kind", json!("specific")),
        ("goals.1.multiplier", json!(5)),
    ]);
    assert_eq!(
        refused(&both, &[]),
        (
            Some("goals".into()),
            "The list of goals is without a non-specific goal; allowed: at least one specific and one non-specific goal (L6)"
                .into()
        )
    );
}

/// The GM's outcome with consequences picked in the form (L7, L8, L5): a harmful trait for the
/// scene, a weakening, a relationship and a reward, each an entry showing only the blanks of its
/// kind (issue 31: every entry showed all 8); the rules price them and a wrong size is refused at
/// its entry's blank.
#[test]
fn consequences_are_entries_of_the_outcome_form() {
    let state = then(
        &then(
            &fold(json!({"strength": true}), &tiran_and_ayla()),
            json!({"do": "introduce_problem", "scale": "scene", "description": "The orc's ambush.", "responder": "Tiran"}),
            &[],
        ),
        json!({"do": "propose_outcome", "outcome": "player", "description": "Tiran sees it coming.", "impact": 3}),
        &[],
    );
    let m = labelled(&Loqi::moves(&state, &gm()), "Propose the GM's outcome");
    assert_eq!(
        blanks(&m),
        [
            "description",
            "impact",
            "consequences[kind]",
            "consequences[character]",
            "consequences[trait]",
            "consequences[rating_change]",
            "consequences[lasts]",
            "consequences[harmful]",
            "consequences[points]",
            "consequences[modifier]",
            "consequences[change]",
            "consequences[influence]",
            "consequences[length]",
            "consequences[points]",
            "consequences[note]",
            "consequences[note]",
            "consequences[note]",
            "actors",
            "action"
        ]
    );
    // Each kind shows its own blanks, each once: whose, and what it measures in its own label.
    let FieldKind::List { item, .. } = &m.fields[2].kind else {
        panic!("consequences are a list")
    };
    let shown = |kind: &str| -> Vec<String> {
        item.iter()
            .filter(|f| {
                f.shown_when
                    .as_ref()
                    .is_none_or(|c| c.field == "kind" && c.any_of.contains(&json!(kind)))
            })
            .map(|f| format!("{}: {}", f.name, f.label))
            .collect()
    };
    assert_eq!(
        shown("trait_change"),
        [
            "kind: What changes",
            "character: Whose",
            "trait: Trait",
            "rating_change: Rating points",
            "lasts: How long",
            "harmful: A new trait"
        ]
    );
    assert_eq!(
        shown("weakening"),
        [
            "kind: What changes",
            "character: Whose",
            "points: Strength points"
        ]
    );
    assert_eq!(shown("regain"), shown("weakening"));
    assert_eq!(
        shown("tactical"),
        [
            "kind: What changes",
            "modifier: The later modifier",
            "note: What it is"
        ]
    );
    assert_eq!(
        shown("relationship"),
        [
            "kind: What changes",
            "change: Strength of the relationship",
            "influence: The person's standing",
            "length: How long it lasts",
            "note: Who, and how"
        ]
    );
    assert_eq!(
        shown("reward"),
        [
            "kind: What changes",
            "character: Whose",
            "points: Influence points",
            "note: For what"
        ]
    );
    // Each entry as a person fills it: the kind, then only the blanks that kind reads.
    let entries = json!([
        {"kind": "trait_change", "character": "Tiran", "trait": "Wounded", "rating_change": 2, "lasts": "scene", "harmful": true},
        {"kind": "weakening", "character": "Tiran", "points": 3},
        {"kind": "relationship", "change": -2, "influence": 1.5, "note": "the orc chief swears revenge"},
        {"kind": "reward", "character": "Ayla", "points": 2, "note": "her warning, if it comes true"}
    ]);
    let command = picked(
        &m,
        &[
            ("description", json!("The orcs drag Tiran down.")),
            ("impact", json!(-9)),
            ("consequences", entries.clone()),
        ],
        &[],
    );
    assert_eq!(
        command,
        json!({"do": "propose_outcome", "outcome": "gm", "by": "GM", "description": "The orcs drag Tiran down.",
               "impact": -9, "consequences": entries, "actors": null, "action": "ordinary"})
    );
    assert_eq!(decided(&state, &command), Ok(1));
    // Priced by L7 and written back with each kind's own names.
    let proposed = then(&state, command.clone(), &[]);
    let view = skald_loqi::view::view(&proposed);
    let priced = &view["problem"]["gm"]["consequences"];
    assert_eq!(
        priced,
        &json!([
            {"consequence": {"kind": "trait_change", "character": "Tiran", "trait": "Wounded", "rating_change": 2, "harmful": true, "lasts": "scene"}, "impact": -2},
            {"consequence": {"kind": "weakening", "character": "Tiran", "points": 3}, "impact": -6},
            {"consequence": {"kind": "relationship", "change": -2, "influence": 1.5, "length": 1.0, "note": "the orc chief swears revenge"}, "impact": -3},
            {"consequence": {"kind": "reward", "who": "Ayla", "points": 2, "reason": "her warning, if it comes true"}, "impact": 0}
        ])
    );
    assert_eq!(view["problem"]["gm"]["suggested_impact"], json!(-11));

    // Too big a change, and a blank the kind does not read, refused where the form shows them.
    let mut wrong = command.clone();
    form::set(&mut wrong, "consequences.0.rating_change", json!(9));
    assert_eq!(
        decided(&state, &wrong),
        Err((
            Some("consequences.0.rating_change".into()),
            "Consequence 1's rating change is 9; allowed: -6 to 6 (L7; Skald limit 6)".into()
        ))
    );
    let mut wrong = command.clone();
    form::set(&mut wrong, "consequences.2.change", json!(9));
    assert_eq!(
        decided(&state, &wrong),
        Err((
            Some("consequences.2.change".into()),
            "Consequence 3's strength is 9; allowed: -4 to -1 or 1 to 4 (L7)".into()
        ))
    );
    // A reward's who and reason are the form's whose and note.
    let mut wrong = command.clone();
    form::set(&mut wrong, "consequences.3.note", json!(" "));
    assert_eq!(
        decided(&state, &wrong),
        Err((
            Some("consequences.3.note".into()),
            "Consequence 4's reason is blank; allowed: 1 to 300 characters".into()
        ))
    );
    let mut wrong = command.clone();
    form::set(&mut wrong, "consequences.1.points", json!(11));
    assert_eq!(
        decided(&state, &wrong),
        Err((
            Some("consequences.1.points".into()),
            "Consequence 2's number of points is 11; allowed: 1 to 10 (L8)".into()
        ))
    );
    let mut stray = command;
    form::set(&mut stray, "consequences.1.lasts", json!("scene"));
    let err = serde_json::from_value::<Command>(stray)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("unknown field `lasts`"), "{err}");
}

/// The lobby offers every option a table keeps, the GM's influence among them (L5: 10 a session
/// or another number, the table's to set, never a player's form), each with one line of help for
/// a group that never read the book (issue 31: the lobby's Loqi options were unexplained).
#[test]
fn the_lobby_offers_the_gms_influence() {
    let fields = Loqi::option_fields();
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "unlikely_outcomes",
            "high_ratings",
            "strength",
            "scene_recovery",
            "dying",
            "death_at",
            "influence_swapping",
            "gm_influence",
            "gm_influence_per_session",
            "free_changes",
            "permanent_changes_in_problems"
        ]
    );
    for f in &fields {
        let help = f.help.as_deref().unwrap_or_default();
        assert!(
            !help.is_empty() && help.ends_with('.') && !help.contains('_'),
            "{}: {help:?}",
            f.name
        );
    }
    assert_eq!(
        fields[7].help.as_deref(),
        Some(
            "The GM gets a pile of influence each session to push likelihoods like a player; none carries over. Off: only the players hold influence."
        )
    );
}

/// A table where the GM made an NPC, Grell, beside Tiran and Ayla, with both outcomes of a problem
/// proposed; `options` as given.
fn with_grell(options: Value) -> State {
    let mut steps = tiran_and_ayla().to_vec();
    steps.extend([
        (
            json!({"do": "enroll", "character": {"name": "Grell", "npc": true, "traits": [{"name": "Bandit chief", "rating": 3}]}}),
            &[][..],
        ),
        (
            json!({"do": "introduce_problem", "scale": "scene", "description": "Grell's bandits hold the bridge.", "responder": "Tiran"}),
            &[],
        ),
        (
            json!({"do": "propose_outcome", "outcome": "player", "description": "Tiran scatters them.", "impact": 3}),
            &[],
        ),
        (
            json!({"do": "propose_outcome", "outcome": "gm", "description": "Grell holds.", "impact": -3}),
            &[],
        ),
    ]);
    fold(options, &steps)
}

/// The GM's NPC holds no influence and the GM's own follows its option everywhere (issue 31: the
/// GM's NPC spent influence with "The GM has influence" off, and "Reward influence" listed it):
/// the moves never offer an NPC's spend, reward, gift or goals, the rules refuse them, and the odds
/// of a refused spend are none. With the option on, the GM spends its own pile, never the NPC's.
#[test]
fn the_gms_npc_holds_no_influence_and_the_gms_follows_its_option() {
    let off = with_grell(json!({"influence_swapping": true}));
    let grell = off.character("Grell").expect("Grell");
    assert_eq!((grell.npc, grell.influence), (true, 0));
    let seat = Seat {
        gm: true,
        characters: vec!["Grell".into()],
    };
    let moves = Loqi::moves(&off, &seat);
    let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    let spends: Vec<&str> = labels
        .iter()
        .copied()
        .filter(|l| l.ends_with("spend influence"))
        .collect();
    assert_eq!(spends, ["Tiran: spend influence", "Ayla: spend influence"]);
    let reward = labelled(&moves, "Reward influence");
    let FieldKind::Choice { options, .. } = &reward.fields[0].kind else {
        panic!("who is a choice")
    };
    let who: Vec<&str> = options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(who, ["Tiran", "Ayla"], "the GM rewards players only (L5)");
    assert!(!labels.contains(&"Grell: give influence"));
    assert!(!labels.contains(&"Grell: prepare goals"));

    let refused = |state: &State, command: Value| decided(state, &command).unwrap_err();
    let npc = "a player's character: Grell is an NPC, played by the GM, and no NPC";
    let because = "(L5: influence is the players'; the GM's own is the table's option \"The GM has influence\")";
    assert_eq!(
        refused(
            &off,
            json!({"do": "spend_influence", "outcome": "gm", "who": "Grell", "points": 1})
        ),
        (
            Some("points".into()),
            format!("The character is \"Grell\"; allowed: {npc} spends influence {because}")
        )
    );
    assert_eq!(
        refused(
            &off,
            json!({"do": "spend_influence", "outcome": "gm", "who": "GM", "points": 1})
        ),
        (
            Some("who".into()),
            "The character is \"GM\"; allowed: a character: the GM holds no influence at this table (L5; the table's option \"The GM has influence\" is off)".into()
        )
    );
    assert_eq!(
        refused(
            &off,
            json!({"do": "reward", "who": "Grell", "points": 2, "reason": "a fine villain"})
        ),
        (
            Some("who".into()),
            format!("The character is \"Grell\"; allowed: {npc} is rewarded {because}")
        )
    );
    assert_eq!(
        refused(
            &off,
            json!({"do": "give_influence", "from": "Tiran", "to": "Grell", "points": 1, "reason": "a bribe"})
        )
        .1,
        format!("The recipient is \"Grell\"; allowed: {npc} is given influence {because}")
    );
    let spend: Command = serde_json::from_value(
        json!({"do": "spend_influence", "outcome": "gm", "who": "GM", "points": 1}),
    )
    .unwrap();
    assert_eq!(
        Loqi::odds(&off, &spend),
        None,
        "no odds for a spend the rules refuse"
    );

    // The option on: the GM's pile is offered and its odds shown; Grell still holds none.
    let on = with_grell(json!({"gm_influence": true, "gm_influence_per_session": 4}));
    let moves = Loqi::moves(&on, &seat);
    let spends: Vec<&str> = moves
        .iter()
        .map(|m| m.label.as_str())
        .filter(|l| l.ends_with("spend influence"))
        .collect();
    assert_eq!(
        spends,
        [
            "GM: spend influence",
            "Tiran: spend influence",
            "Ayla: spend influence"
        ]
    );
    assert_eq!(decided(&on, &serde_json::to_value(&spend).unwrap()), Ok(2));
    assert!(Loqi::odds(&on, &spend).is_some());
    assert_eq!(
        refused(
            &on,
            json!({"do": "spend_influence", "outcome": "gm", "who": "Grell", "points": 1})
        )
        .1,
        format!("The character is \"Grell\"; allowed: {npc} spends influence {because}")
    );
}

/// The fresh users' stale hint: "Impact -6" stayed beside an impact field reading -7. The note of
/// an outcome's form says what the impact does (L2) and no number the form changes.
#[test]
fn an_outcomes_note_holds_no_value_the_form_changes() {
    let state = then(
        &fold(json!({}), &tiran_and_ayla()),
        json!({"do": "introduce_problem", "scale": "scene", "description": "The orc's ambush.", "responder": "Tiran"}),
        &[],
    );
    let proposed = then(
        &state,
        json!({"do": "propose_outcome", "outcome": "player", "description": "Tiran sees it coming.", "impact": 3}),
        &[],
    );
    let gms = labelled(&Loqi::moves(&proposed, &gm()), "Propose the GM's outcome");
    assert_eq!(
        gms.note.as_deref(),
        Some(
            "Its tally opens at its impact: the more it costs the PCs, the less likely it is (L2; \
             a scene problem's guide is 3 to 5). Its consequences happen only if it is picked (L7)."
        )
    );
    let players = labelled(
        &Loqi::moves(&state, &player(&["Tiran"])),
        "Propose the player's outcome",
    );
    assert_eq!(
        players.note.as_deref(),
        Some(
            "Its tally opens at minus its impact: the more it helps the PCs, the less likely it \
             is (L2; a scene problem's guide is 3 to 5). Its consequences happen only if it is \
             picked (L7)."
        )
    );
}
