//! [`Node`]: this server as one of several on a shared PostgreSQL database (docs/scaling.md,
//! "Several nodes"): which tables it owns, and how it forwards a write to another table's owner.

use crate::forwarded::{Answer, Forwarded, Hop};
use skald_store::{Fence, Owner, Owners};
use std::time::Duration;

/// The header a node shows the nodes' key in.
pub const KEY_HEADER: &str = "x-skald-node-key";

/// The header a node says its own address in when it forwards a write, so the owner knows whose
/// clients write the table ([`crate::handover`]).
pub const FROM_HEADER: &str = "x-skald-node-from";

/// How long a forwarded write may take, connection included: an owner that takes longer is
/// treated as lost (the write may or may not have been done).
const FORWARD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long connecting to an owner may take before it counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// This node: its ownership session and its client for the other nodes.
pub struct Node {
    owners: Owners,
    /// The nodes' key, hashed as tokens are, to compare a given key in constant time.
    key_hash: String,
    http: reqwest::Client,
}

impl Node {
    /// The node over an open ownership session.
    ///
    /// # Errors
    /// The HTTP client could not be built (no TLS or DNS backend is needed: nodes speak plain
    /// HTTP to each other's addresses).
    pub fn new(owners: Owners) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(FORWARD_TIMEOUT)
            .tcp_nodelay(true)
            .build()?;
        let key_hash = crate::token::hash(owners.key());
        Ok(Self {
            owners,
            key_hash,
            http,
        })
    }

    /// The address this node takes forwarded writes at.
    pub fn address(&self) -> &str {
        self.owners.address()
    }

    /// Whether `key` is the nodes' key (compared in constant time).
    pub fn knows(&self, key: &str) -> bool {
        crate::token::matches(key, &self.key_hash)
    }

    /// Takes table `table` if nobody owns it, else says who does, with the ownership session the
    /// answer holds in ([`Node::session`]).
    ///
    /// # Errors
    /// The database's error.
    pub async fn take(&self, table: &str) -> Result<(Owner, u64), skald_store::Error> {
        self.owners.take_in_session(table).await
    }

    /// The ownership session now: a table taken in another holds no more (issue 34).
    pub fn session(&self) -> u64 {
        self.owners.session()
    }

    /// The fence of a write of table `table`, taken in ownership session `session`: the store
    /// checks in the write's transaction that the session still holds the table (docs/scaling.md,
    /// "Fencing").
    ///
    /// # Errors
    /// [`skald_store::ErrorKind::NotOwner`] when the session is not that one any more.
    pub fn fence(&self, table: &str, session: u64) -> Result<Fence, skald_store::Error> {
        self.owners.fence(table, session)
    }

    /// Asks the database whether the ownership session is alive, opening it again if not (its
    /// number then moves on).
    pub async fn check(&self) {
        if let Err(e) = self.owners.check().await {
            tracing::warn!(error = %e, "could not open the ownership session again");
        }
    }

    /// Gives table `table` up.
    pub async fn release(&self, table: &str) {
        if let Err(e) = self.owners.release(table).await {
            tracing::warn!(table, error = %e, "could not give a table up; it is free when this node stops");
        }
    }

    /// Gives table `table` up to hand it to another node ([`crate::handover`]). Returns whether
    /// it was given up (a database error is logged: the table stays this node's).
    pub async fn hand_over(&self, table: &str) -> bool {
        match self.owners.release(table).await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(table, error = %e, "could not hand a table over; it stays here");
                false
            }
        }
    }

    /// Sends `write` of table `table` to its owner at `address`.
    ///
    /// # Errors
    /// [`Hop`]: whether the write may have been done.
    pub async fn forward(
        &self,
        address: &str,
        table: &str,
        write: &Forwarded,
    ) -> Result<Answer, Hop> {
        let url = format!("{}/cluster/tables/{table}", address.trim_end_matches('/'));
        let sent = self
            .http
            .post(url)
            .header(KEY_HEADER, self.owners.key())
            .header(FROM_HEADER, self.owners.address())
            .json(write)
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(e) if e.is_connect() || e.is_builder() => return Err(Hop::Unreachable),
            Err(e) if e.is_timeout() => return Err(Hop::TimedOut),
            Err(_) => return Err(Hop::Lost),
        };
        if response.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
            // A node that is there but too busy for the write now (issue 34: not a stopped one).
            return Err(Hop::Busy);
        }
        if !response.status().is_success() {
            // Not a node's answer (a proxy's, or a node that does not know the key): nothing was
            // done by a node.
            return Err(Hop::Unreachable);
        }
        response.json::<Answer>().await.map_err(|e| {
            if e.is_timeout() {
                Hop::TimedOut
            } else {
                Hop::Lost
            }
        })
    }

    /// Ends the ownership session: every table of this node is free for the others at once.
    pub async fn close(&self) {
        self.owners.close().await;
    }
}

/// This server's [`Node`] when its store is PostgreSQL (`None` on SQLite, which serves one node):
/// its ownership session opened, reached at `advertise`, or else at the address it is `bound`
/// to (an unspecified address, `0.0.0.0`, is advertised as loopback, with a warning: nodes on
/// other machines need `--advertise`).
///
/// # Errors
/// The database's error; an address past [`skald_store::MAX_ADDRESS_CHARS`].
pub async fn join(
    store: &skald_store::Store,
    advertise: Option<&str>,
    bound: std::net::SocketAddr,
) -> Result<Option<std::sync::Arc<Node>>, crate::ServeError> {
    if store.backend() == skald_store::Backend::Sqlite {
        return Ok(None);
    }
    let address = match advertise {
        Some(address) => address.trim_end_matches('/').to_owned(),
        None if bound.ip().is_unspecified() => {
            let port = bound.port();
            tracing::warn!(
                "listening on {bound}: other nodes will forward to http://127.0.0.1:{port}, which \
                 only reaches this machine; give --advertise http://HOST:{port} for nodes on others"
            );
            format!("http://127.0.0.1:{port}")
        }
        None => format!("http://{bound}"),
    };
    let candidate = crate::token::new_token()
        .map_err(|e| crate::ServeError::Io(std::io::Error::other(e.to_string())))?;
    let Some(owners) = store.owners(&address, &candidate).await? else {
        return Ok(None);
    };
    let node = Node::new(owners)
        .map_err(|e| crate::ServeError::Io(std::io::Error::other(e.to_string())))?;
    tracing::info!(address = %node.address(), "serving as one node of several on this database");
    Ok(Some(std::sync::Arc::new(node)))
}
