//! Applying rating adjustments before a check (freelancer.txt, Task Checks; ruling F4): each factor in
//! turn, dropping the fraction, each checked and recorded with its reason.

use crate::error::Error;
use crate::limits::{MAX_ADJUSTMENTS, MAX_REASON};
use crate::model::adjustment::{Adjusted, Adjustment, Factor};
use crate::model::number::Number;

/// Applies `adjustments` to `value` in order (each drops its fraction), checking each; `field` is
/// the list's field (`"adjust"`, `"a.adjust"`).
///
/// # Errors
/// More than 8 adjustments ([`Error::OutOfRange`]); a bad factor (F4) or reason.
pub fn apply_all(
    field: &str,
    value: u128,
    adjustments: &[Adjustment],
) -> Result<(u128, Vec<Adjusted>), Error> {
    if adjustments.len() > MAX_ADJUSTMENTS {
        return Err(Error::OutOfRange {
            field: field.to_owned(),
            value: format!("a list of {}", adjustments.len()),
            min: "0".into(),
            max: MAX_ADJUSTMENTS.to_string(),
            why: "adjustments to one rating, F4",
        });
    }
    let mut current = value;
    let mut applied = Vec::with_capacity(adjustments.len());
    for (i, adjustment) in adjustments.iter().enumerate() {
        let factor = Factor::parse(&format!("{field}[{i}].factor"), &adjustment.factor)?;
        Error::check_text(
            &format!("{field}[{i}].reason"),
            &adjustment.reason,
            MAX_REASON,
        )?;
        let after = factor.apply(current);
        applied.push(Adjusted {
            factor,
            reason: adjustment.reason.clone(),
            before: Number(current),
            after: Number(after),
        });
        current = after;
    }
    Ok((current, applied))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, value: u128, expected: Result<u128, &str>) {
        let got = Factor::parse("adjust[0].factor", text)
            .map(|f| f.apply(value))
            .map_err(|e| e.to_string());
        assert_eq!(got, expected.map_err(str::to_owned), "{text}");
    }

    #[test]
    fn factors_scale_and_drop_fractions() {
        check("1/2", 915, Ok(457));
        check("1/2", 82, Ok(41));
        check("1/4", 42, Ok(10));
        check(" 3 / 2 ", 5, Ok(7));
        check("2", 21, Ok(42));
        check(
            "0/2",
            5,
            Err(
                "`adjust[0].factor` is \"0/2\", but a factor is a fraction p/q or a whole number p, \
                 with p and q 1 to 100 (\"1/2\" halves a rating) (F4)",
            ),
        );
        check(
            "1/101",
            5,
            Err(
                "`adjust[0].factor` is \"1/101\", but a factor is a fraction p/q or a whole number p, \
                 with p and q 1 to 100 (\"1/2\" halves a rating) (F4)",
            ),
        );
        check(
            "half",
            5,
            Err(
                "`adjust[0].factor` is \"half\", but a factor is a fraction p/q or a whole number p, \
                 with p and q 1 to 100 (\"1/2\" halves a rating) (F4)",
            ),
        );
    }
}
