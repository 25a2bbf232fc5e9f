//! The Chi table state ([`State`]) and the at-table types it holds: each character at the table,
//! its sheet with what it has done this round and its losses and awards ([`Character`]), and an
//! open secret roll ([`SecretRoll`], C4). The fold of an event into it is
//! [`crate::rules::apply()`].

use crate::model::command::{Cause, SecretAction, SecretOpposed};
use crate::model::event::Event;
use crate::model::options::Options;
use crate::model::sheet::Sheet;
use serde::Serialize;
use std::collections::BTreeMap;

/// A Chi table: its options, session and round, who sits at it, an open secret roll, this round's
/// rolls and the last roll.
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
    pub characters: BTreeMap<String, Character>,
    /// The secret roll in progress, if any (C4).
    pub secret: Option<SecretRoll>,
    /// The last action or opposed action rolled, if any (in this round or an earlier one).
    pub last: Option<Event>,
    /// Every action and opposed action rolled this round, in the order rolled (a secret roll's
    /// all of them); emptied when the next round starts. At most one per die spent this round
    /// (an action puts in at least 1), so bounded by the pools (C1).
    pub rolls: Vec<Event>,
}

/// One character at the table (its at-table record): its [`Sheet`], what it has done this round
/// (C1) and its losses and awards (C5). A [`Sheet`] is the character as written; this is the
/// character as played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Character {
    /// The sheet: `pool` is the maximum, `current` what the character has now.
    pub sheet: Sheet,
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

    /// The seat of `who` to change, if it is in this secret roll (for the fold).
    pub(crate) fn seat_mut(&mut self, who: &str) -> Option<&mut SecretSeat> {
        self.seats.iter_mut().find(|s| s.who == who)
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

    /// Who has revealed, comma-separated (empty when nobody has).
    pub fn revealed(&self) -> String {
        join(self.seats.iter().filter(|s| s.revealed.is_some()))
    }
}

fn join<'a>(seats: impl Iterator<Item = &'a SecretSeat>) -> String {
    seats.map(|s| s.who.as_str()).collect::<Vec<_>>().join(", ")
}

impl Character {
    /// Dice left this round: current pool minus dice spent (never below 0).
    pub fn left(&self) -> u32 {
        self.sheet.current.saturating_sub(self.spent)
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
        self.sheet.current == 0
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
            rolls: Vec::new(),
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
