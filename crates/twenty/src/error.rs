//! Why the Twenty rules refused something: [`Error`] for a command (with [`SheetProblem`] for a
//! sheet), [`CatalogueError`] for a table file of keys and traits, [`OddsError`] for the calculators'
//! inputs. A refusal of a value out of bounds carries the field, the value and the allowed range as
//! data, and its message is made from them in the reader's words; every bound is a `pub const` of
//! `limits.rs`.

use skald_core::{Refusal, RefusalKind};
use skald_core::{SourceError, noun};

/// A refused Twenty command. The table is left exactly as it was, and any dice drawn are thrown
/// away with the command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A sheet that does not fit the rules (T1, T10, T12), at `add_character`. The message names
    /// the field as a reader of the form would ("Gorand: special item 1: name is empty: fill it
    /// in"), see `field_words`.
    #[error("{}{} {problem}", whose(character), field_words(field))]
    Sheet {
        /// The character's name as given.
        character: String,
        /// The field at fault: `name`, `stats`, `stats.Physical`, `keys`, `traits`, `traits.Arms`,
        /// `traits.0.name` (a blank name, by its place), `equipment`, `equipment.1.name`,
        /// `gear.0`, `burdens`, `burdens.Flesh wound`...
        field: String,
        /// What is wrong, with the value and what is allowed.
        problem: SheetProblem,
    },
    /// A character name that is already at the table.
    #[error("a character named {0:?} is already at the table (names are unique, ignoring case)")]
    DuplicateCharacter(String),
    /// A name that is not at the table.
    #[error("no character named {0:?} is at the table")]
    UnknownCharacter(String),
    /// A conflict's declarations are not acceptable: a participant declared twice, a death goal
    /// that names no opponent (T7), everyone on one side (T13).
    #[error("{0}")]
    Participants(String),
    /// A conflict with too few or too many participants.
    #[error("a conflict needs {min} to {max} characters taking part, not {count}")]
    ParticipantCount {
        /// `participants`.
        field: &'static str,
        /// The sides declared.
        count: usize,
        /// [`MIN_PARTICIPANTS`](crate::limits::MIN_PARTICIPANTS).
        min: usize,
        /// [`MAX_PARTICIPANTS`](crate::limits::MAX_PARTICIPANTS).
        max: usize,
    },
    /// A participant's goal that is blank or too long.
    #[error("{who}'s goal {}", text_problem(*.chars, *.max))]
    GoalLength {
        /// `participants`.
        field: &'static str,
        /// The side whose goal it is.
        who: String,
        /// The goal's length in characters (0 for a blank one).
        chars: usize,
        /// 1.
        min: usize,
        /// [`MAX_GOAL_CHARS`](crate::limits::MAX_GOAL_CHARS).
        max: usize,
    },
    /// A conflict is already in progress.
    #[error("a conflict is already in progress (exchange {0}); it must end first")]
    ConflictInProgress(u32),
    /// No conflict is in progress.
    #[error("no conflict is in progress")]
    NoConflict,
    /// The character is at the table but not in this conflict.
    #[error("{who} is not taking part in this conflict (taking part: {taking_part})")]
    NotAParticipant {
        /// The name given.
        who: String,
        /// Those taking part, comma-separated ("Gorand, Dragon").
        taking_part: String,
    },
    /// The participant has already brought in dice or stood in this exchange.
    #[error("{who} has already acted in exchange {exchange}; it waits for the others (T2)")]
    AlreadyActed {
        /// The participant.
        who: String,
        /// The current exchange.
        exchange: u32,
    },
    /// The participant must stand for the rest of the conflict.
    #[error("{0} was forced to stand and cannot bring in dice for the rest of this conflict (T2)")]
    MustStand(String),
    /// The participant surrendered.
    #[error(
        "{0} has surrendered and is out of this conflict (T4; a disabled character loses at once, T7)"
    )]
    Surrendered(String),
    /// No trait, stat or item of that name.
    #[error("{who} has no trait, stat or special item named {name:?} (has: {available})")]
    UnknownTrait {
        /// The participant.
        who: String,
        /// The name asked for.
        name: String,
        /// What it has, comma-separated.
        available: String,
    },
    /// The trait was already brought in this conflict.
    #[error("{who} already brought in {name} in this conflict; each trait once per conflict (T2)")]
    AlreadyUsed {
        /// The participant.
        who: String,
        /// The trait.
        name: String,
    },
    /// Too few unchecked boxes for this exchange: a trait brought into exchange n needs at least n
    /// (T2).
    #[error(
        "{who}'s {name} has {}; exchange {exchange} needs at least {exchange} (T2)",
        noun(*.unchecked as usize, "unchecked box", "unchecked boxes")
    )]
    TooFewBoxes {
        /// The participant.
        who: String,
        /// The trait.
        name: String,
        /// Its unchecked boxes: the value.
        unchecked: u32,
        /// The current exchange: the fewest unchecked boxes allowed.
        exchange: u32,
    },
    /// A text of a command (a name, a description, a goal, a service) that is blank or too long.
    #[error("{label} {}", text_problem(if value.trim().is_empty() { 0 } else { *.chars }, *.max))]
    TextLength {
        /// The command's field: `name`, `description`, `goal`, `as`, `service`.
        field: &'static str,
        /// What its form calls it, as the message names it: "the burden's name".
        label: &'static str,
        /// The text given.
        value: String,
        /// Its length in characters.
        chars: usize,
        /// 1.
        min: usize,
        /// The longest allowed: [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS),
        /// [`MAX_TEXT_CHARS`](crate::limits::MAX_TEXT_CHARS) or
        /// [`MAX_GOAL_CHARS`](crate::limits::MAX_GOAL_CHARS).
        max: usize,
    },
    /// A burden of more boxes than the opponent has dice above the taker's highest, or of none (T5).
    #[error(
        "a burden of {} cannot be taken: {from} has {} above {who}'s highest die ({highest}), so {} (T5)",
        noun(*.value as usize, "box", "boxes"),
        noun(*.max as usize, "die", "dice"),
        allowed(*.min, *.max)
    )]
    BurdenBoxes {
        /// `boxes`.
        field: &'static str,
        /// The boxes asked for.
        value: u32,
        /// The taker.
        who: String,
        /// The opponent.
        from: String,
        /// The taker's highest die (0 for an empty pool).
        highest: u32,
        /// 1.
        min: u32,
        /// How many of the opponent's dice are above `highest`.
        max: u32,
    },
    /// An obligation of more boxes than the granter's trait has unchecked, or of none (T11).
    #[error(
        "{} to colour: {granter}'s {trait_name} has {}, so {} (T11)",
        noun(*.value as usize, "box", "boxes"),
        noun(*.max as usize, "unchecked box", "unchecked boxes"),
        allowed(*.min, *.max)
    )]
    ObligationBoxes {
        /// `boxes`.
        field: &'static str,
        /// The boxes asked for.
        value: u32,
        /// The granter.
        granter: String,
        /// The granter's trait.
        trait_name: String,
        /// 1.
        min: u32,
        /// The trait's unchecked boxes.
        max: u32,
    },
    /// A rest or a major goal that names too few or too many boxes to uncheck (T10).
    #[error(
        "{} to uncheck; {min} to {max} allowed",
        noun(*.count, "box", "boxes")
    )]
    UncheckCount {
        /// `uncheck`.
        field: &'static str,
        /// The boxes named.
        count: usize,
        /// 1.
        min: usize,
        /// [`MAX_UNCHECK`](crate::limits::MAX_UNCHECK).
        max: usize,
    },
    /// A trait, stat or item asked to uncheck more boxes than it has checked (T10; coloured boxes do
    /// not regenerate, T11).
    #[error(
        "{who}'s {name} has {}{}; cannot uncheck {wanted} (T10)",
        noun(*.checked as usize, "checked box", "checked boxes"),
        coloured_note(*.coloured)
    )]
    TooFewChecked {
        /// `uncheck`.
        field: &'static str,
        /// The character.
        who: String,
        /// The trait, stat or item.
        name: String,
        /// The boxes asked for: the value.
        wanted: u32,
        /// Its checked boxes: the most allowed.
        checked: u32,
        /// Its coloured boxes, which do not count (T11).
        coloured: u32,
    },
    /// A major goal that unchecks more than it may (T10).
    #[error("a major goal unchecks up to {max} boxes, not {count} (T10)")]
    MajorGoalUncheck {
        /// `reward.uncheck`.
        field: &'static str,
        /// The boxes named.
        count: usize,
        /// [`MAJOR_GOAL_UNCHECK`](crate::limits::MAJOR_GOAL_UNCHECK).
        max: usize,
    },
    /// An advancement's box on a trait that has the most boxes a trait may have (T10).
    #[error("{name} has {boxes} boxes, the most a trait may have")]
    TraitFull {
        /// `reward.three_boxes`.
        field: &'static str,
        /// The trait.
        name: String,
        /// Its boxes: the value, which one more box would pass.
        boxes: u32,
        /// [`MAX_BOXES`](crate::limits::MAX_BOXES).
        max: u32,
    },
    /// A healer's pick of burden boxes to remove that cannot be taken (T8): not the healer of a
    /// healing conflict, a value no box of the burden holds (or more boxes of it than there are),
    /// or more picks than the dice earn.
    #[error("the burden boxes picked to remove, {value}: {allowed} (T8)")]
    HealingPick {
        /// `remove`.
        field: &'static str,
        /// The picks as sent (`[17, 3]`), or the one at fault.
        value: String,
        /// What may be picked, in words: the burden's boxes, or how many the dice earn.
        allowed: String,
    },
    /// The final tie did not break within [`MAX_TIE_ROLLS`](crate::limits::MAX_TIE_ROLLS)
    /// roll-offs (T4).
    #[error("the final tie was still unbroken after {0} roll-offs")]
    TieUnbroken(u32),
    /// The exact odds of a choice could not be computed (their inputs out of bounds).
    #[error("{0}")]
    Odds(OddsError),
    /// Another rule refused the command; the message names it (T-id), the value and what is allowed.
    #[error("{0}")]
    Rule(String),
    /// A die from the dice source was missing or not a face of a d20.
    #[error("dice: {0}")]
    Dice(#[from] SourceError),
}

