//! The free dice roller's odds ("Roll dice" and the GM's "Secret roll" under "Dice and table
//! tools"): the exact distribution of the notation typed, shown before rolling as the move forms
//! show theirs (`odds.html`). The page asks again at every pause in typing, so the work is bounded
//! far below `skald odds`' bounds ([`LIMITS`]); a notation past them is refused with a sentence
//! saying so, never computed for seconds (docs/benchmarks.md measures the worst one allowed).

use skald_core::{Chance, Odds};
use skald_dice::odds::budget::Limits;
use skald_dice::odds::{Distribution, Fraction, OddsError, distribution_within};

/// Most totals (from the lowest to the highest) the roller lists: 1,000 (`1d1000`, `100d10`;
/// `1000d6` has 5,001 and is refused).
pub const MAX_TOTALS: u128 = 1_000;
/// Most units of work (one operation on a 64-bit word of a weight, `skald_dice::odds::budget`)
/// one answer may take: a few milliseconds of one core at worst (docs/benchmarks.md).
pub const MAX_WORK: u128 = 2_000_000;
/// Most characters every total's exact fractions may take: 200,000 (`100d6` takes about 79,000;
/// `190d6`'s 951 totals of 148 digits are refused).
pub const MAX_DIGITS: u128 = 200_000;
/// The roller's bounds, for [`distribution_within`].
pub const LIMITS: Limits = Limits {
    span: MAX_TOTALS,
    work: MAX_WORK,
    table_chars: MAX_DIGITS,
};
/// Up to this many totals, each is listed with its chance; beyond, the most likely total and
/// "at least" lines, with every total in the chart.
pub const LISTED: usize = 20;
/// The chances of "at least" lines beyond [`LISTED`] totals: the highest total reached with at
/// least each of these chances (90%, 75%, 50%, 25%, 10%).
const AT_LEAST: [f64; 5] = [0.9, 0.75, 0.5, 0.25, 0.1];

/// Why the roller shows no odds for a notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoOdds {
    /// The notation does not parse or would be refused as a roll: the form's check says why
    /// beside the blank, and the odds box waits.
    NotDice,
    /// Exact odds past the roller's bounds, or not computed exactly: the sentence says which and
    /// what to do instead.
    TooBig(String),
}

/// The exact odds of `notation` as the roller shows them: its range and mean in the summary,
/// then each total's chance (or the most likely total and "at least" lines), with the
/// distribution as a chart; a comparison (`8d6 > 6d6`) as the chance it is true.
///
/// # Errors
/// [`NoOdds::NotDice`] when the table would refuse the roll (the notation's own check, or more
/// than `skald_table::limits::ROLL_THROWS` dice); [`NoOdds::TooBig`] past [`LIMITS`].
pub fn odds(notation: &str) -> Result<Odds, NoOdds> {
    let notation = notation.trim();
    let checked = skald_dice::check_str(notation).map_err(|_| NoOdds::NotDice)?;
    if checked.max_throws() > skald_table::limits::ROLL_THROWS {
        return Err(NoOdds::NotDice);
    }
    let dist = distribution_within(checked.expr(), LIMITS).map_err(|e| too_big(notation, &e))?;
    Ok(shown(notation, &dist))
}

fn too_big(notation: &str, error: &OddsError) -> NoOdds {
    let OddsError::TooLarge { measure, value, .. } = error else {
        return NoOdds::TooBig(format!("No exact odds for {notation}: {error}."));
    };
    let why = if measure.contains("across the parts") {
        format!(
            "{notation} rolls its count or sides, and its parts add up to at least {value} totals; this roller lists at most {MAX_TOTALS}"
        )
    } else if measure.contains("outcomes") {
        format!(
            "{notation} has at least {value} possible totals, and this roller lists at most {MAX_TOTALS}"
        )
    } else if measure.contains("characters") {
        format!("{notation}'s exact fractions would take more than {MAX_DIGITS} characters")
    } else {
        format!("{notation} needs more work than this roller spends on one answer")
    };
    NoOdds::TooBig(format!(
        "Too big to work out exactly here: {why}. You can still roll it; skald odds on the command line goes further."
    ))
}

/// A fraction as a chance: its reduced text (`"7/36"`, `"1"`, `"0"`) and decimal.
fn chance(label: String, p: &Fraction) -> Chance {
    Chance {
        label,
        p: p.to_string(),
        decimal: p.to_f64(),
    }
}

