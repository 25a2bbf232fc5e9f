//! The Chi table state ([`State`]) and the fold of one event into it ([`apply`]).

use crate::character::Character;
use crate::command::{Cause, SecretAction, SecretOpposed};
use crate::event::{Event, Loss, OpposedRoll};
use crate::options::Options;
use serde::Serialize;
use std::collections::BTreeMap;

/// A Chi table: its options, session and round, who sits at it, an open secret roll and the last roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options (recorded here so the rules need nothing else).
    pub options: Options,
    /// The current session, from 1.
    pub session: u32,
    /// The session has ended and the next has not begun: concepts may change, no rounds are played (C5).
    pub between_sessions: bool,
    /// The current round, from 1, counted across sessions.
    pub round: u32,
    /// The characters by name.
    pub characters: BTreeMap<String, Seat>,
    /// The secret roll in progress, if any (C4).
    pub secret: Option<SecretRoll>,
    /// The last action or opposed action rolled, if any.
    pub last: Option<Event>,
}

/// One character at the table, with what it has done this round and its losses and awards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// The sheet: `pool` is the maximum, `current` what the character has now.
    pub character: Character,
    /// Dice spent this round (ruling C1): at most the current pool when spent; a loss later in the
    /// round may leave it above the current pool, when nothing is left.
    pub spent: u32,
    /// Actions taken this round (as actor).
    pub actions: u32,
    /// Reactions this round (as defender, or an action marked as a reaction).
    pub reactions: u32,
    /// Temporary losses not yet recovered, oldest first; their amounts sum to `pool - current` (C5).
    pub losses: Vec<Lost>,
    /// Dice lost for good, in all (C5); the maximum is already lower by this much.
    pub permanent: u32,
    /// A new die awarded while below the maximum, waiting for the lost dice to come back (C5).
    pub waiting: bool,
    /// Dice awarded in all (C5).
    pub awards: u32,
    /// Awards not yet used for a new descriptive word (C5: one word per pool increase).
    pub words_earned: u32,
}

/// An outstanding temporary loss.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lost {
    /// What took the dice.
    pub cause: Cause,
    /// Dice still missing, at least 1.
    pub amount: u32,
    /// What happened, if said.
    pub detail: Option<String>,
}

/// A secret roll in progress (C4): what the GM opened and where each character stands. It never
/// holds an allocation before it is revealed: the table only ever sees the commitment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SecretRoll {
    /// The round it belongs to.
    pub round: u32,
    /// Actions against a Difficulty, in rolling order.
    pub actions: Vec<SecretAction>,
    /// Opposed actions, rolled after the actions.
    pub opposed: Vec<SecretOpposed>,
    /// Off-concept caps by name (C2).
    pub caps: BTreeMap<String, u32>,
    /// Every character in it, in rolling order (actions, then each actor and defender).
    pub seats: Vec<SecretSeat>,
}

/// One character's place in a secret roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SecretSeat {
    /// The character.
    pub who: String,
    /// What its allocation is for.
    pub role: Role,
    /// Its commitment, once made.
    pub commitment: Option<String>,
    /// Its allocation, once revealed.
    pub revealed: Option<u32>,
}

/// What a secret allocation is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// An action against a Difficulty: at least 1 die.
    Action,
    /// The acting side of an opposed action: at least 1 die.
    Actor,
    /// The reacting side of an opposed action: 0 dice or more.
    Defender,
}

impl SecretRoll {
    /// The seat of `who`, if it is in this secret roll.
    pub fn seat(&self, who: &str) -> Option<&SecretSeat> {
        self.seats.iter().find(|s| s.who == who)
    }

    /// The names of those who have not committed yet, comma-separated (empty when all have).
    pub fn uncommitted(&self) -> String {
        join(self.seats.iter().filter(|s| s.commitment.is_none()))
    }

    /// The names of those who have not revealed yet, comma-separated (empty when all have).
    pub fn unrevealed(&self) -> String {
        join(self.seats.iter().filter(|s| s.revealed.is_none()))
    }

    /// Everyone's name, comma-separated.
    pub fn names(&self) -> String {
        join(self.seats.iter())
    }

    fn seat_mut(&mut self, who: &str) -> Option<&mut SecretSeat> {
        self.seats.iter_mut().find(|s| s.who == who)
    }
}

fn join<'a>(seats: impl Iterator<Item = &'a SecretSeat>) -> String {
    seats.map(|s| s.who.as_str()).collect::<Vec<_>>().join(", ")
}

impl Seat {
    /// A character just enrolled: a current pool below the maximum is one temporary loss of cause
    /// `other` ("before enrolment"), so it can be recovered (C5).
    pub fn new(character: Character) -> Self {
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
        Self {
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

    /// Dice left this round: current pool minus dice spent (never below 0).
    pub fn left(&self) -> u32 {
        self.character.current.saturating_sub(self.spent)
    }

    /// Dice temporarily lost to `cause` (to anything when `None`), still recoverable (C5).
    pub fn recoverable(&self, cause: Option<Cause>) -> u32 {
        self.losses
            .iter()
            .filter(|l| cause.is_none_or(|c| c == l.cause))
            .map(|l| l.amount)
            .sum()
    }

    /// Whether the current pool is 0: out of play (C5).
    pub fn out_of_play(&self) -> bool {
        self.character.current == 0
    }

    fn spend(&mut self, dice: u32) {
        self.spent = self.spent.saturating_add(dice).min(self.character.current);
    }

    /// Takes `amount` off the outstanding losses of `cause` (any when `None`), oldest first.
    fn recover(&mut self, mut amount: u32, cause: Option<Cause>) {
        for loss in &mut self.losses {
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
        self.losses.retain(|l| l.amount > 0);
    }
}

impl State {
    /// A new table in session 1, round 1, with no characters.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            session: 1,
            between_sessions: false,
            round: 1,
            characters: BTreeMap::new(),
            secret: None,
            last: None,
        }
    }

    /// The names at the table, comma-separated ("nobody" when empty), for error messages.
    pub fn names(&self) -> String {
        if self.characters.is_empty() {
            return "nobody".to_owned();
        }
        self.characters
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Folds `event` into `state`. Never fails: `decide` has checked the event; an unknown name (only
/// possible in a hand-edited log) is ignored.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => {
            let seat = Seat::new(character.clone());
            state.characters.insert(character.name.clone(), seat);
        }
        Event::ActionRolled(roll) => {
            if let Some(seat) = state.characters.get_mut(&roll.who) {
                seat.spend(roll.spent);
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
                seat.spend(actor.spent);
                seat.actions = seat.actions.saturating_add(1);
            }
            if let Some(seat) = state.characters.get_mut(&defender.who) {
                seat.spend(defender.spent);
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
                seat.recover(*amount, *cause);
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
