//! The Goals moves (L6). Preparation goals are a list of entries (what must happen, specific or
//! not, a base rating and a specific goal's multiplier), checked by the rules as the form changes.

use super::forms::{
    GOALS, choice, controlled, flag, kind_field, multi, mv, number, option, signers, text,
};
use crate::limits;
use crate::model::Verb;
use crate::model::{GM, State};
use serde_json::json;
use skald_core::{Field, Move, Seat};

/// The Goals moves at any time: preparing, setting and fulfilling goals (L6).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let room = limits::MAX_GOALS.saturating_sub(state.goals.len());
    let most = *limits::PREPARATION_GOALS.end();
    if seat.gm && room >= 1 {
        out.push(mv(
            GOALS,
            "GM: prepare goals".into(),
            Verb::PrepareGoals,
            json!({"by": GM}),
            vec![goals_field(1, most.min(room), 1, 2).with_help(
                "As many goals as the story needs, up to 10 at a time, each with its own base rating; no total for the GM (L6).",
            )],
            false,
            "The GM's preparation goals: each base 1-10, a specific one multiplied by 3 or 5 (L6).",
        ));
    }
    if room >= *limits::PREPARATION_GOALS.start() {
        for m in controlled(state, seat) {
            if m.npc || state.prepared.contains(&m.name) {
                continue;
            }
            out.push(mv(
                GOALS,
                format!("{}: prepare goals", m.name),
                Verb::PrepareGoals,
                json!({"by": m.name}),
                vec![
                    goals_field(
                        *limits::PREPARATION_GOALS.start(),
                        most.min(room),
                        *limits::PREPARATION_GOALS.start(),
                        3,
                    )
                    .with_help(format!(
                        "At least one specific goal and one non-specific. The base ratings of all of them add up to {} to {}; then each specific goal's base is multiplied by 3 or 5 (L6).",
                        limits::PREPARATION_BASE_TOTAL.start(),
                        limits::PREPARATION_BASE_TOTAL.end()
                    )),
                ],
                false,
                "Made once per character: whoever fulfils a goal gains its rating in influence (L6).",
            ).for_character(&m.name));
        }
    }
    // An NPC makes no goals: the GM signs its own as "GM" (L6).
    let signers: Vec<_> = signers(state, seat)
        .into_iter()
        .filter(|c| {
            c.value
                .as_str()
                .is_none_or(|name| state.character(name).is_none_or(|m| !m.npc))
        })
        .collect();
    if state.story.session_problems == 0 && room >= 1 && !signers.is_empty() {
        out.push(mv(
            GOALS,
            "Add a session goal".into(),
            Verb::AddGoal,
            json!({"at": "session"}),
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
                Verb::AddGoal,
                json!({"at": "setting", "by": GM}),
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
        if !state.goals.is_empty() && state.characters.iter().any(|m| !m.npc) {
            out.push(mv(
                GOALS,
                "Fulfil a goal".into(),
                Verb::FulfilGoal,
                json!({}),
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
                                        g.kind.words(),
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
                            .filter(|m| !m.npc)
                            .map(|m| option(json!(m.name), &m.name))
                            .collect(),
                    ),
                ],
                false,
                "Everyone who fulfilled it at the same moment gains its full rating in influence; a specific goal then disappears (L6).",
            ));
        }
    }
}

/// The `goals` of `prepare_goals`: `min` to `max` entries, `start` at first, each a text, a kind,
/// a base rating (starting at `base`) and a specific goal's multiplier (L6).
fn goals_field(min: usize, max: usize, start: usize, base: i64) -> Field {
    let multipliers = limits::SPECIFIC_MULTIPLIERS
        .iter()
        .map(|m| option(json!(m), &format!("x{m}")))
        .collect();
    Field::list(
        "goals",
        "Goals",
        vec![
            text("text", "What must happen", limits::REASON_CHARS),
            kind_field(),
            Field::number(
                "base",
                "Base rating",
                *limits::PREPARATION_BASE.start(),
                *limits::PREPARATION_BASE.end(),
                base,
            ),
            choice("multiplier", "Multiplier", multipliers)
                .with_help("A specific goal's base is tripled or quintupled (L6).")
                .shown_when("kind", vec![json!("specific")]),
        ],
        min,
        max,
        start,
    )
}