/// What is wrong with a text of `chars` characters (0 for a blank one) where 1 to `max` are
/// allowed: "is empty: fill it in", or "has 612 characters; at most 500".
fn text_problem(chars: usize, max: usize) -> String {
    if chars == 0 {
        "is empty: fill it in".to_owned()
    } else {
        format!(
            "has {}; at most {max}",
            noun(chars, "character", "characters")
        )
    }
}

/// "Gorand: " before a sheet's refusal, or nothing for a sheet whose name is blank.
fn whose(character: &str) -> String {
    if character.trim().is_empty() {
        String::new()
    } else {
        format!("{character}: ")
    }
}

/// A sheet's field path as the builder's form names it: a list in words, an entry by its place
/// counted from 1 or by its name (`equipment.0.name` is "special item 1: name", `gear.2` is "other
/// equipment 3", `traits.Arms` is "trait Arms", `stats.Physical` is "Physical"); a whole list by
/// its name ("special items", "stats").
fn field_words(field: &str) -> String {
    let (head, rest) = field.split_once('.').unwrap_or((field, ""));
    let (one, all) = match head {
        "equipment" => ("special item", "special items"),
        "traits" => ("trait", "traits"),
        "burdens" => ("burden", "burdens"),
        "gear" => ("other equipment", "other equipment"),
        "keys" => ("key", "keys"),
        "stats" => ("", "stats"),
        _ => return field.to_owned(),
    };
    if rest.is_empty() {
        return all.to_owned();
    }
    let (place, last) = rest.split_once('.').unwrap_or((rest, ""));
    match place.parse::<usize>() {
        Ok(i) if last.is_empty() => format!("{one} {}", i + 1),
        Ok(i) => format!("{one} {}: {last}", i + 1),
        Err(_) if one.is_empty() => rest.to_owned(),
        Err(_) => format!("{one} {rest}"),
    }
}

