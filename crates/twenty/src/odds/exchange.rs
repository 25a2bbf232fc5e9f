//! The odds of an exchange's commands before their dice (T2, T3, T8, T9): `bring_in` and `stand`.

use super::ahead::work;
use super::chance::{any_face, dice_text, fraction, highest_of};
use super::choices::{MODEL, choices_within, has_allies, only, others_in};
use crate::limits::{MAX_ODDS_WORK, MAX_SIDE_ODDS_WORK};
use crate::model::State;
use skald_core::{Chance, Odds};

/// The odds of `bring_in` (see [`super::odds`]): being ahead after the exchange with `trait_name`
/// and standing instead (when the work fits [`MAX_ODDS_WORK`]), a 1 among the dice (a forced stand,
/// T2; the item breaks, T9), an item struck by an opponent's 20 or a 20 that breaks an opponent's
/// (T9), and the highest new die. `None` when a name is not in the conflict.
pub(super) fn bring_in_odds(state: &State, who: &str, trait_name: &str) -> Option<Odds> {
    let conflict = state.active_conflict()?;
    let p = conflict.participant(who)?;
    let c = state.character(who)?;
    let t = c.rollable(trait_name)?;
    let n = t.unchecked();
    let k = others_in(conflict, who);
    let mut chances = Vec::new();
    let mut summary = format!(
        "{who} brings in {trait_name}: {n} d20 in exchange {}",
        conflict.exchange
    );
    let gm_dice = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who && !p.rolls.is_empty())
        .and_then(|h| state.character(&h.patient)?.burden(&h.burden))
        .map(|b| b.boxes.len());
    if let Some(gm) = gm_dice {
        summary.push_str(&format!(", and the GM rolls {gm} d20 (T8)"));
    }
    let side = has_allies(conflict, who);
    if side || work(n, k) + work(0, k) <= MAX_ODDS_WORK {
        if let Ok(found) =
            choices_within(&only(state, who, Some(trait_name)), who, MAX_SIDE_ODDS_WORK)
        {
            for choice in found {
                let label = match (choice.bring_in, side) {
                    (Some(_), false) => "Ahead of every other pool after the exchange (T3)",
                    (None, false) => "Ahead after the exchange if you stand instead",
                    (Some(_), true) => {
                        "Your side ahead of every other side after the exchange (T3, T13)"
                    }
                    (None, true) => "Your side ahead after the exchange if you stand instead",
                };
                chances.push(Chance::exact(label, &choice.p_ahead));
            }
            summary.push_str(&format!(", {MODEL}."));
        } else if side {
            summary.push_str(": too many dice and sides to weigh being ahead exactly here.");
        }
    } else {
        summary.push_str(": too many dice and sides to weigh being ahead exactly here.");
    }
    let breaking = state.options.equipment_breaking;
    let item = c.is_item(trait_name);
    let struck = item
        && breaking
        && conflict.participants.iter().any(|o| {
            conflict.opponents(who, &o.who)
                && o.rolls
                    .iter()
                    .any(|(x, dice)| *x == conflict.exchange && dice.contains(&20))
        });
    let one = if item && breaking && !struck {
        format!("A 1 among the dice: forced to stand (T2) and {trait_name} breaks (T9)")
    } else {
        "A 1 among the dice: forced to stand for the rest of the conflict (T2)".to_string()
    };
    chances.push(Chance::exact(one, &any_face(n)));
    if struck {
        chances.push(Chance::exact(
            format!("{trait_name} breaks: an opponent rolled a 20 this exchange (T9)"),
            &fraction(1, 1),
        ));
    }
    if breaking {
        let exposed: Vec<String> = conflict
            .participants
            .iter()
            .filter(|o| conflict.opponents(who, &o.who))
            .flat_map(|o| {
                let owner = state.character(&o.who);
                o.used
                    .iter()
                    .zip(&o.rolls)
                    .filter(move |(item, (x, _))| {
                        *x == conflict.exchange
                            && owner.is_some_and(|c| {
                                c.equipment.iter().any(|e| &e.name == *item && !e.broken)
                            })
                    })
                    .map(move |(item, _)| format!("{}'s {item}", o.who))
            })
            .collect();
        if !exposed.is_empty() {
            chances.push(Chance::exact(
                format!("A 20 among the dice: breaks {} (T9)", exposed.join(", ")),
                &any_face(n),
            ));
        }
    }
    Some(Odds {
        summary,
        chances,
        distribution: highest_of(n),
    })
}

/// The odds of `stand` (see [`super::odds`]): being ahead after the exchange. `None` when the work
/// passes [`MAX_ODDS_WORK`] or `who` is not in the conflict.
pub(super) fn stand_odds(state: &State, who: &str) -> Option<Odds> {
    let conflict = state.active_conflict()?;
    let p = conflict.participant(who)?;
    let side = has_allies(conflict, who);
    if !side && work(0, others_in(conflict, who)) > MAX_ODDS_WORK {
        return None;
    }
    let found = choices_within(&only(state, who, None), who, MAX_SIDE_ODDS_WORK).ok()?;
    let stand = found.iter().find(|c| c.bring_in.is_none())?;
    let label = if side {
        "Your side ahead of every other side after the exchange (T3, T13)"
    } else {
        "Ahead of every other pool after the exchange (T3)"
    };
    Some(Odds {
        summary: format!(
            "{who} stands on {} in exchange {}, {MODEL}.",
            dice_text(&p.pool),
            conflict.exchange
        ),
        chances: vec![Chance::exact(label, &stand.p_ahead)],
        distribution: Vec::new(),
    })
}
