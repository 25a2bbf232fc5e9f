//! The Freelancer state as JSON, the shape scenario expectations (`[steps.expect]`) match against.
//!
//! ```json
//! {
//!   "options": { "initiative": 1, "opposed": "roll_under", "both_miss": "reroll", "ap_per_level": 1, "formulas": {} },
//!   "formulas": { "HP": "VIG + MRL + LCK" },
//!   "rating_names": { "MIT": "Might", ..., "LFT": "Lifting Power", ... },
//!   "characters": {
//!     "Ash": {
//!       "kind": "pc", "level": 2, "xp": 150, "ap": 3, "vocation": "Shaman", "organisation": "Grand Coven",
//!       "resting": false,
//!       "attributes": { "VIG": 8 },
//!       "stats": { "LFT": { "value": 42, "from": "sheet", "affected_by": ["MIT", "VIG"] } },
//!       "abilities": [{ "name": "Second Wind", "path": "general" }],
//!       "awards": [{ "who": ["Ash"], "xp": 150, "ap": 2, "reason": "cleared the cave" }]
//!     },
//!     "Guard": { "kind": "encounter", "attributes": {}, "stats": { "WIL": { "value": 56, ... } } }
//!   },
//!   "safe_area": null,
//!   "checks": 1,
//!   "last": { "event": "task_checked", "who": "Ash", "difference": 29, "band": "normal", ... },
//!   "last_dice": { "who": "Ash", "die": 6, "what": "the trap", "odds": { "p_crit": "1/6", ... },
//!                  "dice": [{ "face": 6, "mark": "crit" }, { "face": 3 }], "total": 9, "crits": 1, "botches": 0 },
//!   "event": {
//!     "name": "ambush", "method": 1, "participants": ["Ash", "Mara"], "round": 1, "declared": [],
//!     "total_actions": [], "slowest": 25, "rolls": [...],
//!     "order": [{ "who": "Ash", "turn": 337, "actions": 2, "done": true,
//!                 "taken": { "who": "Ash", "turn": 337, "full": 1, "lost": 1, "empty": 0 } }, ...],
//!     "whose_turn": { "who": "Mara", "turn": 25, "actions": 1 }, "round_over": false,
//!     "checks": [{ "event": "task_checked", "who": "Ash", ... }], "checks_dropped": 0
//!   },
//!   "events_finished": 0
//! }
//! ```
//!
//! `options` are the table's as it was made; `formulas` are the stat formulas now (the options',
//! then as the GM set them, F8). `rating_names` spells out each abbreviation as the book does.
//! A stat's `from` is `"sheet"` (written or set) or `"formula"`; a stat with neither, or whose formula
//! lacks an attribute, is left out. An Encounter Sheet shows only `kind`, `attributes` and `stats`.
//! `last` is the last check event exactly as logged, or `null`. `last_dice` is the last roll of the dice
//! besides the d100 (`roll_die`, F1), each die's face with its `mark` (`"crit"`: the highest face;
//! `"botch"`: 1; absent otherwise), or `null`. `event` is `null` when no event is under
//! way; `round` is 0 and `order` empty before the first initiative. A slot already taken carries
//! `taken`, the turn as logged (`lost`: its Full Actions not taken, absent when none, F5, F7).
//! `checks` is every check made since the round's initiative, in order (the newest
//! [`MAX_ROUND_CHECKS`](crate::limits::MAX_ROUND_CHECKS); `checks_dropped` counts earlier ones,
//! only in the log), so the board shows the whole round, not only `last`. Numbers above 9,223,372,036,854,775,807
//! are strings of digits.

use crate::model::scene::Scene;
use crate::model::sheet::{Character, Kind};
use crate::model::state::State;
use crate::rules::stats;
use serde_json::{Map, Value, json};

/// The state as JSON (shape in the module docs).
pub fn view(state: &State) -> Value {
    let characters: Map<String, Value> = state
        .characters
        .iter()
        .map(|(name, sheet)| (name.clone(), character(state, sheet)))
        .collect();
    let names: Map<String, Value> = crate::Rating::ALL
        .iter()
        .map(|r| (r.abbreviation().to_owned(), json!(r.name())))
        .collect();
    json!({
        "options": serde_json::to_value(&state.options).unwrap_or(Value::Null),
        "formulas": to_json(&state.formulas),
        "rating_names": names,
        "characters": characters,
        "safe_area": state.safe_area,
        "checks": state.checks,
        "last": state.last.as_ref().and_then(|event| serde_json::to_value(event).ok()),
        "last_dice": state.last_dice.as_ref().map(to_json),
        "event": state.scene.as_ref().map(|s| scene(state, s)),
        "events_finished": state.events_finished,
    })
}

fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn character(state: &State, sheet: &Character) -> Value {
    let mut attributes = Map::new();
    let mut stats = Map::new();
    for rating in crate::Rating::ALL {
        let Some(Ok((value, origin))) = stats::value(&state.formulas, sheet, rating) else {
            continue;
        };
        let value = to_json(&crate::Number(value));
        if rating.is_attribute() {
            attributes.insert(rating.abbreviation().to_owned(), value);
        } else {
            let affected_by: Vec<&str> = rating.affected_by().iter().map(|i| i.name()).collect();
            stats.insert(
                rating.abbreviation().to_owned(),
                json!({ "value": value, "from": origin, "affected_by": affected_by }),
            );
        }
    }
    if sheet.kind == Kind::Encounter {
        return json!({ "kind": sheet.kind, "attributes": attributes, "stats": stats });
    }
    json!({
        "kind": sheet.kind,
        "level": sheet.level,
        "xp": sheet.xp,
        "ap": sheet.ap,
        "vocation": sheet.vocation,
        "organisation": sheet.vocation.map(|v| v.organisation()),
        "resting": state.resting.contains(&sheet.name),
        "attributes": attributes,
        "stats": stats,
        "abilities": to_json(&sheet.abilities),
        "awards": to_json(&state.awards.get(&sheet.name).cloned().unwrap_or_default()),
    })
}

fn scene(state: &State, scene: &Scene) -> Value {
    let round = scene.round.as_ref();
    let order: Vec<Value> = round
        .map(|r| {
            r.order
                .iter()
                .enumerate()
                .map(|(i, slot)| {
                    let mut value = to_json(slot);
                    if let Some(object) = value.as_object_mut() {
                        object.insert("done".into(), json!(i < r.next));
                        // Turns are taken in order: the i-th turn taken is the i-th slot's.
                        if let Some(turn) = state.turns.get(i).filter(|t| t.who == slot.who) {
                            object.insert("taken".into(), to_json(turn));
                        }
                    }
                    value
                })
                .collect()
        })
        .unwrap_or_default();
    json!({
        "name": scene.name,
        "method": scene.method,
        "participants": scene.participants,
        "round": scene.rounds,
        "declared": scene.declared,
        "total_actions": round.map(|r| r.total_actions.clone()).unwrap_or_default(),
        "slowest": round.map(|r| to_json(&r.slowest)),
        "rolls": round.map(|r| to_json(&r.rolls)).unwrap_or(json!([])),
        "order": order,
        "whose_turn": round.and_then(|r| r.whose_turn()).map(|s| json!({
            "who": s.who, "turn": to_json(&s.turn), "actions": s.actions
        })),
        "round_over": round.is_none_or(|r| r.is_over()),
        "checks": state.round_checks.iter().map(to_json).collect::<Vec<_>>(),
        "checks_dropped": state.round_checks_dropped,
    })
}
