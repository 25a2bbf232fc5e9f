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
    /// A conflict's participant declared twice.
    #[error("{who} is named twice: each character takes part once")]
    NamedTwice {
        /// The participant (field `participants`).
        who: String,
    },
    /// A fight to the death that names no opponent: the character itself, one not in the
    /// conflict, or an ally (T7, T13).
    #[error(
        "{who}'s fight to the death names {}: a death goal names an opponent (T7)",
        death_target_words(target, *.because)
    )]
    DeathGoal {
        /// The participant whose goal it is (field `participants`).
        who: String,
        /// Whose death it names.
        target: String,
        /// Why `target` is no opponent.
        because: NotOpponent,
    },
    /// A conflict whose participants all declared the same goal: one side (T13).
    #[error(
        "{} all declared the same goal, so they are one side; a conflict needs two sides or more \
         with different goals (T13)",
        side.join(", ")
    )]
    OneSide {
        /// The participants (field `participants`).
        side: Vec<String>,
    },
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
    /// A character who is dead (T7), named by a command that needs a living one.
    #[error("{who} is dead (T7)")]
    Dead {
        /// The command's field that names it: `who`, `granter`, `grantee`, `healer`, `patient`,
        /// `participants`.
        field: &'static str,
        /// The character.
        who: String,
    },
    /// A character who is dead (T7), or who is in the party, named as the opponent a party's
    /// chance is weighed against (the balance report).
    #[error(
        "{name} is {}",
        if *.dead {
            "dead: the dead enter no conflict (T7); name an opponent alive"
        } else {
            "in the party: name an opponent outside it"
        }
    )]
    UnfitOpponent {
        /// The character named `against`.
        name: String,
        /// Dead (T7); otherwise one of the party.
        dead: bool,
    },
    /// A healer who is disabled, and would lose the healing conflict at once (T7).
    #[error("{who} is disabled and would lose at once (T7)")]
    Disabled {
        /// `healer`.
        field: &'static str,
        /// The character.
        who: String,
    },
    /// A character in a conflict asked to regenerate: boxes regenerate outside conflicts (T10).
    #[error("{who} is in a conflict; boxes regenerate outside conflicts (T10)")]
    InConflict {
        /// The character.
        who: String,
    },
    /// A participant asked for its choices or advice when it cannot act (T2, T4, T5, T8).
    #[error("{who} cannot act now in exchange {exchange}{}", idle_words(who, *.because))]
    CannotAct {
        /// The participant.
        who: String,
        /// The current exchange.
        exchange: u32,
        /// Why it cannot.
        because: Idle,
    },
    /// What the GM's side of a healing conflict does not do: bring in dice or stand of its own, it
    /// rolls when the healer brings in (T8); surrender (T8); take a burden (T5).
    #[error("{}", gm_words(*.0))]
    GmSide(GmAct),
    /// A surrendered participant named in a burden's taking: as the taker, who takes none, or as the
    /// opponent, whose dice are gone (T5).
    #[error(
        "{who} has surrendered{}",
        if *.taker {
            ": surrendered participants take no burdens (T5)"
        } else {
            "; its dice are gone (T5)"
        }
    )]
    SurrenderedBurden {
        /// The participant.
        who: String,
        /// The taker (field `who`); otherwise the opponent it is taken from (field `from`).
        taker: bool,
    },
    /// A burden taken from, or used against, a participant who is not an opponent: the taker
    /// itself, one not in this conflict, or an ally (T5, T6, T13).
    #[error(
        "{}; {}",
        not_opponent_words(who, other, *.because),
        if *.using {
            "a burden's boxes are used against its owner by an opponent (T6)"
        } else {
            "a burden is taken from an opponent (T5)"
        }
    )]
    NotAnOpponent {
        /// The participant taking or using the burden.
        who: String,
        /// The one named as its opponent: `from` (taking) or `of` (using).
        other: String,
        /// Why `other` is no opponent.
        because: NotOpponent,
        /// Using a burden's box (`use_burden`, field `of`, T6); otherwise taking a burden
        /// (`take_burden`, field `from`, T5).
        using: bool,
    },
    /// An opponent with no die above the taker's highest: no burden can be taken from it (T5).
    #[error(
        "{from} has no dice above {who}'s highest die {highest}: no burden can be taken from it (T5)"
    )]
    NoDiceAbove {
        /// The taker.
        who: String,
        /// The opponent (field `from`).
        from: String,
        /// The taker's highest die (0 for an empty pool).
        highest: u32,
    },
    /// A name a character's sheet does not hold: a trait, stat or item to uncheck (T10), a trait to
    /// get a box or to swap (T10), a special item to repair (T9), a trait to grant an obligation
    /// from (T11).
    #[error("{who} has no {what} named {name:?}{rule}")]
    NotOnSheet {
        /// The command's field that names it: `uncheck`, `reward.uncheck`, `reward.three_boxes`,
        /// `reward.swap_trait.old`, `item`, `trait`.
        field: &'static str,
        /// The character.
        who: String,
        /// What was looked for, in words: "trait, stat or item", "trait", "special item".
        what: &'static str,
        /// The name given.
        name: String,
        /// What it was wanted for and the rule, as the sentence ends (empty, or " to swap (T10)",
        /// " (T10: traits get boxes)", " to grant from (T11)").
        rule: &'static str,
    },
    /// A burden the character does not carry: used against its owner (T6) or healed (T8).
    #[error("{who} has no burden named {name:?} (has: {carried})")]
    NoBurden {
        /// `burden`.
        field: &'static str,
        /// The burden's bearer.
        who: String,
        /// The name given.
        name: String,
        /// The burdens it carries, comma-separated.
        carried: String,
    },
    /// An obligation trait the grantee does not hold, to end (T11).
    #[error("{grantee} holds no obligation trait named {name:?} (T11)")]
    NoObligation {
        /// The grantee.
        grantee: String,
        /// The trait given (field `trait`).
        name: String,
    },
    /// A key that neither the book nor the table's catalogue has, for a major goal's new key (T10,
    /// T12).
    #[error("{key:?} is not a key of the book or of this table (T12)")]
    UnknownKey {
        /// `reward.new_key`.
        field: &'static str,
        /// The key given.
        key: String,
    },
    /// What a character already has, asked for again: a trait or a key from a major goal (T10), a
    /// trait an obligation would write under the same name (T11).
    #[error("{who} already has {}", held(what, name))]
    AlreadyHas {
        /// `reward.new_trait`, `reward.swap_trait.new`, `reward.new_key` or `as`.
        field: &'static str,
        /// The character.
        who: String,
        /// What it is, as the sentence names it before the name: empty (the name alone), "the
        /// key", or "a trait named" (a kind ending in "named" quotes the name).
        what: &'static str,
        /// The name given.
        name: String,
    },
    /// A burden named as one its bearer already carries (T5: names tell burdens apart).
    #[error("{bearer} already carries a burden named {name:?}; name it differently")]
    BurdenNameTaken {
        /// Who would carry it: the taker, or the patient of a healing (T14).
        bearer: String,
        /// The name given (field `name`).
        name: String,
    },
    /// A trait the table defines that is already on the catalogue's list (T12).
    #[error("the trait {name:?} is already on the list (T12)")]
    TraitOnList {
        /// The name given (field `name`).
        name: String,
    },
    /// A key whose prerequisites the character's traits do not meet (T10).
    #[error("{key} needs {} (T10)", missing.join(", "))]
    Prerequisites {
        /// `reward.new_key`.
        field: &'static str,
        /// The key.
        key: String,
        /// Each prerequisite unmet, in words: "Divinity 2 (has 1)".
        missing: Vec<String>,
    },
    /// A trait neither unlocked by the character's keys nor open (T10).
    #[error("{name} is not unlocked by {} nor open (T10)", keys.join(", "))]
    NotUnlocked {
        /// `reward.new_trait` or `reward.swap_trait.new`.
        field: &'static str,
        /// The trait given.
        name: String,
        /// The character's keys.
        keys: Vec<String>,
    },
    /// An advancement's three boxes that are not on `wanted` different traits (T10).
    #[error(
        "pick {wanted} different traits to get a box each (T10); picked: {}",
        none_or_list(names)
    )]
    ThreeTraits {
        /// `reward.three_boxes`.
        field: &'static str,
        /// The traits named, as given.
        names: Vec<String>,
        /// [`THREE_BOXES`](crate::limits::THREE_BOXES).
        wanted: usize,
    },
    /// A special item brought in while broken (T9).
    #[error("{who}'s {item} is broken and cannot be used until repaired (T9)")]
    Broken {
        /// The participant.
        who: String,
        /// The item (field `trait`).
        item: String,
    },
    /// A special item to repair that is not broken (T9).
    #[error("{who}'s {item} is not broken (T9)")]
    NotBroken {
        /// The owner.
        who: String,
        /// The item (field `item`).
        item: String,
    },
    /// An opponent's burden used in the conflict that made it (T6).
    #[error("{of}'s {burden} was made in this conflict and cannot be used in it (T6)")]
    NewBurden {
        /// The burden's owner.
        of: String,
        /// The burden (field `burden`).
        burden: String,
    },
    /// A burden's box value with no box of it left unused in this conflict (T6: each box once per
    /// conflict).
    #[error(
        "{of}'s {burden} has no unused box of {value} in this conflict (boxes {boxes:?}; each once \
         per conflict, T6)"
    )]
    NoUnusedBox {
        /// The burden's owner.
        of: String,
        /// The burden.
        burden: String,
        /// The value asked for (field `value`).
        value: u32,
        /// The burden's boxes, unused or not.
        boxes: Vec<u32>,
    },
    /// An obligation granted to its granter (T11).
    #[error("an obligation is granted to someone else (T11)")]
    OwnObligation {
        /// The granter, named as grantee too (field `grantee`).
        who: String,
    },
    /// A party of which no character can fight (the balance calculators): none given, or each
    /// dead, disabled or an NPC (T7).
    #[error(
        "{}",
        if !*.default_party {
            "No character of the party can fight: add a player's character, or heal one who is \
             disabled"
        } else {
            "No player character here can fight (none is at the table, or each is dead or \
             disabled, T7; an NPC's sheet is not one): name the party with --party"
        }
    )]
    EmptyParty {
        /// The party was every player character at the table, none named (the balance report,
        /// whose `--party` names one); otherwise the party given.
        default_party: bool,
    },
    /// An opponent's trait for the balance calculators with too few or too many boxes.
    #[error("A trait of the opponent has {value} boxes: give it {min} to {max}")]
    OpponentBoxes {
        /// The trait's boxes.
        value: u32,
        /// 1.
        min: u32,
        /// [`MAX_BOXES`](crate::limits::MAX_BOXES).
        max: u32,
    },
    /// A die from the dice source was missing or not a face of a d20.
    #[error("dice: {0}")]
    Dice(#[from] SourceError),
}

