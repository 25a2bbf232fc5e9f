//! A move's form filled in as a page fills it, for tests: every blank at its default, the value
//! written where its dotted name points, so the command a test sends is the command the page's
//! script (`crates/web/static/skald.js`, `commandOf`) would send for the same form.
//!
//! A blank whose `shown_when` does not hold (in its scope: the command, or its list entry as
//! filled so far) is hidden on the page and left out, here too; a blank that only steers the
//! form (`Field::form_only`) is read by those conditions and left out of the command sent.
//!
//! The defaults: a number or flag at its `default`; a single choice at its first option offered
//! (an option whose `only_if` does not hold is not offered); a multiple choice with every option
//! offered; a list with `start` entries, each filled the same way (an entry of a list of values
//! left empty is dropped, as the page drops it); a text blank from the test's own `text` function,
//! given the field and its whole path.

use serde_json::{Map, Value};
use skald_core::{Condition, Field, FieldKind, Move};
pub use skald_core::{get_path as get, set_path as set};

/// `m`'s form filled as a person fills it: every blank at its default, text blanks left empty,
/// then `picks` written at their dotted paths in order (a list given whole replaces its entries).
/// A pick naming a blank that only steers the form (`Field::form_only`) is that blank's value
/// while the form is filled (it decides which blanks show) and is not sent.
pub fn picked(m: &Move, picks: &[(&str, Value)]) -> Value {
    let steers = |path: &str| m.fields.iter().any(|f| f.form_only && f.name == path);
    let steering: Vec<(&str, Value)> = picks
        .iter()
        .filter(|(path, _)| steers(path))
        .cloned()
        .collect();
    let mut command = fill(m, &|_, _| None, &steering);
    for (path, value) in picks.iter().filter(|(path, _)| !steers(path)) {
        set(&mut command, path, value.clone());
    }
    command
}

/// The command `m`'s form sends when every blank keeps its default and each text blank holds
/// `text(field, path)` (`None` leaves it out, as an empty text box is).
pub fn filled(m: &Move, text: &dyn Fn(&Field, &str) -> Option<Value>) -> Value {
    fill(m, text, &[])
}

/// [`filled`], with each blank named in `given` holding the value given instead of its default.
fn fill(m: &Move, text: &dyn Fn(&Field, &str) -> Option<Value>, given: &[(&str, Value)]) -> Value {
    let mut command = m.command.clone();
    for f in &m.fields {
        let root = command.clone();
        if f.shown_when.as_ref().is_some_and(|c| !holds(&root, c)) {
            continue;
        }
        let value = match given.iter().find(|(name, _)| *name == f.name) {
            Some((_, value)) => Some(value.clone()),
            None => value_of(&root, f, &f.name, text),
        };
        if let Some(value) = value {
            set(&mut command, &f.name, value);
        }
    }
    // A blank that only steers the form is read by the conditions above and never sent.
    if let Value::Object(map) = &mut command {
        for f in m.fields.iter().filter(|f| f.form_only) {
            map.remove(&f.name);
        }
    }
    command
}

/// One blank's default value at `path`, its list entries filled; `None` for text left empty.
/// Conditions are read from `root`, the command as filled so far.
fn value_of(
    root: &Value,
    f: &Field,
    path: &str,
    text: &dyn Fn(&Field, &str) -> Option<Value>,
) -> Option<Value> {
    Some(match &f.kind {
        FieldKind::Number { default, .. } => Value::from(*default),
        FieldKind::Flag { default } => Value::from(*default),
        FieldKind::Choice { options, multiple } => {
            let mut offered = options
                .iter()
                .filter(|o| o.only_if.as_ref().is_none_or(|c| holds(root, c)))
                .map(|o| o.value.clone());
            if *multiple {
                Value::Array(offered.collect())
            } else {
                offered.next()?
            }
        }
        FieldKind::Text { .. } => text(f, path)?,
        FieldKind::List { item, start, .. } => {
            // An entry of a list of values left empty is no entry, as on the page.
            let entries = (0..*start).filter_map(|i| match item.as_slice() {
                [one] if one.name.is_empty() => value_of(root, one, &format!("{path}.{i}"), text),
                _ => {
                    let mut entry = Value::Object(Map::new());
                    for f in item {
                        if f.shown_when.as_ref().is_some_and(|c| !holds(&entry, c)) {
                            continue;
                        }
                        let at = format!("{path}.{i}.{}", f.name);
                        if let Some(value) = value_of(root, f, &at, text) {
                            set(&mut entry, &f.name, value);
                        }
                    }
                    Some(entry)
                }
            });
            Value::Array(entries.collect())
        }
    })
}

/// Whether `c` holds in `root`: the value at its path is one of `any_of` (or, for an array, holds
/// one of them).
pub fn holds(root: &Value, c: &Condition) -> bool {
    match get(root, &c.field) {
        Some(Value::Array(items)) => items.iter().any(|v| c.any_of.contains(v)),
        Some(v) => c.any_of.contains(v),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use skald_core::Choice;

    #[test]
    fn dotted_names_build_objects_and_arrays_as_the_page_does() {
        let mut v = json!({"do": "enroll"});
        set(&mut v, "character.stats.Physical", json!(5));
        set(&mut v, "character.keys.0", json!("Warrior"));
        assert_eq!(
            v,
            json!({"do": "enroll", "character": {"stats": {"Physical": 5}, "keys": ["Warrior"]}})
        );
        assert_eq!(get(&v, "character.keys.0"), Some(&json!("Warrior")));
    }

    #[test]
    fn lists_and_conditions_fill_as_a_form_left_at_its_defaults() {
        let key = Field::choice(
            "character.keys.0",
            "Key",
            &[(json!("Warrior"), "Warrior"), (json!("Scholar"), "Scholar")],
        );
        let name = Field::new(
            "name",
            "Trait",
            FieldKind::Choice {
                options: vec![
                    Choice::new(json!("Books"), "Books")
                        .only_if("character.keys.0", vec![json!("Scholar")]),
                    Choice::new(json!("Arms"), "Arms")
                        .only_if("character.keys.0", vec![json!("Warrior")]),
                ],
                multiple: false,
            },
        );
        let traits = Field::list(
            "character.traits",
            "Traits",
            vec![name, Field::number("boxes", "Boxes", 1, 10, 2)],
            3,
            6,
            2,
        );
        let gear = Field::list(
            "character.equipment",
            "Gear",
            vec![Field::text("", "Item", 80)],
            0,
            9,
            1,
        );
        let m = Move {
            fields: vec![key, traits, gear],
            ..Move::new("Characters", "Add", "enroll", json!({}))
        };
        let sent = filled(&m, &|_, path| Some(json!(path)));
        // A blank shown only while another of its entry holds a value: left out otherwise.
        let mut shown = m.clone();
        if let FieldKind::List { item, .. } = &mut shown.fields[1].kind {
            item.push(Field::number("extra", "Extra", 0, 9, 4).shown_when("boxes", vec![json!(2)]));
            item.push(Field::number("other", "Other", 0, 9, 5).shown_when("boxes", vec![json!(3)]));
        }
        let extra = filled(&shown, &|_, path| Some(json!(path)));
        assert_eq!(
            extra["character"]["traits"][0],
            json!({"name": "Arms", "boxes": 2, "extra": 4})
        );
        assert_eq!(
            sent,
            json!({"do": "enroll", "character": {
                "keys": ["Warrior"],
                "traits": [{"name": "Arms", "boxes": 2}, {"name": "Arms", "boxes": 2}, {"name": "Arms", "boxes": 2}],
                "equipment": ["character.equipment.0"]
            }})
        );
    }
}
