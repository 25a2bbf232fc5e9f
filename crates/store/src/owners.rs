//! Which node owns which table, when several nodes serve one PostgreSQL database
//! (docs/scaling.md, "Several nodes").
//!
//! A node owns a table while it holds a PostgreSQL advisory lock keyed by the table's id, taken on
//! one connection of the node's own ([`Owners`]). PostgreSQL releases every lock of a session when
//! it ends, so a node that dies (even by SIGKILL: its socket closes) leaves its tables to whoever
//! asks next. The node also records, under its session's pid, the address at which it takes
//! forwarded actions, so another node can find a table's owner by joining `pg_locks` with
//! `skald_nodes`. SQLite has no such thing: it serves one node ([`crate::Store::owners`] is `None`).

use sqlx::{Connection as _, PgConnection, Row as _};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use tokio::sync::Mutex;

use crate::{Error, ErrorKind, check_chars, check_id, now_ms};

/// The first key of every table lock (the second is the id's `hashtext`): `sk`, so Skald's locks
/// never meet another program's single-key locks, nor sqlx's migration lock.
pub(crate) const LOCK_CLASS: i32 = 0x736b;

/// Bound of a node's address, in characters.
pub const MAX_ADDRESS_CHARS: usize = 200;

/// This node's ownership session: its table locks and its address, on a connection of its own.
pub struct Owners {
    /// `None` once closed.
    conn: Mutex<Option<PgConnection>>,
    /// Which session this is: 0 for the first, one more each time it was lost and opened again.
    /// A table taken in an earlier session is not held any more (its lock went with it).
    session: AtomicU64,
    /// The backend pid of the session now (`pg_backend_pid()`, read when it opened): a table's
    /// lock held by this pid is held by this node ([`Fence`]).
    pid: AtomicI32,
    /// Where to open the session again when its connection is lost.
    url: String,
    address: String,
    key: String,
}

impl std::fmt::Debug for Owners {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Owners")
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
}

/// What a fenced write ([`crate::Store::append_fenced`]) asks the database in its own transaction:
/// that the ownership session with this backend pid still holds the table's advisory lock
/// (docs/scaling.md, "Fencing"). Made by [`Owners::fence`] only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fence {
    pub(crate) pid: i32,
}

/// Who owns a table now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// This node (it took or already held the table's lock).
    Me,
    /// Another node, reached at this address.
    At(String),
    /// Nobody holds the lock, or its holder registered no address: ask again.
    Unknown,
}

