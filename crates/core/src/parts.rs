//! Who decides each part of a command: the GM's numbers are the GM's (issue 15). A system names the
//! fields of a command that someone other than its sender may have to decide ([`Part`]); an online
//! table turns a command whose parts wait for someone into a request, rolled only once everyone has
//! answered (`skald-table`, docs/decisions.md "The GM's numbers").

use crate::moves::Field;
use serde::{Deserialize, Serialize};

/// Who decides a [`Part`].
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    /// The GM: a number the book gives the GM (a Difficulty, a modifier, a concept call, a pool).
    Gm,
    /// The player of this character (the GM for the GM's own): a choice the book gives the
    /// character's player (the dice a defender puts in).
    Owner(String),
}

/// A field of a command and who decides it. The field's `name` is its dotted path into the
/// command; its kind gives the bounds a form offers; its default is the value the command holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The field, named by its path in the command.
    pub field: Field,
    /// Who decides it.
    pub decider: Decider,
}

impl Part {
    /// A part the GM decides.
    pub fn gm(field: Field) -> Self {
        Self {
            field,
            decider: Decider::Gm,
        }
    }

    /// A part the player of `character` decides.
    pub fn owner(field: Field, character: &str) -> Self {
        Self {
            field,
            decider: Decider::Owner(character.to_owned()),
        }
    }

    /// The go-ahead of the player of `character`, who sets nothing but must agree before the dice
    /// roll (the other side of a Freelancer opposed check, whose d100 is theirs to throw): a part
    /// whose field has no name, described by `label` ("Bea takes up the challenge"). An online
    /// table waits for that player (the GM for the GM's characters) as for a roll it calls for.
    pub fn go_ahead(character: &str, label: &str) -> Self {
        Self::owner(Field::flag("", label, true), character)
    }

    /// Whether this part is a go-ahead ([`Part::go_ahead`]): nothing to set.
    pub fn is_go_ahead(&self) -> bool {
        self.field.name.is_empty()
    }
}
