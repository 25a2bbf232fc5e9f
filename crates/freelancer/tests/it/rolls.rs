#![allow(clippy::unwrap_used)]
//! Rolls of the dice besides the d100 (`roll_die`, ruling F1) through `Table<Freelancer>` with
//! scripted dice: each die's face and mark (the highest face a Crit, 1 a Botch), the total, the
//! exact chances before the roll, the log line, the view's `last_dice`, who may send it, and the
//! refusals, each naming its field.

use serde_json::{Value, json};
use skald_core::{Authority, Scripted, System, Table};
use skald_freelancer::{Command, Event, Freelancer, Options, Sheet};

fn table() -> Table<Freelancer> {
    let mut table = Table::<Freelancer>::new(Options::default());
    for name in ["Ash", "Mara"] {
        table
            .execute(
                Freelancer::enroll(Sheet::new(name, &[])),
                &mut Scripted::new(vec![]),
            )
            .unwrap();
    }
    table
}

fn command(step: Value) -> Command {
    serde_json::from_value(step).unwrap()
}

/// Plays `step` with `dice` (all of which must be rolled) and gives its one event.
fn roll(table: &mut Table<Freelancer>, step: Value, dice: &[i64]) -> Event {
    let mut source = Scripted::new(dice.to_vec());
    let events = table.execute(command(step), &mut source).unwrap().to_vec();
    assert!(
        source.remaining().is_empty(),
        "every scripted die is rolled"
    );
    assert_eq!(events.len(), 1);
    events.into_iter().next().unwrap()
}

#[test]
fn three_d6_with_a_crit_and_a_botch() {
    let mut t = table();
    let event = roll(
        &mut t,
        json!({"do": "roll_die", "who": "Ash", "die": 6, "count": 3, "what": "the trap's damage"}),
        &[6, 3, 1],
    );
    assert_eq!(
        serde_json::to_value(&event).unwrap(),
        json!({
            "event": "dice_rolled",
            "who": "Ash",
            "die": 6,
            "what": "the trap's damage",
            // 1 - (5/6)^3 = 91/216.
            "odds": {"p_crit": "1/6", "p_botch": "1/6", "p_any_crit": "91/216", "p_any_botch": "91/216"},
            "dice": [{"face": 6, "mark": "crit"}, {"face": 3}, {"face": 1, "mark": "botch"}],
            "total": 10,
            "crits": 1,
            "botches": 1
        })
    );
    assert_eq!(
        Freelancer::describe(&event),
        "Ash rolls 3d6 (the trap's damage): 6 (Crit), 3, 1 (Botch) = 10; chance of at least one \
         Crit 42.1% (91/216), of at least one Botch 42.1% (91/216) (F1: 6 is a Crit, 1 a Botch)."
    );
    let view = Freelancer::view(t.state());
    assert_eq!(view["last_dice"]["total"], json!(10));
    assert_eq!(
        view["last_dice"]["dice"][0],
        json!({"face": 6, "mark": "crit"})
    );
    // A roll is no check: the count of checks and the last check stay as they were.
    assert_eq!(view["checks"], json!(0));
    assert_eq!(view["last"], Value::Null);
}

#[test]
fn every_die_of_f1_marks_its_highest_and_lowest_faces() {
    let mut t = table();
    for sides in [4i64, 6, 8, 10, 12, 20] {
        let event = roll(
            &mut t,
            json!({"do": "roll_die", "who": "Mara", "die": sides, "count": 3}),
            &[sides, 2, 1],
        );
        let Event::DiceRolled(rolled) = event else {
            panic!("dice rolled")
        };
        let marks: Vec<Option<&str>> = rolled
            .dice
            .iter()
            .map(|d| d.mark.map(|m| m.name()))
            .collect();
        assert_eq!(marks, [Some("Crit"), None, Some("Botch")], "d{sides}");
        assert_eq!((rolled.crits, rolled.botches), (1, 1));
        assert_eq!(rolled.total, u32::try_from(sides + 3).unwrap());
        let one = format!("1/{sides}");
        assert_eq!(
            (rolled.odds.p_crit.as_str(), rolled.odds.p_botch.as_str()),
            (one.as_str(), one.as_str())
        );
    }
}

