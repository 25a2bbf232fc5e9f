//! Burdens (T5): the calculator of which burdens can be taken from one opponent and what each buys
//! ([`burden_options`], also `skald twenty burden`), and the odds of `take_burden` before its d20.

use super::ahead::work;
use super::chance::{dice_text, fraction};
use super::choices::{MODEL, choices_within, others_in};
use crate::limits::{MAX_ODDS_WORK, MAX_SIDE_ODDS_WORK};
use crate::model::{STATS, State};
use crate::rules::compare_pools;
use serde::Serialize;
use skald_core::{Chance, Odds};
use std::cmp::Ordering;

/// One way to take a burden from one opponent (T5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BurdenOption {
    /// The burden's boxes: how many dice the opponent discards, 1 to `max_boxes`.
    pub boxes: u32,
    /// The opponent's `boxes` highest dice, highest first: the values written in the burden's boxes.
    pub discarded: Vec<u32>,
    /// The opponent's remaining dice, highest first.
    pub their_pool_after: Vec<u32>,
    /// Whether my pool is then ahead of theirs by T3 (strictly: a tie is not winning).
    pub winning_after: bool,
}

/// Every burden that can be taken from one opponent (T5): the most boxes, and each choice from 1 box up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BurdenOptions {
    /// How many of the opponent's dice beat (are strictly above) my highest die; an empty pool's highest
    /// is 0. 0 when no burden can be taken.
    pub max_boxes: u32,
    /// One entry per burden size, 1 to `max_boxes`, in that order.
    pub options: Vec<BurdenOption>,
}

/// The burdens I can take to make one opponent discard dice (T5), and whether each leaves me winning.
///
/// `mine` and `theirs` are pools in any order (d20 faces in play; any values compare). Taking a burden
/// of `k` boxes makes the opponent discard their `k` highest dice, each of which must be strictly above
/// my highest die, so `max_boxes` is how many of their dice are above it. The burden's boxes hold the
/// discarded values (T5). The book's example: mine 15 15 12 11 9 against 20 19 19 17 6 gives
/// `max_boxes` 4, and only the 4-box burden (discarding 20 19 19 17) leaves me winning.
pub fn burden_options(mine: &[u32], theirs: &[u32]) -> BurdenOptions {
    let my_highest = mine.iter().copied().max().unwrap_or(0);
    let mut sorted = theirs.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let max_boxes = sorted.iter().take_while(|&&d| d > my_highest).count();
    let options = (1..=max_boxes)
        .map(|k| {
            let (discarded, after) = sorted.split_at(k);
            BurdenOption {
                boxes: count_u32(k),
                discarded: discarded.to_vec(),
                their_pool_after: after.to_vec(),
                winning_after: compare_pools(mine, after) == Ordering::Greater,
            }
        })
        .collect();
    BurdenOptions {
        max_boxes: count_u32(max_boxes),
        options,
    }
}

