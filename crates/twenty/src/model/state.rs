//! The Twenty table's state, and the at-table types it holds: the characters as they are now, the
//! current or last conflict with its participants, and the obligations in force: the data only. The
//! fold of events into it is `rules/apply.rs`; its JSON view is `view.rs`.

use super::catalogue::Catalogue;
use super::event::{Healing, StandReason, SurrenderReason};
use super::options::Options;
use super::sheet::{Burden, SheetKind, Trait};
use crate::error::Error;
use serde::{Deserialize, Serialize};

/// A character at the table: its [`Sheet`](crate::Sheet) as enrolled, with stats turned into traits
/// (so checked stat boxes count), its burdens, its obligation traits, and whether it is dead. Whether
/// it is disabled (T7) is [`Character::disabled_by`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Character {
    /// The name.
    pub name: String,
    /// How its sheet was checked.
    pub kind: SheetKind,
    /// The five stats with their boxes (empty for a creature without stats), in
    /// [`STATS`](crate::STATS) order.
    pub stats: Vec<Trait>,
    /// Keys.
    pub keys: Vec<String>,
    /// Traits.
    pub traits: Vec<Trait>,
    /// Special equipment.
    pub equipment: Vec<Trait>,
    /// Other equipment.
    pub gear: Vec<String>,
    /// Burdens (T5).
    pub burdens: Vec<Burden>,
    /// Traits held under Obligations (T11), granted by others.
    pub obligations: Vec<Trait>,
    /// Dead (T7).
    pub dead: bool,
}

impl Character {
    /// Stats, traits, special items and obligation traits: all that can be brought into a conflict.
    pub fn rollables(&self) -> impl Iterator<Item = &Trait> {
        self.stats
            .iter()
            .chain(&self.traits)
            .chain(&self.equipment)
            .chain(&self.obligations)
    }

    /// The stat, trait, item or obligation trait named `name`.
    pub fn rollable(&self, name: &str) -> Option<&Trait> {
        self.rollables().find(|t| t.name == name)
    }

    /// Mutable access to the stat, trait, item or obligation trait named `name`, for the fold.
    pub(crate) fn rollable_mut(&mut self, name: &str) -> Option<&mut Trait> {
        self.stats
            .iter_mut()
            .chain(&mut self.traits)
            .chain(&mut self.equipment)
            .chain(&mut self.obligations)
            .find(|t| t.name == name)
    }

    /// Whether `name` is one of its special items.
    pub fn is_item(&self, name: &str) -> bool {
        self.equipment.iter().any(|t| t.name == name)
    }

    /// Burden boxes under `stat`.
    pub fn burden_boxes(&self, stat: &str) -> u32 {
        self.burdens
            .iter()
            .filter(|b| b.stat == stat)
            .map(|b| b.boxes.len() as u32)
            .sum()
    }

    /// The burden named `name`.
    pub fn burden(&self, name: &str) -> Option<&Burden> {
        self.burdens.iter().find(|b| b.name == name)
    }
}

/// An obligation between two characters (T11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Obligation {
    /// Who granted it and coloured boxes.
    pub granter: String,
    /// The granter's trait whose boxes are coloured.
    pub granter_trait: String,
    /// How many boxes.
    pub boxes: u32,
    /// Who owes the service.
    pub grantee: String,
    /// The grantee's trait under Obligations.
    pub grantee_trait: String,
    /// The service promised.
    pub service: String,
}

/// A Twenty table: what `rules/apply.rs` folds events into. A new one is
/// [`State::new`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options.
    pub options: Options,
    /// The keys and traits in play: the book's, and the table's own (T12).
    #[serde(skip)]
    pub catalogue: Catalogue,
    /// Characters in the order they sat down.
    pub characters: Vec<Character>,
    /// The current conflict, or the last one once it has ended; `None` before the first.
    pub conflict: Option<Conflict>,
    /// Obligations in force.
    pub obligations: Vec<Obligation>,
}

impl State {
    /// The character named `name`.
    pub fn character(&self, name: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.name == name)
    }

    /// Mutable access to the character named `name`, for the fold.
    pub(crate) fn character_mut(&mut self, name: &str) -> Option<&mut Character> {
        self.characters.iter_mut().find(|c| c.name == name)
    }

    /// The conflict in progress, if one is (not ended).
    pub fn active_conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref().filter(|c| !c.ended())
    }

    /// Mutable access to the participant named `who` in the current or last conflict, for the fold.
    pub(crate) fn participant_mut(&mut self, who: &str) -> Option<&mut Participant> {
        self.conflict.as_mut().and_then(|c| c.participant_mut(who))
    }
}

/// Where a participant stands in the conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// Still in: may bring in dice or stand in each exchange.
    In,
    /// Forced to stand for the rest of the conflict (rolled a 1, or nothing eligible); still in, and its
    /// dice still count (T2).
    ForcedStand,
    /// Out of the conflict, dice gone, goal lost (T4).
    Surrendered,
}

