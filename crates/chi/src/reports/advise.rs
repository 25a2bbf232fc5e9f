//! `skald chi advise --pool`: the allocation adviser's report ([`mod@crate::advice::allocation`] finds
//! the split), and how the command line reads a declared action (`--action`).

pub use crate::advice::allocation::{Advice, Goal, Plan, Planned, advise};
use crate::error::Error;
use crate::model::options::TieRule;
use crate::reports::flags::flagged;
use crate::reports::written;
use serde::Serialize;
use skald_core::chance;
use skald_dice::odds::Fraction;
use std::fmt;
use std::str::FromStr;

/// Reads an action as `skald chi advise --action` takes it: `DIFFICULTY[+M|-M][:off]`, e.g. `6`,
/// `4+1`, `3-2:off` (`:off` when it does not fit the concept). The ranges are checked by
/// [`advise`].
impl FromStr for Planned {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let bad = || Error::ActionNotation {
            field: "action",
            value: text.to_owned(),
        };
        let trimmed = text.trim();
        let (body, fits_concept) = match trimmed.strip_suffix(":off") {
            Some(body) => (body, false),
            None => (trimmed, true),
        };
        let split = body.find(['+', '-']).unwrap_or(body.len());
        let (difficulty, modifier) = body.split_at(split);
        let difficulty: u32 = difficulty.trim().parse().map_err(|_| bad())?;
        let modifier: i32 = match modifier.trim() {
            "" => 0,
            m => {
                // One sign, then digits only: `3++1` and `3+-1` are typos, not modifiers.
                let (sign, digits) = m.split_at(1);
                if digits.is_empty() || !digits.trim().chars().all(|c| c.is_ascii_digit()) {
                    return Err(bad());
                }
                let value: i32 = digits.trim().parse().map_err(|_| bad())?;
                if sign == "-" { -value } else { value }
            }
        };
        Ok(Planned {
            difficulty,
            modifier,
            fits_concept,
        })
    }
}

/// One declared action in the report: the action, its cap, its dice and its chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdvisedAction {
    /// Its off-concept cap (C2); `null` when it fits the concept.
    pub cap: Option<u32>,
    /// The dice the adviser gives it.
    pub dice: u32,
    /// The GM's Difficulty, 1-100 d6.
    pub difficulty: u32,
    /// Whether it fits the concept (C2).
    pub fits_concept: bool,
    /// Added to the player's sum.
    pub modifier: i32,
    /// P(it succeeds) with its dice.
    #[serde(serialize_with = "written::fraction")]
    pub p_success: Fraction,
    /// `p_success` as a decimal.
    pub p_success_decimal: f64,
}

/// The adviser's answer with its question, as `skald chi advise` prints it. Its JSON (`--json`) is
/// these fields, in this order (alphabetical: the order the command line has always printed);
/// chances as exact `"p/q"` strings beside their decimals.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdviceReport {
    /// The declared actions, in order, each with its dice.
    pub actions: Vec<AdvisedAction>,
    /// The expected number of successes.
    #[serde(rename = "expected_successes", serialize_with = "written::fraction")]
    pub expected: Fraction,
    /// `expected` as a decimal.
    #[serde(rename = "expected_successes_decimal")]
    pub expected_decimal: f64,
    /// What was maximised.
    pub goal: Goal,
    /// Dice kept back: the reserve plus any the actions do not need.
    pub kept: u32,
    /// Dice left this round.
    pub left: u32,
    /// P(every action succeeds).
    #[serde(serialize_with = "written::fraction")]
    pub p_all: Fraction,
    /// `p_all` as a decimal.
    pub p_all_decimal: f64,
    /// The character's current pool.
    pub pool: u32,
    /// Dice asked to be kept back for reactions.
    pub reserve: u32,
    /// Dice spent over the actions.
    pub spent: u32,
    /// The table's tie rule (C3).
    pub tie: TieRule,
}

