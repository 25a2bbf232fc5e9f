//! A request still open (`requests.rs`): the data only.

use crate::record::{Actor, Waiting};
use serde_json::Value;

/// A request still open: who asked, the command with the values set so far, who it waits for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Open {
    /// Who asked.
    pub(crate) by: Actor,
    /// The command, with every value proposed or answered so far.
    pub(crate) command: Value,
    /// Who it still waits for, and for which fields.
    pub(crate) waiting: Vec<Waiting>,
}