impl Owners {
    /// Opens the ownership session on `url` for a node reached at `address` (1 to
    /// [`MAX_ADDRESS_CHARS`] characters, e.g. `http://10.0.0.5:8080`). `candidate_key` becomes the
    /// nodes' shared key if the database has none yet; the key in force is [`Owners::key`].
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] or [`ErrorKind::Database`] for an address out of bounds; the
    /// database's error.
    pub(crate) async fn open(url: &str, address: &str, candidate_key: &str) -> Result<Self, Error> {
        check_chars("node.address", address, MAX_ADDRESS_CHARS)?;
        if address.is_empty() {
            return Err(ErrorKind::Database(
                "node.address: empty; give the address other nodes reach this one at".into(),
            )
            .into());
        }
        let (mut conn, pid) = connect(url, address).await?;
        sqlx::query(
            "INSERT INTO skald_cluster (name, value) VALUES ('node_key', $1) \
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(candidate_key)
        .execute(&mut conn)
        .await?;
        let key: String = sqlx::query("SELECT value FROM skald_cluster WHERE name = 'node_key'")
            .fetch_one(&mut conn)
            .await?
            .try_get(0)?;
        Ok(Self {
            conn: Mutex::new(Some(conn)),
            session: AtomicU64::new(0),
            pid: AtomicI32::new(pid),
            url: url.to_owned(),
            address: address.to_owned(),
            key,
        })
    }

    /// The address this node registered.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The key every node of this database shows another when it forwards an action.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Takes table `table` for this node if nobody holds it, else says who does. Each
    /// [`Owner::Me`] must be matched by one [`Owners::release`] (the locks nest).
    ///
    /// # Errors
    /// A bad id; the database's error (the ownership session is gone: this node owns nothing).
    pub async fn take(&self, table: &str) -> Result<Owner, Error> {
        Ok(self.take_in_session(table).await?.0)
    }

    /// [`Owners::take`], with the session ([`Owners::session`]) the answer holds in: a table
    /// taken holds only while the session is still that one.
    ///
    /// # Errors
    /// As [`Owners::take`].
    pub async fn take_in_session(&self, table: &str) -> Result<(Owner, u64), Error> {
        check_id(table)?;
        let mut guard = self.conn.lock().await;
        let conn = guard.as_mut().ok_or(ErrorKind::Closed)?;
        match who_owns(conn, table).await {
            Err(e) if conn.ping().await.is_err() => {
                // The session is gone (a database restart, a network cut), and every lock with
                // it: this node holds nothing now. Open it again and ask again; a table this node
                // still acts for sees the session change and gives the table up (issue 34).
                tracing::warn!(error = %e, "lost the ownership session; opening it again");
                let (mut fresh, pid) = connect(&self.url, &self.address).await?;
                let owner = who_owns(&mut fresh, table).await?;
                *guard = Some(fresh);
                // The pid before the number: a fence asked for the old number meanwhile names
                // the new pid, whose session holds nothing of the old one's, and fails as it should.
                self.pid.store(pid, Ordering::SeqCst);
                let session = self.session.fetch_add(1, Ordering::SeqCst) + 1;
                Ok((owner, session))
            }
            Ok(owner) => Ok((owner, self.session.load(Ordering::SeqCst))),
            Err(e) => Err(e),
        }
    }

    /// The session now: 0 for the first, one more each time it was lost and opened again.
    pub fn session(&self) -> u64 {
        self.session.load(Ordering::SeqCst)
    }

    /// The fence of a write made for a table taken in session `session` ([`Owners::session`]):
    /// the database checks it in the write's transaction ([`crate::Store::append_fenced`]).
    ///
    /// # Errors
    /// [`ErrorKind::NotOwner`] (for `table`) when the session is not that one any more: the
    /// table's lock went with it.
    pub fn fence(&self, table: &str, session: u64) -> Result<Fence, Error> {
        let pid = self.pid.load(Ordering::SeqCst);
        if self.session.load(Ordering::SeqCst) != session {
            return Err(ErrorKind::NotOwner {
                table: table.to_owned(),
            }
            .into());
        }
        Ok(Fence { pid })
    }

    /// Whether the session is still alive, asked of the database (one round trip); if it was
    /// lost, it is opened again and [`Owners::session`] moves on. A node asks every few seconds
    /// and whenever another node appended to a table it thought it owned.
    ///
    /// # Errors
    /// The session is lost and cannot be opened again now (the database is unreachable).
    pub async fn check(&self) -> Result<(), Error> {
        let mut guard = self.conn.lock().await;
        let Some(conn) = guard.as_mut() else {
            return Ok(());
        };
        if conn.ping().await.is_ok() {
            return Ok(());
        }
        // Every lock went with the session: whatever this node took, it holds no more.
        self.session.fetch_add(1, Ordering::SeqCst);
        tracing::warn!("lost the ownership session; opening it again");
        let (conn, pid) = connect(&self.url, &self.address).await?;
        *guard = Some(conn);
        // A fence of the new session may be asked for only once this is its pid: the session
        // number moved on above, so until now every fence of an older number is refused.
        self.pid.store(pid, Ordering::SeqCst);
        Ok(())
    }

    /// Gives table `table` up (one [`Owner::Me`] of [`Owners::take`]).
    ///
    /// # Errors
    /// A bad id; the database's error.
    pub async fn release(&self, table: &str) -> Result<(), Error> {
        check_id(table)?;
        let mut guard = self.conn.lock().await;
        let conn = guard.as_mut().ok_or(ErrorKind::Closed)?;
        sqlx::query("SELECT pg_advisory_unlock($1, hashtext($2))")
            .bind(LOCK_CLASS)
            .bind(table)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    /// Ends the session: every table this node holds is free for the others at once.
    pub async fn close(&self) {
        if let Some(mut conn) = self.conn.lock().await.take() {
            // Unlocked before the goodbye: a closed socket's backend lets its locks go only when
            // it exits, a moment later, and another node asking in that moment would still find
            // this one holding them. A session already lost has nothing to unlock.
            let _ = sqlx::query("SELECT pg_advisory_unlock_all()")
                .execute(&mut conn)
                .await;
            let _ = conn.close().await;
        }
    }
}

/// A new ownership session on `url` for a node at `address`, registered in `skald_nodes`, with
/// its backend pid.
async fn connect(url: &str, address: &str) -> Result<(PgConnection, i32), Error> {
    let mut conn = PgConnection::connect(url).await?;
    // A pid is unique among live sessions only: a dead node's row under this pid is stale.
    let pid: i32 = sqlx::query(
        "INSERT INTO skald_nodes (pid, address, started_ms) VALUES (pg_backend_pid(), $1, $2) \
         ON CONFLICT (pid) DO UPDATE SET address = EXCLUDED.address, \
         started_ms = EXCLUDED.started_ms RETURNING pid",
    )
    .bind(address)
    .bind(now_ms())
    .fetch_one(&mut conn)
    .await?
    .try_get(0)?;
    Ok((conn, pid))
}

/// Takes table `table`'s lock on `conn` if nobody holds it, else finds who does.
async fn who_owns(conn: &mut PgConnection, table: &str) -> Result<Owner, Error> {
    let taken: bool = sqlx::query("SELECT pg_try_advisory_lock($1, hashtext($2))")
        .bind(LOCK_CLASS)
        .bind(table)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    if taken {
        return Ok(Owner::Me);
    }
    let address: Option<String> = sqlx::query(
        "SELECT n.address FROM pg_locks l JOIN skald_nodes n ON n.pid = l.pid \
         WHERE l.locktype = 'advisory' AND l.granted \
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) \
         AND l.classid = $1::int4::oid AND l.objid = hashtext($2)::oid AND l.objsubid = 2 \
         LIMIT 1",
    )
    .bind(LOCK_CLASS)
    .bind(table)
    .fetch_optional(&mut *conn)
    .await?
    .map(|row| row.try_get(0))
    .transpose()?;
    Ok(address.map_or(Owner::Unknown, Owner::At))
}
