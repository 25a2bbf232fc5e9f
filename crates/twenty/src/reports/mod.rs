//! The calculators `skald twenty ...` offers, as reports: each a struct that is `Serialize` (the
//! command's `--json`) and `Display` (its text), made by one function over plain values.
//!
//! - [`burden`]: the burdens one can take from one opponent and which leave one winning (T5).
//! - [`odds`]: the exact chance of being ahead of every opponent after an exchange (T2, T3).
//! - [`choices`]: at a point of a conflict, each choice of the participant to act with its exact
//!   chance of being ahead after the exchange (the model of [`exchange_choices`]).
//! - [`advise`]: at a point of a conflict, each legal choice of the participant to act with its
//!   chance that its side wins the whole conflict ([`conflict_advice`]).
//! - [`balance()`]: the party's chance to win a conflict against an NPC, and an opponent proposed
//!   for an easy, even or hard fight (`balance.rs`).
//!
//! [`read_pool`] reads a pool as the command line writes it (`15,15,12,11,9`).
//!
//! Pure: no I/O; the caller reads files and plays scenarios.

mod balance;

pub use balance::{AgainstLine, BalanceReport, ChanceLine, ProposalLine, balance};

use crate::advice::{AdviceBudget, AdviceChoice, AdviceModel, Estimate, conflict_advice};
use crate::error::{Error, OddsError};
use crate::limits::{MAX_OTHERS, MAX_POOL_DICE, SIDES};
use crate::model::State;
use crate::odds::{BurdenOption, burden_options, check_pool, exchange_choices, p_ahead};
use serde::{Serialize, Serializer};
use skald_core::{noun, plural};
use skald_dice::odds::Fraction;
use std::fmt;

/// Reads a pool as written: d20 faces separated by commas (`15,15,12,11,9`; spaces allowed; blank
/// is the empty pool), in the order given.
///
/// # Errors
/// [`OddsError::NotAFace`] for a part that is not a whole number 1 to [`SIDES`];
/// [`OddsError::TooManyDice`] for more than [`MAX_POOL_DICE`] dice.
pub fn read_pool(text: &str) -> Result<Vec<u32>, OddsError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let dice = text
        .split(',')
        .map(|part| {
            let part = part.trim();
            match part.parse::<u32>() {
                Ok(d) if (1..=SIDES).contains(&d) => Ok(d),
                _ => Err(OddsError::NotAFace {
                    text: part.to_owned(),
                    min: 1,
                    max: SIDES,
                }),
            }
        })
        .collect::<Result<Vec<u32>, OddsError>>()?;
    if dice.len() > MAX_POOL_DICE {
        return Err(OddsError::TooManyDice {
            dice: dice.len(),
            max: MAX_POOL_DICE,
        });
    }
    Ok(dice)
}

/// `skald twenty burden`: every burden I can take from one opponent (T5). JSON: `max_boxes` and
/// `options` (each `boxes`, `discarded`, `their_pool_after`, `winning_after`); text: the pools, my
/// highest die and a table of the options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BurdenReport {
    /// My pool, as given.
    #[serde(skip)]
    pub mine: Vec<u32>,
    /// The opponent's pool, as given.
    #[serde(skip)]
    pub theirs: Vec<u32>,
    /// How many of their dice beat my highest: the most boxes a burden can have (0: none).
    pub max_boxes: u32,
    /// One entry per burden size, 1 to `max_boxes`.
    pub options: Vec<BurdenOption>,
}

/// The burdens I can take from one opponent and whether each leaves me winning (T5; the
/// calculator is [`burden_options`]).
///
/// # Errors
/// [`Error::Odds`] with [`OddsError::PoolSize`] or [`OddsError::Face`] for a pool of more than
/// [`MAX_POOL_DICE`] dice or a die that is not 1 to [`SIDES`] (fields `mine`, `theirs`).
pub fn burden(mine: &[u32], theirs: &[u32]) -> Result<BurdenReport, Error> {
    check_pool("mine", mine).map_err(Error::Odds)?;
    check_pool("theirs", theirs).map_err(Error::Odds)?;
    let found = burden_options(mine, theirs);
    Ok(BurdenReport {
        mine: mine.to_vec(),
        theirs: theirs.to_vec(),
        max_boxes: found.max_boxes,
        options: found.options,
    })
}

