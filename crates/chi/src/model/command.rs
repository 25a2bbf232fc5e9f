//! The commands a Chi table takes, as written in a scenario step (`do = "..."` plus the fields).
//!
//! | `do`             | fields                                                                    | rulings |
//! |------------------|---------------------------------------------------------------------------|---------|
//! | `enroll`         | `character` (a [`Sheet`] table)                                       | C5, C6  |
//! | `action`         | `who`, `spend`, `difficulty`, `modifier` (0), `fits_concept` (true), `reaction` (false) | C1-C3 |
//! | `opposed`        | `actor` and `defender`, each a [`Side`]                                   | C1-C3   |
//! | `new_round`      | none                                                                      | C1      |
//! | `secret_open`    | `actions` ([`SecretAction`]s) and `opposed` ([`SecretOpposed`]s)          | C4      |
//! | `secret_commit`  | `who`, `commitment` (64 hex digits)                                       | C4      |
//! | `secret_reveal`  | `who`, `spend`, `salt`                                                    | C4      |
//! | `secret_roll`    | none                                                                      | C1-C4   |
//! | `secret_cancel`  | none                                                                      | C4      |
//! | `lose`           | `who`, `amount`, `cause`, `permanent` (false), `detail`                   | C5      |
//! | `recover`        | `who`, `amount`, `cause` (any)                                            | C5      |
//! | `advance`        | `who`, `word`, `replace`, `occupation` (all optional)                     | C5      |
//! | `add_word`       | `who`, `word`                                                             | C5      |
//! | `change_concept` | `who`, `replace` and/or `occupation`                                      | C5      |
//! | `end_session`    | none                                                                      | C5      |
//! | `start_session`  | none                                                                      | C1, C5  |
//!
//! While a secret roll is open only the `secret_*` commands are taken (C4); between sessions no
//! rounds are played (`action`, `opposed`, `new_round`, `secret_open` are refused).

use crate::model::sheet::Sheet;
use serde::{Deserialize, Serialize};
use skald_core::CommandShape;

