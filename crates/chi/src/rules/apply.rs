//! The fold: [`apply`] takes one event into the state. It never fails: an event is a fact `decide`
//! checked, so every number in it is in range; an unknown name (only possible in a hand-edited log)
//! is ignored.

use crate::model::command::Cause;
use crate::model::event::{Event, Loss, OpposedRoll};
use crate::model::sheet::Character;
use crate::model::state::{Lost, Role, Seat, SecretRoll, SecretSeat, State};

/// A character just enrolled: a current pool below the maximum is one temporary loss of cause
/// `other` ("before enrolment"), so it can be recovered (C5).
fn seated(character: Character) -> Seat {
    let missing = character.pool.saturating_sub(character.current);
    let losses = if missing > 0 {
        vec![Lost {
            cause: Cause::Other,
            amount: missing,
            detail: Some("before enrolment".to_owned()),
        }]
    } else {
        Vec::new()
    };
    Seat {
        character,
        spent: 0,
        actions: 0,
        reactions: 0,
        losses,
        permanent: 0,
        waiting: false,
        awards: 0,
        words_earned: 0,
    }
}

/// Counts `dice` as spent this round, never above the current pool (C1).
fn spend(seat: &mut Seat, dice: u32) {
    seat.spent = seat.spent.saturating_add(dice).min(seat.character.current);
}

/// Takes `amount` off the outstanding losses of `cause` (any when `None`), oldest first (C5).
fn recover(seat: &mut Seat, mut amount: u32, cause: Option<Cause>) {
    for loss in &mut seat.losses {
        if amount == 0 {
            break;
        }
        if cause.is_some_and(|c| c != loss.cause) {
            continue;
        }
        let taken = loss.amount.min(amount);
        loss.amount -= taken;
        amount -= taken;
    }
    seat.losses.retain(|l| l.amount > 0);
}

/// Folds `event` into `state` (the state after it). Never fails: `decide` has checked the event; an
/// unknown name (only possible in a hand-edited log) is ignored.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => {
            let seat = seated(character.clone());
            state.characters.insert(character.name.clone(), seat);
        }
        Event::ActionRolled(roll) => {
            if let Some(seat) = state.characters.get_mut(&roll.who) {
                spend(seat, roll.spent);
                if roll.reaction {
                    seat.reactions = seat.reactions.saturating_add(1);
                } else {
                    seat.actions = seat.actions.saturating_add(1);
                }
            }
            state.last = Some(event.clone());
        }
        Event::OpposedRolled(OpposedRoll {
            actor, defender, ..
        }) => {
            if let Some(seat) = state.characters.get_mut(&actor.who) {
                spend(seat, actor.spent);
                seat.actions = seat.actions.saturating_add(1);
            }
            if let Some(seat) = state.characters.get_mut(&defender.who) {
                spend(seat, defender.spent);
                seat.reactions = seat.reactions.saturating_add(1);
            }
            state.last = Some(event.clone());
        }
        Event::RoundStarted { round } => {
            state.round = *round;
            for seat in state.characters.values_mut() {
                seat.spent = 0;
                seat.actions = 0;
                seat.reactions = 0;
            }
        }
        Event::SecretOpened {
            round,
            actions,
            opposed,
            caps,
        } => {
            let seat = |who: &str, role| SecretSeat {
                who: who.to_owned(),
                role,
                commitment: None,
                revealed: None,
            };
            let mut seats: Vec<SecretSeat> =
                actions.iter().map(|a| seat(&a.who, Role::Action)).collect();
            for pair in opposed {
                seats.push(seat(&pair.actor.who, Role::Actor));
                seats.push(seat(&pair.defender.who, Role::Defender));
            }
            state.secret = Some(SecretRoll {
                round: *round,
                actions: actions.clone(),
                opposed: opposed.clone(),
                caps: caps.clone(),
                seats,
            });
        }
        Event::SecretCommitted { who, commitment } => {
            if let Some(seat) = state.secret.as_mut().and_then(|s| s.seat_mut(who)) {
                seat.commitment = Some(commitment.clone());
            }
        }
        Event::SecretRevealed { who, spend, .. } => {
            if let Some(seat) = state.secret.as_mut().and_then(|s| s.seat_mut(who)) {
                seat.revealed = Some(*spend);
            }
        }
        Event::SecretClosed { .. } | Event::SecretCancelled { .. } => state.secret = None,
        Event::Lost(Loss {
            who,
            amount,
            cause,
            permanent,
            detail,
            ..
        }) => {
            if let Some(seat) = state.characters.get_mut(who) {
                let c = &mut seat.character;
                c.current = c.current.saturating_sub(*amount);
                if *permanent {
                    c.pool = c.pool.saturating_sub(*amount);
                    seat.permanent = seat.permanent.saturating_add(*amount);
                } else {
                    seat.losses.push(Lost {
                        cause: *cause,
                        amount: *amount,
                        detail: detail.clone(),
                    });
                }
            }
        }
        Event::Recovered {
            who, amount, cause, ..
        } => {
            if let Some(seat) = state.characters.get_mut(who) {
                recover(seat, *amount, *cause);
                let c = &mut seat.character;
                c.current = c.current.saturating_add(*amount).min(c.pool);
            }
        }
        Event::DieAwarded { who, waiting } => {
            if let Some(seat) = state.characters.get_mut(who) {
                seat.awards = seat.awards.saturating_add(1);
                seat.words_earned = seat.words_earned.saturating_add(1);
                seat.waiting = *waiting;
            }
        }
        Event::DieAdded { who, .. } => {
            if let Some(seat) = state.characters.get_mut(who) {
                seat.waiting = false;
                let c = &mut seat.character;
                c.pool = c.pool.saturating_add(1);
                c.current = c.current.saturating_add(1);
            }
        }
        Event::WordAdded { who, word, .. } => {
            if let Some(seat) = state.characters.get_mut(who) {
                seat.words_earned = seat.words_earned.saturating_sub(1);
                seat.character.words.push(word.clone());
            }
        }
        Event::ConceptChanged {
            who,
            replace,
            occupation,
            ..
        } => {
            if let Some(seat) = state.characters.get_mut(who) {
                let c = &mut seat.character;
                if let Some(change) = replace {
                    for word in c.words.iter_mut().filter(|w| **w == change.old) {
                        word.clone_from(&change.new);
                    }
                }
                if let Some(occupation) = occupation {
                    c.occupation.clone_from(occupation);
                }
            }
        }
        Event::SessionEnded { .. } => state.between_sessions = true,
        Event::SessionStarted { session } => {
            state.session = *session;
            state.between_sessions = false;
        }
    }
    state
}
