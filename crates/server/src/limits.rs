//! The server's bounds and admission rules: sizes, rates, queues and counts, each refused with a
//! clear error; who may create a table; which peer's `X-Forwarded-For` is believed.

pub use crate::same_origin::PublicUrl;
use sha2::{Digest, Sha256};
use std::net::IpAddr;
use std::time::Duration;
use subtle::ConstantTimeEq;

/// Every bound the server keeps. [`Limits::default`] is what `skald serve` uses unless its flags
/// say otherwise.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest HTTP request body, bytes.
    pub max_body: usize,
    /// Largest WebSocket message, bytes.
    pub max_message: usize,
    /// Live tables one server holds (stored tables active within [`Limits::archive_after`]).
    pub max_tables: i64,
    /// A stored table with no activity (no record, no visit of its GM) for this long is archived:
    /// it no longer counts towards [`Limits::max_tables`]; its seats still read and export it,
    /// and its GM's token (or any new record) makes it live again.
    pub archive_after: Duration,
    /// New tables one client address may create per hour (a burst of this many, then one each
    /// `3600 / n` seconds).
    pub tables_per_hour: u32,
    /// New tables the whole server creates per hour, whatever the addresses (a burst of this
    /// many, then one each `3600 / n` seconds): many addresses together cannot fill
    /// [`Limits::max_tables`] with empty tables, since those stop counting after
    /// [`Limits::empty_expiry`] and `server_tables_per_hour` times that span (24,000 by default)
    /// stays well under the cap.
    pub server_tables_per_hour: u32,
    /// A table nobody joined and nothing was done at (its log is its `created` record alone)
    /// stops counting towards [`Limits::max_tables`] this long after its creation. It is not
    /// deleted: its GM's link still opens it, and it counts again once someone joins or acts.
    pub empty_expiry: Duration,
    /// WebSocket clients on one table at once. The players together get at most this minus
    /// [`Limits::sockets_per_seat`]: the rest is the GM's, so no player can lock the GM out.
    pub max_clients_per_table: usize,
    /// WebSocket clients one seat (one token) may have open on its table at once.
    pub sockets_per_seat: usize,
    /// Actions per second one seat may send (sustained), over HTTP and WebSocket together: a move
    /// (`POST /api/tables/{id}/actions` or a WebSocket message), an invite, a seat link. Counted
    /// apart from the seat's reads, so the page's own reads (its parts, the odds and advice of
    /// each form it shows, asked again after every record) never spend what the player needs to
    /// act.
    pub actions_per_second: u32,
    /// Actions one seat may send in a burst.
    pub action_burst: u32,
    /// Reads per second one seat may send (sustained): every other seated request (the page, its
    /// live parts, odds, advice, moves, log, export, a WebSocket's upgrade).
    pub reads_per_second: u32,
    /// Reads one seat may send in a burst.
    pub read_burst: u32,
    /// HTTP requests per second one client address may send (sustained), every route included.
    pub address_per_second: u32,
    /// HTTP requests one client address may send in a burst.
    pub address_burst: u32,
    /// The reverse proxy in front of the server, if any: for requests whose peer is this
    /// address, the client's address is the last one in `X-Forwarded-For`. `None`: the peer is the
    /// client, and `X-Forwarded-For` is ignored.
    pub trusted_proxy: Option<IpAddr>,
    /// The key a client must give to create a table, if the operator set one.
    pub creation_key: Option<CreationKey>,
    /// Actions waiting for one table's task; past it, new ones are refused as busy.
    pub table_queue: usize,
    /// Records a WebSocket client may fall behind before it is caught up from the log.
    pub client_lag: usize,
    /// How long a table with no client and no action stays loaded.
    pub idle_unload: Duration,
    /// How often a node checks the tables it follows against the database without a notice
    /// (several nodes; one statement for all of them, `Registry::follow_net`): a safety net
    /// only, for a notice a full queue dropped or a node that died before sending; notices carry
    /// every append, and a lost notice connection makes every followed table read the log at once
    /// (issue 34: a read per table every 2 s was most of an idle node's cost).
    pub follow_every: Duration,
    /// Records sent per catch-up read.
    pub catch_up_batch: usize,
    /// The address other nodes reach this one at (`http://HOST:PORT`), when several nodes share
    /// one PostgreSQL database; `None`: the address the server is bound to.
    pub advertise: Option<String>,
    /// The address browsers reach the server at (`skald serve --public-url`), when it is not the
    /// one they send in `Host` (behind a reverse proxy, with TLS): the one origin whose pages post
    /// and open WebSockets with a cookie, the start of the links the pages show, and, when
    /// `https://`, what makes the cookie `Secure`. `None`: the request's own `Host`, over http.
    pub public_url: Option<PublicUrl>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body: 64 * 1024,
            max_message: 64 * 1024,
            max_tables: 100_000,
            archive_after: Duration::from_secs(30 * 24 * 3600),
            tables_per_hour: 30,
            server_tables_per_hour: 1000,
            empty_expiry: Duration::from_secs(24 * 3600),
            max_clients_per_table: 64,
            sockets_per_seat: 4,
            actions_per_second: 20,
            action_burst: 80,
            // A browser's table page asks for its parts, then the odds and the advice of each move
            // form it shows, after every record: at four players acting a few times a second
            // that is tens of reads a second (the 20 a second shared with actions refused a
            // player's move while her page read, issue 31's browser evenings). The odds and the
            // advice have gates of their own (`odds_gate`); the address's rate bounds the rest.
            reads_per_second: 60,
            read_burst: 240,
            // One address is often a whole table (players on one network at the same table, each
            // with their own page): generous, but bounded whatever the number of connections.
            address_per_second: 100,
            address_burst: 400,
            trusted_proxy: None,
            creation_key: None,
            table_queue: 256,
            client_lag: 1024,
            idle_unload: Duration::from_secs(300),
            follow_every: Duration::from_secs(30),
            catch_up_batch: 500,
            advertise: None,
            public_url: None,
        }
    }
}

