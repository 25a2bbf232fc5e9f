#![allow(clippy::unwrap_used)]
//! Sheets (ruling F8): kinds, stats from the table's formulas (and the formula language's bounds),
//! XP and AP awards with reasons, level-ups, rating changes, vocation changes at a rest or in a safe
//! area, AP spending limits, and the view and log lines of each.

use serde_json::{Value, json};
use skald_core::{Scripted, System, Table};
use skald_freelancer::{Command, Freelancer, Options};

fn options(value: Value) -> Result<Options, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Sets up a table with `options` and `characters` (sheets as JSON), plays `steps` (scenario steps as
/// JSON; each must be accepted), and checks `paths` of the view: each `("/characters/Ash/ap", 3)` is a
/// JSON pointer and its expected value. Gives the log lines of the steps.
fn check(
    options_json: Value,
    characters: &[Value],
    steps: &[Value],
    paths: &[(&str, Value)],
) -> Vec<String> {
    let mut t = Table::<Freelancer>::new(options(options_json).unwrap());
    for c in characters {
        let command = Command::Enroll {
            character: serde_json::from_value(c.clone()).unwrap(),
        };
        t.execute(command, &mut Scripted::new(vec![])).unwrap();
    }
    let setup = t.log().len();
    for step in steps {
        let command: Command = serde_json::from_value(step.clone()).unwrap();
        t.execute(command, &mut Scripted::new(vec![]))
            .unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    let view = Freelancer::view(t.state());
    for (path, expected) in paths {
        assert_eq!(view.pointer(path), Some(expected), "{path} in {view:#}");
    }
    t.log()[setup..]
        .iter()
        .flat_map(|e| e.events.iter().map(Freelancer::describe))
        .collect()
}

fn ash() -> Value {
    json!({
        "name": "Ash", "vocation": "Hoplite", "ap": 1,
        "ratings": { "MIT": 12, "VIG": 8, "INT": 6, "MRL": 9, "LCK": 4 }
    })
}

fn formulas() -> Value {
    json!({ "formulas": { "HP": "VIG * 10 + MRL + LCK", "WIL": "LVL * 5 + MIT + VIG + INT + MRL" } })
}

#[test]
fn stats_come_from_the_sheet_or_the_tables_formula() {
    let guard = json!({ "name": "Guard", "kind": "encounter", "ratings": { "WIL": 56, "VIG": 3 } });
    let lines = check(
        formulas(),
        &[ash(), guard],
        &[],
        &[
            ("/characters/Ash/kind", json!("pc")),
            ("/characters/Ash/level", json!(1)),
            ("/characters/Ash/organisation", json!("Fighters Guild")),
            (
                "/characters/Ash/attributes",
                json!({ "MIT": 12, "VIG": 8, "INT": 6, "MRL": 9, "LCK": 4 }),
            ),
            (
                "/characters/Ash/stats/HP",
                json!({ "value": 93, "from": "formula", "affected_by": ["VIG", "MRL", "LCK"] }),
            ),
            ("/characters/Ash/stats/WIL/value", json!(40)),
            // The guard's WIL is written on the sheet and wins over the formula; its HP formula
            // lacks MRL and LCK, so it has no HP.
            (
                "/characters/Guard",
                json!({
                    "kind": "encounter", "attributes": { "VIG": 3 },
                    "stats": { "WIL": { "value": 56, "from": "sheet", "affected_by": ["Level", "MIT", "VIG", "INT", "MRL"] } }
                }),
            ),
        ],
    );
    assert!(lines.is_empty());
}

#[test]
fn awards_level_ups_and_rating_changes() {
    let lines = check(
        json!({ "ap_per_level": 5, "formulas": { "WIL": "LVL * 5 + MIT + VIG + INT + MRL" } }),
        &[ash(), json!({ "name": "Mara" })],
        &[
            json!({ "do": "award", "who": ["Ash", "Mara"], "xp": 120, "reason": "held the pass" }),
            json!({ "do": "award", "who": ["Ash"], "xp": 30, "ap": 2, "reason": "delivered the caravan" }),
            json!({ "do": "level_up", "who": "Ash" }),
            json!({ "do": "set_rating", "who": "Ash", "rating": "MIT", "value": 20, "reason": "a season of drills" }),
            json!({ "do": "set_rating", "who": "Ash", "rating": "WIL", "value": 70, "reason": "a blessed charm" }),
        ],
        &[
            ("/characters/Ash/xp", json!(150)),
            ("/characters/Ash/ap", json!(8)),
            ("/characters/Ash/level", json!(2)),
            ("/characters/Mara/xp", json!(120)),
            (
                "/characters/Ash/awards/1",
                json!({ "who": ["Ash"], "xp": 30, "ap": 2, "reason": "delivered the caravan" }),
            ),
            (
                "/characters/Ash/stats/WIL",
                json!({ "value": 70, "from": "sheet", "affected_by": ["Level", "MIT", "VIG", "INT", "MRL"] }),
            ),
        ],
    );
    assert_eq!(
        lines,
        [
            "Ash, Mara get 120 XP each: held the pass.",
            "Ash gets 30 XP and 2 AP: delivered the caravan.",
            "Ash reaches level 2 and gains 5 AP.",
            "Ash's MIT is now 20 (was 12): a season of drills.",
            "Ash's WIL is now 70: a blessed charm.",
        ]
    );
    // Before the charm, the formula followed the level and MIT: 2 * 5 + 20 + 8 + 6 + 9 = 53.
    check(
        json!({ "formulas": { "WIL": "LVL * 5 + MIT + VIG + INT + MRL" } }),
        &[ash()],
        &[
            json!({ "do": "level_up", "who": "Ash" }),
            json!({ "do": "set_rating", "who": "Ash", "rating": "MIT", "value": 20, "reason": "drills" }),
        ],
        &[("/characters/Ash/stats/WIL/value", json!(53))],
    );
}

#[test]
fn vocations_and_ap_follow_rests_and_safe_areas() {
    let lines = check(
        json!({}),
        &[json!({ "name": "Ash", "vocation": "Hoplite", "ap": 5 })],
        &[
            json!({ "do": "spend_ap", "who": "Ash", "ability": "Shield Wall", "path": "Hoplite", "cost": 1 }),
            json!({ "do": "spend_ap", "who": "Ash", "ability": "Second Wind", "path": "General", "cost": 1 }),
            json!({ "do": "rest" }),
            json!({ "do": "spend_ap", "who": "Ash", "ability": "Hex", "path": "Witch", "cost": 1 }),
            json!({ "do": "change_vocation", "who": "Ash", "vocation": "Wǔshù jiā" }),
            json!({ "do": "end_rest" }),
            json!({ "do": "enter_safe_area", "place": "the guild hall" }),
            json!({ "do": "spend_ap", "who": "Ash", "ability": "Smoke Bomb", "path": "Swindler", "cost": 1 }),
            json!({ "do": "change_vocation", "who": "Ash", "vocation": "swindler" }),
            json!({ "do": "leave_safe_area" }),
            json!({ "do": "spend_ap", "who": "Ash", "ability": "Pickpocket", "path": "Swindler", "cost": 1 }),
        ],
        &[
            ("/characters/Ash/ap", json!(0)),
            ("/characters/Ash/vocation", json!("Swindler")),
            ("/characters/Ash/organisation", json!("Thieves Assembly")),
            ("/characters/Ash/resting", json!(false)),
            ("/safe_area", Value::Null),
            (
                "/characters/Ash/abilities/2",
                json!({ "name": "Hex", "path": "Witch" }),
            ),
        ],
    );
    assert_eq!(
        lines,
        [
            "Ash learns Shield Wall (Hoplite) for 1 AP, 4 AP left.",
            "Ash learns Second Wind (General) for 1 AP, 3 AP left.",
            "Ash rests.",
            "Ash learns Hex (Witch) for 1 AP, 2 AP left, outside the current vocation during a rest (F8).",
            "Ash changes vocation from Hoplite to Wushu jia (Fighters Guild), during a rest (F8).",
            "Ash stops resting.",
            "The party is in a safe area: the guild hall.",
            "Ash learns Smoke Bomb (Swindler) for 1 AP, 1 AP left, outside the current vocation in a safe area (F8).",
            "Ash changes vocation from Wushu jia to Swindler (Thieves Assembly), in a safe area (F8).",
            "The party leaves the safe area: the guild hall.",
            "Ash learns Pickpocket (Swindler) for 1 AP, 0 AP left.",
        ]
    );
}

#[test]
fn options_and_formulas_are_checked_as_they_are_read() {
    let refused = |value: Value| options(value).unwrap_err();
    assert_eq!(
        refused(json!({ "formulas": { "HP": "VIG + MIT" } })),
        "The stat formula for Health Points (HP) (\"VIG + MIT\") names MIT at character 7, but HP is affected by VIG MRL LCK only \
         (the book's Stats; F8)"
    );
    assert_eq!(
        refused(json!({ "formulas": { "MIT": "12" } })),
        "A stat formula is given for Might (MIT), but it is an attribute: formulas compute stats from attributes (F8)"
    );
    assert!(
        refused(json!({ "formulas": { "HP": "VIG *" } }))
            .starts_with("the formula \"VIG *\": at character 6: the formula ends where a number")
    );
    assert_eq!(
        refused(json!({ "ap_per_level": 0 })),
        "AP per level is 0, but it must be 1 to 100 (at least 1 AP every level, the book's Abilities)"
    );
    assert!(
        refused(json!({ "initiative": 3 }))
            .contains("Initiative is 3, but it must be 1 (method 1, F5) or 2 (method 2, F6)")
    );
    assert!(refused(json!({ "chaotic": true })).contains("unknown field `chaotic`"));
    assert_eq!(options(json!({})), Ok(Options::default()));
}

#[test]
fn a_formula_out_of_range_refuses_the_change_that_causes_it() {
    let mut t = Table::<Freelancer>::new(
        options(json!({ "formulas": { "HP": "VIG * 10 - 100", "SP": "INT / (MRL - 9)" } }))
            .unwrap(),
    );
    let enroll = |sheet: Value| Command::Enroll {
        character: serde_json::from_value(sheet).unwrap(),
    };
    let err = t
        .execute(
            enroll(json!({ "name": "Weak", "ratings": { "VIG": 5 } })),
            &mut Scripted::new(vec![]),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Weak's HP comes from the table's formula \"VIG * 10 - 100\": it comes to -50, but a stat is 0 \
         to 10^30 (F8)"
    );
    t.execute(
        enroll(json!({ "name": "Ash", "ratings": { "VIG": 10, "INT": 4, "MRL": 10 } })),
        &mut Scripted::new(vec![]),
    )
    .unwrap();
    let before = t.state().clone();
    let lower: Command = serde_json::from_value(
        json!({ "do": "set_rating", "who": "Ash", "rating": "MRL", "value": 9, "reason": "grief" }),
    )
    .unwrap();
    let err = t.execute(lower, &mut Scripted::new(vec![])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Ash's SP comes from the table's formula \"INT / (MRL - 9)\": the division at character 5 \
         divides by zero (F8)"
    );
    assert_eq!(t.state(), &before);
}

#[test]
fn encounter_sheets_hold_ratings_only() {
    let mut t = Table::<Freelancer>::new(Options::default());
    let sheet: skald_freelancer::Sheet =
        serde_json::from_value(json!({ "name": "Guard", "kind": "encounter", "level": 2 }))
            .unwrap();
    let err = t
        .execute(Freelancer::enroll(sheet), &mut Scripted::new(vec![]))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`level` is given, but Guard has an Encounter Sheet (kind = \"encounter\"), which holds \
         ratings only; give the NPC a full sheet (kind = \"npc\") to track level (F8)"
    );
    let lines = check(
        json!({}),
        &[
            json!({ "name": "Guard", "kind": "encounter", "ratings": { "WIL": 56 } }),
            json!({ "name": "Boss", "kind": "npc", "level": 7, "vocation": "Hitman", "abilities": [{ "name": "Garrote", "path": "Hitman" }] }),
        ],
        &[json!({ "do": "award", "who": ["Boss"], "xp": 1, "reason": "a witness silenced" })],
        &[
            ("/characters/Boss/kind", json!("npc")),
            ("/characters/Boss/xp", json!(1)),
        ],
    );
    assert_eq!(lines, ["Boss gets 1 XP: a witness silenced."]);
}
