//! Loqi's moves and odds at an online table (`skald_loqi::moves`): what each seat is offered in
//! states folded from commands like the examples', that every offer is one the rules and the
//! table's authority accept, and the exact chances before the d12 (L3, L4).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] functions

use serde_json::{Value, json};
use skald_core::{Authority, FieldKind, Move, Scripted, Seat, System};
use skald_loqi::Odds;
use skald_loqi::rules::resolution::resolve;
use skald_loqi::{Command, Loqi, Options, Side, State};

/// The one comparison every test makes: the lines it got against the lines it expects.
fn check(got: Vec<String>, expected: &[&str]) {
    let expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(got, expected, "\ngot:\n{}\n", got.join("\n"));
}

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

/// One line per move: group | label | fixed command [| odds] | each field with its bounds or
/// choices.
fn lines(state: &State, seat: &Seat) -> Vec<String> {
    Loqi::moves(state, seat)
        .iter()
        .map(|m| {
            let fields: Vec<String> = m
                .fields
                .iter()
                .map(|f| {
                    let kind = match &f.kind {
                        FieldKind::Number { min, max, default } => {
                            format!("number({min}..{max}, {default})")
                        }
                        FieldKind::Choice { options, multiple } => format!(
                            "{}[{}]",
                            if *multiple { "multi" } else { "choice" },
                            options
                                .iter()
                                .map(|o| o.value.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        FieldKind::Text { max } => format!("text({max})"),
                        FieldKind::Json { max, example } => format!("json({max}, {example})"),
                        FieldKind::Flag { default } => format!("flag({default})"),
                    };
                    format!(" {}={kind}", f.name)
                })
                .collect();
            format!(
                "{} | {} | {}{} |{}",
                m.group,
                m.label,
                m.command,
                if m.odds { " | odds" } else { "" },
                fields.concat()
            )
        })
        .collect()
}

/// The odds of `command` as lines: the summary, then `label: p (decimal)` per chance; `None` alone
/// when there are none.
fn odds_lines(state: &State, command: Value) -> Vec<String> {
    let command: Command = serde_json::from_value(command).expect("a command");
    match Loqi::odds(state, &command) {
        None => vec!["None".to_string()],
        Some(o) => {
            let mut out = vec![o.summary];
            out.extend(
                o.chances
                    .iter()
                    .map(|c| format!("{}: {} ({:.4})", c.label, c.p, c.decimal)),
            );
            out.extend(
                o.distribution
                    .iter()
                    .map(|c| format!("{} = {}", c.label, c.p)),
            );
            out
        }
    }
}

fn gm() -> Seat {
    Seat {
        gm: true,
        characters: Vec::new(),
    }
}

fn player(names: &[&str]) -> Seat {
    Seat {
        gm: false,
        characters: names.iter().map(|n| n.to_string()).collect(),
    }
}

fn tiran_and_ayla() -> [(Value, &'static [i64]); 2] {
    [
        (
            json!({"do": "enroll", "character": {"name": "Tiran", "influence": 10, "traits": [{"name": "Quick", "rating": 2}, {"name": "Tracker", "rating": 1}]}}),
            &[],
        ),
        (
            json!({"do": "enroll", "character": {"name": "Ayla", "influence": 6, "traits": [{"name": "Archer", "rating": 3}]}}),
            &[],
        ),
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

/// At an empty table the example sheet is Tiran's; with Tiran and Ayla seated, Mirela's.
const ENROLL_TIRAN: &str = r#"Characters | Make a character | {"do":"enroll"} | character=json(4000, {"influence":10,"name":"Tiran","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]})"#;
const ENROLL: &str = r#"Characters | Make a character | {"do":"enroll"} | character=json(4000, {"influence":10,"name":"Mirela","traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]})"#;
const GM_GOALS: &str = r#"Goals | GM: prepare goals | {"by":"GM","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":5,"text":"The orcs take the pass"}])"#;
const SETTING_GOAL: &str = r#"Goals | Add a setting goal | {"at":"setting","by":"GM","do":"add_goal"} | text=text(300) kind=choice["specific", "non_specific"] rating=number(1..100, 10)"#;
const REWARD: &str = r#"Influence | Reward influence | {"do":"reward"} | who=choice["Tiran", "Ayla"] points=number(1..50, 1) reason=text(300)"#;
const STORY: [&str; 3] = [
    r#"Story | Start the next session | {"do":"start_session"} |"#,
    r#"Story | End scene 1 | {"do":"end_scene"} |"#,
    r#"Story | End scenario 1 | {"do":"end_scenario"} |"#,
];
const CHANGE_TRAIT: &str = r#"Characters | Change a trait (free change) | {"approved":true,"do":"change_trait"} | character=choice["Tiran", "Ayla"] trait=text(60) rating=number(0..4, 1) harmful=choice[null, true] reason=text(300)"#;

#[test]
fn an_empty_table_offers_the_story_goals_and_a_character() {
    let empty = fold(json!({}), &[]);
    check(
        lines(&empty, &gm()),
        &[
            GM_GOALS,
            r#"Goals | Add a session goal | {"at":"session","do":"add_goal"} | by=choice["GM"] text=text(300) kind=choice["specific", "non_specific"] rating=number(1..10, 3) approved=flag(false)"#,
            SETTING_GOAL,
            STORY[0],
            STORY[1],
            STORY[2],
            ENROLL_TIRAN,
        ],
    );
    // A player without a character can only make one (book: Making Characters).
    check(lines(&empty, &player(&[])), &[ENROLL_TIRAN]);
}

#[test]
fn between_problems_each_seat_may_introduce_one() {
    let table = fold(json!({}), &tiran_and_ayla());
    check(
        lines(&table, &gm()),
        &[
            r#"Problem | Introduce a problem | {"do":"introduce_problem","proposer":"GM"} | scale=choice["scene", "scenario", "story"] description=text(1000) responders=multi["Tiran", "Ayla"]"#,
            r#"Problem | Tiran: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Tiran"} | scale=choice["scene", "scenario", "story"] description=text(1000) responder=choice["GM", "Ayla"]"#,
            r#"Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"} | scale=choice["scene", "scenario", "story"] description=text(1000) responder=choice["GM", "Tiran"]"#,
            REWARD,
            GM_GOALS,
            r#"Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            r#"Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            r#"Goals | Add a session goal | {"at":"session","do":"add_goal"} | by=choice["GM", "Tiran", "Ayla"] text=text(300) kind=choice["specific", "non_specific"] rating=number(1..10, 3) approved=flag(false)"#,
            SETTING_GOAL,
            STORY[0],
            STORY[1],
            STORY[2],
            ENROLL,
            CHANGE_TRAIT,
        ],
    );
    check(
        lines(&table, &player(&["Ayla"])),
        &[
            r#"Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"} | scale=choice["scene", "scenario", "story"] description=text(1000) responder=choice["GM", "Tiran"]"#,
            r#"Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            r#"Goals | Add a session goal | {"at":"session","do":"add_goal"} | by=choice["Ayla"] text=text(300) kind=choice["specific", "non_specific"] rating=number(1..10, 3) approved=flag(false)"#,
            ENROLL,
        ],
    );
}

#[test]
fn an_open_problem_offers_entries_bids_and_the_roll() {
    let war = bidding_war();
    let tally = |by: &str| {
        vec![
            format!(
                r#"Tally | Add Tiran's trait | {{"character":"Tiran","do":"add_trait"}} | odds | trait=choice["Quick", "Tracker"] outcome=choice["player", "gm"] along=flag(true) by=choice[{by}] reason=text(300)"#
            ),
            format!(
                r#"Tally | Add Ayla's trait | {{"character":"Ayla","do":"add_trait"}} | odds | trait=choice["Archer"] outcome=choice["player", "gm"] along=flag(true) by=choice[{by}] reason=text(300)"#
            ),
            format!(
                r#"Tally | Add a modifier | {{"do":"add_modifier"}} | odds | outcome=choice["player", "gm"] kind=choice["environment", "genre"] value=number(-20..20, 1) by=choice[{by}] reason=text(300)"#
            ),
        ]
    };
    let ayla_bids = r#"Tally | Ayla: spend influence | {"do":"spend_influence","who":"Ayla"} | odds | outcome=choice["player", "gm"] points=number(-6..6, 1) reason=text(300)"#;
    let mut expected = tally(r#""GM", "Tiran", "Ayla""#);
    expected.extend(
        [
            r#"Tally | GM: spend influence | {"do":"spend_influence","who":"GM"} | odds | outcome=choice["player", "gm"] points=number(-10..10, 1) reason=text(300)"#,
            r#"Tally | Tiran: spend influence | {"do":"spend_influence","who":"Tiran"} | odds | outcome=choice["player", "gm"] points=number(-10..10, 1) reason=text(300)"#,
            ayla_bids,
            r#"Resolve | Roll the d12 | {"do":"resolve"} | odds |"#,
            REWARD,
            GM_GOALS,
            r#"Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            r#"Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            SETTING_GOAL,
            ENROLL,
        ]
        .map(String::from),
    );
    check(
        lines(&war, &gm()),
        &expected.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    // Ayla's player: entries signed by Ayla, her own bids, no roll, no reward, no story.
    let mut expected = tally(r#""Ayla""#);
    expected.extend(
        [
            ayla_bids,
            r#"Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            ENROLL,
        ]
        .map(String::from),
    );
    check(
        lines(&war, &player(&["Ayla"])),
        &expected.iter().map(String::as_str).collect::<Vec<_>>(),
    );
}

#[test]
fn a_players_problem_is_taken_over_by_its_proposer_only() {
    let open = ayla_introduces();
    // Ayla introduced it: she may take it over (L5); Tiran answers first.
    check(
        lines(&open, &player(&["Ayla"]))[..2].to_vec(),
        &[
            r#"Problem | Ayla: take over the GM's part (2 influence) | {"do":"take_over","who":"Ayla"} |"#,
            r#"Problem | Propose the player's outcome | {"do":"propose_outcome","outcome":"player"} | by=choice["Ayla"] description=text(1000) impact=number(-100..100, 3) consequences=json(4000, [])"#,
        ],
    );
    check(
        lines(&open, &player(&["Tiran"])),
        &[
            r#"Problem | Propose the player's outcome | {"do":"propose_outcome","outcome":"player"} | by=choice["Tiran"] description=text(1000) impact=number(-100..100, 3) consequences=json(4000, [])"#,
            r#"Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            ENROLL,
        ],
    );
    // Taken over: Ayla proposes the GM's outcome and merges the overlapping traits; no second
    // takeover, and the GM may still act for her.
    let taken = ayla_took_over();
    check(
        lines(&taken, &player(&["Ayla"])),
        &[
            r#"Problem | Propose the GM's outcome | {"by":"Ayla","do":"propose_outcome","outcome":"gm"} | description=text(1000) impact=number(-100..100, -3) consequences=json(4000, [])"#,
            r#"Tally | Add Tiran's trait | {"character":"Tiran","do":"add_trait"} | trait=choice["Quick", "Tracker"] outcome=choice["player"] along=flag(true) by=choice["Ayla"] reason=text(300)"#,
            r#"Tally | Add Ayla's trait | {"character":"Ayla","do":"add_trait"} | trait=choice["Archer"] outcome=choice["player"] along=flag(true) by=choice["Ayla"] reason=text(300)"#,
            r#"Tally | Add a modifier | {"do":"add_modifier"} | outcome=choice["player"] kind=choice["environment", "genre"] value=number(-20..20, 1) by=choice["Ayla"] reason=text(300)"#,
            r#"Tally | Ayla: spend influence | {"do":"spend_influence","who":"Ayla"} | outcome=choice["player"] points=number(-2..2, 1) reason=text(300)"#,
            r#"Tally | Merge entries on the player's outcome | {"by":"Ayla","do":"merge_entries","outcome":"player"} | entries=multi[2, 3] value=number(-20..20, 3) reason=text(300)"#,
            r#"Goals | Ayla: prepare goals | {"by":"Ayla","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            ENROLL,
        ],
    );
    let tiran = lines(&taken, &player(&["Tiran"]));
    check(
        tiran
            .iter()
            .filter(|l| {
                l.contains("Merge") || l.contains("GM's outcome") || l.contains("take over")
            })
            .cloned()
            .collect(),
        &[],
    );
    assert!(
        lines(&taken, &gm())
            .iter()
            .any(|l| l.contains("Merge entries"))
    );
}

#[test]
fn moves_gone_now_are_not_offered() {
    // Resolved: no tally, no roll, no proposal; the next problem and the story come back, but not
    // session goals (the session has had its first problem, L6).
    let resolved = then(&bidding_war(), json!({"do": "resolve"}), &[1]);
    let groups: Vec<String> = lines(&resolved, &gm())
        .iter()
        .map(|l| l.split(" | ").take(2).collect::<Vec<_>>().join(" | "))
        .collect();
    check(
        groups,
        &[
            "Problem | Introduce a problem",
            "Problem | Tiran: introduce a problem (2 influence)",
            "Problem | Ayla: introduce a problem (2 influence)",
            "Influence | Reward influence",
            "Goals | GM: prepare goals",
            "Goals | Tiran: prepare goals",
            "Goals | Ayla: prepare goals",
            "Goals | Add a setting goal",
            "Story | Start the next session",
            "Story | End scene 1",
            "Story | End scenario 1",
            "Characters | Make a character",
            "Characters | Change a trait (free change)",
        ],
    );
    // Tiran is out (L8): not asked, not proposing, no bids; Ayla may only ask the GM. Tiran has
    // prepared nothing yet, so that stays. With strength, end_scene takes the recovery.
    let out = tiran_out();
    check(
        lines(&out, &player(&["Tiran"])),
        &[
            r#"Goals | Tiran: prepare goals | {"by":"Tiran","do":"prepare_goals"} | goals=json(4000, [{"base":2,"kind":"specific","multiplier":3,"text":"Become captain"},{"base":3,"kind":"non_specific","text":"Win a duel"}])"#,
            // Under strength the example sheet has its nominal strength (L8).
            r#"Characters | Make a character | {"do":"enroll"} | character=json(4000, {"influence":10,"name":"Mirela","strength":10,"traits":[{"name":"Swordsman","rating":3},{"harmful":true,"name":"Hot-headed","rating":2}]})"#,
        ],
    );
    let gm_lines = lines(&out, &gm());
    check(
        gm_lines[..2].to_vec(),
        &[
            r#"Problem | Introduce a problem | {"do":"introduce_problem","proposer":"GM"} | scale=choice["scene", "scenario", "story"] description=text(1000) responders=multi["Ayla"]"#,
            r#"Problem | Ayla: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Ayla"} | scale=choice["scene", "scenario", "story"] description=text(1000) responder=choice["GM"]"#,
        ],
    );
    assert!(gm_lines.contains(
        &r#"Story | End scene 1 | {"do":"end_scene"} | recovery=number(1..5, 2)"#.to_string()
    ));
    // Goals: Tiran prepared once, so only Ayla may; the standing goals may be fulfilled; swapping
    // is on, so each gives influence.
    let goals = goals_and_swapping();
    check(
        lines(&goals, &player(&["Tiran"])),
        &[
            r#"Problem | Tiran: introduce a problem (2 influence) | {"do":"introduce_problem","proposer":"Tiran"} | scale=choice["scene", "scenario", "story"] description=text(1000) responder=choice["GM", "Ayla"]"#,
            r#"Influence | Tiran: give influence | {"do":"give_influence","from":"Tiran"} | to=choice["Ayla"] points=number(1..5, 1) reason=text(300)"#,
            r#"Goals | Add a session goal | {"at":"session","do":"add_goal"} | by=choice["Tiran"] text=text(300) kind=choice["specific", "non_specific"] rating=number(1..10, 3) approved=flag(false)"#,
            ENROLL,
        ],
    );
    assert!(lines(&goals, &gm()).contains(
        &r#"Goals | Fulfil a goal | {"do":"fulfil_goal"} | goal=choice[1, 2, 3] who=multi["Tiran", "Ayla"]"#.to_string()
    ));
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
    let mut out = vec![gm(), player(&[])];
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
                    Authority::Gm => assert!(seat.gm, "GM-only move offered to a player: {what}"),
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
    let cases: [(&State, Value, &[&str]); 6] = [
        (
            &war,
            json!({"do": "resolve"}),
            &[
                "The player's outcome is at -1 and the GM's at -1: equal, so a d12 of 1-6 selects the player's outcome and 7-12 the GM's (L3).",
                "The player's outcome (Tiran): 1/2 (0.5000)",
                "The GM's outcome (GM): 1/2 (0.5000)",
            ],
        ),
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 2}),
            &[
                "With this entry, the player's outcome is at +1 and the GM's at -1: advantage 2, odds 8: a d12 of 1-8 selects the player's outcome, 9-12 the GM's outcome (L3). Now: 1/2 for the player's outcome, 1/2 for the GM's.",
                "The player's outcome (Tiran): 2/3 (0.6667)",
                "The GM's outcome (GM): 1/3 (0.3333)",
            ],
        ),
        (
            // `skald loqi odds --player 3 --gm -2`: advantage 5, odds 11: 11/12 and 1/12.
            &gm_minus_2,
            json!({"do": "add_modifier", "outcome": "player", "kind": "environment", "value": 4, "by": "Ayla", "reason": "high ground"}),
            &[
                "With this entry, the player's outcome is at +3 and the GM's at -2: advantage 5, odds 11: a d12 of 1-11 selects the player's outcome, 12 the GM's outcome (L3). Now: 7/12 for the player's outcome, 5/12 for the GM's.",
                "The player's outcome (Tiran): 11/12 (0.9167)",
                "The GM's outcome (GM): 1/12 (0.0833)",
            ],
        ),
        (
            &war,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": 6}),
            &[
                "With this entry, the player's outcome is at +5 and the GM's at -1: advantage 6, so the player's outcome is certain and no die is rolled (L3). Now: 1/2 for the player's outcome, 1/2 for the GM's.",
                "The player's outcome (Tiran): 1 (1.0000)",
                "The GM's outcome (GM): 0 (0.0000)",
            ],
        ),
        (
            // L4 at advantage 10: (6 - 4) / 12^2 for the GM's outcome.
            &l4,
            json!({"do": "resolve"}),
            &[
                "The player's outcome is at 0 and the GM's at -10: advantage 10, odds 16: anything but a 12 selects the player's outcome; a 12 rolls again at advantage 4 (L4).",
                "The player's outcome (Ayla): 71/72 (0.9861)",
                "The GM's outcome (GM): 1/72 (0.0139)",
            ],
        ),
        (
            // `skald loqi odds --player 7 --gm 0 --unlikely-outcomes`: 5/144 for the less likely.
            &l4,
            json!({"do": "spend_influence", "outcome": "player", "who": "Tiran", "points": -3}),
            &[
                "With this entry, the player's outcome is at -3 and the GM's at -10: advantage 7, odds 13: anything but a 12 selects the player's outcome; a 12 rolls again at advantage 1 (L4). Now: 71/72 for the player's outcome, 1/72 for the GM's.",
                "The player's outcome (Ayla): 139/144 (0.9653)",
                "The GM's outcome (GM): 5/144 (0.0347)",
            ],
        ),
    ];
    for (state, command, expected) in cases {
        check(odds_lines(state, command), expected);
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
        check(brute_force(player, gm, unlikely).to_vec(), &expected);
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
        check(odds_lines(state, command), &["None"]);
    }
}
