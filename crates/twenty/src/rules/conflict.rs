//! A conflict (T2-T4, T7; the book's "Conflicts", "Winning", "Surrender", "Character Death"):
//! opening one (or a healing conflict, T8), surrendering, and its course, which follows by itself
//! after every command in it: an exchange ends when everyone still able has acted; the next begins
//! with forced stands for those with nothing eligible (T2); the conflict ends when at most one side
//! has anyone in (allies who share a goal are one side, T13) or an exchange passes with no dice
//! brought in (T4); then deaths (T7) and a healing's outcome (T8).

use super::checks::{living, no_conflict};
use super::dice::roll_d20;
use super::healing;
use super::log::Log;
use crate::error::{Error, GmAct, NotOpponent};
use crate::limits::{MAX_GOAL_CHARS, MAX_PARTICIPANTS, MAX_TIE_ROLLS, MIN_PARTICIPANTS};
use crate::model::{Declaration, Event, GM, StandReason, State, SurrenderReason};
use skald_core::DiceSource;

/// `start_conflict`: a conflict between `participants`, each a living character with a goal;
/// exchange 1 begins. Disabled participants lose at once, as if they surrendered (T7).
///
/// # Errors
/// [`Error::ConflictInProgress`]; [`Error::ParticipantCount`] for too few or too many sides;
/// [`Error::GoalLength`]; [`Error::NamedTwice`] for a participant declared twice;
/// [`Error::DeathGoal`] for a death goal that names no opponent (T7); [`Error::OneSide`] for every
/// participant on one side (T13);
/// [`Error::UnknownCharacter`], [`Error::Dead`] for a dead side (T7); [`Error::Dice`],
/// [`Error::TieUnbroken`] when the conflict ends at once.
pub(super) fn start_conflict(
    state: &State,
    participants: &[Declaration],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    no_conflict(state)?;
    let allies = if state.options.allies_share_goal {
        sides_of_many(participants)
    } else {
        Vec::new()
    };
    check_declarations(state, participants, &allies)?;
    let mut log = Log::new(state);
    log.push(Event::ConflictStarted {
        participants: participants.to_vec(),
        allies,
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
/// [`Error::NoConflict`], [`Error::NotAParticipant`], [`Error::Surrendered`]; [`Error::GmSide`]
/// for the GM's side of a healing conflict (T8); [`Error::Dice`], [`Error::TieUnbroken`] when the
/// conflict ends.
pub(super) fn surrender(
    state: &State,
    who: &str,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    if who == GM && conflict.healing.is_some() {
        return Err(Error::GmSide(GmAct::Surrender));
    }
    let participant = conflict.taking_part(who)?;
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

/// A goal as T13 compares it: its words, ignoring case and spacing ("Kill the dragon" and
/// " kill  the Dragon " are the same goal).
fn goal_key(goal: &str) -> String {
    goal.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// T13: the participants who declared the same goal, grouped, each group in declaration order;
/// only groups of two or more (every other participant is a side of its own).
fn sides_of_many(participants: &[Declaration]) -> Vec<Vec<String>> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for d in participants {
        let key = goal_key(&d.goal);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(d.who.clone()),
            None => groups.push((key, vec![d.who.clone()])),
        }
    }
    groups
        .into_iter()
        .map(|(_, members)| members)
        .filter(|members| members.len() > 1)
        .collect()
}

fn check_declarations(
    state: &State,
    participants: &[Declaration],
    allies: &[Vec<String>],
) -> Result<(), Error> {
    let allied = |a: &str, b: &str| {
        a == b
            || allies
                .iter()
                .any(|side| side.iter().any(|w| w == a) && side.iter().any(|w| w == b))
    };
    if !(MIN_PARTICIPANTS..=MAX_PARTICIPANTS).contains(&participants.len()) {
        return Err(Error::ParticipantCount {
            field: "participants",
            count: participants.len(),
            min: MIN_PARTICIPANTS,
            max: MAX_PARTICIPANTS,
        });
    }
    for (i, declaration) in participants.iter().enumerate() {
        living(state, "participants", &declaration.who)?;
        if participants[..i].iter().any(|d| d.who == declaration.who) {
            return Err(Error::NamedTwice {
                who: declaration.who.clone(),
            });
        }
        let blank = declaration.goal.trim().is_empty();
        let chars = declaration.goal.chars().count();
        if blank || chars > MAX_GOAL_CHARS {
            return Err(Error::GoalLength {
                field: "participants",
                who: declaration.who.clone(),
                chars: if blank { 0 } else { chars },
                min: 1,
                max: MAX_GOAL_CHARS,
            });
        }
        if let Some(target) = &declaration.death_of {
            let because = if target == &declaration.who {
                Some(NotOpponent::Itself)
            } else if !participants.iter().any(|d| &d.who == target) {
                Some(NotOpponent::Absent)
            } else if allied(&declaration.who, target) {
                Some(NotOpponent::Ally)
            } else {
                None
            };
            if let Some(because) = because {
                return Err(Error::DeathGoal {
                    who: declaration.who.clone(),
                    target: target.clone(),
                    because,
                });
            }
        }
    }
    if let [side] = allies
        && side.len() == participants.len()
    {
        return Err(Error::OneSide { side: side.clone() });
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
        // T4, T13: over when at most one side has anyone in; its best pool narrates first.
        if conflict.sides_in() <= 1 {
            let mut order = conflict.order_of_those_in();
            let winner = order.first().cloned().unwrap_or_default();
            let allies = order.iter().skip(1).cloned().collect();
            order.extend(conflict.surrendered_most_recent_first());
            log.push(Event::ConflictEnded {
                winner,
                allies,
                order,
            });
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
        let winning = conflict.winning();
        let allies = winning
            .as_deref()
            .map(|w| conflict.allies_in(w))
            .unwrap_or_default();
        log.push(Event::ExchangeEnded {
            exchange,
            order,
            pools,
            winning,
            allies,
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

/// The end after an exchange without dice: the side holding the highest pool wins; a tie at the
/// top between participants of different sides is rolled off by the tied (T4, T13).
fn resolve(log: &mut Log, dice: &mut dyn DiceSource) -> Result<(), Error> {
    let Some(conflict) = log.conflict().cloned() else {
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
    let side_of = |who: &str| conflict.participant(who).map(|p| p.side);
    let sides = |tied: &[String]| {
        let mut sides: Vec<Option<usize>> = tied.iter().map(|w| side_of(w)).collect();
        sides.sort_unstable();
        sides.dedup();
        sides.len()
    };
    let top = pool_of(&order[0]);
    let mut tied: Vec<String> = order
        .iter()
        .filter(|who| pool_of(who) == top)
        .cloned()
        .collect();
    let mut rounds = 0;
    while sides(&tied) > 1 {
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
    // The first of the tied in narration order (allies tied with each other need no roll-off).
    let winner = tied.first().cloned().unwrap_or_else(|| order[0].clone());
    let allies = conflict.allies_in(&winner);
    let mut final_order = vec![winner.clone()];
    final_order.extend(order.into_iter().filter(|who| *who != winner));
    final_order.extend(surrendered);
    log.push(Event::ConflictEnded {
        winner,
        allies,
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
    // The winner's side gets its goal: each death goal of a winning member kills its target
    // (T7; T13: an ally's too).
    let mut dead: Vec<String> = Vec::new();
    for member in std::iter::once(&winner).chain(&conflict.winner_allies) {
        if let Some(target) = conflict
            .participant(member)
            .and_then(|p| p.death_of.clone())
            && target != *member
            && !dead.contains(&target)
        {
            dead.push(target.clone());
            log.push(Event::CharacterDied {
                who: target,
                by: member.clone(),
            });
        }
    }
    healing::outcome(log, &conflict, &winner, picks)
}
