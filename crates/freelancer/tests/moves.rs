#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The moves an online table offers each seat (`Freelancer::moves`) and the exact odds before a roll
//! (`Freelancer::odds`), on states folded from commands as the scenarios play them: the book's guard,
//! boulder, arm wrestlers and ambush (rulings F1-F8).

use serde_json::{Value, json};
use skald_core::{Authority, FieldKind, Move, Scripted, Seat, System, Table};
use skald_freelancer::rules::initiative::scale;
use skald_freelancer::rules::task_check::outcome;
use skald_freelancer::{Band, Outcome};
use skald_freelancer::{Command, Freelancer, Options, State};

/// The state after `steps` (scenario steps as JSON, each with its dice; each must be accepted) at a
/// table with `options`.
fn play(options: Value, steps: &[(Value, Vec<i64>)]) -> State {
    let mut t = Table::<Freelancer>::new(serde_json::from_value::<Options>(options).unwrap());
    for (step, dice) in steps {
        let command: Command = serde_json::from_value(step.clone()).unwrap();
        t.execute(command, &mut Scripted::new(dice.clone()))
            .unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    t.state().clone()
}

fn enroll(sheet: Value) -> (Value, Vec<i64>) {
    (json!({"do": "enroll", "character": sheet}), vec![])
}

fn step(command: Value, dice: &[i64]) -> (Value, Vec<i64>) {
    (command, dice.to_vec())
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
        characters: names.iter().map(|n| (*n).to_owned()).collect(),
    }
}

/// One move in a line: group | label | fixed command | each field (`name=` a number's range and
/// default, a choice's values (`*` when several may be picked), `text<max>` or a flag's default).
fn line(m: &Move) -> String {
    let fields: Vec<String> = m
        .fields
        .iter()
        .map(|f| {
            let kind = match &f.kind {
                FieldKind::Number { min, max, default } => format!("{min}..{max}@{default}"),
                FieldKind::Choice { options, multiple } => {
                    let values: Vec<String> = options.iter().map(|c| c.value.to_string()).collect();
                    format!("{}[{}]", if *multiple { "*" } else { "" }, values.join(","))
                }
                FieldKind::Text { max } => format!("text<{max}"),
                FieldKind::Json { max, example } => format!("json<{max}@{}", example["name"]),
                FieldKind::Flag { default } => format!("flag@{default}"),
            };
            format!("{}={kind}", f.name)
        })
        .collect();
    format!(
        "{} | {} | {}{} | {}",
        m.group,
        m.label,
        m.command,
        if m.odds { " (odds)" } else { "" },
        fields.join(" ")
    )
}

/// Checks the moves `seat` is offered in `state`, one [`line`] each, in order.
fn check(state: &State, seat: &Seat, expected: &[&str]) {
    let got: Vec<String> = Freelancer::moves(state, seat).iter().map(line).collect();
    assert_eq!(got, expected, "moves for {seat:?}:\n{}", got.join("\n"));
}

// ----- states -----

const DIFFICULTY: &str = "difficulty=0..9007199254740991@50";
const ENROLL: &str =
    "Characters | Create a character | {\"do\":\"enroll\"} | character=json<4000@\"Newcomer\"";

/// The book's guard: Ash (CHM 27) and the guard's Encounter Sheet (WIL 56).
fn guard() -> State {
    play(
        json!({}),
        &[
            enroll(json!({"name": "Ash", "ratings": {"CHM": 27}})),
            enroll(json!({"name": "Guard", "kind": "encounter", "ratings": {"WIL": 56}})),
        ],
    )
}

/// The book's boulder and arm wrestlers: Ash (LFT 42, LCK 3), Brom (LFT 915) and Cy (LFT 71, LCK 9,
/// 2 AP, a Scout).
fn lifters() -> State {
    play(
        json!({}),
        &[
            enroll(json!({"name": "Ash", "ratings": {"LFT": 42, "LCK": 3}})),
            enroll(json!({"name": "Brom", "ratings": {"LFT": 915}})),
            enroll(
                json!({"name": "Cy", "ap": 2, "vocation": "Scout", "ratings": {"LFT": 71, "LCK": 9}}),
            ),
        ],
    )
}

