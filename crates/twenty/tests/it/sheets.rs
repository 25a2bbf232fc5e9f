//! Character creation (T1) and the other sheet kinds, checked step by step with what to fix.
#![allow(clippy::unwrap_used)]

use skald_core::{Scripted, Table};
use skald_twenty::{Command, Sheet, Twenty};

/// Gorand as the book builds him: a legal new character (the kit's sample sheet).
fn gorand() -> Sheet {
    serde_json::from_value(skald_testkit::sheets::gorand()).unwrap()
}

/// Adds `sheet` after `change`, expecting `Ok` or the error text.
fn check(change: impl FnOnce(&mut Sheet), expected: Result<(), &str>) {
    let mut sheet = gorand();
    change(&mut sheet);
    let mut table = Table::<Twenty>::new(Default::default());
    let got = table
        .execute(
            Command::AddCharacter { character: sheet },
            &mut Scripted::default(),
        )
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert_eq!(got, expected.map_err(str::to_string));
}

#[test]
fn the_book_s_gorand_is_a_legal_new_character() {
    check(|_| {}, Ok(()));
}

/// The kit's dragon (the book's conflict example) sits down as an NPC.
#[test]
fn the_book_s_dragon_is_a_legal_npc() {
    let dragon: Sheet = serde_json::from_value(skald_testkit::sheets::dragon()).unwrap();
    let mut table = Table::<Twenty>::new(Default::default());
    table
        .execute(
            Command::AddCharacter { character: dragon },
            &mut Scripted::default(),
        )
        .unwrap();
    assert_eq!(table.state().characters.len(), 1);
}

#[test]
fn each_creation_rule_says_what_to_fix() {
    check(
        |s| {
            s.stats.insert("Spiritual".into(), 5.into());
        },
        Err(
            "Gorand: stats are Physical 5, Mental 2, Social 3, Emotional 1, Spiritual 5; the five stats take 1, 2, 3, 4 and 5 boxes, one each (T1)",
        ),
    );
    check(
        |s| s.keys = vec!["Paladin".into()],
        Err(
            "Gorand: keys hold Paladin, an elite key; a new character starts with one skeleton key (T1)",
        ),
    );
    check(
        |s| s.keys.push("Explorer".into()),
        Err("Gorand: keys are 2 keys; a new character has exactly one skeleton key (T1)"),
    );
    check(
        |s| s.traits[0].name = "Alchemy".into(),
        Err(
            "Gorand: trait Alchemy is not unlocked by Warrior nor open (T1); unlocked: Arms, Bows, Crossbows, Knives, Marching, Polearms, Swords, Warfare, Strong, Smart, Wise, Sneaky, Stubborn, Beautiful, Friendly",
        ),
    );
    check(
        |s| s.traits[1].boxes = 5,
        Err(
            "Gorand: traits have 11 boxes in all; a new character spreads exactly 10 (T1): remove 1",
        ),
    );
    check(
        |s| s.traits.truncate(2),
        Err("Gorand: traits are 2; a new character picks 3 to 6 traits (T1)"),
    );
    check(
        |s| s.equipment[1].boxes = 2,
        Err(
            "Gorand: special items are 2, with 2 and 2 boxes; a new character picks two, with 2 and 1 boxes (T1)",
        ),
    );
    check(
        |s| s.name = "GM".into(),
        Err("GM: name \"GM\" is reserved for the GM's side of a healing conflict (T8)"),
    );
    check(
        |s| s.traits[0].boxes = 21,
        Err("Gorand: trait Arms has 21 boxes; allowed 1 to 20"),
    );
}

#[test]
fn an_existing_character_may_carry_burdens_but_needs_its_prerequisites() {
    check(
        |s| {
            s.kind = skald_twenty::SheetKind::Existing;
            s.keys.push("Paladin".into());
        },
        Err(
            "Gorand: keys hold Paladin, which needs Divinity 2 (has none), Oath 1 (has none), Mission 2 (has none) (T10: an elite key's prerequisites)",
        ),
    );
}

/// Gorand as a builder's form sends him, with `change` made to the JSON first: a blank left empty
/// is left out.
fn sent(change: impl FnOnce(&mut serde_json::Value)) -> Result<(), (String, Option<String>)> {
    let mut json = skald_testkit::sheets::gorand();
    change(&mut json);
    let sheet: Sheet = serde_json::from_value(json).map_err(|e| (e.to_string(), None))?;
    let mut table = Table::<Twenty>::new(Default::default());
    table
        .execute(
            Command::AddCharacter { character: sheet },
            &mut Scripted::default(),
        )
        .map(|_| ())
        .map_err(|e| (e.to_string(), e.field()))
}

/// A special item's name left empty is that item's, said by its place on the form and shown beside
/// its blank (`character.equipment.0.name`), not "name is empty" (the character's name?).
#[test]
fn a_nameless_special_item_is_named_by_its_place() {
    let got = sent(|s| {
        s["equipment"][0].as_object_mut().unwrap().remove("name");
    });
    assert_eq!(
        got,
        Err((
            "Gorand: special item 1: name is empty: fill it in".to_owned(),
            Some("character.equipment.0.name".to_owned())
        ))
    );
    let got = sent(|s| s["equipment"][1]["name"] = " ".into());
    assert_eq!(
        got,
        Err((
            "Gorand: special item 2: name is empty: fill it in".to_owned(),
            Some("character.equipment.1.name".to_owned())
        ))
    );
}

/// A sheet is checked in the order its form asks: stats before keys, traits and special items, so
/// the same number twice among the stats is the first refusal while the items are still empty; a
/// name used twice is refused at the second use, the traits' before the items' blanks.
#[test]
fn refusals_come_in_the_order_the_form_is_filled() {
    let nameless_items = |s: &mut serde_json::Value| {
        for item in s["equipment"].as_array_mut().unwrap() {
            item.as_object_mut().unwrap().remove("name");
        }
    };
    let got = sent(|s| {
        nameless_items(s);
        s["stats"]["Spiritual"] = 5.into();
    });
    assert_eq!(
        got,
        Err((
            "Gorand: stats are Physical 5, Mental 2, Social 3, Emotional 1, Spiritual 5; the five \
             stats take 1, 2, 3, 4 and 5 boxes, one each (T1)"
                .to_owned(),
            Some("character.stats".to_owned())
        ))
    );
    let got = sent(|s| {
        nameless_items(s);
        s["traits"][1]["name"] = "arms".into();
    });
    assert_eq!(
        got,
        Err((
            "Gorand: trait 2: name \"arms\" is used twice: a stat, trait or special item has its \
             own name"
                .to_owned(),
            Some("character.traits.1.name".to_owned())
        ))
    );
    let got = sent(|s| s["equipment"][1]["name"] = "Swords".into());
    assert_eq!(
        got,
        Err((
            "Gorand: special item 2: name \"Swords\" is used twice: a stat, trait or special item \
             has its own name"
                .to_owned(),
            Some("character.equipment.1.name".to_owned())
        ))
    );
}
