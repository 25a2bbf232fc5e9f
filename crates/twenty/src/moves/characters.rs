//! The Characters moves (T1, T12): a character builder as forms, by the book's steps. A new
//! character ranks the five stats 1 to 5, takes one skeleton key, picks 3 to 6 of the traits the
//! key unlocks or the open ones with 10 boxes in all, names two special items (2 boxes and 1) and
//! writes down other gear. A character from earlier play adds checked boxes, more keys (elite ones
//! where their prerequisites are met) and burdens. The GM's NPC or creature has any stats, keys
//! and traits (T12). Every form's blanks fill the `character` sheet by dotted paths; the rules
//! (`rules/sheets.rs`) check the result, live as the form changes.

use crate::limits::{
    MAX_BOXES, MAX_NAME_CHARS, MAX_TRAITS, NEW_EQUIPMENT_BOXES, NEW_TRAIT_BOXES, NEW_TRAITS, SIDES,
    STAT_BOXES,
};
use crate::model::Verb;
use crate::model::{Catalogue, KeyDef, KeyKind, STATS, State};
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// The page's group of these moves.
const CHARACTERS: &str = "Characters";

/// Where the sheet sits in the command (`add_character`'s `character`).
const SHEET: &str = "character";

/// The Characters moves: a new character and one from earlier play for every seat, and an NPC or
/// creature for the GM.
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    out.push(new_character(&state.catalogue));
    out.push(existing_character(&state.catalogue));
    if seat.gm {
        out.push(npc());
    }
}

fn builder(label: &str, kind: &str, fixed: Value, fields: Vec<Field>, note: String) -> Move {
    let mut sheet = serde_json::Map::new();
    sheet.insert("kind".to_owned(), Value::from(kind));
    if let Value::Object(fixed) = fixed {
        sheet.extend(fixed);
    }
    Move {
        fields,
        note: Some(note),
        sheet: Some(SHEET.into()),
        ..Move::new(
            CHARACTERS,
            label,
            Verb::AddCharacter,
            json!({ SHEET: sheet }),
        )
    }
}

fn name_field() -> Field {
    Field::text("character.name", "Name", MAX_NAME_CHARS)
}

fn max_boxes() -> i64 {
    i64::from(MAX_BOXES)
}

/// A new character, every creation rule of T1.
fn new_character(catalogue: &Catalogue) -> Move {
    let (low, high) = (STAT_BOXES[0], STAT_BOXES[STAT_BOXES.len() - 1]);
    let mut fields = vec![name_field()];
    for (i, stat) in STATS.iter().enumerate() {
        let field = Field::number(
            &format!("character.stats.{stat}"),
            stat,
            i64::from(low),
            i64::from(high),
            i64::from(high) - i as i64,
        );
        fields.push(if i == 0 {
            field.with_help(format!(
                "Rank the five stats: {high} boxes for the best, {low} for the worst, each number once. A stat rolls like a trait, and its boxes are how many burden boxes of its kind the character can carry: one more disables it (T1, T7)."
            ))
        } else {
            field
        });
    }
    let skeleton: Vec<_> = catalogue
        .keys()
        .iter()
        .filter(|k| k.kind == KeyKind::Skeleton)
        .collect();
    let key_options = skeleton
        .iter()
        .map(|k| Choice::new(json!(k.name), &k.name).with_help(key_help(k)))
        .collect();
    fields.push(
        Field::new(
            "character.keys.0",
            "Key",
            FieldKind::Choice {
                options: key_options,
                multiple: false,
            },
        )
        .with_help("A new character takes one skeleton key: it says what matters to the character and unlocks the traits it may pick (T1)."),
    );
    let trait_name = Field::new(
        "name",
        "Trait",
        FieldKind::Choice {
            options: trait_options(catalogue, "character.keys.0"),
            multiple: false,
        },
    );
    let boxes = Field::number("boxes", "Boxes", 1, i64::from(NEW_TRAIT_BOXES), 2);
    fields.push(
        Field::list(
            "character.traits",
            "Traits",
            vec![trait_name, boxes],
            *NEW_TRAITS.start(),
            *NEW_TRAITS.end(),
            *NEW_TRAITS.start(),
        )
        .with_total("boxes", i64::from(NEW_TRAIT_BOXES))
        .with_help(format!(
            "{} to {} traits, from those the key unlocks or the open ones, with {NEW_TRAIT_BOXES} boxes spread over them. A trait rolls one d20 per unchecked box (T1, T2).",
            NEW_TRAITS.start(),
            NEW_TRAITS.end()
        )),
    );
    let [small, large] = NEW_EQUIPMENT_BOXES;
    fields.push(
        Field::text(
            "character.equipment.0.name",
            &format!("Special item with {large} boxes"),
            MAX_NAME_CHARS,
        )
        .with_help("Two pieces of equipment are special: they are used like traits, with boxes, and can break (T1, T9)."),
    );
    fields.push(Field::text(
        "character.equipment.1.name",
        &format!("Special item with {small} box"),
        MAX_NAME_CHARS,
    ));
    fields.push(gear());
    builder(
        "Make a new character",
        "new",
        json!({"equipment": [{"boxes": large}, {"boxes": small}]}),
        fields,
        "Each step as the book has it (T1). The table checks the sheet as you fill it in; save it as a file to bring it to another table.".into(),
    )
}