impl fmt::Display for BurdenReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let highest = self.mine.iter().copied().max().unwrap_or(0);
        writeln!(f, "Mine: {}", dice(&self.mine))?;
        writeln!(f, "Theirs: {}", dice(&self.theirs))?;
        writeln!(f, "My highest die: {highest}")?;
        if self.max_boxes == 0 {
            return writeln!(
                f,
                "No burden can be taken: none of their dice beats my highest (T5)."
            );
        }
        writeln!(
            f,
            "At most {}: {} of their dice {} my highest (T5).\n",
            noun(self.max_boxes as usize, "box", "boxes"),
            self.max_boxes,
            plural(self.max_boxes, "beats", "beat")
        )?;
        let header =
            ["boxes", "they discard", "their pool after", "winning after"].map(String::from);
        let rows: Vec<[String; 4]> = self
            .options
            .iter()
            .map(|o| {
                [
                    o.boxes.to_string(),
                    dice(&o.discarded),
                    dice(&o.their_pool_after),
                    if o.winning_after { "yes" } else { "no" }.to_owned(),
                ]
            })
            .collect();
        let width = |c: usize| {
            std::iter::once(&header)
                .chain(&rows)
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
        };
        let (w0, w1, w2) = (width(0), width(1), width(2));
        for row in std::iter::once(&header).chain(&rows) {
            let line = format!(
                "{:>w0$}  {:<w1$}  {:<w2$}  {}",
                row[0], row[1], row[2], row[3]
            );
            writeln!(f, "{}", line.trim_end())?;
        }
        writeln!(
            f,
            "\nThe burden's boxes hold the discarded values; the opponent names it and 1d20 picks its stat."
        )
    }
}

/// One opponent of [`OddsReport`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Opponent {
    /// Its pool before the exchange.
    pub pool: Vec<u32>,
    /// The new d20s it brings in this exchange, 0 to [`MAX_NEW_DICE`](crate::limits::MAX_NEW_DICE).
    pub bring: u32,
}

/// `skald twenty odds`: the exact chance that my pool is ahead of every opponent's after an
/// exchange (T2, T3). JSON: `mine`, `bring`, `opponents`, `p_winning` ("p/q") and
/// `p_winning_decimal`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsReport {
    /// My pool before the exchange.
    pub mine: Vec<u32>,
    /// The new d20s I bring.
    pub bring: u32,
    /// Each opponent, in the order given.
    pub opponents: Vec<Opponent>,
    /// P(ahead of every opponent after the exchange), exact; a tie is not ahead (T3).
    #[serde(serialize_with = "fraction_text")]
    pub p_winning: Fraction,
    /// `p_winning` as a decimal.
    pub p_winning_decimal: f64,
}

/// The chance of being ahead of every opponent after an exchange in which I bring `bring` new d20s
/// to `mine` and opponent `i` brings `theirs_bring` to `theirs[i]` ([`p_ahead`], T2, T3).
///
/// `theirs_bring` is given once per opponent, in order, or once for all of them, or not at all
/// (every opponent stands: 0).
///
/// # Errors
/// [`Error::Odds`] with [`OddsError::Opponents`] for more than [`MAX_OTHERS`] opponents,
/// [`OddsError::NewDiceCount`] when `theirs_bring` is neither empty, one, nor one per opponent, and
/// the refusals of [`p_ahead`] (a pool, a die or new dice out of range; too large to be exact).
pub fn odds(
    mine: &[u32],
    bring: u32,
    theirs: &[Vec<u32>],
    theirs_bring: &[u32],
) -> Result<OddsReport, Error> {
    if theirs.len() > MAX_OTHERS {
        return Err(Error::Odds(OddsError::Opponents {
            field: "--theirs",
            count: theirs.len(),
            max: MAX_OTHERS,
        }));
    }
    let each: Vec<u32> = match theirs_bring {
        [] => vec![0; theirs.len()],
        [n] => vec![*n; theirs.len()],
        many if many.len() == theirs.len() => many.to_vec(),
        many => {
            return Err(Error::Odds(OddsError::NewDiceCount {
                field: "--theirs-bring",
                count: many.len(),
                opponents: theirs.len(),
            }));
        }
    };
    let others: Vec<(Vec<u32>, u32)> = theirs.iter().cloned().zip(each).collect();
    let p = p_ahead(mine, bring, &others).map_err(Error::Odds)?;
    Ok(OddsReport {
        mine: mine.to_vec(),
        bring,
        opponents: others
            .into_iter()
            .map(|(pool, bring)| Opponent { pool, bring })
            .collect(),
        p_winning_decimal: p.to_f64(),
        p_winning: p,
    })
}

