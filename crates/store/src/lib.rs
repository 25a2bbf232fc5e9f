//! The durable event log of Skald's online tables, on SQLite or PostgreSQL through one code path
//! (`sqlx::Any`, SQL both accept).
//!
//! A table is its metadata (with the time it was last active, which makes it live or archived),
//! its rows (1-based `seq`, contiguous, append-only) and the hashes of its access
//! tokens. The store keeps rows opaque: a `kind`, a public JSON `payload`, an optional hidden JSON `secret`
//! and who may see it. It knows nothing of game rules.
//!
//! Writes go through a writer task that commits many calls in one transaction (group commit): a call
//! returns Ok only once its transaction is committed durably, and a call refused (e.g. a
//! [`ErrorKind::Conflict`]) wrote nothing. Reads use their own connections.

mod adopt;
mod error;
mod migrate;
mod notices;
mod notifier;
mod owners;
mod ready;
mod sql;
mod url;
mod writer;

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrate as _;
use sqlx::{AnyConnection, Connection as _, Executor as _, Row as _};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

pub use error::{Error, ErrorKind};
pub use notices::{Heard, Notice, Notices};
pub use owners::{Fence, MAX_ADDRESS_CHARS, Owner, Owners};
pub use ready::NotReady;
pub use url::sqlite_file;

use writer::{Op, Request};

/// Bound of a table id, in characters.
pub const MAX_ID_CHARS: usize = 64;
/// Bound of a row's `kind`, in characters.
pub const MAX_KIND_CHARS: usize = 64;
/// Bound of a row's `payload` and of its `secret`, in bytes (1 MiB).
pub const MAX_JSON_BYTES: usize = 1 << 20;
/// Bound of the (table, token hash) pairs one [`Store::seats`] call looks up.
pub const MAX_SEAT_LOOKUPS: usize = 50;
/// Tables one statement of [`Store::heads`] asks for (a call asks for any number, this many at a
/// time): far below both databases' bound on a statement's parameters.
pub const HEADS_PER_STATEMENT: usize = 500;
/// Bound of the other short strings (system, title, audience, token hash and role), in characters.
pub const MAX_NAME_CHARS: usize = 256;

/// Pending write requests per writer before callers wait (backpressure; nothing is dropped).
const CHANNEL_CAPACITY: usize = 4096;
/// Connections for reads.
const READ_CONNECTIONS: u32 = 4;
/// Writer tasks on PostgreSQL (tables are spread over them by id, so one table's writes stay in order).
/// SQLite has one writer: it has a single write lock anyway.
const PG_WRITERS: usize = 4;

/// One log record as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Position in the table's log: 1-based, contiguous per table.
    pub seq: i64,
    /// What the row is, for whoever reads it (at most 64 characters).
    pub kind: String,
    /// JSON text, the public part.
    pub payload: String,
    /// JSON text, the hidden part.
    pub secret: Option<String>,
    /// Who may see `secret`: "gm", "player:N", "server".
    pub audience: Option<String>,
    /// When, in unix milliseconds.
    pub at_ms: i64,
}

/// A table's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableMeta {
    /// The table's id (at most 64 characters).
    pub id: String,
    /// The game system.
    pub system: String,
    /// The table's title.
    pub title: String,
    /// When it was created, in unix milliseconds.
    pub created_ms: i64,
}

/// An access token of a table, by its hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRow {
    /// Hex SHA-256 of the token; the raw token is never stored.
    pub hash: String,
    /// "gm", "player" or "invite".
    pub role: String,
    /// The player, for a player's token.
    pub player: Option<i64>,
    /// The name a player's token seats (as the player gave it on joining, at most 256
    /// characters); `None` for the GM's and invites, and for a player whose `joined` record
    /// could not be read when the column was added.
    pub name: Option<String>,
    /// The seq of the record that gave the token (0 or more; 0 for the GM's and invites): a
    /// token of the same table, role and player with a greater `since` replaces it
    /// ([`Store::seats`] leaves a replaced token out; the server refuses it).
    pub since: i64,
}

