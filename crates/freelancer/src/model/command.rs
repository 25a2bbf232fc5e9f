//! The commands a Freelancer table takes, as written in a scenario step (`do = "..."` plus fields).
//! Numbers are checked when the command is decided, so a refusal names the field, the value and the
//! ruling; nothing changes when a command is refused.
//!
//! | `do`                   | fields                                                                            | rulings |
//! |------------------------|-----------------------------------------------------------------------------------|---------|
//! | `enroll`               | `character` (a [`Sheet`] table)                                               | F8      |
//! | `task_check`           | `who`, `rating`, `difficulty` or `opponent` + `opponent_rating`, `adjust`, `against` | F1-F3 |
//! | `team_lift`            | `who` (2-12 names), `difficulty`, `roller`, `against`                             | F1-F3   |
//! | `chance_check`         | `who`, `chance` (0-100), `against`                                               | F1      |
//! | `opposed_check`        | `a`, `b` (each `who`, `rating`, `adjust`), `method`, `against`                    | F4      |
//! | `roll_die`             | `die` (4, 6, 8, 10, 12 or 20), `count` (1-20), `who`, `what`                      | F1      |
//! | `award`                | `who` (names), `xp`, `ap`, `reason`                                               | F8      |
//! | `level_up`             | `who`, `reason`                                                                   | F8      |
//! | `set_rating`           | `who`, `rating`, `value`, `reason`                                                | F8      |
//! | `set_formula`          | `stat`, `formula` (left out: none)                                                | F8      |
//! | `change_vocation`      | `who`, `vocation`                                                                 | F8      |
//! | `spend_ap`             | `who`, `ability`, `path`, `cost`                                                  | F7, F8  |
//! | `rest` / `end_rest`    | `who` (names; default every full sheet)                                           | F8      |
//! | `enter_safe_area`      | `place`                                                                           | F8      |
//! | `leave_safe_area`      |                                                                                   | F8      |
//! | `start_event`          | `name`, `who` (1-32 names)                                                        | F5      |
//! | `declare_total_action` | `who`                                                                             | F7      |
//! | `initiative`           | `total_actions` (names)                                                           | F5-F7   |
//! | `divide`               | `who`, `actions`                                                                  | F5      |
//! | `act`                  | `who`, `full`, `empty`, `what`                                                    | F7      |
//! | `end_event`            |                                                                                   | F5      |

