#![allow(clippy::unwrap_used)]
//! Bad input is refused with a message naming the field, the value and what is allowed, and the ruling
//! for a rule; the table is left exactly as it was (state and log).

use serde_json::{Value, json};
use skald_core::{Scripted, System, Table};
use skald_freelancer::{Command, Freelancer, Kind, Options, Rating, Sheet};

fn table() -> Table<Freelancer> {
    let mut table = Table::<Freelancer>::new(Options::default());
    let guard = Sheet {
        kind: Kind::Encounter,
        ..Sheet::new("Guard", &[(Rating::Wil, 56)])
    };
    let sheets = [
        Sheet {
            vocation: Some("Hoplite".into()),
            ap: Some(2u64.into()),
            ..Sheet::new(
                "Ash",
                &[
                    (Rating::Lft, 42),
                    (Rating::Chm, 27),
                    (Rating::Alc, 10),
                    (Rating::Spd, 40),
                ],
            )
        },
        Sheet::new(
            "Brom",
            &[(Rating::Lft, 915), (Rating::Alc, 5), (Rating::Spd, 30)],
        ),
        guard,
    ];
    for sheet in sheets {
        table
            .execute(Freelancer::enroll(sheet), &mut Scripted::new(vec![]))
            .unwrap();
    }
    table
}

/// Plays `setup` (each accepted, with its dice), then `step` (a scenario step as JSON), which must be
/// refused with exactly `message`, leaving state and log as they were.
fn check(setup: &[(Value, Vec<i64>)], step: Value, message: &str) {
    let mut t = table();
    for (command, dice) in setup {
        let command: Command = serde_json::from_value(command.clone()).unwrap();
        t.execute(command, &mut Scripted::new(dice.clone()))
            .unwrap();
    }
    let before = t.state().clone();
    let log = t.log().len();
    let command: Command = serde_json::from_value(step).unwrap();
    let err = t
        .execute(command, &mut Scripted::new(vec![50, 50]))
        .unwrap_err();
    assert_eq!(err.to_string(), message);
    assert_eq!(t.state(), &before);
    assert_eq!(t.log().len(), log);
}

#[test]
fn ratings_must_be_whole_numbers_in_range() {
    let task = |rating: Value, difficulty: Value| json!({ "do": "task_check", "who": "Ash", "rating": rating, "difficulty": difficulty });
    check(
        &[],
        task(json!(-3), json!(56)),
        "`rating` is -3, but it must be 0 to 10^30 (the rating used, F3)",
    );
    check(
        &[],
        task(json!("strong"), json!(56)),
        "`rating` is \"strong\", but it must be a whole number 0 to 10^30 (the rating used, F3)",
    );
    check(
        &[],
        task(json!(27), json!(-56)),
        "`difficulty` is -56, but it must be 0 to 10^30 (the task's difficulty, F3)",
    );
    check(
        &[],
        task(json!(27), json!(4.5)),
        "`difficulty` is \"4.5\", but it must be a whole number 0 to 10^30 (the task's difficulty, F3)",
    );
    check(
        &[],
        task(json!(27), json!("1000000000000000000000000000001")),
        "`difficulty` is \"1000000000000000000000000000001\", but it must be 0 to 10^30 (the task's \
         difficulty, F3)",
    );
    check(
        &[],
        task(json!("WIL"), json!(5)),
        "`rating` is \"WIL\", but Ash's sheet has no WIL (it has: ALC, LFT, SPD, CHM)",
    );
    check(
        &[],
        json!({ "do": "enroll", "character": { "name": "Ogre", "ratings": { "LFT": -1 } } }),
        "`ratings.LFT` is -1, but it must be 0 to 10^30 (a rating on the sheet, F8)",
    );
    check(
        &[],
        json!({ "do": "enroll", "character": { "name": "Ogre", "level": 0 } }),
        "`level` is 0, but it must be 1 to 1000 (the character's level, F8)",
    );
}

