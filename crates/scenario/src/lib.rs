//! Scenarios: a table's system, options, characters and a list of commands with scripted dice and
//! expectations, in TOML (see `docs/scenarios.md`), replayed through the rules core.
//!
//! [`load`] reads a file's text into a [`Scenario`]; [`Scenario::replay_as`] plays it with one
//! system's rules (the registry, `crates/systems`, picks the system by name) and returns a
//! [`Replay`]: the log as text lines and as JSON, and the first failure if a step went wrong. This
//! crate does no I/O itself: the caller reads the file and prints the result.

mod document;
mod error;
mod expect;
mod play;

pub use document::{MAX_DICE_PER_STEP, MAX_SCENARIO_BYTES, MAX_STEPS, Scenario, Step, load};
pub use error::{Error, ErrorKind};
pub use play::{Failure, Replay, StepLog};