use crate::model::adjustment::Adjustment;
use crate::model::number::NumberInput;
use crate::model::options::OpposedMethod;
use crate::model::sheet::{Rating, Sheet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use skald_core::CommandShape;

/// A player's or the GM's command at a Freelancer table. Unknown fields are refused.
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
    /// Errors: see [`Sheet::check`]; a name already at the table; more than 200 characters; a
    /// stat formula that gives the sheet a stat outside 0 to 10^30 (F8).
    Enroll {
        /// The character sheet.
        character: Sheet,
    },
    /// `do = "task_check"`: a character's rating against a difficulty (the Chance of Success),
    /// equalized (F2), banded by their difference and, where the band calls for it, decided by one
    /// d100 (F1, F3). The event carries P(success) and P(Botch) as they stood before the roll.
    ///
    /// Errors: `who` unknown; `rating` not on the sheet, or a number outside 0 to 10^30; no
    /// `difficulty` and no `opponent` (F3); both given; `opponent` with a full sheet (a check between
    /// characters is an opposed check, F4); `opponent_rating` missing or not on the opponent's sheet;
    /// a bad adjustment; `against` blank or over 64 characters; `roll_anyway = true` (retired, F3).
    TaskCheck {
        /// The character making the check.
        who: String,
        /// The rating used: an attribute or stat of `who` (`"CHM"`), or a number 0 to 10^30 (a Talent
        /// level, or a value the GM gives).
        rating: RatingSource,
        /// What the rating is checked against, 0 to 10^30.
        #[serde(default)]
        difficulty: Option<NumberInput>,
        /// Instead of `difficulty`: an NPC with an Encounter Sheet whose `opponent_rating` is the
        /// difficulty (the book's guard and his WIL).
        #[serde(default)]
        opponent: Option<String>,
        /// The opponent's rating used as the difficulty.
        #[serde(default)]
        opponent_rating: Option<Rating>,
        /// Adjustments to `rating` before equalizing (at most 8), each recorded with its reason.
        #[serde(default)]
        adjust: Vec<Adjustment>,
        /// What the difficulty is, for the log: `"the guard's WIL"`. Optional.
        #[serde(default)]
        against: Option<String>,
        /// Retired (RULINGS F3): a check at a difference of 151 or more fails with no roll and
        /// counts as a Botch, so there is nothing to roll anyway. Read only so that older logs,
        /// which wrote `false`, still load; `true` is refused ([`crate::Error::Retired`]).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        roll_anyway: bool,
    },
    /// `do = "team_lift"`: several characters lift one load together (combined ratings). Their LFT
    /// adds up before equalizing (freelancer.txt, Stats, Lifting Power: LFT is cumulative; the boulder
    /// example: 42 + 71 + 87 = 200, equalized to 20 against 120), and one of them rolls the single
    /// d100 (the example: the member with the best luck). List only members who can grip the load.
    ///
    /// Errors: fewer than 2 or more than 12 names, a name twice, a name unknown or without LFT; a
    /// `roller` not in the team; no `difficulty` (F3) or one above 10^30; `against` blank or long;
    /// `roll_anyway = true` (retired, F3).
    TeamLift {
        /// The lifters, 2 to 12 names, each with LFT on its sheet.
        who: Vec<String>,
        /// The load's rating against LFT (the boulder: 1200), 0 to 10^30.
        #[serde(default)]
        difficulty: Option<NumberInput>,
        /// Who rolls the d100. Default: the member with the highest LCK (the first listed among
        /// equals; a sheet without LCK counts as 0).
        #[serde(default)]
        roller: Option<String>,
        /// What is being lifted, for the log: `"the boulder"`. Optional.
        #[serde(default)]
        against: Option<String>,
        /// Retired, as for `task_check` (RULINGS F3): `true` is refused.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        roll_anyway: bool,
    },
    /// `do = "chance_check"`: the GM gives a plain percentile Chance of Success instead of ratings
    /// (freelancer.txt, the note closing Task Checks). One d100: a Crit (1-5) succeeds, a Botch
    /// (96-100) fails, otherwise a roll at most `chance` succeeds (F1).
    ///
    /// Errors: `who` unknown; `chance` outside 0 to 100; `against` blank or long.
    ChanceCheck {
        /// The character rolling.
        who: String,
        /// The chance of success in percent, 0 to 100.
        chance: NumberInput,
        /// What is attempted, for the log. Optional.
        #[serde(default)]
        against: Option<String>,
    },
    /// `do = "opposed_check"`: a check between two characters with full sheets (F4), by the table's
    /// method or the one named. Each side rolls one d100 unless a rating comes to 0 (it loses without a
    /// roll). The event carries P(each side wins) before the roll and flags a gap over 150.
    ///
    /// Errors: a side unknown, with an Encounter Sheet (a check against such an NPC is a task check,
    /// F3), or without the rating; the same character on both sides; a bad adjustment; a rating
    /// outside 0 to 10^30.
    OpposedCheck {
        /// The first side.
        a: Contestant,
        /// The second side.
        b: Contestant,
        /// `"roll_under"` or `"chaotic"`; default: the table's `opposed` option.
        #[serde(default)]
        method: Option<OpposedMethod>,
        /// What the contest is, for the log: `"arm wrestling"`. Optional.
        #[serde(default)]
        against: Option<String>,
    },
    /// `do = "roll_die"`: `count` dice of `die` sides, each marked as F1 marks the dice besides the
    /// d100: its highest face a Crit, its lowest (1) a Botch. The book's Dice: such rolls are
    /// "often added in as raw values", so the event adds the faces up too; it carries P(Crit) and
    /// P(Botch) of one die and of at least one die, as they stood before the roll.
    ///
    /// Dice: `count` dice of `die` sides, in order.
    ///
    /// Errors: `die` not 4, 6, 8, 10, 12 or 20 (a d100 is a percentile roll: `task_check` or
    /// `chance_check`); `count` outside 1 to 20; `who` unknown; `what` blank or over 64
    /// characters.
    RollDie {
        /// The die's sides: 4, 6, 8, 10, 12 or 20 (F1).
        die: NumberInput,
        /// How many dice, 1 to 20; default 1.
        #[serde(default)]
        count: Option<NumberInput>,
        /// The character rolling, if any: its player's roll (or the GM's for it). Left out, the roll
        /// names no one and is the GM's.
        #[serde(default)]
        who: Option<String>,
        /// What the dice are for, for the log: `"the trap's damage"`. Optional.
        #[serde(default)]
        what: Option<String>,
    },
    /// `do = "award"`: the GM awards XP and/or AP, with a reason (freelancer.txt, Vocations and
    /// Abilities: XP for what was hard, AP for work done; both when they overlap).
    ///
    /// Errors: no names, more than 32, a name twice or unknown, an Encounter Sheet (F8); `xp` and `ap`
    /// both 0 or absent; either above 10^12; a total above 10^15; `reason` blank or over 200 characters.
    Award {
        /// Who receives the award, 1 to 32 names.
        who: Vec<String>,
        /// XP each, 0 to 10^12.
        #[serde(default)]
        xp: Option<NumberInput>,
        /// AP each, 0 to 10^12.
        #[serde(default)]
        ap: Option<NumberInput>,
        /// Why, 1 to 200 characters.
        reason: String,
    },
    /// `do = "level_up"`: a character gains a level and the table's `ap_per_level` AP. The book gives
    /// no XP thresholds, so levelling up is the GM's call; stats with formulas over LVL follow.
    ///
    /// Errors: `who` unknown or with an Encounter Sheet (F8); level 1000 already; a formula that
    /// would give a stat outside 0 to 10^30; `reason` blank or long.
    LevelUp {
        /// The character.
        who: String,
        /// Why, optional.
        #[serde(default)]
        reason: Option<String>,
    },
    /// `do = "set_rating"`: the GM sets an attribute or a stat (growth, equipment, injury), with a
    /// reason. A stat set here wins over its formula from then on.
    ///
    /// Errors: `who` unknown; `value` outside 0 to 10^30; a formula that would then give a stat
    /// outside 0 to 10^30; `reason` blank or long.
    SetRating {
        /// The character.
        who: String,
        /// The attribute or stat.
        rating: Rating,
        /// The new value, 0 to 10^30.
        value: NumberInput,
        /// Why, 1 to 200 characters.
        reason: String,
    },
    /// `do = "set_formula"`: the GM gives a stat the table's formula over the attributes (and the
    /// level) that affect it, replacing the one it had, or, with `formula` left out, takes its
    /// formula away (F8: the book's formulas are missing, the table defines them). Every sheet
    /// without that stat written on it follows the new formula at once.
    ///
    /// Errors: `stat` an attribute; `formula` that does not read (with its position), names what
    /// does not affect the stat, is the stat's formula already, or would give a character's stat
    /// outside 0 to 10^30; left out when the stat has no formula; a formula that would leave a
    /// participant of the event under way without SPD (F5).
    SetFormula {
        /// The stat: `"HP"` ... `"FTH"`.
        stat: Rating,
        /// The formula (`"VIG * 10 + MRL + LCK"`, at most 200 characters); left out, the stat has
        /// no formula from then on.
        #[serde(default)]
        formula: Option<String>,
    },
    /// `do = "change_vocation"`: a character takes up another vocation, only while resting or in a
    /// safe area (F8).
    ///
    /// Errors: `who` unknown or with an Encounter Sheet; `vocation` unknown or the current one; not
    /// resting and not in a safe area (F8).
    ChangeVocation {
        /// The character.
        who: String,
        /// The new vocation's name.
        vocation: String,
    },
    /// `do = "spend_ap"`: a character learns an ability for AP. Outside a rest or a safe area only
    /// General abilities and those of the current vocation (F8); during an event only as a Total
    /// Action declared for the round under way (F7).
    ///
    /// Errors: `who` unknown or with an Encounter Sheet; `path` neither "general" nor a vocation;
    /// `cost` outside 1 to 10^12 or above the AP held; the ability already learned; the path not
    /// allowed here (F8); during an event without a Total Action this round (F7).
    SpendAp {
        /// The character.
        who: String,
        /// The ability's name, 1 to 64 characters.
        ability: String,
        /// `"general"` or the vocation it belongs to.
        path: String,
        /// Its cost in AP, 1 to 10^12.
        cost: NumberInput,
    },
    /// `do = "rest"`: characters begin a rest (vocations may change, any AP may be spent, F8).
    ///
    /// Errors: a name unknown, twice, with an Encounter Sheet, or resting already; an event under way.
    Rest {
        /// Who rests; default every character with a full sheet not resting yet.
        #[serde(default)]
        who: Option<Vec<String>>,
    },
    /// `do = "end_rest"`: characters stop resting.
    ///
    /// Errors: a name unknown, twice, or not resting; no one resting.
    EndRest {
        /// Who stops; default everyone resting.
        #[serde(default)]
        who: Option<Vec<String>>,
    },
    /// `do = "enter_safe_area"`: the party is somewhere safe where a rest is possible (F8).
    ///
    /// Errors: `place` blank or long; already in a safe area.
    EnterSafeArea {
        /// Where, 1 to 64 characters: `"the guild hall"`.
        place: String,
    },
    /// `do = "leave_safe_area"`: the party leaves the safe area.
    ///
    /// Errors: not in a safe area.
    LeaveSafeArea {},
    /// `do = "start_event"`: an Event (a staged encounter with turn order, F5) begins with these
    /// participants; each round then starts with `initiative`.
    ///
    /// Errors: an event already under way; `name` blank or long; no participants or more than 32; a
    /// name unknown or twice; a participant without ALC or SPD (F5).
    StartEvent {
        /// What the event is: `"ambush at the ford"`.
        name: String,
        /// The participants, 1 to 32 names (PCs and NPCs of any sheet).
        who: Vec<String>,
    },
    /// `do = "declare_total_action"`: a participant will take a Total Action next round, which keeps
    /// them out of that round's turn order (F7). Only before the round's initiative.
    ///
    /// Errors: no event; `who` not a participant or declared already; the round's initiative already
    /// rolled (F7).
    DeclareTotalAction {
        /// The participant.
        who: String,
    },
    /// `do = "initiative"`: a new round. Everyone not taking a Total Action rolls d100 + ALC, scaled
    /// to their SPD (F5), into the turn order, highest first; ties go to the higher SPD, then the
    /// higher LCK, then a d100 roll-off. Method 2 gives every two orders of magnitude a turn (F6).
    ///
    /// Dice: one d100 per participant in the order the event lists them (Total Actions skipped), then
    /// d100 roll-offs for ties, each pass in turn order.
    ///
    /// Errors: no event; the round under way not finished (whose turn it is is named); a Total Action
    /// name not a participant or twice; everyone taking a Total Action; more than 10,000 rounds.
    Initiative {
        /// Participants taking a Total Action this round (added to those declared before).
        #[serde(default)]
        total_actions: Vec<String>,
    },
    /// `do = "divide"`: under method 1, a participant divides their turn into `actions` Full Actions,
    /// all at the turn divided by `actions` (halves up): up to one more for every two orders of
    /// magnitude on the slowest turn (F5). Only before the round's first turn; choosing again replaces
    /// the choice. Ties the new turn makes are rolled off (dice as for `initiative`).
    ///
    /// Errors: no round; method 2 (F6); a turn already taken this round; `who` not in the order;
    /// `actions` outside 1 to the maximum (F5).
    Divide {
        /// The participant.
        who: String,
        /// Full Actions wanted, 1 to the maximum.
        actions: NumberInput,
    },
    /// `do = "act"`: the participant whose turn it is takes it: Full Actions (default all the turn
    /// has) and Empty Actions (default 0; more than the roll's digit count, or two a turn under
    /// method 2, is recorded with a warning, F7).
    ///
    /// Errors: no round, or the round is over; not `who`'s turn (whose it is is named); `full` above the
    /// turn's Full Actions (F7); `empty` above 1000; `what` blank or long.
    Act {
        /// The participant whose turn it is.
        who: String,
        /// Full Actions used, 0 to the turn's.
        #[serde(default)]
        full: Option<NumberInput>,
        /// Empty Actions used, 0 to 1000.
        #[serde(default)]
        empty: Option<NumberInput>,
        /// What they did, for the log. Optional, up to 200 characters. (Not `note`: a scenario step's
        /// `note` is its own.)
        #[serde(default)]
        what: Option<String>,
    },
    /// `do = "end_event"`: the event is over.
    ///
    /// Errors: no event under way.
    EndEvent {},
}

