//! Deciding Twenty commands: checks every rule, rolls the dice, and returns the events (T2-T4).
//!
//! After the command's own events, the conflict's bookkeeping follows by itself: an exchange ends when
//! everyone still able has acted; the next begins with forced stands for those with nothing eligible; the
//! conflict ends when one side is left in or an exchange passes with no dice brought in.

use crate::conflict::Conflict;
use crate::event::StandReason;
use crate::{Command, Declaration, Error, Event, State};
use skald_core::{DiceSource, Die};

/// Most participants in one conflict.
pub const MAX_PARTICIPANTS: usize = 20;
/// Longest goal, in characters.
pub const MAX_GOAL_CHARS: usize = 500;
/// Most roll-offs to break a final tie before giving up (T4); each has chance at most 1/20 to tie again.
pub const MAX_TIE_ROLLS: u32 = 100;

/// The events `command` produces at `state`, rolling from `dice`.
///
/// # Errors
/// An [`Error`] naming the rule broken; nothing is changed then.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let mut log = Log {
        state: state.clone(),
        events: Vec::new(),
    };
    match command {
        Command::AddCharacter { character } => {
            character.validate()?;
            if state.character(&character.name).is_some() {
                return Err(Error::DuplicateCharacter(character.name.clone()));
            }
            log.push(Event::CharacterAdded {
                character: character.clone(),
            });
            return Ok(log.events);
        }
        Command::StartConflict { participants } => {
            if let Some(conflict) = state.active_conflict() {
                return Err(Error::ConflictInProgress(conflict.exchange));
            }
            check_declarations(state, participants)?;
            log.push(Event::ConflictStarted {
                participants: participants.clone(),
            });
            force_stands_for_nothing_eligible(&mut log);
        }
        Command::BringIn { who, trait_name } => {
            let conflict = acting(state, who)?;
            let exchange = conflict.exchange;
            let character = state
                .character(who)
                .ok_or_else(|| Error::UnknownCharacter(who.clone()))?;
            let Some(chosen) = character.rollable(trait_name) else {
                let available = character
                    .rollables()
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(Error::UnknownTrait {
                    who: who.clone(),
                    name: trait_name.clone(),
                    available,
                });
            };
            let participant = conflict
                .participant(who)
                .ok_or_else(|| Error::NotAParticipant(who.clone()))?;
            if participant.used.contains(trait_name) {
                return Err(Error::AlreadyUsed {
                    who: who.clone(),
                    name: trait_name.clone(),
                });
            }
            if chosen.unchecked() < exchange {
                return Err(Error::TooFewBoxes {
                    who: who.clone(),
                    name: trait_name.clone(),
                    unchecked: chosen.unchecked(),
                    exchange,
                });
            }
            let rolled = roll_d20s(dice, chosen.unchecked())?;
            let rolled_one = rolled.contains(&1);
            log.push(Event::BroughtIn {
                who: who.clone(),
                trait_name: trait_name.clone(),
                exchange,
                dice: rolled,
            });
            if rolled_one {
                log.push(Event::ForcedToStand {
                    who: who.clone(),
                    reason: StandReason::RolledOne,
                });
            }
        }
        Command::Stand { who } => {
            let exchange = acting(state, who)?.exchange;
            log.push(Event::Stood {
                who: who.clone(),
                exchange,
            });
        }
        Command::Surrender { who } => {
            let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
            let participant = conflict
                .participant(who)
                .ok_or_else(|| Error::NotAParticipant(who.clone()))?;
            if !participant.is_in() {
                return Err(Error::Surrendered(who.clone()));
            }
            log.push(Event::Surrendered { who: who.clone() });
        }
    }
    follow_up(&mut log, dice)?;
    Ok(log.events)
}

/// Events decided so far and the state they fold to, so later checks see earlier events.
struct Log {
    state: State,
    events: Vec<Event>,
}

impl Log {
    fn push(&mut self, event: Event) {
        self.state = std::mem::take(&mut self.state).apply(&event);
        self.events.push(event);
    }

    fn conflict(&self) -> Option<&Conflict> {
        self.state.active_conflict()
    }
}

fn check_declarations(state: &State, participants: &[Declaration]) -> Result<(), Error> {
    if !(2..=MAX_PARTICIPANTS).contains(&participants.len()) {
        return Err(Error::Participants(format!(
            "a conflict needs 2 to {MAX_PARTICIPANTS} sides, got {}",
            participants.len()
        )));
    }
    for (i, declaration) in participants.iter().enumerate() {
        if state.character(&declaration.who).is_none() {
            return Err(Error::UnknownCharacter(declaration.who.clone()));
        }
        if participants[..i].iter().any(|d| d.who == declaration.who) {
            return Err(Error::Participants(format!(
                "{} is declared twice",
                declaration.who
            )));
        }
        let chars = declaration.goal.chars().count();
        if declaration.goal.trim().is_empty() || chars > MAX_GOAL_CHARS {
            return Err(Error::Participants(format!(
                "{}'s goal has {chars} characters; a goal is 1 to {MAX_GOAL_CHARS}, not blank",
                declaration.who
            )));
        }
    }
    Ok(())
}

/// The conflict in progress, once `who` is known to be able to act in the current exchange.
fn acting<'s>(state: &'s State, who: &str) -> Result<&'s Conflict, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let participant = conflict
        .participant(who)
        .ok_or_else(|| Error::NotAParticipant(who.to_string()))?;
    if !participant.is_in() {
        return Err(Error::Surrendered(who.to_string()));
    }
    if !participant.can_act() {
        return Err(Error::MustStand(who.to_string()));
    }
    if participant.acted_in == conflict.exchange {
        return Err(Error::AlreadyActed {
            who: who.to_string(),
            exchange: conflict.exchange,
        });
    }
    Ok(conflict)
}

fn roll_d20s(dice: &mut dyn DiceSource, count: u32) -> Result<Vec<u32>, Error> {
    (0..count).map(|_| roll_d20(dice)).collect()
}

fn roll_d20(dice: &mut dyn DiceSource) -> Result<u32, Error> {
    let value = dice.roll(Die::Numbered(20))?;
    // A source only returns faces of the die asked for: 1-20 fits a u32.
    Ok(u32::try_from(value).unwrap_or(1))
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
                    .any(|t| t.unchecked() >= exchange && !p.used.contains(&t.name))
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

/// Ends exchanges and the conflict when their time has come (T2, T4).
fn follow_up(log: &mut Log, dice: &mut dyn DiceSource) -> Result<(), Error> {
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
            return Ok(());
        }
        let exchange = conflict.exchange;
        let waiting = conflict
            .participants
            .iter()
            .any(|p| p.can_act() && p.acted_in < exchange);
        if waiting {
            return Ok(());
        }
        let any_dice = conflict.dice_this_exchange;
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
            return resolve(log, dice);
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