impl fmt::Display for OddsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Mine: {}, bringing {} new {}",
            dice(&self.mine),
            self.bring,
            plural(self.bring, "d20", "d20s")
        )?;
        for (i, o) in self.opponents.iter().enumerate() {
            writeln!(
                f,
                "Opponent {}: {}, bringing {} new {}",
                i + 1,
                dice(&o.pool),
                o.bring,
                plural(o.bring, "d20", "d20s")
            )?;
        }
        writeln!(
            f,
            "\nP(ahead of every opponent after the exchange) = {}\nTies are not ahead (T3).",
            skald_core::chance(&self.p_winning.to_string(), self.p_winning_decimal)
        )
    }
}

/// One choice of [`ChoicesReport`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The trait, stat, item or obligation brought in; `None` (JSON null) for standing.
    pub bring_in: Option<String>,
    /// How many d20s it rolls.
    pub dice: u32,
    /// P(ahead of every other participant after the exchange), exact.
    #[serde(serialize_with = "fraction_text")]
    pub p_ahead: Fraction,
    /// `p_ahead` as a decimal.
    pub p_ahead_decimal: f64,
}

/// `skald twenty choices`: each choice of a participant about to act, with its exact chance of
/// being ahead after the exchange. JSON: `after_steps`, `choices`, `who`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoicesReport {
    /// How many steps of the scenario were played to reach the state.
    pub after_steps: usize,
    /// Each eligible choice, then standing.
    pub choices: Vec<Choice>,
    /// The participant about to act.
    pub who: String,
}

/// The choices of `who` at `state` (reached after `after_steps` steps of a scenario), each with its
/// exact chance ([`exchange_choices`]: every other participant yet to act brings in its largest
/// eligible trait, or stands).
///
/// # Errors
/// The refusals of [`exchange_choices`]: no conflict, `who` not in it or unable to act now, odds
/// beyond their bounds.
pub fn choices(state: &State, who: &str, after_steps: usize) -> Result<ChoicesReport, Error> {
    let found = exchange_choices(state, who)?;
    Ok(ChoicesReport {
        after_steps,
        choices: found
            .into_iter()
            .map(|c| Choice {
                bring_in: c.bring_in,
                dice: c.dice,
                p_ahead_decimal: c.p_ahead.to_f64(),
                p_ahead: c.p_ahead,
            })
            .collect(),
        who: who.to_owned(),
    })
}

impl fmt::Display for ChoicesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} after step {}: each choice's chance of being ahead after the exchange (with allies still in, the chance is its side's: T13)",
            self.who, self.after_steps
        )?;
        for c in &self.choices {
            let what = c.bring_in.as_ref().map_or("stand".to_string(), |t| {
                format!("bring in {t} ({})", noun(c.dice as usize, "die", "dice"))
            });
            let p = c.p_ahead.to_string();
            writeln!(
                f,
                "  {what:<40} {}",
                skald_core::chance(&p, c.p_ahead_decimal)
            )?;
        }
        Ok(())
    }
}

/// `skald twenty advise`: for each legal choice of a participant about to act, the chance that its
/// side wins the whole conflict ([`conflict_advice`], issue 32). JSON: `after_steps`, `choices`,
/// `model`, `who`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdviseReport {
    /// How many steps of the scenario were played to reach the state.
    pub after_steps: usize,
    /// Each legal choice: each eligible trait, stat, item or obligation, stand, each burden, surrender.
    pub choices: Vec<AdviseChoice>,
    /// The model of every chance: `best_play` (exact) or `simple_policy` (simulated).
    pub model: AdviceModelName,
    /// The participant about to act.
    pub who: String,
}

/// The model of an [`AdviseReport`], as JSON names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AdviceModelName {
    /// Exact: everyone plays its best choice after this one.
    BestPlay,
    /// Simulated: everyone plays the simple policy after this one.
    SimplePolicy,
}

