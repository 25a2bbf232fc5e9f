//! The calculators `skald freelancer ...` offers, each a function returning a report that is
//! `Serialize` (the command line's `--json`) and `Display` (its text, ending with a newline):
//!
//! - [`mod@advice`]: the advice over the event on a scenario's next step, a check during an event
//!   (`skald freelancer advise FILE --who NAME`, issue 32);
//! - [`mod@balance`]: a fair fight for the GM: difficulties and opponents' ratings for an easy,
//!   even or hard fight (`skald freelancer balance FILE --rating R`, issue 32);
//! - [`mod@check`]: a task check or team lift before and after its roll, or a plain percentile check
//!   (`skald freelancer check`, F1-F3);
//! - [`mod@opposed`]: an opposed check by either method (`skald freelancer opposed`, F4);
//! - [`mod@initiative`]: an initiative roll's turn or turns, and the Full Actions a turn may be divided
//!   into (`skald freelancer initiative`, `skald freelancer actions`, F5-F6).
//!
//! [`inputs`] holds every number they take, with its flag and range, for the command line's parser
//! and for their own checks. A refusal names the flag the reader typed (`--rating`). A report's
//! JSON keys come in alphabetical order, as the command line has always printed them.

pub mod advice;
pub mod balance;
pub mod check;
pub mod initiative;
pub mod inputs;
pub mod opposed;
mod written;

pub use advice::AdviceReport;
pub use balance::{BalanceReport, Ratings, balance};
pub use check::{ChanceReport, TaskCheckReport, chance, task_check};
pub use initiative::{ActionsReport, Choice, InitiativeReport, actions, initiative};
pub use inputs::Input;
pub use opposed::{OpposedReport, Rated, opposed};
