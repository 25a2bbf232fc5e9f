//! The table options of Freelancer (the RULINGS.md options, with their defaults), written under
//! `[options]` in a scenario and recorded at the head of the log:
//!
//! ```toml
//! [options]
//! initiative = 1            # 1 (default, F5) or 2 (F6)
//! opposed = "roll_under"    # "roll_under" (default) or "chaotic" (F4)
//! both_miss = "reroll"      # opposed checks where neither wins: "reroll" (default) or "no_winner" (F4)
//! ap_per_level = 1          # AP gained at each level-up, 1 (default, the book's minimum) to 100
//! [options.formulas]        # stat formulas over attributes and LVL (F8); none by default
//! HP = "VIG * 10 + MRL + LCK"
//! ```
//!
//! The lobby offers the formulas as a choice: none, or Skald's starting set ([`STARTING_FORMULAS`]);
//! the GM then edits them at the table (`set_formula`), which the state keeps
//! ([`crate::State::formulas`]).
//!
//! Options are checked as they are read: a bad value or formula is refused with the field, the value
//! and what is allowed, before the table exists.

use crate::limits::MAX_AP_PER_LEVEL;
use crate::model::formula::Formula;
use crate::model::sheet::{Influence, Rating};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How initiative is rolled and turns are given (rulings F5, F6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum InitiativeMethod {
    /// Method 1 (F5, the book's preferred): one turn each, at the roll scaled to SPD; extra Full
    /// Actions by dividing the turn.
    #[default]
    One,
    /// Method 2 (F6): a turn at the scaled roll and at every two orders of magnitude below it.
    Two,
}

impl TryFrom<u8> for InitiativeMethod {
    type Error = String;

    fn try_from(value: u8) -> Result<Self, String> {
        match value {
            1 => Ok(InitiativeMethod::One),
            2 => Ok(InitiativeMethod::Two),
            other => Err(format!(
                "Initiative is {other}, but it must be 1 (method 1, F5) or 2 (method 2, F6)"
            )),
        }
    }
}

impl From<InitiativeMethod> for u8 {
    fn from(method: InitiativeMethod) -> u8 {
        match method {
            InitiativeMethod::One => 1,
            InitiativeMethod::Two => 2,
        }
    }
}

/// How an opposed check between characters is rolled (ruling F4).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpposedMethod {
    /// Equalize to three digits (F2), each rolls d100 under their rating; the larger margin wins.
    #[default]
    RollUnder,
    /// Divide both by 10 until the larger is below 100, then roll under as above.
    Chaotic,
}

impl OpposedMethod {
    /// `"roll_under"` or `"chaotic"`.
    pub fn name(self) -> &'static str {
        match self {
            OpposedMethod::RollUnder => "roll_under",
            OpposedMethod::Chaotic => "chaotic",
        }
    }

    /// The method in the reader's words, for forms and odds: `"roll under"` or `"chaotic"`.
    pub fn label(self) -> &'static str {
        match self {
            OpposedMethod::RollUnder => "roll under",
            OpposedMethod::Chaotic => "chaotic",
        }
    }
}

/// What an opposed check comes to when neither side wins the roll (ruling F4).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothMiss {
    /// No winner yet: the same check is rolled again (the GM repeats the command).
    #[default]
    Reroll,
    /// No winner, and the check is over.
    NoWinner,
}

/// Freelancer's table options (module docs). Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "OptionsInput")]
pub struct Options {
    /// Initiative method 1 (F5, default) or 2 (F6).
    pub initiative: InitiativeMethod,
    /// The default method of opposed checks (F4); a command may name the other.
    pub opposed: OpposedMethod,
    /// What a roll without a winner comes to in an opposed check (F4).
    pub both_miss: BothMiss,
    /// AP gained at each level-up: 1 to 100 (freelancer.txt, Abilities: at least 1 per level; 5 suits
    /// one-shots).
    pub ap_per_level: u64,
    /// Stat formulas by stat (F8). Only stats, each naming only what affects it in the book.
    pub formulas: BTreeMap<Rating, Formula>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            initiative: InitiativeMethod::One,
            opposed: OpposedMethod::RollUnder,
            both_miss: BothMiss::Reroll,
            ap_per_level: 1,
            formulas: BTreeMap::new(),
        }
    }
}

/// [`Options`] as written, before the checks.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct OptionsInput {
    initiative: InitiativeMethod,
    opposed: OpposedMethod,
    both_miss: BothMiss,
    ap_per_level: u64,
    formulas: BTreeMap<Rating, Formula>,
}

impl Default for OptionsInput {
    fn default() -> Self {
        let d = Options::default();
        OptionsInput {
            initiative: d.initiative,
            opposed: d.opposed,
            both_miss: d.both_miss,
            ap_per_level: d.ap_per_level,
            formulas: d.formulas,
        }
    }
}

impl TryFrom<OptionsInput> for Options {
    type Error = String;

    fn try_from(input: OptionsInput) -> Result<Self, String> {
        if !(1..=MAX_AP_PER_LEVEL).contains(&input.ap_per_level) {
            return Err(format!(
                "AP per level is {}, but it must be 1 to {MAX_AP_PER_LEVEL} (at least 1 AP every \
                 level, the book's Abilities)",
                input.ap_per_level
            ));
        }
        for (stat, formula) in &input.formulas {
            check_formula(*stat, formula)?;
        }
        Ok(Options {
            initiative: input.initiative,
            opposed: input.opposed,
            both_miss: input.both_miss,
            ap_per_level: input.ap_per_level,
            formulas: input.formulas,
        })
    }
}

