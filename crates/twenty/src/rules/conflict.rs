//! A conflict (T2-T4, T7; the book's "Conflicts", "Winning", "Surrender", "Character Death"):
//! opening one (or a healing conflict, T8), surrendering, and its course, which follows by itself
//! after every command in it: an exchange ends when everyone still able has acted; the next begins
//! with forced stands for those with nothing eligible (T2); the conflict ends when one side is left
//! in or an exchange passes with no dice brought in (T4); then deaths (T7) and a healing's outcome
//! (T8).

use super::checks::{living, no_conflict};
use super::dice::roll_d20;
use super::healing;
use super::log::Log;
use crate::error::Error;
use crate::limits::{MAX_GOAL_CHARS, MAX_PARTICIPANTS, MAX_TIE_ROLLS, MIN_PARTICIPANTS};
use crate::model::{Declaration, Event, GM, StandReason, State, SurrenderReason};
use skald_core::DiceSource;

/// `start_conflict`: a conflict between `participants`, each a living character with a goal;
/// exchange 1 begins. Disabled participants lose at once, as if they surrendered (T7).
///
/// # Errors
/// [`Error::ConflictInProgress`]; [`Error::ParticipantCount`] for too few or too many sides;
/// [`Error::GoalLength`]; [`Error::Participants`] for a side declared twice or a death goal that
/// names no opponent (T7);
/// [`Error::UnknownCharacter`], [`Error::Rule`] for a dead side; [`Error::Dice`],
/// [`Error::TieUnbroken`] when the conflict ends at once.
pub(super) fn start_conflict(
    state: &State,
    participants: &[Declaration],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    no_conflict(state)?;
    check_declarations(state, participants)?;
    let mut log = Log::new(state);
    log.push(Event::ConflictStarted {
        participants: participants.to_vec(),
    });
    for d in participants {
        if let Some(c) = state
            .character(&d.who)
            .filter(|c| c.disabled_by().is_some())
        {
            log.push(Event::Surrendered {
                who: c.name.clone(),
                reason: SurrenderReason::Disabled,
            });
        }
    }
    force_stands_for_nothing_eligible(&mut log);
    follow_up(log, dice)
}

/// `start_healing`: a healing conflict, `healer` against the GM's side over `patient`'s `burden`
/// (T8, set up by [`healing::set_up`]); exchange 1 begins.
///
/// # Errors
/// [`Error::ConflictInProgress`]; those of [`healing::set_up`]; [`Error::Dice`],
/// [`Error::TieUnbroken`] when the conflict ends at once.
pub(super) fn start_healing(
    state: &State,
    healer: &str,
    patient: &str,
    burden: &str,
    worsen_on_loss: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    no_conflict(state)?;
    let healing = healing::set_up(state, healer, patient, burden, worsen_on_loss)?;
    let mut log = Log::new(state);
    log.push(Event::HealingStarted { healing });
    force_stands_for_nothing_eligible(&mut log);
    follow_up(log, dice)
}

/// `surrender`: `who` leaves the conflict, its dice gone and its goal lost (T4, "Surrender").
///
/// # Errors
/// [`Error::NoConflict`], [`Error::NotAParticipant`], [`Error::Surrendered`]; [`Error::Rule`] for
/// the GM's side of a healing conflict (T8); [`Error::Dice`], [`Error::TieUnbroken`] when the
/// conflict ends.
pub(super) fn surrender(
    state: &State,
    who: &str,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    if who == GM && conflict.healing.is_some() {
        return Err(Error::Rule(
            "the GM's side of a healing conflict never surrenders (T8)".into(),
        ));
    }
    let participant = conflict
        .participant(who)
        .ok_or_else(|| Error::NotAParticipant(who.to_string()))?;
    if !participant.is_in() {
        return Err(Error::Surrendered(who.to_string()));
    }
    let mut log = Log::new(state);
    log.push(Event::Surrendered {
        who: who.to_string(),
        reason: SurrenderReason::Chose,
    });
    follow_up(log, dice)
}

/// The events of a command in a conflict, `log`, followed by the conflict's own course (see the
/// module doc).
///
/// # Errors
/// [`Error::Dice`] for a tie's roll-off; [`Error::TieUnbroken`].
pub(super) fn follow_up(log: Log, dice: &mut dyn DiceSource) -> Result<Vec<Event>, Error> {
    follow_up_picking(log, dice, &[])
}

/// As [`follow_up`], for a healer's `bring_in` or `stand` that sent `picks`: the burden boxes to
/// remove should the conflict end now with the healer winning (T8, checked by
/// [`healing::check_picks`]).
///
/// # Errors
/// As [`follow_up`].
pub(super) fn follow_up_picking(
    mut log: Log,
    dice: &mut dyn DiceSource,
    picks: &[u32],
) -> Result<Vec<Event>, Error> {
    course(&mut log, dice, picks)?;
    Ok(log.events)
}

fn check_declarations(state: &State, participants: &[Declaration]) -> Result<(), Error> {
    if !(MIN_PARTICIPANTS..=MAX_PARTICIPANTS).contains(&participants.len()) {
        return Err(Error::ParticipantCount {
            field: "participants",
            count: participants.len(),
            min: MIN_PARTICIPANTS,
            max: MAX_PARTICIPANTS,
        });
    }
    for (i, declaration) in participants.iter().enumerate() {
        living(state, &declaration.who)?;
        if participants[..i].iter().any(|d| d.who == declaration.who) {
            return Err(Error::Participants(format!(
                "{} is declared twice",
                declaration.who
            )));
        }
        let chars = declaration.goal.chars().count();
        if declaration.goal.trim().is_empty() || chars > MAX_GOAL_CHARS {
            return Err(Error::GoalLength {
                field: "participants",
                who: declaration.who.clone(),
                chars,
                min: 1,
                max: MAX_GOAL_CHARS,
            });
        }
        if let Some(target) = &declaration.death_of
            && (target == &declaration.who || !participants.iter().any(|d| &d.who == target))
        {
            return Err(Error::Participants(format!(
                "{}'s death goal names {target:?}, who is not an opponent in this conflict (T7)",
                declaration.who
            )));
        }
    }
    Ok(())
}

