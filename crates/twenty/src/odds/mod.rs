//! Twenty's exact odds: the chances of a command before its dice are rolled ([`odds`], the
//! [`skald_core::System`] method a table page uses), and the calculators under it, which the
//! reports of `skald twenty burden`, `skald twenty odds` and `skald twenty choices` use
//! ([`crate::reports`]): which burdens can
//! be taken and what they buy ([`burden_options`], T5), the exact chance of being ahead after an
//! exchange ([`p_ahead`], T2, T3), and each choice's chance before a participant acts
//! ([`exchange_choices`]).
//!
//! [`odds`] gives exact fractions for the commands that roll: `bring_in` (the chance of being ahead
//! after the exchange, under the model of [`exchange_choices`], a 1 forcing a stand, a 20 or a 1
//! breaking items, and the highest new die), `stand` (the chance of being ahead after the exchange;
//! a stand can end the conflict and roll off a tie) and `take_burden` (the burden calculator
//! [`burden_options`], the stat die and the chance of being disabled by it, and each choice left in
//! the exchange after it). The work is bounded before it starts
//! ([`MAX_ODDS_WORK`](crate::limits::MAX_ODDS_WORK)); a command `decide` would refuse has no odds.
//!
//! The advice beyond the roll (the chance to win the whole conflict, issue 32) is
//! [`crate::advice`].
//!
//! With allies still in (T13) the chances of being ahead are the side's: one of its pools ahead of
//! every opponent's ([`p_side_ahead`]), labelled "Your side ahead of every other side"; an opponent
//! is a participant of another side (a 20 breaks only an opponent's item, T9).
//!
//! Files: `ahead.rs` ([`p_ahead`]), `sides.rs` ([`p_side_ahead`]), `burdens.rs`
//! ([`burden_options`] and the odds of `take_burden`), `exchange.rs` (the odds of `bring_in` and
//! `stand`), `choices.rs` ([`exchange_choices`]), `chance.rs` (fractions as a page shows them).
//!
//! Pure: no I/O, no clock, no global random source (the probe that asks `decide` whether a
//! command would be accepted rolls a fixed cycle of faces and its events are thrown away).

mod ahead;
mod burdens;
mod chance;
mod choices;
mod exchange;
mod sides;

pub(crate) use ahead::check_pool;
pub use ahead::p_ahead;
pub use burdens::{BurdenOption, BurdenOptions, burden_options};
pub use choices::{ChoiceOdds, choosable, exchange_choices};
pub use sides::p_side_ahead;

use crate::model::{Command, State};
use crate::rules;
use skald_core::{DiceSource, Die, Odds, SourceError};

/// The exact chances of `command` at `state` before its dice are rolled: for `bring_in`, `stand`
/// and `take_burden`; `None` for every other command (they roll nothing that a choice could weigh)
/// and for a command `decide` would refuse now.
///
/// - `bring_in`: the chance of being strictly ahead of every other pool after the exchange (T2, T3)
///   under the model of [`crate::exchange_choices`] (everyone yet to act brings in its largest
///   eligible trait; burden dice are not foreseen), the same for standing instead, the chance of a
///   1 among the new dice (forced to stand, T2; an item breaks, T9), of a 20 when it would break an
///   opponent's item brought in this exchange (T9), and the distribution of the highest new die.
/// - `stand`: the chance of being ahead after the exchange, under the same model.
/// - `take_burden`: whether the taker is ahead of that opponent right after (T5, from
///   [`crate::burden_options`]), the stat the d20 picks (1/5 each) and the chance the burden
///   disables its bearer (the taker, or a healing's patient, T7, T14), then each choice left in
///   the exchange with its chance of being ahead.
///
/// Fractions are reduced (`"231/400"`, `"1"`, `"0"`); decimals sit beside them. The chance of being
/// ahead is left out when it would cost more than [`MAX_ODDS_WORK`](crate::limits::MAX_ODDS_WORK).
pub fn odds(state: &State, command: &Command) -> Option<Odds> {
    if !matches!(
        command,
        Command::BringIn { .. } | Command::Stand { .. } | Command::TakeBurden { .. }
    ) {
        return None;
    }
    // A refused command has no odds: ask `decide` on a probe whose events are thrown away. A
    // burden's name is its opponent's to give later (T5) and weighs nothing in the dice, so a
    // taker's blank one is probed as named.
    let mut probed = command.clone();
    if let Command::TakeBurden { name, .. } = &mut probed
        && name.trim().is_empty()
    {
        *name = "The burden to be named".into();
    }
    rules::decide(state, &probed, &mut Probe(0)).ok()?;
    match command {
        Command::BringIn {
            who, trait_name, ..
        } => exchange::bring_in_odds(state, who, trait_name),
        Command::Stand { who, .. } => exchange::stand_odds(state, who),
        Command::TakeBurden {
            who, from, boxes, ..
        } => burdens::take_burden_odds(state, who, from, *boxes),
        _ => None,
    }
}

/// A dice source for asking `decide` whether a command would be accepted: faces 1, 2, 3... in turn
/// (so roll-offs of a tie always end). Its events are thrown away.
struct Probe(u32);

impl DiceSource for Probe {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        match die {
            Die::Numbered(0) => Err(SourceError::NoSides),
            Die::Numbered(sides) => {
                let face = self.0 % sides + 1;
                self.0 = self.0.wrapping_add(1);
                Ok(i64::from(face))
            }
            Die::Fate => Ok(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ahead::work;
    use super::*;

    #[test]
    fn the_probe_cycles_every_face() {
        let mut probe = Probe(0);
        let faces: Vec<i64> = (0..22)
            .filter_map(|_| probe.roll(Die::Numbered(20)).ok())
            .collect();
        assert_eq!(faces[..3], [1, 2, 3]);
        assert_eq!(faces[19..], [20, 1, 2]);
        assert_eq!(work(2, 1), 20 * 6 * 5);
        assert_eq!(work(20, 1), 23_100);
        assert_eq!(work(20, 4), 295_680);
    }
}
