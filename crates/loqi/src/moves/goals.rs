//! The Goals moves (L6).

use super::forms::{
    GOALS, choice, controlled, flag, json_field, kind_field, multi, mv, number, option, signers,
    text,
};
use crate::limits;
use crate::model::{GM, State};
use serde_json::json;
use skald_core::{Move, Seat};

/// The Goals moves at any time: preparing, setting and fulfilling goals (L6).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let room = limits::MAX_GOALS.saturating_sub(state.goals.len());
    if seat.gm && room >= 1 {
        out.push(mv(
            GOALS,
            "GM: prepare goals".into(),
            json!({"do": "prepare_goals", "by": GM}),
            vec![json_field(
                "goals",
                "Goals (JSON)",
                json!([{"text": "The orcs take the pass", "kind": "specific", "base": 2, "multiplier": 5}]),
            )],
            false,
            "The GM's: 1-10 goals, each a text, a kind (specific or non_specific), a base 1-10 and for a specific one a multiplier 3 or 5; no total (L6).",
        ));
    }
    if room >= *limits::PREPARATION_GOALS.start() {
        for m in controlled(state, seat) {
            if state.prepared.contains(&m.name) {
                continue;
            }
            out.push(mv(
                GOALS,
                format!("{}: prepare goals", m.name),
                json!({"do": "prepare_goals", "by": m.name}),
                vec![json_field(
                    "goals",
                    "Goals (JSON)",
                    json!([
                        {"text": "Become captain", "kind": "specific", "base": 2, "multiplier": 3},
                        {"text": "Win a duel", "kind": "non_specific", "base": 3}
                    ]),
                )],
                false,
                "Once: 2-10 goals, at least one specific and one non_specific, bases 1-10 totalling 5-10, each specific base x3 or x5 (multiplier) (L6).",
            ));
        }
    }
    let signers = signers(state, seat);
    if state.story.session_problems == 0 && room >= 1 && !signers.is_empty() {
        out.push(mv(
            GOALS,
            "Add a session goal".into(),
            json!({"do": "add_goal", "at": "session"}),
            vec![
                choice("by", "Whose", signers),
                text("text", "What must happen", limits::REASON_CHARS),
                kind_field(),
                number("rating", "Rating", 1, *limits::SESSION_SPECIFIC_GOAL.end(), 3),
                flag("approved", "The group approves (non-specific)", false),
            ],
            false,
            "Before the session's first problem: specific 3-10, non-specific 1-5 with the group's approval (L6).",
        ));
    }
    if seat.gm {
        if room >= 1 {
            out.push(mv(
                GOALS,
                "Add a setting goal".into(),
                json!({"do": "add_goal", "at": "setting", "by": GM}),
                vec![
                    text("text", "What must happen", limits::REASON_CHARS),
                    kind_field(),
                    number(
                        "rating",
                        "Rating",
                        *limits::SETTING_GOAL.start(),
                        *limits::SETTING_GOAL.end(),
                        10,
                    ),
                ],
                false,
                "A goal the setting gives, entered by the GM: 1-100 (L6).",
            ));
        }
        if !state.goals.is_empty() && !state.characters.is_empty() {
            out.push(mv(
                GOALS,
                "Fulfil a goal".into(),
                json!({"do": "fulfil_goal"}),
                vec![
                    choice(
                        "goal",
                        "Goal",
                        state
                            .goals
                            .iter()
                            .map(|g| {
                                option(
                                    json!(g.number),
                                    &format!(
                                        "#{} {} ({}, {}, {})",
                                        g.number,
                                        g.text,
                                        g.kind.name().replace('_', "-"),
                                        g.rating,
                                        g.by
                                    ),
                                )
                            })
                            .collect(),
                    ),
                    multi(
                        "who",
                        "Fulfilled by",
                        state
                            .characters
                            .iter()
                            .map(|m| option(json!(m.name), &m.name))
                            .collect(),
                    ),
                ],
                false,
                "Everyone who fulfilled it at the same moment gets its full rating; a specific goal then disappears (L6).",
            ));
        }
    }
}
