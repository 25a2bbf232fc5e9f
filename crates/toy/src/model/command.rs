//! The commands a Toy table takes, as written in a scenario step (`do = "..."` plus the fields).
//!
//! | `do`     | fields                               | rulings |
//! |----------|--------------------------------------|---------|
//! | `enroll` | `character` (a [`Sheet`] table)      | Y1      |
//! | `try`    | `who`                                | Y2, Y3  |

use crate::model::sheet::Sheet;
use serde::{Deserialize, Serialize};
use skald_core::CommandShape;

/// A player's or the GM's command at a Toy table. Unknown fields are refused.
///
/// Its verbs without their fields are [`Verb`], which a move's form names (the same snake_case
/// names as serde's `do`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(
    name(Verb),
    derive(strum::IntoStaticStr, strum::EnumIter),
    strum(serialize_all = "snake_case"),
    doc = "The verb of a [`Command`] without its fields (its `do`): what a move's form sends."
)]
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

impl CommandShape for Command {
    fn verb(&self) -> &'static str {
        Verb::from(self).into()
    }

    fn actor(&self) -> Option<&str> {
        match self {
            // Y1: a new character acts in nothing yet.
            Command::Enroll { .. } => None,
            Command::Try { who } => Some(who),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Command, Verb};
    use strum::IntoEnumIterator;

    #[test]
    fn each_verb_is_the_serialized_do_of_its_command() {
        skald_testkit::check_verbs::<Command>(Verb::iter().map(<&str>::from));
    }
}