/// A player's or the GM's command at a Chi table. Unknown fields are refused.
///
/// Its verbs without their fields are [`Verb`], which a move's form names (the same snake_case
/// names as serde's `do`); [`CommandShape`] tells a command's verb and acting character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(
    name(Verb),
    derive(strum::IntoStaticStr, strum::EnumIter),
    strum(serialize_all = "snake_case"),
    doc = "The verb of a [`Command`] without its fields (its `do`): what a move's form sends."
)]
pub enum Command {
    /// `do = "enroll"`: puts a character at the table (scenarios enroll their `[[characters]]` this way).
    ///
    /// Errors: the sheet's ranges ([`crate::rules::sheets::validate`]); a name already at the table.
    Enroll {
        /// The character sheet.
        character: Sheet,
    },
    /// `do = "action"`: a character puts dice from what is left of its pool into an action, and the
    /// GM rolls the Difficulty against it (rulings C1-C3). With `reaction = true` it is a reaction
    /// (a dodge, a parry against a hazard the GM rolls for) and counts as one; the dice are the same.
    ///
    /// Dice are rolled in this order: the player's `spend` d6, then the GM's `difficulty` d6; under
    /// option `tie = "reroll"` a tie repeats both, in the same order.
    ///
    /// Errors: `who` unknown or out of play (current pool 0); `spend` outside 1-100, above the dice
    /// left this round (C1) or, off-concept, above ceil(current / 3) (C2); `difficulty` outside 1-100;
    /// `modifier` outside -100..=100; a tie standing after 100 rerolls.
    Action {
        /// The acting character's name.
        who: String,
        /// How many d6 the player puts in: 1 to the dice left this round.
        spend: u32,
        /// The GM's Difficulty: how many d6 the GM rolls, 1-100.
        difficulty: u32,
        /// Added to the player's sum, -100..=100 (default 0); beyond +/-5 is flagged (C3).
        #[serde(default)]
        modifier: i32,
        /// The GM's call: does the action fit the character's concept? (default true; C2)
        #[serde(default = "yes")]
        fits_concept: bool,
        /// A reaction to something else rather than an action of the character's own (default
        /// false; C1). Counted in the character's `reactions` instead of `actions`.
        #[serde(default)]
        reaction: bool,
    },
    /// `do = "opposed"`: the actor acts against another character, who reacts with dice it kept
    /// back (C1); both roll what they put in, the greater total wins, a tie goes to the defender (C3).
    ///
    /// Dice are rolled in this order: the actor's dice, then the defender's.
    ///
    /// Errors: as for `action`, for each side (`actor.spend` is 1-100, `defender.spend` 0-100: a
    /// defender with nothing left still defends with its modifier alone); the same character on both
    /// sides.
    Opposed {
        /// The acting character.
        actor: Side,
        /// The reacting character.
        defender: Side,
    },
    /// `do = "new_round"`: a new round begins; every pool refills to its current size (C1), not to its
    /// maximum: lost dice stay lost (C5).
    NewRound {},
    /// `do = "secret_open"`: the GM opens a secret roll (ruling C4). Everything about it is public
    /// except how many dice each character puts in: who acts against which Difficulty, who opposes
    /// whom, the modifiers and the GM's concept calls (the book: check the fit before rolling).
    ///
    /// Each character appears once. Every allocation is then committed (`secret_commit`), revealed
    /// (`secret_reveal`, refused until all have committed) and rolled together (`secret_roll`).
    ///
    /// Errors: no entry, or more than 20 characters; a name unknown, out of play, or listed twice; an
    /// actor with no dice left this round; the ranges of `action`; a secret roll already open;
    /// between sessions.
    SecretOpen {
        /// Actions against a Difficulty, each with a secret allocation.
        #[serde(default)]
        actions: Vec<SecretAction>,
        /// Opposed actions between two characters, each side with a secret allocation.
        #[serde(default)]
        opposed: Vec<SecretOpposed>,
    },
    /// `do = "secret_commit"`: a character in the open secret roll commits its allocation unseen,
    /// as the hex SHA-256 of the allocation and a salt the player keeps
    /// ([`crate::rules::secret::commitment`]; `skald chi commit` computes it). The command and the log hold
    /// only the hash (C4).
    ///
    /// Errors: no secret roll open; `who` not in it; already committed; `commitment` not 64 hex digits.
    SecretCommit {
        /// The committing character.
        who: String,
        /// 64 hexadecimal digits (either case; stored lower case).
        commitment: String,
    },
    /// `do = "secret_reveal"`: a character shows its allocation and salt; they must hash to its
    /// commitment. Refused until every character in the secret roll has committed (C4).
    ///
    /// Errors: no secret roll open; `who` not in it; someone has not committed yet; already revealed;
    /// `salt` outside 16-128 characters; allocation and salt not matching the commitment; `spend`
    /// breaking C1 or C2 (the GM may then `secret_cancel`, while nobody has revealed).
    SecretReveal {
        /// The revealing character.
        who: String,
        /// Its allocation: d6 put in (0-100; at least 1 for an action or an actor).
        spend: u32,
        /// The salt used in the commitment, 16-128 characters.
        salt: String,
    },
    /// `do = "secret_roll"`: everyone in the secret roll rolls at the same time: the actions in the
    /// order opened, then the opposed pairs, each as `action` and `opposed` roll them.
    ///
    /// Errors: no secret roll open; someone has not revealed yet; the dice (as `action`, `opposed`).
    SecretRoll {},
    /// `do = "secret_cancel"`: the GM calls the secret roll off; no die is spent (C4). Only while
    /// nobody has revealed: after a reveal, calling it off would let everyone commit anew knowing it.
    ///
    /// Errors: no secret roll open; someone has revealed already.
    SecretCancel {},
    /// `do = "lose"`: a character loses potential to an injury, fatigue or another cause (C5). The
    /// current pool drops by `amount`; a permanent loss also lowers the maximum, for good. A current
    /// pool of 0 takes the character out of play.
    ///
    /// Errors: `who` unknown; `amount` outside 1 to the current pool (a pool below 0 is refused, C5);
    /// `detail` blank or over 200 characters.
    Lose {
        /// The character.
        who: String,
        /// Dice lost, 1 to the current pool.
        amount: u32,
        /// What took them: `injury`, `fatigue` or `other`.
        cause: Cause,
        /// Whether they are gone for good (default false). Permanent dice are never recovered;
        /// advancement may add others later (C5).
        #[serde(default)]
        permanent: bool,
        /// What happened, e.g. "broken arm" (optional, 1-200 characters). (Not `note`: a scenario
        /// step's `note` is the step's own.)
        #[serde(default)]
        detail: Option<String>,
    },
    /// `do = "recover"`: a character gets back temporarily lost dice (C5): from losses of `cause`
    /// when given, else from any, oldest first. Reaching the maximum again adds a new die that was
    /// waiting (C5).
    ///
    /// Errors: `who` unknown; `amount` outside 1 to the dice temporarily lost (to `cause`).
    Recover {
        /// The character.
        who: String,
        /// Dice recovered, 1 to the dice temporarily lost.
        amount: u32,
        /// Recover only from losses of this cause (optional).
        #[serde(default)]
        cause: Option<Cause>,
    },
    /// `do = "advance"`: the GM awards one new die (C5). At full potential it is added at once
    /// (maximum and current +1); below the maximum it waits until every lost die is recovered. A
    /// character with a die waiting cannot earn another. The award may come with a new descriptive
    /// word and with a change of word or occupation, which C5 allows at a pool increase.
    ///
    /// Errors: `who` unknown; a die already waiting; the maximum at 100; the word errors of
    /// `add_word` and `change_concept`.
    Advance {
        /// The character.
        who: String,
        /// A new descriptive word, taken at once (optional; see `add_word`).
        #[serde(default)]
        word: Option<String>,
        /// A descriptive word replaced by another (optional).
        #[serde(default)]
        replace: Option<WordChange>,
        /// A new occupation (optional).
        #[serde(default)]
        occupation: Option<String>,
    },
    /// `do = "add_word"`: a new descriptive word for the concept, at the GM's discretion, only after a
    /// pool increase: each die awarded allows one word (C5).
    ///
    /// Errors: `who` unknown; no award left to spend on a word; a minor NPC (no concept words); the
    /// concept already at 12 words or already holding the word; `word` blank, over 64 characters or
    /// more than one word.
    AddWord {
        /// The character.
        who: String,
        /// The new descriptive word: one word, 1-64 characters.
        word: String,
    },
    /// `do = "change_concept"`: the GM allows or requires a change of descriptive word or occupation
    /// after a change in the story; only between sessions (C5; at a pool increase, see `advance`).
    ///
    /// Errors: `who` unknown; not between sessions; neither `replace` nor `occupation` given; a word
    /// not in the concept, already there, or malformed; an occupation blank or over 64 characters.
    ChangeConcept {
        /// The character.
        who: String,
        /// A descriptive word replaced by another (optional).
        #[serde(default)]
        replace: Option<WordChange>,
        /// A new occupation (optional).
        #[serde(default)]
        occupation: Option<String>,
    },
    /// `do = "end_session"`: the session ends; the table is between sessions, when concepts may
    /// change (C5) and no rounds are played.
    ///
    /// Errors: already between sessions; a secret roll open.
    EndSession {},
    /// `do = "start_session"`: the next session begins, with a new round (pools refill, C1).
    ///
    /// Errors: not between sessions.
    StartSession {},
}