/// The ambush at the ford (examples/freelancer/ambush-event.toml) up to `upto` of its steps after the
/// enrolments.
fn ambush(upto: usize) -> State {
    let mut steps = vec![
        enroll(json!({"name": "Ash", "ratings": {"ALC": 15, "SPD": 1248, "LCK": 12}})),
        enroll(json!({"name": "Mara", "ratings": {"ALC": 150348, "SPD": 204000, "LCK": 31}})),
        enroll(
            json!({"name": "Tobin", "vocation": "Scout", "ap": 3, "ratings": {"ALC": 0, "SPD": 25, "LCK": 18}}),
        ),
    ];
    let rest = [
        step(
            json!({"do": "start_event", "name": "ambush at the ford", "who": ["Ash", "Mara", "Tobin"]}),
            &[],
        ),
        step(json!({"do": "initiative"}), &[100, 100, 25]),
        step(json!({"do": "divide", "who": "Mara", "actions": 3}), &[]),
        step(json!({"do": "divide", "who": "Ash", "actions": 2}), &[]),
        step(json!({"do": "act", "who": "Mara", "empty": 2}), &[]),
        step(json!({"do": "act", "who": "Ash", "full": 2}), &[]),
        step(json!({"do": "act", "who": "Tobin"}), &[]),
        step(json!({"do": "declare_total_action", "who": "Tobin"}), &[]),
        step(json!({"do": "initiative"}), &[60, 52]),
    ];
    steps.extend(rest.into_iter().take(upto));
    play(json!({}), &steps)
}

// ----- moves offered -----

