//! Dotted paths into a command's JSON, as a form's field names write them (`character.traits.0.name`;
//! a number segment is an array's index): read one value, write one value.

use serde_json::{Map, Value};

/// `path` written with brackets (`traits[1].rating`, as a system's messages write a sheet's blank)
/// as a dotted path (`traits.1.rating`); a dotted path is unchanged.
pub fn dotted(path: &str) -> String {
    path.replace('[', ".").replace(']', "")
}

/// The value at a dotted `path` in `root` (a number segment indexes an array).
pub fn get_path<'v>(root: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.').try_fold(root, |at, key| match at {
        Value::Array(items) => items.get(key.parse::<usize>().ok()?),
        Value::Object(map) => map.get(key),
        _ => None,
    })
}

/// Writes `value` at a dotted `path` in `root`, making objects (and arrays, for a number segment)
/// on the way, as the page's script does (`crates/web/static/skald.js`, `setPath`).
pub fn set_path(root: &mut Value, path: &str, value: Value) {
    let keys: Vec<&str> = path.split('.').collect();
    let mut at = root;
    for (i, key) in keys.iter().enumerate() {
        let last = i + 1 == keys.len();
        let next_is_index = keys.get(i + 1).is_some_and(|k| k.parse::<usize>().is_ok());
        let fresh = || {
            if next_is_index {
                Value::Array(Vec::new())
            } else {
                Value::Object(Map::new())
            }
        };
        if let Ok(index) = key.parse::<usize>()
            && let Value::Array(items) = at
        {
            while items.len() <= index {
                items.push(Value::Null);
            }
            if last {
                items[index] = value;
                return;
            }
            if items[index].is_null() {
                items[index] = fresh();
            }
            at = &mut items[index];
            continue;
        }
        if !at.is_object() {
            *at = Value::Object(Map::new());
        }
        let Value::Object(map) = at else { return };
        if last {
            map.insert((*key).to_owned(), value);
            return;
        }
        at = map.entry((*key).to_owned()).or_insert_with(fresh);
    }
}
