//! The commands a Toy table takes, as written in a scenario step (`do = "..."` plus the fields).
//!
//! | `do`     | fields                               | rulings |
//! |----------|--------------------------------------|---------|
//! | `enroll` | `character` (a [`Sheet`] table)      | Y1      |
//! | `try`    | `who`                                | Y2, Y3  |

use crate::model::sheet::Sheet;
use serde::{Deserialize, Serialize};

/// A player's or the GM's command at a Toy table. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// `do = "enroll"`: puts a character at the table (scenarios enroll their `[[characters]]`
    /// this way).
    ///
    /// Errors: the sheet's ranges ([`crate::rules::sheets`]); a name already at the table.
    Enroll {
        /// The character sheet.
        character: Sheet,
    },
    /// `do = "try"`: the character rolls one d6 and adds its skill; the target or more succeeds
    /// (Y2, Y3).
    ///
    /// Errors: `who` is not at the table.
    Try {
        /// The trying character's name.
        who: String,
    },
}