/// A seat a token holds at a table, with what a list of one's tables shows of it
/// ([`Store::seats`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    /// The table's metadata.
    pub meta: TableMeta,
    /// When the table was last active, in unix milliseconds (as [`Loaded::active_ms`]).
    pub active_ms: i64,
    /// The token's role, as stored: "gm", "player" or "invite".
    pub role: String,
    /// The player, for a player's token.
    pub player: Option<i64>,
    /// The player's name, for a player's token ([`TokenRow::name`]).
    pub name: Option<String>,
}

/// Everything of one table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// Its metadata.
    pub meta: TableMeta,
    /// Its rows, ordered by seq.
    pub rows: Vec<Row>,
    /// Its tokens, ordered by hash (bytewise).
    pub tokens: Vec<TokenRow>,
    /// When it was last active, in unix milliseconds: its last record's time, or later if its GM
    /// came back since ([`Store::touch`]); its creation if it has no record.
    pub active_ms: i64,
}

/// Which database a store is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    /// SQLite (a file).
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        })
    }
}

/// The store. Cloning is cheap: clones share the connections and the writer.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Backend,
    /// The URL sqlx gets, for `raw_commit_rate`'s own connection.
    url: String,
    reads: AnyPool,
    writes: AnyPool,
    /// One sender per writer task; `None` once closed.
    senders: Mutex<Option<Vec<mpsc::Sender<Request>>>>,
    writers: tokio::sync::Mutex<Vec<JoinHandle<()>>>,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.inner.backend)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens a store. `url`: "sqlite:PATH" / "sqlite://PATH" / a plain file path (SQLite, created if
    /// missing; "sqlite::memory:" is an in-memory database that lives while the store is open), or
    /// "postgres://..." / "postgresql://...". Brings the schema to this build's (the migrations in
    /// `migrations/`; safe when two processes start at once). A database made by a newer build is
    /// refused ([`ErrorKind::Database`], saying so).
    pub async fn open(url: &str) -> Result<Store, Error> {
        sqlx::any::install_default_drivers();
        let target = url::parse(url)?;
        let backend = target.backend;
        let writers = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => PG_WRITERS,
        };
        let pool = |connections: u32| {
            let options = AnyPoolOptions::new()
                .max_connections(connections)
                .after_connect(move |conn, _| Box::pin(sql::prepare(conn, backend)));
            if target.memory {
                // The in-memory database goes when its last connection does: keep one for good.
                options
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
            } else {
                options
            }
        };
        let connect_error = |e: sqlx::Error| -> Error {
            ErrorKind::Database(format!("cannot open {}: {e}", url::shorten(url))).into()
        };
        let writes = pool(writers as u32)
            .connect(&target.url)
            .await
            .map_err(connect_error)?;
        {
            let mut conn = writes.acquire().await?;
            migrate::run(&mut conn, backend).await?;
        }
        let reads = pool(READ_CONNECTIONS)
            .connect(&target.url)
            .await
            .map_err(connect_error)?;
        let mut senders = Vec::with_capacity(writers);
        let mut handles = Vec::with_capacity(writers + 1);
        // The writers' notices go through one notifier; it ends after the last writer, so
        // `close` (which awaits the handles in order) sends the last of them.
        let (notices, notifier) = match backend {
            Backend::Postgres => {
                let (tx, rx) = mpsc::channel(notifier::QUEUE);
                (Some(tx), Some(notifier::run(writes.clone(), rx)))
            }
            Backend::Sqlite => (None, None),
        };
        for _ in 0..writers {
            let (tx, rx) = mpsc::channel(CHANNEL_CAPACITY);
            senders.push(tx);
            handles.push(tokio::spawn(writer::run(
                writes.clone(),
                backend,
                rx,
                notices.clone(),
            )));
        }
        drop(notices);
        handles.extend(notifier.map(tokio::spawn));
        Ok(Store {
            inner: Arc::new(Inner {
                backend,
                url: target.url,
                reads,
                writes,
                senders: Mutex::new(Some(senders)),
                writers: tokio::sync::Mutex::new(handles),
            }),
        })
    }

    /// Which database this store is on.
    pub fn backend(&self) -> Backend {
        self.inner.backend
    }

    /// Creates a table with its first rows (seq from 1) and tokens, in one transaction.
    /// [`ErrorKind::Exists`] if the id is taken.
    pub async fn create_table(
        &self,
        meta: &TableMeta,
        rows: &[Row],
        tokens: &[TokenRow],
    ) -> Result<(), Error> {
        check_id(&meta.id)?;
        check_chars("table.system", &meta.system, MAX_NAME_CHARS)?;
        check_chars("table.title", &meta.title, MAX_NAME_CHARS)?;
        check_rows(&meta.id, rows, 1)?;
        check_tokens(tokens)?;
        self.submit(
            &meta.id,
            Op::Create {
                meta: meta.clone(),
                rows: rows.to_vec(),
                tokens: tokens.to_vec(),
            },
        )
        .await
    }

    /// Appends rows (contiguous, the first one right after the table's last) and tokens, atomically; Ok
    /// only once committed. A (table, seq) already stored gives [`ErrorKind::Conflict`] and nothing of
    /// the call is written. If the caller stops waiting, the write may or may not happen.
    pub async fn append(
        &self,
        table: &str,
        rows: Vec<Row>,
        tokens: Vec<TokenRow>,
    ) -> Result<(), Error> {
        self.append_with(table, rows, tokens, None).await
    }

    /// [`Store::append`], fenced (docs/scaling.md, "Fencing"): the write's transaction first asks
    /// the database whether the ownership session of `fence` ([`Owners::fence`]) still holds the
    /// table's advisory lock, and writes nothing if not ([`ErrorKind::NotOwner`]). One statement
    /// per transaction of the group commit asks it for every fenced write in it, so the check
    /// adds no round trip per write.
    ///
    /// # Errors
    /// As [`Store::append`], and [`ErrorKind::NotOwner`].
    pub async fn append_fenced(
        &self,
        table: &str,
        rows: Vec<Row>,
        tokens: Vec<TokenRow>,
        fence: Fence,
    ) -> Result<(), Error> {
        self.append_with(table, rows, tokens, Some(fence)).await
    }

    async fn append_with(
        &self,
        table: &str,
        rows: Vec<Row>,
        tokens: Vec<TokenRow>,
        fence: Option<Fence>,
    ) -> Result<(), Error> {
        check_id(table)?;
        let first = rows.first().map_or(1, |r| r.seq);
        if first < 1 {
            return Err(ErrorKind::NotContiguous {
                table: table.to_owned(),
                expected: 1,
                got: first,
            }
            .into());
        }
        check_rows(table, &rows, first)?;
        check_tokens(&tokens)?;
        if rows.is_empty() && tokens.is_empty() {
            return Ok(());
        }
        self.submit(
            table,
            Op::Append {
                table: table.to_owned(),
                rows,
                tokens,
                // SQLite serves one node: it has no locks to check.
                fence: fence.filter(|_| self.inner.backend == Backend::Postgres),
            },
        )
        .await
    }

    /// Hands a write to the writer of its table and waits for the commit.
    async fn submit(&self, table: &str, op: Op) -> Result<(), Error> {
        let sender = {
            let senders = self
                .inner
                .senders
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            match senders.as_ref() {
                Some(senders) => senders[shard(table, senders.len())].clone(),
                None => return Err(ErrorKind::Closed.into()),
            }
        };
        let (reply, answer) = oneshot::channel();
        sender
            .send(Request { op, reply })
            .await
            .map_err(|_| Error::from(ErrorKind::Closed))?;
        answer.await.map_err(|_| Error::from(ErrorKind::Closed))?
    }

    /// Everything of a table, rows ordered by seq, read from one snapshot. None if no such table.
    pub async fn load(&self, table: &str) -> Result<Option<Loaded>, Error> {
        check_id(table)?;
        let mut tx = match self.inner.backend {
            Backend::Sqlite => self.inner.reads.begin().await?,
            Backend::Postgres => {
                self.inner
                    .reads
                    .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .await?
            }
        };
        let meta = sqlx::query(
            "SELECT id, system, title, created_ms, active_ms FROM skald_tables WHERE id = $1",
        )
        .bind(table)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(meta) = meta else {
            tx.rollback().await?;
            return Ok(None);
        };
        let active_ms: i64 = meta.try_get(4)?;
        let meta = TableMeta {
            id: meta.try_get(0)?,
            system: meta.try_get(1)?,
            title: meta.try_get(2)?,
            created_ms: meta.try_get(3)?,
        };
        let rows = sqlx::query(
            "SELECT seq, kind, payload, secret, audience, at_ms FROM skald_events \
             WHERE table_id = $1 ORDER BY seq",
        )
        .bind(table)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(decode_row)
        .collect::<Result<Vec<_>, _>>()?;
        let tokens = fetch_tokens(&mut tx, table).await?;
        tx.rollback().await?;
        Ok(Some(Loaded {
            meta,
            rows,
            tokens,
            active_ms,
        }))
    }

    /// The seats that `held` (pairs of a table id and a token's hash, as [`TokenRow::hash`])
    /// give: one [`SeatRow`] for each pair whose table holds that token hash and no newer token
    /// of its seat ([`TokenRow::since`]), the most recently active table first (then by id);
    /// pairs that match nothing are left out, saying nothing of why. One query, whatever the number of pairs.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] for more than [`MAX_SEAT_LOOKUPS`] pairs (field `seats`), or a table
    /// id or hash past its bound; the database's.
    pub async fn seats(&self, held: &[(String, String)]) -> Result<Vec<SeatRow>, Error> {
        too_large("seats", held.len(), MAX_SEAT_LOOKUPS)?;
        for (table, hash) in held {
            check_id(table)?;
            check_chars("token.hash", hash, MAX_NAME_CHARS)?;
        }
        if held.is_empty() {
            return Ok(Vec::new());
        }
        // Each pair is the tokens' primary key, so each OR arm is one index lookup.
        let wanted: Vec<String> = (0..held.len())
            .map(|i| format!("(k.table_id = ${} AND k.hash = ${})", 2 * i + 1, 2 * i + 2))
            .collect();
        // A token replaced by a newer one of its seat seats nobody.
        let statement = format!(
            "SELECT t.id, t.system, t.title, t.created_ms, t.active_ms, k.role, k.player, k.name \
             FROM skald_tokens k JOIN skald_tables t ON t.id = k.table_id WHERE ({}) \
             AND NOT EXISTS (SELECT 1 FROM skald_tokens n WHERE n.table_id = k.table_id \
             AND n.role = k.role AND n.player = k.player AND n.since > k.since)",
            wanted.join(" OR ")
        );
        let mut query = sqlx::query(&statement);
        for (table, hash) in held {
            query = query.bind(table.as_str()).bind(hash.as_str());
        }
        let mut seats = query
            .fetch_all(&self.inner.reads)
            .await?
            .iter()
            .map(|r| {
                Ok(SeatRow {
                    meta: TableMeta {
                        id: r.try_get(0)?,
                        system: r.try_get(1)?,
                        title: r.try_get(2)?,
                        created_ms: r.try_get(3)?,
                    },
                    active_ms: r.try_get(4)?,
                    role: r.try_get(5)?,
                    player: r.try_get(6)?,
                    name: r.try_get(7)?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        // Sorted here, not in SQL, for the same order on both back ends.
        seats.sort_by(|a, b| {
            b.active_ms
                .cmp(&a.active_ms)
                .then_with(|| a.meta.id.cmp(&b.meta.id))
        });
        Ok(seats)
    }

    /// The table's tokens, ordered by hash (as [`Loaded::tokens`]); none for no such table.
    pub async fn tokens(&self, table: &str) -> Result<Vec<TokenRow>, Error> {
        check_id(table)?;
        let mut conn = self.inner.reads.acquire().await?;
        Ok(fetch_tokens(&mut conn, table).await?)
    }

    /// This node's ownership session, for a node reached at `address` (docs/scaling.md): `None` on
    /// SQLite, which serves one node. `candidate_key` becomes the nodes' shared key if the
    /// database has none yet.
    ///
    /// # Errors
    /// An address out of bounds ([`MAX_ADDRESS_CHARS`]); the database's error.
    pub async fn owners(
        &self,
        address: &str,
        candidate_key: &str,
    ) -> Result<Option<Owners>, Error> {
        match self.inner.backend {
            Backend::Sqlite => Ok(None),
            Backend::Postgres => Ok(Some(
                Owners::open(&self.inner.url, address, candidate_key).await?,
            )),
        }
    }

    /// A subscription to every append's notice (docs/scaling.md): `None` on SQLite.
    ///
    /// # Errors
    /// The database's error.
    pub async fn notices(&self) -> Result<Option<Notices>, Error> {
        match self.inner.backend {
            Backend::Sqlite => Ok(None),
            Backend::Postgres => Ok(Some(Notices::open(&self.inner.url).await?)),
        }
    }

    /// Rows with seq > `after`, ordered, at most `limit` of them.
    pub async fn rows_after(&self, table: &str, after: i64, limit: i64) -> Result<Vec<Row>, Error> {
        check_id(table)?;
        if limit <= 0 {
            return Ok(Vec::new());
        }
        let rows = sqlx::query(
            "SELECT seq, kind, payload, secret, audience, at_ms FROM skald_events \
             WHERE table_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        )
        .bind(table)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.inner.reads)
        .await?;
        Ok(rows.iter().map(decode_row).collect::<Result<_, _>>()?)
    }

    /// The rows of several tables at once, each in its range of seqs `(after, upto]`: what a node
    /// that follows tables reads for the notices it heard in a moment, in one statement per
    /// [`HEADS_PER_STATEMENT`] tables (issue 34: one read per notice per node made each node
    /// added cost a transaction per action). Ordered by table, then seq; a table's rows are at
    /// most `upto - after` (the caller bounds each range). A table or range with no rows gives
    /// none.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] for an id longer than [`MAX_ID_CHARS`]; a database error.
    pub async fn rows_between(
        &self,
        ranges: &[(&str, i64, i64)],
    ) -> Result<Vec<(String, Row)>, Error> {
        for (table, _, _) in ranges {
            check_id(table)?;
        }
        let mut found = Vec::new();
        for chunk in ranges.chunks(HEADS_PER_STATEMENT) {
            let wanted: Vec<String> = (0..chunk.len())
                .map(|i| {
                    let at = 3 * i;
                    format!(
                        "(table_id = ${} AND seq > ${} AND seq <= ${})",
                        at + 1,
                        at + 2,
                        at + 3
                    )
                })
                .collect();
            // Each range is one probe of the primary key (table_id, seq).
            let statement = format!(
                "SELECT seq, kind, payload, secret, audience, at_ms, table_id FROM skald_events \
                 WHERE {} ORDER BY table_id, seq",
                wanted.join(" OR ")
            );
            let mut query = sqlx::query(&statement);
            for (table, after, upto) in chunk {
                query = query.bind(*table).bind(*after).bind(*upto);
            }
            for row in query.fetch_all(&self.inner.reads).await? {
                found.push((row.try_get(6)?, decode_row(&row)?));
            }
        }
        Ok(found)
    }

    /// The last seq of each of `tables` that has records, in no order: what a node that follows
    /// them checks its copies against, one statement for many tables (issue 34: a read per
    /// followed table every few seconds was most of an idle node's cost). Asked
    /// [`HEADS_PER_STATEMENT`] tables at a time.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] for an id longer than [`MAX_ID_CHARS`]; a database error.
    pub async fn heads(&self, tables: &[&str]) -> Result<Vec<(String, i64)>, Error> {
        for table in tables {
            check_id(table)?;
        }
        let mut heads = Vec::with_capacity(tables.len());
        for chunk in tables.chunks(HEADS_PER_STATEMENT) {
            let wanted: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            // The primary key (table_id, seq) answers each table's MAX(seq) from its index.
            let statement = format!(
                "SELECT table_id, MAX(seq) FROM skald_events WHERE table_id IN ({}) \
                 GROUP BY table_id",
                wanted.join(", ")
            );
            let mut query = sqlx::query(&statement);
            for table in chunk {
                query = query.bind(*table);
            }
            for row in query.fetch_all(&self.inner.reads).await? {
                heads.push((row.try_get(0)?, row.try_get(1)?));
            }
        }
        Ok(heads)
    }

    /// How many tables the store holds.
    pub async fn table_count(&self) -> Result<i64, Error> {
        let row = sqlx::query("SELECT COUNT(*) FROM skald_tables")
            .fetch_one(&self.inner.reads)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// How many tables were active at or after `since_ms` (unix milliseconds): the live ones, when
    /// `since_ms` is now minus the time after which a quiet table is archived.
    pub async fn live_table_count(&self, since_ms: i64) -> Result<i64, Error> {
        let row = sqlx::query("SELECT COUNT(*) FROM skald_tables WHERE active_ms >= $1")
            .bind(since_ms)
            .fetch_one(&self.inner.reads)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// How many tables count towards a server's cap at once: those active at or after `since_ms`
    /// (unix milliseconds), except the empty ones (a log of one record, its `created`) created
    /// before `empty_before_ms`, which have expired.
    pub async fn counted_table_count(
        &self,
        since_ms: i64,
        empty_before_ms: i64,
    ) -> Result<i64, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM skald_tables t WHERE t.active_ms >= $1 AND (t.created_ms >= $2 \
             OR EXISTS (SELECT 1 FROM skald_events e WHERE e.table_id = t.id AND e.seq > 1))",
        )
        .bind(since_ms)
        .bind(empty_before_ms)
        .fetch_one(&self.inner.reads)
        .await?;
        Ok(row.try_get(0)?)
    }

    /// Marks table `table` active at `at_ms` (unix milliseconds) without a record, e.g. when its GM
    /// comes back to an archived table. Never moves its activity back. [`ErrorKind::NoSuchTable`]
    /// if there is no such table.
    pub async fn touch(&self, table: &str, at_ms: i64) -> Result<(), Error> {
        check_id(table)?;
        self.submit(
            table,
            Op::Touch {
                table: table.to_owned(),
                active_ms: at_ms,
            },
        )
        .await
    }

    /// Closes the store: writes already handed over are finished, later calls get
    /// [`ErrorKind::Closed`], and the connections are closed. Applies to every clone.
    pub async fn close(&self) {
        let senders = self
            .inner
            .senders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        drop(senders);
        let handles = std::mem::take(&mut *self.inner.writers.lock().await);
        for handle in handles {
            let _ = handle.await;
        }
        self.inner.writes.close().await;
        self.inner.reads.close().await;
    }

    /// Whether [`Store::close`] was called (on this store or a clone).
    fn is_closed(&self) -> bool {
        self.inner
            .senders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_none()
    }

    /// The physical reference for benchmarks: commits single-row transactions one at a time into a scratch
    /// table (created if missing, emptied first) on a connection of its own with the same durability
    /// settings, for `duration`. Returns (commits, elapsed).
    pub async fn raw_commit_rate(&self, duration: Duration) -> Result<(u64, Duration), Error> {
        if self.is_closed() {
            return Err(ErrorKind::Closed.into());
        }
        let backend = self.inner.backend;
        let mut conn = AnyConnection::connect(&self.inner.url).await?;
        let result = async {
            sql::prepare(&mut conn, backend).await?;
            // sqlx's migration lock: concurrent CREATE TABLE IF NOT EXISTS can fail on PostgreSQL.
            conn.lock()
                .await
                .map_err(|e| ErrorKind::Database(e.to_string()))?;
            let created = conn.execute(sql::SCRATCH).await;
            conn.unlock()
                .await
                .map_err(|e| ErrorKind::Database(e.to_string()))?;
            created?;
            sqlx::query("DELETE FROM skald_scratch")
                .execute(&mut conn)
                .await?;
            let start = Instant::now();
            let mut commits = 0u64;
            while start.elapsed() < duration {
                let mut tx = sql::begin_write(&mut conn, backend).await?;
                sqlx::query("INSERT INTO skald_scratch (n, at_ms) VALUES ($1, $2)")
                    .bind(i64::try_from(commits).unwrap_or(i64::MAX))
                    .bind(now_ms())
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                commits += 1;
            }
            Ok::<_, Error>((commits, start.elapsed()))
        }
        .await;
        let _ = conn.close().await;
        result
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The writer of a table: a fixed hash of its id (FNV-1a), so one table's writes keep their order.
fn shard(table: &str, writers: usize) -> usize {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in table.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    usize::try_from(hash % writers.max(1) as u64).unwrap_or(0)
}

fn decode_row(r: &sqlx::any::AnyRow) -> Result<Row, sqlx::Error> {
    Ok(Row {
        seq: r.try_get(0)?,
        kind: r.try_get(1)?,
        payload: r.try_get(2)?,
        secret: r.try_get(3)?,
        audience: r.try_get(4)?,
        at_ms: r.try_get(5)?,
    })
}

fn too_large(field: &'static str, len: usize, max: usize) -> Result<(), Error> {
    if len > max {
        Err(ErrorKind::TooLarge { field, len, max }.into())
    } else {
        Ok(())
    }
}

fn check_chars(field: &'static str, value: &str, max: usize) -> Result<(), Error> {
    // Bytes bound characters from above: count only when it could matter.
    if value.len() <= max {
        return Ok(());
    }
    too_large(field, value.chars().count(), max)
}

/// A table's tokens, ordered by hash (sorted here, not in SQL: PostgreSQL's collation and SQLite's
/// byte order can differ).
async fn fetch_tokens(conn: &mut AnyConnection, table: &str) -> Result<Vec<TokenRow>, sqlx::Error> {
    let mut tokens =
        sqlx::query("SELECT hash, role, player, name, since FROM skald_tokens WHERE table_id = $1")
            .bind(table)
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| {
                Ok(TokenRow {
                    hash: r.try_get(0)?,
                    role: r.try_get(1)?,
                    player: r.try_get(2)?,
                    name: r.try_get(3)?,
                    since: r.try_get(4)?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
    tokens.sort_by(|a, b| a.hash.cmp(&b.hash));
    Ok(tokens)
}

fn check_id(table: &str) -> Result<(), Error> {
    check_chars("table.id", table, MAX_ID_CHARS)
}

/// Bounds every field, and checks the rows follow each other from `first`.
fn check_rows(table: &str, rows: &[Row], first: i64) -> Result<(), Error> {
    for (i, row) in rows.iter().enumerate() {
        let expected = first.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        if row.seq != expected {
            return Err(ErrorKind::NotContiguous {
                table: table.to_owned(),
                expected,
                got: row.seq,
            }
            .into());
        }
        check_chars("row.kind", &row.kind, MAX_KIND_CHARS)?;
        too_large("row.payload", row.payload.len(), MAX_JSON_BYTES)?;
        if let Some(secret) = &row.secret {
            too_large("row.secret", secret.len(), MAX_JSON_BYTES)?;
        }
        if let Some(audience) = &row.audience {
            check_chars("row.audience", audience, MAX_NAME_CHARS)?;
        }
    }
    Ok(())
}

fn check_tokens(tokens: &[TokenRow]) -> Result<(), Error> {
    for token in tokens {
        check_chars("token.hash", &token.hash, MAX_NAME_CHARS)?;
        check_chars("token.role", &token.role, MAX_NAME_CHARS)?;
        if let Some(name) = &token.name {
            check_chars("token.name", name, MAX_NAME_CHARS)?;
        }
    }
    Ok(())
}
