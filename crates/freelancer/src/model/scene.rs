//! The book's Event under way (a staged encounter that needs turn order; rulings F5-F7), kept as
//! [`Scene`] because `Event` names the log's facts: its participants, rounds, the Total Actions
//! declared for the next round, and the round in progress with its turn order and whose turn it is.

use crate::model::number::Number;
use crate::model::options::InitiativeMethod;
use serde::{Deserialize, Serialize};

/// One place in a round's turn order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// The participant.
    pub who: String,
    /// The turn number (higher goes first).
    pub turn: Number,
    /// Full Actions in this turn: 1, or more when a method 1 turn was divided (F5).
    pub actions: u32,
    /// d100 roll-offs won or lost at this turn number, in order (empty when never tied).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roll_off: Vec<u32>,
}

/// The event under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scene {
    /// Its name.
    pub name: String,
    /// The participants, in the order given.
    pub participants: Vec<String>,
    /// Initiative method 1 or 2.
    pub method: InitiativeMethod,
    /// Rounds begun so far.
    pub rounds: u64,
    /// Total Actions declared for the next round (F7).
    pub declared: Vec<String>,
    /// The round under way or just finished; `None` before the first initiative.
    pub round: Option<Round>,
}

/// One round: initiative, the order, and how far it has got.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Round {
    /// The round, from 1.
    pub number: u64,
    /// Everyone's initiative roll.
    pub rolls: Vec<InitiativeRoll>,
    /// Who takes a Total Action this round.
    pub total_actions: Vec<String>,
    /// The slowest turn at initiative.
    pub slowest: Number,
    /// The turn order, first to last.
    pub order: Vec<Slot>,
    /// How many turns have been taken: `order[next]` is whose turn it is.
    pub next: usize,
}

impl Round {
    /// The turn to be taken now, or `None` when the round is over.
    pub fn whose_turn(&self) -> Option<&Slot> {
        self.order.get(self.next)
    }

    /// Whether every turn has been taken.
    pub fn is_over(&self) -> bool {
        self.next >= self.order.len()
    }

    /// The participant's initiative roll this round.
    pub fn roll_of(&self, who: &str) -> Option<&InitiativeRoll> {
        self.rolls.iter().find(|r| r.who == who)
    }
}

impl Scene {
    /// The round under way (initiative rolled, turns left), if any.
    pub fn round_under_way(&self) -> Option<&Round> {
        self.round.as_ref().filter(|r| !r.is_over())
    }
}

/// One participant's initiative roll (F5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeRoll {
    /// The participant.
    pub who: String,
    /// The d100.
    pub d100: u32,
    /// Their ALC.
    pub alc: Number,
    /// d100 + ALC.
    pub roll: Number,
    /// Their SPD.
    pub spd: Number,
    /// Their LCK (0 when the sheet has none), for ties.
    pub lck: Number,
    /// The roll scaled to SPD's digit count: their turn (method 1) or first turn (method 2).
    pub turn: Number,
}
