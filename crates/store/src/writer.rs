//! Group commit: the writer task. Callers hand it requests over a bounded channel; it takes everything
//! waiting, writes it in one transaction and commits once, so one fsync serves many appends. When that
//! transaction fails, it writes each request in its own transaction so only the offending one fails.

use std::collections::HashSet;

use sqlx::AnyPool;
use sqlx::{AnyConnection, Row as _};
use tokio::sync::{mpsc, oneshot};

use crate::notices::Notice;
use crate::owners::{Fence, LOCK_CLASS};
use crate::sql::{self, CHUNK, EVENT_COLUMNS, TOKEN_COLUMNS};
use crate::{Backend, Error, ErrorKind, Row, TableMeta, TokenRow};

/// Requests written in one transaction, at most.
pub(crate) const MAX_BATCH: usize = 512;

/// One write, as handed to the writer.
pub(crate) enum Op {
    Create {
        meta: TableMeta,
        rows: Vec<Row>,
        tokens: Vec<TokenRow>,
    },
    Append {
        table: String,
        rows: Vec<Row>,
        tokens: Vec<TokenRow>,
        /// Checked in the write's transaction (PostgreSQL only; `None` on SQLite).
        fence: Option<Fence>,
    },
    Touch {
        table: String,
        active_ms: i64,
    },
}

impl Op {
    fn table(&self) -> &str {
        match self {
            Op::Create { meta, .. } => &meta.id,
            Op::Append { table, .. } | Op::Touch { table, .. } => table,
        }
    }

    /// The (table, ownership session's pid) this write must be fenced by, if any.
    fn fence(&self) -> Option<(&str, i32)> {
        match self {
            Op::Append {
                table,
                fence: Some(fence),
                ..
            } => Some((table, fence.pid)),
            _ => None,
        }
    }
}

pub(crate) struct Request {
    pub(crate) op: Op,
    pub(crate) reply: oneshot::Sender<Result<(), Error>>,
}

/// Which statement of a request failed: the same database error means different things in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Check,
    Table,
    Events,
    Tokens,
}

type Failure = (Stage, sqlx::Error);

/// The writer task: runs until every sender is dropped and the channel is drained. Each batch's
/// committed appends are handed to the notifier (`notifier`, PostgreSQL only: `notices` is `None`
/// on SQLite, which serves one node) once the batch's callers have their answers.
pub(crate) async fn run(
    pool: AnyPool,
    backend: Backend,
    mut rx: mpsc::Receiver<Request>,
    notices: Option<mpsc::Sender<Vec<String>>>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let results = write(&pool, backend, &batch).await;
        let pointers = committed_pointers(backend, &batch, &results);
        for (request, result) in batch.drain(..).zip(results) {
            // The caller may have stopped waiting; what was written stays written.
            let _ = request.reply.send(result);
        }
        // After the answers: no caller waits for the other nodes to be told.
        if let Some(notices) = &notices
            && !pointers.is_empty()
        {
            let _ = notices.send(pointers).await;
        }
    }
}

async fn write(pool: &AnyPool, backend: Backend, batch: &[Request]) -> Vec<Result<(), Error>> {
    let mut conn = match pool.acquire().await {
        Ok(conn) => conn,
        Err(e) => return vec![Err(Error::database(&e)); batch.len()],
    };
    match together(&mut conn, backend, batch).await {
        Ok(results) => return results,
        Err((stage, e)) if batch.len() > 1 => {
            tracing::debug!(
                "skald-store: batch of {} failed at {stage:?} ({e}); writing one by one",
                batch.len()
            );
        }
        Err(failure) => return vec![Err(classify(&batch[0].op, &failure))],
    }
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        results.push(alone(&mut conn, backend, &request.op).await);
    }
    results
}

/// The pointers of a batch's committed appends, for the notifier (none on SQLite, which serves
/// one node).
fn committed_pointers(
    backend: Backend,
    batch: &[Request],
    results: &[Result<(), Error>],
) -> Vec<String> {
    if backend != Backend::Postgres {
        return Vec::new();
    }
    batch
        .iter()
        .zip(results)
        .filter_map(|(request, result)| match (&request.op, result) {
            (
                Op::Append {
                    table,
                    rows,
                    tokens,
                    ..
                },
                Ok(()),
            ) => Some(Notice::payload(
                table,
                rows.last().map_or(0, |r| r.seq),
                !tokens.is_empty(),
            )),
            _ => None,
        })
        .collect()
}

