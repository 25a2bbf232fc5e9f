//! What happened at a Twenty table. State is the fold of these; every die rolled is in one of them.

use crate::{Declaration, Sheet};
use serde::{Deserialize, Serialize};

/// Why a participant was forced to stand for the rest of the conflict (T2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandReason {
    /// A 1 came up among the dice it brought in (those dice still count).
    RolledOne,
    /// No trait, stat or item left with enough unchecked boxes for this exchange.
    NothingEligible,
}

/// A fact at a Twenty table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A character sat down at the table.
    CharacterAdded {
        /// Its sheet, as checked.
        character: Sheet,
    },
    /// A conflict opened; exchange 1 begins.
    ConflictStarted {
        /// The sides and their goals.
        participants: Vec<Declaration>,
    },
    /// A participant brought dice in and checked one box of what it used.
    BroughtIn {
        /// The participant.
        who: String,
        /// The trait, stat or item used.
        #[serde(rename = "trait")]
        trait_name: String,
        /// The exchange, 1-based.
        exchange: u32,
        /// The d20s rolled, in order (one per unchecked box).
        dice: Vec<u32>,
    },
    /// A participant stood for this exchange by choice.
    Stood {
        /// The participant.
        who: String,
        /// The exchange.
        exchange: u32,
    },
    /// A participant must stand for the rest of the conflict.
    ForcedToStand {
        /// The participant.
        who: String,
        /// Why.
        reason: StandReason,
    },
    /// A participant surrendered.
    Surrendered {
        /// The participant.
        who: String,
    },
    /// Everyone still able has acted: the exchange is over.
    ExchangeEnded {
        /// The exchange that ended.
        exchange: u32,
        /// Narration order, highest pool first (T3).
        order: Vec<String>,
        /// The pools of those in, in narration order, each highest die first.
        pools: Vec<Vec<u32>>,
        /// Who is winning, or `None` on a tie at the top.
        winning: Option<String>,
    },
    /// The next exchange begins.
    ExchangeBegan {
        /// Its number.
        exchange: u32,
    },
    /// A final tie was rolled off: one d20 each for the tied participants (T4).
    TieRolled {
        /// Each tied participant and its d20, in participant order.
        rolls: Vec<(String, u32)>,
    },
    /// The conflict is over.
    ConflictEnded {
        /// Who gets its goal.
        winner: String,
        /// The final narration order: the winner, the others still in, then those who surrendered, most
        /// recent first (T3).
        order: Vec<String>,
    },
}