/// The operator's creation key (`skald serve --creation-key`). Kept as its SHA-256 only, compared
/// in constant time, and never printed (its `Debug` shows nothing of it).
#[derive(Clone)]
pub struct CreationKey {
    hash: [u8; 32],
}

impl CreationKey {
    /// Longest key accepted, in bytes.
    pub const MAX_LEN: usize = 256;

    /// The key `key`.
    ///
    /// # Errors
    /// A message when it is empty or longer than [`CreationKey::MAX_LEN`] bytes (the key itself
    /// is never in it).
    pub fn new(key: &str) -> Result<Self, String> {
        if key.is_empty() {
            return Err("creation key: empty; give at least one character".into());
        }
        if key.len() > Self::MAX_LEN {
            return Err(format!(
                "creation key: {} bytes, allowed 1 to {}",
                key.len(),
                Self::MAX_LEN
            ));
        }
        Ok(Self {
            hash: Sha256::digest(key.as_bytes()).into(),
        })
    }

    /// Whether `given` is the key, compared in constant time (over hashes, so neither its length
    /// nor its first differing byte shows in the time taken).
    pub fn matches(&self, given: &str) -> bool {
        let given: [u8; 32] = Sha256::digest(given.as_bytes()).into();
        given.ct_eq(&self.hash).into()
    }
}

impl std::fmt::Debug for CreationKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CreationKey(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_creation_key_matches_itself_only_and_never_shows() {
        let key = CreationKey::new("open sesame").unwrap_or_else(|e| panic!("{e}"));
        assert!(key.matches("open sesame"));
        assert!(!key.matches("open sesame "));
        assert!(!key.matches(""));
        assert_eq!(format!("{key:?}"), "CreationKey(..)");
        assert_eq!(
            CreationKey::new("").err().as_deref(),
            Some("creation key: empty; give at least one character")
        );
        assert_eq!(
            CreationKey::new(&"k".repeat(257)).err().as_deref(),
            Some("creation key: 257 bytes, allowed 1 to 256")
        );
    }
}
