//! What Skald's tests share, and nothing a program uses (every crate takes it as a
//! dev-dependency):
//! - [`check()`](fn@check) with [`expect!`]: a snapshot assertion; `UPDATE_EXPECT=1 cargo test`
//!   rewrites the expected text in the test's source (the `expect-test` crate, as rust-analyzer
//!   uses it);
//! - [`sketch()`](fn@sketch) and [`sketch_odds`]: one text shape for a move list and for odds, the
//!   same for every system, to snapshot;
//! - [`sketch_episodes`] and [`example_episodes`]: a session's summary (a system's `chronicle`)
//!   as text, and the summary of one of the book's examples;
//! - [`form`]: a move's form filled in as a page fills it (dotted names, lists, conditions);
//! - [`seats`]: who asks ([`gm`], [`gm_with`], [`player`], [`newcomer`]);
//! - [`sheets`]: the sample characters the tests of several crates write, each with its source;
//! - [`check_verbs`]: a system's enum of verbs against its command's serde `do`, variant by
//!   variant;
//! - `db` (with the `db` feature): a fresh database on each back end for a test.

pub mod check;
#[cfg(feature = "db")]
pub mod db;
pub mod episodes;
pub mod form;
pub mod seats;
pub mod sheets;
pub mod sketch;
pub mod verbs;

pub use check::check;
#[cfg(feature = "db")]
pub use db::{Db, databases, postgres, sqlite};
pub use episodes::{example_episodes, sketch_episodes};
pub use expect_test::{Expect, expect};
pub use seats::{gm, gm_with, newcomer, player};
pub use sketch::{sketch, sketch_move, sketch_odds};
pub use verbs::check_verbs;
