//! The table's error type: why an action was refused or a log could not be read.
//!
//! Messages never hold a secret the sender may not see: a refusal goes only to its sender, and
//! refusals about secrets say what is wrong without saying what the secret is.

use skald_core::{GameError, Worded};

/// Why a table refused something: its kind, and, once the table has worded it by the forms its
/// sender was offered ([`crate::Table`]'s refusals always are), the words people read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    /// The words and the code, once given (boxed: most refusals have neither).
    said: Option<Box<Said>>,
}

/// What an [`Error`] says beyond its kind.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Said {
    /// The refusal in the words of the sender's forms (`skald_core::Forms`), when worded.
    worded: Option<Worded>,
    /// What is wrong, for scripts, when the kind does not say it ([`Error::code`]).
    code: Option<&'static str>,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.said.as_ref().and_then(|s| s.worded.as_ref()) {
            Some(worded) => f.write_str(&worded.message),
            None => self.kind.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The same refusal said as `worded` (its message, and its field when it names one).
    #[must_use]
    pub fn worded(mut self, worded: Worded) -> Self {
        self.said.get_or_insert_default().worded = Some(worded);
        self
    }

    /// Whether the refusal was already worded by its sender's forms.
    pub fn is_worded(&self) -> bool {
        self.said.as_ref().is_some_and(|s| s.worded.is_some())
    }

    /// The same refusal with `code` as its machine-readable name ([`Error::code`]).
    #[must_use]
    pub(crate) fn coded(mut self, code: &'static str) -> Self {
        self.said.get_or_insert_default().code = Some(code);
        self
    }

    /// A machine-readable name of what is wrong, for scripts (an error body's `code`), where
    /// the refusal has one: for an action that did not parse, `missing`, `unknown_field`,
    /// `duplicate_field`, `unknown_command`, `wrong_type` or `unreadable`
    /// (`skald_core::Problem::code`); `too_long`/`empty` for a text out of its bounds.
    pub fn code(&self) -> Option<&'static str> {
        if let Some(code) = self.said.as_ref().and_then(|s| s.code) {
            return Some(code);
        }
        match &self.kind {
            ErrorKind::Game(e) => e.code(),
            ErrorKind::Length { len: 0, .. } => Some("empty"),
            ErrorKind::Length { .. } => Some("length"),
            _ => None,
        }
    }

    /// The rules' refusal as data, in the shape every system's share ([`skald_core::Refusal`]),
    /// for an action a system's rules refused.
    pub fn refusal(&self) -> Option<&skald_core::Refusal> {
        match &self.kind {
            ErrorKind::Game(e) => e.refusal(),
            _ => None,
        }
    }

    /// The field of the action this refusal is about, as a dotted path into the action's JSON
    /// (`"title"`, `"spend"`, `"character.traits"`), when it is about one: a form shows the
    /// refusal beside that field.
    pub fn field(&self) -> Option<&str> {
        if let Some(field) = self
            .said
            .as_ref()
            .and_then(|s| s.worded.as_ref())
            .and_then(|w| w.field.as_deref())
        {
            return Some(field);
        }
        match &self.kind {
            ErrorKind::Game(e) => e.field(),
            ErrorKind::Length { field, .. }
            | ErrorKind::ControlCharacter { field }
            | ErrorKind::NameLooksLike { field, .. }
            | ErrorKind::NameUnseen { field, .. }
            | ErrorKind::NameTechnical { field, .. } => Some(field),
            ErrorKind::NameTaken { .. } => Some("name"),
            ErrorKind::Notation { .. } => Some("notation"),
            ErrorKind::Seed { .. } => Some("seed"),
            _ => None,
        }
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Self { kind, said: None }
    }
}

/// A text out of its bounds in words: "`field` is empty: fill it in" (the field capitalized) or
/// "`field` must be 1 to 40 characters long, not 41", the field written bare, or in backticks
/// (the blank of a template, `skald_core::Forms::word`) when `template`.
fn length_words(field: &str, len: usize, min: usize, max: usize, template: bool) -> String {
    let empty = len == 0 && min > 0;
    let name = match (template, empty) {
        (true, _) => format!("`{field}`"),
        (false, true) => skald_core::capitalized(field),
        (false, false) => field.to_owned(),
    };
    if empty {
        format!("{name} is empty: fill it in")
    } else {
        format!("{name} must be {min} to {max} characters long, not {len}")
    }
}

