//! The calculators `skald chi ...` offers, each a function returning a report that is `Serialize`
//! (the command line's `--json`) and `Display` (its text, ending with a newline):
//!
//! - [`odds`]: the exact chances of an action or an opposed action (`skald chi odds`, C3);
//! - [`advise`]: the allocation adviser, the best split of a pool over declared actions (`skald chi
//!   advise`, C1-C3);
//! - [`mod@round`]: the advice over the round at a scenario's position (`skald chi advise FILE
//!   --who NAME`, issue 32);
//! - [`mod@balance`]: a fair fight for the GM: opponents' pools and Difficulties for a target
//!   chance (`skald chi balance`, issue 32);
//! - [`mod@character`]: a character line read and checked (`skald chi character`, C6);
//! - [`mod@commit`]: a secret roll's commitment (`skald chi commit`, C4).
//!
//! A refusal names the flag the reader typed (`--dice`), not the scenario's field (`dice`):
//! `flags.rs` maps one to the other. A report's JSON keys come in alphabetical order, as the command
//! line has always printed them.

pub mod advise;
pub mod balance;
pub mod character;
pub mod commit;
mod flags;
pub mod odds;
pub mod round;
mod written;

pub use advise::{AdviceReport, AdvisedAction, advice};
pub use balance::{BalanceReport, balance};
pub use character::{CharacterReport, character};
pub use commit::{CommitReport, commit};
pub use odds::OddsReport;
pub use round::{RoundReport, advisable, round};