/// What is wrong with a name: blank ("is empty: fill it in", as a blank left empty anywhere reads),
/// or too long.
fn name_problem(value: &str, min: usize, max: usize) -> String {
    if value.trim().is_empty() {
        "is empty: fill it in".to_owned()
    } else {
        format!("{value:?} must be {min} to {max} characters, not blank")
    }
}

/// " and N coloured, which do not regenerate (T11)" when `coloured` is not 0.
fn coloured_note(coloured: u32) -> String {
    if coloured > 0 {
        format!(" and {coloured} coloured, which do not regenerate (T11)")
    } else {
        String::new()
    }
}

/// What is wrong with a sheet's field ([`Error::Sheet`]), with the value and what is allowed; the
/// message follows the field's name ("traits.Arms has 21 boxes; allowed 1 to 20").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetProblem {
    /// A name that is blank or too long.
    #[error("{}", name_problem(value, *min, *max))]
    NameLength {
        /// The name given.
        value: String,
        /// Its length in characters.
        chars: usize,
        /// 1.
        min: usize,
        /// [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS).
        max: usize,
    },
    /// A stat, trait, item or burden with too few or too many boxes.
    #[error("has {value} boxes; allowed {min} to {max}")]
    Boxes {
        /// The boxes it has.
        value: usize,
        /// 1.
        min: usize,
        /// [`MAX_BOXES`](crate::limits::MAX_BOXES).
        max: usize,
    },
    /// A stat with more checked boxes than boxes.
    #[error("has {checked} checked of {}", noun(*.boxes as usize, "box", "boxes"))]
    Checked {
        /// Its checked boxes: the value.
        checked: u32,
        /// Its boxes: the most allowed.
        boxes: u32,
    },
    /// A trait or item with more checked and coloured boxes than boxes.
    #[error(
        "has {checked} checked and {coloured} coloured of {}",
        noun(*.boxes as usize, "box", "boxes")
    )]
    CheckedAndColoured {
        /// Its checked boxes.
        checked: u32,
        /// Its coloured boxes (T11).
        coloured: u32,
        /// Its boxes: the most allowed for both together.
        boxes: u32,
    },
    /// A list (traits, equipment, burdens) with too many entries.
    #[error("has {count} entries; at most {max}")]
    Entries {
        /// The entries given.
        count: usize,
        /// [`MAX_TRAITS`](crate::limits::MAX_TRAITS).
        max: usize,
    },
    /// A burden box that does not hold a d20 face (T5).
    #[error("holds {value}; a burden box holds a d20 face, {min} to {max} (T5)")]
    Face {
        /// The value given.
        value: u32,
        /// 1.
        min: u32,
        /// [`SIDES`](crate::limits::SIDES).
        max: u32,
    },
    /// A new character with too few or too many traits (T1).
    #[error("are {count}; a new character picks {min} to {max} traits (T1)")]
    TraitCount {
        /// The traits given.
        count: usize,
        /// The fewest, from [`NEW_TRAITS`](crate::limits::NEW_TRAITS).
        min: usize,
        /// The most, from [`NEW_TRAITS`](crate::limits::NEW_TRAITS).
        max: usize,
    },
    /// A new character whose traits' boxes do not add up (T1).
    #[error(
        "have {} in all; a new character spreads exactly {needed} (T1): {}",
        noun(*.total as usize, "box", "boxes"),
        boxes_fix(*.total, *.needed)
    )]
    TraitBoxes {
        /// The boxes over all its traits: the value.
        total: u32,
        /// [`NEW_TRAIT_BOXES`](crate::limits::NEW_TRAIT_BOXES).
        needed: u32,
    },
    /// Another rule of the sheet's kind (T1, T10, T12); the message names it.
    #[error("{0}")]
    Rule(String),
}

