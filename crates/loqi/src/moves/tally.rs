//! The Tally moves: traits, modifiers, influence spent and merges on a side's likelihood (L1, L5).

use super::forms::{
    TALLY, acting_for, acts_as, choice, controlled, entry_label, flag, in_play, multi, mv, number,
    option, side_label, signers, text,
};
use crate::limits;
use crate::model::Verb;
use crate::model::{Entry, EntryKind, GM, Problem, Side, State};
use serde_json::json;
use skald_core::{Choice, Move, Seat};

/// The Tally moves once an outcome is proposed: per character with traits now, per payer with
/// influence, the merges of whoever plays the GM's part, and the modifiers.
pub(super) fn moves(state: &State, problem: &Problem, seat: &Seat, out: &mut Vec<Move>) {
    let odds = problem.odds().is_some();
    let open: Vec<Choice> = [Side::Player, Side::Gm]
        .into_iter()
        .filter(|s| {
            problem
                .outcome(*s)
                .is_some_and(|o| o.tally.len() < limits::MAX_TALLY_ENTRIES)
        })
        .map(|s| option(json!(s.name()), &side_label(problem, s)))
        .collect();
    entries(state, seat, &open, odds, out);
    if !open.is_empty() {
        influence(state, seat, &open, odds, out);
    }
    merges(problem, seat, odds, out);
}

/// A trait of each character in play on either open outcome, and a modifier (L1), for a seat
/// that may sign them.
fn entries(state: &State, seat: &Seat, open: &[Choice], odds: bool, out: &mut Vec<Move>) {
    let signers = signers(state, seat);
    if !open.is_empty() && !signers.is_empty() {
        for m in state.characters.iter().filter(|m| in_play(state, m)) {
            let traits = m.traits_now();
            if traits.is_empty() {
                continue;
            }
            out.push(mv(
                TALLY,
                format!("Add {}'s trait", m.name),
                Verb::AddTrait,
                json!({"character": m.name}),
                vec![
                    choice(
                        "trait",
                        "Trait",
                        traits
                            .iter()
                            .map(|t| {
                                let harm = if t.harmful { " (harmful)" } else { "" };
                                option(json!(t.name), &format!("{} {}{harm}", t.name, t.rating))
                            })
                            .collect(),
                    ),
                    choice("outcome", "On", open.to_vec()),
                    flag("along", "The action goes along with it", true),
                    choice("by", "Added by", signers.clone()),
                    text("reason", "Why it applies", limits::REASON_CHARS),
                ],
                odds,
                "An action that goes along with a helpful trait adds its rating to the outcome's likelihood, one that runs against it subtracts it; a harmful trait counts the other way (L1).",
            ).for_character(&m.name));
        }
        out.push(mv(
            TALLY,
            "Add a modifier".into(),
            Verb::AddModifier,
            json!({}),
            vec![
                choice("outcome", "On", open.to_vec()),
                choice(
                    "kind",
                    "Kind",
                    vec![
                        option(json!("environment"), "Environment"),
                        option(json!("genre"), "Genre convention"),
                    ],
                ),
                number(
                    "value",
                    "Value (+ likelier, - less likely)",
                    *limits::MODIFIER.start(),
                    *limits::MODIFIER.end(),
                    1,
                ),
                choice("by", "Added by", signers),
                text("reason", "What and why", limits::REASON_CHARS),
            ],
            odds,
            "Something in the immediate situation, or a rule of the genre: -20 to 20 (L1; book: Environmental Modifiers, Genre Conventions).",
        ));
    }
}

/// Influence spent on an open outcome by each payer the seat plays that holds some (L5).
fn influence(state: &State, seat: &Seat, open: &[Choice], odds: bool, out: &mut Vec<Move>) {
    let mut payers: Vec<(&str, i64)> = Vec::new();
    if seat.gm
        && let Some(has) = state.gm_influence
    {
        payers.push((GM, has));
    }
    payers.extend(
        controlled(state, seat)
            .into_iter()
            .filter(|m| in_play(state, m) && !m.npc)
            .map(|m| (m.name.as_str(), m.influence)),
    );
    for (who, has) in payers.into_iter().filter(|(_, has)| *has >= 1) {
        let most = has.min(*limits::INFLUENCE_SPEND.end());
        out.push(mv(
                TALLY,
                format!("{who}: spend influence"),
                Verb::SpendInfluence,
                json!({"who": who}),
                vec![
                    choice("outcome", "On", open.to_vec()),
                    number(
                        "points",
                        "Points (+ raises its likelihood, - lowers it)",
                        most.saturating_neg(),
                        most,
                        1,
                    ),
                    text("reason", "Why (optional)", limits::REASON_CHARS),
                ],
                odds,
                &format!(
                    "{} holds {has} and pays every point spent, whoever wins: each moves the outcome's likelihood one step; bids against each other each count (L5).",
                    if who == GM { "The GM" } else { who }
                ),
            ).for_character(who));
    }
}

/// The merges of overlapping entries on each outcome, for whoever plays the GM's part (book:
/// Judging Likelihood Modifiers).
fn merges(problem: &Problem, seat: &Seat, odds: bool, out: &mut Vec<Move>) {
    let acting = problem.acting_gm();
    if acts_as(seat, acting) {
        for side in [Side::Player, Side::Gm] {
            let Some(outcome) = problem.outcome(side) else {
                continue;
            };
            let mergeable: Vec<&Entry> = outcome
                .tally
                .iter()
                .filter(|e| {
                    matches!(
                        e.kind,
                        EntryKind::Trait | EntryKind::Environment | EntryKind::Genre
                    )
                })
                .collect();
            if mergeable.len() < 2 {
                continue;
            }
            let sum = mergeable
                .iter()
                .fold(0_i64, |s, e| s.saturating_add(e.value))
                .clamp(*limits::MODIFIER.start(), *limits::MODIFIER.end());
            out.push(acting_for(mv(
                TALLY,
                format!("Merge entries on {}", side.outcome_phrase()),
                Verb::MergeEntries,
                json!({"outcome": side.name(), "by": acting}),
                vec![
                    multi(
                        "entries",
                        "Entries that overlap",
                        mergeable
                            .iter()
                            .map(|e| option(json!(e.id), &entry_label(e)))
                            .collect(),
                    ),
                    number(
                        "value",
                        "Their value together",
                        *limits::MODIFIER.start(),
                        *limits::MODIFIER.end(),
                        sum,
                    ),
                    text("reason", "Why", limits::REASON_CHARS),
                ],
                odds,
                "Two or more overlapping trait, environment or genre entries become one value judged by whoever plays the GM's part; the sources stay listed (book: Judging Likelihood Modifiers).",
            ), acting));
        }
    }
}
