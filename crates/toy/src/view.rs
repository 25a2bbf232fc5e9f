//! The Toy state as JSON, the shape scenario expectations (`[steps.expect]`) and the board match:
//!
//! ```json
//! {
//!   "options": {"hard": false}, "target": 4, "tries": 1,
//!   "characters": [{"name": "Ann", "skill": 2, "successes": 1, "last": 6}]
//! }
//! ```

use crate::model::state::State;
use crate::rules::tries::target;
use serde_json::{Value, json};

/// `state` as the JSON above: the state as it is serialized, with the target it sets (Y3).
pub fn view(state: &State) -> Value {
    json!({
        "options": state.options,
        "target": target(&state.options),
        "tries": state.tries,
        "characters": state.characters,
    })
}