/// A decimal to at most two places, without trailing zeros: `13.5`, `7`, `-0.33`.
fn decimal(x: f64) -> String {
    let text = format!("{x:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

fn shown(notation: &str, dist: &Distribution) -> Odds {
    let capped = if dist.capped {
        " Rerolls and explosions stop after 100, as the roller's do."
    } else {
        ""
    };
    if dist.comparison {
        let yes = dist.p_true();
        let no = dist.p_eq(0);
        return Odds {
            summary: format!("{notation}: true (1) or false (0).{capped}"),
            chances: vec![chance("true".into(), &yes), chance("false".into(), &no)],
            distribution: Vec::new(),
        };
    }
    let rows: Vec<(i64, Fraction, Fraction)> = dist.rows().collect();
    let (low, high) = match (rows.first(), rows.last()) {
        (Some(first), Some(last)) => (first.0, last.0),
        _ => (0, 0),
    };
    let mean = dist.mean();
    let mean = if mean.denominator == 1u8.into() {
        mean.to_string()
    } else {
        format!("{} ({mean})", decimal(mean.to_f64()))
    };
    let range = if low == high {
        format!("always {low}")
    } else {
        format!("{low} to {high}, mean {mean}")
    };
    let each: Vec<Chance> = rows
        .iter()
        .map(|(o, eq, _)| chance(o.to_string(), eq))
        .collect();
    if rows.len() <= LISTED {
        return Odds {
            summary: format!("{notation}: {range}. The chance of each total:{capped}"),
            chances: each,
            distribution: Vec::new(),
        };
    }
    let mut chances = Vec::new();
    if let Some((o, eq, _)) = rows
        .iter()
        .max_by(|a, b| a.1.to_f64().total_cmp(&b.1.to_f64()).then(b.0.cmp(&a.0)))
    {
        chances.push(chance(format!("{o} (the most likely)"), eq));
    }
    let mut last = None;
    for at_least in AT_LEAST {
        let reached = rows.iter().rev().find(|(_, _, ge)| ge.to_f64() >= at_least);
        if let Some((o, _, ge)) = reached.filter(|(o, _, _)| Some(*o) != last && *o != low) {
            chances.push(chance(format!("{o} or more"), ge));
            last = Some(*o);
        }
    }
    Odds {
        summary: format!(
            "{notation}: {range}. {} totals, in the chart; a few of them:{capped}",
            rows.len()
        ),
        chances,
        distribution: each,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The odds as lines: the summary, then `label: p`, then the chart's totals.
    fn lines(notation: &str) -> Vec<String> {
        let odds = odds(notation).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let mut lines = vec![odds.summary];
        lines.extend(odds.chances.iter().map(|c| format!("{}: {}", c.label, c.p)));
        if !odds.distribution.is_empty() {
            lines.push(format!("chart: {} totals", odds.distribution.len()));
        }
        lines
    }

    #[test]
    fn two_d6_lists_each_total_with_its_exact_chance() {
        assert_eq!(
            lines("2d6"),
            [
                "2d6: 2 to 12, mean 7. The chance of each total:",
                "2: 1/36",
                "3: 1/18",
                "4: 1/12",
                "5: 1/9",
                "6: 5/36",
                "7: 1/6",
                "8: 5/36",
                "9: 1/9",
                "10: 1/12",
                "11: 1/18",
                "12: 1/36",
            ]
        );
        let seven = odds("2d6").unwrap().chances[5].clone();
        assert_eq!((seven.label.as_str(), seven.decimal), ("7", 1.0 / 6.0));
    }

    #[test]
    fn one_d20_plus_3_is_a_twentieth_each_from_4_to_23() {
        let shown = lines(" 1d20+3 ");
        assert_eq!(
            shown[0],
            "1d20+3: 4 to 23, mean 13.5 (27/2). The chance of each total:"
        );
        assert_eq!(shown.len(), 21);
        for (i, line) in shown[1..].iter().enumerate() {
            assert_eq!(line, &format!("{}: 1/20", i + 4));
        }
    }

    /// Checked against an enumeration in Python (`fractions`), every sum of ten d6.
    #[test]
    fn many_totals_show_the_most_likely_and_at_least_lines_with_every_total_charted() {
        assert_eq!(
            lines("10d6"),
            [
                "10d6: 10 to 60, mean 35. 51 totals, in the chart; a few of them:",
                "35 (the most likely): 7631/104976",
                "28 or more: 4618493/5038848",
                "31 or more: 16024177/20155392",
                "35 or more: 112607/209952",
                "39 or more: 15787255/60466176",
                "42 or more: 3508445/30233088",
                "chart: 51 totals",
            ]
        );
    }

    #[test]
    fn a_comparison_is_the_chance_it_is_true() {
        assert_eq!(
            lines("1d6 > 1d4"),
            [
                "1d6 > 1d4: true (1) or false (0).",
                "true: 7/12",
                "false: 5/12"
            ]
        );
    }

    #[test]
    fn a_notation_too_big_to_list_is_refused_in_words_at_once() {
        let refused = |n: &str| match odds(n) {
            Err(NoOdds::TooBig(why)) => why,
            other => panic!("{n}: {other:?}"),
        };
        assert_eq!(
            refused("1000d6"),
            "Too big to work out exactly here: 1000d6 has at least 5001 possible totals, and this \
             roller lists at most 1000. You can still roll it; skald odds on the command line goes further."
        );
        assert_eq!(
            refused("190d6"),
            "Too big to work out exactly here: 190d6's exact fractions would take more than 200000 \
             characters. You can still roll it; skald odds on the command line goes further."
        );
        // Keeping some of exploding dice has exact odds (below); dropping one of them keeps the rest,
        // whose totals run as far as the explosions.
        assert_eq!(
            refused("4d6!dl1"),
            "Too big to work out exactly here: 4d6!dl1 has at least 2416 possible totals, and this \
             roller lists at most 1000. You can still roll it; skald odds on the command line goes further."
        );
        let kept = lines("10d6!kh3");
        assert!(kept[0].starts_with("10d6!kh3: 3 to 18, mean "), "{kept:?}");
        // 18 when the ten chains hold three 6s or more: 1 - (5/6)^10 (1 + 10/6 + 55/36).
        assert_eq!(
            kept.last().map(String::as_str),
            Some("18: 702172961/2176782336")
        );
        assert_eq!(odds("2d"), Err(NoOdds::NotDice));
        assert_eq!(odds(""), Err(NoOdds::NotDice));
        // More dice than a roll at the table may draw: the table refuses the roll itself.
        assert_eq!(odds("20000d2"), Err(NoOdds::NotDice));
    }
}
