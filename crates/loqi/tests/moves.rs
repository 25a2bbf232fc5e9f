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
    Expect, check, expect, gm, newcomer, player, sketch, sketch_move, sketch_odds,
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":5,"text":"The orcs take the pass"}]
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
        Story | End scene 1 | {"do":"end_scene"}
        Story | End scenario 1 | {"do":"end_scenario"}
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Tiran","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
    "#]],
    );
    // A player without a character can only make one (book: Making Characters).
    check(
        offered(&empty, &newcomer()),
        expect![[r#"
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Tiran","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":5,"text":"The orcs take the pass"}]
        Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
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
        Story | End scene 1 | {"do":"end_scene"}
        Story | End scenario 1 | {"do":"end_scenario"}
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Goals | Add a session goal | {"at":"session","do":"add_goal"}
          by: one of ["Ayla"]
          text: text, at most 300
          kind: one of
            - Specific (pays once) = "specific"
            - Non-specific (pays each time) = "non_specific"
          rating: number 1..=10, default 3
          approved: flag, default no
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
        Resolve | Roll the d12 | {"do":"resolve"} | odds
        Influence | Reward influence | {"do":"reward"}
          who: one of ["Tiran", "Ayla"]
          points: number 1..=50, default 1
          reason: text, at most 300
        Goals | GM: prepare goals | {"by":"GM","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":5,"text":"The orcs take the pass"}]
        Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"}
          text: text, at most 300
          kind: one of
            - Specific (pays once) = "specific"
            - Non-specific (pays each time) = "non_specific"
          rating: number 1..=100, default 10
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
            Problem | Propose the player's outcome | {"do":"propose_outcome","outcome":"player"}
              by: one of ["Ayla"]
              description: text, at most 1000
              impact: number -100..=100, default 3
              consequences: json, at most 4000, e.g. []
        "#]],
    );
    check(
        offered(&open, &player(&["Tiran"])),
        expect![[r#"
        Problem | Propose the player's outcome | {"do":"propose_outcome","outcome":"player"}
          by: one of ["Tiran"]
          description: text, at most 1000
          impact: number -100..=100, default 3
          consequences: json, at most 4000, e.g. []
        Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
    "#]],
    );
    // Taken over: Ayla proposes the GM's outcome and merges the overlapping traits; no second
    // takeover, and the GM may still act for her.
    let taken = ayla_took_over();
    check(
        offered(&taken, &player(&["Ayla"])),
        expect![[r#"
        Problem | Propose the GM's outcome | {"by":"Ayla","do":"propose_outcome","outcome":"gm"}
          description: text, at most 1000
          impact: number -100..=100, default -3
          consequences: json, at most 4000, e.g. []
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":5,"text":"The orcs take the pass"}]
        Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"}
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"}
          text: text, at most 300
          kind: one of
            - Specific (pays once) = "specific"
            - Non-specific (pays each time) = "non_specific"
          rating: number 1..=100, default 10
        Story | Start the next session | {"do":"start_session"}
        Story | End scene 1 | {"do":"end_scene"}
        Story | End scenario 1 | {"do":"end_scenario"}
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
          goals: json, at most 4000, e.g. [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}]
        Characters | Make a character | {"do":"enroll"}
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","strength":10,"traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
    "#]],
    );
    let gm_moves = Loqi::moves(&out, &gm());
    check(
        sketch(gm_moves.iter().take(2)),
        expect![[r#"
        Problem | Introduce a problem | {"do":"introduce_problem","proposer":"GM"}
          scale: one of
            - Scene (impact 3-5) = "scene"
            - Scenario (impact 6-9) = "scenario"
            - Story (impact 10-12) = "story"
          description: text, at most 1000
          responders: any of ["Ayla"]
        Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"}
          scale: one of
            - Scene (impact 3-5) = "scene"
            - Scenario (impact 6-9) = "scenario"
            - Story (impact 10-12) = "story"
          description: text, at most 1000
          responder: one of
            - The GM, answering first = "GM"
    "#]],
    );
    let end_scene = gm_moves.iter().filter(|m| m.label == "End scene 1");
    check(
        sketch(end_scene),
        expect![[r#"
        Story | End scene 1 | {"do":"end_scene"}
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
          character: json, at most 4000, e.g. {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]}
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
    ]
}

fn seats(state: &State) -> Vec<Seat> {
    let mut out = vec![gm(), newcomer()];
    out.extend(state.characters.iter().map(|m| player(&[m.name.as_str()])));
    out
}

/// The first JSON value after `marker` in `note` (a note's example).
fn example(note: &str, marker: &str) -> Option<Value> {
    let (_, rest) = note.split_once(marker)?;
    serde_json::Deserializer::from_str(rest)
        .into_iter::<Value>()
        .next()?
        .ok()
}

/// `m` filled in as a form left at its defaults would be: numbers and flags at their defaults,
/// single choices at their first option, multiple choices with every option, JSON blanks at their
/// example (consequences at the note's example where its Tiran is at the table, to try it too), and
/// text with a short sample.
fn filled(m: &Move, state: &State) -> Value {
    let mut command = m.command.clone();
    let note = m.note.clone().unwrap_or_default();
    for f in &m.fields {
        let value = match &f.kind {
            FieldKind::Number { default, .. } => json!(default),
            FieldKind::Flag { default } => json!(default),
            FieldKind::Choice {
                options,
                multiple: false,
            } => options[0].value.clone(),
            FieldKind::Choice {
                options,
                multiple: true,
            } => Value::Array(options.iter().map(|o| o.value.clone()).collect()),
            FieldKind::Json { .. }
                if f.name == "consequences" && state.character("Tiran").is_some() =>
            {
                example(&note, "e.g. ").expect("consequences in the note")
            }
            FieldKind::Json { example, .. } => example.clone(),
            FieldKind::Text { .. } if f.name == "trait" => json!("Sailor"),
            FieldKind::Text { .. } => json!("as the table said"),
            FieldKind::List { .. } => skald_testkit::form::filled(
                &Move {
                    fields: vec![f.clone()],
                    ..m.clone()
                },
                &|_, _| Some(json!("as the table said")),
            )[f.name.as_str()]
            .clone(),
        };
        command[f.name.as_str()] = value;
    }
    command
}

#[test]
fn every_move_is_one_the_seat_may_send_and_the_rules_accept() {
    // Criterion: filled as in `filled`, every move offered parses, the table's authority lets the
    // seat send it (so a player never gets a GM-only move, nor one for another's character), and
    // `decide` accepts it. Refusals a form cannot foresee (a typed name already taken, a reward or
    // goal taking someone past 999 influence) do not arise in these states, so nothing is excused.
    // And `odds` is given exactly for the moves that say so.
    let mut offered = 0;
    for (name, state) in every_state() {
        for seat in seats(&state) {
            for m in Loqi::moves(&state, &seat) {
                let value = filled(&m, &state);
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
                assert_eq!(Loqi::odds(&state, &command).is_some(), m.odds, "{what}");
                offered += 1;
            }
        }
    }
    assert_eq!(offered, 192);
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
                With this entry, the player's outcome is at +1 and the GM's at -1: advantage 2, odds 8: a d12 of 1-8 selects the player's outcome, 9-12 the GM's outcome (L3). Now: 1/2 for the player's outcome, 1/2 for the GM's.
                  The player's outcome (Tiran): 2/3 (0.6666666666666666)
                  The GM's outcome (GM): 1/3 (0.3333333333333333)
            "#]],
        ),
        (
            // `skald loqi odds --player 3 --gm -2`: advantage 5, odds 11: 11/12 and 1/12.
            &gm_minus_2,
            json!({"do": "add_modifier", "outcome": "player", "kind": "environment", "value": 4, "by": "Ayla", "reason": "high ground"}),
            expect![[r#"
                With this entry, the player's outcome is at +3 and the GM's at -2: advantage 5, odds 11: a d12 of 1-11 selects the player's outcome, 12 the GM's outcome (L3). Now: 7/12 for the player's outcome, 5/12 for the GM's.
                  The player's outcome (Tiran): 11/12 (0.9166666666666666)
                  The GM's outcome (GM): 1/12 (0.08333333333333333)
            "#]],
        ),
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 6}),
            expect![[r#"
                With this entry, the player's outcome is at +5 and the GM's at -1: advantage 6, so the player's outcome is certain and no die is rolled (L3). Now: 1/2 for the player's outcome, 1/2 for the GM's.
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
                With this entry, the player's outcome is at -3 and the GM's at -10: advantage 7, odds 13: anything but a 12 selects the player's outcome; a 12 rolls again at advantage 1 (L4). Now: 71/72 for the player's outcome, 1/72 for the GM's.
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
