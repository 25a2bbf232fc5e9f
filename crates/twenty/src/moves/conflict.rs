//! Conflict moves (T2, T4, T7): starting a conflict, and for each participant a seat controls,
//! bringing in dice, standing and surrendering.

use super::forms::{choice_field, controlled, eligible, option};
use crate::limits::MAX_PARTICIPANTS;
use crate::model::{Character, State};
use serde_json::json;
use skald_core::{Choice, Move, Seat, noun};

/// The page's group of these moves.
const CONFLICT: &str = "Conflict";

/// The Conflict moves: start a conflict (the GM, with two living characters or more, T2, T7), then
/// for each participant the seat controls: bring in dice, stand (T2), surrender (T4).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = state.active_conflict() else {
        let living: Vec<&Character> = state.characters.iter().filter(|c| !c.dead).collect();
        if seat.gm && living.len() >= 2 {
            let options = living
                .iter()
                .map(|c| {
                    let label = if c.disabled_by().is_some() {
                        format!("{} (disabled: loses at once, T7)", c.name)
                    } else {
                        c.name.clone()
                    };
                    option(
                        json!({"who": c.name, "goal": "as declared at the table"}),
                        label,
                    )
                })
                .collect();
            out.push(Move {
                group: CONFLICT.into(),
                label: "Start a conflict".into(),
                command: json!({"do": "start_conflict"}),
                fields: vec![choice_field("participants", "Sides", options, true)],
                odds: false,
                note: Some(format!(
                    "2 to {} living characters, each with its goal; exchange 1 begins (T2). Goals in words or a death goal (T7): send start_conflict as JSON.",
                    MAX_PARTICIPANTS
                )),
                sheet: None,
            });
        }
        return;
    };
    let exchange = conflict.exchange;
    for (p, c) in controlled(state, conflict, seat) {
        let who = &p.who;
        if p.can_act() && p.acted_in < exchange {
            let options: Vec<Choice> = eligible(c, p, exchange)
                .into_iter()
                .map(|t| {
                    let kind = if c.is_item(&t.name) {
                        ", item"
                    } else if c.obligations.iter().any(|o| o.name == t.name) {
                        ", obligation"
                    } else {
                        ""
                    };
                    option(
                        t.name.clone(),
                        format!("{} ({} d20{kind})", t.name, t.unchecked()),
                    )
                })
                .collect();
            if !options.is_empty() {
                out.push(Move {
                    group: CONFLICT.into(),
                    label: format!("{who}: bring in dice"),
                    command: json!({"do": "bring_in", "who": who}),
                    fields: vec![choice_field("trait", "Trait, stat or item", options, false)],
                    odds: true,
                    note: Some(format!(
                        "Exchange {exchange}: 1d20 per unchecked box, then one box is checked; each trait once per conflict, with at least {}; a 1 forces you to stand (T2).",
                        noun(exchange as usize, "unchecked box", "unchecked boxes")
                    )),
                    sheet: None,
                });
            }
            out.push(Move {
                group: CONFLICT.into(),
                label: format!("{who}: stand"),
                command: json!({"do": "stand", "who": who}),
                fields: Vec::new(),
                odds: true,
                note: Some(
                    "Stand on your pool for this exchange; you may bring in dice again in the next (T2)."
                        .into(),
                ),
                sheet: None,
            });
        }
        if p.is_in() {
            out.push(Move {
                group: CONFLICT.into(),
                label: format!("{who}: surrender"),
                command: json!({"do": "surrender", "who": who}),
                fields: Vec::new(),
                odds: false,
                note: Some(
                    "Leave the conflict for good: your dice go and your goal is lost; you narrate last (T3, T4)."
                        .into(),
                ),
                sheet: None,
            });
        }
    }
}
