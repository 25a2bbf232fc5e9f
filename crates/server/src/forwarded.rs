//! What one node asks of the node that owns a table, and what it answers (docs/scaling.md,
//! "Several nodes"): the writes of a table, which only its owner decides and commits. Reads are
//! answered by any node from its own copy of the log.

use crate::shapes::ErrorDetail;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use skald_table::{Actor, Record, Request};
use std::sync::Arc;

/// A write of a table, as the table task takes it.
#[derive(Debug, Clone)]
pub enum Write {
    /// An action of a seat.
    Act {
        /// Who sends it (authenticated by the node that received it).
        by: Actor,
        /// The action.
        request: Request,
    },
    /// A new player called `name`.
    Join {
        /// The name.
        name: String,
    },
    /// A new invite.
    Invite,
    /// A new token for player `player`'s seat.
    SeatLink {
        /// The player's id.
        player: u32,
    },
}

/// What a write did.
#[derive(Debug, Clone)]
pub enum Written {
    /// The action's committed records.
    Acted(Vec<Arc<Record>>),
    /// The new player's id and token.
    Joined(u32, String),
    /// The invite's token.
    Invited(String),
    /// The player's name and the seat's new token.
    SeatLinked(String, String),
}

impl Write {
    /// Whether doing it twice does it once: an action with a client id (the table answers a
    /// resent one with its first records).
    pub fn is_idempotent(&self) -> bool {
        matches!(self, Write::Act { request, .. } if request.client.is_some())
    }

    /// As it goes over the wire.
    pub fn forwarded(&self) -> Forwarded {
        match self {
            Write::Act { by, request } => Forwarded::Act {
                by: *by,
                action: request.to_json(),
            },
            Write::Join { name } => Forwarded::Join { name: name.clone() },
            Write::Invite => Forwarded::Invite,
            Write::SeatLink { player } => Forwarded::SeatLink { player: *player },
        }
    }
}

/// A write as one node sends it to the owner: `POST /cluster/tables/{id}` with the nodes' key.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Forwarded {
    /// [`Write::Act`]; the action's JSON as [`Request::to_json`] writes it.
    Act {
        /// Who sends it.
        by: Actor,
        /// The action.
        action: Value,
    },
    /// [`Write::Join`].
    Join {
        /// The name.
        name: String,
    },
    /// [`Write::Invite`].
    Invite,
    /// [`Write::SeatLink`].
    SeatLink {
        /// The player's id.
        player: u32,
    },
}

/// The owner's answer to a [`Forwarded`] write. An action's answer carries its records as
/// committed, so the sender folds them without reading the log (issue 34: that read was a
/// PostgreSQL transaction per forwarded action); the sender folds only records that continue its
/// copy (each checked against the copy's hash chain by the fold) and reads the log by seq for
/// anything else, as it does every other record of a table it follows.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum Answer {
    /// Committed: the seqs of the action's records, and the records.
    Acted {
        /// Their seqs, in order.
        seqs: Vec<u64>,
        /// The records as committed, whole (secrets too: the nodes' channel already carries the
        /// actions themselves), in seq order; empty from a node that sends none.
        #[serde(default)]
        records: Vec<Record>,
    },
    /// Seated, with the record at `seq`.
    Joined {
        /// The player's id.
        player: u32,
        /// The seat's token (given once, to the sender's client).
        token: String,
        /// The `joined` record's seq.
        seq: u64,
    },
    /// The invite's token.
    Invited {
        /// The token.
        token: String,
    },
    /// The seat's new token, with the record at `seq`.
    SeatLinked {
        /// The player's name.
        name: String,
        /// The token.
        token: String,
        /// The `seat_handed` record's seq.
        seq: u64,
    },
    /// Refused, as the owner would answer its own client.
    Refused {
        /// The HTTP status.
        status: u16,
        /// The refusal.
        error: ErrorDetail,
    },
    /// This node does not own the table (it was given up, or taken by another): find the owner
    /// again.
    NotOwner,
}

/// Why a forwarded write has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hop {
    /// The owner could not be reached: nothing was sent, so nothing was done.
    Unreachable,
    /// The owner answered that it could not take the write now (503: its table's queue was full,
    /// or the table was unloading): nothing was done.
    Busy,
    /// The connection failed after the write was sent: it may or may not have been done.
    Lost,
    /// The owner took longer than the hop's timeout to answer (a busy node, not a stopped one):
    /// it may or may not have been done.
    TimedOut,
}