/// A key's help: what it is about, and the traits it unlocks; a key the book lists no traits for
/// (some elite keys, T12) says so rather than listing nothing.
fn key_help(key: &KeyDef) -> String {
    if key.traits.is_empty() {
        format!(
            "{} Unlocks no traits: the book lists none for it (the GM may add some, T12).",
            key.description
        )
    } else {
        format!("{} Unlocks: {}.", key.description, key.traits.join(", "))
    }
}

/// Every trait of the catalogue a sheet may pick: each key's traits while that key is picked at
/// `keys` (a field holding one key or several), and the open traits always, each once, with what
/// it covers as help.
fn trait_options(catalogue: &Catalogue, keys: &str) -> Vec<Choice> {
    let mut options: Vec<(String, Vec<Value>)> = Vec::new();
    for key in catalogue.keys() {
        for name in &key.traits {
            match options
                .iter_mut()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
            {
                Some((_, by)) => by.push(json!(key.name)),
                None => options.push((name.clone(), vec![json!(key.name)])),
            }
        }
    }
    options.retain(|(name, _)| !catalogue.is_open(name));
    let open = catalogue
        .open_traits()
        .iter()
        .map(|name| (name.clone(), Vec::new()));
    options
        .into_iter()
        .chain(open)
        .map(|(name, by)| {
            let help = catalogue.trait_def(&name).map(|t| t.description.clone());
            let label = if by.is_empty() {
                format!("{name} (open)")
            } else {
                name.clone()
            };
            let choice = Choice::new(json!(name), label);
            let choice = match help {
                Some(help) if !help.is_empty() => choice.with_help(help),
                _ => choice,
            };
            if by.is_empty() {
                choice
            } else {
                choice.only_if(keys, by)
            }
        })
        .collect()
}

/// Other equipment, written down freely (book, "Equipment").
fn gear() -> Field {
    Field::list(
        "character.gear",
        "Other equipment",
        vec![Field::text("", "Item", MAX_NAME_CHARS)],
        0,
        MAX_TRAITS,
        2,
    )
    .with_help("Anything the character carries; it gives no special benefit (book, \"Equipment\").")
}

/// Boxes and checked boxes of a trait, stat or item on a sheet from earlier play.
fn boxes_and_checked(prefix: &str, label: &str, default: i64) -> [Field; 2] {
    [
        Field::number(
            &format!("{prefix}boxes"),
            &format!("{label}boxes"),
            1,
            max_boxes(),
            default,
        ),
        Field::number(
            &format!("{prefix}checked"),
            &format!("{label}checked"),
            0,
            max_boxes(),
            0,
        ),
    ]
}

