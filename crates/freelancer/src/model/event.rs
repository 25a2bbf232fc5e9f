//! The facts a Freelancer table records. State is the fold of these; every die rolled is in one, and
//! each check carries its odds as they stood before the roll.

use crate::model::adjustment::Adjusted;
use crate::model::check::CheckOdds;
use crate::model::check::{Band, Consequence, Equalized, Outcome};
use crate::model::formula::Formula;
use crate::model::number::Number;
use crate::model::options::{InitiativeMethod, OpposedMethod};
use crate::model::roll::DiceRoll;
use crate::model::scene::{InitiativeRoll, Slot};
use crate::model::sheet::{Ability, Character, Rating};
use crate::model::vocation::Vocation;
use serde::{Deserialize, Serialize};

/// Something that happened at a Freelancer table, serialized with its kind under `event`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A character sat down at the table.
    Enrolled {
        /// The sheet, already checked.
        character: Character,
    },
    /// One character made a task check (rulings F1-F3).
    TaskChecked(TaskCheck),
    /// Several characters lifted together on their summed LFT (the book's team lift).
    TeamLifted(TeamLift),
    /// A plain percentile check at the GM's chance (F1).
    ChanceChecked(ChanceCheck),
    /// An opposed check between two characters (F4).
    OpposedChecked(Box<OpposedCheck>),
    /// Dice other than the d100 were rolled, each with its Crit or Botch (F1).
    DiceRolled(DiceRoll),
    /// The GM awarded XP and/or AP.
    Awarded(Award),
    /// A character gained a level and AP.
    LeveledUp {
        /// The character.
        who: String,
        /// The new level.
        level: u64,
        /// AP gained (the table's `ap_per_level`).
        ap: u64,
        /// Why, if given.
        reason: Option<String>,
    },
    /// The GM set an attribute or stat.
    RatingSet {
        /// The character.
        who: String,
        /// The attribute or stat.
        rating: Rating,
        /// The new value.
        value: Number,
        /// The value it had on the sheet before (`None`: not on the sheet).
        was: Option<Number>,
        /// Why.
        reason: String,
    },
    /// The GM gave a stat a formula, replaced it, or took it away (F8).
    FormulaSet {
        /// The stat.
        stat: Rating,
        /// The new formula (`None`: the stat has none from now on).
        formula: Option<Formula>,
        /// The formula it had (`None`: none).
        was: Option<Formula>,
    },
    /// A character changed vocation during a rest or in a safe area (F8).
    VocationChanged {
        /// The character.
        who: String,
        /// The vocation before, if any.
        from: Option<Vocation>,
        /// The new vocation.
        to: Vocation,
        /// Where it was allowed: `"rest"` or `"safe_area"`.
        at: Allowance,
    },
    /// A character learned an ability for AP.
    ApSpent {
        /// The character.
        who: String,
        /// The ability learned.
        ability: Ability,
        /// Its cost.
        cost: u64,
        /// AP left.
        ap_left: u64,
        /// What allowed a path outside General and the current vocation, if that was the case.
        at: Option<Allowance>,
    },
    /// Characters began a rest.
    Rested {
        /// Who.
        who: Vec<String>,
    },
    /// Characters stopped resting.
    RestEnded {
        /// Who.
        who: Vec<String>,
    },
    /// The party entered a safe area.
    SafeAreaEntered {
        /// Where.
        place: String,
    },
    /// The party left the safe area.
    SafeAreaLeft {
        /// Where it was.
        place: String,
    },
    /// An event (staged encounter) began.
    EventStarted {
        /// Its name.
        name: String,
        /// The participants, in the order given (dice are rolled in this order).
        who: Vec<String>,
        /// The initiative method (the table's option).
        method: InitiativeMethod,
    },
    /// A participant declared a Total Action for the coming round (F7).
    TotalActionDeclared {
        /// The participant.
        who: String,
        /// The round it is for.
        round: u64,
    },
    /// A round's initiative was rolled (F5, F6).
    InitiativeRolled(Initiative),
    /// A participant divided their turn for extra Full Actions (F5).
    Divided(Division),
    /// A participant took their turn (F7).
    Acted(Turn),
    /// The event ended.
    EventEnded {
        /// Its name.
        name: String,
        /// Rounds played.
        rounds: u64,
    },
}

/// What made a vocation change or an off-vocation purchase possible (F8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allowance {
    /// The character is resting.
    Rest,
    /// The party is in a safe area.
    SafeArea,
}

/// The numbers and result of one task check, shared by [`TaskCheck`] and [`TeamLift`] (and written
/// flat into them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The rating used, after adjustments and before equalizing (a team's sum for a lift).
    pub rating: Number,
    /// The difficulty, before equalizing, 0 to 10^30.
    pub difficulty: Number,
    /// What the difficulty is, as the command named it.
    pub against: Option<String>,
    /// Both numbers after equalizing (ruling F2).
    pub equalized: Equalized,
    /// Equalized difficulty minus equalized rating, -999 to 999.
    pub difference: i64,
    /// The band of `difference` (ruling F3).
    pub band: Band,
    /// P(success) and P(Botch) before the roll, as `p/q`.
    #[serde(flatten)]
    pub odds: CheckOdds,
    /// The d100 (1-100), or `None` when the band called for no roll.
    pub roll: Option<u32>,
    /// Success, Crit, failure or Botch.
    pub outcome: Outcome,
    /// Whether the outcome is a success (`success` or `crit`).
    pub success: bool,
    /// None, failure, minor (a failure in 96-100) or Botch (F3).
    pub consequence: Consequence,
}