/// One choice of an [`AdviseReport`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdviseChoice {
    /// The choice in words: "bring in Swords (4 dice)", "stand", "take a 2-box burden from
    /// Dragon", "surrender".
    pub choice: String,
    /// The chance to win the conflict as a reduced fraction "p/q" (for a simulation, the share of
    /// the plays won).
    pub p: String,
    /// `p` as a decimal in 0..=1.
    pub decimal: f64,
    /// For a simulation, the half-width of the 99.9% interval in 0..=1; `null` when exact.
    pub margin: Option<f64>,
    /// For a simulation, the conflicts played for this choice; `null` when exact.
    pub plays: Option<u64>,
    /// The model, as [`AdviseReport::model`].
    pub model: AdviceModelName,
}

/// The advice for `who` at `state` (reached after `after_steps` steps of a scenario) within
/// [`AdviceBudget::TABLE`].
///
/// # Errors
/// The refusals of [`conflict_advice`]: no conflict, `who` not in it or unable to act now.
pub fn advise(state: &State, who: &str, after_steps: usize) -> Result<AdviseReport, Error> {
    let advice = conflict_advice(state, who, AdviceBudget::TABLE)?;
    let model = match advice.model {
        AdviceModel::BestPlay => AdviceModelName::BestPlay,
        AdviceModel::SimplePolicy => AdviceModelName::SimplePolicy,
    };
    let choices = advice
        .choices
        .iter()
        .map(|c| {
            let chance = c.win.chance(c.choice.label());
            let plays = match c.win {
                Estimate::Exact(_) => None,
                Estimate::Simulated { plays, .. } => Some(plays),
            };
            AdviseChoice {
                choice: choice_words(&c.choice),
                p: chance.p,
                decimal: chance.decimal,
                margin: chance.margin,
                plays,
                model,
            }
        })
        .collect();
    Ok(AdviseReport {
        after_steps,
        choices,
        model,
        who: who.to_owned(),
    })
}

/// A choice in words, as a list reads it ("bring in Swords (4 dice)").
fn choice_words(choice: &AdviceChoice) -> String {
    match choice {
        AdviceChoice::BringIn { trait_name, dice } => {
            format!(
                "bring in {trait_name} ({})",
                noun(*dice as usize, "die", "dice")
            )
        }
        AdviceChoice::Stand => "stand".into(),
        AdviceChoice::TakeBurden {
            from,
            boxes,
            bearer,
        } => {
            let lands = bearer
                .as_ref()
                .map(|b| format!(", lands on {b} (T14)"))
                .unwrap_or_default();
            let dice = if *boxes == 1 {
                "its highest die".to_owned()
            } else {
                format!("its {boxes} highest dice")
            };
            format!("take a {boxes}-box burden: {from} discards {dice}{lands}")
        }
        AdviceChoice::Surrender => "surrender (the goal is lost)".into(),
        AdviceChoice::Wait => "take no burden now".into(),
    }
}

/// A chance to win as a list reads it: a simulation's as [`skald_core::estimate`] with its plays
/// ("62% ± 2% (simulated, 40,000 plays)", "at least 99.8% (…)", never "100.0% ± 0.0%"), an
/// exact one as [`skald_core::chance`], but "0% (no chance)" and "100% (sure)"
/// ([`skald_core::choice_percent`]), where "impossible" beside a choice would read as the choice
/// not being allowed.
fn win_words(p: &str, decimal: f64, margin: Option<f64>, plays: Option<u64>) -> String {
    match (margin, plays, p) {
        (Some(margin), Some(plays), _) => format!(
            "{} (simulated, {} plays)",
            skald_core::estimate(decimal, margin),
            grouped(plays)
        ),
        (_, _, "0" | "1") => skald_core::choice_percent(p, decimal),
        _ => skald_core::chance(p, decimal),
    }
}

/// A count with thousands separated by commas ("40,000").
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

impl fmt::Display for AdviseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = match self.model {
            AdviceModelName::BestPlay => AdviceModel::BestPlay,
            AdviceModelName::SimplePolicy => AdviceModel::SimplePolicy,
        };
        writeln!(
            f,
            "{} after step {}: each choice's chance that {}'s side wins the conflict",
            self.who, self.after_steps, self.who
        )?;
        let margin = if self.choices.iter().any(|c| c.margin.is_some()) {
            " A chance ± its margin: the simulation's 99.9% interval."
        } else {
            ""
        };
        writeln!(
            f,
            "The model: {} (docs/twenty.md, \"Whole-conflict advice\").{margin}",
            model.words()
        )?;
        let width = self
            .choices
            .iter()
            .map(|c| c.choice.chars().count())
            .max()
            .unwrap_or(0);
        for c in &self.choices {
            let chance = win_words(&c.p, c.decimal, c.margin, c.plays);
            writeln!(f, "  {:<width$}  {chance}", c.choice)?;
        }
        Ok(())
    }
}