/// A character from earlier play: stats still 1 to 5 once each, keys known (elite ones with their
/// prerequisites met), traits unlocked or open; boxes may be checked and burdens carried.
fn existing_character(catalogue: &Catalogue) -> Move {
    let mut fields = vec![name_field()];
    for (i, stat) in STATS.iter().enumerate() {
        let [boxes, checked] = boxes_and_checked(
            &format!("character.stats.{stat}."),
            &format!("{stat} "),
            i64::from(STAT_BOXES[STAT_BOXES.len() - 1]) - i as i64,
        );
        fields.push(if i == 0 {
            boxes.with_help("Stats are still 1 to 5 boxes, each number once (T1); checked boxes roll no dice until regained (T10).")
        } else {
            boxes
        });
        fields.push(checked);
    }
    let key_options = catalogue
        .keys()
        .iter()
        .map(|k| {
            let needs: Vec<String> = k
                .prerequisites
                .iter()
                .map(|p| format!("{} {}", p.trait_name, p.boxes))
                .collect();
            let label = if needs.is_empty() {
                k.name.clone()
            } else {
                format!("{} (elite: needs {})", k.name, needs.join(", "))
            };
            Choice::new(json!(k.name), label).with_help(key_help(k))
        })
        .collect();
    fields.push(
        Field::new(
            "character.keys",
            "Keys",
            FieldKind::Choice {
                options: key_options,
                multiple: true,
            },
        )
        .with_help("Skeleton keys anyone may take; an elite key only where the sheet's traits meet its prerequisites (T10)."),
    );
    let trait_name = Field::new(
        "name",
        "Trait",
        FieldKind::Choice {
            options: trait_options(catalogue, "character.keys"),
            multiple: false,
        },
    );
    let [boxes, checked] = boxes_and_checked("", "", 2);
    fields.push(Field::list(
        "character.traits",
        "Traits",
        vec![trait_name, boxes, checked],
        0,
        MAX_TRAITS,
        *NEW_TRAITS.start(),
    ));
    let [boxes, checked] = boxes_and_checked("", "", 1);
    fields.push(Field::list(
        "character.equipment",
        "Special items",
        vec![
            Field::text("name", "Item", MAX_NAME_CHARS),
            boxes,
            checked,
            Field::flag("broken", "Broken", false),
        ],
        0,
        MAX_TRAITS,
        NEW_EQUIPMENT_BOXES.len(),
    ));
    fields.push(gear());
    fields.push(burdens());
    builder(
        "Bring a character from earlier play",
        "existing",
        json!({}),
        fields,
        "A sheet played before: the same stats, keys and traits rules as a new one, with checked boxes and burdens (T1, T5, T10).".into(),
    )
}

/// Burdens carried: a name, its stat, and each box's value (T5).
fn burdens() -> Field {
    let stats: Vec<(Value, &str)> = STATS.iter().map(|s| (json!(s), *s)).collect();
    Field::list(
        "character.burdens",
        "Burdens",
        vec![
            Field::text("name", "Burden", MAX_NAME_CHARS),
            Field::choice("stat", "Stat", &stats),
            Field::list(
                "boxes",
                "Its boxes",
                vec![Field::number("", "Value", 1, i64::from(SIDES), 10)],
                1,
                MAX_BOXES as usize,
                1,
            ),
        ],
        0,
        MAX_TRAITS,
        0,
    )
    .with_help("Each box holds the value of a die an opponent discarded for it, 1 to 20 (T5).")
}

/// The GM's NPC or creature (T12): any stats, keys and traits, names and ranges only.
fn npc() -> Move {
    let mut fields = vec![name_field()];
    for (i, stat) in STATS.iter().enumerate() {
        let field =
            Field::number(&format!("character.stats.{stat}"), stat, 1, max_boxes(), 3).optional();
        fields.push(if i == 0 {
            field.with_help(format!(
                "Any number of boxes, 1 to {MAX_BOXES}: how many burden boxes of each kind it can carry; one more disables it (T7, T12). Empty a stat's box for a creature without it (the book's dragon has none): each starts at 3."
            ))
        } else {
            field
        });
    }
    fields.push(
        Field::list(
            "character.keys",
            "Keys",
            vec![Field::text("", "Key", MAX_NAME_CHARS)],
            0,
            MAX_TRAITS,
            1,
        )
        .with_help("The book's keys or your own (T12)."),
    );
    fields.push(Field::list(
        "character.traits",
        "Traits",
        vec![
            Field::text("name", "Trait", MAX_NAME_CHARS),
            Field::number("boxes", "Boxes", 1, max_boxes(), 2),
        ],
        0,
        MAX_TRAITS,
        3,
    ));
    fields.push(Field::list(
        "character.equipment",
        "Special items",
        vec![
            Field::text("name", "Item", MAX_NAME_CHARS),
            Field::number("boxes", "Boxes", 1, max_boxes(), 1),
        ],
        0,
        MAX_TRAITS,
        0,
    ));
    fields.push(burdens());
    let mut npc = builder(
        "Make an NPC or creature",
        "npc",
        json!({}),
        fields,
        "Yours to play: no creation limits, names and ranges only (T12).".into(),
    );
    // Issue 32: the party's chance against it as drafted, and opponents proposed (the advice).
    npc.odds = true;
    npc
}
