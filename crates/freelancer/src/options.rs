//! The table options of Freelancer. The task check (rulings F1-F3) has no per-table setting; the
//! opposed-check method (F4, option "chaotic") and the initiative method (F5/F6) will be added here
//! with the commands that use them.

use serde::{Deserialize, Serialize};

/// Freelancer's table options, written under `[options]` in a scenario. None yet: `[options]` must be
/// empty or absent (unknown fields are refused).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {}
