//! A character's ratings as the rules see them (ruling F8): the value written on the sheet, else the
//! table's formula for that stat over the sheet's attributes and level.

use crate::error::Error;
use crate::model::formula::{EvalError, Formula, Variable};
use crate::model::sheet::{Character, Rating};
use serde::Serialize;
use std::collections::BTreeMap;

/// Where a rating's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Written on the sheet (or set by the GM).
    Sheet,
    /// Computed from the table's formula.
    Formula,
}

/// The value of `rating` for `sheet`: the sheet's own, else its formula's among `formulas` (the
/// table's, [`crate::State::formulas`]); `None` when neither gives one; `Some(Err(..))` when the
/// formula cannot (an attribute missing, a division by zero, a result outside 0 to 10^30).
pub fn value(
    formulas: &BTreeMap<Rating, Formula>,
    sheet: &Character,
    rating: Rating,
) -> Option<Result<(u128, Origin), EvalError>> {
    if let Some(value) = sheet.ratings.get(&rating) {
        return Some(Ok((value.get(), Origin::Sheet)));
    }
    let formula = formulas.get(&rating)?;
    let lookup = |v: Variable| match v {
        Variable::Attribute(a) => sheet.ratings.get(&a).map(|n| n.get()),
        Variable::Level => Some(u128::from(sheet.level)),
    };
    Some(formula.evaluate(&lookup).map(|v| (v, Origin::Formula)))
}

/// Checks that every formula the sheet relies on gives a stat 0 to 10^30, or is unavailable for want of
/// an attribute (then the stat is simply missing).
///
/// # Errors
/// [`Error::Formula`] naming the character, the stat, the formula and what goes wrong.
pub fn check_formulas(
    formulas: &BTreeMap<Rating, Formula>,
    sheet: &Character,
) -> Result<(), Error> {
    for (stat, formula) in formulas {
        match value(formulas, sheet, *stat) {
            Some(Err(EvalError::Missing(_))) | Some(Ok(_)) | None => {}
            Some(Err(problem)) => {
                return Err(Error::Formula {
                    name: sheet.name.clone(),
                    stat: stat.abbreviation(),
                    formula: formula.source().to_owned(),
                    problem: problem.to_string(),
                });
            }
        }
    }
    Ok(())
}
