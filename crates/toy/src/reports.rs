//! The calculator the command line offers of Toy (`skald toy odds`, `cli.rs`): the chances of a try,
//! as a report that is `Serialize` (for `--json`) and `Display` (for people).

use crate::error::Error;
use crate::limits::{MAX_SKILL, MIN_SKILL};
use crate::model::options::Options;
use crate::odds::try_odds;
use crate::rules::tries::target;
use serde::Serialize;
use skald_core::Odds;
use std::fmt;

/// The chances of a try by a character of some skill (Y2, Y3).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TryReport {
    /// The skill, 0 to 5 (Y1).
    pub skill: u8,
    /// The target, 4 or 5 for hard tries (Y3).
    pub target: i64,
    /// The chances.
    pub odds: Odds,
}

/// The chances of a try with `skill`, hard or not.
///
/// # Errors
/// [`Error::OutOfRange`] for a skill outside [`MIN_SKILL`] to [`MAX_SKILL`] (Y1).
pub fn odds(skill: u8, hard: bool) -> Result<TryReport, Error> {
    if !(MIN_SKILL..=MAX_SKILL).contains(&skill) {
        return Err(Error::OutOfRange {
            field: "skill",
            what: "skill",
            value: i64::from(skill),
            min: i64::from(MIN_SKILL),
            max: i64::from(MAX_SKILL),
            why: "Y1",
        });
    }
    let target = target(&Options { hard });
    Ok(TryReport {
        skill,
        target,
        odds: try_odds(skill, target),
    })
}

impl fmt::Display for TryReport {
    /// One line per chance: "success  5/6 (83.3%)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.odds.summary)?;
        for chance in &self.odds.chances {
            writeln!(
                f,
                "{:<8} {} ({:.1}%)",
                chance.label,
                chance.p,
                chance.decimal * 100.0
            )?;
        }
        Ok(())
    }
}
