//! The odds of each choice before acting, under the stated model (docs/twenty.md).
#![allow(clippy::unwrap_used)]

use skald_core::{Scripted, System, Table};
use skald_twenty::odds::p_ahead;
use skald_twenty::{Command, Twenty, exchange_choices};

/// The dragon example after exchange 1 (Gorand 12 10, the dragon 14 6 5), Gorand to act in exchange 2.
fn dragon_after_exchange_one() -> Table<Twenty> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/twenty/gorand-and-the-dragon.toml"
    ))
    .unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let mut table = Table::<Twenty>::new(Default::default());
    for c in doc["characters"].as_array().unwrap() {
        let sheet = c.clone().try_into().unwrap();
        table
            .execute(<Twenty as System>::enroll(sheet), &mut Scripted::default())
            .unwrap();
    }
    for (step, dice) in
        doc["steps"]
            .as_array()
            .unwrap()
            .iter()
            .take(3)
            .zip([vec![], vec![12, 10], vec![14, 6, 5]])
    {
        let mut step = step.as_table().unwrap().clone();
        for key in ["note", "dice", "expect"] {
            step.remove(key);
        }
        let command: Command = toml::Value::Table(step).try_into().unwrap();
        table.execute(command, &mut Scripted::new(dice)).unwrap();
    }
    table
}

#[test]
fn each_eligible_choice_and_standing_get_their_exact_chance() {
    let table = dragon_after_exchange_one();
    let choices = exchange_choices(table.state(), "Gorand").unwrap();
    let listed: Vec<(Option<&str>, u32)> = choices
        .iter()
        .map(|c| (c.bring_in.as_deref(), c.dice))
        .collect();
    assert_eq!(
        listed,
        vec![
            (Some("Physical"), 5),
            (Some("Mental"), 2),
            (Some("Social"), 3),
            (Some("Spiritual"), 4),
            (Some("Arms"), 2),
            (Some("Swords"), 4),
            (Some("Honeybee"), 2),
            (None, 0),
        ]
    );
    // The dragon has not acted: the model has it bring in its largest eligible trait, Fire Breath (4).
    for c in &choices {
        let expected = p_ahead(&[12, 10], c.dice, &[(vec![14, 6, 5], 4)]).unwrap();
        assert_eq!(c.p_ahead, expected, "{:?}", c.bring_in);
    }
    assert_eq!(choices.last().unwrap().p_ahead.to_string(), "0");
    // More dice, better odds.
    assert!(choices[0].p_ahead.to_f64() > choices[1].p_ahead.to_f64());
}

#[test]
fn only_the_participant_to_act_gets_choices() {
    let table = dragon_after_exchange_one();
    let mut t = table.clone();
    t.execute(
        Command::Stand {
            who: "Gorand".into(),
            remove: Vec::new(),
        },
        &mut Scripted::default(),
    )
    .unwrap();
    let err = exchange_choices(t.state(), "Gorand")
        .unwrap_err()
        .to_string();
    assert_eq!(err, "Gorand cannot act now in exchange 2");
}