impl From<String> for SheetProblem {
    fn from(message: String) -> Self {
        SheetProblem::Rule(message)
    }
}

impl From<&str> for SheetProblem {
    fn from(message: &str) -> Self {
        SheetProblem::Rule(message.to_string())
    }
}

/// What a refusal allows, from `min` to `max`: `"1 to 3"`, `"exactly 1"`, or `"none"` when `max` is
/// below `min`.
fn allowed(min: u32, max: u32) -> String {
    match max.cmp(&min) {
        std::cmp::Ordering::Less => "none".to_owned(),
        std::cmp::Ordering::Equal => format!("exactly {min}"),
        std::cmp::Ordering::Greater => format!("{min} to {max}"),
    }
}

/// "remove N" or "add N": what makes `total` boxes `needed`.
fn boxes_fix(total: u32, needed: u32) -> String {
    if total > needed {
        format!("remove {}", total - needed)
    } else {
        format!("add {}", needed - total)
    }
}

/// Why a table file or a merge was refused. Every message names the field, the value and what is
/// allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// The file is larger than [`MAX_CATALOGUE_BYTES`](crate::limits::MAX_CATALOGUE_BYTES).
    #[error("the catalogue file has {bytes} bytes; at most {limit} are read")]
    TooLarge {
        /// The file's size in bytes.
        bytes: usize,
        /// [`MAX_CATALOGUE_BYTES`](crate::limits::MAX_CATALOGUE_BYTES).
        limit: usize,
    },
    /// The file is not valid TOML, or not in the catalogue's shape (toml's message, with the line).
    #[error("the catalogue file does not read as a catalogue: {0}")]
    Toml(String),
    /// A list with too many entries.
    #[error("{field} = {count} entries: at most {max}")]
    Count {
        /// Where: `keys`, `traits`, `open`, `keys.Paladin.prerequisites`, `keys.Warrior.traits`...
        field: String,
        /// The entries given.
        count: usize,
        /// [`MAX_KEYS`](crate::limits::MAX_KEYS), [`MAX_TRAIT_DEFS`](crate::limits::MAX_TRAIT_DEFS)
        /// or [`MAX_KEY_ENTRIES`](crate::limits::MAX_KEY_ENTRIES).
        max: usize,
    },
    /// A name that is blank, too long, or with leading or trailing spaces.
    #[error(
        "{field} = {value:?}: a name has {min} to {max} characters (has {chars}), not blank, without \
         leading or trailing spaces"
    )]
    NameLength {
        /// Where: `keys[0].name`, `traits[3].name`, `open[1]`, `keys.Warrior.traits[2]`...
        field: String,
        /// The name given.
        value: String,
        /// Its length in characters.
        chars: usize,
        /// 1.
        min: usize,
        /// [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS).
        max: usize,
    },
    /// A description or goal that is too long.
    #[error("{field} = {chars} characters: at most {max} characters")]
    TextLength {
        /// Where: `keys.Warrior.description`, `keys.Warrior.minor_goals[0]`,
        /// `traits.Fame.description`...
        field: String,
        /// Its length in characters.
        chars: usize,
        /// [`MAX_TEXT_CHARS`](crate::limits::MAX_TEXT_CHARS).
        max: usize,
    },
    /// A prerequisite's boxes out of range (T10).
    #[error("{field} = {value}: a prerequisite needs {min} to {max} boxes")]
    PrerequisiteBoxes {
        /// Where: `keys.Paladin.prerequisites[0].boxes`.
        field: String,
        /// The boxes given.
        value: u32,
        /// 1.
        min: u32,
        /// [`MAX_BOXES`](crate::limits::MAX_BOXES), a sheet's bound.
        max: u32,
    },
    /// Another field's value that is not allowed: a skeleton key with prerequisites, an elite key
    /// without, a name listed twice in one key's list.
    #[error("{field} = {value}: {problem}")]
    Field {
        /// Where: `keys.Paladin.prerequisites`, `keys.Dragon.traits`...
        field: String,
        /// The value as given (quoted when text).
        value: String,
        /// What is wrong and what is allowed.
        problem: String,
    },
    /// A name already taken, in the same file or (merging) in the catalogue it joins.
    #[error("{what} {name:?} is already in the catalogue (names are unique, ignoring case)")]
    Clash {
        /// "key", "trait" or "open trait".
        what: &'static str,
        /// The name as given in the file being read or merged.
        name: String,
    },
}