#[test]
fn a_check_needs_a_difficulty_and_the_right_opponent() {
    check(
        &[],
        json!({ "do": "task_check", "who": "Ash", "rating": "CHM" }),
        "the task check has no difficulty: fill in the difficulty (the GM's number), or check \
         against an NPC's rating; a task check sets a rating against a difficulty (F3)",
    );
    check(
        &[],
        json!({ "do": "team_lift", "who": ["Ash", "Brom"] }),
        "the task check has no difficulty: fill in the difficulty (the GM's number), or check \
         against an NPC's rating; a task check sets a rating against a difficulty (F3)",
    );
    check(
        &[],
        json!({ "do": "task_check", "who": "Ash", "rating": "CHM", "difficulty": 5, "opponent": "Guard", "opponent_rating": "WIL" }),
        "both `difficulty` and `opponent` are given, but a task check has one difficulty: give one of \
         them (F3)",
    );
    check(
        &[],
        json!({ "do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard" }),
        "`opponent` is \"Guard\", but no `opponent_rating` says which of Guard's ratings is the \
         difficulty (F3)",
    );
    check(
        &[],
        json!({ "do": "task_check", "who": "Ash", "rating": "LFT", "opponent": "Brom", "opponent_rating": "LFT" }),
        "`opponent` is \"Brom\", but Brom has a full sheet, and a check between characters with full \
         sheets is an `opposed_check` (F4)",
    );
    check(
        &[],
        json!({ "do": "opposed_check", "a": { "who": "Ash", "rating": "CHM" }, "b": { "who": "Guard", "rating": "WIL" } }),
        "`b.who` is \"Guard\", but Guard has an Encounter Sheet, and an opposed check between \
         characters (a check against an NPC with an Encounter Sheet is a `task_check` with `opponent`) \
         needs a full sheet (kind = \"pc\" or \"npc\") (F4)",
    );
    check(
        &[],
        json!({ "do": "opposed_check", "a": { "who": "Ash", "rating": "LFT" }, "b": { "who": "Ash", "rating": "LFT" } }),
        "`a.who` and `b.who` are both \"Ash\", but an opposed check is between two characters (F4)",
    );
    check(
        &[],
        json!({ "do": "opposed_check", "a": { "who": "Ash", "rating": "LFT" }, "b": { "who": "Brom", "rating": "LFT", "adjust": [{ "factor": "1/0", "reason": "one arm" }] } }),
        "`b.adjust[0].factor` is \"1/0\", but a factor is a fraction p/q or a whole number p, with p \
         and q 1 to 100 (\"1/2\" halves a rating) (F4)",
    );
    check(
        &[],
        json!({ "do": "chance_check", "who": "Ash", "chance": 101 }),
        "`chance` is 101, but it must be 0 to 100 (a chance of success in percent, F1)",
    );
}

#[test]
fn rolling_anyway_is_retired() {
    // RULINGS F3: a check at a difference of 151 or more fails with no roll and counts as a Botch,
    // so `roll_anyway = true` is refused in every band; `false` (what older logs wrote) is taken.
    let retired = "`roll_anyway` is true, but it must be false or left out: rolling anyway is \
                   retired; a task check at a difference of 151 or more fails with no roll and \
                   counts as a Botch (F3)";
    check(
        &[],
        json!({ "do": "task_check", "who": "Ash", "rating": 0, "difficulty": 200, "roll_anyway": true }),
        retired,
    );
    check(
        &[],
        json!({ "do": "task_check", "who": "Ash", "rating": "CHM", "difficulty": 56, "roll_anyway": true }),
        retired,
    );
    check(
        &[],
        json!({ "do": "team_lift", "who": ["Ash", "Brom"], "difficulty": 100000, "roll_anyway": true }),
        retired,
    );
    let err = skald_freelancer::Error::roll_anyway_retired("roll_anyway", "true", "false");
    assert_eq!(err.field().as_deref(), Some("roll_anyway"));
    let mut t = table();
    let command: Command = serde_json::from_value(
        json!({ "do": "task_check", "who": "Ash", "rating": 0, "difficulty": 200, "roll_anyway": false }),
    )
    .unwrap();
    let events = t.execute(command, &mut Scripted::new(vec![])).unwrap();
    assert_eq!(
        serde_json::to_value(&events[0]).unwrap()["outcome"],
        json!("botch")
    );
}

