//! `skald chi odds`: the exact chances of one action against a Difficulty, or of an opposed action
//! against a defender's dice (ruling C3), over [`crate::odds::action`] and [`crate::odds::opposed`].

use crate::error::Error;
use crate::limits::FLAGGED_MODIFIER;
use crate::model::options::TieRule;
use crate::odds::{self, ActionOdds};
use crate::reports::flags::flagged;
use crate::reports::written;
use serde::Serialize;
use skald_core::chance;
use skald_dice::odds::Fraction;
use std::fmt;

/// How a tie is settled in the question asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tie {
    /// `"fail"`: a tie fails (option `tie = "fail"`, the default).
    Fail,
    /// `"reroll"`: both roll again until the totals differ (option `tie = "reroll"`).
    Reroll,
    /// `"defender"`: an opposed action's tie goes to the defender.
    Defender,
}

/// The odds of an action or an opposed action. Its JSON (`--json`) is these fields, in this order
/// (alphabetical: the order the command line has always printed); chances as exact `"p/q"` strings
/// beside their decimals.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsReport {
    /// The defender's d6 (0-100), for an opposed action; absent from JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender_dice: Option<u32>,
    /// The d6 the player (or the actor) puts in, 1-100.
    pub dice: u32,
    /// The GM's Difficulty in d6 (1-100), for an action; absent from JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u32>,
    /// Whether the modifier is beyond +/-[`FLAGGED_MODIFIER`] (ruling C3).
    pub flagged: bool,
    /// Added to the player's sum (opposed: the actor's minus the defender's).
    pub modifier: i32,
    /// P(the action fails).
    #[serde(serialize_with = "written::fraction")]
    pub p_failure: Fraction,
    /// `p_failure` as a decimal.
    pub p_failure_decimal: f64,
    /// P(the action succeeds), after rerolled ties under [`Tie::Reroll`].
    #[serde(serialize_with = "written::fraction")]
    pub p_success: Fraction,
    /// `p_success` as a decimal.
    pub p_success_decimal: f64,
    /// P(one roll's totals tie).
    #[serde(serialize_with = "written::fraction")]
    pub p_tie: Fraction,
    /// `p_tie` as a decimal.
    pub p_tie_decimal: f64,
    /// How a tie is settled.
    pub tie: Tie,
}

/// The odds of `dice` d6 plus `modifier` against Difficulty `difficulty`, ties settled by `tie`
/// (ruling C3).
///
/// # Errors
/// [`Error::OutOfRange`] naming `--dice` (1-100), `--difficulty` (1-100) or `--modifier`
/// (-100 to 100).
pub fn action(
    dice: u32,
    difficulty: u32,
    modifier: i32,
    tie: TieRule,
) -> Result<OddsReport, Error> {
    let odds = odds::action(dice, difficulty, modifier, tie).map_err(flagged)?;
    let tie = match tie {
        TieRule::Fail => Tie::Fail,
        TieRule::Reroll => Tie::Reroll,
    };
    Ok(report(dice, None, Some(difficulty), modifier, tie, odds))
}

/// The odds of an opposed action: the actor's `dice` d6 plus `modifier` (the actor's modifier minus
/// the defender's) against the defender's `defender_dice` d6; a tie goes to the defender (C3).
///
/// # Errors
/// [`Error::OutOfRange`] naming `--dice` (1-100), `--defender-dice` (0-100) or `--modifier`
/// (-200 to 200).
pub fn opposed(dice: u32, defender_dice: u32, modifier: i32) -> Result<OddsReport, Error> {
    let odds = odds::opposed(dice, defender_dice, modifier).map_err(flagged)?;
    Ok(report(
        dice,
        Some(defender_dice),
        None,
        modifier,
        Tie::Defender,
        odds,
    ))
}

fn report(
    dice: u32,
    defender_dice: Option<u32>,
    difficulty: Option<u32>,
    modifier: i32,
    tie: Tie,
    odds: ActionOdds,
) -> OddsReport {
    OddsReport {
        defender_dice,
        dice,
        difficulty,
        flagged: modifier.abs() > FLAGGED_MODIFIER,
        modifier,
        p_failure_decimal: odds.p_failure.to_f64(),
        p_failure: odds.p_failure,
        p_success_decimal: odds.p_success.to_f64(),
        p_success: odds.p_success,
        p_tie_decimal: odds.p_tie.to_f64(),
        p_tie: odds.p_tie,
        tie,
    }
}

/// `8d6 against Difficulty 6 (6d6); a tie fails (C3)`, then each chance as a percentage with its exact
/// fraction (`77.9% (1009/1296)`, [`skald_core::chance`]).
impl fmt::Display for OddsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let modifier = match self.modifier {
            0 => String::new(),
            m if m > 0 => format!(" + {m}"),
            m => format!(" - {}", m.unsigned_abs()),
        };
        let against = match (self.defender_dice, self.difficulty) {
            (Some(defender), _) => format!("the defender's {defender}d6"),
            (None, difficulty) => {
                let difficulty = difficulty.unwrap_or_default();
                format!("Difficulty {difficulty} ({difficulty}d6)")
            }
        };
        let flag = if self.flagged {
            " (modifier beyond +/-5, flagged)"
        } else {
            ""
        };
        let tie = match self.tie {
            Tie::Fail => "a tie fails",
            Tie::Reroll => "a tie is rerolled until the totals differ",
            Tie::Defender => "a tie goes to the defender",
        };
        writeln!(
            f,
            "{}d6{modifier} against {against}{flag}; {tie} (C3)",
            self.dice
        )?;
        for (name, p, decimal) in [
            ("P(success)", &self.p_success, self.p_success_decimal),
            ("P(failure)", &self.p_failure, self.p_failure_decimal),
            ("P(tie)    ", &self.p_tie, self.p_tie_decimal),
        ] {
            writeln!(f, "{name} = {}", chance(&p.to_string(), decimal))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_against_its_difficulty() {
        let report = action(3, 2, -1, TieRule::Fail).unwrap();
        assert_eq!(report.p_success.to_string(), "1801/2592");
        assert_eq!(report.tie, Tie::Fail);
        assert!(!report.flagged);
    }

    #[test]
    fn an_opposed_action_writes_json_in_the_printed_order() {
        let report = opposed(3, 2, 0).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"defender_dice":2,"dice":3,"flagged":false,"modifier":0,"p_failure":"287/1296","p_failure_decimal":0.22145061728395063,"p_success":"1009/1296","p_success_decimal":0.7785493827160493,"p_tie":"5/72","p_tie_decimal":0.06944444444444445,"tie":"defender"}"#
        );
        assert_eq!(
            report.to_string(),
            "3d6 against the defender's 2d6; a tie goes to the defender (C3)\n\
             P(success) = 77.9% (1009/1296)\n\
             P(failure) = 22.1% (287/1296)\n\
             P(tie)     = 6.9% (5/72)\n"
        );
    }

    #[test]
    fn a_refusal_names_the_flag() {
        assert_eq!(
            action(0, 2, 0, TieRule::Fail).unwrap_err().to_string(),
            "`--dice` is 0, but it must be 1 to 100 (d6 put into the action)"
        );
        assert_eq!(
            opposed(3, 101, 0).unwrap_err().to_string(),
            "`--defender-dice` is 101, but it must be 0 to 100 (d6 the defender keeps back for the reaction)"
        );
    }
}