#[test]
fn one_die_and_a_roll_for_no_one() {
    let mut t = table();
    let event = roll(
        &mut t,
        json!({"do": "roll_die", "who": "Mara", "die": 20}),
        &[20],
    );
    assert_eq!(
        Freelancer::describe(&event),
        "Mara rolls a d20: 20 (Crit); chance of a Crit 5.0% (1/20), of a Botch 5.0% (1/20) (F1: 20 \
         is a Crit, 1 a Botch)."
    );
    let event = roll(
        &mut t,
        json!({"do": "roll_die", "die": 4, "count": 2, "what": "the rockfall"}),
        &[2, 4],
    );
    assert_eq!(
        Freelancer::describe(&event),
        "Rolled: 2d4 (the rockfall): 2, 4 (Crit) = 6; chance of at least one Crit 43.8% (7/16), of \
         at least one Botch 43.8% (7/16) (F1: 4 is a Crit, 1 a Botch)."
    );
    let view = Freelancer::view(t.state());
    assert_eq!(view["last_dice"].get("who"), None);
    assert_eq!(view["last_dice"]["die"], json!(4));
}

#[test]
fn a_roll_naming_a_character_is_its_players_and_one_naming_no_one_the_gms() {
    let of = |step: Value| Freelancer::authority(&command(step));
    assert_eq!(
        of(json!({"do": "roll_die", "who": "Ash", "die": 6})),
        Authority::Character("Ash".to_owned())
    );
    assert_eq!(of(json!({"do": "roll_die", "die": 6})), Authority::Gm);
}

#[test]
fn a_bad_roll_is_refused_naming_its_field_and_nothing_changes() {
    let cases = [
        (
            json!({"do": "roll_die", "die": 100}),
            "die",
            "`die` is 100, but it must be 4, 6, 8, 10, 12 or 20 (a die's sides, F1; a d100 is a \
             percentile roll: `task_check` or `chance_check`)",
        ),
        (
            json!({"do": "roll_die", "die": "six"}),
            "die",
            "`die` is \"six\", but it must be 4, 6, 8, 10, 12 or 20 (a die's sides, F1; a d100 is a \
             percentile roll: `task_check` or `chance_check`)",
        ),
        (
            json!({"do": "roll_die", "die": 6, "count": 21}),
            "count",
            "`count` is 21, but it must be 1 to 20 (dice rolled at once, F1)",
        ),
        (
            json!({"do": "roll_die", "die": 6, "count": 0}),
            "count",
            "`count` is 0, but it must be 1 to 20 (dice rolled at once, F1)",
        ),
        (
            json!({"do": "roll_die", "die": 6, "who": "Brom"}),
            "who",
            "`who` is \"Brom\", but no character of that name is at the table (at the table: Ash, \
             Mara)",
        ),
        (
            json!({"do": "roll_die", "die": 6, "what": " "}),
            "what",
            "`what` is \" \", but it must be 1 to 64 characters and not blank",
        ),
    ];
    for (step, field, message) in cases {
        let mut t = table();
        let before = t.state().clone();
        let log = t.log().len();
        let err = t
            .execute(command(step.clone()), &mut Scripted::new(vec![3; 21]))
            .unwrap_err();
        assert_eq!(err.to_string(), message, "{step}");
        assert_eq!(
            Freelancer::error_field(&err).as_deref(),
            Some(field),
            "{step}"
        );
        assert_eq!(t.state(), &before);
        assert_eq!(t.log().len(), log);
    }
    // A scripted die that is no face of the die rolled is the dice source's refusal.
    let mut t = table();
    assert!(
        t.execute(
            command(json!({"do": "roll_die", "die": 6})),
            &mut Scripted::new(vec![7])
        )
        .is_err()
    );
}