/// A count that fits `u32` (pool sizes do; saturates otherwise).
fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The odds of `take_burden` (see [`super::odds`]): whether the taker is ahead of that opponent right
/// after, and of every other pool; the stat the d20 picks and whether it disables the taker (T7);
/// then each choice left in the exchange with its chance of being ahead. `None` when a name is not
/// in the conflict or `boxes` is not one of the burdens that can be taken.
pub(super) fn take_burden_odds(state: &State, who: &str, from: &str, boxes: u32) -> Option<Odds> {
    let conflict = state.active_conflict()?;
    let me = conflict.participant(who)?;
    let them = conflict.participant(from)?;
    let calculator = burden_options(&me.pool, &them.pool);
    let choice = calculator
        .options
        .get(usize::try_from(boxes).ok()?.checked_sub(1)?)?;
    let mut chances = vec![Chance::exact(
        format!("Ahead of {from} right after (T5)"),
        &fraction(u128::from(choice.winning_after), 1),
    )];
    // T13: my side is me and my allies still in; ahead when one of our pools beats every
    // opponent's, the one discarding counted with what it keeps.
    let allies = conflict.allies_in(who);
    let pool_after = |o: &crate::Participant| -> Vec<u32> {
        if o.who == from {
            choice.their_pool_after.clone()
        } else {
            o.pool.clone()
        }
    };
    let side_pools: Vec<Vec<u32>> = conflict
        .participants
        .iter()
        .filter(|o| o.who == who || allies.contains(&o.who))
        .map(pool_after)
        .collect();
    let opponents: Vec<Vec<u32>> = conflict
        .participants
        .iter()
        .filter(|o| o.is_in() && conflict.opponents(who, &o.who))
        .map(pool_after)
        .collect();
    let ahead_of_all = side_pools.iter().any(|mine| {
        opponents
            .iter()
            .all(|pool| compare_pools(mine, pool) == Ordering::Greater)
    });
    if !allies.is_empty() {
        chances.push(Chance::exact(
            "Your side ahead of every other side right after (T3, T13)",
            &fraction(u128::from(ahead_of_all), 1),
        ));
    } else if others_in(conflict, who) > 1 {
        chances.push(Chance::exact(
            "Ahead of every other pool right after (T3)",
            &fraction(u128::from(ahead_of_all), 1),
        ));
    }
    // T5: the d20 picks the stat, four faces each; T7: disabled when the burden boxes under a stat
    // pass its boxes. T14: a healer's burden lands on the patient.
    let bearer_name = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who)
        .map_or(who, |h| h.patient.as_str());
    let bearer = state.character(bearer_name)?;
    let taker = state.character(who)?;
    let disables = |stat: &str| {
        bearer
            .stats
            .iter()
            .any(|s| s.name == stat && bearer.burden_boxes(stat) + choice.boxes > s.boxes)
    };
    let disabling = STATS.iter().filter(|s| disables(s)).count();
    let label = if bearer_name == who {
        "Disabled by it: loses the conflict at once (T7)".to_owned()
    } else {
        format!("{bearer_name}, the patient, disabled by it (T7, T14)")
    };
    chances.push(Chance::exact(
        label,
        &fraction(disabling as u128, STATS.len() as u128),
    ));
    for (i, stat) in STATS.iter().enumerate() {
        let low = i * 4 + 1;
        let label = if disables(stat) {
            format!("Under {stat} (d20 {low}-{}): disabled", low + 3)
        } else {
            format!("Under {stat} (d20 {low}-{})", low + 3)
        };
        chances.push(Chance::exact(label, &fraction(1, 5)));
    }
    // What is left in the exchange after it, choice by choice.
    let mut after = state.clone();
    if let Some(o) = after
        .conflict
        .as_mut()
        .and_then(|k| k.participant_mut(from))
    {
        o.pool = choice.their_pool_after.clone();
    }
    let acting = me.can_act() && me.acted_in < conflict.exchange;
    let k = others_in(conflict, who);
    let side = !allies.is_empty();
    // A side of several is bounded as it walks (`choices_within`); a side of one before.
    let cost: u64 = if side {
        0
    } else {
        taker
            .rollables()
            .filter(|t| {
                t.unchecked() >= conflict.exchange && !t.broken && !me.used.contains(&t.name)
            })
            .map(|t| work(t.unchecked(), k))
            .sum::<u64>()
            + work(0, k)
    };
    let mut summary = format!(
        "{from} discards {} (left: {}); 1d20 picks the burden's stat (T5)",
        dice_text(&choice.discarded),
        dice_text(&choice.their_pool_after)
    );
    if acting
        && cost <= MAX_ODDS_WORK
        && let Ok(found) = choices_within(&after, who, MAX_SIDE_ODDS_WORK)
    {
        let ahead = if side {
            "your side ahead after the exchange"
        } else {
            "ahead after the exchange"
        };
        for c in found {
            let label = match &c.bring_in {
                Some(t) => format!("Then bring in {t} ({} d20): {ahead}", c.dice),
                None => format!("Then stand: {ahead}"),
            };
            chances.push(Chance::exact(label, &c.p_ahead));
        }
        summary.push_str(&format!("; if not disabled, {MODEL}"));
    }
    summary.push('.');
    Some(Odds {
        summary,
        chances,
        distribution: Vec::new(),
    })
}