/// The whole batch in one transaction. A request refused by its checks wrote nothing and keeps its error;
/// any database error rolls back everything.
async fn together(
    conn: &mut AnyConnection,
    backend: Backend,
    batch: &[Request],
) -> Result<Vec<Result<(), Error>>, Failure> {
    let mut tx = sql::begin_write(conn, backend)
        .await
        .map_err(|e| (Stage::Check, e))?;
    let fences: Vec<(&str, i32)> = batch.iter().filter_map(|r| r.op.fence()).collect();
    let lost = match unheld(&mut tx, &fences).await {
        Ok(lost) => lost,
        Err(e) => {
            let _ = tx.rollback().await;
            return Err((Stage::Check, e));
        }
    };
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        if let Some(refused) = not_owner(&request.op, &lost) {
            results.push(Err(refused));
            continue;
        }
        match apply(&mut tx, &request.op).await {
            Ok(result) => results.push(result),
            Err(failure) => {
                let _ = tx.rollback().await;
                return Err(failure);
            }
        }
    }
    tx.commit().await.map_err(|e| (Stage::Check, e))?;
    Ok(results)
}

async fn alone(conn: &mut AnyConnection, backend: Backend, op: &Op) -> Result<(), Error> {
    let failed = |failure: Failure| classify(op, &failure);
    let mut tx = sql::begin_write(conn, backend)
        .await
        .map_err(|e| failed((Stage::Check, e)))?;
    let fences: Vec<(&str, i32)> = op.fence().into_iter().collect();
    let checked = match unheld(&mut tx, &fences).await {
        Ok(lost) => Ok(not_owner(op, &lost).map_or(Ok(()), Err)),
        Err(e) => Err((Stage::Check, e)),
    };
    let applied = match checked {
        Ok(Ok(())) => apply(&mut tx, op).await,
        other => other,
    };
    match applied {
        Ok(Ok(())) => tx.commit().await.map_err(|e| failed((Stage::Check, e))),
        Ok(Err(refused)) => {
            let _ = tx.rollback().await;
            Err(refused)
        }
        Err(failure) => {
            let _ = tx.rollback().await;
            Err(failed(failure))
        }
    }
}

/// Which of `fences` (a table and the backend pid of the ownership session that must hold its
/// advisory lock) are not held now: one statement, inside the write's transaction, for a whole
/// batch (docs/scaling.md, "Fencing"). A two-key advisory lock shows in `pg_locks` as
/// `classid` = the first key, `objid` = the second, `objsubid` = 2.
async fn unheld(
    tx: &mut AnyConnection,
    fences: &[(&str, i32)],
) -> Result<HashSet<(String, i32)>, sqlx::Error> {
    let wanted: HashSet<(&str, i32)> = fences.iter().copied().collect();
    if wanted.is_empty() {
        return Ok(HashSet::new());
    }
    let values: Vec<String> = (0..wanted.len())
        .map(|i| format!("(${}::text, ${}::int4)", 2 * i + 2, 2 * i + 3))
        .collect();
    // The lock table is read once (pg_locks copies it whole), then matched against every pair.
    let statement = format!(
        "WITH held AS (SELECT l.objid, l.pid FROM pg_locks l \
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 \
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) \
         AND l.classid = $1::int4::oid) \
         SELECT f.t, f.p FROM (VALUES {}) AS f(t, p) WHERE NOT EXISTS \
         (SELECT 1 FROM held h WHERE h.objid = hashtext(f.t)::oid AND h.pid = f.p)",
        values.join(", ")
    );
    let mut query = sqlx::query(&statement).bind(LOCK_CLASS);
    for (table, pid) in &wanted {
        query = query.bind(*table).bind(*pid);
    }
    query
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<i32, _>(1)?)))
        .collect()
}

/// [`ErrorKind::NotOwner`] for a fenced write whose fence is among `lost`.
fn not_owner(op: &Op, lost: &HashSet<(String, i32)>) -> Option<Error> {
    let (table, pid) = op.fence()?;
    lost.contains(&(table.to_owned(), pid)).then(|| {
        ErrorKind::NotOwner {
            table: table.to_owned(),
        }
        .into()
    })
}

