//! Healing moves (T8): launching a healing conflict against one of a character's burdens.

use super::forms::{choice_field, field, option};
use crate::model::Verb;
use crate::model::{Character, State};
use serde_json::json;
use skald_core::{FieldKind, Move, Seat};

/// The page's group of these moves.
const HEALING: &str = "Healing";

/// The Healing moves, outside conflicts: heal a burden of each living character the seat controls,
/// with a healer that is alive and not disabled (T8).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    if state.active_conflict().is_some() {
        return;
    }
    let healers: Vec<&Character> = state
        .characters
        .iter()
        .filter(|c| !c.dead && c.disabled_by().is_none())
        .collect();
    if healers.is_empty() {
        return;
    }
    for patient in state
        .characters
        .iter()
        .filter(|c| !c.dead && seat.controls(&c.name))
    {
        if patient.burdens.is_empty() {
            continue;
        }
        let burdens = patient
            .burdens
            .iter()
            .map(|b| {
                let boxes: Vec<String> = b.boxes.iter().map(u32::to_string).collect();
                option(
                    b.name.clone(),
                    format!("{} ({}: {})", b.name, b.stat, boxes.join(" ")),
                )
            })
            .collect();
        let healer_options = healers
            .iter()
            .map(|h| {
                let label = if h.name == patient.name {
                    format!("{} (the patient)", h.name)
                } else {
                    h.name.clone()
                };
                option(h.name.clone(), label)
            })
            .collect();
        let mut fields = vec![
            choice_field("burden", "Burden", burdens, false),
            choice_field("healer", "Healer", healer_options, false),
        ];
        if seat.gm {
            fields.push(field(
                "worsen_on_loss",
                "A loss adds the GM's highest die to the burden",
                FieldKind::Flag { default: true },
            ));
        }
        out.push(Move {
            fields,
            note: Some(format!(
                "The GM's side starts with the burden's boxes as dice and rolls a d20 per box each time the healer brings in dice after the first. A win removes a box of the burden from {0}'s sheet per healer die at or above the GM's highest; a loss may add the GM's highest die to it; a burden the healer takes lands on {0} (T8, T14).",
                patient.name
            )),
            ..Move::new(
                HEALING,
                format!("Heal {}'s burden", patient.name),
                Verb::StartHealing,
                json!({"patient": patient.name}),
            )
        });
    }
}