#[test]
fn vocations_change_only_at_a_rest_or_in_a_safe_area() {
    check(
        &[],
        json!({ "do": "change_vocation", "who": "Ash", "vocation": "Scout" }),
        "`who` is \"Ash\", but Ash can change vocation only while resting (`rest`) or in a safe \
         area (`enter_safe_area`), and is doing neither (F8)",
    );
    let rested_and_left = [
        (json!({ "do": "rest", "who": ["Ash"] }), vec![]),
        (json!({ "do": "end_rest" }), vec![]),
    ];
    check(
        &rested_and_left,
        json!({ "do": "change_vocation", "who": "Ash", "vocation": "Scout" }),
        "`who` is \"Ash\", but Ash can change vocation only while resting (`rest`) or in a safe \
         area (`enter_safe_area`), and is doing neither (F8)",
    );
    check(
        &[(json!({ "do": "rest" }), vec![])],
        json!({ "do": "change_vocation", "who": "Ash", "vocation": "Hoplite" }),
        "`vocation` is \"Hoplite\", but Ash is a Hoplite already (F8)",
    );
    check(
        &[(json!({ "do": "rest" }), vec![])],
        json!({ "do": "change_vocation", "who": "Ash", "vocation": "Bard" }),
        "`vocation` is \"Bard\", but the vocations are Hoplite, Wushu jia, Scout, Guerilla, Witch, \
         Shaman, Swindler, Hitman (F8)",
    );
    check(
        &[],
        json!({ "do": "change_vocation", "who": "Guard", "vocation": "Scout" }),
        "`who` is \"Guard\", but Guard has an Encounter Sheet, and a vocation needs a full sheet (kind \
         = \"pc\" or \"npc\") (F8)",
    );
    check(
        &[],
        json!({ "do": "spend_ap", "who": "Ash", "ability": "Hex", "path": "Witch", "cost": 1 }),
        "`path` is \"Witch\", but outside a rest or a safe area Ash can spend AP only on General \
         abilities and those of the current vocation (Hoplite) (F8)",
    );
    check(
        &[],
        json!({ "do": "spend_ap", "who": "Ash", "ability": "Hex", "path": "general", "cost": 3 }),
        "`cost` is 3, but Ash has 2 AP (F8)",
    );
    check(
        &[],
        json!({ "do": "award", "who": ["Ash"], "reason": "nothing" }),
        "`xp` and `ap` are both 0 or absent, but an award gives XP, AP or both (F8)",
    );
    check(
        &[],
        json!({ "do": "award", "who": ["Ash"], "xp": 5, "reason": " " }),
        "`reason` is \" \", but it must be 1 to 200 characters and not blank",
    );
}

#[test]
fn total_actions_are_declared_at_initiative_and_turns_taken_in_order() {
    let started = (
        json!({ "do": "start_event", "name": "brawl", "who": ["Ash", "Brom"] }),
        vec![],
    );
    let rolled = (json!({ "do": "initiative" }), vec![30, 30]);
    check(
        &[started.clone(), rolled.clone()],
        json!({ "do": "declare_total_action", "who": "Brom" }),
        "`who` is \"Brom\", but a Total Action must be declared at initiative, and round 1's \
         initiative is already rolled; declare it before the next round's initiative (F7)",
    );
    check(
        &[started.clone(), rolled.clone()],
        json!({ "do": "act", "who": "Brom" }),
        "`who` is \"Brom\", but it is Ash's turn (turn 40 of round 1) (F7)",
    );
    check(
        &[started.clone(), rolled.clone()],
        json!({ "do": "act", "who": "Ash", "full": 2 }),
        "`full` is 2, but it must be 0 to 1 (Full Actions this turn, F7)",
    );
    check(
        &[started.clone(), rolled.clone()],
        json!({ "do": "initiative" }),
        "round 1 is under way, and it is Ash's turn (40): finish the round first (`act`; `full` \
         = 0 passes) (F5)",
    );
    check(
        &[started.clone(), rolled.clone()],
        json!({ "do": "divide", "who": "Ash", "actions": 2 }),
        "`actions` is 2, but it must be 1 (Full Actions: one more for every two orders of \
         magnitude on the slowest turn, F5)",
    );
    check(
        &[started.clone(), rolled.clone()],
        json!({ "do": "spend_ap", "who": "Ash", "ability": "Parry", "path": "Hoplite", "cost": 1 }),
        "`who` is \"Ash\", but during the event \"brawl\" buying an ability is a Total Action, and Ash \
         has none this round: declare one before the round's initiative (F7)",
    );
    check(
        std::slice::from_ref(&started),
        json!({ "do": "rest" }),
        "the event \"brawl\" is under way, and no one rests in the middle of one: end it first \
         (`end_event`) (F8)",
    );
    check(
        std::slice::from_ref(&started),
        json!({ "do": "start_event", "name": "another", "who": ["Ash"] }),
        "`name` is \"another\", but the event \"brawl\" is under way: end it first \
         (`end_event`) (F5)",
    );
    check(
        &[],
        json!({ "do": "start_event", "name": "stare-down", "who": ["Ash", "Guard"] }),
        "`who` is \"Guard\", but Guard's sheet has no ALC (it has: WIL)",
    );
    check(
        &[],
        json!({ "do": "initiative" }),
        "no event is under way: start one (`start_event`) (F5)",
    );
    check(
        &[started],
        json!({ "do": "initiative", "total_actions": ["Guard"] }),
        "`total_actions` names \"Guard\", but the event's participants are Ash, Brom (F7)",
    );
}
