//! Conflict moves (T2, T4, T7, T8): starting a conflict, and for each participant a seat controls,
//! bringing in dice, standing and surrendering; a healer also picks the burden boxes to remove (T8).

use super::ending::{Ending, ending};
use super::forms::{choice_field, controlled, eligible, option};
use crate::limits::{MAX_GOAL_CHARS, MAX_PARTICIPANTS};
use crate::model::Verb;
use crate::model::{Character, Command, GM, State};
use crate::rules::boxes_and_earned;
use serde_json::{Value, json};
use skald_core::capitalized;
use skald_core::{Choice, Field, FieldKind, Move, Seat, noun};

/// The page's group of these moves.
const CONFLICT: &str = "Conflict";

/// The Conflict moves: start a conflict (the GM, with two living characters or more, T2, T7), then
/// for each participant the seat controls: bring in dice, stand (T2), surrender (T4).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = state.active_conflict() else {
        let living: Vec<&Character> = state.characters.iter().filter(|c| !c.dead).collect();
        if seat.gm && living.len() >= 2 {
            out.push(start_conflict(&living, state.options.allies_share_goal));
        }
        return;
    };
    let exchange = conflict.exchange;
    for (p, c) in controlled(state, conflict, seat) {
        let who = &p.who;
        let healer = conflict
            .healing
            .as_ref()
            .filter(|h| &h.healer == who)
            .map(|h| boxes_and_earned(state, conflict, h));
        if p.can_act() && p.acted_in < exchange {
            let label = format!("{who}: bring in dice");
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
                    let choice = option(
                        t.name.clone(),
                        format!("{} ({} d20{kind})", t.name, t.unchecked()),
                    );
                    // Whether it ends the conflict hangs on what is left to bring in after it.
                    let trying = Command::BringIn {
                        who: who.clone(),
                        trait_name: t.name.clone(),
                        remove: Vec::new(),
                    };
                    match ending(state, &trying) {
                        Ending::Surely(why) => choice.confirming(format!(
                            "{label} with {}? These are the conflict's last dice: once they are rolled, {why}.",
                            t.name
                        )),
                        Ending::OnAOne => choice.with_help(format!(
                            "Should a 1 come up among its dice, the conflict ends with this exchange: {who} must stand and nobody else has anything left to bring in (T2, T4)."
                        )),
                        Ending::Not => choice,
                    }
                })
                .collect();
            if !options.is_empty() {
                let mut fields = vec![choice_field("trait", "Trait, stat or item", options, false)];
                if let Some((boxes, _)) = &healer {
                    fields.push(remove_field(
                        boxes,
                        "Burden boxes to remove if this wins (the first the dice earn; highest first if none)",
                    ));
                }
                out.push(Move {
                    fields,
                    odds: true,
                    note: Some(format!(
                        "Exchange {exchange}: 1d20 per unchecked box, then one box of it is checked on {who}'s sheet; each trait once per conflict, with at least {}; a 1 among the dice forces {who} to stand for the rest of the conflict (T2).",
                        noun(exchange as usize, "unchecked box", "unchecked boxes")
                    )),
                    ..Move::new(
                        CONFLICT,
                        label,
                        Verb::BringIn,
                        json!({"who": who}),
                    )
                    .for_character(who)
                });
            }
            let fields = match &healer {
                Some((boxes, earned)) if *earned > 0 => vec![remove_field(
                    boxes,
                    &format!(
                        "Burden boxes to remove: up to {earned} (highest first if none picked)"
                    ),
                )],
                _ => Vec::new(),
            };
            let label = format!("{who}: stand");
            let trying = Command::Stand {
                who: who.clone(),
                remove: Vec::new(),
            };
            let confirm = match ending(state, &trying) {
                Ending::Surely(why) => Some(format!("{label}? This ends the conflict: {why}.")),
                Ending::OnAOne | Ending::Not => None,
            };
            out.push(Move {
                fields,
                odds: true,
                note: Some(
                    "Stand on your pool for this exchange; if the conflict goes on, you may bring in dice again in the next. An exchange in which nobody brings in dice ends the conflict (T2, T4)."
                        .into(),
                ),
                confirm,
                ..Move::new(
                    CONFLICT,
                    label,
                    Verb::Stand,
                    json!({"who": who}),
                )
                .for_character(who)
            });
        }
        if p.is_in() {
            out.push(Move {
                note: Some(
                    "Leave the conflict for good: your dice go, your goal is lost, and no burden can be put on you; you narrate after those still in, the latest to surrender first (T3, T4, T5)."
                        .into(),
                ),
                confirm: Some(surrender_question(state, conflict, who)),
                ..Move::new(
                    CONFLICT,
                    format!("{who}: surrender"),
                    Verb::Surrender,
                    json!({"who": who}),
                )
                .for_character(who)
            });
        }
    }
}

