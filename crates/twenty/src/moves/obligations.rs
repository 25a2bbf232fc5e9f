//! Obligation moves (T11): granting an obligation, and ending one.

use super::forms::{choice_field, field, option, text_field};
use crate::limits::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use crate::model::{ObligationEnd, Verb};
use crate::model::{State, Trait};
use serde_json::json;
use skald_core::{Choice, FieldKind, Move, Seat};

/// The page's group of these moves.
const OBLIGATIONS: &str = "Obligations";

/// The Obligations moves: grant an obligation from each living character the seat controls with an
/// unchecked box and someone to grant it to; end each obligation a grantee the seat controls holds
/// (T11).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    for g in state
        .characters
        .iter()
        .filter(|c| !c.dead && seat.controls(&c.name))
    {
        let grantable: Vec<&Trait> = g.rollables().filter(|t| t.unchecked() > 0).collect();
        let grantees: Vec<Choice> = state
            .characters
            .iter()
            .filter(|c| !c.dead && c.name != g.name)
            .map(|c| option(c.name.clone(), c.name.clone()))
            .collect();
        let most = grantable.iter().map(|t| t.unchecked()).max().unwrap_or(0);
        if grantable.is_empty() || grantees.is_empty() {
            continue;
        }
        let traits = grantable
            .iter()
            .map(|t| {
                option(
                    t.name.clone(),
                    format!("{} ({} unchecked)", t.name, t.unchecked()),
                )
            })
            .collect();
        out.push(Move {
            fields: vec![
                choice_field("trait", &format!("{}'s trait", g.name), traits, false),
                field(
                    "boxes",
                    "Boxes to colour",
                    FieldKind::Number {
                        min: 1,
                        max: i64::from(most),
                        default: 1,
                    },
                ),
                choice_field("grantee", "Granted to", grantees, false),
                text_field("as", "The trait as the grantee writes it", MAX_NAME_CHARS),
                text_field("service", "The service promised", MAX_TEXT_CHARS),
            ],
            note: Some(format!(
                "The trait must be one that can be handed on. {} colours that many unchecked boxes of it on its own sheet (they do not regenerate); the grantee writes a trait of as many boxes under Obligations on its sheet, until the obligation ends (T11).",
                g.name
            )),
            ..Move::new(
                OBLIGATIONS,
                format!("{}: grant an obligation", g.name),
                Verb::GrantObligation,
                json!({"granter": g.name}),
            )
        });
    }
    let mut grantees: Vec<&str> = Vec::new();
    for o in &state.obligations {
        if !grantees.contains(&o.grantee.as_str()) && seat.controls(&o.grantee) {
            grantees.push(&o.grantee);
        }
    }
    for grantee in grantees {
        let traits = state
            .obligations
            .iter()
            .filter(|o| o.grantee == grantee)
            .map(|o| {
                option(
                    o.grantee_trait.clone(),
                    format!("{} (from {}: {})", o.grantee_trait, o.granter, o.service),
                )
            })
            .collect();
        let mut fields = vec![choice_field("trait", "Obligation", traits, false)];
        // A player's grantee only records the service done; rescinding is the GM's (T11).
        let fixed = if seat.gm {
            fields.push(choice_field(
                "reason",
                "Why it ends",
                vec![
                    option("fulfilled", "Fulfilled: the service is done"),
                    option("rescinded", "Rescinded: the granter changed its mind"),
                ],
                false,
            ));
            json!({"grantee": grantee})
        } else {
            json!({"grantee": grantee, "reason": ObligationEnd::Fulfilled})
        };
        out.push(Move {
            fields,
            note: Some(format!(
                "The obligation trait leaves {grantee}'s sheet, and the granter's coloured boxes come back unchecked on the granter's; rescinding is the granter's call, sent by the GM (T11)."
            )),
            ..Move::new(
                OBLIGATIONS,
                format!("{grantee}: end an obligation"),
                Verb::EndObligation,
                fixed,
            )
        });
    }
}
