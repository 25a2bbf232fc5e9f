//! What Skald's tests share, and nothing a program uses (every crate takes it as a
//! dev-dependency): [`db`], a fresh database on each back end for a test.

pub mod db;

pub use db::{Db, databases, postgres, sqlite};