/// Whether `formula` may compute `stat`: `stat` must be a stat, and the formula may name only what
/// affects it (F8).
///
/// # Errors
/// A message naming the stat, the name and its position, and what is allowed.
pub fn check_formula(stat: Rating, formula: &Formula) -> Result<(), String> {
    if stat.is_attribute() {
        return Err(format!(
            "A stat formula is given for {}, but it is an attribute: formulas compute stats from \
             attributes (F8)",
            stat.spelled_out()
        ));
    }
    if let Some((variable, position)) = formula.foreign_name(stat) {
        return Err(format!(
            "The stat formula for {} (\"{}\") names {} at character {position}, but {stat} is \
             affected by {} only (the book's Stats; F8)",
            stat.spelled_out(),
            formula.source(),
            variable.name(),
            formula_names(stat).join(" ")
        ));
    }
    Ok(())
}

/// What a formula for `stat` may name: the attributes that affect it in the book, and `LVL` where
/// the level does (freelancer.txt, Stats; F8); nothing for an attribute.
pub fn formula_names(stat: Rating) -> Vec<&'static str> {
    stat.affected_by()
        .iter()
        .filter_map(|i| match i {
            Influence::Attribute(r) => Some(r.abbreviation()),
            Influence::Level => Some("LVL"),
            Influence::Stat(_) | Influence::Equipment => None,
        })
        .collect()
}

/// Skald's starting set of stat formulas (F8: the book's formulas are missing and the table
/// defines its own), which the lobby offers as the `formulas` option: each stat is the sum of the
/// attributes the book says affect it, plus the level (`LVL`) for WIL, CHM and FTH. A stat's other
/// influences (LFT for JMP and SPD, equipment for PHD, MD, JMP and SPD) are no formula names, so
/// they are left to the GM. A starting point to edit at the table (`set_formula`), not the book's.
pub const STARTING_FORMULAS: [(Rating, &str); 16] = [
    (Rating::Hp, "VIG + MRL + LCK"),
    (Rating::Tp, "MIT + VIG + INT + MRL"),
    (Rating::Sp, "INT + MRL"),
    (Rating::Lft, "MIT + VIG"),
    (Rating::Str, "MIT + ALC + MRL"),
    (Rating::Phd, "MIT + VIG"),
    (Rating::Md, "INT + MRL"),
    (Rating::Jmp, "MIT + ALC"),
    (Rating::Spd, "MIT + ALC"),
    (Rating::Dog, "ALC + INT + LCK"),
    (Rating::Atn, "VIG + INT + LCK"),
    (Rating::Dis, "INT + MRL + LCK"),
    (Rating::Res, "VIG + MRL + LCK"),
    (Rating::Wil, "LVL + MIT + VIG + INT + MRL"),
    (Rating::Chm, "LVL + MIT + MRL + LCK"),
    (Rating::Fth, "LVL + MRL"),
];

/// The options as a lobby's form: initiative (F5, F6), opposed checks (F4), both missing, AP per
/// level, and the stat formulas (F8: none, or [`STARTING_FORMULAS`]), starting at the rulings'
/// defaults.
pub fn fields() -> Vec<skald_core::Field> {
    use serde_json::{Map, Value, json};
    use skald_core::Field;
    let starting: Map<String, Value> = STARTING_FORMULAS
        .iter()
        .map(|(stat, formula)| (stat.abbreviation().to_owned(), json!(formula)))
        .collect();
    vec![
        Field::choice(
            "initiative",
            "Initiative",
            &[
                (json!(1), "method 1: one turn each, divided for extra actions (F5)"),
                (json!(2), "method 2: turns at every two orders of magnitude (F6)"),
            ],
        )
        .with_help(
            "How an event's turn order is rolled: the book prefers method 1; method 2 lets very \
             fast characters lap the others, and takes longer.",
        ),
        Field::choice(
            "opposed",
            "Opposed checks",
            &[
                (json!("roll_under"), "roll under, equalized to three digits (F4)"),
                (json!("chaotic"), "chaotic: both divided by 10 below 100 (F4)"),
            ],
        )
        .with_help(
            "How two characters contest a check: the book's first method, or its chaotic one, \
             where even the much stronger side can miss.",
        ),
        Field::choice(
            "both_miss",
            "When an opposed check has no winner",
            &[
                (json!("reroll"), "roll again"),
                (json!("no_winner"), "no winner"),
            ],
        )
        .with_help(
            "When both sides miss, or their margins are equal: the GM rolls the check again, or it \
             ends with nobody winning (F4).",
        ),
        Field::number(
            "ap_per_level",
            "AP per level",
            1,
            100,
            i64::try_from(Options::default().ap_per_level).unwrap_or(1),
        )
        .with_help(
            "Ability points a character gains at each level: the book says at least 1 for long \
             campaigns, and about 5 for a one-shot.",
        ),
        Field::choice(
            "formulas",
            "Stat formulas (F8)",
            &[
                (json!({}), "none: the GM enters every stat"),
                (
                    Value::Object(starting),
                    "Skald's starting set: each stat the sum of the attributes that affect it",
                ),
            ],
        )
        .with_help(
            "The book's stat formulas are missing: the GM types each stat, or the table starts from \
             Skald's sums and edits them at the table.",
        ),
    ]
}