/// Why [`p_ahead`](crate::odds::p_ahead) or a calculator of [`reports`](crate::reports) gave no
/// answer. Messages name the input, its value and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    /// A pool with more dice than [`MAX_POOL_DICE`](crate::limits::MAX_POOL_DICE).
    #[error("{field} = {dice} dice: at most {max} dice in a pool")]
    PoolSize {
        /// Which pool: `mine`, `others[1].pool`.
        field: String,
        /// The dice in it.
        dice: usize,
        /// [`MAX_POOL_DICE`](crate::limits::MAX_POOL_DICE).
        max: usize,
    },
    /// A die that is not a face of a d20.
    #[error("{field} = {value}: a die shows {min} to {max}")]
    Face {
        /// Which pool: `mine`, `others[1].pool`.
        field: String,
        /// The first value out of range.
        value: u32,
        /// 1.
        min: u32,
        /// [`SIDES`](crate::limits::SIDES).
        max: u32,
    },
    /// More new dice than one participant brings in one exchange.
    #[error("{field} = {value}: {min} to {max} new dice")]
    NewDice {
        /// Whose: `my_new_dice`, `others[0].new_dice`.
        field: String,
        /// The new dice given.
        value: u32,
        /// 0.
        min: u32,
        /// [`MAX_NEW_DICE`](crate::limits::MAX_NEW_DICE).
        max: u32,
    },
    /// More other participants than a conflict can have.
    #[error("{field} = {count} participants: at most {max} other participants")]
    Others {
        /// `others`.
        field: &'static str,
        /// The others given.
        count: usize,
        /// [`MAX_OTHERS`](crate::limits::MAX_OTHERS).
        max: usize,
    },
    /// A die of a pool as written ([`read_pool`](crate::reports::read_pool)) that is not a face of
    /// a d20.
    #[error("{text:?} is not a d20 face: dice are {min} to {max}, comma-separated, like 15,15,12")]
    NotAFace {
        /// The part as written, trimmed.
        text: String,
        /// 1.
        min: u32,
        /// [`SIDES`](crate::limits::SIDES).
        max: u32,
    },
    /// A pool as written ([`read_pool`](crate::reports::read_pool)) with more dice than
    /// [`MAX_POOL_DICE`](crate::limits::MAX_POOL_DICE).
    #[error("{dice} dice; a pool has at most {max}")]
    TooManyDice {
        /// The dice written.
        dice: usize,
        /// [`MAX_POOL_DICE`](crate::limits::MAX_POOL_DICE).
        max: usize,
    },
    /// More opponents than a conflict can have ([`reports::odds`](crate::reports::odds)).
    #[error("{field} is given {count} times; at most {max} opponents")]
    Opponents {
        /// The option that gives the opponents: `--theirs`.
        field: &'static str,
        /// The opponents given.
        count: usize,
        /// [`MAX_OTHERS`](crate::limits::MAX_OTHERS).
        max: usize,
    },
    /// Opponents' new dice given neither once for all nor once per opponent
    /// ([`reports::odds`](crate::reports::odds)).
    #[error(
        "{field} is given {count} times for {} (--theirs): give it once for all of them, or once \
         per opponent",
        noun(*.opponents, "opponent", "opponents")
    )]
    NewDiceCount {
        /// The option that gives them: `--theirs-bring`.
        field: &'static str,
        /// How many were given: the value (allowed: 1, or `opponents`).
        count: usize,
        /// The opponents (`--theirs`).
        opponents: usize,
    },
    /// The exact computation would pass a bound ([`MAX_STATES`](crate::limits::MAX_STATES),
    /// [`MAX_WORK`](crate::limits::MAX_WORK)).
    #[error(
        "exact odds would need at least {value} {measure}, beyond the limit of {limit}: fewer new dice or \
         fewer opponents"
    )]
    TooLarge {
        /// "states" or "units of work".
        measure: &'static str,
        /// How many it would take, at least.
        value: u64,
        /// The bound.
        limit: u64,
    },
}