/// What a database error means for this request.
fn classify(op: &Op, (stage, error): &Failure) -> Error {
    let table = op.table().to_owned();
    let kind = error.as_database_error().map(|e| e.kind());
    match (kind, stage) {
        (Some(sqlx::error::ErrorKind::UniqueViolation), Stage::Table) => {
            ErrorKind::Exists { table }.into()
        }
        (Some(sqlx::error::ErrorKind::UniqueViolation), Stage::Events) => {
            let seq = match op {
                Op::Create { rows, .. } | Op::Append { rows, .. } => {
                    rows.first().map_or(0, |r| r.seq)
                }
                Op::Touch { .. } => 0,
            };
            ErrorKind::Conflict { table, seq }.into()
        }
        (Some(sqlx::error::ErrorKind::UniqueViolation), Stage::Tokens) => ErrorKind::Database(
            format!("table {table:?}: a token with the same hash is already stored ({error})"),
        )
        .into(),
        (Some(sqlx::error::ErrorKind::ForeignKeyViolation), _) => {
            ErrorKind::NoSuchTable { table }.into()
        }
        _ => Error::database(error),
    }
}

/// Checks and writes one request inside `tx`. `Ok(Err(_))`: refused by a check, nothing written.
async fn apply(tx: &mut AnyConnection, op: &Op) -> Result<Result<(), Error>, Failure> {
    match op {
        Op::Create { meta, rows, tokens } => {
            let taken: i64 = sqlx::query("SELECT COUNT(*) FROM skald_tables WHERE id = $1")
                .bind(meta.id.as_str())
                .fetch_one(&mut *tx)
                .await
                .and_then(|r| r.try_get(0))
                .map_err(|e| (Stage::Check, e))?;
            if taken > 0 {
                return Ok(Err(ErrorKind::Exists {
                    table: meta.id.clone(),
                }
                .into()));
            }
            let active_ms = rows
                .last()
                .map_or(meta.created_ms, |r| r.at_ms.max(meta.created_ms));
            sqlx::query(
                "INSERT INTO skald_tables (id, system, title, created_ms, active_ms) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(meta.id.as_str())
            .bind(meta.system.as_str())
            .bind(meta.title.as_str())
            .bind(meta.created_ms)
            .bind(active_ms)
            .execute(&mut *tx)
            .await
            .map_err(|e| (Stage::Table, e))?;
            insert_rows(tx, &meta.id, rows).await?;
            insert_tokens(tx, &meta.id, tokens).await?;
        }
        Op::Append {
            table,
            rows,
            tokens,
            ..
        } => {
            let found = sqlx::query(
                "SELECT (SELECT COUNT(*) FROM skald_tables WHERE id = $1), \
                 (SELECT COALESCE(MAX(seq), 0) FROM skald_events WHERE table_id = $2)",
            )
            .bind(table.as_str())
            .bind(table.as_str())
            .fetch_one(&mut *tx)
            .await
            .and_then(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<i64, _>(1)?)))
            .map_err(|e| (Stage::Check, e))?;
            let (exists, last) = found;
            if exists == 0 {
                return Ok(Err(ErrorKind::NoSuchTable {
                    table: table.clone(),
                }
                .into()));
            }
            if let Some(first) = rows.first() {
                if first.seq <= last {
                    return Ok(Err(ErrorKind::Conflict {
                        table: table.clone(),
                        seq: first.seq,
                    }
                    .into()));
                }
                if first.seq != last + 1 {
                    return Ok(Err(ErrorKind::NotContiguous {
                        table: table.clone(),
                        expected: last + 1,
                        got: first.seq,
                    }
                    .into()));
                }
            }
            insert_rows(tx, table, rows).await?;
            insert_tokens(tx, table, tokens).await?;
            if let Some(last) = rows.last() {
                touch(tx, table, last.at_ms).await?;
            }
        }
        Op::Touch { table, active_ms } => {
            let found = sqlx::query("SELECT COUNT(*) FROM skald_tables WHERE id = $1")
                .bind(table.as_str())
                .fetch_one(&mut *tx)
                .await
                .and_then(|r| r.try_get::<i64, _>(0))
                .map_err(|e| (Stage::Check, e))?;
            if found == 0 {
                return Ok(Err(ErrorKind::NoSuchTable {
                    table: table.clone(),
                }
                .into()));
            }
            touch(tx, table, *active_ms).await?;
        }
    }
    Ok(Ok(()))
}