/// A pool as text, its dice in the order given ("15 12 10"), or "(none)".
fn dice(pool: &[u32]) -> String {
    if pool.is_empty() {
        return "(none)".to_owned();
    }
    pool.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fraction as JSON: its text, `"231/400"`.
fn fraction_text<S: Serializer>(p: &Fraction, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_burden_example() {
        let report =
            burden(&[15, 15, 12, 11, 9], &[20, 19, 19, 17, 6]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.max_boxes, 4);
        assert_eq!(
            report.to_string(),
            "Mine: 15 15 12 11 9\nTheirs: 20 19 19 17 6\nMy highest die: 15\n\
             At most 4 boxes: 4 of their dice beat my highest (T5).\n\n\
             boxes  they discard  their pool after  winning after\n    \
             1  20            19 19 17 6        no\n    \
             2  20 19         19 17 6           no\n    \
             3  20 19 19      17 6              no\n    \
             4  20 19 19 17   6                 yes\n\n\
             The burden's boxes hold the discarded values; the opponent names it and 1d20 picks its stat.\n"
        );
        let json = serde_json::to_value(&report).unwrap_or_default();
        assert_eq!(json["max_boxes"], 4);
        assert_eq!(json["options"][3]["winning_after"], true);
        assert!(json.get("mine").is_none());
        let none = burden(&[20], &[20, 19]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            none.to_string(),
            "Mine: 20\nTheirs: 20 19\nMy highest die: 20\n\
             No burden can be taken: none of their dice beats my highest (T5).\n"
        );
        assert_eq!(
            burden(&[21], &[]).map_err(|e| e.to_string()),
            Err("`mine` = 21: a die shows 1 to 20".to_string())
        );
    }

    #[test]
    fn the_dragons_odds() {
        let report = odds(&[12, 10], 2, &[vec![14, 6, 5]], &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.p_winning.to_string(), "231/400");
        assert_eq!(
            report.to_string(),
            "Mine: 12 10, bringing 2 new d20s\nOpponent 1: 14 6 5, bringing 0 new d20s\n\n\
             P(ahead of every opponent after the exchange) = 57.8% (231/400)\n\
             Ties are not ahead (T3).\n"
        );
        let json = serde_json::to_value(&report).unwrap_or_default();
        assert_eq!(json["p_winning"], "231/400");
        assert_eq!(json["opponents"][0]["bring"], 0);
        let both = odds(&[], 1, &[vec![], vec![]], &[1]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(both.p_winning.to_string(), "247/800");
    }

    #[test]
    fn odds_refuse_what_they_cannot_read() {
        let refused = |theirs: &[Vec<u32>], theirs_bring: &[u32]| {
            odds(&[12], 0, theirs, theirs_bring)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        assert_eq!(
            refused(&[vec![14], vec![3]], &[1, 2, 3]),
            Err(
                "`--theirs-bring` is given 3 times for 2 opponents (--theirs): give it once for all \
                 of them, or once per opponent"
                    .to_string()
            )
        );
        assert_eq!(
            refused(&[vec![14]], &[1, 2]),
            Err(
                "`--theirs-bring` is given 2 times for 1 opponent (--theirs): give it once for all \
                 of them, or once per opponent"
                    .to_string()
            )
        );
        assert_eq!(
            refused(&vec![vec![1]; 20], &[]),
            Err("`--theirs` is given 20 times; at most 19 opponents".to_string())
        );
    }

    #[test]
    fn pools_read_as_written() {
        assert_eq!(read_pool(" "), Ok(vec![]));
        assert_eq!(read_pool("15, 15,12"), Ok(vec![15, 15, 12]));
        let message = |text: &str| read_pool(text).map_err(|e| e.to_string());
        assert_eq!(
            message("15,21"),
            Err(
                "\"21\" is not a d20 face: dice are 1 to 20, comma-separated, like 15,15,12".into()
            )
        );
        assert_eq!(
            message(&vec!["5"; 101].join(",")),
            Err("101 dice; a pool has at most 100".into())
        );
    }
}
