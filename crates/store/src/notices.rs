//! Notices of appends, for nodes that follow tables another node owns (docs/scaling.md).
//!
//! Every append on PostgreSQL is notified on the channel `skald_log` once committed (the writer
//! sends a batch's pointers together, one per line, right after its commit). A notice is a pointer,
//! never a record: the table, its last seq and whether tokens were written. A node gathers the
//! notices of the tables it follows and reads their new rows together (`Store::rows_between`, at
//! most once every 20 ms a node), and redacts them for each of its readers itself, so no secret
//! crosses the channel (any role that may connect to the database may listen on it), and a lost
//! notice only delays a reader until the next one.

use sqlx::postgres::PgListener;

use crate::{Error, MAX_ID_CHARS};

/// The channel every append notifies.
pub(crate) const CHANNEL: &str = "skald_log";

/// Bytes of one notification's payload, at most: PostgreSQL's limit is 8000.
const MAX_PAYLOAD: usize = 7900;

/// Pointers joined one per line into as few payloads as fit [`MAX_PAYLOAD`] each.
pub(crate) fn joined(pointers: impl Iterator<Item = String>) -> Vec<String> {
    let mut payloads: Vec<String> = Vec::new();
    for pointer in pointers {
        match payloads.last_mut() {
            Some(last) if last.len() + 1 + pointer.len() <= MAX_PAYLOAD => {
                last.push('\n');
                last.push_str(&pointer);
            }
            _ => payloads.push(pointer),
        }
    }
    payloads
}

/// One committed append, as a pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The table (at most [`MAX_ID_CHARS`] characters).
    pub table: String,
    /// The seq of its last row now; 0 when the append wrote tokens only.
    pub seq: i64,
    /// Whether tokens were written (an invite, a seat's token).
    pub tokens: bool,
}

impl Notice {
    /// The payload: `<seq> <0|1> <table>`.
    pub(crate) fn payload(table: &str, seq: i64, tokens: bool) -> String {
        format!("{seq} {} {table}", u8::from(tokens))
    }

    /// Reads a payload back; `None` for one no Skald wrote.
    fn parse(payload: &str) -> Option<Self> {
        let mut parts = payload.splitn(3, ' ');
        let seq = parts.next()?.parse().ok()?;
        let tokens = match parts.next()? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        let table = parts.next()?;
        (!table.is_empty() && table.chars().count() <= MAX_ID_CHARS).then(|| Self {
            table: table.to_owned(),
            seq,
            tokens,
        })
    }
}

/// What [`Notices::next`] gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// An append was committed.
    Append(Notice),
    /// The listening connection was lost and opened again: notices in between are lost, so every
    /// followed table must be read again.
    Reconnected,
}

/// A node's subscription to the channel every append notifies (`skald_log`), on a connection of
/// its own.
pub struct Notices {
    listener: PgListener,
    /// Pointers of a notification read and not given yet.
    pending: std::collections::VecDeque<Notice>,
}

impl Notices {
    /// Listens on `url`.
    ///
    /// # Errors
    /// The database's error.
    pub(crate) async fn open(url: &str) -> Result<Self, Error> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        Ok(Self {
            listener,
            pending: std::collections::VecDeque::new(),
        })
    }

    /// The next notice. Reconnects by itself when the connection is lost, and says so.
    ///
    /// # Errors
    /// The database's error when it cannot reconnect.
    pub async fn next(&mut self) -> Result<Heard, Error> {
        loop {
            if let Some(notice) = self.pending.pop_front() {
                return Ok(Heard::Append(notice));
            }
            match self.listener.try_recv().await? {
                None => return Ok(Heard::Reconnected),
                Some(notification) => self
                    .pending
                    .extend(notification.payload().lines().filter_map(Notice::parse)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Notice;

    #[test]
    fn a_payload_reads_back_and_a_foreign_one_does_not() {
        let payload = Notice::payload("ab cd", 42, true);
        assert_eq!(payload, "42 1 ab cd");
        assert_eq!(
            Notice::parse(&payload),
            Some(Notice {
                table: "ab cd".into(),
                seq: 42,
                tokens: true
            })
        );
        assert_eq!(Notice::parse("x 1 t"), None);
        assert_eq!(Notice::parse("1 2 t"), None);
        assert_eq!(Notice::parse("1 0 "), None);
    }

    #[test]
    fn pointers_join_into_payloads_under_the_limit() {
        let pointers: Vec<String> = (0..1000)
            .map(|i| Notice::payload(&format!("table-{i:010}"), i, false))
            .collect();
        let payloads = super::joined(pointers.clone().into_iter());
        assert!(payloads.iter().all(|p| p.len() <= super::MAX_PAYLOAD));
        assert_eq!(payloads.len(), 3);
        let lines: Vec<String> = payloads
            .iter()
            .flat_map(|p| p.lines().map(str::to_owned))
            .collect();
        assert_eq!(lines, pointers);
        assert!(super::joined(std::iter::empty()).is_empty());
    }
}
