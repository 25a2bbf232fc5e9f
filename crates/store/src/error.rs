//! The store's error: one struct with a kind, so callers match on what went wrong and print a message that
//! names the table, row or field concerned.

use std::fmt;

/// An error of the store. [`Error::kind`] says what went wrong; `Display` says it in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// `create_table` with an id that is already taken.
    #[error("table {table:?} already exists")]
    Exists {
        /// The table id.
        table: String,
    },
    /// `append` of a row whose (table, seq) is already stored: another writer got there first. Nothing of
    /// the call was written.
    #[error(
        "table {table:?} already has a row {seq} (another writer appended first); nothing was written"
    )]
    Conflict {
        /// The table id.
        table: String,
        /// The first seq of the refused call.
        seq: i64,
    },
    /// The rows of a call do not follow each other (or the stored log): seq `got` where `expected` was due.
    #[error("table {table:?}: rows must be contiguous, expected seq {expected} but got {got}")]
    NotContiguous {
        /// The table id.
        table: String,
        /// The seq that was due.
        expected: i64,
        /// The seq that was given.
        got: i64,
    },
    /// `append` or a read on a table that was never created.
    #[error("no table {table:?}")]
    NoSuchTable {
        /// The table id.
        table: String,
    },
    /// A fenced write ([`crate::Store::append_fenced`]) whose node's ownership session no longer
    /// holds the table's lock when the write's transaction checked it: nothing of the call was
    /// written, and another node may own the table now (docs/scaling.md, "Fencing").
    #[error(
        "table {table:?} is no longer held by this node's ownership session (another node may own \
         it now); nothing was written"
    )]
    NotOwner {
        /// The table id.
        table: String,
    },
    /// A string over its bound; refused before the database is touched.
    #[error("{field} is too large: {len} > {max}")]
    TooLarge {
        /// Which field (e.g. `row.payload`, `table.id`).
        field: &'static str,
        /// Its length (characters for names, bytes for JSON text).
        len: usize,
        /// The bound.
        max: usize,
    },
    /// The database URL could not be understood.
    #[error("bad database url {url:?}: {message}")]
    Url {
        /// The URL, shortened and with any password hidden.
        url: String,
        /// What is wrong with it.
        message: String,
    },
    /// The database refused or failed (I/O, connection, constraint).
    #[error("database error: {0}")]
    Database(String),
    /// The store was closed.
    #[error("the store is closed")]
    Closed,
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The kind, by value.
    pub fn into_kind(self) -> ErrorKind {
        self.kind
    }

    pub(crate) fn database(error: &sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolClosed => ErrorKind::Closed.into(),
            other => ErrorKind::Database(other.to_string()).into(),
        }
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error { kind }
    }
}

impl From<sqlx::Error> for Error {
    fn from(error: sqlx::Error) -> Self {
        Error::database(&error)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for Error {}
