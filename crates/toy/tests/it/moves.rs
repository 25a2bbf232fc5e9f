#![allow(clippy::unwrap_used)]
//! What each seat is offered at a Toy table and the odds of a try before its die, on states
//! folded from commands as scenarios write them; snapshots in the test kit's sketch
//! (`UPDATE_EXPECT=1 cargo test -p skald-toy` rewrites them).

use serde_json::{Value, json};
use skald_core::{Refusal, RefusalKind, Scripted, System, Table};
use skald_testkit::{check, expect, gm, newcomer, player, sketch, sketch_odds};
use skald_toy::{Command, Options, State, Toy};

/// The table after `steps` (each a command with its scripted dice), under `options`.
fn play(options: Value, steps: &[(Value, &[i64])]) -> State {
    let options: Options = serde_json::from_value(options).unwrap();
    let mut table = Table::<Toy>::new(options);
    for (command, dice) in steps {
        let parsed: Command = serde_json::from_value(command.clone()).unwrap();
        table
            .execute(parsed, &mut Scripted::new(dice.to_vec()))
            .unwrap_or_else(|e| panic!("{command}: {e}"));
    }
    table.state().clone()
}

fn ann_and_bo(options: Value) -> State {
    play(
        options,
        &[
            (
                json!({"do": "enroll", "character": {"name": "Ann", "skill": 2}}),
                &[],
            ),
            (
                json!({"do": "enroll", "character": {"name": "Bo", "skill": 0}}),
                &[],
            ),
        ],
    )
}

#[test]
fn each_seat_is_offered_a_try_for_its_own_characters_and_the_builder() {
    let state = ann_and_bo(json!({}));
    check(
        sketch(&Toy::moves(&state, &gm())),
        expect![[r#"
            Tries | Ann: try | {"do":"try","who":"Ann"} | odds | lead
            Tries | Bo: try | {"do":"try","who":"Bo"} | odds | lead
            Characters | Add a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 40
              character.skill: number 0..=5, default 2
        "#]],
    );
    check(
        sketch(&Toy::moves(&state, &player(&["Bo"]))),
        expect![[r#"
            Tries | Bo: try | {"do":"try","who":"Bo"} | odds | lead
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 40
              character.skill: number 0..=5, default 2
        "#]],
    );
    check(
        sketch(&Toy::moves(&state, &newcomer())),
        expect![[r#"
            Characters | Make a character | {"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 40
              character.skill: number 0..=5, default 2
        "#]],
    );
}

/// Skill 2 against 4: faces 2 to 6 succeed (Y2); at a table of hard tries, 3 to 6 (Y3).
#[test]
fn a_try_has_its_exact_odds_before_the_die() {
    let try_ann: Command = serde_json::from_value(json!({"do": "try", "who": "Ann"})).unwrap();
    let odds = Toy::odds(&ann_and_bo(json!({})), &try_ann);
    check(
        sketch_odds(odds.as_ref()),
        expect![[r#"
            A try: d6 + skill 2 against 4 (Y2)
              success: 5/6 (0.8333333333333334)
              failure: 1/6 (0.16666666666666666)
              distribution: 3: 1/6, 4: 1/6, 5: 1/6, 6: 1/6, 7: 1/6, 8: 1/6
        "#]],
    );
    let hard = Toy::odds(&ann_and_bo(json!({"hard": true})), &try_ann).unwrap();
    assert_eq!(hard.chances[0].p, "2/3");
    let nobody: Command = serde_json::from_value(json!({"do": "try", "who": "Cy"})).unwrap();
    assert_eq!(Toy::odds(&ann_and_bo(json!({})), &nobody), None);
}

/// A try rolls one d6 and records it with the skill and the target; a refusal names its field,
/// the value and what is allowed.
#[test]
fn a_try_is_decided_and_a_bad_sheet_refused_with_its_field() {
    let state = ann_and_bo(json!({}));
    let try_bo: Command = serde_json::from_value(json!({"do": "try", "who": "Bo"})).unwrap();
    let events = Toy::decide(&state, &try_bo, &mut Scripted::new(vec![3])).unwrap();
    assert_eq!(
        Toy::describe(&events[0]),
        "Bo tried: d6 3 + skill 0 = 3 against 4: failure (Y2)"
    );
    let after = Toy::apply(state.clone(), &events[0]);
    assert_eq!(after.character("Bo").and_then(|c| c.last), Some(3));
    assert_eq!(after.tries, 1);

    let strong: Command =
        serde_json::from_value(json!({"do": "enroll", "character": {"name": "Cy", "skill": 6}}))
            .unwrap();
    let refused = Toy::decide(&state, &strong, &mut Scripted::new(vec![])).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the skill is 6, but it must be 0 to 5 (Y1)"
    );
    assert_eq!(
        Toy::refusal(&refused),
        Refusal::out_of_range("character.skill", 6, 0, 5)
    );
    let twice: Command =
        serde_json::from_value(json!({"do": "enroll", "character": {"name": "Ann", "skill": 1}}))
            .unwrap();
    let refused = Toy::decide(&state, &twice, &mut Scripted::new(vec![])).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Ann is already at the table: no two characters share a name (Y1)"
    );
    assert_eq!(
        Toy::refusal(&refused),
        Refusal::at(RefusalKind::Taken { name: "Ann".into() }, "character.name")
    );
}

/// The calculator a command line offers: a try's chances as text.
#[test]
fn the_report_says_a_tries_chances() {
    let report = skald_toy::reports::odds(5, true).unwrap();
    assert_eq!(
        report.to_string(),
        "A try: d6 + skill 5 against 5 (Y2)\nsuccess  1 (100.0%)\nfailure  0 (0.0%)\n"
    );
    assert_eq!(
        skald_toy::reports::odds(9, false).map_err(|e| e.to_string()),
        Err("the skill is 9, but it must be 0 to 5 (Y1)".to_owned())
    );
}
