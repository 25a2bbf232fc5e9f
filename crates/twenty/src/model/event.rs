//! What happened at a Twenty table: the data only. State is the fold of these (`rules/apply.rs`);
//! every die rolled is in one of them.

use super::command::{Declaration, ObligationEnd};
use super::sheet::Sheet;
use serde::{Deserialize, Serialize};

/// Why a participant was forced to stand for the rest of the conflict (T2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandReason {
    /// A 1 came up among the dice it brought in (those dice still count).
    RolledOne,
    /// No trait, stat or item left with enough unchecked boxes for this exchange.
    NothingEligible,
}

/// Why a participant left a conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SurrenderReason {
    /// It chose to.
    Chose,
    /// It is disabled: it loses as if it surrendered at once (T7).
    Disabled,
}

/// Why a special item broke (T9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakCause {
    /// Its user rolled a 1 among its dice.
    RolledOne,
    /// An opponent rolled a 20 in the exchange it was brought in.
    OpponentRolledTwenty(String),
}

/// The healing set-up of a healing conflict (T8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Healing {
    /// Who brings in dice.
    pub healer: String,
    /// Whose burden.
    pub patient: String,
    /// The burden's name.
    pub burden: String,
    /// The burden's boxes when the conflict began: the GM's first pool.
    pub boxes: Vec<u32>,
    /// Whether the GM adds its highest die to the burden when the healer loses.
    pub worsen_on_loss: bool,
}

