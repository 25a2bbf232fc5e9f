//! Regeneration by goals (T10): the log says whether a goal is one its keys list.
#![allow(clippy::unwrap_used)]

use skald_core::{Scripted, Table};
use skald_twenty::{Command, Event, Sheet, Twenty};

fn check(goal: &str, expected_reason: &str) {
    let sheet: Sheet = toml::from_str(
        r#"
        name = "Gorand"
        kind = "existing"
        stats = { Physical = 5, Mental = 2, Social = 3, Emotional = 1, Spiritual = 4 }
        keys = ["Warrior"]
        traits = [{ name = "Arms", boxes = 2, checked = 1 }, { name = "Swords", boxes = 4 }]
        "#,
    )
    .unwrap();
    let mut table = Table::<Twenty>::new(Default::default());
    table
        .execute(
            Command::AddCharacter { character: sheet },
            &mut Scripted::default(),
        )
        .unwrap();
    let command = Command::MinorGoal {
        who: "Gorand".into(),
        goal: goal.into(),
        uncheck: "Arms".into(),
    };
    let events = table
        .execute(command, &mut Scripted::default())
        .unwrap()
        .to_vec();
    match &events[..] {
        [Event::BoxesUnchecked { reason, traits, .. }] => {
            assert_eq!(reason, expected_reason);
            assert_eq!(traits, &["Arms".to_string()]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_listed_goal_and_a_table_s_own_goal() {
    check(
        "Take a physical burden.",
        "minor goal: Take a physical burden.",
    );
    check(
        "take a physical burden",
        "minor goal: take a physical burden",
    );
    check(
        "Bake a cake",
        "minor goal, the table's own (not listed under Warrior): Bake a cake",
    );
}
