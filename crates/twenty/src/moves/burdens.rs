//! Burden moves (T5, T6): taking a burden to make an opponent whose dice beat one's highest discard
//! them (the taker carries it, or in a healing conflict the patient, T14), and using a box of an
//! opponent's burden. Opponents are participants of other sides (T13).

use super::forms::{choice_field, controlled, field, option, text_field};
use crate::limits::MAX_NAME_CHARS;
use crate::model::Verb;
use crate::model::{GM, State};
use crate::odds::burden_options;
use serde_json::json;
use skald_core::capitalized;
use skald_core::{FieldKind, Move, Seat, noun};

/// The page's group of these moves.
const BURDENS: &str = "Burdens";

/// The Burdens moves, for each participant the seat controls: take a burden from each opponent it
/// can (T5), use each unused box of an opponent's burden (T6).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = state.active_conflict() else {
        return;
    };
    for (p, _) in controlled(state, conflict, seat) {
        if !p.is_in() {
            continue;
        }
        let who = &p.who;
        // T14: the healing side's burden lands on the patient; otherwise the taker carries it.
        let bearer = conflict
            .healing
            .as_ref()
            .filter(|h| h.healer == *who)
            .map_or(who.as_str(), |h| h.patient.as_str());
        for o in conflict
            .participants
            .iter()
            .filter(|o| o.is_in() && conflict.opponents(who, &o.who))
        {
            let options = burden_options(&p.pool, &o.pool);
            if options.max_boxes == 0 {
                continue;
            }
            let highest = p.pool.first().copied().unwrap_or(0);
            let them = if o.who == GM {
                "the GM"
            } else {
                o.who.as_str()
            };
            let carries = if bearer == who {
                "you carry this burden".to_owned()
            } else {
                format!("{bearer}, the patient, carries this burden (T14)")
            };
            let dice = if options.max_boxes == 1 {
                format!(
                    "{them} discards its highest die, the one above your highest ({highest}), and the burden on {bearer}'s sheet gets 1 box holding its value"
                )
            } else {
                format!(
                    "{them} discards its highest dice, each above your highest ({highest}), and the burden on {bearer}'s sheet gets 1 to {} boxes holding their values",
                    options.max_boxes
                )
            };
            out.push(Move {
                fields: vec![
                    field(
                        "boxes",
                        "Boxes (dice they discard)",
                        FieldKind::Number {
                            min: 1,
                            max: i64::from(options.max_boxes),
                            default: 1,
                        },
                    ),
                    name_field(seat, &o.who, them),
                ],
                odds: true,
                note: Some(format!(
                    "{}: {dice}; 1d20 picks the stat it falls under (T5).",
                    capitalized(&carries)
                )),
                confirm: disabling_question(state, bearer, who, options.max_boxes),
                ..Move::new(
                    BURDENS,
                    format!("{who}: take a burden ({them} discards dice)"),
                    Verb::TakeBurden,
                    json!({"who": who, "from": o.who}),
                )
                .for_character(who)
            });
        }
        if !p.can_act() {
            continue;
        }
        for o in conflict
            .participants
            .iter()
            .filter(|o| conflict.opponents(who, &o.who))
        {
            let Some(owner) = state.character(&o.who) else {
                continue;
            };
            for b in &owner.burdens {
                let new = conflict
                    .new_burdens
                    .iter()
                    .any(|(of, name)| *of == o.who && *name == b.name);
                if new {
                    continue;
                }
                let used: Vec<usize> = conflict
                    .participants
                    .iter()
                    .flat_map(|q| q.burden_boxes_used.iter())
                    .filter(|(of, name, _)| *of == o.who && *name == b.name)
                    .map(|(_, _, i)| *i)
                    .collect();
                let mut values: Vec<u32> = b
                    .boxes
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !used.contains(i))
                    .map(|(_, v)| *v)
                    .collect();
                values.sort_unstable_by(|x, y| y.cmp(x));
                values.dedup();
                if values.is_empty() {
                    continue;
                }
                out.push(Move {
                    fields: vec![choice_field(
                        "value",
                        "Box",
                        values.iter().map(|v| option(*v, v.to_string())).collect(),
                        false,
                    )],
                    note: Some(
                        "The box joins your pool as a die of its value and checks nothing; each box once per conflict, never in the conflict that made it; it is not your action for the exchange (T6)."
                            .into(),
                    ),
                    ..Move::new(
                        BURDENS,
                        format!("{who}: use {}'s burden {}", o.who, b.name),
                        Verb::UseBurden,
                        json!({"who": who, "of": o.who, "burden": b.name}),
                    )
                    .for_character(who)
                });
            }
        }
    }
}

/// The burden's name: the opponent's to give (T5; the GM's for the burden of a healing, T14). A
/// seat that plays the opponent too must name it; any other may propose one or leave it blank,
/// and the opponent's player answers with it (`authority::parts`).
fn name_field(seat: &Seat, from: &str, them: &str) -> skald_core::Field {
    let names_it = if from == GM {
        seat.gm
    } else {
        seat.characters.iter().any(|c| c == from)
    };
    let label = if names_it {
        format!("The burden's name (you name it for {them}, T5)")
    } else {
        format!("The burden's name: {them} names it (propose one, or leave it to them)")
    };
    text_field("name", &label, MAX_NAME_CHARS)
}

/// What taking a burden may cost at once, asked before it is sent: when the stat die could put
/// the burden under a stat it would overfill, its bearer is disabled (T7) and, when that is the
/// taker, loses the conflict at once. `None` when no stat could be overfilled by the largest
/// burden offered.
fn disabling_question(state: &State, bearer: &str, taker: &str, most: u32) -> Option<String> {
    let c = state.character(bearer)?;
    let at_risk: Vec<String> = c
        .stats
        .iter()
        .filter(|s| c.burden_boxes(&s.name) + most > s.boxes)
        .map(|s| {
            let enough = s.boxes + 1 - c.burden_boxes(&s.name).min(s.boxes);
            format!(
                "{} with {} or more",
                s.name,
                noun(enough as usize, "box", "boxes")
            )
        })
        .collect();
    if at_risk.is_empty() {
        return None;
    }
    let fate = if bearer == taker {
        format!("{bearer} is disabled and loses this conflict at once (T7)")
    } else {
        format!("{bearer} is disabled (T7)")
    };
    let at_risk: Vec<&str> = at_risk.iter().map(String::as_str).collect();
    Some(format!(
        "Take this burden? If the stat die puts it under {}, {fate}.",
        or_list(&at_risk)
    ))
}

/// "Physical", "Physical or Mental", "Physical, Mental or Social".
fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
