//! The Influence moves outside problems: rewards and gifts (L5).

use super::forms::{INFLUENCE, choice, controlled, mv, number, option, text};
use crate::limits;
use crate::model::State;
use crate::model::Verb;
use serde_json::json;
use skald_core::{Choice, Move, Seat};

/// The Influence moves at any time: the GM's rewards, and gifts when the table allows them (L5).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let max = *limits::INFLUENCE.end();
    if seat.gm {
        let rewardable: Vec<Choice> = state
            .characters
            .iter()
            .filter(|m| !m.npc && m.influence < max)
            .map(|m| option(json!(m.name), &m.name))
            .collect();
        if !rewardable.is_empty() {
            out.push(mv(
                INFLUENCE,
                "Reward influence".into(),
                Verb::Reward,
                json!({}),
                vec![
                    choice("who", "Whose character", rewardable),
                    number(
                        "points",
                        "Points",
                        *limits::REWARD.start(),
                        *limits::REWARD.end(),
                        1,
                    ),
                    text("reason", "For what idea", limits::REASON_CHARS),
                ],
                false,
                "The character you pick gains these points, for its player's clever, amusing or helpful idea: usually 1-5; more is marked (L5). Only players' characters hold influence.",
            ));
        }
    }
    if state.options.influence_swapping {
        // The recipient gains double: only those who can take 2 more stay within 999.
        let receiving = max.saturating_sub(2);
        for m in controlled(state, seat) {
            if m.npc || m.influence < 1 {
                continue;
            }
            let to: Vec<Choice> = state
                .characters
                .iter()
                .filter(|o| o.name != m.name && !o.npc && o.influence <= receiving)
                .map(|o| option(json!(o.name), &o.name))
                .collect();
            if to.is_empty() {
                continue;
            }
            out.push(mv(
                INFLUENCE,
                format!("{}: give influence", m.name),
                Verb::GiveInfluence,
                json!({"from": m.name}),
                vec![
                    choice("to", "To", to),
                    number(
                        "points",
                        "Points given",
                        *limits::SWAP.start(),
                        m.influence.min(*limits::SWAP.end()),
                        1,
                    ),
                    text("reason", "Why", limits::REASON_CHARS),
                ],
                false,
                &format!(
                    "{} holds {} and gives these points away; the recipient gains twice as many (L5, influence swapping).",
                    m.name, m.influence
                ),
            ).for_character(&m.name));
        }
    }
}
