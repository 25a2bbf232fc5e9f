//! [`Error`]: why Loqi refused a command. Every message names the blank in the reader's words ("trait
//! 2's rating", "the reason", "consequence 1's points"; [`words`]), the value given and what is
//! allowed, so a table (or a scenario's `expect_error`) can see at once what to fix. The field itself
//! stays as data, a path into the command, for a page to show the refusal beside its blank.

use skald_core::{Refusal, RefusalKind};
use skald_dice::SourceError;
use std::ops::RangeInclusive;

/// A refused command. Nothing changed at the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A number outside its range.
    #[error(
        "{} is {value}; allowed: {} ({rule})",
        sentence(field),
        skald_core::bounds(*.min, *.max)
    )]
    OutOfRange {
        /// The field, as written in the command (`rating`, `impact`, `traits[2].rating`, ...).
        field: String,
        /// The value given.
        value: i64,
        /// The lowest value allowed.
        min: i64,
        /// The highest value allowed.
        max: i64,
        /// Where the range comes from: a book section, a ruling id or "Skald limit".
        rule: &'static str,
    },
    /// A text that is blank or too long.
    #[error(
        "{} {}; allowed: 1 to {max} characters",
        sentence(field),
        if blank.is_empty() {
            format!("has {}", skald_core::noun(*.length, "character", "characters"))
        } else {
            "is blank".to_owned()
        }
    )]
    Text {
        /// The field, as written in the command.
        field: String,
        /// Its length in characters.
        length: usize,
        /// `" (blank)"` when it holds only whitespace, otherwise empty.
        blank: &'static str,
        /// The longest text allowed.
        max: usize,
    },
    /// A value that the rules or the table's current state do not allow here.
    #[error("{} is {value}; allowed: {allowed}", sentence(field))]
    NotAllowed {
        /// The field, as written in the command, or the part of the table it concerns (`problem`).
        field: String,
        /// The value given, or the table's current state (quoted when it is text from the command).
        value: String,
        /// What would be accepted, with the rule it comes from.
        allowed: String,
        /// Which kind of refusal it is ([`Error::refusal`]): not allowed here, not now (no
        /// problem open), a name not at the table, a name taken.
        kind: RefusalKind,
    },
    /// A spend of more influence than the spender holds (L5: influence never goes below 0).
    #[error(
        "{} is {value}, which costs {cost} influence; allowed: a cost of at most {has} ({} holds {has}; L5: influence never goes below 0)",
        sentence(field),
        if who == "GM" { "the GM" } else { who.as_str() }
    )]
    NotEnoughInfluence {
        /// The field that asked for the spend (`points`, or `proposer` for the cost of a problem).
        field: String,
        /// The value given in that field.
        value: String,
        /// The influence it would cost.
        cost: i64,
        /// Who would pay.
        who: String,
        /// What they hold.
        has: i64,
    },
    /// Exact chances that could not be worked out (an advantage past
    /// [`MAX_ADVANTAGE`](crate::limits::MAX_ADVANTAGE)); the odds engine's message.
    #[error("{0}")]
    Odds(#[from] skald_dice::odds::OddsError),
    /// The dice could not be rolled (a scripted die missing or not a face of a d12).
    #[error("dice: {0}")]
    Dice(#[from] SourceError),
    /// A refusal placed at a field of the command other than the one its message names in words:
    /// the same message, with `field` the dotted path a page shows it beside (a sheet's
    /// `traits[1].rating` at `character.traits.1.rating`; "number of goals" at `goals`).
    #[error("{error}")]
    At {
        /// The command field it is about, as a dotted path (`character.traits.1.rating`).
        field: String,
        /// The refusal, its message unchanged.
        error: Box<Error>,
    },
}

impl Error {
    /// The command's field this refusal is about, as a dotted path (`"rating"`,
    /// `"traits.2.rating"`), when it is about one: a page shows the refusal beside that field.
    pub fn field(&self) -> Option<String> {
        match self {
            Error::At { field, .. } => Some(field.clone()),
            Error::OutOfRange { field, .. }
            | Error::Text { field, .. }
            | Error::NotAllowed { field, .. }
            | Error::NotEnoughInfluence { field, .. } => {
                Some(field.replace('[', ".").replace(']', ""))
            }
            _ => None,
        }
    }

    /// The same refusal placed at `field`, a dotted path into the command (see [`Error::At`]).
    #[must_use]
    pub fn at(self, field: impl Into<String>) -> Self {
        let error = match self {
            Error::At { error, .. } => error,
            other => Box::new(other),
        };
        Error::At {
            field: field.into(),
            error,
        }
    }

    /// The same refusal placed inside the part of the command at `prefix` (`character`): its field
    /// becomes `prefix.field`, or `prefix` when it names none.
    #[must_use]
    pub fn within(self, prefix: &str) -> Self {
        let field = match self.field() {
            Some(field) => format!("{prefix}.{field}"),
            None => prefix.to_owned(),
        };
        self.at(field)
    }

    /// Refuses `value` in `field` unless it lies in `range`; `rule` says where the range comes from.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] when `value` is outside `range`.
    pub fn check_range(
        field: impl Into<String>,
        value: i64,
        range: &RangeInclusive<i64>,
        rule: &'static str,
    ) -> Result<i64, Self> {
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(Self::OutOfRange {
                field: field.into(),
                value,
                min: *range.start(),
                max: *range.end(),
                rule,
            })
        }
    }

    /// Refuses `text` in `field` when it is blank or longer than `max` characters.
    ///
    /// # Errors
    /// [`Error::Text`] when `text` is blank or too long.
    pub fn check_text(field: impl Into<String>, text: &str, max: usize) -> Result<(), Self> {
        let length = text.chars().count();
        let blank = text.trim().is_empty();
        if blank || length > max {
            Err(Self::Text {
                field: field.into(),
                length,
                blank: if blank { " (blank)" } else { "" },
                max,
            })
        } else {
            Ok(())
        }
    }

    /// A [`Error::NotAllowed`] from its three parts: a value the rules do not allow here.
    pub fn not_allowed(
        field: impl Into<String>,
        value: impl Into<String>,
        allowed: impl Into<String>,
    ) -> Self {
        Self::NotAllowed {
            field: field.into(),
            value: value.into(),
            allowed: allowed.into(),
            kind: RefusalKind::NotAllowed,
        }
    }

    /// The same refusal, of `kind` ([`RefusalKind::NotNow`] for a command of another moment,
    /// [`RefusalKind::NotFound`] for a name not at the table, ...).
    #[must_use]
    pub fn of_kind(self, kind: RefusalKind) -> Self {
        match self {
            Self::NotAllowed {
                field,
                value,
                allowed,
                ..
            } => Self::NotAllowed {
                field,
                value,
                allowed,
                kind,
            },
            other => other,
        }
    }

    /// This refusal as data, in the shape every system's share ([`Refusal`]): its kind and the
    /// command's field it is about ([`Error::field`]).
    pub fn refusal(&self) -> Refusal {
        let kind = match self {
            Error::At { error, .. } => error.refusal().kind,
            Error::OutOfRange {
                value, min, max, ..
            } => RefusalKind::OutOfRange {
                value: *value,
                min: *min,
                max: *max,
            },
            Error::Text {
                length, blank, max, ..
            } => RefusalKind::Length {
                length: if blank.is_empty() { *length } else { 0 },
                max: *max,
            },
            Error::NotAllowed { kind, .. } => kind.clone(),
            Error::NotEnoughInfluence { .. } => RefusalKind::NotAllowed,
            Error::Odds(_) | Error::Dice(_) => RefusalKind::Dice,
        };
        Refusal {
            kind,
            field: self.field(),
        }
    }
}