/// Why a participant cannot act now ([`Error::CannotAct`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Idle {
    /// It has acted in this exchange, or was forced to stand (T2): it waits.
    Waiting,
    /// It surrendered and is out of the conflict (T4).
    Surrendered,
    /// It is the GM's side of a healing conflict, which takes no burden (T5) and makes no choice
    /// (T8).
    Gm {
        /// In a healing conflict (T8).
        healing: bool,
    },
}

/// What the GM's side of a healing conflict does not do ([`Error::GmSide`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GmAct {
    /// Bring in dice or stand of its own: it rolls when the healer brings in dice (T8).
    Roll,
    /// Surrender (T8).
    Surrender,
    /// Take a burden (T5).
    TakeBurden,
}

/// Why a participant named as an opponent is none ([`Error::NotAnOpponent`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotOpponent {
    /// It is the one taking or using the burden.
    Itself,
    /// It is not taking part in this conflict.
    Absent,
    /// It declared the same goal and is on the same side (T13).
    Ally,
}

/// The end of [`Error::CannotAct`]'s sentence: why, when it says.
fn idle_words(who: &str, because: Idle) -> String {
    match because {
        Idle::Waiting => String::new(),
        Idle::Surrendered => {
            format!(": {who} has surrendered and is out of the conflict (T4)")
        }
        Idle::Gm { healing } => format!(
            ": the GM takes no burden (T5){}",
            if healing {
                " and makes no choice in a healing conflict (T8)"
            } else {
                ""
            }
        ),
    }
}