/// Forces a stand on every participant still able to act that has nothing left to bring in (T2).
fn force_stands_for_nothing_eligible(log: &mut Log) {
    let Some(conflict) = log.conflict() else {
        return;
    };
    let exchange = conflict.exchange;
    let stuck: Vec<String> = conflict
        .participants
        .iter()
        .filter(|p| p.can_act())
        .filter(|p| {
            let character = log.state.character(&p.who);
            !character.is_some_and(|c| {
                c.rollables()
                    .any(|t| t.unchecked() >= exchange && !t.broken && !p.used.contains(&t.name))
            })
        })
        .map(|p| p.who.clone())
        .collect();
    for who in stuck {
        log.push(Event::ForcedToStand {
            who,
            reason: StandReason::NothingEligible,
        });
    }
}

/// Ends exchanges and the conflict when their time has come (T2, T4); a healing's end removes the
/// healer's `picks` first (T8).
fn course(log: &mut Log, dice: &mut dyn DiceSource, picks: &[u32]) -> Result<(), Error> {
    // Each pass either stops or ends an exchange; exchanges are bounded by the boxes in play, since an
    // exchange that brings in no dice ends the conflict.
    loop {
        let Some(conflict) = log.conflict() else {
            return Ok(());
        };
        let inside = conflict.participants.iter().filter(|p| p.is_in()).count();
        if inside <= 1 {
            let winner = conflict
                .participants
                .iter()
                .find(|p| p.is_in())
                .map(|p| p.who.clone());
            let mut order: Vec<String> = winner.iter().cloned().collect();
            order.extend(conflict.surrendered_most_recent_first());
            let winner = winner.unwrap_or_default();
            log.push(Event::ConflictEnded { winner, order });
            return aftermath(log, picks);
        }
        let exchange = conflict.exchange;
        let waiting = conflict
            .participants
            .iter()
            .any(|p| p.can_act() && p.acted_in < exchange);
        if waiting {
            return Ok(());
        }
        let any_dice = conflict.dice_this_exchange();
        let order = conflict.order_of_those_in();
        let pools = order
            .iter()
            .filter_map(|who| conflict.participant(who))
            .map(|p| p.pool.clone())
            .collect();
        log.push(Event::ExchangeEnded {
            exchange,
            order,
            pools,
            winning: conflict.winning(),
        });
        if !any_dice {
            resolve(log, dice)?;
            return aftermath(log, picks);
        }
        log.push(Event::ExchangeBegan {
            exchange: exchange + 1,
        });
        force_stands_for_nothing_eligible(log);
    }
}

/// The end after an exchange without dice: highest pool wins, a tie at the top is rolled off (T4).
fn resolve(log: &mut Log, dice: &mut dyn DiceSource) -> Result<(), Error> {
    let Some(conflict) = log.conflict() else {
        return Ok(());
    };
    let order = conflict.order_of_those_in();
    let surrendered = conflict.surrendered_most_recent_first();
    let pool_of = |who: &str| {
        conflict
            .participant(who)
            .map(|p| p.pool.clone())
            .unwrap_or_default()
    };
    let top = pool_of(&order[0]);
    let mut tied: Vec<String> = order
        .iter()
        .filter(|who| pool_of(who) == top)
        .cloned()
        .collect();
    let mut rounds = 0;
    while tied.len() > 1 {
        rounds += 1;
        if rounds > MAX_TIE_ROLLS {
            return Err(Error::TieUnbroken(MAX_TIE_ROLLS));
        }
        let rolls = tied
            .iter()
            .map(|who| Ok((who.clone(), roll_d20(dice)?)))
            .collect::<Result<Vec<_>, Error>>()?;
        let best = rolls.iter().map(|(_, d)| *d).max().unwrap_or(0);
        tied = rolls
            .iter()
            .filter(|(_, d)| *d == best)
            .map(|(who, _)| who.clone())
            .collect();
        log.push(Event::TieRolled { rolls });
    }
    let winner = tied.pop().unwrap_or_else(|| order[0].clone());
    let mut final_order = vec![winner.clone()];
    final_order.extend(order.into_iter().filter(|who| *who != winner));
    final_order.extend(surrendered);
    log.push(Event::ConflictEnded {
        winner,
        order: final_order,
    });
    Ok(())
}

/// After the end: a death goal won kills its target (T7); a healing heals (the healer's `picks`
/// first) or worsens (T8).
fn aftermath(log: &mut Log, picks: &[u32]) -> Result<(), Error> {
    let Some(conflict) = log.state.conflict.clone() else {
        return Ok(());
    };
    let Some(winner) = conflict.winner.clone() else {
        return Ok(());
    };
    if let Some(target) = conflict
        .participant(&winner)
        .and_then(|p| p.death_of.clone())
        && target != winner
    {
        log.push(Event::CharacterDied {
            who: target,
            by: winner.clone(),
        });
    }
    healing::outcome(log, &conflict, &winner, picks)
}