/// A command's field in the reader's words: the blank a form calls it by, as a noun phrase ("the
/// reason", "trait 2's rating", "consequence 1's points", "responder 2"); a field already in words
/// ("number of goals", "Tiran's influence afterwards") is kept as it is. Lists count from 1, as
/// people do.
pub fn words(field: &str) -> String {
    if let Some((list, rest)) = field.split_once('[')
        && let Some((index, tail)) = rest.split_once(']')
        && let Ok(i) = index.parse::<usize>()
    {
        let item = match list {
            "traits" => "trait",
            "consequences" => "consequence",
            "goals" => "goal",
            "responders" => "responder",
            "actors" => "actor",
            "entries" => "entry",
            "who" => "fulfiller",
            other => other,
        };
        let n = i.saturating_add(1);
        return match tail.trim_start_matches('.') {
            "" => format!("{item} {n}"),
            part => format!("{item} {n}'s {}", part_words(part)),
        };
    }
    let named = match field {
        "do" => "this move",
        "options" => "one of the table's options",
        "approved" => "the approval",
        "recovery" => "the strength regained",
        "by" => "the author",
        "who" => "the character",
        "from" => "the giver",
        "to" => "the recipient",
        "proposer" => "the one introducing it",
        "responder" | "responders" => "the responder",
        "points" => "the number of points",
        "harmful" => "the new trait's kind",
        "player" => "the player's outcome's likelihood",
        "gm" => "the GM's outcome's likelihood",
        "bid" => "the bid",
        "at" => "the goal's moment",
        "goals" => "the list of goals",
        other if other.contains(' ') || other.contains('\'') => return other.to_owned(),
        other => return format!("the {}", other.replace('_', " ")),
    };
    named.to_owned()
}