/// [`Error::GmSide`]'s sentence.
fn gm_words(act: GmAct) -> &'static str {
    match act {
        GmAct::Roll => {
            "the GM's side of a healing conflict rolls only when the healer brings in dice (T8)"
        }
        GmAct::Surrender => "the GM's side of a healing conflict never surrenders (T8)",
        GmAct::TakeBurden => "the GM takes no burdens in a healing conflict (T5)",
    }
}

/// Why `other` is not `who`'s opponent, in words ([`Error::NotAnOpponent`]).
fn not_opponent_words(who: &str, other: &str, because: NotOpponent) -> String {
    match because {
        NotOpponent::Itself => format!("{who} cannot be its own opponent"),
        NotOpponent::Absent => format!("{other} is not in this conflict"),
        NotOpponent::Ally => format!(
            "{other} declared the same goal as {who} and is on its side: allies never take burdens \
             from each other nor use each other's (T13)"
        ),
    }
}

/// Whom a death goal names, when no opponent ([`Error::DeathGoal`]).
fn death_target_words(target: &str, because: NotOpponent) -> String {
    match because {
        NotOpponent::Itself => "the character itself".to_owned(),
        NotOpponent::Absent => format!("{target}, who is not in this conflict"),
        NotOpponent::Ally => {
            format!("{target}, who declared the same goal and so is on its side (T13)")
        }
    }
}

/// A thing a character holds, as [`Error::AlreadyHas`] names it: the name alone, "the key
/// Paladin", or "a trait named \"Fame\"" (a kind ending in "named" quotes the name).
fn held(what: &str, name: &str) -> String {
    if what.is_empty() {
        name.to_owned()
    } else if what.ends_with("named") {
        format!("{what} {name:?}")
    } else {
        format!("{what} {name}")
    }
}

/// The names given, comma-separated, or "none".
fn none_or_list(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
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
    /// A character's name that is taken by the GM's side of a healing conflict (T8).
    #[error("\"GM\" is reserved for the GM's side of a healing conflict (T8)")]
    Reserved {
        /// The name given ("GM", in any case).
        name: String,
    },
    /// A name used twice among a sheet's stats, traits and special items, ignoring case.
    #[error("{name:?} is used twice: a stat, trait or special item has its own name")]
    UsedTwice {
        /// The name, as its second use gives it.
        name: String,
    },
    /// A stat that is not one of the five (T1).
    #[error("is not a stat (Physical, Mental, Social, Emotional, Spiritual)")]
    NotAStat {
        /// The name given.
        stat: String,
    },
    /// A burden under a stat that is not one of the five (T5).
    #[error("stat {stat:?} is not one of the five stats (T5)")]
    BurdenStat {
        /// The stat given.
        stat: String,
    },
    /// Stats whose boxes are not the five sizes, one each (T1).
    #[error(
        "are {}; the five stats take {}, {}, {}, {} and {} boxes, one each (T1)",
        stats_words(stats),
        needed[0], needed[1], needed[2], needed[3], needed[4]
    )]
    StatSpread {
        /// Each of the five stats, in the book's order, with its boxes (`None`: missing).
        stats: Vec<(String, Option<u32>)>,
        /// [`STAT_BOXES`](crate::limits::STAT_BOXES).
        needed: [u32; 5],
    },
    /// A sheet with no key (T1).
    #[error("are empty; a character has at least one key (T1)")]
    NoKeys {
        /// [`MAX_KEYS`](crate::limits::MAX_KEYS), the most keys a catalogue has.
        max: usize,
    },
    /// A new character with other than one key (T1).
    #[error("are {count} keys; a new character has exactly one skeleton key (T1)")]
    KeyCount {
        /// The keys given.
        count: usize,
    },
    /// A key that neither the book nor the table's catalogue has (T12); for a new character, with
    /// the skeleton keys to choose from (T1).
    #[error("hold {key:?}, which is not a key{}", not_a_key_words(skeleton_keys.as_deref()))]
    NotAKey {
        /// The key given.
        key: String,
        /// For a new character, the catalogue's skeleton keys.
        skeleton_keys: Option<Vec<String>>,
    },
    /// A new character's elite key: it starts with one skeleton key (T1).
    #[error("hold {key}, an elite key; a new character starts with one skeleton key (T1)")]
    EliteKey {
        /// The key.
        key: String,
    },
    /// An elite key whose prerequisites the sheet's traits do not meet (T10).
    #[error("hold {key}, which needs {} (T10: an elite key's prerequisites)", missing.join(", "))]
    Prerequisites {
        /// The key.
        key: String,
        /// Each prerequisite unmet, in words: "Divinity 2 (has 1)".
        missing: Vec<String>,
    },
    /// A trait neither unlocked by the sheet's keys nor open (T1).
    #[error(
        "is not unlocked by {} nor open (T1); unlocked: {}",
        keys.join(", "),
        unlocked.join(", ")
    )]
    NotUnlocked {
        /// The sheet's keys.
        keys: Vec<String>,
        /// What they unlock, and the open traits.
        unlocked: Vec<String>,
    },
    /// A new character's special items that are not two, of the sizes the book gives (T1).
    #[error(
        "are {}, with {} boxes; a new character picks two, with {} and {} boxes (T1)",
        boxes.len(),
        and_list(boxes),
        needed[1],
        needed[0]
    )]
    NewItems {
        /// Each item's boxes, as given.
        boxes: Vec<u32>,
        /// [`NEW_EQUIPMENT_BOXES`](crate::limits::NEW_EQUIPMENT_BOXES), smallest first.
        needed: [u32; 2],
    },
    /// A new character's trait or item with boxes checked or coloured: it starts fresh (T1).
    #[error("has checked boxes; a new character starts fresh")]
    NotFresh {
        /// Its checked boxes.
        checked: u32,
        /// Its coloured boxes.
        coloured: u32,
    },
    /// A new character with burdens: it carries none (T1).
    #[error("a new character carries none; use kind = \"existing\"")]
    NewBurdens {
        /// The burdens given.
        count: usize,
    },
}

