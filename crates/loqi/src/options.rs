//! [`Options`]: the Loqi table options (the RULINGS.md options for Loqi), shown to the table and
//! recorded at the head of the log.

use serde::{Deserialize, Serialize};

/// A Loqi table's options. Every field defaults to its ruling's default; unknown fields are refused.
///
/// ```toml
/// [options]
/// unlikely_outcomes = true   # L4, default false
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// L4 "unlikely outcomes" (default `false`): with odds 12 or more, the less likely outcome stays
    /// possible: a 12 must be rolled, then the advantage drops by 6 and the d12 is rolled again.
    pub unlikely_outcomes: bool,
}