/// A part of an entry in words, one thing each so that "is" follows: `rating_change` is a
/// "rating change", a relationship's `change` its "strength", `harmful` a "new trait's kind".
fn part_words(part: &str) -> String {
    match part {
        "rating_change" => "rating change",
        "change" => "strength",
        "modifier" => "modifier",
        "points" => "number of points",
        "harmful" => "new trait's kind",
        "base" => "base rating",
        "lasts" => "duration",
        "influence" => "person's standing",
        "who" => "character",
        other => return other.replace('_', " "),
    }
    .to_owned()
}

/// [`words`] at the start of a sentence: its first letter capitalized.
fn sentence(field: &str) -> String {
    skald_core::capitalized(&words(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_field_the_value_and_the_range() {
        let err = Error::check_range("rating", 5, &(1..=4), "book: Traits").unwrap_err();
        assert_eq!(
            err.to_string(),
            "The rating is 5; allowed: 1 to 4 (book: Traits)"
        );
        let err = Error::check_text("reason", "   ", 300).unwrap_err();
        assert_eq!(
            err.to_string(),
            "The reason is blank; allowed: 1 to 300 characters"
        );
        let err = Error::check_text("reason", " ", 300).unwrap_err();
        assert_eq!(
            err.to_string(),
            "The reason is blank; allowed: 1 to 300 characters"
        );
        let err = Error::check_range("bid", 2, &(1..=1), "L5").unwrap_err();
        assert_eq!(err.to_string(), "The bid is 2; allowed: 1 (L5)");
        let err = Error::check_text("name", &"x".repeat(61), 60).unwrap_err();
        assert_eq!(
            err.to_string(),
            "The name has 61 characters; allowed: 1 to 60 characters"
        );
        assert_eq!(
            Error::check_range("impact", -100, &(-100..=100), "L2"),
            Ok(-100)
        );
        assert_eq!(Error::check_text("name", "Mirela", 60), Ok(()));
    }

    #[test]
    fn a_refusal_placed_elsewhere_keeps_its_message() {
        let rating =
            Error::check_range("traits[1].rating", 5, &(1..=4), "book: Traits").unwrap_err();
        assert_eq!(rating.field().as_deref(), Some("traits.1.rating"));
        let placed = rating.clone().within("character");
        assert_eq!(placed.field().as_deref(), Some("character.traits.1.rating"));
        assert_eq!(placed.to_string(), rating.to_string());
        // Placed again, it is not wrapped twice.
        let again = placed.within("command");
        assert_eq!(
            again.field().as_deref(),
            Some("command.character.traits.1.rating")
        );
        assert_eq!(
            again,
            rating.clone().at("command.character.traits.1.rating")
        );
        let count = Error::check_range("number of goals", 11, &(2..=10), "L6")
            .unwrap_err()
            .at("goals");
        assert_eq!(count.field().as_deref(), Some("goals"));
        assert_eq!(
            count.to_string(),
            "Number of goals is 11; allowed: 2 to 10 (L6)"
        );
    }
}
