//! The moves a table page offers and the odds it shows (`moves.rs`), on states folded from the
//! book's examples (`examples/twenty/*.toml`), compared as snapshots in the test kit's sketch
//! (`UPDATE_EXPECT=1 cargo test` rewrites them).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};
use skald_core::{Authority, FieldKind, Move, Scripted, Seat, SeededRandom, System, Table};
use skald_testkit::{
    Expect, check, expect, form, gm, gm_with, newcomer, player, sketch, sketch_odds,
};
use skald_twenty::odds::p_ahead;
use skald_twenty::{AdviceBudget, Command, State, Twenty, compare_pools, conflict_advice};
use std::cmp::Ordering;

const EXAMPLES: [&str; 11] = [
    "gorand-and-the-dragon",
    "dragon-surrenders",
    "dragon-burden",
    "healing",
    "healing-picks",
    "caravan-obligation",
    "three-way",
    "disabled",
    "allies",
    "allies-off",
    "healing-burden",
];

fn example(name: &str) -> toml::Table {
    let path = format!(
        "{}/../../examples/twenty/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// The example's table after its characters sit down and its first `steps` steps are played (steps
/// the example expects refused are skipped, as they change nothing).
fn after(name: &str, steps: usize) -> Table<Twenty> {
    let doc = example(name);
    let options = doc
        .get("options")
        .map(|o| o.clone().try_into().unwrap())
        .unwrap_or_default();
    let mut table = Table::<Twenty>::new(options);
    for c in doc["characters"].as_array().unwrap() {
        let sheet = c.clone().try_into().unwrap();
        table
            .execute(<Twenty as System>::enroll(sheet), &mut Scripted::default())
            .unwrap();
    }
    for step in doc["steps"].as_array().unwrap().iter().take(steps) {
        let mut step = step.as_table().unwrap().clone();
        if step.contains_key("expect_error") {
            continue;
        }
        let dice: Vec<i64> = step
            .remove("dice")
            .map(|d| d.try_into().unwrap())
            .unwrap_or_default();
        for key in ["note", "expect"] {
            step.remove(key);
        }
        let command: Command = toml::Value::Table(step).try_into().unwrap();
        table.execute(command, &mut Scripted::new(dice)).unwrap();
    }
    table
}

fn steps_of(name: &str) -> usize {
    example(name)["steps"].as_array().unwrap().len()
}

/// The moves `seat` is offered in `state`, sketched.
fn offered(state: &State, seat: &Seat) -> String {
    sketch(&<Twenty as System>::moves(state, seat))
}

/// The moves `seat` is offered in `state` whose label satisfies `keep`, sketched.
fn offered_where(state: &State, seat: &Seat, keep: impl Fn(&str) -> bool) -> String {
    let moves = <Twenty as System>::moves(state, seat);
    sketch(moves.iter().filter(|m| keep(&m.label)))
}

#[test]
fn exchange_two_of_the_dragon_for_the_gm_and_for_gorands_player() {
    // Gorand 12 10 against the dragon 14 6 5; exchange 2, neither has acted.
    let table = after("gorand-and-the-dragon", 3);
    check(
        offered(table.state(), &gm()),
        expect![[r#"
            Conflict | Gorand: bring in dice | {"do":"bring_in","who":"Gorand"} | odds
              trait: one of
                - Physical (5 d20) = "Physical"
                - Mental (2 d20) = "Mental"
                - Social (3 d20) = "Social"
                - Spiritual (4 d20) = "Spiritual"
                - Arms (2 d20) = "Arms"
                - Swords (4 d20) = "Swords"
                - Honeybee (2 d20, item) = "Honeybee"
            Conflict | Gorand: stand | {"do":"stand","who":"Gorand"} | odds
            Conflict | Gorand: surrender | {"do":"surrender","who":"Gorand"}
              confirm: Surrender Gorand? Gorand leaves the conflict for good: the dice go and the goal is lost. Dragon is left alone in it, and the conflict ends.
            Conflict | Dragon: bring in dice | {"do":"bring_in","who":"Dragon"} | odds
              trait: one of
                - Enormous (2 d20) = "Enormous"
                - Talons (2 d20) = "Talons"
                - Fire Breath (4 d20) = "Fire Breath"
            Conflict | Dragon: stand | {"do":"stand","who":"Dragon"} | odds
            Conflict | Dragon: surrender | {"do":"surrender","who":"Dragon"}
              confirm: Surrender Dragon? Dragon leaves the conflict for good: the dice go and the goal is lost. Gorand is left alone in it, and the conflict ends.
            Burdens | Gorand: take a burden (Dragon discards dice) | {"do":"take_burden","from":"Dragon","who":"Gorand"} | odds
              boxes: number 1..=1, default 1
              name: text, at most 64
            Regeneration and advancement | Gorand: major goal | {"do":"major_goal","who":"Gorand"}
              goal: one of
                - Warrior: Have the rest of your group admit that you are its best fighter. = "Have the rest of your group admit that you are its best fighter."
                - Warrior: Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice. = "Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice."
                - Warrior: Take a physical burden of 3 boxes. = "Take a physical burden of 3 boxes."
              advancement [not sent]: one of
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Add three boxes = "three_boxes"
                - Swap a trait = "swap_trait"
              reward.new_key [shown when advancement is "new_key"]: one of
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
              reward.three_boxes [shown when advancement is "three_boxes"]: any of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
            Regeneration and advancement | Dragon: major goal | {"do":"major_goal","who":"Dragon"}
              goal: text, at most 500
              advancement [not sent]: one of
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Add three boxes = "three_boxes"
                - Swap a trait = "swap_trait"
              reward.new_key [shown when advancement is "new_key"]: one of
                - Warrior (skeleton) = "Warrior"
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Strong", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful", "Friendly"]
              reward.three_boxes [shown when advancement is "three_boxes"]: any of
                - Enormous (2 boxes) = "Enormous"
                - Talons (2 boxes) = "Talons"
                - Ancient and Wise (3 boxes) = "Ancient and Wise"
                - Winged Flight (1 box) = "Winged Flight"
                - Fire Breath (4 boxes) = "Fire Breath"
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Enormous (2 boxes) = "Enormous"
                - Talons (2 boxes) = "Talons"
                - Ancient and Wise (3 boxes) = "Ancient and Wise"
                - Winged Flight (1 box) = "Winged Flight"
                - Fire Breath (4 boxes) = "Fire Breath"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Strong", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful", "Friendly"]
            Obligations | Gorand: grant an obligation | {"do":"grant_obligation","granter":"Gorand"}
              trait: one of
                - Physical (5 unchecked) = "Physical"
                - Mental (2 unchecked) = "Mental"
                - Social (3 unchecked) = "Social"
                - Emotional (1 unchecked) = "Emotional"
                - Spiritual (4 unchecked) = "Spiritual"
                - Arms (2 unchecked) = "Arms"
                - Swords (4 unchecked) = "Swords"
                - Strong (1 unchecked) = "Strong"
                - Friendly (1 unchecked) = "Friendly"
                - Marching (1 unchecked) = "Marching"
                - Honeybee (2 unchecked) = "Honeybee"
                - wine flask (1 unchecked) = "wine flask"
              boxes: number 1..=5, default 1
              grantee: one of ["Dragon"]
              as: text, at most 64
              service: text, at most 500
            Obligations | Dragon: grant an obligation | {"do":"grant_obligation","granter":"Dragon"}
              trait: one of
                - Enormous (2 unchecked) = "Enormous"
                - Talons (2 unchecked) = "Talons"
                - Ancient and Wise (2 unchecked) = "Ancient and Wise"
                - Winged Flight (1 unchecked) = "Winged Flight"
                - Fire Breath (4 unchecked) = "Fire Breath"
              boxes: number 1..=4, default 1
              grantee: one of ["Gorand"]
              as: text, at most 64
              service: text, at most 500
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
            Characters | Make an NPC or creature | {"character":{"kind":"npc"},"do":"add_character"} | odds
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=20, default 3
              character.stats.Mental: number 1..=20, default 3
              character.stats.Social: number 1..=20, default 3
              character.stats.Emotional: number 1..=20, default 3
              character.stats.Spiritual: number 1..=20, default 3
              character.keys: list of 0..=50 entries, 1 at first
                  : text, at most 64
              character.traits: list of 0..=50 entries, 3 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 2
              character.equipment: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
            Table | Define a trait | {"do":"define_trait"}
              name: text, at most 64
              description: text, at most 500
              open: flag, default no
        "#]],
    );
    // The player of Gorand: only Gorand's moves, and never a GM-only one.
    check(
        offered(table.state(), &player(&["Gorand"])),
        expect![[r#"
            Narration | Gorand: narrate exchange 1 | {"as":"Gorand","do":"say"} | lead
              text: text, at most 1000
            Conflict | Gorand: bring in dice | {"do":"bring_in","who":"Gorand"} | odds | lead
              trait: one of
                - Physical (5 d20) = "Physical"
                - Mental (2 d20) = "Mental"
                - Social (3 d20) = "Social"
                - Spiritual (4 d20) = "Spiritual"
                - Arms (2 d20) = "Arms"
                - Swords (4 d20) = "Swords"
                - Honeybee (2 d20, item) = "Honeybee"
            Conflict | Gorand: stand | {"do":"stand","who":"Gorand"} | odds
            Conflict | Gorand: surrender | {"do":"surrender","who":"Gorand"}
              confirm: Surrender Gorand? Gorand leaves the conflict for good: the dice go and the goal is lost. Dragon is left alone in it, and the conflict ends.
            Burdens | Gorand: take a burden (Dragon discards dice) | {"do":"take_burden","from":"Dragon","who":"Gorand"} | odds
              boxes: number 1..=1, default 1
              name: text, at most 64
            Regeneration and advancement | Gorand: major goal | {"do":"major_goal","who":"Gorand"}
              goal: one of
                - Warrior: Have the rest of your group admit that you are its best fighter. = "Have the rest of your group admit that you are its best fighter."
                - Warrior: Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice. = "Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice."
                - Warrior: Take a physical burden of 3 boxes. = "Take a physical burden of 3 boxes."
              advancement [not sent]: one of
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Add three boxes = "three_boxes"
                - Swap a trait = "swap_trait"
              reward.new_key [shown when advancement is "new_key"]: one of
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
              reward.three_boxes [shown when advancement is "three_boxes"]: any of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
            Obligations | Gorand: grant an obligation | {"do":"grant_obligation","granter":"Gorand"}
              trait: one of
                - Physical (5 unchecked) = "Physical"
                - Mental (2 unchecked) = "Mental"
                - Social (3 unchecked) = "Social"
                - Emotional (1 unchecked) = "Emotional"
                - Spiritual (4 unchecked) = "Spiritual"
                - Arms (2 unchecked) = "Arms"
                - Swords (4 unchecked) = "Swords"
                - Strong (1 unchecked) = "Strong"
                - Friendly (1 unchecked) = "Friendly"
                - Marching (1 unchecked) = "Marching"
                - Honeybee (2 unchecked) = "Honeybee"
                - wine flask (1 unchecked) = "wine flask"
              boxes: number 1..=5, default 1
              grantee: one of ["Dragon"]
              as: text, at most 64
              service: text, at most 500
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
        "#]],
    );
    // A player with no character yet: only sitting down.
    check(
        offered(table.state(), &newcomer()),
        expect![[r#"
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
        "#]],
    );
}

#[test]
fn what_is_done_is_no_longer_offered() {
    let mut table = after("gorand-and-the-dragon", 3);
    table
        .execute(
            Command::Stand {
                who: "Gorand".into(),
                remove: Vec::new(),
            },
            &mut Scripted::default(),
        )
        .unwrap();
    // Stood in exchange 2: no bring-in, no stand; surrender and burdens stay.
    check(
        offered(table.state(), &player(&["Gorand"])),
        expect![[r#"
            Conflict | Gorand: surrender | {"do":"surrender","who":"Gorand"}
              confirm: Surrender Gorand? Gorand leaves the conflict for good: the dice go and the goal is lost. Dragon is left alone in it, and the conflict ends.
            Burdens | Gorand: take a burden (Dragon discards dice) | {"do":"take_burden","from":"Dragon","who":"Gorand"} | odds
              boxes: number 1..=1, default 1
              name: text, at most 64
            Regeneration and advancement | Gorand: major goal | {"do":"major_goal","who":"Gorand"}
              goal: one of
                - Warrior: Have the rest of your group admit that you are its best fighter. = "Have the rest of your group admit that you are its best fighter."
                - Warrior: Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice. = "Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice."
                - Warrior: Take a physical burden of 3 boxes. = "Take a physical burden of 3 boxes."
              advancement [not sent]: one of
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Add three boxes = "three_boxes"
                - Swap a trait = "swap_trait"
              reward.new_key [shown when advancement is "new_key"]: one of
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
              reward.three_boxes [shown when advancement is "three_boxes"]: any of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
            Obligations | Gorand: grant an obligation | {"do":"grant_obligation","granter":"Gorand"}
              trait: one of
                - Physical (5 unchecked) = "Physical"
                - Mental (2 unchecked) = "Mental"
                - Social (3 unchecked) = "Social"
                - Emotional (1 unchecked) = "Emotional"
                - Spiritual (4 unchecked) = "Spiritual"
                - Arms (2 unchecked) = "Arms"
                - Swords (4 unchecked) = "Swords"
                - Strong (1 unchecked) = "Strong"
                - Friendly (1 unchecked) = "Friendly"
                - Marching (1 unchecked) = "Marching"
                - Honeybee (2 unchecked) = "Honeybee"
                - wine flask (1 unchecked) = "wine flask"
              boxes: number 1..=5, default 1
              grantee: one of ["Dragon"]
              as: text, at most 64
              service: text, at most 500
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
        "#]],
    );

    // The end of the book's conflict: the dragon is dead and acts no more; no conflict to start
    // with one living character; Gorand's checked boxes may regenerate.
    let table = after("gorand-and-the-dragon", steps_of("gorand-and-the-dragon"));
    let state = table.state();
    check(
        offered(state, &gm()),
        expect![[r#"
            Regeneration and advancement | Gorand: minor goal | {"do":"minor_goal","who":"Gorand"}
              goal: one of
                - Warrior: Fight a foe you have not fought before. = "Fight a foe you have not fought before."
                - Warrior: Beat a foe in a fight. = "Beat a foe in a fight."
                - Warrior: Take a physical burden. = "Take a physical burden."
              uncheck: one of
                - Arms (1 checked) = "Arms"
                - Swords (1 checked) = "Swords"
                - Friendly (1 checked) = "Friendly"
            Regeneration and advancement | Gorand: major goal | {"do":"major_goal","who":"Gorand"}
              goal: one of
                - Warrior: Have the rest of your group admit that you are its best fighter. = "Have the rest of your group admit that you are its best fighter."
                - Warrior: Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice. = "Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice."
                - Warrior: Take a physical burden of 3 boxes. = "Take a physical burden of 3 boxes."
              advancement [not sent]: one of
                - Uncheck 3 boxes = "uncheck"
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Add three boxes = "three_boxes"
                - Swap a trait = "swap_trait"
              reward.uncheck [shown when advancement is "uncheck"]: one of
                - Arms, Swords, Friendly = ["Arms","Swords","Friendly"]
              reward.new_key [shown when advancement is "new_key"]: one of
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
              reward.three_boxes [shown when advancement is "three_boxes"]: any of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
            Regeneration and advancement | Rest for Gorand | {"do":"rest","who":"Gorand"}
              uncheck: any of
                - Arms (box 1) = "Arms"
                - Swords (box 1) = "Swords"
                - Friendly (box 1) = "Friendly"
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
            Characters | Make an NPC or creature | {"character":{"kind":"npc"},"do":"add_character"} | odds
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=20, default 3
              character.stats.Mental: number 1..=20, default 3
              character.stats.Social: number 1..=20, default 3
              character.stats.Emotional: number 1..=20, default 3
              character.stats.Spiritual: number 1..=20, default 3
              character.keys: list of 0..=50 entries, 1 at first
                  : text, at most 64
              character.traits: list of 0..=50 entries, 3 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 2
              character.equipment: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
            Table | Define a trait | {"do":"define_trait"}
              name: text, at most 64
              description: text, at most 500
              open: flag, default no
        "#]],
    );
    check(
        offered(state, &player(&["Gorand"])),
        expect![[r#"
            Narration | Gorand: final narration: your goal | {"as":"Gorand","do":"say"} | lead
              text: text, at most 1000
            Regeneration and advancement | Gorand: minor goal | {"do":"minor_goal","who":"Gorand"}
              goal: one of
                - Warrior: Fight a foe you have not fought before. = "Fight a foe you have not fought before."
                - Warrior: Beat a foe in a fight. = "Beat a foe in a fight."
                - Warrior: Take a physical burden. = "Take a physical burden."
              uncheck: one of
                - Arms (1 checked) = "Arms"
                - Swords (1 checked) = "Swords"
                - Friendly (1 checked) = "Friendly"
            Regeneration and advancement | Gorand: major goal | {"do":"major_goal","who":"Gorand"}
              goal: one of
                - Warrior: Have the rest of your group admit that you are its best fighter. = "Have the rest of your group admit that you are its best fighter."
                - Warrior: Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice. = "Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice."
                - Warrior: Take a physical burden of 3 boxes. = "Take a physical burden of 3 boxes."
              advancement [not sent]: one of
                - Uncheck 3 boxes = "uncheck"
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Add three boxes = "three_boxes"
                - Swap a trait = "swap_trait"
              reward.uncheck [shown when advancement is "uncheck"]: one of
                - Arms, Swords, Friendly = ["Arms","Swords","Friendly"]
              reward.new_key [shown when advancement is "new_key"]: one of
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
              reward.three_boxes [shown when advancement is "three_boxes"]: any of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Arms (2 boxes) = "Arms"
                - Swords (4 boxes) = "Swords"
                - Strong (1 box) = "Strong"
                - Friendly (2 boxes) = "Friendly"
                - Marching (1 box) = "Marching"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Bows", "Crossbows", "Knives", "Polearms", "Warfare", "Smart", "Wise", "Sneaky", "Stubborn", "Beautiful"]
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
        "#]],
    );
    // Each kind of reward, picked on the form, sends the reward the rules pay, and never the
    // blank that picked the kind; the table takes each (T10).
    let goal = <Twenty as System>::moves(state, &gm())
        .into_iter()
        .find(|m| m.label == "Gorand: major goal")
        .unwrap();
    let sent = |picks: &[(&str, Value)]| {
        let mut picks = picks.to_vec();
        picks.insert(0, ("goal", json!("Take a physical burden of 3 boxes.")));
        form::picked(&goal, &picks)
    };
    let cases = [
        (
            sent(&[]),
            json!({"uncheck": ["Arms", "Swords", "Friendly"]}),
        ),
        (
            sent(&[("advancement", json!("new_key"))]),
            json!({"new_key": "Explorer"}),
        ),
        (
            sent(&[("advancement", json!("new_trait"))]),
            json!({"new_trait": "Bows"}),
        ),
        (
            sent(&[
                ("advancement", json!("three_boxes")),
                ("reward.three_boxes", json!(["Arms", "Strong", "Marching"])),
            ]),
            json!({"three_boxes": ["Arms", "Strong", "Marching"]}),
        ),
        (
            sent(&[
                ("advancement", json!("swap_trait")),
                ("reward.swap_trait.old", json!("Marching")),
            ]),
            json!({"swap_trait": {"old": "Marching", "new": "Bows"}}),
        ),
    ];
    for (command, reward) in cases {
        assert_eq!(
            command,
            json!({"do": "major_goal", "who": "Gorand",
                   "goal": "Take a physical burden of 3 boxes.", "reward": reward})
        );
        let mut played = table.clone();
        played
            .execute(
                serde_json::from_value(command).unwrap(),
                &mut Scripted::default(),
            )
            .unwrap();
    }
}

#[test]
fn a_healer_is_offered_the_burden_boxes_to_pick() {
    // healing-picks.toml: Wren leads 20 19 11 against the cracked ribs' 19 12 9 in exchange 2. Her
    // bring-in offers every box (its dice are unknown: only the first picks they earn count); her
    // stand ends the healing, and her dice earn two boxes (T8).
    let table = after("healing-picks", 8);
    let stand = <Twenty as System>::moves(table.state(), &gm())
        .into_iter()
        .find(|m| m.label == "Wren: stand")
        .unwrap();
    assert_eq!(
        stand.fields[0].label,
        "Burden boxes to remove: up to 2 (highest first if none picked)"
    );
    check(
        offered_where(table.state(), &gm(), |label| {
            label == "Wren: bring in dice" || label == "Wren: stand"
        }),
        expect![[r#"
            Conflict | Wren: bring in dice | {"do":"bring_in","who":"Wren"} | odds
              trait: one of
                - Spiritual (5 d20) = "Spiritual"
                - Herbs (3 d20) = "Herbs"
              remove: any of
                - 19 (box 1) = 19
                - 12 (box 2) = 12
                - 9 (box 3) = 9
            Conflict | Wren: stand | {"do":"stand","who":"Wren"} | odds
              confirm: Wren: stand? This ends the conflict: a healer who stands ends a healing conflict, and the best pool wins (T8).
              remove: any of
                - 19 (box 1) = 19
                - 12 (box 2) = 12
                - 9 (box 3) = 9
        "#]],
    );
    // Behind, a stand earns nothing: no boxes to pick.
    let table = after("healing-picks", 3);
    check(
        offered_where(table.state(), &gm(), |label| label == "Healer: stand"),
        expect![[r#"
            Conflict | Healer: stand | {"do":"stand","who":"Healer"} | odds
              confirm: Healer: stand? This ends the conflict: a healer who stands ends a healing conflict, and the best pool wins (T8).
        "#]],
    );
}

#[test]
fn burdens_healing_and_obligations_are_offered_to_whom_they_belong() {
    // Three-way, exchange 2: Cole surrendered; Bram carries "Cut along the ribs" [18], made in this
    // conflict (so nobody may use it here).
    let table = after("three-way", 7);
    check(
        offered(table.state(), &player(&["Bram"])),
        expect![[r#"
            Narration | Bram: narrate exchange 1 | {"as":"Bram","do":"say"} | lead
              text: text, at most 1000
            Conflict | Bram: bring in dice | {"do":"bring_in","who":"Bram"} | odds | lead
              trait: one of
                - Physical (3 d20) = "Physical"
                - Mental (2 d20) = "Mental"
                - Emotional (4 d20) = "Emotional"
                - Spiritual (5 d20) = "Spiritual"
                - Stubborn (2 d20) = "Stubborn"
            Conflict | Bram: stand | {"do":"stand","who":"Bram"} | odds
            Conflict | Bram: surrender | {"do":"surrender","who":"Bram"}
              confirm: Surrender Bram? Bram leaves the conflict for good: the dice go and the goal is lost. Ilsa is left alone in it, and the conflict ends.
            Regeneration and advancement | Bram: major goal | {"do":"major_goal","who":"Bram"}
              goal: text, at most 500
              advancement [not sent]: one of
                - Add a new key = "new_key"
                - Add a new trait = "new_trait"
                - Swap a trait = "swap_trait"
              reward.new_key [shown when advancement is "new_key"]: one of
                - Warrior (skeleton) = "Warrior"
                - Explorer (skeleton) = "Explorer"
                - Scholar (skeleton) = "Scholar"
                - Noble (skeleton) = "Noble"
              reward.new_trait [shown when advancement is "new_trait"]: one of ["Strong", "Smart", "Wise", "Sneaky", "Beautiful", "Friendly"]
              reward.swap_trait.old [shown when advancement is "swap_trait"]: one of
                - Brawling (3 boxes) = "Brawling"
                - Stubborn (2 boxes) = "Stubborn"
              reward.swap_trait.new [shown when advancement is "swap_trait"]: one of ["Strong", "Smart", "Wise", "Sneaky", "Beautiful", "Friendly"]
            Obligations | Bram: grant an obligation | {"do":"grant_obligation","granter":"Bram"}
              trait: one of
                - Physical (3 unchecked) = "Physical"
                - Mental (2 unchecked) = "Mental"
                - Social (1 unchecked) = "Social"
                - Emotional (4 unchecked) = "Emotional"
                - Spiritual (5 unchecked) = "Spiritual"
                - Brawling (2 unchecked) = "Brawling"
                - Stubborn (2 unchecked) = "Stubborn"
              boxes: number 1..=5, default 1
              grantee: one of ["Ilsa", "Cole"]
              as: text, at most 64
              service: text, at most 500
            Characters | Make a new character | {"character":{"equipment":[{"boxes":2},{"boxes":1}],"kind":"new"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical: number 1..=5, default 5
              character.stats.Mental: number 1..=5, default 4
              character.stats.Social: number 1..=5, default 3
              character.stats.Emotional: number 1..=5, default 2
              character.stats.Spiritual: number 1..=5, default 1
              character.keys.0: one of ["Warrior", "Explorer", "Scholar", "Noble"]
              character.traits: list of 3..=6 entries, 3 at first, boxes adding up to 10
                  name: one of 40 options, not listed
                  boxes: number 1..=10, default 2
              character.equipment.0.name: text, at most 64
              character.equipment.1.name: text, at most 64
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
            Characters | Bring a character from earlier play | {"character":{"kind":"existing"},"do":"add_character"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.stats.Physical.boxes: number 1..=20, default 5
              character.stats.Physical.checked: number 0..=20, default 0
              character.stats.Mental.boxes: number 1..=20, default 4
              character.stats.Mental.checked: number 0..=20, default 0
              character.stats.Social.boxes: number 1..=20, default 3
              character.stats.Social.checked: number 0..=20, default 0
              character.stats.Emotional.boxes: number 1..=20, default 2
              character.stats.Emotional.checked: number 0..=20, default 0
              character.stats.Spiritual.boxes: number 1..=20, default 1
              character.stats.Spiritual.checked: number 0..=20, default 0
              character.keys: any of
                - Warrior = "Warrior"
                - Explorer = "Explorer"
                - Scholar = "Scholar"
                - Noble = "Noble"
                - Paladin (elite: needs Divinity 2, Arms 2, Oath 1, Mission 2) = "Paladin"
                - Priest (elite: needs Divinity 2, Knowledge 4, Religion 1) = "Priest"
                - Sorcerer (elite: needs Knowledge 4, Dark Pact 2) = "Sorcerer"
                - Thief (elite: needs Troubled Past 1, Sneaky 2) = "Thief"
                - Scion (elite: needs Leader 2, Land-bonded 6, Divinity 2) = "Scion"
                - Druid (elite: needs Nature 4, Gaia 4) = "Druid"
                - Archer (elite: needs Bows 4) = "Archer"
              character.traits: list of 0..=50 entries, 3 at first
                  name: one of 40 options, not listed
                  boxes: number 1..=20, default 2
                  checked: number 0..=20, default 0
              character.equipment: list of 0..=50 entries, 2 at first
                  name: text, at most 64
                  boxes: number 1..=20, default 1
                  checked: number 0..=20, default 0
                  broken: flag, default no
              character.gear: list of 0..=50 entries, 2 at first
                  : text, at most 64
              character.burdens: list of 0..=50 entries, 0 at first
                  name: text, at most 64
                  stat: one of ["Physical", "Mental", "Social", "Emotional", "Spiritual"]
                  boxes: list of 1..=20 entries, 1 at first
                      : number 1..=20, default 10
        "#]],
    );
    // The next conflict: Cole may use Bram's burden box, once.
    let table = after("three-way", 11);
    let burden = |label: &str| label.contains("burden");
    check(
        offered_where(table.state(), &player(&["Cole"]), burden),
        expect![[r#"
            Burdens | Cole: use Bram's burden Cut along the ribs | {"burden":"Cut along the ribs","do":"use_burden","of":"Bram","who":"Cole"}
              value: one of [18]
        "#]],
    );
    let table = after("three-way", 12);
    check(
        offered_where(table.state(), &player(&["Cole"]), burden),
        expect![[""]],
    );

    // Healing: the patient's player starts it (the GM's "may" is the GM's alone, T8).
    let table = after("healing", 0);
    let heal = |label: &str| label.starts_with("Heal ");
    check(
        offered_where(table.state(), &player(&["Gorand"]), heal),
        expect![[r#"
            Healing | Heal Gorand's burden | {"do":"start_healing","patient":"Gorand"}
              burden: one of
                - Flesh wound across my cheek (Physical: 17 15) = "Flesh wound across my cheek"
              healer: one of
                - Gorand (the patient) = "Gorand"
                - Healer = "Healer"
        "#]],
    );
    check(
        offered_where(table.state(), &gm(), heal),
        expect![[r#"
        Healing | Heal Gorand's burden | {"do":"start_healing","patient":"Gorand"}
          burden: one of
            - Flesh wound across my cheek (Physical: 17 15) = "Flesh wound across my cheek"
          healer: one of
            - Gorand (the patient) = "Gorand"
            - Healer = "Healer"
          worsen_on_loss: flag, default yes
    "#]],
    );
    // The healer acts in the healing; the GM's side never does.
    let table = after("healing", 2);
    let moves = <Twenty as System>::moves(table.state(), &gm());
    check(
        sketch(moves.iter().take(5)),
        expect![[r#"
            Narration | The GM (the burden): narrate exchange 1 | {"do":"say"} | lead
              text: text, at most 1000
            Conflict | Healer: bring in dice | {"do":"bring_in","who":"Healer"} | odds
              trait: one of
                - Spiritual (4 d20) = "Spiritual", confirm: Healer: bring in dice with Spiritual? These are the conflict's last dice: once they are rolled, exchange 3 begins with nothing anyone can bring in, so the best pool wins (T2, T4).
                - Healing (2 d20) = "Healing"
              remove: any of
                - 17 (box 1) = 17
                - 15 (box 2) = 15
            Conflict | Healer: stand | {"do":"stand","who":"Healer"} | odds
              confirm: Healer: stand? This ends the conflict: a healer who stands ends a healing conflict, and the best pool wins (T8).
            Conflict | Healer: surrender | {"do":"surrender","who":"Healer"}
              confirm: Surrender Healer? Healer leaves the conflict for good: the dice go and the goal is lost. The GM is left alone in it, and the conflict ends.
            Burdens | Healer: take a burden (the GM discards dice) | {"do":"take_burden","from":"GM","who":"Healer"} | odds
              confirm: Take this burden? If the stat die puts it under Emotional with 2 boxes or more, Gorand is disabled (T7).
              boxes: number 1..=2, default 1
              name: text, at most 64
        "#]],
    );

    // Obligations: the grantee's player ends it as fulfilled; the GM may rescind.
    let table = after("caravan-obligation", 2);
    let ends = |label: &str| label.contains("end an obligation");
    check(
        offered_where(table.state(), &player(&["Gorand"]), ends),
        expect![[r#"
            Obligations | Gorand: end an obligation | {"do":"end_obligation","grantee":"Gorand","reason":"fulfilled"}
              trait: one of
                - Fame in Corsille (from Caravan master: bring back my daughter from the big dragon) = "Fame in Corsille"
        "#]],
    );
    check(
        offered_where(table.state(), &gm(), ends),
        expect![[r#"
        Obligations | Gorand: end an obligation | {"do":"end_obligation","grantee":"Gorand"}
          trait: one of
            - Fame in Corsille (from Caravan master: bring back my daughter from the big dragon) = "Fame in Corsille"
          reason: one of
            - Fulfilled: the service is done = "fulfilled"
            - Rescinded: the granter changed its mind = "rescinded"
    "#]],
    );
    check(
        offered_where(table.state(), &player(&["Caravan master"]), ends),
        expect![[""]],
    );
}

/// Who may send `command` by `authority.rs`, for `seat`.
fn may_send(seat: &Seat, command: &Command) -> bool {
    match <Twenty as System>::authority(command) {
        Authority::Gm | Authority::GmEnroll(_) => seat.gm,
        Authority::Character(name) => seat.controls(&name),
        Authority::Anyone | Authority::Enroll(_) => true,
    }
}

/// The command a form sends when its blanks keep their defaults (`skald_testkit::form`: a number
/// its default, a choice its first option offered, a multiple choice every option, a flag its
/// default, a list its first entries); a text what a user would write there (a form cannot know
/// it): a new trait or burden name, a goal. A character builder's blanks are a person's picks, not
/// defaults: its sheet is one a user would make (the builders themselves are filled as a user
/// would in `the_builder_makes_the_books_gorand` and its neighbours).
fn filled(mv: &Move) -> Command {
    let mut command = form::filled(mv, &|f, _| Some(json!(format!("Probe {}", f.name))));
    // A healer picks at most the boxes its dice earn (T8): its first offered.
    if let Some(Value::Array(picks)) = command.get_mut("remove") {
        picks.truncate(1);
    }
    // The sides of a conflict are the GM's picks: the first two characters offered.
    if let Some(FieldKind::List { item, .. }) = mv.fields.first().map(|f| &f.kind)
        && mv.command["do"] == "start_conflict"
        && let FieldKind::Choice { options, .. } = &item[0].kind
    {
        form::set(&mut command, "participants.1.who", options[1].value.clone());
        // Two goals, or the two are allies of one side and no conflict (T13).
        form::set(
            &mut command,
            "participants.1.goal",
            json!("Probe the other goal"),
        );
    }
    if let Some(sheet) = &mv.sheet {
        let kind = form::get(&command, &format!("{sheet}.kind")).cloned();
        let mut probe = json!({
            "name": "Probe the Bold",
            "stats": {"Physical": 1, "Mental": 2, "Social": 3, "Emotional": 4, "Spiritual": 5},
            "keys": ["Scholar"],
            "traits": [{"name": "Smart", "boxes": 4}, {"name": "Wise", "boxes": 3}, {"name": "Stubborn", "boxes": 3}],
            "equipment": [{"name": "Lantern", "boxes": 2}, {"name": "Map case", "boxes": 1}],
        });
        if let Some(kind) = kind {
            probe["kind"] = kind;
        }
        form::set(&mut command, sheet, probe);
    }
    serde_json::from_value(command.clone()).unwrap_or_else(|e| panic!("{command}: {e}"))
}

/// The criterion: every move offered, with its blanks filled as `filled` fills them, is one the seat
/// may send (`authority.rs`) and one `decide` accepts, at every step of every example, for the GM and
/// for each character's player. What a form cannot know is only what the user types (a sheet, a
/// name) and how two blanks combine (grant more boxes than the chosen trait has unchecked); those
/// `decide` refuses by name, below.
#[test]
fn every_move_offered_is_sent_and_accepted_with_its_defaults() {
    let mut tried = 0;
    for name in EXAMPLES {
        for steps in 0..=steps_of(name) {
            let table = after(name, steps);
            let state = table.state();
            let mut seats = vec![gm()];
            seats.extend(state.characters.iter().map(|c| player(&[c.name.as_str()])));
            for seat in &seats {
                for mv in <Twenty as System>::moves(state, seat) {
                    // A prompt to narrate is the table's talk, which the rules never see.
                    if mv.command["do"] == skald_core::SAY {
                        continue;
                    }
                    let command = filled(&mv);
                    assert!(
                        may_send(seat, &command),
                        "{name} after {steps}: {seat:?} may not send {command:?}"
                    );
                    let decided = <Twenty as System>::decide(
                        state,
                        &command,
                        &mut SeededRandom::from_seed(7),
                    );
                    assert!(
                        decided.is_ok(),
                        "{name} after {steps}, {}: {command:?} refused: {:?}",
                        mv.label,
                        decided.err()
                    );
                    tried += 1;
                }
            }
        }
    }
    assert!(tried > 500, "{tried} moves tried");
}

#[test]
fn what_a_form_cannot_know_is_refused_by_name() {
    let table = after("caravan-obligation", 0);
    let refused = |command: Value| {
        let command: Command = serde_json::from_value(command).unwrap();
        <Twenty as System>::decide(table.state(), &command, &mut Scripted::default())
            .unwrap_err()
            .to_string()
    };
    let cases = [
        (
            json!({"do": "grant_obligation", "granter": "Caravan master", "trait": "Haggling", "boxes": 3,
                   "grantee": "Gorand", "as": "Fame", "service": "Bring her back"}),
            "3 boxes to colour: Caravan master's Haggling has 2 unchecked boxes, so 1 to 2 (T11)",
        ),
        (
            json!({"do": "add_character", "character": {"name": "Ann", "stats": {"Physical": 5}}}),
            "Ann: stats are Physical 5, Mental missing, Social missing, Emotional missing, Spiritual missing; the five stats take 1, 2, 3, 4 and 5 boxes, one each (T1)",
        ),
    ];
    for (command, message) in cases {
        assert_eq!(refused(command), message);
    }
}

/// The chances of `command` in `state` as (label, p), for the brute-force comparisons.
fn odds_of(state: &State, command: Value) -> Option<Vec<(String, String)>> {
    let command: Command = serde_json::from_value(command).unwrap();
    <Twenty as System>::odds(state, &command)
        .map(|o| o.chances.into_iter().map(|c| (c.label, c.p)).collect())
}

/// The odds of `command` in `state`, sketched.
fn sketched_odds(state: &State, command: Value) -> String {
    let command: Command = serde_json::from_value(command).unwrap();
    sketch_odds(<Twenty as System>::odds(state, &command).as_ref())
}

#[test]
fn bring_in_and_stand_odds_are_exact() {
    // Gorand 12 10 against 14 6 5; the dragon is yet to act and is taken to bring in Fire Breath (4).
    // The same numbers as `skald twenty odds --mine 12,10 --theirs 14,6,5 --bring 2 --theirs-bring 4`.
    let table = after("gorand-and-the-dragon", 3);
    let state = table.state();
    let arms = p_ahead(&[12, 10], 2, &[(vec![14, 6, 5], 4)]).unwrap();
    assert_eq!(arms.to_string(), "8944929/32000000");
    let cases: [(Value, Expect); 7] = [
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Arms"}),
            // The highest of the two new dice: (v^2 - (v-1)^2)/400.
            expect![[r#"
                Gorand brings in Arms: 2 d20 in exchange 2, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen).
                  Ahead of every other pool after the exchange (T3): 8944929/32000000 (0.27952903125)
                  Ahead after the exchange if you stand instead: 0 (0)
                  A 1 among the dice: forced to stand for the rest of the conflict (T2): 39/400 (0.0975)
                  distribution: 1: 1/400, 2: 3/400, 3: 1/80, 4: 7/400, 5: 9/400, 6: 11/400, 7: 13/400, 8: 3/80, 9: 17/400, 10: 19/400, 11: 21/400, 12: 23/400, 13: 1/16, 14: 27/400, 15: 29/400, 16: 31/400, 17: 33/400, 18: 7/80, 19: 37/400, 20: 39/400
            "#]],
        ),
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Honeybee"}),
            expect![[r#"
                Gorand brings in Honeybee: 2 d20 in exchange 2, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen).
                  Ahead of every other pool after the exchange (T3): 8944929/32000000 (0.27952903125)
                  Ahead after the exchange if you stand instead: 0 (0)
                  A 1 among the dice: forced to stand (T2) and Honeybee breaks (T9): 39/400 (0.0975)
                  distribution: 1: 1/400, 2: 3/400, 3: 1/80, 4: 7/400, 5: 9/400, 6: 11/400, 7: 13/400, 8: 3/80, 9: 17/400, 10: 19/400, 11: 21/400, 12: 23/400, 13: 1/16, 14: 27/400, 15: 29/400, 16: 31/400, 17: 33/400, 18: 7/80, 19: 37/400, 20: 39/400
            "#]],
        ),
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Physical"}),
            expect![[r#"
                Gorand brings in Physical: 5 d20 in exchange 2, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen).
                  Ahead of every other pool after the exchange (T3): 11012414159/20480000000 (0.5377155351074219)
                  Ahead after the exchange if you stand instead: 0 (0)
                  A 1 among the dice: forced to stand for the rest of the conflict (T2): 723901/3200000 (0.2262190625)
                  distribution: 1: 1/3200000, 2: 31/3200000, 3: 211/3200000, 4: 781/3200000, 5: 2101/3200000, 6: 4651/3200000, 7: 9031/3200000, 8: 15961/3200000, 9: 26281/3200000, 10: 40951/3200000, 11: 61051/3200000, 12: 87781/3200000, 13: 122461/3200000, 14: 166531/3200000, 15: 221551/3200000, 16: 289201/3200000, 17: 371281/3200000, 18: 469711/3200000, 19: 586531/3200000, 20: 723901/3200000
            "#]],
        ),
        (
            json!({"do": "stand", "who": "Gorand"}),
            expect![[r#"
            Gorand stands on 12 10 in exchange 2, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen).
              Ahead of every other pool after the exchange (T3): 0 (0)
        "#]],
        ),
        // Refused now: no odds.
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Friendly"}),
            expect![[r#"
                no odds
            "#]],
        ),
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Strong"}),
            expect![[r#"
                no odds
            "#]],
        ),
        // Rolls nothing a choice could weigh.
        (
            json!({"do": "surrender", "who": "Gorand"}),
            expect![[r#"
                no odds
            "#]],
        ),
    ];
    for (command, expected) in cases {
        check(sketched_odds(state, command), expected);
    }
}

#[test]
fn bring_in_odds_agree_with_brute_force() {
    // Exchange 1: Gorand has brought in 12 10 and adds nothing more; the dragon weighs Enormous (2
    // dice) and Ancient and Wise (3): count every roll.
    let table = after("gorand-and-the-dragon", 2);
    let state = table.state();
    let brute = |n: u32| -> (u64, u64) {
        let total = 20u64.pow(n);
        let ahead = (0..total)
            .filter(|i| {
                let pool: Vec<u32> = (0..n).map(|d| (i / 20u64.pow(d) % 20) as u32 + 1).collect();
                compare_pools(&pool, &[12, 10]) == Ordering::Greater
            })
            .count() as u64;
        (ahead, total)
    };
    let reduce = |(n, d): (u64, u64)| {
        let g = (1..=n.min(d))
            .rev()
            .find(|g| n % g == 0 && d % g == 0)
            .unwrap_or(1);
        format!("{}/{}", n / g, d / g)
    };
    for (trait_name, dice) in [("Enormous", 2), ("Ancient and Wise", 3)] {
        let found = odds_of(
            state,
            json!({"do": "bring_in", "who": "Dragon", "trait": trait_name}),
        )
        .unwrap();
        assert_eq!(found[0].1, reduce(brute(dice)), "{trait_name}");
    }
    // 1 - (12/20)^2 for a die above 12, and 12 with 11 or 12 beside it: (256 + 3)/400.
    assert_eq!(reduce(brute(2)), "259/400");
}

#[test]
fn take_burden_odds_weigh_the_burden_and_what_follows() {
    // Gorand 14 12 9 3 against the witch's 19 17 6 2, exchange 2: two boxes toss the 19 and 17. The
    // d20 picks the stat; Gorand has one Emotional box, so two boxes there disable him (T7).
    let table = after("disabled", 3);
    let state = table.state();
    let two = json!({"do": "take_burden", "who": "Gorand", "from": "Witch", "boxes": 2, "name": "Terror"});
    check(
        sketched_odds(state, two),
        expect![[r#"
        Witch discards 19 17 (left: 6 2); 1d20 picks the burden's stat (T5); if not disabled, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen).
          Ahead of Witch right after (T5): 1 (1)
          Disabled by it: loses the conflict at once (T7): 1/5 (0.2)
          Under Physical (d20 1-4): 1/5 (0.2)
          Under Mental (d20 5-8): 1/5 (0.2)
          Under Social (d20 9-12): 1/5 (0.2)
          Under Emotional (d20 13-16): disabled: 1/5 (0.2)
          Under Spiritual (d20 17-20): 1/5 (0.2)
          Then bring in Physical (5 d20): ahead after the exchange: 17185371539/25600000000 (0.6713035757421875)
          Then bring in Mental (2 d20): ahead after the exchange: 1619581/3200000 (0.5061190625)
          Then bring in Social (3 d20): ahead after the exchange: 2287521/4000000 (0.57188025)
          Then bring in Spiritual (4 d20): ahead after the exchange: 400732309/640000000 (0.6261442328125)
          Then bring in Arms (2 d20): ahead after the exchange: 1619581/3200000 (0.5061190625)
          Then bring in Friendly (2 d20): ahead after the exchange: 1619581/3200000 (0.5061190625)
          Then bring in Honeybee (2 d20): ahead after the exchange: 1619581/3200000 (0.5061190625)
          Then stand: ahead after the exchange: 163/500 (0.326)
    "#]],
    );
    let one = json!({"do": "take_burden", "who": "Gorand", "from": "Witch", "boxes": 1, "name": "Terror"});
    check(
        sketched_odds(state, one.clone()),
        expect![[r#"
        Witch discards 19 (left: 17 6 2); 1d20 picks the burden's stat (T5); if not disabled, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen).
          Ahead of Witch right after (T5): 0 (0)
          Disabled by it: loses the conflict at once (T7): 0 (0)
          Under Physical (d20 1-4): 1/5 (0.2)
          Under Mental (d20 5-8): 1/5 (0.2)
          Under Social (d20 9-12): 1/5 (0.2)
          Under Emotional (d20 13-16): 1/5 (0.2)
          Under Spiritual (d20 17-20): 1/5 (0.2)
          Then bring in Physical (5 d20): ahead after the exchange: 6296240497/12800000000 (0.491893788828125)
          Then bring in Mental (2 d20): ahead after the exchange: 759901/3200000 (0.2374690625)
          Then bring in Social (3 d20): ahead after the exchange: 4281881/12800000 (0.334521953125)
          Then bring in Spiritual (4 d20): ahead after the exchange: 1340339/3200000 (0.4188559375)
          Then bring in Arms (2 d20): ahead after the exchange: 759901/3200000 (0.2374690625)
          Then bring in Friendly (2 d20): ahead after the exchange: 759901/3200000 (0.2374690625)
          Then bring in Honeybee (2 d20): ahead after the exchange: 759901/3200000 (0.2374690625)
          Then stand: ahead after the exchange: 0 (0)
    "#]],
    );
    let one = odds_of(state, one).unwrap();
    // Then each choice Gorand has left in exchange 2, against the witch's Whispers (3 dice) on 17 6 2.
    let then: Vec<(String, String)> = one[7..].to_vec();
    let expected: Vec<(String, String)> = [
        ("Physical", 5),
        ("Mental", 2),
        ("Social", 3),
        ("Spiritual", 4),
        ("Arms", 2),
        ("Friendly", 2),
        ("Honeybee", 2),
    ]
    .iter()
    .map(|(t, n)| {
        let p = p_ahead(&[14, 12, 9, 3], *n, &[(vec![17, 6, 2], 3)]).unwrap();
        (
            format!("Then bring in {t} ({n} d20): ahead after the exchange"),
            p.to_string(),
        )
    })
    .chain([(
        "Then stand: ahead after the exchange".to_string(),
        p_ahead(&[14, 12, 9, 3], 0, &[(vec![17, 6, 2], 3)])
            .unwrap()
            .to_string(),
    )])
    .collect();
    assert_eq!(then, expected);
    // Three boxes are more than the witch has above 14: refused, no odds.
    assert_eq!(
        odds_of(
            state,
            json!({"do": "take_burden", "who": "Gorand", "from": "Witch", "boxes": 3, "name": "Terror"})
        ),
        None
    );
}

/// The advice beyond the roll (issue 32) is each choice's chance to win the whole conflict, as
/// `conflict_advice` gives them, the same whichever of the participant's commands asks; it is
/// not in the odds a record keeps; a participant who cannot act and a command that is not a
/// choice in the conflict get none.
#[test]
fn advice_is_each_choices_chance_to_win_the_conflict() {
    let table = after("gorand-and-the-dragon", 3);
    let state = table.state();
    let advised = |command: Value| {
        let command: Command = serde_json::from_value(command).unwrap();
        <Twenty as System>::advice(state, &command)
    };
    let bring_in = advised(json!({"do": "bring_in", "who": "Gorand", "trait": "Arms"})).unwrap();
    let whole: Vec<(String, String)> = conflict_advice(state, "Gorand", AdviceBudget::TABLE)
        .unwrap()
        .choices
        .iter()
        .map(|c| {
            let chance = c.win.chance(c.choice.label());
            (chance.label, chance.p)
        })
        .collect();
    // The choices whose chance may be the highest within the simulation's margin are marked
    // for a reader deciding; the rest read as the whole-conflict advice words them.
    let marked: Vec<&str> = bring_in
        .chances
        .iter()
        .filter_map(|c| c.label.strip_suffix(" (among the best)"))
        .collect();
    assert_eq!(
        marked,
        [
            "Win the conflict if you bring in Physical (5 dice)",
            "Win the conflict if you bring in Spiritual (4 dice)",
            "Win the conflict if you bring in Swords (4 dice)"
        ]
    );
    let shown: Vec<(String, String)> = bring_in
        .chances
        .iter()
        .map(|c| {
            let label = c.label.trim_end_matches(" (among the best)");
            (label.to_owned(), c.p.clone())
        })
        .collect();
    assert_eq!(shown, whole);
    assert_eq!(
        shown.last().map(|(label, p)| (label.as_str(), p.as_str())),
        Some(("Win the conflict if you surrender", "0"))
    );
    assert!(bring_in.summary.starts_with(
        "Gorand's chance to win the whole conflict, for each choice now: estimated by \
             playing the conflict out many times"
    ));
    for command in [
        json!({"do": "stand", "who": "Gorand"}),
        json!({"do": "surrender", "who": "Gorand"}),
    ] {
        assert_eq!(advised(command), Some(bring_in.clone()));
    }
    let odds = sketched_odds(
        state,
        json!({"do": "bring_in", "who": "Gorand", "trait": "Arms"}),
    );
    assert!(!odds.contains("Win the conflict"), "{odds}");
    assert_eq!(
        advised(json!({"do": "repair", "who": "Gorand", "item": "Honeybee"})),
        None
    );
}

/// An NPC drafted in the GM's builder (issue 32, a fair fight): its advice is the party's chance
/// against it as drafted, then an opponent for an easy, an even and a hard fight; a player's
/// sheet, or a table with no party, has none; the builder asks for it as the form changes.
#[test]
fn an_npc_drafted_shows_the_party_s_chance_against_it() {
    let table = after("gorand-and-the-dragon", 0);
    let state = table.state();
    let draft = |kind: &str| -> Command {
        serde_json::from_value(json!({"do": "add_character", "character": {
            "kind": kind, "name": "Wyrm",
            "traits": [{"name": "Bite", "boxes": 4}, {"name": "Scales", "boxes": 3}]}}))
        .unwrap()
    };
    let advice = <Twenty as System>::advice(state, &draft("npc")).unwrap();
    let labels: Vec<&str> = advice.chances.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels[0], "Gorand wins a conflict against Wyrm as drafted");
    assert_eq!(labels.len(), 4, "{labels:?}");
    for (label, fight) in
        labels[1..]
            .iter()
            .zip(["Easy fight (75%", "Even fight (50%", "Hard fight (25%"])
    {
        assert!(label.starts_with(fight), "{label}");
        assert!(label.contains(": an opponent with "), "{label}");
    }
    assert!(
        advice
            .summary
            .starts_with("A fair fight: the chance that Gorand wins a whole conflict"),
        "{}",
        advice.summary
    );
    assert_eq!(<Twenty as System>::advice(state, &draft("new")), None);
    // With no player character yet, the GM is told what will show, and no chance.
    let empty = Table::<Twenty>::new(Default::default());
    let waiting = <Twenty as System>::advice(empty.state(), &draft("npc")).expect("a note");
    assert!(waiting.chances.is_empty());
    assert_eq!(
        waiting.summary,
        "A fair fight is weighed against the player characters: once one is at the table, this \
         shows the chance that they win a whole conflict against this opponent, and an easy, an \
         even and a hard opponent to take."
    );
    let gm = Seat {
        gm: true,
        characters: Vec::new(),
    };
    let npc = builder(&gm, "Make an NPC or creature");
    assert!(
        npc.odds,
        "the builder asks for its advice as it is filled in"
    );
}

/// Issue 32: each proposal of a fair fight offers its opponent for the NPC builder ("Use this"):
/// the blanks it writes are the builder's; its traits keep the draft's names, then "Trait 1"...;
/// the stats and special items are emptied, since the proposal weighs its traits alone. The
/// draft so filled is weighed at exactly the proposal's chance.
#[test]
fn a_proposal_fills_the_npc_builder_with_its_opponent() {
    let table = after("gorand-and-the-dragon", 0);
    let state = table.state();
    let draft = json!({"do": "add_character", "character": {
        "kind": "npc", "name": "Wyrm",
        "traits": [{"name": "Bite", "boxes": 4}, {"name": "Scales", "boxes": 3}]}});
    let command: Command = serde_json::from_value(draft.clone()).unwrap();
    let advice = <Twenty as System>::advice(state, &command).unwrap();
    assert_eq!(
        advice.chances[0].fill, None,
        "the draft's own line proposes nothing"
    );
    let even = &advice.chances[2];
    let fill = even.fill.as_ref().unwrap();
    let npc = builder(
        &Seat {
            gm: true,
            characters: Vec::new(),
        },
        "Make an NPC or creature",
    );
    let names: Vec<&str> = fill.blanks.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "character.equipment",
            "character.stats.Emotional",
            "character.stats.Mental",
            "character.stats.Physical",
            "character.stats.Social",
            "character.stats.Spiritual",
            "character.traits"
        ]
    );
    for name in &names {
        assert!(
            npc.fields.iter().any(|f| f.name == *name),
            "{name} is no blank of the builder"
        );
    }
    assert_eq!(fill.blanks["character.equipment"], json!([]));
    assert_eq!(fill.blanks["character.stats.Physical"], Value::Null);
    let traits = fill.blanks["character.traits"].as_array().unwrap();
    let boxes: Vec<u32> = traits
        .iter()
        .map(|t| t["boxes"].as_u64().unwrap() as u32)
        .collect();
    let shape = skald_twenty::advice::balance::shape_words(&boxes);
    assert!(
        even.label.ends_with(&format!("an opponent with {shape}")),
        "{} / {shape}",
        even.label
    );
    let written: Vec<&str> = traits.iter().map(|t| t["name"].as_str().unwrap()).collect();
    let mut wanted = vec!["Bite".to_owned(), "Scales".to_owned()];
    wanted.extend(
        (1..)
            .map(|i| format!("Trait {i}"))
            .take(traits.len().saturating_sub(2)),
    );
    wanted.truncate(traits.len());
    assert_eq!(written, wanted);
    assert_eq!(
        fill.label,
        format!(
            "fill the form with the even fight's opponent, {shape}, no stats and no special items"
        )
    );
    // Taken as the page takes it: each blank set, an emptied one left out of the command.
    let mut taken = draft;
    for (name, value) in &fill.blanks {
        if !value.is_null() {
            skald_core::set_path(&mut taken, name, value.clone());
        }
    }
    let taken: Command = serde_json::from_value(taken).unwrap();
    let again = <Twenty as System>::advice(state, &taken).unwrap();
    let drafted = &again.chances[0];
    assert_eq!(
        (drafted.p.as_str(), drafted.margin),
        (even.p.as_str(), even.margin),
        "{}",
        drafted.label
    );
}

/// The builder a seat is offered, by its label.
fn builder(seat: &Seat, label: &str) -> Move {
    let state = State::new(skald_twenty::Options::default());
    <Twenty as System>::moves(&state, seat)
        .into_iter()
        .find(|m| m.label == label)
        .unwrap_or_else(|| panic!("no {label:?}"))
}

fn decided(command: &Value) -> Result<Vec<skald_twenty::Event>, String> {
    let state = State::new(skald_twenty::Options::default());
    let command: Command = serde_json::from_value(command.clone()).map_err(|e| e.to_string())?;
    <Twenty as System>::decide(&state, &command, &mut Scripted::default())
        .map_err(|e| e.to_string())
}

/// The book's sample character, made through the new-character form step by step (T1: stats,
/// key, traits, equipment) without typing a sheet: the command is the book's Gorand.
#[test]
fn the_builder_makes_the_books_gorand() {
    let m = builder(&newcomer(), "Make a new character");
    let stats = [
        ("Physical", 5),
        ("Mental", 2),
        ("Social", 3),
        ("Emotional", 1),
        ("Spiritual", 4),
    ];
    let mut picks: Vec<(String, Value)> = vec![("character.name".into(), json!("Gorand"))];
    picks.extend(
        stats
            .iter()
            .map(|(s, n)| (format!("character.stats.{s}"), json!(n))),
    );
    picks.extend([
        ("character.keys.0".into(), json!("Warrior")),
        (
            "character.traits".into(),
            skald_testkit::sheets::gorand()["traits"].clone(),
        ),
        ("character.equipment.0.name".into(), json!("Honeybee")),
        ("character.equipment.1.name".into(), json!("wine flask")),
        (
            "character.gear".into(),
            json!(["traveling gear", "food", "empty treasure sack"]),
        ),
    ]);
    let picks: Vec<(&str, Value)> = picks.iter().map(|(p, v)| (p.as_str(), v.clone())).collect();
    let command = form::picked(&m, &picks);
    let mut gorand = skald_testkit::sheets::gorand();
    gorand["kind"] = json!("new");
    assert_eq!(command, json!({"do": "add_character", "character": gorand}));
    assert_eq!(decided(&command).unwrap().len(), 1);
    // The key's traits are offered only while the key is picked; open traits always.
    let FieldKind::List { item, total, .. } = &m
        .fields
        .iter()
        .find(|f| f.name == "character.traits")
        .unwrap()
        .kind
    else {
        panic!()
    };
    assert_eq!(
        total.as_ref().map(|t| (t.field.as_str(), t.target)),
        Some(("boxes", 10))
    );
    let FieldKind::Choice { options, .. } = &item[0].kind else {
        panic!()
    };
    let swords = options.iter().find(|o| o.value == json!("Swords")).unwrap();
    // Swords comes with the Warrior key (and the elite Paladin's), not with the Scholar's.
    let by = &swords.only_if.as_ref().unwrap().any_of;
    assert!(
        by.contains(&json!("Warrior")) && !by.contains(&json!("Scholar")),
        "{by:?}"
    );
    assert_eq!(
        swords.help.as_deref(),
        Some("Skilled in several schools of swordsmanship.")
    );
    let strong = options.iter().find(|o| o.value == json!("Strong")).unwrap();
    assert_eq!(
        (strong.label.as_str(), strong.only_if.is_none()),
        ("Strong (open)", true)
    );
}

/// What the builders' forms leave to the person is refused by the rules beside the field: the
/// refusal names the sheet's field as a path into the command.
#[test]
fn a_builder_refusal_names_the_sheets_field() {
    let m = builder(&newcomer(), "Make a new character");
    let traits = json!([{"name": "Arms", "boxes": 2}, {"name": "Swords", "boxes": 4}, {"name": "Strong", "boxes": 4}]);
    let named = [
        ("character.name", json!("Ann")),
        ("character.equipment.0.name", json!("Sword")),
        ("character.equipment.1.name", json!("Rope")),
        ("character.traits", traits.clone()),
    ];
    let cases = [
        (
            vec![("character.stats.Mental", json!(5))],
            "character.stats",
        ),
        (
            vec![("character.traits", json!([{"name": "Arms", "boxes": 2}]))],
            "character.traits",
        ),
        (
            vec![("character.keys.0", json!("Scholar"))],
            "character.traits.Arms",
        ),
    ];
    for (picks, field) in cases {
        let picks: Vec<_> = named.iter().cloned().chain(picks).collect();
        let command = form::picked(&m, &picks);
        let command: Command = serde_json::from_value(command).unwrap();
        let state = State::new(skald_twenty::Options::default());
        let error =
            <Twenty as System>::decide(&state, &command, &mut Scripted::default()).unwrap_err();
        assert_eq!(
            <Twenty as System>::error_field(&error).as_deref(),
            Some(field),
            "{error}"
        );
    }
}

/// The GM's NPC form and the earlier-play form make the book's dragon and a wounded Gorand.
#[test]
fn the_gm_builds_the_dragon_and_a_wounded_gorand() {
    let m = builder(&gm(), "Make an NPC or creature");
    let dragon = skald_testkit::sheets::dragon();
    let command = form::picked(
        &m,
        &[
            ("character.name", json!("Dragon")),
            ("character.keys", dragon["keys"].clone()),
            ("character.traits", dragon["traits"].clone()),
        ],
    );
    assert_eq!(decided(&command).unwrap().len(), 1, "{command}");
    assert!(
        !<Twenty as System>::moves(&State::new(Default::default()), &newcomer())
            .iter()
            .any(|m| m.label == "Make an NPC or creature"),
        "a player is not offered the GM's NPC"
    );
    let m = builder(&newcomer(), "Bring a character from earlier play");
    let command = form::picked(
        &m,
        &[
            ("character.name", json!("Gorand")),
            (
                "character.stats",
                json!({"Physical": {"boxes": 5, "checked": 2}, "Mental": {"boxes": 2, "checked": 0},
                "Social": {"boxes": 3, "checked": 0}, "Emotional": {"boxes": 1, "checked": 0}, "Spiritual": {"boxes": 4, "checked": 0}}),
            ),
            ("character.keys", json!(["Warrior"])),
            (
                "character.traits",
                json!([{"name": "Swords", "boxes": 4, "checked": 1}]),
            ),
            (
                "character.equipment",
                json!([{"name": "Honeybee", "boxes": 2, "checked": 0, "broken": true}]),
            ),
            (
                "character.burdens",
                json!([{"name": "Flesh wound", "stat": "Physical", "boxes": [12, 7]}]),
            ),
        ],
    );
    assert_eq!(decided(&command).unwrap().len(), 1, "{command}");
}

/// The narration prompts of the book's example (T3): after exchange 1 the dragon (14 6 5) leads
/// Gorand (12 10), so its seat narrates first; once dice come into exchange 2 the moment has
/// passed; after the conflict the winner narrates its goal first.
#[test]
fn each_seat_is_prompted_to_narrate_in_the_books_order() {
    let narration = |state: &State, seat: &Seat| -> Vec<(String, Value, Option<String>)> {
        <Twenty as System>::moves(state, seat)
            .into_iter()
            .filter(|m| m.command["do"] == skald_core::SAY)
            .map(|m| (m.label, m.command, m.note))
            .collect()
    };
    let exchange = "Everyone narrates what happens, highest die first; say what your character does, without contradicting what was said or putting words in another's mouth (T3).";
    let table = after("gorand-and-the-dragon", 3);
    assert_eq!(
        narration(table.state(), &player(&["Gorand"])),
        [(
            "Gorand: narrate exchange 1".to_owned(),
            json!({"do": "say", "as": "Gorand"}),
            Some(format!("2nd of 2, after Dragon. {exchange}")),
        )]
    );
    assert_eq!(
        narration(table.state(), &player(&["Dragon"]))[0].2,
        Some(format!("1st of 2, you go first. {exchange}"))
    );
    // The GM's seat is prompted for the GM's own characters only, not for every player's.
    assert_eq!(narration(table.state(), &gm()), []);
    let table = after("gorand-and-the-dragon", 4);
    assert_eq!(narration(table.state(), &player(&["Gorand"])), []);
    let ended = after("gorand-and-the-dragon", steps_of("gorand-and-the-dragon"));
    let conflict = ended.state().conflict.as_ref().unwrap();
    assert!(conflict.ended());
    let winner = conflict.final_order[0].clone();
    let (label, _, note) = narration(ended.state(), &player(&[winner.as_str()])).remove(0);
    assert_eq!(label, format!("{winner}: final narration: your goal"));
    let loser = conflict.final_order[1].clone();
    let (label, _, _) = narration(ended.state(), &player(&[loser.as_str()])).remove(0);
    assert_eq!(label, format!("{loser}: final narration"));
    assert_eq!(
        note.unwrap(),
        "1st of 2, you go first. The winner narrates first, about the goal it won; then those still in; those who surrendered last, most recent first. Nobody contradicts what was said (T3, T4)."
    );
}

/// A key's help lists the traits it unlocks; an elite key the book lists none for (the Sorcerer,
/// T12) says so instead of "Unlocks: .".
#[test]
fn a_key_without_traits_says_it_unlocks_none() {
    let state = State::new(Default::default());
    let moves = Twenty::moves(&state, &newcomer());
    let builder = moves
        .iter()
        .find(|m| m.label == "Bring a character from earlier play")
        .unwrap();
    let keys = builder
        .fields
        .iter()
        .find(|f| f.name == "character.keys")
        .unwrap();
    let FieldKind::Choice { options, .. } = &keys.kind else {
        panic!("{keys:?}")
    };
    let help = |key: &str| {
        options
            .iter()
            .find(|c| c.value == json!(key))
            .and_then(|c| c.help.clone())
            .unwrap()
    };
    assert_eq!(
        help("Sorcerer"),
        "A wielder of magic who trades with dark powers and reads arcane runes. Unlocks no traits: \
         the book lists none for it (the GM may add some, T12)."
    );
    assert!(help("Priest").ends_with(" Unlocks: Holy Vengeance, Healing."));
    assert!(
        options
            .iter()
            .all(|c| !c.help.as_deref().unwrap_or("").contains("Unlocks: ."))
    );
}

/// The move named `label` offered to `seat`.
fn offered_move(state: &State, seat: &Seat, label: &str) -> Move {
    <Twenty as System>::moves(state, seat)
        .into_iter()
        .find(|m| m.label == label)
        .unwrap_or_else(|| panic!("no move {label}"))
}

/// The label of the field `name` of `mv`.
fn field_label(mv: &Move, name: &str) -> String {
    mv.fields
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.label.clone())
        .unwrap()
}

/// Whose sheet a burden goes on is said before it is taken (T5, T14), and who names it: a seat
/// that plays the opponent names it; another may leave it to the opponent's player.
#[test]
fn the_burden_move_says_who_carries_it_and_who_names_it() {
    let table = after("gorand-and-the-dragon", 3);
    let taking = offered_move(
        table.state(),
        &player(&["Gorand"]),
        "Gorand: take a burden (Dragon discards dice)",
    );
    assert_eq!(
        taking.note.as_deref(),
        Some(
            "You carry this burden: Dragon discards its highest die, the one above your highest (12), and the burden on Gorand's sheet gets 1 box holding its value; 1d20 picks the stat it falls under (T5)."
        )
    );
    assert_eq!(
        field_label(&taking, "name"),
        "The burden's name: Dragon names it (propose one, or leave it to them)"
    );
    let by_gm = offered_move(
        table.state(),
        &gm_with(&["Dragon"]),
        "Gorand: take a burden (Dragon discards dice)",
    );
    assert_eq!(
        field_label(&by_gm, "name"),
        "The burden's name (you name it for Dragon, T5)"
    );
    // In a healing conflict the healer takes it and the patient carries it; the GM names it.
    let table = after("healing-burden", 3);
    let taking = offered_move(
        table.state(),
        &player(&["Healer"]),
        "Healer: take a burden (the GM discards dice)",
    );
    assert_eq!(
        taking.note.as_deref(),
        Some(
            "Gorand, the patient, carries this burden (T14): the GM discards its highest dice, each above your highest (16), and the burden on Gorand's sheet gets 1 to 2 boxes holding their values; 1d20 picks the stat it falls under (T5)."
        )
    );
    assert_eq!(
        field_label(&taking, "name"),
        "The burden's name: the GM names it (propose one, or leave it to them)"
    );
    assert_eq!(
        taking.confirm.as_deref(),
        Some(
            "Take this burden? If the stat die puts it under Emotional with 2 boxes or more, Gorand is disabled (T7)."
        )
    );
    let by_gm = offered_move(
        table.state(),
        &gm(),
        "Healer: take a burden (the GM discards dice)",
    );
    assert_eq!(
        field_label(&by_gm, "name"),
        "The burden's name (you name it for the GM, T5)"
    );
}

/// T13: allies are offered no burden from each other, only from an opponent.
#[test]
fn allies_are_offered_burdens_only_from_opponents() {
    // Gorand 7 5 4, Kaya 18 3 2 (his ally), the dragon 16 15 9.
    let table = after("allies", 5);
    let burdens: Vec<String> = <Twenty as System>::moves(table.state(), &player(&["Gorand"]))
        .into_iter()
        .filter(|m| m.group == "Burdens")
        .map(|m| m.label)
        .collect();
    assert_eq!(burdens, ["Gorand: take a burden (Dragon discards dice)"]);
    // Kaya's 18 is above every die of the dragon: nothing to take for her.
    let kaya: Vec<String> = <Twenty as System>::moves(table.state(), &player(&["Kaya"]))
        .into_iter()
        .filter(|m| m.group == "Burdens")
        .map(|m| m.label)
        .collect();
    assert!(kaya.is_empty(), "{kaya:?}");
}

/// A bring-in that would end the conflict says so before it is sent, on the trait that ends it
/// (its choice asks); a stand that ends it asks too (T4, T8).
#[test]
fn a_move_that_would_end_the_conflict_says_so_first() {
    // The book's healing before its last bring-in: only Spiritual is left, and after it nothing
    // has four unchecked boxes.
    let table = after("healing", 4);
    let bring = offered_move(table.state(), &player(&["Healer"]), "Healer: bring in dice");
    let FieldKind::Choice { options, .. } = &bring.fields[0].kind else {
        panic!("a choice of traits");
    };
    assert_eq!(
        options[0].confirm.as_deref(),
        Some(
            "Healer: bring in dice with Spiritual? These are the conflict's last dice: once they are rolled, exchange 4 begins with nothing anyone can bring in, so the best pool wins (T2, T4)."
        )
    );
    // A step earlier, Healing ends nothing (Spiritual is left for exchange 3), Spiritual does.
    let table = after("healing", 2);
    let bring = offered_move(table.state(), &player(&["Healer"]), "Healer: bring in dice");
    let FieldKind::Choice { options, .. } = &bring.fields[0].kind else {
        panic!("a choice of traits");
    };
    let asks: Vec<(String, bool)> = options
        .iter()
        .map(|o| (o.label.clone(), o.confirm.is_some()))
        .collect();
    assert_eq!(
        asks,
        [
            ("Spiritual (4 d20)".to_owned(), true),
            ("Healing (2 d20)".to_owned(), false)
        ]
    );
    // T13: the dragon's surrender leaves Gorand and Kaya, one side; Kaya's leaves two sides.
    let table = after("allies", 5);
    let dragon = offered_move(table.state(), &gm_with(&["Dragon"]), "Dragon: surrender");
    assert_eq!(
        dragon.confirm.as_deref(),
        Some(
            "Surrender Dragon? Dragon leaves the conflict for good: the dice go and the goal is lost. Gorand and Kaya, one side, are left in it, and the conflict ends (T13)."
        )
    );
    let kaya = offered_move(table.state(), &player(&["Kaya"]), "Kaya: surrender");
    assert_eq!(
        kaya.confirm.as_deref(),
        Some(
            "Surrender Kaya? Kaya leaves the conflict for good: the dice go and the goal is lost."
        )
    );
    // The dragon, exchange 2: neither bring-in nor stand ends the conflict yet.
    let table = after("gorand-and-the-dragon", 3);
    for label in ["Gorand: bring in dice", "Gorand: stand"] {
        let mv = offered_move(table.state(), &player(&["Gorand"]), label);
        assert_eq!(mv.confirm, None, "{label}");
    }
}

/// The exchange a conflict ended with is narrated with the end (its narration was never offered
/// between exchanges), and the GM narrates for the burden in a healing conflict (T3, T4, T8).
#[test]
fn the_last_exchange_is_narrated_with_the_end_and_the_gm_narrates_the_burden() {
    let prompts = |state: &State, seat: &Seat| -> Vec<(String, Value)> {
        <Twenty as System>::moves(state, seat)
            .into_iter()
            .filter(|m| m.command["do"] == skald_core::SAY)
            .map(|m| (m.label, m.command))
            .collect()
    };
    // The healing's exchange 3 ended it: exchange 4 began with nothing to bring in.
    let ended = after("healing", steps_of("healing"));
    assert_eq!(
        prompts(ended.state(), &player(&["Healer"])),
        [(
            "Healer: narrate exchange 3 and the end: your goal".to_owned(),
            json!({"do": "say", "as": "Healer"})
        )]
    );
    assert_eq!(
        prompts(ended.state(), &gm()),
        [(
            "The GM (the burden): narrate exchange 3 and the end".to_owned(),
            json!({"do": "say"})
        )]
    );
    let note = <Twenty as System>::moves(ended.state(), &gm())
        .into_iter()
        .find(|m| m.command["do"] == skald_core::SAY)
        .and_then(|m| m.note)
        .unwrap();
    assert_eq!(
        note,
        "2nd of 2, after Healer. The GM speaks for the burden. Exchange 3 was not narrated: the conflict ended with it, as exchange 4 began with nothing anyone could bring in (T2, T4). Tell what happens in exchange 3, then the end. The winner narrates first, about the goal it won; then those still in; those who surrendered last, most recent first. Nobody contradicts what was said (T3, T4)."
    );
    // Between exchanges of a healing, the GM is prompted for the burden, in the book's order.
    let table = after("healing", 2);
    assert_eq!(
        prompts(table.state(), &gm()),
        [(
            "The GM (the burden): narrate exchange 1".to_owned(),
            json!({"do": "say"})
        )]
    );
    // Allies who won both tell of the goal; the dragon of how it went.
    let ended = after("allies", 10);
    let labels: Vec<String> = ["Kaya", "Dragon", "Gorand"]
        .iter()
        .map(|who| prompts(ended.state(), &player(&[who])).remove(0).0)
        .collect();
    assert_eq!(
        labels,
        [
            "Kaya: final narration: your goal",
            "Dragon: final narration",
            "Gorand: final narration: your goal"
        ]
    );
    // The dragon narrates between the two allies (the final order is the winner, then those still
    // in by their pools, T3, T13): the prompt must not say the winning side goes first (a fresh
    // reader's pass, issue 31: "The winning side (Kaya, Gorand) narrates ... first" beside
    // "3rd of 3, after Kaya, Dragon").
    let (_, _, note) = prompts_with_notes(ended.state(), &player(&["Gorand"])).remove(0);
    assert_eq!(
        note.unwrap(),
        "3rd of 3, after Kaya, Dragon. Kaya narrates first, about the goal its side won; then the others still in, best pool first, its allies (Gorand) among them; those who surrendered last, most recent first. Nobody contradicts what was said (T3, T4, T13)."
    );
}

/// The talk prompts offered to `seat`, with their notes.
fn prompts_with_notes(state: &State, seat: &Seat) -> Vec<(String, Value, Option<String>)> {
    <Twenty as System>::moves(state, seat)
        .into_iter()
        .filter(|m| m.command["do"] == skald_core::SAY)
        .map(|m| (m.label, m.command, m.note))
        .collect()
}

/// With allies in (T13) the odds are the side's: one of its pools ahead of every opponent's.
#[test]
fn odds_with_allies_count_sides() {
    use skald_twenty::odds::p_side_ahead;
    // Gorand has 7 5 4; Kaya (his ally) and the dragon have yet to act in exchange 1.
    let table = after("allies", 3);
    let stand = odds_of(table.state(), json!({"do": "stand", "who": "Kaya"})).unwrap();
    // Kaya stands on nothing: the side is ahead when Gorand's 7 5 4 beats the dragon's three
    // new dice (Fire Breath), which p_ahead counts for Gorand alone.
    let alone = p_ahead(&[7, 5, 4], 0, &[(vec![], 3)]).unwrap().to_string();
    assert_eq!(
        stand,
        [(
            "Your side ahead of every other side after the exchange (T3, T13)".to_owned(),
            alone
        )]
    );
    let bring = odds_of(
        table.state(),
        json!({"do": "bring_in", "who": "Kaya", "trait": "Climbing"}),
    )
    .unwrap();
    let side = p_side_ahead(
        &[(vec![], 3), (vec![7, 5, 4], 0)],
        &[(vec![], 3)],
        skald_twenty::limits::MAX_WORK,
    )
    .unwrap()
    .to_string();
    assert_eq!(
        bring[0],
        (
            "Your side ahead of every other side after the exchange (T3, T13)".to_owned(),
            side
        )
    );
    assert_eq!(
        bring[1].0,
        "Your side ahead after the exchange if you stand instead"
    );
    // The dragon has no ally: its odds read as before, ahead of every other pool.
    let table = after("allies", 4);
    let dragon = odds_of(table.state(), json!({"do": "stand", "who": "Dragon"})).unwrap();
    assert_eq!(
        dragon,
        [(
            "Ahead of every other pool after the exchange (T3)".to_owned(),
            "0".to_owned()
        )]
    );
}
