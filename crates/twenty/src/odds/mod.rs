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
//! [`advice`] gives the advice beyond the roll of those commands and of `surrender` (the
//! [`skald_core::System::advice`] a table page shows under the odds, never recorded): the chance
//! to win the whole conflict for every choice of the participant now ([`conflict_advice`], issue
//! 32), its model named in the summary.
//!
//! With allies still in (T13) the chances of being ahead are the side's: one of its pools ahead of
//! every opponent's ([`p_side_ahead`]), labelled "Your side ahead of every other side"; an opponent
//! is a participant of another side (a 20 breaks only an opponent's item, T9).
//!
//! Files: `ahead.rs` ([`p_ahead`]), `sides.rs` ([`p_side_ahead`]), `burdens.rs`
//! ([`burden_options`] and the odds of `take_burden`), `exchange.rs` (the odds of `bring_in` and
//! `stand`), `choices.rs` ([`exchange_choices`]), `chance.rs` (fractions as a page shows them),
//! `conflict/` ([`conflict_advice`]: the chance to win the whole conflict).
//!
//! Pure: no I/O, no clock, no global random source (the advice's simulation draws from a ChaCha
//! seeded by the position, so the same state gives the same answer; the probe that asks `decide`
//! whether a command would be accepted rolls a fixed cycle of faces and its events are thrown
//! away).

mod ahead;
mod burdens;
mod chance;
mod choices;
pub mod conflict;
mod exchange;
mod sides;

pub(crate) use ahead::check_pool;
pub use ahead::p_ahead;
pub use burdens::{BurdenOption, BurdenOptions, burden_options};
pub use choices::{ChoiceOdds, exchange_choices};
pub use conflict::balance::{BalanceBudget, PartyChance, Proposal};
pub use conflict::{
    AdviceBudget, AdviceChoice, AdviceModel, ChoiceAdvice, ConflictAdvice, Estimate,
    conflict_advice,
};
pub use sides::p_side_ahead;

use crate::limits::MAX_BOXES;
use crate::model::{Command, Sheet, SheetKind, State, Trait};
use crate::rules;
use skald_core::{DiceSource, Die, Odds, SourceError, capitalized};

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

/// The advice beyond the roll of `command` ([`skald_core::System::advice`]): for `bring_in`,
/// `stand`, `take_burden` and `surrender` by a participant who can act now, the chance that its
/// side wins the whole conflict for every choice it has now (each eligible trait, standing, each
/// burden it may take, surrendering), exact under best play or a simulation's estimate with its
/// margin ([`conflict_advice`] with [`AdviceBudget::TABLE`]: at most about 200 ms), the model
/// named in the summary; `None` for every other command and for a participant who cannot act.
/// Never kept in a record: a record keeps [`odds`].
pub fn advice(state: &State, command: &Command) -> Option<Odds> {
    if let Command::AddCharacter { character } = command {
        return npc_advice(state, character);
    }
    let who = match command {
        Command::BringIn { who, .. }
        | Command::Stand { who, .. }
        | Command::TakeBurden { who, .. }
        | Command::Surrender { who, .. } => who,
        _ => return None,
    };
    let (chances, model) = conflict::advice_chances(state, who)?;
    Some(Odds {
        summary: format!(
            "{who}'s chance to win the whole conflict, for each choice now ({model})."
        ),
        chances,
        distribution: Vec::new(),
    })
}

/// A fair fight (issue 32), for the GM drafting an NPC or creature (`add_character` with an NPC
/// sheet) while the table has a party ([`conflict::balance::party`]): the party's chance to win a
/// conflict against it as drafted (its stats, traits and items with unchecked boxes; any out of
/// range left out), then an opponent proposed for an easy, an even and a hard fight
/// ([`conflict::balance::balance`], [`BalanceBudget::TABLE`]). `None` for a player's sheet or an
/// empty party.
fn npc_advice(state: &State, sheet: &Sheet) -> Option<Odds> {
    if sheet.kind != SheetKind::Npc {
        return None;
    }
    let party = conflict::balance::party(state, None).ok()?;
    if party.is_empty() {
        return None;
    }
    let opponent: Vec<u32> = sheet
        .stats
        .values()
        .map(|s| s.boxes().saturating_sub(s.checked()))
        .chain(
            sheet
                .traits
                .iter()
                .chain(&sheet.equipment)
                .map(Trait::unchecked),
        )
        .filter(|b| (1..=MAX_BOXES).contains(b))
        .collect();
    let budget = BalanceBudget::TABLE;
    let name = match sheet.name.trim() {
        "" => "this opponent".to_string(),
        name => name.to_string(),
    };
    let who = match party.as_slice() {
        [one] => one.name.clone(),
        _ => "The party".to_owned(),
    };
    let mut chances = vec![
        conflict::balance::party_chance(&party, &opponent, budget.chance)
            .ok()?
            .win
            .chance(format!("{who} wins a conflict against {name} as drafted")),
    ];
    for proposal in conflict::balance::balance(&party, budget).ok()? {
        let reach = if proposal.out_of_reach {
            ", the closest there is"
        } else {
            ""
        };
        chances.push(proposal.chance.win.chance(format!(
            "{} fight ({}% wanted{reach}): an opponent with {}",
            capitalized(proposal.target.name()),
            proposal.target.percent(),
            proposal.shape()
        )));
    }
    let names: Vec<&str> = party.iter().map(|c| c.name.as_str()).collect();
    Some(Odds {
        summary: format!(
            "A fair fight: the chance that {} a whole conflict against one opponent. With a \
             margin: simulated, each standing when ahead, else bringing in its largest trait; \
             exact: each playing its best. No burdens or surrenders.",
            match names.as_slice() {
                [one] => format!("{one} wins"),
                all => format!("the party ({}), allies (T13), wins", all.join(", ")),
            }
        ),
        chances,
        distribution: Vec::new(),
    })
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