/// "Physical 5, Mental missing, ...": each stat with its boxes ([`SheetProblem::StatSpread`]).
fn stats_words(stats: &[(String, Option<u32>)]) -> String {
    stats
        .iter()
        .map(|(stat, boxes)| match boxes {
            Some(b) => format!("{stat} {b}"),
            None => format!("{stat} missing"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The end of [`SheetProblem::NotAKey`]'s sentence: the skeleton keys to choose from, or that the
/// GM can add it.
fn not_a_key_words(skeleton_keys: Option<&[String]>) -> String {
    match skeleton_keys {
        Some(keys) => format!("; choose one skeleton key: {}", keys.join(", ")),
        None => " of the book or of this table (T12: the GM can add it)".to_owned(),
    }
}

/// "2", "2 and 1", "3, 2 and 1"; "no" for none.
fn and_list(items: &[u32]) -> String {
    match items {
        [] => "no".to_owned(),
        [one] => one.to_string(),
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
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
    #[error("`{field}` = {count} entries: at most {max}")]
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
        "`{field}` = {value:?}: a name has {min} to {max} characters (has {chars}), not blank, without \
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
    #[error("`{field}` = {chars} characters: at most {max} characters")]
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
    #[error("`{field}` = {value}: a prerequisite needs {min} to {max} boxes")]
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
    #[error("`{field}` = {value}: {problem}")]
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
    #[error("`{field}` = {dice} dice: at most {max} dice in a pool")]
    PoolSize {
        /// Which pool: `mine`, `others[1].pool`.
        field: String,
        /// The dice in it.
        dice: usize,
        /// [`MAX_POOL_DICE`](crate::limits::MAX_POOL_DICE).
        max: usize,
    },
    /// A die that is not a face of a d20.
    #[error("`{field}` = {value}: a die shows {min} to {max}")]
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
    #[error("`{field}` = {value}: {min} to {max} new dice")]
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
    #[error("`{field}` = {count} participants: at most {max} other participants")]
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
    #[error("`{field}` is given {count} times; at most {max} opponents")]
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
        "`{field}` is given {count} times for {} (--theirs): give it once for all of them, or once \
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
            } => RefusalKind::out_of_range(*value, *min, *max),
            SheetProblem::Checked { checked, boxes } => {
                RefusalKind::out_of_range(*checked, 0, *boxes)
            }
            SheetProblem::Entries { count, max } => RefusalKind::out_of_range(*count, 0, *max),
            SheetProblem::Face { value, min, max } => RefusalKind::out_of_range(*value, *min, *max),
            SheetProblem::NoKeys { max } => RefusalKind::out_of_range(0, 1, *max),
            SheetProblem::KeyCount { count } => RefusalKind::out_of_range(*count, 1, 1),
            SheetProblem::Reserved { name } | SheetProblem::UsedTwice { name } => {
                RefusalKind::Taken { name: name.clone() }
            }
            SheetProblem::NotAStat { stat } | SheetProblem::BurdenStat { stat } => {
                RefusalKind::NotFound { name: stat.clone() }
            }
            SheetProblem::NotAKey { key, .. } => RefusalKind::NotFound { name: key.clone() },
            SheetProblem::CheckedAndColoured { .. }
            | SheetProblem::TraitBoxes { .. }
            | SheetProblem::StatSpread { .. }
            | SheetProblem::EliteKey { .. }
            | SheetProblem::Prerequisites { .. }
            | SheetProblem::NotUnlocked { .. }
            | SheetProblem::NewItems { .. }
            | SheetProblem::NotFresh { .. }
            | SheetProblem::NewBurdens { .. } => RefusalKind::NotAllowed,
        }
    }
}

impl Error {
    /// This refusal as data, in the shape every system's share ([`Refusal`]): its kind and the
    /// command's field it is about ([`Error::field`]).
    pub fn refusal(&self) -> Refusal {
        use RefusalKind::{Dice, NotAllowed, NotNow};
        let kind = match self {
            Error::Sheet { problem, .. } => problem.kind(),
            Error::DuplicateCharacter(name)
            | Error::NamedTwice { who: name }
            | Error::AlreadyHas { name, .. }
            | Error::BurdenNameTaken { name, .. }
            | Error::TraitOnList { name } => RefusalKind::Taken { name: name.clone() },
            Error::UnknownCharacter(name)
            | Error::UnknownTrait { name, .. }
            | Error::NotOnSheet { name, .. }
            | Error::NoBurden { name, .. }
            | Error::NoObligation { name, .. }
            | Error::UnknownKey { key: name, .. } => RefusalKind::NotFound { name: name.clone() },
            Error::ParticipantCount {
                count, min, max, ..
            }
            | Error::UncheckCount {
                count, min, max, ..
            } => RefusalKind::out_of_range(*count, *min, *max),
            Error::MajorGoalUncheck { count, max, .. } => {
                RefusalKind::out_of_range(*count, 0, *max)
            }
            // Too few or too many names is a count out of range; three names with one twice is
            // not.
            Error::ThreeTraits { names, wanted, .. } if names.len() != *wanted => {
                RefusalKind::out_of_range(names.len(), *wanted, *wanted)
            }
            Error::BurdenBoxes {
                value, min, max, ..
            }
            | Error::ObligationBoxes {
                value, min, max, ..
            }
            | Error::OpponentBoxes { value, min, max } => {
                RefusalKind::out_of_range(*value, *min, *max)
            }
            Error::GoalLength { chars, max, .. } | Error::TextLength { chars, max, .. } => {
                RefusalKind::Length {
                    length: *chars,
                    max: *max,
                }
            }
            // A command of another moment: once the conflict ends, in the next exchange, once the
            // item is repaired, in a later conflict.
            Error::ConflictInProgress(_)
            | Error::NoConflict
            | Error::AlreadyActed { .. }
            | Error::MustStand(_)
            | Error::Surrendered(_)
            | Error::SurrenderedBurden { .. }
            | Error::InConflict { .. }
            | Error::Broken { .. }
            | Error::NewBurden { .. }
            | Error::CannotAct {
                because: Idle::Waiting | Idle::Surrendered,
                ..
            } => NotNow,
            Error::DeathGoal { .. }
            | Error::OneSide { .. }
            | Error::NotAParticipant { .. }
            | Error::AlreadyUsed { .. }
            | Error::TooFewBoxes { .. }
            | Error::TooFewChecked { .. }
            | Error::TraitFull { .. }
            | Error::HealingPick { .. }
            | Error::Dead { .. }
            | Error::UnfitOpponent { .. }
            | Error::Disabled { .. }
            | Error::CannotAct {
                because: Idle::Gm { .. },
                ..
            }
            | Error::GmSide(_)
            | Error::NotAnOpponent { .. }
            | Error::NoDiceAbove { .. }
            | Error::Prerequisites { .. }
            | Error::NotUnlocked { .. }
            | Error::ThreeTraits { .. }
            | Error::NotBroken { .. }
            | Error::NoUnusedBox { .. }
            | Error::OwnObligation { .. }
            | Error::EmptyParty { .. } => NotAllowed,
            Error::TieUnbroken(_) | Error::Odds(_) | Error::Dice(_) => Dice,
        };
        Refusal {
            kind,
            field: self.field(),
        }
    }

    /// The command's field this refusal is about, as a dotted path (a sheet's field under
    /// `character`, as `add_character` holds it), when it is about one; a page shows the refusal
    /// beside that field. A calculator's refusal names its input (`against`).
    pub fn field(&self) -> Option<String> {
        let field = match self {
            Error::Sheet { field, .. } => return Some(format!("character.{field}")),
            Error::ParticipantCount { field, .. }
            | Error::GoalLength { field, .. }
            | Error::TextLength { field, .. }
            | Error::BurdenBoxes { field, .. }
            | Error::ObligationBoxes { field, .. }
            | Error::UncheckCount { field, .. }
            | Error::TooFewChecked { field, .. }
            | Error::MajorGoalUncheck { field, .. }
            | Error::TraitFull { field, .. }
            | Error::HealingPick { field, .. }
            | Error::Dead { field, .. }
            | Error::Disabled { field, .. }
            | Error::NotOnSheet { field, .. }
            | Error::NoBurden { field, .. }
            | Error::UnknownKey { field, .. }
            | Error::AlreadyHas { field, .. }
            | Error::Prerequisites { field, .. }
            | Error::NotUnlocked { field, .. }
            | Error::ThreeTraits { field, .. } => *field,
            Error::NamedTwice { .. } | Error::DeathGoal { .. } | Error::OneSide { .. } => {
                "participants"
            }
            Error::SurrenderedBurden { taker: true, .. } | Error::GmSide(_) => "who",
            Error::SurrenderedBurden { taker: false, .. }
            | Error::NotAnOpponent { using: false, .. }
            | Error::NoDiceAbove { .. } => "from",
            Error::NotAnOpponent { using: true, .. } => "of",
            Error::NoObligation { .. } | Error::Broken { .. } => "trait",
            Error::BurdenNameTaken { .. } | Error::TraitOnList { .. } => "name",
            Error::NotBroken { .. } => "item",
            Error::NewBurden { .. } => "burden",
            Error::NoUnusedBox { .. } => "value",
            Error::OwnObligation { .. } => "grantee",
            Error::UnfitOpponent { .. } => "against",
            Error::UnknownTrait { .. } | Error::AlreadyUsed { .. } | Error::TooFewBoxes { .. } => {
                "trait"
            }
            Error::DuplicateCharacter(_) => "character.name",
            // A name of a participant or a character in whichever field named it, a moment of the
            // conflict, the state of the table, the dice: no one field.
            Error::UnknownCharacter(_)
            | Error::ConflictInProgress(_)
            | Error::NoConflict
            | Error::NotAParticipant { .. }
            | Error::AlreadyActed { .. }
            | Error::MustStand(_)
            | Error::Surrendered(_)
            | Error::InConflict { .. }
            | Error::CannotAct { .. }
            | Error::EmptyParty { .. }
            | Error::OpponentBoxes { .. }
            | Error::TieUnbroken(_)
            | Error::Odds(_)
            | Error::Dice(_) => return None,
        };
        Some(field.to_owned())
    }
}

#[cfg(test)]
#[allow(clippy::too_many_lines)] // each refusal's words, one table of cases
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
            "`--theirs-bring` is given 2 times for 1 opponent (--theirs): give it once for all of \
             them, or once per opponent"
        );
    }

    fn s(text: &str) -> String {
        text.to_owned()
    }

    fn strings(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| s(t)).collect()
    }

    /// Issue 33: the refusals once said only in words read word for word as they did.
    #[test]
    fn the_rules_refusals_read_as_before() {
        let cases: Vec<(Error, &str)> = vec![
            (
                Error::Dead {
                    field: "who",
                    who: s("Gorand"),
                },
                "Gorand is dead (T7)",
            ),
            (
                Error::InConflict { who: s("Gorand") },
                "Gorand is in a conflict; boxes regenerate outside conflicts (T10)",
            ),
            (
                Error::NamedTwice { who: s("Gorand") },
                "Gorand is named twice: each character takes part once",
            ),
            (
                Error::DeathGoal {
                    who: s("Gorand"),
                    target: s("Gorand"),
                    because: NotOpponent::Itself,
                },
                "Gorand's fight to the death names the character itself: a death goal names an \
                 opponent (T7)",
            ),
            (
                Error::DeathGoal {
                    who: s("Gorand"),
                    target: s("Kaya"),
                    because: NotOpponent::Absent,
                },
                "Gorand's fight to the death names Kaya, who is not in this conflict: a death goal \
                 names an opponent (T7)",
            ),
            (
                Error::OneSide {
                    side: strings(&["A", "B"]),
                },
                "A, B all declared the same goal, so they are one side; a conflict needs two sides \
                 or more with different goals (T13)",
            ),
            (
                Error::NotOnSheet {
                    field: "uncheck",
                    who: s("Gorand"),
                    what: "trait, stat or item",
                    name: s("Flying"),
                    rule: "",
                },
                "Gorand has no trait, stat or item named \"Flying\"",
            ),
            (
                Error::NotOnSheet {
                    field: "reward.swap_trait.old",
                    who: s("Gorand"),
                    what: "trait",
                    name: s("Flying"),
                    rule: " to swap (T10)",
                },
                "Gorand has no trait named \"Flying\" to swap (T10)",
            ),
            (
                Error::AlreadyHas {
                    field: "reward.new_trait",
                    who: s("Gorand"),
                    what: "",
                    name: s("Swords"),
                },
                "Gorand already has Swords",
            ),
            (
                Error::AlreadyHas {
                    field: "reward.new_key",
                    who: s("Gorand"),
                    what: "the key",
                    name: s("Warrior"),
                },
                "Gorand already has the key Warrior",
            ),
            (
                Error::AlreadyHas {
                    field: "as",
                    who: s("Kaya"),
                    what: "a trait named",
                    name: s("Fame in Corsille"),
                },
                "Kaya already has a trait named \"Fame in Corsille\"",
            ),
            (
                Error::UnknownKey {
                    field: "reward.new_key",
                    key: s("Dragon"),
                },
                "\"Dragon\" is not a key of the book or of this table (T12)",
            ),
            (
                Error::Prerequisites {
                    field: "reward.new_key",
                    key: s("Paladin"),
                    missing: strings(&["Divinity 2 (has 1)", "Oath 1 (has none)"]),
                },
                "Paladin needs Divinity 2 (has 1), Oath 1 (has none) (T10)",
            ),
            (
                Error::NotUnlocked {
                    field: "reward.new_trait",
                    name: s("Magic"),
                    keys: strings(&["Warrior", "Explorer"]),
                },
                "Magic is not unlocked by Warrior, Explorer nor open (T10)",
            ),
            (
                Error::ThreeTraits {
                    field: "reward.three_boxes",
                    names: vec![],
                    wanted: 3,
                },
                "pick 3 different traits to get a box each (T10); picked: none",
            ),
            (
                Error::ThreeTraits {
                    field: "reward.three_boxes",
                    names: strings(&["Arms", "Arms", "Swords"]),
                    wanted: 3,
                },
                "pick 3 different traits to get a box each (T10); picked: Arms, Arms, Swords",
            ),
            (
                Error::Broken {
                    who: s("Gorand"),
                    item: s("Sword"),
                },
                "Gorand's Sword is broken and cannot be used until repaired (T9)",
            ),
            (
                Error::NotBroken {
                    who: s("Gorand"),
                    item: s("Sword"),
                },
                "Gorand's Sword is not broken (T9)",
            ),
            (
                Error::TraitOnList { name: s("Fame") },
                "the trait \"Fame\" is already on the list (T12)",
            ),
            (
                Error::SurrenderedBurden {
                    who: s("Gorand"),
                    taker: true,
                },
                "Gorand has surrendered: surrendered participants take no burdens (T5)",
            ),
            (
                Error::SurrenderedBurden {
                    who: s("Dragon"),
                    taker: false,
                },
                "Dragon has surrendered; its dice are gone (T5)",
            ),
            (
                Error::GmSide(GmAct::Roll),
                "the GM's side of a healing conflict rolls only when the healer brings in dice (T8)",
            ),
            (
                Error::GmSide(GmAct::Surrender),
                "the GM's side of a healing conflict never surrenders (T8)",
            ),
            (
                Error::GmSide(GmAct::TakeBurden),
                "the GM takes no burdens in a healing conflict (T5)",
            ),
            (
                Error::NotAnOpponent {
                    who: s("Gorand"),
                    other: s("Gorand"),
                    because: NotOpponent::Itself,
                    using: false,
                },
                "Gorand cannot be its own opponent; a burden is taken from an opponent (T5)",
            ),
            (
                Error::NotAnOpponent {
                    who: s("Gorand"),
                    other: s("Kaya"),
                    because: NotOpponent::Absent,
                    using: true,
                },
                "Kaya is not in this conflict; a burden's boxes are used against its owner by an \
                 opponent (T6)",
            ),
            (
                Error::NotAnOpponent {
                    who: s("Gorand"),
                    other: s("Kaya"),
                    because: NotOpponent::Ally,
                    using: false,
                },
                "Kaya declared the same goal as Gorand and is on its side: allies never take \
                 burdens from each other nor use each other's (T13); a burden is taken from an \
                 opponent (T5)",
            ),
            (
                Error::NoDiceAbove {
                    who: s("Gorand"),
                    from: s("Dragon"),
                    highest: 12,
                },
                "Dragon has no dice above Gorand's highest die 12: no burden can be taken from it \
                 (T5)",
            ),
            (
                Error::BurdenNameTaken {
                    bearer: s("Gorand"),
                    name: s("Singed"),
                },
                "Gorand already carries a burden named \"Singed\"; name it differently",
            ),
            (
                Error::NoBurden {
                    field: "burden",
                    who: s("Gorand"),
                    name: s("Singed"),
                    carried: s("Flesh wound, Bruise"),
                },
                "Gorand has no burden named \"Singed\" (has: Flesh wound, Bruise)",
            ),
            (
                Error::NewBurden {
                    of: s("Dragon"),
                    burden: s("Singed"),
                },
                "Dragon's Singed was made in this conflict and cannot be used in it (T6)",
            ),
            (
                Error::NoUnusedBox {
                    of: s("Dragon"),
                    burden: s("Singed"),
                    value: 15,
                    boxes: vec![15, 12],
                },
                "Dragon's Singed has no unused box of 15 in this conflict (boxes [15, 12]; each \
                 once per conflict, T6)",
            ),
            (
                Error::OwnObligation { who: s("Gorand") },
                "an obligation is granted to someone else (T11)",
            ),
            (
                Error::NoObligation {
                    grantee: s("Kaya"),
                    name: s("Fame"),
                },
                "Kaya holds no obligation trait named \"Fame\" (T11)",
            ),
            (
                Error::Disabled {
                    field: "healer",
                    who: s("Gorand"),
                },
                "Gorand is disabled and would lose at once (T7)",
            ),
            (
                Error::CannotAct {
                    who: s("Gorand"),
                    exchange: 2,
                    because: Idle::Waiting,
                },
                "Gorand cannot act now in exchange 2",
            ),
            (
                Error::CannotAct {
                    who: s("Gorand"),
                    exchange: 2,
                    because: Idle::Surrendered,
                },
                "Gorand cannot act now in exchange 2: Gorand has surrendered and is out of the \
                 conflict (T4)",
            ),
            (
                Error::CannotAct {
                    who: s("GM"),
                    exchange: 2,
                    because: Idle::Gm { healing: true },
                },
                "GM cannot act now in exchange 2: the GM takes no burden (T5) and makes no choice \
                 in a healing conflict (T8)",
            ),
            (
                Error::EmptyParty {
                    default_party: false,
                },
                "No character of the party can fight: add a player's character, or heal one who \
                 is disabled",
            ),
            (
                Error::EmptyParty {
                    default_party: true,
                },
                "No player character here can fight (none is at the table, or each is dead or \
                 disabled, T7; an NPC's sheet is not one): name the party with --party",
            ),
            (
                Error::UnfitOpponent {
                    name: s("Gorand"),
                    dead: false,
                },
                "Gorand is in the party: name an opponent outside it",
            ),
            (
                Error::UnfitOpponent {
                    name: s("Dragon"),
                    dead: true,
                },
                "Dragon is dead: the dead enter no conflict (T7); name an opponent alive",
            ),
            (
                Error::OpponentBoxes {
                    value: 21,
                    min: 1,
                    max: 20,
                },
                "A trait of the opponent has 21 boxes: give it 1 to 20",
            ),
        ];
        for (error, words) in cases {
            assert_eq!(error.to_string(), words, "{error:?}");
        }
        let sheet: Vec<(SheetProblem, &str)> = vec![
            (
                SheetProblem::NewBurdens { count: 1 },
                "a new character carries none; use kind = \"existing\"",
            ),
            (
                SheetProblem::Reserved { name: s("gm") },
                "\"GM\" is reserved for the GM's side of a healing conflict (T8)",
            ),
            (
                SheetProblem::NotAStat { stat: s("Luck") },
                "is not a stat (Physical, Mental, Social, Emotional, Spiritual)",
            ),
            (
                SheetProblem::UsedTwice { name: s("Swords") },
                "\"Swords\" is used twice: a stat, trait or special item has its own name",
            ),
            (
                SheetProblem::BurdenStat { stat: s("Luck") },
                "stat \"Luck\" is not one of the five stats (T5)",
            ),
            (
                SheetProblem::StatSpread {
                    stats: vec![
                        (s("Physical"), Some(5)),
                        (s("Mental"), Some(5)),
                        (s("Social"), None),
                    ],
                    needed: [1, 2, 3, 4, 5],
                },
                "are Physical 5, Mental 5, Social missing; the five stats take 1, 2, 3, 4 and 5 \
                 boxes, one each (T1)",
            ),
            (
                SheetProblem::NoKeys { max: 1000 },
                "are empty; a character has at least one key (T1)",
            ),
            (
                SheetProblem::KeyCount { count: 2 },
                "are 2 keys; a new character has exactly one skeleton key (T1)",
            ),
            (
                SheetProblem::NotAKey {
                    key: s("Dragon"),
                    skeleton_keys: None,
                },
                "hold \"Dragon\", which is not a key of the book or of this table (T12: the GM \
                 can add it)",
            ),
            (
                SheetProblem::NotAKey {
                    key: s("Dragon"),
                    skeleton_keys: Some(strings(&["Warrior", "Explorer"])),
                },
                "hold \"Dragon\", which is not a key; choose one skeleton key: Warrior, Explorer",
            ),
            (
                SheetProblem::EliteKey { key: s("Paladin") },
                "hold Paladin, an elite key; a new character starts with one skeleton key (T1)",
            ),
            (
                SheetProblem::Prerequisites {
                    key: s("Paladin"),
                    missing: strings(&["Oath 1 (has none)"]),
                },
                "hold Paladin, which needs Oath 1 (has none) (T10: an elite key's prerequisites)",
            ),
            (
                SheetProblem::NotUnlocked {
                    keys: strings(&["Warrior"]),
                    unlocked: strings(&["Arms", "Swords"]),
                },
                "is not unlocked by Warrior nor open (T1); unlocked: Arms, Swords",
            ),
            (
                SheetProblem::NewItems {
                    boxes: vec![2, 1, 1],
                    needed: [1, 2],
                },
                "are 3, with 2, 1 and 1 boxes; a new character picks two, with 2 and 1 boxes (T1)",
            ),
            (
                SheetProblem::NewItems {
                    boxes: vec![],
                    needed: [1, 2],
                },
                "are 0, with no boxes; a new character picks two, with 2 and 1 boxes (T1)",
            ),
            (
                SheetProblem::NotFresh {
                    checked: 1,
                    coloured: 0,
                },
                "has checked boxes; a new character starts fresh",
            ),
        ];
        for (problem, words) in sheet {
            assert_eq!(problem.to_string(), words, "{problem:?}");
        }
    }

    /// Issue 33: each refusal says its kind and the command's field it is about, as data.
    #[test]
    fn refusals_say_their_kind_and_field() {
        let refused = |error: Error| {
            let refusal = error.refusal();
            (refusal.kind, refusal.field)
        };
        let at = |field: &str| Some(field.to_owned());
        let not_found = |name: &str| RefusalKind::NotFound { name: s(name) };
        let taken = |name: &str| RefusalKind::Taken { name: s(name) };
        assert_eq!(
            refused(Error::Dead {
                field: "granter",
                who: s("Gorand")
            }),
            (RefusalKind::NotAllowed, at("granter"))
        );
        assert_eq!(
            refused(Error::NotOnSheet {
                field: "reward.three_boxes",
                who: s("Gorand"),
                what: "trait",
                name: s("Flying"),
                rule: " (T10: traits get boxes)",
            }),
            (not_found("Flying"), at("reward.three_boxes"))
        );
        assert_eq!(
            refused(Error::NoBurden {
                field: "burden",
                who: s("Dragon"),
                name: s("Singed"),
                carried: s(""),
            }),
            (not_found("Singed"), at("burden"))
        );
        assert_eq!(
            refused(Error::UnknownKey {
                field: "reward.new_key",
                key: s("Dragon")
            }),
            (not_found("Dragon"), at("reward.new_key"))
        );
        assert_eq!(
            refused(Error::AlreadyHas {
                field: "as",
                who: s("Kaya"),
                what: "a trait named",
                name: s("Fame"),
            }),
            (taken("Fame"), at("as"))
        );
        assert_eq!(
            refused(Error::BurdenNameTaken {
                bearer: s("Gorand"),
                name: s("Singed")
            }),
            (taken("Singed"), at("name"))
        );
        assert_eq!(
            refused(Error::TraitOnList { name: s("Fame") }),
            (taken("Fame"), at("name"))
        );
        // A count of traits out of range; three names with one twice is another refusal.
        assert_eq!(
            refused(Error::ThreeTraits {
                field: "reward.three_boxes",
                names: strings(&["Arms", "Swords"]),
                wanted: 3,
            }),
            (
                RefusalKind::OutOfRange {
                    value: 2,
                    min: 3,
                    max: 3
                },
                at("reward.three_boxes")
            )
        );
        assert_eq!(
            refused(Error::ThreeTraits {
                field: "reward.three_boxes",
                names: strings(&["Arms", "Arms", "Swords"]),
                wanted: 3,
            }),
            (RefusalKind::NotAllowed, at("reward.three_boxes"))
        );
        assert_eq!(
            refused(Error::OpponentBoxes {
                value: 21,
                min: 1,
                max: 20
            }),
            (
                RefusalKind::OutOfRange {
                    value: 21,
                    min: 1,
                    max: 20
                },
                None
            )
        );
        assert_eq!(
            refused(Error::NamedTwice { who: s("Gorand") }),
            (taken("Gorand"), at("participants"))
        );
        assert_eq!(
            refused(Error::DeathGoal {
                who: s("Gorand"),
                target: s("Kaya"),
                because: NotOpponent::Ally,
            }),
            (RefusalKind::NotAllowed, at("participants"))
        );
        // Commands of another moment.
        assert_eq!(
            refused(Error::InConflict { who: s("Gorand") }),
            (RefusalKind::NotNow, None)
        );
        assert_eq!(
            refused(Error::CannotAct {
                who: s("Gorand"),
                exchange: 2,
                because: Idle::Waiting
            }),
            (RefusalKind::NotNow, None)
        );
        assert_eq!(
            refused(Error::NewBurden {
                of: s("Dragon"),
                burden: s("Singed")
            }),
            (RefusalKind::NotNow, at("burden"))
        );
        assert_eq!(
            refused(Error::SurrenderedBurden {
                who: s("Dragon"),
                taker: false
            }),
            (RefusalKind::NotNow, at("from"))
        );
        // The rules forbid it, whatever the moment.
        assert_eq!(
            refused(Error::CannotAct {
                who: s("GM"),
                exchange: 2,
                because: Idle::Gm { healing: true }
            }),
            (RefusalKind::NotAllowed, None)
        );
        assert_eq!(
            refused(Error::NotAnOpponent {
                who: s("Gorand"),
                other: s("Kaya"),
                because: NotOpponent::Ally,
                using: true,
            }),
            (RefusalKind::NotAllowed, at("of"))
        );
        assert_eq!(
            refused(Error::GmSide(GmAct::Surrender)),
            (RefusalKind::NotAllowed, at("who"))
        );
        assert_eq!(
            refused(Error::NoUnusedBox {
                of: s("Dragon"),
                burden: s("Singed"),
                value: 15,
                boxes: vec![15],
            }),
            (RefusalKind::NotAllowed, at("value"))
        );
        assert_eq!(
            refused(Error::UnfitOpponent {
                name: s("Dragon"),
                dead: true
            }),
            (RefusalKind::NotAllowed, at("against"))
        );
        // A sheet's problems, at the sheet's field under `character`.
        let sheet = |field: &str, problem| {
            refused(Error::Sheet {
                character: s("Ann"),
                field: s(field),
                problem,
            })
        };
        assert_eq!(
            sheet("keys", SheetProblem::KeyCount { count: 2 }),
            (
                RefusalKind::OutOfRange {
                    value: 2,
                    min: 1,
                    max: 1
                },
                at("character.keys")
            )
        );
        assert_eq!(
            sheet(
                "keys",
                SheetProblem::NotAKey {
                    key: s("Dragon"),
                    skeleton_keys: None
                }
            ),
            (not_found("Dragon"), at("character.keys"))
        );
        assert_eq!(
            sheet(
                "traits.1.name",
                SheetProblem::UsedTwice { name: s("Swords") }
            ),
            (taken("Swords"), at("character.traits.1.name"))
        );
        assert_eq!(
            sheet(
                "traits.Magic",
                SheetProblem::NotUnlocked {
                    keys: vec![],
                    unlocked: vec![]
                }
            ),
            (RefusalKind::NotAllowed, at("character.traits.Magic"))
        );
    }
}