/// Moves the table's last activity forward to `at_ms` (never back: a late clock does not archive
/// a table early).
async fn touch(tx: &mut AnyConnection, table: &str, at_ms: i64) -> Result<(), Failure> {
    sqlx::query("UPDATE skald_tables SET active_ms = $1 WHERE id = $2 AND active_ms < $3")
        .bind(at_ms)
        .bind(table)
        .bind(at_ms)
        .execute(&mut *tx)
        .await
        .map_err(|e| (Stage::Table, e))?;
    Ok(())
}

async fn insert_rows(tx: &mut AnyConnection, table: &str, rows: &[Row]) -> Result<(), Failure> {
    for chunk in rows.chunks(CHUNK) {
        let statement = sql::insert("skald_events", EVENT_COLUMNS, chunk.len());
        let mut query = sqlx::query(&statement);
        for row in chunk {
            query = query
                .bind(table)
                .bind(row.seq)
                .bind(row.kind.as_str())
                .bind(row.payload.as_str())
                .bind(row.secret.as_deref())
                .bind(row.audience.as_deref())
                .bind(row.at_ms);
        }
        query
            .execute(&mut *tx)
            .await
            .map_err(|e| (Stage::Events, e))?;
    }
    Ok(())
}

async fn insert_tokens(
    tx: &mut AnyConnection,
    table: &str,
    tokens: &[TokenRow],
) -> Result<(), Failure> {
    for chunk in tokens.chunks(CHUNK) {
        let statement = sql::insert("skald_tokens", TOKEN_COLUMNS, chunk.len());
        let mut query = sqlx::query(&statement);
        for token in chunk {
            query = query
                .bind(table)
                .bind(token.hash.as_str())
                .bind(token.role.as_str())
                .bind(token.player)
                .bind(token.name.as_deref())
                .bind(token.since);
        }
        query
            .execute(&mut *tx)
            .await
            .map_err(|e| (Stage::Tokens, e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use sqlx::any::AnyPoolOptions;

    fn row(seq: i64) -> Row {
        Row {
            seq,
            kind: "k".to_owned(),
            payload: "{}".to_owned(),
            secret: None,
            audience: None,
            at_ms: 0,
        }
    }

    fn append(table: &str, rows: Vec<Row>, tokens: Vec<TokenRow>) -> Request {
        Request {
            op: Op::Append {
                table: table.to_owned(),
                rows,
                tokens,
                fence: None,
            },
            reply: oneshot::channel().0,
        }
    }

    /// A database error in one request of a batch (a token stored twice: no check catches it before the
    /// database) fails that request only; the others are written.
    #[tokio::test]
    async fn one_bad_request_in_a_batch_fails_alone() {
        sqlx::any::install_default_drivers();
        let target = crate::url::parse("sqlite::memory:").unwrap();
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .after_connect(|conn, _| Box::pin(sql::prepare(conn, Backend::Sqlite)))
            .connect(&target.url)
            .await
            .unwrap();
        let mut conn = pool.acquire().await.unwrap();
        crate::migrate::run(&mut conn, Backend::Sqlite)
            .await
            .unwrap();
        drop(conn);
        let meta = |id: &str| TableMeta {
            id: id.to_owned(),
            system: "s".to_owned(),
            title: "t".to_owned(),
            created_ms: 0,
        };
        let token = |hash: &str| TokenRow {
            hash: hash.to_owned(),
            role: "gm".to_owned(),
            player: None,
            name: None,
            since: 0,
        };
        let create = |id: &str| Request {
            op: Op::Create {
                meta: meta(id),
                rows: vec![row(1)],
                tokens: vec![],
            },
            reply: oneshot::channel().0,
        };
        let batch = vec![
            create("a"),
            append("a", vec![row(2)], vec![]),
            append("a", vec![row(3)], vec![token("x"), token("x")]),
            append("a", vec![row(3)], vec![]),
            create("a"),
            append("ghost", vec![row(1)], vec![]),
        ];
        let results = write(&pool, Backend::Sqlite, &batch).await;
        assert_eq!(results[0], Ok(()));
        assert_eq!(results[1], Ok(()));
        let e = results[2].clone().unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::Database(m) if m.contains("token")),
            "{e}"
        );
        assert_eq!(results[3], Ok(()));
        assert!(matches!(
            results[4].clone().unwrap_err().kind(),
            ErrorKind::Exists { .. }
        ));
        assert!(matches!(
            results[5].clone().unwrap_err().kind(),
            ErrorKind::NoSuchTable { .. }
        ));
        let n: i64 = sqlx::query("SELECT COUNT(*) FROM skald_events")
            .fetch_one(&pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        assert_eq!(n, 3);
    }
}