/// One side of an opposed check: `{ who = "Ash", rating = "LFT", adjust = [{ factor = "1/2", reason =
/// "one arm" }] }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contestant {
    /// The character, with a full sheet.
    pub who: String,
    /// The rating: an attribute or stat on the sheet, or a number 0 to 10^30.
    pub rating: RatingSource,
    /// Adjustments before reducing (at most 8), each with its reason.
    #[serde(default)]
    pub adjust: Vec<Adjustment>,
}

/// Where a rating comes from: written `rating = "CHM"` (the sheet) or `rating = 27` (a number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingSource {
    /// An attribute or stat read from the character's sheet (or its formula).
    Sheet(Rating),
    /// A number given directly (checked when the command is decided).
    Value(NumberInput),
}

impl Serialize for RatingSource {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RatingSource::Sheet(rating) => serializer.serialize_str(rating.abbreviation()),
            RatingSource::Value(value) => value.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for RatingSource {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let input = NumberInput::deserialize(deserializer)?;
        Ok(match input {
            NumberInput::Text(text) => match Rating::from_abbreviation(text.trim()) {
                Some(rating) => RatingSource::Sheet(rating),
                None => RatingSource::Value(NumberInput::Text(text)),
            },
            whole => RatingSource::Value(whole),
        })
    }
}