/// `n` as an `i64` for a [`RefusalKind::OutOfRange`] (a count of boxes, dice or entries: far
/// below `i64::MAX`).
fn whole(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

impl SheetProblem {
    /// This problem's kind, in the shape every system's refusals share ([`RefusalKind`]).
    pub fn kind(&self) -> RefusalKind {
        match self {
            SheetProblem::NameLength { chars, max, .. } => RefusalKind::Length {
                length: *chars,
                max: *max,
            },
            SheetProblem::Boxes { value, min, max }
            | SheetProblem::TraitCount {
                count: value,
                min,
                max,
            } => RefusalKind::OutOfRange {
                value: whole(*value),
                min: whole(*min),
                max: whole(*max),
            },
            SheetProblem::Checked { checked, boxes } => RefusalKind::OutOfRange {
                value: whole(*checked),
                min: 0,
                max: whole(*boxes),
            },
            SheetProblem::Entries { count, max } => RefusalKind::OutOfRange {
                value: whole(*count),
                min: 0,
                max: whole(*max),
            },
            SheetProblem::Face { value, min, max } => RefusalKind::OutOfRange {
                value: whole(*value),
                min: whole(*min),
                max: whole(*max),
            },
            SheetProblem::CheckedAndColoured { .. }
            | SheetProblem::TraitBoxes { .. }
            | SheetProblem::Rule(_) => RefusalKind::NotAllowed,
        }
    }
}

impl Error {
    /// This refusal as data, in the shape every system's share ([`Refusal`]): its kind and the
    /// command's field it is about ([`Error::field`]). A refusal still said only in words
    /// ([`Error::Rule`]) is [`RefusalKind::NotAllowed`].
    pub fn refusal(&self) -> Refusal {
        use RefusalKind::{Dice, NotAllowed, NotNow};
        let kind = match self {
            Error::Sheet { problem, .. } => problem.kind(),
            Error::DuplicateCharacter(name) => RefusalKind::Taken { name: name.clone() },
            Error::UnknownCharacter(name) => RefusalKind::NotFound { name: name.clone() },
            Error::UnknownTrait { name, .. } => RefusalKind::NotFound { name: name.clone() },
            Error::ParticipantCount {
                count, min, max, ..
            }
            | Error::UncheckCount {
                count, min, max, ..
            } => RefusalKind::OutOfRange {
                value: whole(*count),
                min: whole(*min),
                max: whole(*max),
            },
            Error::MajorGoalUncheck { count, max, .. } => RefusalKind::OutOfRange {
                value: whole(*count),
                min: 0,
                max: whole(*max),
            },
            Error::BurdenBoxes {
                value, min, max, ..
            }
            | Error::ObligationBoxes {
                value, min, max, ..
            } => RefusalKind::OutOfRange {
                value: whole(*value),
                min: whole(*min),
                max: whole(*max),
            },
            Error::GoalLength { chars, max, .. } | Error::TextLength { chars, max, .. } => {
                RefusalKind::Length {
                    length: *chars,
                    max: *max,
                }
            }
            Error::ConflictInProgress(_)
            | Error::NoConflict
            | Error::AlreadyActed { .. }
            | Error::MustStand(_)
            | Error::Surrendered(_) => NotNow,
            Error::Participants(_)
            | Error::NotAParticipant { .. }
            | Error::AlreadyUsed { .. }
            | Error::TooFewBoxes { .. }
            | Error::TooFewChecked { .. }
            | Error::TraitFull { .. }
            | Error::HealingPick { .. }
            | Error::Rule(_) => NotAllowed,
            Error::TieUnbroken(_) | Error::Odds(_) | Error::Dice(_) => Dice,
        };
        Refusal {
            kind,
            field: self.field(),
        }
    }

    /// The command's field this refusal is about, as a dotted path (a sheet's field under
    /// `character`, as `add_character` holds it), when it is about one; a page shows the refusal
    /// beside that field.
    pub fn field(&self) -> Option<String> {
        match self {
            Error::Sheet { field, .. } => Some(format!("character.{field}")),
            Error::ParticipantCount { field, .. }
            | Error::GoalLength { field, .. }
            | Error::TextLength { field, .. }
            | Error::BurdenBoxes { field, .. }
            | Error::ObligationBoxes { field, .. }
            | Error::UncheckCount { field, .. }
            | Error::TooFewChecked { field, .. }
            | Error::MajorGoalUncheck { field, .. }
            | Error::TraitFull { field, .. }
            | Error::HealingPick { field, .. } => Some((*field).to_owned()),
            Error::Participants(_) => Some("participants".to_owned()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english_for_one_and_for_many() {
        let too_few = |unchecked| Error::TooFewBoxes {
            who: "Gorand".into(),
            name: "Swords".into(),
            unchecked,
            exchange: 2,
        };
        assert_eq!(
            too_few(1).to_string(),
            "Gorand's Swords has 1 unchecked box; exchange 2 needs at least 2 (T2)"
        );
        assert_eq!(
            too_few(0).to_string(),
            "Gorand's Swords has 0 unchecked boxes; exchange 2 needs at least 2 (T2)"
        );
        let burden_of = |value, max| Error::BurdenBoxes {
            field: "boxes",
            value,
            who: "Gorand".into(),
            from: "Dragon".into(),
            highest: 12,
            min: 1,
            max,
        };
        assert_eq!(
            burden_of(2, 1).to_string(),
            "a burden of 2 boxes cannot be taken: Dragon has 1 die above Gorand's highest die (12), so exactly 1 (T5)"
        );
        assert_eq!(
            burden_of(2, 0).to_string(),
            "a burden of 2 boxes cannot be taken: Dragon has 0 dice above Gorand's highest die (12), so none (T5)"
        );
        assert_eq!(
            burden_of(4, 3).to_string(),
            "a burden of 4 boxes cannot be taken: Dragon has 3 dice above Gorand's highest die (12), so 1 to 3 (T5)"
        );
        let obligation = Error::ObligationBoxes {
            field: "boxes",
            value: 2,
            granter: "Gorand".into(),
            trait_name: "Fame".into(),
            min: 1,
            max: 1,
        };
        assert_eq!(
            obligation.to_string(),
            "2 boxes to colour: Gorand's Fame has 1 unchecked box, so exactly 1 (T11)"
        );
        let checked = Error::TooFewChecked {
            field: "uncheck",
            who: "Gorand".into(),
            name: "Swords".into(),
            wanted: 2,
            checked: 1,
            coloured: 0,
        };
        assert_eq!(
            checked.to_string(),
            "Gorand's Swords has 1 checked box; cannot uncheck 2 (T10)"
        );
        let text = |value: &str| Error::TextLength {
            field: "name",
            label: "the burden's name",
            value: value.into(),
            chars: value.chars().count(),
            min: 1,
            max: 64,
        };
        assert_eq!(
            text(" ").to_string(),
            "the burden's name is empty: fill it in"
        );
        assert_eq!(
            text(&"x".repeat(65)).to_string(),
            "the burden's name has 65 characters; at most 64"
        );
        // A sheet's fields as its builder names them.
        for (field, words) in [
            ("equipment.0.name", "special item 1: name"),
            ("gear.2", "other equipment 3"),
            ("traits.Arms", "trait Arms"),
            ("stats.Physical", "Physical"),
            ("stats", "stats"),
            ("equipment", "special items"),
            ("name", "name"),
        ] {
            assert_eq!(field_words(field), words, "{field}");
        }
        assert_eq!(
            SheetProblem::Checked {
                checked: 2,
                boxes: 1
            }
            .to_string(),
            "has 2 checked of 1 box"
        );
        assert_eq!(
            SheetProblem::CheckedAndColoured {
                checked: 1,
                coloured: 1,
                boxes: 1
            }
            .to_string(),
            "has 1 checked and 1 coloured of 1 box"
        );
        assert_eq!(
            SheetProblem::TraitBoxes {
                total: 1,
                needed: 10
            }
            .to_string(),
            "have 1 box in all; a new character spreads exactly 10 (T1): add 9"
        );
        assert_eq!(
            OddsError::NewDiceCount {
                field: "--theirs-bring",
                count: 2,
                opponents: 1
            }
            .to_string(),
            "--theirs-bring is given 2 times for 1 opponent (--theirs): give it once for all of \
             them, or once per opponent"
        );
    }
}