/// The report of `skald chi advise`: [`advise`] on `plan`, with the question.
///
/// # Errors
/// As [`advise`], naming the flags: `--pool`, `--left`, `--reserve`, `--action` (the count, or too
/// few free dice), `--difficulty` or `--modifier` (an action's).
pub fn advice(plan: &Plan) -> Result<AdviceReport, Error> {
    let advice = advise(plan).map_err(flagged)?;
    let actions = plan
        .actions
        .iter()
        .zip(advice.caps)
        .zip(advice.dice)
        .zip(advice.p_success)
        .map(|(((action, cap), dice), p_success)| AdvisedAction {
            cap,
            dice,
            difficulty: action.difficulty,
            fits_concept: action.fits_concept,
            modifier: action.modifier,
            p_success_decimal: p_success.to_f64(),
            p_success,
        })
        .collect();
    Ok(AdviceReport {
        actions,
        expected_decimal: advice.expected.to_f64(),
        expected: advice.expected,
        goal: plan.goal,
        kept: advice.kept,
        left: plan.left,
        p_all_decimal: advice.p_all.to_f64(),
        p_all: advice.p_all,
        pool: plan.current,
        reserve: plan.reserve,
        spent: advice.spent,
        tie: plan.tie,
    })
}

/// The question, one line per action with its dice and chance, then the totals.
impl fmt::Display for AdviceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let goal = match self.goal {
            Goal::All => "the chance that every action succeeds",
            Goal::Expected => "the expected number of successes",
        };
        writeln!(
            f,
            "Pool {} with {} left this round, {} kept in reserve; maximising {goal} (ties {}):",
            self.pool, self.left, self.reserve, self.tie
        )?;
        for (i, a) in self.actions.iter().enumerate() {
            let modifier = match a.modifier {
                0 => String::new(),
                m if m > 0 => format!(" +{m}"),
                m => format!(" {m}"),
            };
            let concept = match a.cap {
                Some(cap) => format!(", off-concept (at most {cap})"),
                None => String::new(),
            };
            writeln!(
                f,
                "  action {}: Difficulty {}{modifier}{concept}: {} {}, P(success) = {}",
                i + 1,
                a.difficulty,
                a.dice,
                if a.dice == 1 { "die" } else { "dice" },
                chance(&a.p_success.to_string(), a.p_success_decimal)
            )?;
        }
        writeln!(
            f,
            "Spent {}, kept back {}.\nP(all succeed) = {}\nExpected successes = {:.2} ({})",
            self.spent,
            self.kept,
            chance(&self.p_all.to_string(), self.p_all_decimal),
            self.expected_decimal,
            self.expected
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(current: u32, reserve: u32, actions: &[&str]) -> Plan {
        Plan {
            current,
            left: current,
            reserve,
            actions: actions.iter().map(|a| a.parse().unwrap()).collect(),
            goal: Goal::All,
            tie: TieRule::Fail,
        }
    }

    #[test]
    fn actions_read_as_the_command_line_writes_them() {
        let read = |text: &str| text.parse::<Planned>();
        assert_eq!(
            read("3-2:off"),
            Ok(Planned {
                difficulty: 3,
                modifier: -2,
                fits_concept: false
            })
        );
        assert_eq!(
            read("6").map(|p| (p.modifier, p.fits_concept)),
            Ok((0, true))
        );
        assert_eq!(
            read("3++1").unwrap_err().to_string(),
            "\"3++1\" is not an action: write DIFFICULTY[+M|-M][:off], e.g. 6, 4+1, 3-2:off \
             (Difficulty 1-100, modifier -100 to 100)"
        );
    }

    #[test]
    fn the_report_holds_the_split_and_its_chances() {
        let report = advice(&plan(8, 2, &["4", "2", "3:off"])).unwrap();
        let dice: Vec<_> = report.actions.iter().map(|a| a.dice).collect();
        assert_eq!(dice, [3, 1, 2]);
        assert_eq!(report.actions[2].cap, Some(3));
        assert_eq!((report.spent, report.kept), (6, 2));
    }

    #[test]
    fn a_refusal_names_the_flag() {
        assert_eq!(
            advice(&plan(3, 3, &["1"])).unwrap_err().to_string(),
            "`--action` declares 1 action, but the 3 dice left this round less the reserve of 3 \
             leave 0 for it: each action needs at least 1 die (ruling C1)"
        );
    }
}