impl<'a> From<&'a str> for RatingSource {
    /// `"LFT"` names a rating; any other text is kept as a number to check.
    fn from(text: &'a str) -> Self {
        match Rating::from_abbreviation(text) {
            Some(rating) => RatingSource::Sheet(rating),
            None => RatingSource::Value(NumberInput::Text(text.to_owned())),
        }
    }
}

impl From<u128> for RatingSource {
    fn from(value: u128) -> Self {
        RatingSource::Value(NumberInput::from(value))
    }
}

impl CommandShape for Command {
    fn verb(&self) -> &'static str {
        Verb::from(self).into()
    }

    /// The character checking, rolling, resting its growth or taking its turn (a team lift's
    /// roller, else its first lifter; an opposed check's challenger); none for the GM's commands
    /// over the table or several characters (awards, rests, events, formulas) and for a character
    /// enrolled.
    fn actor(&self) -> Option<&str> {
        match self {
            Command::Enroll { .. }
            | Command::Award { .. }
            | Command::SetFormula { .. }
            | Command::Rest { .. }
            | Command::EndRest { .. }
            | Command::EnterSafeArea { .. }
            | Command::LeaveSafeArea {}
            | Command::StartEvent { .. }
            | Command::Initiative { .. }
            | Command::EndEvent {} => None,
            Command::TeamLift { who, roller, .. } => {
                roller.as_deref().or(who.first().map(String::as_str))
            }
            Command::OpposedCheck { a, .. } => Some(&a.who),
            Command::RollDie { who, .. } => who.as_deref(),
            Command::TaskCheck { who, .. }
            | Command::ChanceCheck { who, .. }
            | Command::LevelUp { who, .. }
            | Command::SetRating { who, .. }
            | Command::ChangeVocation { who, .. }
            | Command::SpendAp { who, .. }
            | Command::DeclareTotalAction { who }
            | Command::Divide { who, .. }
            | Command::Act { who, .. } => Some(who),
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