/// One participant of a conflict: a character (or the GM's side of a healing conflict) with its
/// goal, its pool and its side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    /// The character's name.
    pub who: String,
    /// What it wants to happen.
    pub goal: String,
    /// Its side: the place (0-based, in declaration order) of the first participant of its side.
    /// Allies who declared the same goal share it (T13); with the option off, or a goal nobody
    /// else declared, it is the participant's own place. Opponents are those of other sides.
    #[serde(default)]
    pub side: usize,
    /// The dice in its pool, highest first (d20 values 1-20).
    pub pool: Vec<u32>,
    /// Traits, stats and items brought in so far, each at most once per conflict (T2).
    pub used: Vec<String>,
    /// In, forced to stand, or surrendered.
    pub standing: Standing,
    /// The last exchange in which it brought in dice or stood; 0 before the first.
    pub acted_in: u32,
    /// For a surrendered participant: the how-manieth surrender of the conflict (1 = first).
    pub surrendered_as: Option<u32>,
    /// Whose death its goal is, if any (T7).
    pub death_of: Option<String>,
    /// Opponents' burden boxes used so far: (owner, burden, box index), once each per conflict (T6).
    pub burden_boxes_used: Vec<(String, String, usize)>,
    /// Every roll it made, with the exchange, one per entry of `used` (T9: an opponent's 20 breaks items
    /// of that exchange; T8: the GM rolls from the healer's second bring-in on).
    pub rolls: Vec<(u32, Vec<u32>)>,
    /// What it did and what befell its pool, exchange by exchange, in order: what a board lists per
    /// exchange of the conflict.
    #[serde(default)]
    pub steps: Vec<Step>,
}

/// One thing a participant did, or that happened to its pool, in one exchange of a conflict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The exchange, 1-based (T2).
    pub exchange: u32,
    /// What happened.
    #[serde(flatten)]
    pub what: StepKind,
}

/// What a [`Step`] was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepKind {
    /// It brought in a trait, stat, item or obligation trait and rolled a d20 per unchecked box (T2).
    BroughtIn {
        /// What it brought in.
        #[serde(rename = "trait")]
        trait_name: String,
        /// The d20s rolled, in order.
        dice: Vec<u32>,
    },
    /// The GM's side of a healing conflict rolled a d20 per burden box (T8).
    GmRolled {
        /// The d20s rolled, in order.
        dice: Vec<u32>,
    },
    /// It added a box of an opponent's burden to its pool (T6).
    BurdenDie {
        /// The burden's owner.
        of: String,
        /// The burden.
        burden: String,
        /// The die's value.
        value: u32,
    },
    /// It stood by choice.
    Stood,
    /// It must stand for the rest of the conflict (T2).
    ForcedToStand {
        /// Why.
        reason: StandReason,
    },
    /// It took a burden, and `from` discarded `boxes` (T5).
    TookBurden {
        /// The opponent who discarded.
        from: String,
        /// Who carries it when not the taker: a healing conflict's patient (T14).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<String>,
        /// The burden's name.
        name: String,
        /// The dice discarded: the burden's boxes.
        boxes: Vec<u32>,
    },
    /// It discarded `dice` because `by` took a burden from it (T5).
    Discarded {
        /// Who took the burden.
        by: String,
        /// The dice discarded, highest first.
        dice: Vec<u32>,
    },
    /// It surrendered, or lost at once being disabled (T4, T7).
    Surrendered {
        /// By choice or disabled.
        reason: SurrenderReason,
    },
}

impl Participant {
    /// Whether it can still bring in dice or stand in an exchange.
    pub fn can_act(&self) -> bool {
        self.standing == Standing::In
    }

    /// Whether it is still in the conflict (not surrendered).
    pub fn is_in(&self) -> bool {
        self.standing != Standing::Surrendered
    }

    /// Whether a burden taken from it discarded dice from its pool (T5).
    pub fn discarded(&self) -> bool {
        self.steps
            .iter()
            .any(|s| matches!(s.what, StepKind::Discarded { .. }))
    }
}

/// A conflict between two or more characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    /// The current exchange, 1-based, counted for the whole conflict (T2).
    pub exchange: u32,
    /// The participants, in the order they were declared (each with its side, T13).
    pub participants: Vec<Participant>,
    /// Surrenders so far.
    pub surrenders: u32,
    /// The winner, once the conflict has ended: who holds the winning pool and narrates first.
    pub winner: Option<String>,
    /// The winner's allies still in at the end (T13): they get the same goal.
    #[serde(default)]
    pub winner_allies: Vec<String>,
    /// The final narration order, once the conflict has ended (T3, T4).
    pub final_order: Vec<String>,
    /// For a healing conflict, its set-up (T8); the GM's side is the participant named "GM".
    pub healing: Option<Healing>,
    /// Burdens made in this conflict, (owner, name): they cannot be used in it (T6).
    pub new_burdens: Vec<(String, String)>,
}

impl Conflict {
    /// Whether anyone brought in dice in the current exchange (T4: an exchange without any ends it).
    pub fn dice_this_exchange(&self) -> bool {
        self.participants
            .iter()
            .any(|p| p.rolls.iter().any(|(x, _)| *x == self.exchange))
    }

    /// Whether the conflict has ended.
    pub fn ended(&self) -> bool {
        !self.final_order.is_empty()
    }

    /// The participant named `who`, if taking part.
    pub fn participant(&self, who: &str) -> Option<&Participant> {
        self.participants.iter().find(|p| p.who == who)
    }

    /// The participant named `who`, or the refusal that names those taking part.
    ///
    /// # Errors
    /// As [`Conflict::seat_of`].
    pub fn taking_part(&self, who: &str) -> Result<&Participant, Error> {
        self.seat_of(who).map(|seat| &self.participants[seat])
    }

    /// The place of `who` among the participants (0 for the first to join), or the refusal that
    /// names those taking part.
    ///
    /// # Errors
    /// [`Error::NotAParticipant`] when `who` is not taking part ("Z is not taking part in this
    /// conflict (taking part: Gorand, Dragon)").
    pub fn seat_of(&self, who: &str) -> Result<usize, Error> {
        self.participants
            .iter()
            .position(|p| p.who == who)
            .ok_or_else(|| Error::NotAParticipant {
                who: who.to_owned(),
                taking_part: self
                    .participants
                    .iter()
                    .map(|p| p.who.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Mutable access to the participant named `who`.
    pub fn participant_mut(&mut self, who: &str) -> Option<&mut Participant> {
        self.participants.iter_mut().find(|p| p.who == who)
    }
}
