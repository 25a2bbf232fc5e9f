//! The Chi state as JSON, the shape scenario expectations (`[steps.expect]`) match against.
//!
//! ```json
//! {
//!   "session": 1, "between_sessions": false, "round": 1, "tie": "fail",
//!   "characters": {
//!     "Ragnar": {
//!       "line": "Ragnar, fierce, arrogant, and savage barbarian8/6",
//!       "name": "Ragnar", "words": ["fierce", "arrogant", "savage"], "occupation": "barbarian",
//!       "pool": 8, "current": 6, "spent": 3, "left": 3,
//!       "actions": 1, "reactions": 0, "out_of_play": false,
//!       "losses": [{ "cause": "injury", "amount": 2, "detail": "gashed arm" }],
//!       "lost_for_good": 0, "new_die_waiting": true, "dice_awarded": 1, "words_earned": 1
//!     }
//!   },
//!   "secret_open": true,
//!   "secret": {
//!     "round": 1,
//!     "seats": [
//!       { "who": "Ragnar", "role": "action", "committed": true, "revealed": false },
//!       { "who": "Dirk", "role": "actor", "committed": true, "revealed": true, "spend": 3 }
//!     ],
//!     "waiting_to_commit": [], "waiting_to_reveal": ["Ragnar"]
//!   },
//!   "last": { "event": "action_rolled", "who": "Ragnar", "spent": 3, "outcome": "success", ... },
//!   "rolls": [{ "event": "action_rolled", "who": "Ragnar", ... }, { "event": "opposed_rolled", ... }]
//! }
//! ```
//!
//! `losses` are the temporary losses not yet recovered, oldest first (a loss's `detail` is left out
//! when none was given). `secret` is `null` when no secret roll is open (`secret_open` says the same
//! in a form TOML can match); a seat's `spend` appears only once it is revealed, and its commitment
//! is in the log, never an allocation before its reveal (C4). `last` is the last `action_rolled` or
//! `opposed_rolled` event exactly as logged (see [`crate::model::event`]), or `null` before the first roll.
//! `rolls` is every such event of the current round, in the order rolled (every result of a secret
//! roll, not only its last), `[]` once the next round starts; the board shows them all.

use crate::model::state::{Character, SecretRoll, SecretSeat, State};
use serde_json::{Map, Value, json};

/// The state as JSON (shape in the module docs).
pub fn view(state: &State) -> Value {
    let characters: Map<String, Value> = state
        .characters
        .iter()
        .map(|(name, character)| (name.clone(), character_view(character)))
        .collect();
    json!({
        "session": state.session,
        "between_sessions": state.between_sessions,
        "round": state.round,
        "tie": state.options.tie,
        "characters": characters,
        "secret_open": state.secret.is_some(),
        "secret": state.secret.as_ref().map(secret_view),
        "last": state.last.as_ref().and_then(|event| serde_json::to_value(event).ok()),
        "rolls": state.rolls.iter().filter_map(|event| serde_json::to_value(event).ok()).collect::<Vec<_>>(),
    })
}

fn character_view(character: &Character) -> Value {
    let c = &character.sheet;
    let losses: Vec<Value> = character
        .losses
        .iter()
        .map(|l| {
            let mut loss = json!({ "cause": l.cause, "amount": l.amount });
            if let (Some(detail), Some(map)) = (&l.detail, loss.as_object_mut()) {
                map.insert("detail".into(), json!(detail));
            }
            loss
        })
        .collect();
    json!({
        "line": c.to_string(),
        "name": c.name,
        "words": c.words,
        "occupation": c.occupation,
        "pool": c.pool,
        "current": c.current,
        "spent": character.spent,
        "left": character.left(),
        "actions": character.actions,
        "reactions": character.reactions,
        "out_of_play": character.out_of_play(),
        "losses": losses,
        "lost_for_good": character.permanent,
        "new_die_waiting": character.waiting,
        "dice_awarded": character.awards,
        "words_earned": character.words_earned,
    })
}

fn secret_view(secret: &SecretRoll) -> Value {
    let seats: Vec<Value> = secret
        .seats
        .iter()
        .map(|s| {
            let mut seat = json!({
                "who": s.who,
                "role": s.role,
                "committed": s.commitment.is_some(),
                "revealed": s.revealed.is_some(),
            });
            if let (Some(spend), Some(map)) = (s.revealed, seat.as_object_mut()) {
                map.insert("spend".into(), json!(spend));
            }
            seat
        })
        .collect();
    let names = |f: fn(&SecretSeat) -> bool| -> Vec<&str> {
        secret
            .seats
            .iter()
            .filter(|s| f(s))
            .map(|s| s.who.as_str())
            .collect()
    };
    json!({
        "round": secret.round,
        "seats": seats,
        "waiting_to_commit": names(|s| s.commitment.is_none()),
        "waiting_to_reveal": names(|s| s.revealed.is_none()),
    })
}
