//! Who may read what: redaction of records for one reader.
//!
//! The one rule: a record's [`Secret`](crate::Secret) reaches a reader only if its audience names
//! that reader. The server redacts every record with [`redact`] before it leaves, whatever the
//! route (state, log, WebSocket, export).

use crate::record::{Actor, Audience, Record};

/// Whether `reader` may read a secret meant for `audience`. Nobody reads `Audience::Server`.
pub fn can_read(reader: Actor, audience: Audience) -> bool {
    match audience {
        Audience::Gm => reader == Actor::Gm,
        Audience::Player(id) => reader == Actor::Player(id),
        Audience::Server => false,
        Audience::Whisper { from, to } => reader == Actor::Gm || reader == from || reader == to,
    }
}

/// `record` as `reader` may see it: the public body always, the secret only for its audience.
pub fn redact(record: &Record, reader: Actor) -> Record {
    Record {
        seq: record.seq,
        at_ms: record.at_ms,
        prev: record.prev.clone(),
        client: record.client.clone(),
        body: record.body.clone(),
        secret: record
            .secret
            .as_ref()
            .filter(|s| can_read(reader, s.audience))
            .cloned(),
    }
}
