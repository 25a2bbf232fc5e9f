//! Partial matching of an expectation against the state as JSON, and the projection used to diff them.

use serde_json::Value;

/// Whether `actual` has everything `expected` states: objects key by key (extra keys in `actual` are
/// fine), arrays of equal length element by element, other values equal. Integers and floats of the
/// same value are equal.
pub fn matches(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e
            .iter()
            .all(|(key, ev)| a.get(key).is_some_and(|av| matches(ev, av))),
        (Value::Array(e), Value::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(ev, av)| matches(ev, av))
        }
        (Value::Number(e), Value::Number(a)) => e == a || e.as_f64() == a.as_f64(),
        _ => expected == actual,
    }
}

/// `actual` cut down to the shape of `expected`, so that a diff of the two shows only what was checked.
/// A key that `actual` lacks is left out of the projection.
pub fn project(expected: &Value, actual: &Value) -> Value {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => Value::Object(
            e.iter()
                .filter_map(|(key, ev)| a.get(key).map(|av| (key.clone(), project(ev, av))))
                .collect(),
        ),
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            Value::Array(e.iter().zip(a).map(|(ev, av)| project(ev, av)).collect())
        }
        _ => actual.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(expected: Value, actual: Value, should_match: bool) {
        assert_eq!(
            matches(&expected, &actual),
            should_match,
            "{expected} against {actual}"
        );
    }

    #[test]
    fn matching_is_partial_on_objects_and_exact_on_arrays() {
        check(json!({"a": 1}), json!({"a": 1, "b": 2}), true);
        check(json!({"a": 1, "c": 3}), json!({"a": 1, "b": 2}), false);
        check(
            json!({"a": {"x": [1, 2]}}),
            json!({"a": {"x": [1, 2], "y": 0}}),
            true,
        );
        check(json!([1, 2]), json!([1, 2, 3]), false);
        check(json!([{"n": 1}]), json!([{"n": 1, "m": 2}]), true);
        check(json!("Gorand"), json!("Dragon"), false);
        check(json!(2), json!(2.0), true);
    }

    #[test]
    fn projection_keeps_only_the_checked_keys() {
        let actual = json!({"a": 1, "b": {"c": 2, "d": 3}, "e": [1, {"f": 1, "g": 2}]});
        let expected = json!({"b": {"c": 5}, "e": [0, {"g": 0}], "missing": 1});
        assert_eq!(
            project(&expected, &actual),
            json!({"b": {"c": 2}, "e": [1, {"g": 2}]})
        );
    }
}
