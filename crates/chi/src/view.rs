//! The Chi state as JSON, the shape scenario expectations (`[steps.expect]`) match against.
//!
//! ```json
//! {
//!   "round": 1,
//!   "tie": "fail",
//!   "characters": {
//!     "Dirk Rednova": {
//!       "line": "Dirk Rednova, dashing, handsome, and brave star marine7",
//!       "pool": 7, "current": 7, "spent": 3, "left": 4,
//!       "actions": 1, "reactions": 0, "out_of_play": false
//!     }
//!   },
//!   "last": { "event": "action_rolled", "who": "Dirk Rednova", "dice": 3, "outcome": "success", ... }
//! }
//! ```
//!
//! `last` is the last `action_rolled` or `opposed_rolled` event exactly as logged (see
//! [`crate::event`]), or `null` before the first roll.

use crate::state::State;
use serde_json::{Map, Value, json};

/// The state as JSON (shape in the module docs).
pub fn view(state: &State) -> Value {
    let characters: Map<String, Value> = state
        .characters
        .iter()
        .map(|(name, seat)| {
            let c = &seat.character;
            let value = json!({
                "line": c.to_string(),
                "pool": c.pool,
                "current": c.current,
                "spent": seat.spent,
                "left": seat.left(),
                "actions": seat.actions,
                "reactions": seat.reactions,
                "out_of_play": c.current == 0,
            });
            (name.clone(), value)
        })
        .collect();
    json!({
        "round": state.round,
        "tie": state.options.tie,
        "characters": characters,
        "last": state.last.as_ref().and_then(|event| serde_json::to_value(event).ok()),
    })
}