/// One character's task check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskCheck {
    /// The character.
    pub who: String,
    /// The attribute or stat used, when the rating came from the sheet; `None` for a number given.
    pub stat: Option<Rating>,
    /// The NPC whose rating was the difficulty, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The opponent's rating used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_rating: Option<Rating>,
    /// Adjustments applied to the rating, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjustments: Vec<Adjusted>,
    /// The check itself.
    #[serde(flatten)]
    pub check: Check,
}

/// One member's share of a team lift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lifter {
    /// The member.
    pub who: String,
    /// The member's LFT.
    pub lft: Number,
}

/// A team lift: the members' LFT summed into one rating, one check, one roller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamLift {
    /// The members, in the order listed, with their LFT.
    pub team: Vec<Lifter>,
    /// Who rolled the d100 (or would have).
    pub roller: String,
    /// The check on the summed LFT.
    #[serde(flatten)]
    pub check: Check,
}

/// A plain percentile check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceCheck {
    /// The character.
    pub who: String,
    /// The chance given, 0 to 100 percent.
    pub chance: u32,
    /// What was attempted.
    pub against: Option<String>,
    /// P(success) and P(Botch) before the roll.
    #[serde(flatten)]
    pub odds: CheckOdds,
    /// The d100.
    pub roll: u32,
    /// Success, Crit, failure or Botch.
    pub outcome: Outcome,
    /// Whether it succeeded.
    pub success: bool,
    /// None, failure or Botch.
    pub consequence: Consequence,
}

/// One side of an opposed check, from the rating to the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestResult {
    /// The character.
    pub who: String,
    /// The attribute or stat used, when the rating came from the sheet.
    pub stat: Option<Rating>,
    /// The rating before adjustments.
    pub rating: Number,
    /// Adjustments applied, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjustments: Vec<Adjusted>,
    /// The rating after adjustments.
    pub adjusted: Number,
    /// The rating rolled under, after equalizing (roll-under) or reducing below 100 (chaotic): 0 to 999.
    pub reduced: u64,
    /// The d100, if rolled.
    pub roll: Option<u32>,
    /// `rating - roll` when the roll was at most the reduced rating.
    pub margin: Option<u64>,
    /// The roll was a Crit (1-5).
    pub crit: bool,
    /// The roll was a Botch (96-100).
    pub botch: bool,
}

/// The chances of an opposed check before the roll, as `p/q`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedChances {
    /// P(a wins this roll).
    pub p_a: String,
    /// P(b wins this roll).
    pub p_b: String,
    /// P(no winner this roll).
    pub p_neither: String,
    /// P(a wins) if rolled until someone wins; `None` if no one can.
    pub p_a_eventually: Option<String>,
    /// P(b wins) likewise.
    pub p_b_eventually: Option<String>,
}

/// An opposed check between two characters (F4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedCheck {
    /// Roll-under or chaotic.
    pub method: OpposedMethod,
    /// What the contest is.
    pub against: Option<String>,
    /// The first side.
    pub a: ContestResult,
    /// The second side.
    pub b: ContestResult,
    /// The power of ten both adjusted ratings were divided by.
    pub divisor: Number,
    /// The gap between the adjusted ratings equalized to three digits: 0 to 999.
    pub gap: u64,
    /// Roll-under and the gap is over 150: the loser should suffer a punishing outcome (F4).
    pub punishing: bool,
    /// The chances before the roll.
    pub odds: OpposedChances,
    /// Decided without dice (a rating came to 0).
    pub automatic: bool,
    /// The winner's name; `None`: no winner.
    pub winner: Option<String>,
    /// No winner and the table's `both_miss` is "reroll": roll the same check again.
    pub reroll: bool,
}

/// An award of XP and/or AP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    /// Who received it.
    pub who: Vec<String>,
    /// XP each.
    pub xp: u64,
    /// AP each.
    pub ap: u64,
    /// Why.
    pub reason: String,
}

/// One d100 of a tie roll-off (F5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOff {
    /// Who rolled.
    pub who: String,
    /// The tied turn number.
    pub turn: Number,
    /// The d100.
    pub roll: u32,
}

/// A round's initiative.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    /// The round, from 1.
    pub round: u64,
    /// Everyone's roll, in the event's order.
    pub rolls: Vec<InitiativeRoll>,
    /// Who takes a Total Action this round (no roll, no turn).
    pub total_actions: Vec<String>,
    /// The slowest turn of the round (method 1 measures extra actions against it).
    pub slowest: Number,
    /// Tie roll-offs, in the order rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roll_offs: Vec<RollOff>,
    /// The turn order, first to last.
    pub order: Vec<Slot>,
}

/// A participant's choice of extra Full Actions (F5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Division {
    /// The participant.
    pub who: String,
    /// Full Actions chosen.
    pub actions: u32,
    /// The most allowed.
    pub max_actions: u32,
    /// The undivided turn.
    pub rolled: Number,
    /// The turn number now.
    pub turn: Number,
    /// Tie roll-offs the new turn needed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roll_offs: Vec<RollOff>,
    /// The turn order now.
    pub order: Vec<Slot>,
}

/// A turn taken (F7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The participant.
    pub who: String,
    /// The turn number.
    pub turn: Number,
    /// Full Actions used.
    pub full: u32,
    /// Full Actions the turn had but were not taken, lost with it: a divided turn's actions all
    /// come at its one turn number, so those left when it ends do not wait (F5, F7). 0 when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lost: u32,
    /// Empty Actions used.
    pub empty: u64,
    /// Set when the Empty Actions pass the advised limit (F7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// What they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
