//! The state as the JSON a scenario's `expect` and a page's board read (the core's `System::view`):
//! characters and participants keyed by name, pools highest first, who is winning, and whether each
//! character is disabled (T7).

use crate::model::{State, Trait};
use serde_json::{Map, Value, json};

/// The state as scenario expectations see it: characters and participants keyed by name, pools
/// highest first, and who is winning.
///
/// ```json
/// { "characters": { "Gorand": { "stats": { "Physical": { "boxes": 5, "checked": 0, "coloured": 0 } },
///       "traits": { "Arms": { "boxes": 2, "checked": 1, "coloured": 0 } }, "equipment": {},
///       "gear": ["food"], "obligations": {}, "burdens": { "Flesh wound": { "stat": "Physical", "boxes": [17] } },
///       "disabled": false, "dead": false, "keys": ["Warrior"] } },
///   "conflict": { "exchange": 2, "ended": false, "winning": "Gorand", "winner": null,
///                 "order": ["Gorand", "Dragon"], "final_order": [], "healing": false,
///                 "participants": { "Gorand": { "pool": [15, 12, 10, 7], "standing": "in",
///                                               "used": ["Friendly", "Arms"], "goal": "..." } } },
///   "obligations": [ { "granter": "...", "grantee": "...", ... } ] }
/// ```
pub fn view(state: &State) -> Value {
    let boxes = |list: &[Trait]| -> Value {
        Value::Object(
            list.iter()
                .map(|t| {
                    let v = json!({ "boxes": t.boxes, "checked": t.checked, "coloured": t.coloured, "broken": t.broken });
                    (t.name.clone(), v)
                })
                .collect(),
        )
    };
    let characters: Map<String, Value> = state
        .characters
        .iter()
        .map(|c| {
            let burdens: Map<String, Value> = c
                .burdens
                .iter()
                .map(|b| (b.name.clone(), json!({ "stat": b.stat, "boxes": b.boxes })))
                .collect();
            let sheet = json!({
                "stats": boxes(&c.stats),
                "keys": c.keys,
                "traits": boxes(&c.traits),
                "equipment": boxes(&c.equipment),
                "gear": c.gear,
                "obligations": boxes(&c.obligations),
                "burdens": burdens,
                "disabled": c.disabled_by().is_some(),
                "dead": c.dead,
            });
            (c.name.clone(), sheet)
        })
        .collect();
    let conflict = state.conflict.as_ref().map(|c| {
        let participants: Map<String, Value> = c
            .participants
            .iter()
            .map(|p| {
                let side = json!({
                    "pool": p.pool,
                    "standing": p.standing,
                    "used": p.used,
                    "goal": p.goal,
                    "death_of": p.death_of,
                });
                (p.who.clone(), side)
            })
            .collect();
        json!({
            "exchange": c.exchange,
            "ended": c.ended(),
            "winning": c.winning(),
            "winner": c.winner,
            "order": c.order_of_those_in(),
            "final_order": c.final_order,
            "healing": c.healing.is_some(),
            "participants": participants,
        })
    });
    json!({ "characters": characters, "conflict": conflict, "obligations": state.obligations })
}