/// Start a conflict (the GM, T2, T7): the sides, each a living character with its goal in words
/// and, for a fight to the death, whose death it seeks.
fn start_conflict(living: &[&Character], allies: bool) -> Move {
    let who = living
        .iter()
        .map(|c| {
            let label = if c.disabled_by().is_some() {
                format!("{} (disabled: loses at once, T7)", c.name)
            } else {
                c.name.clone()
            };
            option(c.name.clone(), label)
        })
        .collect();
    let death = std::iter::once(option(Value::Null, "No one: not to the death"))
        .chain(
            living
                .iter()
                .map(|c| option(c.name.clone(), format!("{}'s death", c.name))),
        )
        .collect();
    let participant = vec![
        Field::new(
            "who",
            "Who",
            FieldKind::Choice {
                options: who,
                multiple: false,
            },
        ),
        Field::text("goal", "Goal", MAX_GOAL_CHARS).with_help(if allies {
            "What this character wants from the conflict, in a sentence, as said at the table. \
             Characters given the same goal, word for word, are allies: one side, winning or \
             losing it together (T13)."
        } else {
            "What this character wants from the conflict, in a sentence, as said at the table. \
             Every character is a side of its own, even with the same goal (T13 is off at this \
             table)."
        }),
        Field::new(
            "death_of",
            "A fight to the death of",
            FieldKind::Choice {
                options: death,
                multiple: false,
            },
        )
        .with_help("Only a conflict whose winning goal names a death can kill: the named character dies (T7)."),
    ];
    Move {
        fields: vec![Field::list(
            "participants",
            "Who takes part",
            participant,
            2,
            MAX_PARTICIPANTS.min(living.len()),
            2,
        )],
        note: Some(format!(
            "2 to {MAX_PARTICIPANTS} living characters, each with its goal; exchange 1 begins (T2)."
        )),
        ..Move::new(CONFLICT, "Start a conflict", Verb::StartConflict, json!({}))
    }
}

/// The healer's pick of burden boxes (T8: the healer picks which go): one option per box, its value
/// sent (two boxes of 19 are two options of 19, so both can be picked).
fn remove_field(boxes: &[u32], label: &str) -> Field {
    let options = boxes
        .iter()
        .enumerate()
        .map(|(i, value)| option(*value, format!("{value} (box {})", i + 1)))
        .collect();
    choice_field("remove", label, options, true).with_help(
        "T8: the healer picks which burden boxes go; one box per healer die at or above the GM's \
         highest die. Left empty, the highest values go first.",
    )
}

/// What surrendering loses, asked before it is sent: the surrenderer's dice and goal, and the
/// conflict itself when only one side would be left in it (T4, T13).
fn surrender_question(state: &State, conflict: &crate::model::Conflict, who: &str) -> String {
    let left: Vec<&crate::model::Participant> = conflict
        .participants
        .iter()
        .filter(|o| o.is_in() && o.who != who)
        .collect();
    let others: Vec<&str> = left
        .iter()
        .map(|o| {
            if o.who == GM {
                "the GM"
            } else {
                o.who.as_str()
            }
        })
        .collect();
    let one_side = left
        .iter()
        .all(|o| Some(o.side) == left.first().map(|f| f.side));
    let surrender = Command::Surrender {
        who: who.to_owned(),
    };
    let end = match (ending(state, &surrender), others.as_slice()) {
        (Ending::Surely(_), [last]) if one_side => format!(
            " {} is left alone in it, and the conflict ends.",
            capitalized(last)
        ),
        (Ending::Surely(_), [rest @ .., last]) if one_side => format!(
            " {} and {last}, one side, are left in it, and the conflict ends (T13).",
            rest.join(", ")
        ),
        (Ending::Surely(_), []) => " Nobody is left in it, and the conflict ends.".to_owned(),
        (Ending::Surely(why), _) => format!(" The conflict ends with it: {why}."),
        _ => String::new(),
    };
    format!(
        "Surrender {who}? {who} leaves the conflict for good: the dice go and the goal is lost.{end}"
    )
}
