//! [`Refusal`]: why the rules refused a command, in one shape for every system. Each system's
//! `Error` keeps its own variants and words (its book's terms); [`crate::System::refusal`] says
//! which of these kinds each is and the command's field it is about, so that a table, a page or
//! a script reads every system's refusals alike: the error body's `code` and `field`, a form's
//! refusal shown beside its blank.

/// A refusal as data: what kind it is, and the command's field it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// What kind of refusal.
    pub kind: RefusalKind,
    /// The command's field it is about, as a dotted path (as [`crate::Field::name`] is:
    /// `"spend"`, `"character.traits.1.rating"`), or `None` when it is about no one field.
    pub field: Option<String>,
}

/// The kinds of [`Refusal`], the same for every system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefusalKind {
    /// A number outside its range (a rating, a count of dice, boxes): the value given and the
    /// lowest and highest allowed, both included.
    OutOfRange {
        /// The value given.
        value: i64,
        /// The lowest value allowed.
        min: i64,
        /// The highest value allowed.
        max: i64,
    },
    /// A text blank or longer than allowed: its length in characters and the most allowed.
    Length {
        /// The text's length in characters (0 for a blank one).
        length: usize,
        /// The most characters allowed.
        max: usize,
    },
    /// A name the table does not have (a character, a trait, an item, a word): as given.
    NotFound {
        /// The name as given.
        name: String,
    },
    /// A name the table has already (a character enrolled twice, a trait named twice).
    Taken {
        /// The name as given.
        name: String,
    },
    /// A value the rules do not allow here, whatever the moment (a choice not offered, a
    /// combination the book forbids, more than a character holds).
    NotAllowed,
    /// A command the rules allow, but not now: another phase, another's turn, already done
    /// (no conflict under way, the round over, a secret already revealed).
    NotNow,
    /// A text the rules could not read (a character line, a formula, dice notation).
    Unreadable,
    /// The dice or the exact odds could not be worked out (a scripted die missing, an odds
    /// question past its bounds): nothing the sender chose.
    Dice,
}

impl RefusalKind {
    /// [`RefusalKind::OutOfRange`] of counts of any whole type (boxes, dice, entries: `usize`,
    /// `u32`...), each as an `i64`; a count past `i64::MAX` is said as `i64::MAX`.
    pub fn out_of_range(
        value: impl TryInto<i64>,
        min: impl TryInto<i64>,
        max: impl TryInto<i64>,
    ) -> Self {
        RefusalKind::OutOfRange {
            value: value.try_into().unwrap_or(i64::MAX),
            min: min.try_into().unwrap_or(i64::MAX),
            max: max.try_into().unwrap_or(i64::MAX),
        }
    }

    /// The kind's machine-readable name, for scripts (an error body's `code`): `out_of_range`,
    /// `length`, `not_found`, `taken`, `not_allowed`, `not_now`, `unreadable` or `dice`.
    pub fn code(&self) -> &'static str {
        match self {
            RefusalKind::OutOfRange { .. } => "out_of_range",
            RefusalKind::Length { .. } => "length",
            RefusalKind::NotFound { .. } => "not_found",
            RefusalKind::Taken { .. } => "taken",
            RefusalKind::NotAllowed => "not_allowed",
            RefusalKind::NotNow => "not_now",
            RefusalKind::Unreadable => "unreadable",
            RefusalKind::Dice => "dice",
        }
    }
}

impl Refusal {
    /// A refusal of `kind` about no one field.
    pub fn of(kind: RefusalKind) -> Self {
        Self { kind, field: None }
    }

    /// A refusal of `kind` about the field at the dotted path `field`; a path written with
    /// brackets (`traits[1].rating`) is made dotted (`traits.1.rating`).
    pub fn at(kind: RefusalKind, field: impl AsRef<str>) -> Self {
        Self {
            kind,
            field: Some(crate::path::dotted(field.as_ref())),
        }
    }

    /// A number `value` outside `min..=max`, at `field` (see [`Refusal::at`]).
    pub fn out_of_range(field: impl AsRef<str>, value: i64, min: i64, max: i64) -> Self {
        Self::at(RefusalKind::out_of_range(value, min, max), field)
    }

    /// The same refusal about the field at `field` instead (a refusal placed at a sheet's blank).
    #[must_use]
    pub fn placed(self, field: impl AsRef<str>) -> Self {
        Self::at(self.kind, field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bracketed_path_is_made_dotted() {
        let refusal = Refusal::out_of_range("traits[1].rating", 5, 1, 4);
        assert_eq!(refusal.field.as_deref(), Some("traits.1.rating"));
        assert_eq!(refusal.kind.code(), "out_of_range");
        assert_eq!(
            refusal
                .placed("character.traits[1].rating")
                .field
                .as_deref(),
            Some("character.traits.1.rating")
        );
        assert_eq!(Refusal::of(RefusalKind::NotNow).field, None);
    }
}
