//! The Freelancer state as JSON, the shape scenario expectations (`[steps.expect]`) match against.
//!
//! ```json
//! {
//!   "characters": { "You": { "CHM": 27, "LFT": 42 } },
//!   "checks": 1,
//!   "last": {
//!     "event": "task_checked", "who": "You", "stat": "CHM",
//!     "rating": 27, "difficulty": 56, "against": "the guard's WIL",
//!     "equalized": { "rating": 27, "difficulty": 56, "divisor": 1 },
//!     "difference": 29, "band": "normal", "roll": 42, "outcome": "success", "success": true
//!   }
//! }
//! ```
//!
//! `last` is the last `task_checked` or `team_lifted` event exactly as logged (a team lift has `team`
//! = `[{ "who": ..., "lft": ... }]` and `roller` instead of `who` and `stat`), or `null` before the
//! first check. Bands: `automatic`, `botch_only`, `normal`, `crit_only`, `miracle`, `hopeless`.
//! Outcomes: `success`, `crit`, `failure`, `botch`.

use crate::state::State;
use serde_json::{Map, Value, json};

/// The state as JSON (shape in the module docs).
pub fn view(state: &State) -> Value {
    let characters: Map<String, Value> = state
        .characters
        .iter()
        .map(|(name, character)| {
            let ratings: Map<String, Value> = character
                .ratings
                .iter()
                .map(|(r, v)| (r.abbreviation().to_owned(), json!(v)))
                .collect();
            (name.clone(), Value::Object(ratings))
        })
        .collect();
    json!({
        "characters": characters,
        "checks": state.checks,
        "last": state.last.as_ref().and_then(|event| serde_json::to_value(event).ok()),
    })
}
