//! [`Error`]: why Chi refused a command, and [`LineError`]: why a character line does not read.
//!
//! A refusal about a value carries the field (as a scenario writes it), the value given and the
//! allowed range as data (`OutOfRange { field, value, min, max, why }`, `TextLength`, `SaltLength`,
//! `ConceptWords`, `NotEnoughDice`, `OffConcept`, `LossBeyondPool`, `NothingToRecover`,
//! `TooFewDice`, `NameLength`, `LineLength`); every message is made from that data in the reader's
//! words: it names the blank as a form calls it ([`words`]: "the number of dice put in", "the
//! defender's modifier"), the value and what is allowed, and cites the ruling behind the limit when
//! there is one. A calculator of the command line names its flags instead of the fields
//! ([`Error::rename_field`]), which its messages quote as written (`` `--dice` ``).

use crate::limits::{MAX_DIFFICULTY, MAX_MODIFIER};
use skald_core::{Refusal, RefusalKind};
use skald_core::{bounds, noun, plural};
use skald_dice::SourceError;

/// Why a Chi command was refused. The table is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A number outside its allowed range.
    #[error("{} is {value}, but it must be {} ({why})", sentence(field), bounds(*.min, *.max))]
    OutOfRange {
        /// The command or sheet field, as written in a scenario.
        field: &'static str,
        /// The value given.
        value: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
        /// What the number is, or the ruling that bounds it.
        why: &'static str,
    },
    /// A name, occupation, descriptive word or detail that is blank or too long.
    #[error(
        "{} is {value:?}, but it must be {min} to {max} characters and not blank",
        sentence(field)
    )]
    TextLength {
        /// The field: `name`, `occupation`, `words`, `word`, `replace.new`, `detail`.
        field: &'static str,
        /// The text given (cut to `max` + 16 characters).
        value: String,
        /// Its length in characters.
        len: usize,
        /// The shortest allowed, in characters (1: a blank text is refused too).
        min: usize,
        /// The longest allowed, in characters ([`crate::MAX_TEXT`] or [`crate::MAX_DETAIL`]).
        max: usize,
    },
    /// A concept with a word count other than 0 (minor NPC) or `min` to `max` (3-12).
    #[error(
        "{name}'s concept holds {}, but a concept has {min} (up to {max} after advancement, \
         ruling C5), or none for a minor NPC",
        noun(*.count, "descriptive word", "descriptive words")
    )]
    ConceptWords {
        /// The field: `words`.
        field: &'static str,
        /// The character's name.
        name: String,
        /// How many words were given (the value).
        count: usize,
        /// The fewest words of a full concept ([`crate::MIN_WORDS`], the book's three).
        min: usize,
        /// The most words a concept keeps ([`crate::MAX_WORDS`]).
        max: usize,
    },
    /// A character name that is not at the table.
    #[error(
        "{} is {name:?}, but no character of that name is at the table (at the table: {known})",
        sentence(field)
    )]
    UnknownCharacter {
        /// The field that named the character.
        field: &'static str,
        /// The name given.
        name: String,
        /// The names at the table, comma-separated, or "nobody".
        known: String,
    },
    /// Enrolling a second character under a name already at the table.
    #[error("The name is {name:?}, but a character of that name is already at the table")]
    AlreadyEnrolled {
        /// The name given.
        name: String,
    },
    /// A character with current pool 0 tried to act (ruling C5: out of play).
    #[error(
        "{} is {name:?}, whose current pool is 0: the character is out of play (ruling C5)",
        sentence(field)
    )]
    OutOfPlay {
        /// The field that named the character.
        field: &'static str,
        /// The character.
        name: String,
    },
    /// More dice put into an action than the character has left this round (ruling C1): the value
    /// is `asked`, the allowed range up to `left`.
    #[error(
        "{} is {asked}, but {name} has {left} of {} left this round, so at most {left} can go \
         in (ruling C1: the pool refills at the next round)",
        sentence(field),
        noun(*.current as usize, "die", "dice")
    )]
    NotEnoughDice {
        /// The field: `spend` (or `actor.spend`, `defender.spend`).
        field: &'static str,
        /// The character.
        name: String,
        /// Dice asked for.
        asked: u32,
        /// Dice left this round.
        left: u32,
        /// The character's current pool.
        current: u32,
    },
    /// More dice put into an off-concept action than ruling C2 allows: the value is `asked`, the
    /// allowed range up to `cap`.
    #[error(
        "{} is {asked}, but an action that does not fit {name}'s concept may use at most {}: \
         a third of the current pool {current}, rounded up (ruling C2)",
        sentence(field),
        noun(*.cap as usize, "die", "dice")
    )]
    OffConcept {
        /// The field: `spend` (or `actor.spend`, `defender.spend`).
        field: &'static str,
        /// The character.
        name: String,
        /// Dice asked for.
        asked: u32,
        /// ceil(current / 3).
        cap: u32,
        /// The character's current pool.
        current: u32,
    },
    /// A character with no dice left this round named for an action or an actor's side.
    #[error(
        "{} is {name:?}, who has spent {} this round: an action needs at least 1 (ruling \
         C1: the pool refills at the next round)",
        sentence(field),
        if *.current == 1 { "its only die".to_owned() } else { format!("all {current} dice") }
    )]
    NoDiceLeft {
        /// The field that named the character.
        field: &'static str,
        /// The character.
        name: String,
        /// Its current pool.
        current: u32,
    },
    /// A sealed allocation (the table's `allocate`, C4) for a character with none to make now.
    #[error("{name} has no secret choice of dice to make now ({why})")]
    NoAllocation {
        /// The character.
        name: String,
        /// Why not: no secret roll open, not in it, already committed, no dice to put in.
        why: &'static str,
    },
    /// An opposed action with the same character on both sides.
    #[error(
        "The defender is {name:?}, the same as the actor: an opposed action needs two characters"
    )]
    SameCharacter {
        /// The character named twice.
        name: String,
    },
    /// Option `tie = "reroll"` met a tie every time for [`crate::MAX_REROLLS`] rerolls.
    #[error(
        "The totals tied on the first roll and on all {rerolls} rerolls (the table's rule: a tie is rolled again, ruling C3); the action is called off"
    )]
    EndlessTie {
        /// Rerolls made.
        rerolls: u32,
    },
    /// A command other than `secret_*` while a secret roll is open (ruling C4).
    #[error(
        "A secret roll is open ({names}): everyone in it rolls at the same time, so nothing else \
         happens until the GM rolls it or calls it off (ruling C4)"
    )]
    SecretRollOpen {
        /// Who is in the open secret roll, comma-separated.
        names: String,
    },
    /// A `secret_*` command with no secret roll open.
    #[error("No secret roll is open: the GM opens one first (ruling C4)")]
    NoSecretRoll,
    /// `secret_open` with no actions and no opposed actions.
    #[error(
        "The secret roll has no action and no opposed action, but it needs at least one (ruling C4)"
    )]
    EmptySecretRoll,
    /// A character listed twice in one secret roll.
    #[error(
        "{} is {name:?}, who is already in this secret roll: each character makes one \
         secret choice of dice (ruling C4)",
        sentence(field)
    )]
    TwiceInSecretRoll {
        /// The field that named the character again.
        field: &'static str,
        /// The character.
        name: String,
    },
    /// A `secret_commit` or `secret_reveal` by someone not in the open secret roll.
    #[error(
        "The character is {name:?}, who is not in the open secret roll (in it: {names}; ruling C4)"
    )]
    NotInSecretRoll {
        /// The character named.
        name: String,
        /// Who is in it, comma-separated.
        names: String,
    },
    /// A second commitment from the same character.
    #[error(
        "The character is {name:?}, who has already chosen: a secret choice cannot be changed (ruling C4)"
    )]
    AlreadyCommitted {
        /// The character.
        name: String,
    },
    /// A commitment that is not 64 hexadecimal digits.
    #[error(
        "{} is {value:?}, but it must be {digits} hexadecimal digits: the SHA-256 of the \
         allocation and a salt (the command skald chi commit computes it)",
        sentence(field)
    )]
    BadCommitment {
        /// The field: `commitment`.
        field: &'static str,
        /// The text given (cut to [`crate::MAX_QUOTED_COMMITMENT`] characters).
        value: String,
        /// How many hexadecimal digits a commitment has ([`crate::COMMITMENT_DIGITS`]).
        digits: usize,
    },
    /// A reveal before everyone in the secret roll has committed (ruling C4).
    #[error(
        "The character is {name:?}, but {waiting} has not chosen yet: nothing is revealed until \
         everyone in the secret roll has chosen (ruling C4)"
    )]
    NotAllCommitted {
        /// The character trying to reveal.
        name: String,
        /// Who has not committed, comma-separated.
        waiting: String,
    },
    /// A second reveal from the same character.
    #[error("The character is {name:?}, who has already revealed {spend} (ruling C4)")]
    AlreadyRevealed {
        /// The character.
        name: String,
        /// What it revealed.
        spend: u32,
    },
    /// `secret_cancel` once someone in the secret roll has revealed: calling it off then would
    /// let everyone (the GM too) commit anew knowing what was shown.
    #[error(
        "The secret roll cannot be called off: {revealed} revealed already, and calling it off \
         now would let everyone choose again knowing it; the GM rolls it once everyone has \
         revealed (ruling C4)"
    )]
    CancelAfterReveal {
        /// Who has revealed, comma-separated.
        revealed: String,
    },
    /// A salt of the wrong length.
    #[error(
        "{} is {} long, but it must be {min} to {max}: an allocation is one of at most 101 \
         numbers, so a short salt would let anyone try them all (ruling C4)",
        sentence(field),
        noun(*.len, "character", "characters")
    )]
    SaltLength {
        /// The field: `salt`.
        field: &'static str,
        /// Its length in characters (the value; the salt itself is not quoted).
        len: usize,
        /// The fewest allowed.
        min: usize,
        /// The most allowed.
        max: usize,
    },
    /// A revealed allocation and salt that do not hash to the commitment.
    #[error(
        "{spend} dice with that salt do not match {name}'s commitment {commitment}: the \
         reveal must show the choice that was committed (ruling C4)"
    )]
    CommitmentMismatch {
        /// The character.
        name: String,
        /// The allocation shown.
        spend: u32,
        /// The commitment on record.
        commitment: String,
    },
    /// `secret_roll` before everyone has revealed.
    #[error(
        "{waiting} has not revealed yet: the secret roll is rolled when everyone has (ruling C4)"
    )]
    NotAllRevealed {
        /// Who has not revealed, comma-separated.
        waiting: String,
    },
    /// A loss bigger than the current pool (ruling C5: a pool never goes below 0): the value is
    /// `amount`, the allowed range up to `current`.
    #[error(
        "{} is {amount}, but {name}'s current pool is {current}: a loss takes at most the \
         whole current pool, which puts the character out of play; a pool below 0 is refused (ruling C5)",
        sentence(field)
    )]
    LossBeyondPool {
        /// The field: `amount`.
        field: &'static str,
        /// The character.
        name: String,
        /// Dice asked to lose (the value).
        amount: u32,
        /// Its current pool (the most it may lose).
        current: u32,
    },
    /// Recovering more dice than were temporarily lost: the value is `amount`, the allowed range up
    /// to `recoverable`.
    #[error(
        "{} is {amount}, but {name} has {recoverable} {what} to recover; dice lost for good \
         never come back (ruling C5)",
        sentence(field)
    )]
    NothingToRecover {
        /// The field: `amount`.
        field: &'static str,
        /// The character.
        name: String,
        /// Dice asked for (the value).
        amount: u32,
        /// Dice temporarily lost (to the cause given): the most that may be recovered.
        recoverable: u32,
        /// "dice temporarily lost", or "die temporarily lost to injury".
        what: String,
    },
    /// An award while a new die is already waiting (ruling C5).
    #[error(
        "The character is {name:?}, who already has a new die waiting for its lost dice to come \
         back: a character earns one die at a time (ruling C5)"
    )]
    DieAlreadyWaiting {
        /// The character.
        name: String,
    },
    /// A new word with no pool increase to pay for it (ruling C5).
    #[error(
        "The new word is {word:?}, but {name} has no pool increase left to spend on a new \
         descriptive word: each die awarded allows one (ruling C5)"
    )]
    NoWordEarned {
        /// The character.
        name: String,
        /// The word asked for.
        word: String,
    },
    /// A concept word for a minor NPC, whose concept is only its occupation.
    #[error(
        "The character is {name:?}, a minor NPC with no descriptive words: give it a full concept \
         (three words) by making it again (ruling C6)"
    )]
    MinorNpcWords {
        /// The character.
        name: String,
    },
    /// A descriptive word that is malformed, already there, or missing.
    #[error("{} is {word:?}, but {problem} (ruling C5)", sentence(field))]
    Word {
        /// `word`, `replace.old` or `replace.new`.
        field: &'static str,
        /// The word given.
        word: String,
        /// What is wrong.
        problem: String,
    },
    /// A concept change outside the windows C5 allows.
    #[error(
        "A descriptive word or the occupation of {name} changes only between sessions (end the \
         session first) or with a pool increase (when the GM awards a new die) (ruling C5)"
    )]
    ConceptChangeNotNow {
        /// The character.
        name: String,
    },
    /// `change_concept` with nothing to change.
    #[error("A change of concept needs a word to replace or a new occupation (or both)")]
    NothingToChange,
    /// A round command between sessions.
    #[error("The table is between sessions: {command} waits until the GM starts the next session")]
    BetweenSessions {
        /// The move refused, in words ("an action", "a new round").
        command: &'static str,
    },
    /// `end_session` between sessions.
    #[error("The session has already ended: the GM starts the next one")]
    SessionAlreadyEnded,
    /// `start_session` during a session.
    #[error("A session is in progress: the GM ends it before the next one starts")]
    SessionInProgress,
    /// The odds engine refused a computation (it does not for Chi's bounds).
    #[error("Exact odds could not be computed: {0}")]
    Odds(String),
    /// The allocation adviser cannot give every declared action its die: the value is `actions`,
    /// the allowed range up to `free`.
    #[error(
        "{} declares {}, but the {} left this round less the reserve of {reserve} {} {free} \
         for {}: each action needs at least 1 die (ruling C1)",
        sentence(field),
        noun(*.actions, "action", "actions"),
        noun(*.left as usize, "die", "dice"),
        plural(*.left, "leaves", "leave"),
        if *.actions == 1 { "it" } else { "them" }
    )]
    TooFewDice {
        /// The field: `action` (the adviser's declared actions).
        field: &'static str,
        /// Actions declared.
        actions: usize,
        /// Dice free for them.
        free: u32,
        /// Dice left this round.
        left: u32,
        /// Dice kept back for reactions.
        reserve: u32,
    },
    /// A character's name given to a calculator (`skald chi commit`) that is blank or too long.
    #[error(
        "{} is {value:?}, but a name is {min} to {max} characters and not blank",
        sentence(field)
    )]
    NameLength {
        /// The field or flag that named the character.
        field: &'static str,
        /// The name given, whole.
        value: String,
        /// Its length in characters.
        len: usize,
        /// The shortest allowed, in characters (1: a blank name is refused too).
        min: usize,
        /// The longest allowed, in characters ([`crate::MAX_TEXT`]).
        max: usize,
    },
    /// A character line longer than is read ([`crate::MAX_LINE`]): the value is `len`, the allowed
    /// range up to `max`.
    #[error("The line is {len} characters long, but at most {max} are read")]
    LineLength {
        /// The field: `line`.
        field: &'static str,
        /// The line's length in characters.
        len: usize,
        /// The longest line read, in characters.
        max: usize,
    },
    /// A declared action for the allocation adviser not written `DIFFICULTY[+M|-M][:off]`.
    #[error(
        "{value:?} is not an action: write DIFFICULTY[+M|-M][:off], e.g. 6, 4+1, 3-2:off \
         (Difficulty 1-{}, modifier -{} to {})",
        MAX_DIFFICULTY,
        MAX_MODIFIER,
        MAX_MODIFIER
    )]
    ActionNotation {
        /// The field or flag: `action`.
        field: &'static str,
        /// The text given.
        value: String,
    },
    /// A character line that does not read (ruling C6).
    #[error(transparent)]
    Line(#[from] LineError),
    /// The dice source could not give a value (a scripted die missing or not a face of a d6).
    #[error(transparent)]
    Dice(#[from] SourceError),
}

/// Why a character line could not be read (ruling C6; [`crate::rules::line::parse`]). The message
/// quotes the line and says what is missing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("The character line {line:?} does not read: {problem}")]
pub struct LineError {
    /// The line as given.
    pub line: String,
    /// What is wrong with it.
    pub problem: &'static str,
}

/// A command's field in the reader's words: the blank a form calls it by, as a noun phrase ("the
/// number of dice put in", "the defender's modifier", "an action's Difficulty"). A calculator's flag
/// (`--dice`) is quoted as written; a field the list does not know is said with its dots and
/// underscores as spaces.
pub fn words(field: &str) -> String {
    if field.starts_with('-') {
        return format!("`{field}`");
    }
    let named = match field {
        "spend" => "the number of dice put in",
        "dice" | "amount" => "the number of dice",
        "actor.spend" => "the number of dice the actor puts in",
        "defender.spend" | "defender_dice" => "the number of dice the defender keeps back",
        "who" => "the character",
        "actor.who" | "opposed.actor.who" => "the actor",
        "defender.who" | "opposed.defender.who" => "the defender",
        "modifier" => "the modifier",
        "actor.modifier" | "opposed.actor.modifier" => "the actor's modifier",
        "defender.modifier" | "opposed.defender.modifier" => "the defender's modifier",
        "difficulty" => "the Difficulty",
        "actions.who" => "an action's character",
        "actions.difficulty" => "an action's Difficulty",
        "actions.modifier" => "an action's modifier",
        "pool" | "character.pool" => "the pool",
        "current" | "character.current" => "the current pool",
        "words" | "character.words" => "the list of descriptive words",
        "word" => "the new word",
        "replace.old" => "the word that goes",
        "replace.new" => "the word that takes its place",
        "occupation" | "character.occupation" => "the occupation",
        "name" | "character.name" => "the name",
        "detail" => "what happened",
        "line" | "character" => "the character line",
        "action" => "the list of actions",
        "left" => "the number of dice left",
        "reserve" => "the reserve",
        other => return format!("the {}", other.replace(['.', '_'], " ")),
    };
    named.to_owned()
}

/// [`words`] at the start of a sentence: its first letter capitalized.
fn sentence(field: &str) -> String {
    skald_core::capitalized(&words(field))
}

impl Error {
    /// The command's field this refusal is about, as a dotted path (`"spend"`,
    /// `"defender.spend"`), when it is about one: a page shows the refusal beside that field.
    pub fn field(&self) -> Option<String> {
        self.clone().field_mut().map(|field| (*field).to_owned())
    }

    /// This refusal as data, in the shape every system's share ([`Refusal`]): its kind and the
    /// command's field it is about ([`Error::field`]).
    pub fn refusal(&self) -> Refusal {
        use RefusalKind::{Dice, NotAllowed, NotNow, Unreadable};
        let kind = match self {
            Error::OutOfRange {
                value, min, max, ..
            } => RefusalKind::OutOfRange {
                value: *value,
                min: *min,
                max: *max,
            },
            Error::ConceptWords {
                count, min, max, ..
            } => RefusalKind::out_of_range(*count, *min, *max),
            Error::TextLength { len, max, .. }
            | Error::SaltLength { len, max, .. }
            | Error::NameLength { len, max, .. }
            | Error::LineLength { len, max, .. } => RefusalKind::Length {
                length: *len,
                max: *max,
            },
            Error::UnknownCharacter { name, .. } => RefusalKind::NotFound { name: name.clone() },
            Error::AlreadyEnrolled { name } => RefusalKind::Taken { name: name.clone() },
            Error::NotEnoughDice { .. }
            | Error::OffConcept { .. }
            | Error::NoDiceLeft { .. }
            | Error::SameCharacter { .. }
            | Error::EmptySecretRoll
            | Error::TwiceInSecretRoll { .. }
            | Error::NotInSecretRoll { .. }
            | Error::CommitmentMismatch { .. }
            | Error::LossBeyondPool { .. }
            | Error::NothingToRecover { .. }
            | Error::NoWordEarned { .. }
            | Error::MinorNpcWords { .. }
            | Error::Word { .. }
            | Error::NothingToChange
            | Error::TooFewDice { .. } => NotAllowed,
            Error::OutOfPlay { .. }
            | Error::NoAllocation { .. }
            | Error::SecretRollOpen { .. }
            | Error::NoSecretRoll
            | Error::AlreadyCommitted { .. }
            | Error::NotAllCommitted { .. }
            | Error::AlreadyRevealed { .. }
            | Error::CancelAfterReveal { .. }
            | Error::NotAllRevealed { .. }
            | Error::DieAlreadyWaiting { .. }
            | Error::ConceptChangeNotNow { .. }
            | Error::BetweenSessions { .. }
            | Error::SessionAlreadyEnded
            | Error::SessionInProgress => NotNow,
            Error::BadCommitment { .. } | Error::ActionNotation { .. } | Error::Line(_) => {
                Unreadable
            }
            Error::EndlessTie { .. } | Error::Odds(_) | Error::Dice(_) => Dice,
        };
        Refusal {
            kind,
            field: self.field(),
        }
    }

    /// The same refusal naming `renamed(field)` instead of its field (a calculator's flag for a
    /// scenario's field: `dice` as `--dice`); a refusal that names no field is returned as it is.
    #[must_use]
    pub fn rename_field(mut self, renamed: impl Fn(&'static str) -> &'static str) -> Self {
        if let Some(field) = self.field_mut() {
            *field = renamed(field);
        }
        self
    }

    /// The field a refusal names, if it names one: the one list of the kinds that do.
    fn field_mut(&mut self) -> Option<&mut &'static str> {
        match self {
            Error::OutOfRange { field, .. }
            | Error::TextLength { field, .. }
            | Error::ConceptWords { field, .. }
            | Error::UnknownCharacter { field, .. }
            | Error::OutOfPlay { field, .. }
            | Error::NotEnoughDice { field, .. }
            | Error::OffConcept { field, .. }
            | Error::NoDiceLeft { field, .. }
            | Error::TwiceInSecretRoll { field, .. }
            | Error::BadCommitment { field, .. }
            | Error::SaltLength { field, .. }
            | Error::LossBeyondPool { field, .. }
            | Error::NothingToRecover { field, .. }
            | Error::Word { field, .. }
            | Error::TooFewDice { field, .. }
            | Error::NameLength { field, .. }
            | Error::LineLength { field, .. }
            | Error::ActionNotation { field, .. } => Some(field),
            _ => None,
        }
    }

    /// `Ok(())` when `min <= value <= max`, otherwise [`Error::OutOfRange`] naming `field`, with
    /// `why` (what the number is, or the ruling that bounds it) for the message.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] when `value` is outside `min..=max`.
    pub fn check_range<T: Into<i64> + Copy>(
        field: &'static str,
        value: T,
        min: T,
        max: T,
        why: &'static str,
    ) -> Result<(), Error> {
        let (value, min, max) = (value.into(), min.into(), max.into());
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(Error::OutOfRange {
                field,
                value,
                min,
                max,
                why,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english_for_one_and_for_many() {
        let not_enough = |current| Error::NotEnoughDice {
            field: "spend",
            name: "Dirk".into(),
            asked: 2,
            left: 1,
            current,
        };
        assert_eq!(
            not_enough(1).to_string(),
            "The number of dice put in is 2, but Dirk has 1 of 1 die left this round, so at most 1 can go in (ruling \
             C1: the pool refills at the next round)"
        );
        assert_eq!(
            not_enough(3).to_string(),
            "The number of dice put in is 2, but Dirk has 1 of 3 dice left this round, so at most 1 can go in (ruling \
             C1: the pool refills at the next round)"
        );
        let off = Error::OffConcept {
            field: "spend",
            name: "Dirk".into(),
            asked: 2,
            cap: 1,
            current: 2,
        };
        assert_eq!(
            off.to_string(),
            "The number of dice put in is 2, but an action that does not fit Dirk's concept may use at most 1 die: a \
             third of the current pool 2, rounded up (ruling C2)"
        );
        let spent = |current| Error::NoDiceLeft {
            field: "who",
            name: "Dirk".into(),
            current,
        };
        assert_eq!(
            spent(1).to_string(),
            "The character is \"Dirk\", who has spent its only die this round: an action needs at least 1 \
             (ruling C1: the pool refills at the next round)"
        );
        assert_eq!(
            spent(4).to_string(),
            "The character is \"Dirk\", who has spent all 4 dice this round: an action needs at least 1 \
             (ruling C1: the pool refills at the next round)"
        );
        let words = Error::ConceptWords {
            field: "words",
            name: "X".into(),
            count: 1,
            min: 3,
            max: 12,
        };
        assert_eq!(
            words.to_string(),
            "X's concept holds 1 descriptive word, but a concept has 3 (up to 12 after \
             advancement, ruling C5), or none for a minor NPC"
        );
        let salt = Error::SaltLength {
            field: "salt",
            len: 1,
            min: 16,
            max: 128,
        };
        assert_eq!(
            salt.to_string(),
            "The salt is 1 character long, but it must be 16 to 128: an allocation is one of at most \
             101 numbers, so a short salt would let anyone try them all (ruling C4)"
        );
        let few = Error::TooFewDice {
            field: "action",
            actions: 2,
            free: 0,
            left: 1,
            reserve: 1,
        };
        assert_eq!(
            few.to_string(),
            "The list of actions declares 2 actions, but the 1 die left this round less the reserve of 1 \
             leaves 0 for them: each action needs at least 1 die (ruling C1)"
        );
        let range = |min, max| Error::OutOfRange {
            field: "spend",
            value: 2,
            min,
            max,
            why: "dice left",
        };
        assert_eq!(
            range(0, 1).to_string(),
            "The number of dice put in is 2, but it must be 0 to 1 (dice left)"
        );
        assert_eq!(
            range(1, 1).to_string(),
            "The number of dice put in is 2, but it must be 1 (dice left)"
        );
    }
}