#[test]
fn the_guard_table_for_the_player_and_the_gm() {
    let state = guard();
    let ash_checks = [
        format!(
            "Checks | Ash: task check | {{\"do\":\"task_check\",\"who\":\"Ash\"}} (odds) | rating=[\"CHM\"] {DIFFICULTY} against=text<64 roll_anyway=flag@false"
        ),
        "Checks | Ash: task check against an NPC | {\"do\":\"task_check\",\"who\":\"Ash\"} (odds) | rating=[\"CHM\"] opponent=[\"Guard\"] opponent_rating=[\"WIL\"] roll_anyway=flag@false".to_owned(),
        "Checks | Ash: plain chance | {\"do\":\"chance_check\",\"who\":\"Ash\"} (odds) | chance=0..100@50 against=text<64".to_owned(),
    ];
    let mut expected: Vec<String> = ash_checks.to_vec();
    expected.push(ENROLL.to_owned());
    check(
        &state,
        &player(&["Ash"]),
        &expected.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    // The GM acts for the guard too (a task check of its own; no NPC to check against but itself),
    // and has the GM's moves; no event: nobody has ALC and SPD.
    let mut expected: Vec<String> = ash_checks.to_vec();
    expected.extend([
        format!(
            "Checks | Guard: task check | {{\"do\":\"task_check\",\"who\":\"Guard\"}} (odds) | rating=[\"WIL\"] {DIFFICULTY} against=text<64 roll_anyway=flag@false"
        ),
        "Checks | Guard: plain chance | {\"do\":\"chance_check\",\"who\":\"Guard\"} (odds) | chance=0..100@50 against=text<64".to_owned(),
        "Growth | Award XP and AP | {\"do\":\"award\"} | who=*[\"Ash\"] xp=0..1000000000000@10 ap=0..1000000000000@0 reason=text<200".to_owned(),
        "Growth | Level up | {\"do\":\"level_up\"} | who=[\"Ash\"] reason=text<200".to_owned(),
        "Growth | Set a rating | {\"do\":\"set_rating\"} | who=[\"Ash\",\"Guard\"] rating=[\"MIT\",\"VIG\",\"ALC\",\"INT\",\"MRL\",\"LCK\",\"HP\",\"TP\",\"SP\",\"LFT\",\"STR\",\"PHD\",\"MD\",\"JMP\",\"SPD\",\"DOG\",\"ATN\",\"DIS\",\"RES\",\"WIL\",\"CHM\",\"FTH\"] value=0..9007199254740991@10 reason=text<200".to_owned(),
        "Rest and safe areas | Rest | {\"do\":\"rest\"} | who=*[\"Ash\"]".to_owned(),
        "Rest and safe areas | Enter a safe area | {\"do\":\"enter_safe_area\"} | place=text<64".to_owned(),
        ENROLL.to_owned(),
    ]);
    check(
        &state,
        &gm(),
        &expected.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    // A player without characters may only create one.
    check(&state, &player(&[]), &[ENROLL]);
}

#[test]
fn lifters_lift_together_oppose_each_other_and_grow_at_rest() {
    let state = lifters();
    let cy = [
        format!(
            "Checks | Cy: task check | {{\"do\":\"task_check\",\"who\":\"Cy\"}} (odds) | rating=[\"LCK\",\"LFT\"] {DIFFICULTY} against=text<64 roll_anyway=flag@false"
        ),
        "Checks | Cy: plain chance | {\"do\":\"chance_check\",\"who\":\"Cy\"} (odds) | chance=0..100@50 against=text<64".to_owned(),
        // Cy's own LFT first, then the others.
        "Checks | Team lift | {\"do\":\"team_lift\"} (odds) | who=*[\"Cy\",\"Ash\",\"Brom\"] difficulty=0..9007199254740991@50 against=text<64 roll_anyway=flag@false".to_owned(),
        // Cy opposes anyone else, never Cy.
        "Checks | Opposed check | {\"do\":\"opposed_check\"} (odds) | a=[{\"rating\":\"LCK\",\"who\":\"Cy\"},{\"rating\":\"LFT\",\"who\":\"Cy\"}] b=[{\"rating\":\"LCK\",\"who\":\"Ash\"},{\"rating\":\"LFT\",\"who\":\"Ash\"},{\"rating\":\"LFT\",\"who\":\"Brom\"}] method=[\"roll_under\",\"chaotic\"] against=text<64".to_owned(),
    ];
    let spend = "Growth | Cy: buy an ability | {\"do\":\"spend_ap\",\"who\":\"Cy\"} | ability=text<64 path=[\"general\",\"Scout\"] cost=1..2@1";
    let mut expected: Vec<String> = cy.to_vec();
    expected.push(spend.to_owned());
    expected.push(ENROLL.to_owned());
    check(
        &state,
        &player(&["Cy"]),
        &expected.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    // In a safe area Cy may change vocation and buy any path's ability.
    let mut steps = vec![
        enroll(json!({"name": "Cy", "ap": 2, "vocation": "Scout", "ratings": {"LFT": 71}})),
        step(
            json!({"do": "enter_safe_area", "place": "the guild hall"}),
            &[],
        ),
    ];
    let safe = play(json!({}), &steps);
    check(
        &safe,
        &player(&["Cy"]),
        &[
            "Checks | Cy: task check | {\"do\":\"task_check\",\"who\":\"Cy\"} (odds) | rating=[\"LFT\"] difficulty=0..9007199254740991@50 against=text<64 roll_anyway=flag@false",
            "Checks | Cy: plain chance | {\"do\":\"chance_check\",\"who\":\"Cy\"} (odds) | chance=0..100@50 against=text<64",
            "Growth | Cy: change vocation | {\"do\":\"change_vocation\",\"who\":\"Cy\"} | vocation=[\"Hoplite\",\"Wushu jia\",\"Guerilla\",\"Witch\",\"Shaman\",\"Swindler\",\"Hitman\"]",
            "Growth | Cy: buy an ability | {\"do\":\"spend_ap\",\"who\":\"Cy\"} | ability=text<64 path=[\"general\",\"Hoplite\",\"Wushu jia\",\"Scout\",\"Guerilla\",\"Witch\",\"Shaman\",\"Swindler\",\"Hitman\"] cost=1..2@1",
            ENROLL,
        ],
    );
    // The GM's rest and safe-area moves follow the state: leaving, and ending the rest begun.
    steps.push(step(json!({"do": "rest", "who": ["Cy"]}), &[]));
    let resting = play(json!({}), &steps);
    let gm_places: Vec<String> = Freelancer::moves(&resting, &gm())
        .iter()
        .filter(|m| m.group == "Rest and safe areas")
        .map(line)
        .collect();
    assert_eq!(
        gm_places,
        [
            "Rest and safe areas | End a rest | {\"do\":\"end_rest\"} | who=*[\"Cy\"]",
            "Rest and safe areas | Leave the guild hall | {\"do\":\"leave_safe_area\"} | ",
        ]
    );
}

#[test]
fn the_ambush_offers_each_turn_to_its_owner_only() {
    let tobin_checks = [
        format!(
            "Checks | Tobin: task check | {{\"do\":\"task_check\",\"who\":\"Tobin\"}} (odds) | rating=[\"ALC\",\"LCK\",\"SPD\"] {DIFFICULTY} against=text<64 roll_anyway=flag@false"
        ),
        "Checks | Tobin: plain chance | {\"do\":\"chance_check\",\"who\":\"Tobin\"} (odds) | chance=0..100@50 against=text<64".to_owned(),
        "Checks | Opposed check | {\"do\":\"opposed_check\"} (odds) | a=[{\"rating\":\"ALC\",\"who\":\"Tobin\"},{\"rating\":\"LCK\",\"who\":\"Tobin\"},{\"rating\":\"SPD\",\"who\":\"Tobin\"}] b=[{\"rating\":\"ALC\",\"who\":\"Ash\"},{\"rating\":\"LCK\",\"who\":\"Ash\"},{\"rating\":\"SPD\",\"who\":\"Ash\"},{\"rating\":\"ALC\",\"who\":\"Mara\"},{\"rating\":\"LCK\",\"who\":\"Mara\"},{\"rating\":\"SPD\",\"who\":\"Mara\"}] method=[\"roll_under\",\"chaotic\"] against=text<64".to_owned(),
    ];
    let with = |event: &[&str], growth: &[&str]| -> Vec<String> {
        event
            .iter()
            .map(|s| (*s).to_owned())
            .chain(tobin_checks.iter().cloned())
            .chain(growth.iter().map(|s| (*s).to_owned()))
            .chain([ENROLL.to_owned()])
            .collect()
    };
    let spend = "Growth | Tobin: buy an ability | {\"do\":\"spend_ap\",\"who\":\"Tobin\"} | ability=text<64 path=[\"general\",\"Scout\"] cost=1..3@1";
    let cases: [(usize, Vec<String>); 6] = [
        // No event yet: Tobin may buy an ability; the GM starts events.
        (0, with(&[], &[spend])),
        // The event, before its first initiative: Tobin may declare a Total Action; no AP spending.
        (
            1,
            with(
                &[
                    "Event | Tobin: declare a Total Action | {\"do\":\"declare_total_action\",\"who\":\"Tobin\"} | ",
                ],
                &[],
            ),
        ),
        // Round 1 rolled: Mara's turn, not Tobin's; Tobin's 25 is the slowest: nothing to divide.
        (2, with(&[], &[])),
        // Mara and Ash have acted: Tobin's turn.
        (
            6,
            with(
                &[
                    "Event | Tobin: take the turn | {\"do\":\"act\",\"who\":\"Tobin\"} | full=0..1@1 empty=0..1000@0 what=text<200",
                ],
                &[],
            ),
        ),
        // Tobin declared before round 2: no second declaration.
        (8, with(&[], &[])),
        // Round 2 rolled with Tobin's Total Action: he may buy an ability now (F7).
        (9, with(&[], &[spend])),
    ];
    for (upto, expected) in cases {
        let state = ambush(upto);
        let got: Vec<String> = Freelancer::moves(&state, &player(&["Tobin"]))
            .iter()
            .map(line)
            .collect();
        assert_eq!(got, expected, "after {upto} steps:\n{}", got.join("\n"));
    }
}

#[test]
fn the_gm_runs_the_event() {
    // The GM's event moves after each step of the ambush.
    let event = |upto: usize| -> Vec<String> {
        Freelancer::moves(&ambush(upto), &gm())
            .iter()
            .filter(|m| m.group == "Event")
            .map(line)
            .collect()
    };
    let declare = |who: &str| {
        format!(
            "Event | {who}: declare a Total Action | {{\"do\":\"declare_total_action\",\"who\":\"{who}\"}} | "
        )
    };
    let end = "Event | End the event | {\"do\":\"end_event\"} | ".to_owned();
    let cases: [(usize, Vec<String>); 7] = [
        (
            0,
            vec![
                "Event | Start an event | {\"do\":\"start_event\"} | name=text<64 who=*[\"Ash\",\"Mara\",\"Tobin\"]".to_owned(),
            ],
        ),
        (
            1,
            vec![
                declare("Ash"),
                declare("Mara"),
                declare("Tobin"),
                "Event | Roll initiative for round 1 | {\"do\":\"initiative\"} (odds) | total_actions=*[\"Ash\",\"Mara\",\"Tobin\"]".to_owned(),
                end.clone(),
            ],
        ),
        // Round 1: Mara's turn; before the first turn Mara (four orders of magnitude on 25) may
        // divide into 3, Ash (two) into 2; Tobin, the slowest, not at all (F5).
        (
            2,
            vec![
                "Event | Mara: take the turn | {\"do\":\"act\",\"who\":\"Mara\"} | full=0..1@1 empty=0..1000@0 what=text<200".to_owned(),
                "Event | Ash: divide the turn | {\"do\":\"divide\",\"who\":\"Ash\"} | actions=[1,2]".to_owned(),
                "Event | Mara: divide the turn | {\"do\":\"divide\",\"who\":\"Mara\"} | actions=[1,2,3]".to_owned(),
                end.clone(),
            ],
        ),
        // Mara divided into 3: her turn holds 3 Full Actions.
        (
            3,
            vec![
                "Event | Mara: take the turn | {\"do\":\"act\",\"who\":\"Mara\"} | full=0..3@3 empty=0..1000@0 what=text<200".to_owned(),
                "Event | Ash: divide the turn | {\"do\":\"divide\",\"who\":\"Ash\"} | actions=[1,2]".to_owned(),
                "Event | Mara: divide the turn | {\"do\":\"divide\",\"who\":\"Mara\"} | actions=[1,2,3]".to_owned(),
                end.clone(),
            ],
        ),
        // Ash divided into 2, at 575.
        (
            4,
            vec![
                "Event | Mara: take the turn | {\"do\":\"act\",\"who\":\"Mara\"} | full=0..3@3 empty=0..1000@0 what=text<200".to_owned(),
                "Event | Ash: divide the turn | {\"do\":\"divide\",\"who\":\"Ash\"} | actions=[1,2]".to_owned(),
                "Event | Mara: divide the turn | {\"do\":\"divide\",\"who\":\"Mara\"} | actions=[1,2,3]".to_owned(),
                end.clone(),
            ],
        ),
        // The first turn is taken: no more dividing; Ash's turn holds 2 Full Actions.
        (
            5,
            vec![
                "Event | Ash: take the turn | {\"do\":\"act\",\"who\":\"Ash\"} | full=0..2@2 empty=0..1000@0 what=text<200".to_owned(),
                end.clone(),
            ],
        ),
        // Tobin declared: the initiative offers only the others as Total Actions.
        (
            8,
            vec![
                declare("Ash"),
                declare("Mara"),
                "Event | Roll initiative for round 2 | {\"do\":\"initiative\"} (odds) | total_actions=*[\"Ash\",\"Mara\"]".to_owned(),
                end,
            ],
        ),
    ];
    for (upto, expected) in cases {
        let got = event(upto);
        assert_eq!(got, expected, "after {upto} steps:\n{}", got.join("\n"));
    }
    // The labels and choices say what dividing gives: the book's 150448 into 3 at 50149.
    let state = ambush(2);
    let moves = Freelancer::moves(&state, &player(&["Mara"]));
    let divide = moves.iter().find(|m| m.command["do"] == "divide").unwrap();
    let FieldKind::Choice { options, .. } = &divide.fields[0].kind else {
        panic!("a choice")
    };
    let labels: Vec<&str> = options.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "1 Full Action at 150448",
            "2 Full Actions at 75224",
            "3 Full Actions at 50149"
        ]
    );
}

// ----- authority and the forms' defaults -----

/// A move's command as a form sends it untouched: each number at its default, each flag at its
/// default, each single choice at its first option, each multiple choice at its first options as
/// many as the rules need at least (2 lifters, no Total Action, otherwise 1 name), each JSON field
/// at its example (the sheet), and each text with what a person would type (the form cannot know
/// it): words.
fn filled(m: &Move) -> Value {
    let mut command = m.command.clone();
    for f in &m.fields {
        let value = match &f.kind {
            FieldKind::Number { default, .. } => json!(default),
            FieldKind::Flag { default } => json!(default),
            FieldKind::Choice {
                options,
                multiple: false,
            } => options
                .first()
                .map(|c| c.value.clone())
                .unwrap_or(Value::Null),
            FieldKind::Choice {
                options,
                multiple: true,
            } => {
                let least = match (m.command["do"].as_str(), f.name.as_str()) {
                    (Some("team_lift"), _) => 2,
                    (_, "total_actions") => 0,
                    _ => 1,
                };
                Value::from(
                    options
                        .iter()
                        .take(least)
                        .map(|c| c.value.clone())
                        .collect::<Vec<_>>(),
                )
            }
            FieldKind::Json { example, .. } => example.clone(),
            FieldKind::Text { .. } => json!("the old mill"),
        };
        command[f.name.as_str()] = value;
    }
    command
}

/// Every state the tests build, with every seat that matters in it.
fn tables() -> Vec<(String, State, Vec<Seat>)> {
    let mut all = vec![
        (
            "guard".to_owned(),
            guard(),
            vec![gm(), player(&["Ash"]), player(&[])],
        ),
        (
            "lifters".to_owned(),
            lifters(),
            vec![gm(), player(&["Cy"]), player(&["Ash", "Brom"])],
        ),
    ];
    for upto in 0..=9 {
        all.push((
            format!("ambush after {upto}"),
            ambush(upto),
            vec![
                gm(),
                player(&["Ash"]),
                player(&["Mara"]),
                player(&["Tobin"]),
            ],
        ));
    }
    all
}

/// Criterion: every move offered, sent as its form's defaults (see [`filled`]), is accepted by the
/// rules; has odds exactly when the move says so; and, for a player, is one the player may send
/// (its own character's, or creating a PC): never a GM-only command.
#[test]
fn every_move_at_its_defaults_is_accepted_and_allowed() {
    let mut seen = 0;
    for (name, state, seats) in tables() {
        for seat in seats {
            for m in Freelancer::moves(&state, &seat) {
                let sent = filled(&m);
                let command: Command = serde_json::from_value(sent.clone())
                    .unwrap_or_else(|e| panic!("{name}, {seat:?}: {sent} does not parse: {e}"));
                let dice: Vec<i64> = (1..=100).cycle().take(3000).collect();
                let decided = Freelancer::decide(&state, &command, &mut Scripted::new(dice));
                assert!(
                    decided.is_ok(),
                    "{name}, {seat:?}: {sent} refused: {:?}",
                    decided.err()
                );
                assert_eq!(
                    Freelancer::odds(&state, &command).is_some(),
                    m.odds,
                    "{name}: odds of {sent}"
                );
                if !seat.gm {
                    match Freelancer::authority(&command) {
                        Authority::Character(who) => {
                            assert!(seat.characters.contains(&who), "{name}: {sent} for {who}");
                        }
                        Authority::Enroll(_) => assert_eq!(sent["do"], "enroll"),
                        other => panic!("{name}: a player is offered {sent} ({other:?})"),
                    }
                }
                seen += 1;
            }
        }
    }
    assert!(seen > 100, "only {seen} moves checked");
}

#[test]
fn a_wrong_value_is_still_refused_with_the_rule() {
    let state = guard();
    let refused = |command: Value| {
        let command: Command = serde_json::from_value(command).unwrap();
        Freelancer::decide(&state, &command, &mut Scripted::new(vec![50]))
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(
        refused(
            json!({"do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard", "opponent_rating": "CHM"})
        ),
        Some("`opponent_rating` is \"CHM\", but Guard's sheet has no CHM (it has: WIL)".to_owned())
    );
    assert_eq!(
        refused(json!({"do": "chance_check", "who": "Ash", "chance": 101})),
        Some(
            "`chance` is 101, but it must be 0 to 100 (a chance of success in percent, F1)"
                .to_owned()
        )
    );
}

// ----- odds -----

/// The chances of `command` in `state`, as `label p` lines.
fn chances(state: &State, command: Value) -> Vec<String> {
    let command: Command = serde_json::from_value(command).unwrap();
    let odds = Freelancer::odds(state, &command).expect("odds");
    odds.chances
        .iter()
        .map(|c| format!("{} {}", c.label, c.p))
        .collect()
}

#[test]
fn task_check_odds_are_the_books() {
    let guard = guard();
    // The guard: CHM 27 against WIL 56, difference 29: 1-71 succeed, 1-5 are Crits, 96-100 Botches.
    let command = json!({"do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard", "opponent_rating": "WIL"});
    assert_eq!(
        chances(&guard, command.clone()),
        [
            "Success 71/100",
            "Crit (1-5, within success) 1/20",
            "Failure 6/25",
            "Botch 1/20"
        ]
    );
    let odds = Freelancer::odds(&guard, &serde_json::from_value(command).unwrap()).unwrap();
    assert_eq!(
        odds.summary,
        "Ash's CHM 27 against Guard's WIL 56: difference 29, band 6-95: d100 at most 100 - difference succeeds; \
         Crit succeeds, Botch fails (one d100; F2, F3)."
    );
    assert_eq!(odds.chances[0].decimal, 0.71);
    // The boulder alone: 42 against 1200, equalized 4 against 120, difference 116: only a Crit.
    let lifters = lifters();
    let command = json!({"do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": 1200});
    assert_eq!(
        chances(&lifters, command.clone()),
        [
            "Success 1/20",
            "Crit (1-5, within success) 1/20",
            "Failure 0",
            "Botch 19/20"
        ]
    );
    let odds = Freelancer::odds(&lifters, &serde_json::from_value(command).unwrap()).unwrap();
    assert!(
        odds.summary
            .starts_with("Ash's LFT 42 against 1200, equalized to 4 against 120: difference 116"),
        "{}",
        odds.summary
    );
    // With Cy and Brom: 42 + 71 + 915 = 1028 against 1200: 102 against 120, difference 18.
    assert_eq!(
        chances(
            &lifters,
            json!({"do": "team_lift", "who": ["Ash", "Cy", "Brom"], "difficulty": 1200})
        ),
        [
            "Success 41/50",
            "Crit (1-5, within success) 1/20",
            "Failure 13/100",
            "Botch 1/20"
        ]
    );
    // Band 96-100 fails with minor consequences; 151+ without a roll fails for sure.
    assert_eq!(
        chances(
            &guard,
            json!({"do": "task_check", "who": "Ash", "rating": 2, "difficulty": 100})
        ),
        [
            "Success 1/20",
            "Crit (1-5, within success) 1/20",
            "Failure (minor consequences) 9/10",
            "Botch 1/20"
        ]
    );
    assert_eq!(
        chances(
            &guard,
            json!({"do": "task_check", "who": "Ash", "rating": 0, "difficulty": 200})
        ),
        [
            "Success 0",
            "Crit (1-5, within success) 0",
            "Failure 1",
            "Botch 0"
        ]
    );
    // Brute force over the d100 for every difference: the chances add up and match the outcomes.
    for difference in [-3i64, 0, 1, 5, 6, 29, 95, 96, 100, 101, 150] {
        let count = |o: Outcome| {
            (1..=100u32)
                .filter(|r| outcome(difference, Some(*r)) == o)
                .count()
        };
        let state = guard.clone();
        let (rating, difficulty) = if difference < 0 {
            (-difference, 0)
        } else {
            (0, difference)
        };
        let got = chances(
            &state,
            json!({"do": "task_check", "who": "Ash", "rating": rating, "difficulty": difficulty}),
        );
        let rolls = Band::of(difference) != Band::Automatic;
        let p = |n: usize| {
            let g = gcd(n, 100);
            match (n, rolls) {
                (_, false) => String::new(),
                (0, true) => "0".to_owned(),
                (100, true) => "1".to_owned(),
                _ => format!("{}/{}", n / g, 100 / g),
            }
        };
        if rolls {
            let success = count(Outcome::Success) + count(Outcome::Crit);
            assert_eq!(got[0], format!("Success {}", p(success)), "{difference}");
            assert!(got[1].ends_with(&format!(" {}", p(count(Outcome::Crit)))));
            assert!(got[2].ends_with(&format!(" {}", p(count(Outcome::Failure)))));
            assert_eq!(got[3], format!("Botch {}", p(count(Outcome::Botch))));
        } else {
            assert_eq!(got[0], "Success 1", "{difference}");
        }
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn chance_and_opposed_odds() {
    let state = lifters();
    // A plain 75%: 1-75 succeed, 76-95 fail, 96-100 Botch.
    assert_eq!(
        chances(
            &state,
            json!({"do": "chance_check", "who": "Ash", "chance": 75})
        ),
        [
            "Success 3/4",
            "Crit (1-5, within success) 1/20",
            "Failure 1/5",
            "Botch 1/20"
        ]
    );
    // The arm wrestlers, one arm each (82 and 915 halved: 41 and 457). Rolled under, Brom's 457 always
    // hits with the larger margin; chaotic (4 against 45), the counts over 10,000 pairs of rolls are
    // 226, 4490 and 5284 (crates/freelancer/src/odds.rs brute-forces them; the CLI gives the same).
    let wrestlers = play(
        json!({}),
        &[
            enroll(json!({"name": "Ash", "ratings": {"LFT": 82}})),
            enroll(json!({"name": "Brom", "ratings": {"LFT": 915}})),
        ],
    );
    let half = json!([{"factor": "1/2", "reason": "one arm"}]);
    let contest = |method: &str| {
        json!({"do": "opposed_check", "method": method,
            "a": {"who": "Ash", "rating": "LFT", "adjust": half},
            "b": {"who": "Brom", "rating": "LFT", "adjust": half}})
    };
    assert_eq!(
        chances(&wrestlers, contest("roll_under")),
        [
            "Ash wins 0",
            "Brom wins 1",
            "No winner (the GM rolls again) 0"
        ]
    );
    assert_eq!(
        chances(&wrestlers, contest("chaotic")),
        [
            "Ash wins 113/5000",
            "Brom wins 449/1000",
            "No winner (the GM rolls again) 1321/2500",
            "Ash wins in the end 113/2358",
            "Brom wins in the end 2245/2358"
        ]
    );
    let odds = Freelancer::odds(
        &wrestlers,
        &serde_json::from_value(contest("roll_under")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        odds.summary,
        "Ash's LFT 41 against Brom's LFT 457, roll under: each rolls a d100, the larger margin under \
         the rating wins (F4); a gap of 416 calls for a punishing outcome for the loser."
    );
    // Commands that roll nothing, and refused commands, have no odds.
    for command in [
        json!({"do": "award", "who": ["Ash"], "xp": 5, "reason": "the wrestling"}),
        json!({"do": "task_check", "who": "Nobody", "rating": "LFT", "difficulty": 5}),
        json!({"do": "initiative"}),
    ] {
        let command: Command = serde_json::from_value(command).unwrap();
        assert_eq!(Freelancer::odds(&wrestlers, &command), None);
    }
}

#[test]
fn initiative_odds_match_every_combination_of_dice() {
    // Two with SPD 50 and LCK 5 tie often (a roll-off); the third is slower but sometimes first.
    let sheets = [
        ("X", 0u128, 50u128, 5u128),
        ("Y", 0, 50, 5),
        ("Z", 20, 60, 0),
    ];
    let mut steps: Vec<(Value, Vec<i64>)> = sheets
        .iter()
        .map(|(n, alc, spd, lck)| {
            enroll(json!({"name": n, "ratings": {"ALC": alc, "SPD": spd, "LCK": lck}}))
        })
        .collect();
    steps.push(step(
        json!({"do": "start_event", "name": "a race", "who": ["X", "Y", "Z"]}),
        &[],
    ));
    let state = play(json!({}), &steps);
    // Brute force over the 10^6 triples of d100s: the first turn goes to the highest (turn, SPD,
    // LCK); a tie on all three is a roll-off (F5).
    let mut first = [0u64; 3];
    let mut roll_off = 0u64;
    let key = |i: usize, d: u128| {
        let (_, alc, spd, lck) = sheets[i];
        (scale(alc + d, spd), spd, lck)
    };
    for x in 1..=100 {
        for y in 1..=100 {
            for z in 1..=100 {
                let keys = [key(0, x), key(1, y), key(2, z)];
                let top = keys.iter().max().copied().unwrap();
                let at_top: Vec<usize> = (0..3).filter(|i| keys[*i] == top).collect();
                match at_top.as_slice() {
                    [only] => first[*only] += 1,
                    _ => roll_off += 1,
                }
            }
        }
    }
    let p = |n: u64| {
        if n == 0 {
            return "0".to_owned();
        }
        let g = gcd(usize::try_from(n).unwrap(), 1_000_000) as u64;
        format!("{}/{}", n / g, 1_000_000 / g)
    };
    let expected = [
        format!("X goes first {}", p(first[0])),
        format!("Y goes first {}", p(first[1])),
        format!("Z goes first {}", p(first[2])),
        format!("A roll-off decides who goes first {}", p(roll_off)),
    ];
    assert_eq!(chances(&state, json!({"do": "initiative"})), expected);
    // The numbers themselves, for the record.
    assert_eq!(
        expected,
        [
            "X goes first 34113/100000",
            "Y goes first 34113/100000",
            "Z goes first 311479/1000000",
            "A roll-off decides who goes first 6261/1000000",
        ]
    );
    // A Total Action leaves the rest: Y and Z only.
    assert_eq!(
        chances(&state, json!({"do": "initiative", "total_actions": ["X"]}))[0],
        "Y goes first 5379/10000"
    );
}

#[test]
fn initiative_odds_for_a_full_event_add_up() {
    // 32 participants (the most in one event, F5), alike but for ALC: every chance is exact and they
    // add up to 1; the work is 32 x 100 x 31 comparisons.
    let names: Vec<String> = (0..32).map(|i| format!("P{i:02}")).collect();
    let mut steps: Vec<(Value, Vec<i64>)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| enroll(json!({"name": n, "ratings": {"ALC": i, "SPD": 99, "LCK": 1}})))
        .collect();
    steps.push(step(
        json!({"do": "start_event", "name": "a brawl", "who": names}),
        &[],
    ));
    let state = play(json!({}), &steps);
    let command: Command = serde_json::from_value(json!({"do": "initiative"})).unwrap();
    let started = std::time::Instant::now();
    let odds = Freelancer::odds(&state, &command).unwrap();
    let took = started.elapsed();
    assert_eq!(odds.chances.len(), 33);
    let total: f64 = odds.chances.iter().map(|c| c.decimal).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    // Everyone has some chance, and the whole takes well under a second even unoptimised.
    assert!(odds.chances.iter().all(|c| c.p != "0"));
    assert!(took.as_secs() < 5, "{took:?}");
}

#[test]
fn the_sheet_to_start_from_is_a_new_pc() {
    let state = play(
        json!({}),
        &[enroll(json!({"name": "Newcomer", "ratings": {"LFT": 1}}))],
    );
    let moves = Freelancer::moves(&state, &player(&[]));
    let FieldKind::Json { example, max } = &moves[0].fields[0].kind else {
        panic!("a JSON field")
    };
    assert_eq!(*max, 4000);
    assert_eq!(
        *example,
        json!({"name": "Newcomer 2", "kind": "pc", "level": 1, "ap": 0, "ratings": {"MIT": 10, "VIG": 10, "ALC": 10, "INT": 10, "MRL": 10, "LCK": 10, "LFT": 20, "SPD": 30}})
    );
}