/// A fact at a Twenty table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A character sat down at the table.
    CharacterAdded {
        /// Its sheet, as checked.
        character: Sheet,
    },
    /// The table added a trait of its own (T12).
    TraitDefined {
        /// The name.
        name: String,
        /// What it covers.
        description: String,
        /// Open to every character.
        open: bool,
    },
    /// A conflict opened; exchange 1 begins.
    ConflictStarted {
        /// The participants and their goals, in the order declared.
        participants: Vec<Declaration>,
        /// The sides of more than one participant (T13, when the table plays it): each the names
        /// of the participants who declared the same goal, in declaration order. Every participant
        /// not listed is a side of its own. Empty (and left out) when no two share a goal, the
        /// option is off, or the log was written before T13.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        allies: Vec<Vec<String>>,
    },
    /// A healing conflict opened (T8): the healer against the GM's side, whose pool is the burden's boxes.
    HealingStarted {
        /// The set-up.
        healing: Healing,
    },
    /// A participant brought dice in and checked one box of what it used.
    BroughtIn {
        /// The participant.
        who: String,
        /// The trait, stat, item or obligation used.
        #[serde(rename = "trait")]
        trait_name: String,
        /// The exchange, 1-based.
        exchange: u32,
        /// The d20s rolled, in order (one per unchecked box).
        dice: Vec<u32>,
    },
    /// In a healing conflict, the GM's new dice: one d20 per burden box (T8).
    GmRolled {
        /// The d20s, in order.
        dice: Vec<u32>,
    },
    /// A participant added a box of an opponent's burden to its pool (T6).
    BurdenDieUsed {
        /// The participant.
        who: String,
        /// The burden's owner.
        of: String,
        /// The burden.
        burden: String,
        /// Which box (0-based) and its value.
        index: usize,
        /// The value added to the pool.
        value: u32,
    },
    /// A participant stood for this exchange by choice.
    Stood {
        /// The participant.
        who: String,
        /// The exchange.
        exchange: u32,
    },
    /// A participant must stand for the rest of the conflict.
    ForcedToStand {
        /// The participant.
        who: String,
        /// Why.
        reason: StandReason,
    },
    /// A participant surrendered.
    Surrendered {
        /// The participant.
        who: String,
        /// By choice, or because it is disabled.
        reason: SurrenderReason,
    },
    /// A participant took a burden; its opponent discarded dice (T5).
    BurdenTaken {
        /// Who takes it.
        who: String,
        /// Who carries it, when not the taker: the patient of a healing conflict, for a burden the
        /// healing side takes (T14). `None` (left out): the taker carries it (T5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<String>,
        /// The opponent who discarded.
        from: String,
        /// Its name.
        name: String,
        /// The d20 rolled for its stat.
        stat_roll: u32,
        /// The stat: 1-4 Physical, 5-8 Mental, 9-12 Social, 13-16 Emotional, 17-20 Spiritual.
        stat: String,
        /// The discarded dice, highest first: the burden's boxes.
        boxes: Vec<u32>,
    },
    /// A character became disabled: its burden boxes under a stat exceed the stat's boxes (T7).
    Disabled {
        /// The character.
        who: String,
        /// The stat.
        stat: String,
        /// Burden boxes under it.
        burden_boxes: u32,
        /// The stat's boxes.
        stat_boxes: u32,
    },
    /// A special item broke (T9).
    ItemBroke {
        /// Its owner.
        who: String,
        /// The item.
        item: String,
        /// Why.
        cause: BreakCause,
    },
    /// A broken item was mended.
    ItemRepaired {
        /// Its owner.
        who: String,
        /// The item.
        item: String,
    },
    /// Everyone still able has acted: the exchange is over.
    ExchangeEnded {
        /// The exchange that ended.
        exchange: u32,
        /// Narration order, highest pool first (T3).
        order: Vec<String>,
        /// The pools of those in, in narration order, each highest die first.
        pools: Vec<Vec<u32>>,
        /// Who is winning: the participant holding the best pool, when no participant of another
        /// side ties it; `None` on a tie at the top between sides (T3, T13).
        winning: Option<String>,
        /// The allies still in of the one winning (T13): its side is winning with it. Empty (and
        /// left out) for a side of one.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        allies: Vec<String>,
    },
    /// The next exchange begins.
    ExchangeBegan {
        /// Its number.
        exchange: u32,
    },
    /// A final tie was rolled off: one d20 each for the tied participants (T4).
    TieRolled {
        /// Each tied participant and its d20, in participant order.
        rolls: Vec<(String, u32)>,
    },
    /// The conflict is over.
    ConflictEnded {
        /// Who holds the winning pool and narrates first; its side wins and gets its goal (empty
        /// when nobody was left in).
        winner: String,
        /// The winner's allies still in (T13): they get the same goal. Empty (and left out) for a
        /// side of one.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        allies: Vec<String>,
        /// The final narration order: the winner, the others still in, then those who surrendered, most
        /// recent first (T3).
        order: Vec<String>,
    },
    /// A character died: it lost a conflict whose winner's goal was its death (T7).
    CharacterDied {
        /// The dead.
        who: String,
        /// The winner whose goal it was (the winner or, T13, one of its allies).
        by: String,
    },
    /// A healing won: burden boxes removed, one per healer die at or above the GM's highest; the
    /// healer's picks first, then highest values first (T8).
    BurdenHealed {
        /// The patient.
        who: String,
        /// The burden.
        burden: String,
        /// The values removed, in the order taken: the picks the dice earned, then the highest left.
        removed: Vec<u32>,
        /// The healer's picks as sent with the command that ended the conflict (`remove`), used
        /// or not; empty when the healer picked none (T8).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        picked: Vec<u32>,
    },
    /// A healing lost: the GM's highest die became a new box of the burden (T8).
    BurdenWorsened {
        /// The patient.
        who: String,
        /// The burden.
        burden: String,
        /// The new box's value.
        added: u32,
    },
    /// Checked boxes unchecked: one per name (T10).
    BoxesUnchecked {
        /// The character.
        who: String,
        /// One entry per box.
        traits: Vec<String>,
        /// A minor goal, a major goal or rest, with the goal's text.
        reason: String,
    },
    /// An advancement: a key added (T10).
    KeyAdded {
        /// The character.
        who: String,
        /// The key.
        key: String,
    },
    /// An advancement: a trait added with 1 box (T10).
    TraitAdded {
        /// The character.
        who: String,
        /// The trait.
        #[serde(rename = "trait")]
        trait_name: String,
    },
    /// An advancement: one more box on each of three traits (T10).
    BoxesAdded {
        /// The character.
        who: String,
        /// The three traits.
        traits: Vec<String>,
    },
    /// An advancement: a trait renamed to another unlocked one, same boxes (T10).
    TraitSwapped {
        /// The character.
        who: String,
        /// The old name.
        old: String,
        /// The new name.
        new: String,
    },
    /// An obligation was granted (T11).
    ObligationGranted {
        /// The granter.
        granter: String,
        /// The granter's trait, whose boxes are coloured.
        #[serde(rename = "trait")]
        trait_name: String,
        /// Boxes coloured, and boxes of the grantee's trait.
        boxes: u32,
        /// The grantee.
        grantee: String,
        /// The grantee's trait.
        #[serde(rename = "as")]
        as_trait: String,
        /// The service promised.
        service: String,
    },
    /// An obligation ended (T11).
    ObligationEnded {
        /// The grantee.
        grantee: String,
        /// The grantee's trait, now gone.
        #[serde(rename = "trait")]
        trait_name: String,
        /// Fulfilled or rescinded.
        reason: ObligationEnd,
    },
}
