//! Who may read what: redaction of records for one reader.
//!
//! The one rule: a record's [`Secret`](crate::Secret) reaches a reader only if its audience names
//! that reader, and, for a secret of the reader's own seat (its sealed allocations, its whispers),
//! only if the record is not older than the link it reads through ([`Reader::since`]): a link the
//! GM made to hand a seat back reads nothing of the seat's past secrets. The server redacts every
//! record with [`redact`] before it leaves, whatever the route (state, log, WebSocket, export,
//! report, pages).

use crate::record::{Actor, Audience, Record};

/// Who reads: a seat, and the first record whose secrets of that seat it may read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reader {
    /// The seat: the GM or a player.
    pub actor: Actor,
    /// The seq of the record the reader's link was made with (a player's `joined`, or the GM's
    /// `seat_handed` for a link the GM made; 0 for the whole log): a secret meant for this seat
    /// (`Audience::Player`, or a whisper to or from it) in a record with a smaller seq is withheld.
    /// Secrets meant for the GM are the GM's whatever this says.
    pub since: u64,
}

impl Reader {
    /// `actor` reading the whole log (the GM; a player's own first link; the table itself).
    pub fn whole(actor: Actor) -> Self {
        Self { actor, since: 0 }
    }

    /// `actor` reading its seat's secrets from the record `since` on.
    pub fn since(actor: Actor, since: u64) -> Self {
        Self { actor, since }
    }
}

impl From<Actor> for Reader {
    fn from(actor: Actor) -> Self {
        Self::whole(actor)
    }
}

/// Whether `reader` may read a secret meant for `audience` in the record `seq`. Nobody reads
/// `Audience::Server`; the GM reads its own secrets and every whisper; a player reads its own
/// secrets and whispers only from [`Reader::since`] on.
pub fn can_read(reader: Reader, seq: u64, audience: Audience) -> bool {
    let seat = reader.actor;
    let own = seq >= reader.since;
    match audience {
        Audience::Gm => seat == Actor::Gm,
        Audience::Player(id) => seat == Actor::Player(id) && own,
        Audience::Server => false,
        Audience::Whisper { from, to } => {
            seat == Actor::Gm || ((seat == from || seat == to) && own)
        }
    }
}

/// `record` as `reader` may see it: the public body always, the secret only for its audience
/// ([`can_read`]).
pub fn redact(record: &Record, reader: Reader) -> Record {
    Record {
        seq: record.seq,
        at_ms: record.at_ms,
        prev: record.prev.clone(),
        client: record.client.clone(),
        body: record.body.clone(),
        secret: record
            .secret
            .as_ref()
            .filter(|s| can_read(reader, record.seq, s.audience))
            .cloned(),
    }
}
