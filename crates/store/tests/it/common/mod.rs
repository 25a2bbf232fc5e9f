//! The databases every test runs on (`skald-testkit`: SQLite in a fresh temporary file, and
//! PostgreSQL in a fresh database when SKALD_TEST_PG names a server; scripts/test always sets it),
//! and rows to write into them.

// Each test file uses a part of this.
#![allow(dead_code)]

use skald_store::{Row, Store, TableMeta, TokenRow};

pub use skald_testkit::{Db as TestDb, databases};

/// A store over a test database.
pub trait Open {
    /// Opens the store; panics naming the back end if it cannot.
    async fn open(&self) -> Store;
    /// Removes the database (dropping it does the same).
    async fn finish(self);
}

impl Open for TestDb {
    async fn open(&self) -> Store {
        Store::open(&self.url)
            .await
            .unwrap_or_else(|e| panic!("{}: open: {e}", self.label))
    }

    async fn finish(self) {
        drop(self);
    }
}

pub fn meta(id: &str) -> TableMeta {
    TableMeta {
        id: id.to_owned(),
        system: "twenty".to_owned(),
        title: format!("Table {id}"),
        created_ms: 1_700_000_000_000,
    }
}

pub fn row(seq: i64, payload: &str) -> Row {
    Row {
        seq,
        kind: "note".to_owned(),
        payload: payload.to_owned(),
        secret: None,
        audience: None,
        at_ms: 1_700_000_000_000 + seq,
    }
}

pub fn token(hash: &str, role: &str, player: Option<i64>) -> TokenRow {
    TokenRow {
        hash: hash.to_owned(),
        role: role.to_owned(),
        player,
        name: None,
        since: 0,
    }
}
