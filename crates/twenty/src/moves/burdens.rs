//! Burden moves (T5, T6): taking a burden from an opponent whose dice beat one's highest, and using
//! a box of an opponent's burden.

use super::forms::{choice_field, controlled, field, option, text_field};
use crate::limits::MAX_NAME_CHARS;
use crate::model::State;
use crate::odds::burden_options;
use serde_json::json;
use skald_core::{FieldKind, Move, Seat};

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
        for o in conflict
            .participants
            .iter()
            .filter(|o| o.who != *who && o.is_in())
        {
            let options = burden_options(&p.pool, &o.pool);
            if options.max_boxes == 0 {
                continue;
            }
            let highest = p.pool.first().copied().unwrap_or(0);
            out.push(Move {
                group: BURDENS.into(),
                label: format!("{who}: take a burden ({} discards dice)", o.who),
                command: json!({"do": "take_burden", "who": who, "from": o.who}),
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
                    text_field(
                        "name",
                        &format!("The burden's name: {} names it (propose one, or leave it to them)", o.who),
                        MAX_NAME_CHARS,
                    ),
                ],
                odds: true,
                note: Some(if options.max_boxes == 1 {
                    format!(
                        "{who} carries this burden: {} discards its highest die, the one above your highest ({highest}), and the burden on {who}'s sheet gets 1 box holding its value; 1d20 picks the stat it falls under (T5).",
                        o.who
                    )
                } else {
                    format!(
                        "{who} carries this burden: {} discards its highest dice, each above your highest ({highest}), and the burden on {who}'s sheet gets 1 to {} boxes holding their values; 1d20 picks the stat it falls under (T5).",
                        o.who, options.max_boxes
                    )
                }),
                sheet: None,
                confirm: None,
                lead: false,
                character: None,
            });
        }
        if !p.can_act() {
            continue;
        }
        for o in conflict.participants.iter().filter(|o| o.who != *who) {
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
                    group: BURDENS.into(),
                    label: format!("{who}: use {}'s burden {}", o.who, b.name),
                    command: json!({"do": "use_burden", "who": who, "of": o.who, "burden": b.name}),
                    fields: vec![choice_field(
                        "value",
                        "Box",
                        values.iter().map(|v| option(*v, v.to_string())).collect(),
                        false,
                    )],
                    odds: false,
                    note: Some(
                        "The box joins your pool as a die of its value and checks nothing; each box once per conflict, never in the conflict that made it; it is not your action for the exchange (T6)."
                            .into(),
                    ),
                    sheet: None,
                    confirm: None,
                    lead: false,
                    character: None,
                });
            }
        }
    }
}