/// A control character refused in words: the field written bare, or in backticks when
/// `template` (as [`length_words`]).
fn control_words(field: &str, template: bool) -> String {
    let name = if template {
        format!("`{field}`")
    } else {
        field.to_owned()
    };
    format!("{name} may not hold control characters (such as tabs and line breaks)")
}

impl ErrorKind {
    /// This refusal as a template for the words of its sender's forms (`skald_core::Forms::word`,
    /// where a backticked span is a blank and nothing else is read): a text refusal with its
    /// field in backticks, any other its message. The message itself ([`std::fmt::Display`])
    /// names the field bare, for the refusals no form words (a table's title, a seat's name).
    pub(crate) fn template(&self) -> String {
        match self {
            ErrorKind::Length {
                field,
                len,
                min,
                max,
            } => length_words(field, *len, *min, *max, true),
            ErrorKind::ControlCharacter { field } => control_words(field, true),
            other => other.to_string(),
        }
    }
}

/// The kinds of [`Error`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `system` is not one Skald plays.
    #[error("the system \"{system}\" is not one Skald plays ({known})")]
    UnknownSystem {
        /// The value given, shortened.
        system: String,
        /// The systems the table was handed, as a list (`skald_core::Registry::names_listed`).
        known: String,
    },
    /// The system's game refused: options or a command that are not the system's, or a command
    /// its rules refuse ([`GameError`]; said as the game says it).
    #[error(transparent)]
    Game(GameError),
    /// A table action with wrong fields, or JSON that is no action.
    #[error("{message}")]
    BadAction {
        /// What is wrong.
        message: String,
    },
    /// The sender may not do this.
    #[error("{reason}")]
    Forbidden {
        /// Who may, in a sentence.
        reason: String,
    },
    /// A text field outside its bounds (an empty one: "is empty: fill it in").
    #[error("{}", length_words(field, *len, *min, *max, false))]
    Length {
        /// The field.
        field: &'static str,
        /// Its length in characters.
        len: usize,
        /// The least allowed.
        min: usize,
        /// The most allowed.
        max: usize,
    },
    /// A text holding a control character (a tab, a newline, ... where the field is one line).
    #[error("{}", control_words(field, false))]
    ControlCharacter {
        /// The field.
        field: &'static str,
    },
    /// A join under the name of a player already seated (names compared as people see them,
    /// [`crate::limits::same_name`]: `Аnn` in Cyrillic is taken by `Ann`).
    #[error("{}", taken(name, seated, *seat))]
    NameTaken {
        /// The name given, normalized and shortened.
        name: String,
        /// The seated player's name, shortened.
        seated: String,
        /// The seat of the player with that name.
        seat: u32,
    },
    /// A name (a player's on joining, a character's on enrolment) that looks like the GM's label,
    /// a seated player's name or another character's ([`crate::limits::same_name`]).
    #[error(
        "{what} \"{name}\" looks like {like}: the log must tell everyone apart, so pick another"
    )]
    NameLooksLike {
        /// The action's field (`"name"`, `"character.name"`).
        field: &'static str,
        /// The field in words ("the name", "the character's name").
        what: &'static str,
        /// The name given, shortened.
        name: String,
        /// Whom it looks like, in words: "the GM", "Ann (seat 1)", "the character Ragnar (Ann's)".
        like: String,
    },
    /// A name holding a technical letter ([`crate::limits::technical_letter`]), such as the
    /// small capital `ᴀ` that makes `ᴀnn` pass for `Ann`.
    #[error(
        "{what} \"{name}\" holds \"{letter}\" (U+{code:04X}), a phonetic or small-capital letter that passes for an ordinary one: write the name in ordinary letters",
        code = *letter as u32
    )]
    NameTechnical {
        /// The action's field (`"name"`, `"character.name"`).
        field: &'static str,
        /// The field in words ("the name", "the character's name").
        what: &'static str,
        /// The name given, shortened.
        name: String,
        /// The technical letter.
        letter: char,
    },
    /// A name that shows nothing: only spaces, combining marks or invisible characters.
    #[error(
        "{what} \"{name}\" shows no letter, digit or sign (only spaces, combining marks or invisible characters): pick a name people can read"
    )]
    NameUnseen {
        /// The action's field (`"name"`, `"character.name"`).
        field: &'static str,
        /// The field in words ("the name", "the character's name").
        what: &'static str,
        /// The name given, shortened.
        name: String,
    },
    /// A number of things past its bound.
    #[error("the table holds {max} {what} at most")]
    Full {
        /// What is full.
        what: &'static str,
        /// The bound.
        max: usize,
    },
    /// Dice notation that does not parse or roll. The message starts on its own line: it is the
    /// input with a caret under the problem, which lines up only from the start of a line.
    #[error("the dice notation does not roll:\n{message}")]
    Notation {
        /// The dice crate's message.
        message: String,
    },
    /// Nothing to undo, or the last command may not be undone.
    #[error("cannot undo: {reason}")]
    Undo {
        /// Why not.
        reason: String,
    },
    /// `reveal_roll` of a record that is not an unrevealed secret roll.
    #[error("record {of} is not a secret roll still hidden")]
    NotASecretRoll {
        /// The seq given.
        of: u64,
    },
    /// A player seed that is too long, empty, or holds control characters.
    #[error("{message}")]
    Seed {
        /// The fairness crate's message, its field in backticks (`skald_fair::ErrorKind::template`):
        /// a seed's refusal is always worded by its sender's form.
        message: String,
    },
    /// `end_epoch` while secret rolls are hidden, without `reveal_hidden`.
    #[error(
        "{} still hidden: {}. Ending the epoch makes its seed public, and then anyone who guesses such a roll's dice can check the guess; reveal them first (Reveal a secret roll), or tick \"Reveal my secret rolls still hidden, in the same step\" to reveal them as the epoch ends",
        skald_core::noun(rolls.len(), "secret roll", "secret rolls"),
        rolls.join(", ")
    )]
    HiddenRolls {
        /// Each hidden roll: `record 5 ("ambush", 1d20)`.
        rolls: Vec<String>,
    },
    /// A seat said more than [`crate::limits::TALK_PER_MINUTE`] things in a minute.
    #[error("you have said {said} things in the last minute: wait {wait_s} s before the next")]
    TalkTooFast {
        /// The bound reached.
        said: usize,
        /// Seconds until the oldest of them is a minute old.
        wait_s: u64,
    },
    /// A player's records take [`crate::limits::SEAT_BYTES`] or more.
    #[error(
        "your records at this table take {}, and a seat may make {} of records at one table: ask the GM to start a new table (every die rolled is kept, so a roll of thousands of dice takes hundreds of KB)",
        crate::bytes::in_words(*used),
        crate::bytes::in_words(*max)
    )]
    SeatBytes {
        /// Bytes the seat's records take.
        used: u64,
        /// The budget.
        max: u64,
    },
    /// The table's records take [`crate::limits::TABLE_BYTES`] or more (less
    /// [`crate::limits::GM_ROOM`] for a player).
    #[error(
        "this table's records take {}, and {}: the GM can export the log and start a new table",
        crate::bytes::in_words(*used),
        if *gm { format!("a table holds {} of records", crate::bytes::in_words(*max)) } else { format!("the players' records may take {} (the rest is kept for the GM)", crate::bytes::in_words(*max)) }
    )]
    TableBytes {
        /// Bytes the table's records take.
        used: u64,
        /// The budget for the sender.
        max: u64,
        /// Whether the sender is the GM (who may use the whole table).
        gm: bool,
    },
    /// A player's seat made [`crate::limits::SEAT_RECORDS_PER_HOUR`] records in the last hour.
    #[error(
        "your seat has made {max} records in the last hour, the most a seat makes in an hour: wait {} before the next",
        skald_core::noun(usize::try_from(*wait_minutes).unwrap_or(usize::MAX), "minute", "minutes")
    )]
    SeatRecordsPerHour {
        /// The bound.
        max: usize,
        /// Minutes until the oldest of them is an hour old.
        wait_minutes: u64,
    },
    /// The log read does not fold: a damaged or tampered log.
    #[error("the log is damaged: {0}")]
    Corrupt(String),
}

/// [`ErrorKind::NameTaken`] in words: the seated name is quoted when it is not the one given
/// (in any case).
fn taken(name: &str, seated: &str, seat: u32) -> String {
    let whose = if name.to_lowercase() == seated.to_lowercase() {
        format!("the name \"{name}\" is already seated (seat {seat})")
    } else {
        format!("the name \"{name}\" looks like \"{seated}\", already seated (seat {seat})")
    };
    format!("{whose}: the log must tell players apart, pick another")
}