/// One side of an opposed action: `{ who = "Ragnar", spend = 3, modifier = 0, fits_concept = true }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The character's name.
    pub who: String,
    /// How many d6 it puts in (actor 1-100, defender 0-100), at most the dice it has left this round.
    pub spend: u32,
    /// Added to its sum, -100..=100 (default 0); beyond +/-5 is flagged (C3).
    #[serde(default)]
    pub modifier: i32,
    /// The GM's call: does this fit the character's concept? (default true; C2)
    #[serde(default = "yes")]
    pub fits_concept: bool,
}

/// An action against a Difficulty in a secret roll (C4): as `action`, without the allocation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretAction {
    /// The acting character.
    pub who: String,
    /// The GM's Difficulty, 1-100 d6.
    pub difficulty: u32,
    /// Added to the player's sum, -100..=100 (default 0).
    #[serde(default)]
    pub modifier: i32,
    /// The GM's concept call, made before the dice are chosen (default true; C2, C4).
    #[serde(default = "yes")]
    pub fits_concept: bool,
    /// A reaction rather than an action (default false).
    #[serde(default)]
    pub reaction: bool,
}

/// One side of an opposed action in a secret roll: as [`Side`], without the allocation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretSide {
    /// The character.
    pub who: String,
    /// Added to its sum, -100..=100 (default 0).
    #[serde(default)]
    pub modifier: i32,
    /// The GM's concept call (default true; C2).
    #[serde(default = "yes")]
    pub fits_concept: bool,
}

/// An opposed action in a secret roll: both sides choose their dice unseen (C3, C4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretOpposed {
    /// The acting side (allocation 1-100).
    pub actor: SecretSide,
    /// The reacting side (allocation 0-100); wins ties.
    pub defender: SecretSide,
}

/// What took a character's potential (C5). The book names injuries and fatigue as the most common.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A wound or a severe mental trauma; heals in a day to months.
    Injury,
    /// Exertion; heals in minutes to a day.
    Fatigue,
    /// Any other reason the story gives (a disease, a curse).
    Other,
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Cause::Injury => "injury",
            Cause::Fatigue => "fatigue",
            Cause::Other => "other",
        })
    }
}

/// A descriptive word replaced by another: `{ old = "arrogant", new = "humble" }` (C5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordChange {
    /// The word in the concept now.
    pub old: String,
    /// The word that takes its place: one word, 1-64 characters, not already in the concept.
    pub new: String,
}

fn yes() -> bool {
    true
}

impl CommandShape for Command {
    fn verb(&self) -> &'static str {
        Verb::from(self).into()
    }

    /// The character acting, reacting, committing or revealing its dice, or losing, recovering
    /// and advancing; the actor of an opposed action; none for the table's rounds, secret rolls
    /// and sessions, and for a character enrolled.
    fn actor(&self) -> Option<&str> {
        match self {
            Command::Enroll { .. }
            | Command::NewRound {}
            | Command::SecretOpen { .. }
            | Command::SecretRoll {}
            | Command::SecretCancel {}
            | Command::EndSession {}
            | Command::StartSession {} => None,
            Command::Opposed { actor, .. } => Some(&actor.who),
            Command::Action { who, .. }
            | Command::SecretCommit { who, .. }
            | Command::SecretReveal { who, .. }
            | Command::Lose { who, .. }
            | Command::Recover { who, .. }
            | Command::Advance { who, .. }
            | Command::AddWord { who, .. }
            | Command::ChangeConcept { who, .. } => Some(who),
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
