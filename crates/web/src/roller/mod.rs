//! The free dice roller's odds ("Roll dice" and the GM's "Secret roll" under "Dice and table
//! tools"): the exact distribution of the notation typed, shown before rolling as the move forms
//! show theirs (`odds.html`). The page asks again at every pause in typing, so the work is bounded
//! far below `skald odds`' bounds ([`LIMITS`]); a notation past them is refused with a sentence
//! saying so, never computed for seconds (docs/benchmarks.md measures the worst one allowed).
//! Rerolls and explosions stop at the dice's cap, as when rolling; a note under the list says so.

mod answer;

pub use answer::{NoOdds, RollerOdds};
use skald_core::{Chance, Odds};
use skald_dice::notation::limits::{MAX_EXPLOSIONS, MAX_REROLLS};
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

// The cap note names one number for both caps.
const _: () = assert!(MAX_REROLLS == MAX_EXPLOSIONS);

/// The exact odds of `notation` as the roller shows them: its range and mean in the summary,
/// then each total's chance (or the most likely total and "at least" lines), with the
/// distribution as a chart; a comparison (`8d6 > 6d6`) as the chance it is true. When rerolls or
/// explosions reach the cap of 100 per die (as they do when rolling), [`RollerOdds::note`] says
/// so in one sentence shown under the list.
///
/// # Errors
/// [`NoOdds::NotDice`] when the table would refuse the roll (the notation's own check, or more
/// than `skald_table::limits::ROLL_THROWS` dice); [`NoOdds::TooBig`] past [`LIMITS`].
pub fn odds(notation: &str) -> Result<RollerOdds, NoOdds> {
    let notation = notation.trim();
    let checked = skald_dice::check_str(notation).map_err(|_| NoOdds::NotDice)?;
    if checked.max_throws() > skald_table::limits::ROLL_THROWS {
        return Err(NoOdds::NotDice);
    }
    let dist = distribution_within(checked.expr(), LIMITS).map_err(|e| too_big(notation, &e))?;
    let note = dist.capped.then(|| {
        format!("Each die rerolls or explodes at most {MAX_EXPLOSIONS} times, in these odds as when you roll.")
    });
    Ok(RollerOdds {
        odds: shown(notation, &dist),
        note,
    })
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
    if dist.comparison {
        let yes = dist.p_true();
        let no = dist.p_eq(0);
        return Odds {
            summary: format!("{notation}: true (1) or false (0)."),
            chances: vec![Chance::exact("true", &yes), Chance::exact("false", &no)],
            distribution: Vec::new(),
        };
    }
    let rows: Vec<(i64, Fraction, Fraction)> = dist.rows().collect();
    let (low, high) = match (rows.first(), rows.last()) {
        (Some(first), Some(last)) => (first.0, last.0),
        _ => (0, 0),
    };
    let mean = dist.mean();
    // A long exact fraction (1d6!'s is 79 digits over 79) would fill a phone's screen: the
    // heading then gives the mean rounded, as the chances fold theirs (macros.html, 15 characters).
    let exact = mean.to_string();
    let mean = if mean.denominator == 1u8.into() {
        exact
    } else if exact.chars().count() > 15 {
        format!("about {}", decimal(mean.to_f64()))
    } else {
        format!("{} ({exact})", decimal(mean.to_f64()))
    };
    let range = if low == high {
        format!("always {low}")
    } else {
        format!("{low} to {high}, mean {mean}")
    };
    let each: Vec<Chance> = rows
        .iter()
        .map(|(o, eq, _)| Chance::exact(o.to_string(), eq))
        .collect();
    if rows.len() <= LISTED {
        return Odds {
            summary: format!("{notation}: {range}. The chance of each total:"),
            chances: each,
            distribution: Vec::new(),
        };
    }
    let mut chances = Vec::new();
    if let Some((o, eq, _)) = rows
        .iter()
        .max_by(|a, b| a.1.to_f64().total_cmp(&b.1.to_f64()).then(b.0.cmp(&a.0)))
    {
        chances.push(Chance::exact(format!("{o} (the most likely)"), eq));
    }
    let mut last = None;
    for at_least in AT_LEAST {
        let reached = rows.iter().rev().find(|(_, _, ge)| ge.to_f64() >= at_least);
        if let Some((o, _, ge)) = reached.filter(|(o, _, _)| Some(*o) != last && *o != low) {
            chances.push(Chance::exact(format!("{o} or more"), ge));
            last = Some(*o);
        }
    }
    Odds {
        summary: format!(
            "{notation}: {range}. {} totals, in the chart; a few of them:",
            rows.len()
        ),
        chances,
        distribution: each,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The odds as lines: the summary, then `label: p`, then the chart's totals, then the note.
    fn lines(notation: &str) -> Vec<String> {
        let RollerOdds { odds, note } =
            odds(notation).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let mut lines = vec![odds.summary];
        lines.extend(odds.chances.iter().map(|c| format!("{}: {}", c.label, c.p)));
        if !odds.distribution.is_empty() {
            lines.push(format!("chart: {} totals", odds.distribution.len()));
        }
        lines.extend(note.map(|note| format!("note: {note}")));
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
        let seven = odds("2d6").unwrap().odds.chances[5].clone();
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

    /// Checked against an enumeration in Python (`fractions`): the four chains hold k sixes with
    /// chance C(k+3, 3) (1/6)^k (5/6)^4, each chain ending on a face 1 to 5; three sixes or more
    /// keep 18, else the k sixes and the highest 3 - k of the four last faces. The cap (a 101st
    /// die after 100 sixes in a chain) changes none of it, as 18 is kept either way.
    #[test]
    fn exploding_dice_kept_list_each_total_with_the_cap_in_a_note_after_them() {
        assert_eq!(
            lines("4d6!kh3"),
            [
                "4d6!kh3: 3 to 18, mean 12.83 (299383/23328). The chance of each total:",
                "3: 1/1296",
                "4: 1/324",
                "5: 5/648",
                "6: 7/432",
                "7: 19/648",
                "8: 11/243",
                "9: 245/3888",
                "10: 13/162",
                "11: 91/972",
                "12: 403/3888",
                "13: 2513/23328",
                "14: 283/2592",
                "15: 2407/23328",
                "16: 2231/23328",
                "17: 205/2592",
                "18: 1453/23328",
                "note: Each die rerolls or explodes at most 100 times, in these odds as when you roll.",
            ]
        );
        // The note follows the chart too, and a comparison's two chances; dice with no reroll or
        // explosion have none.
        // 1d6!: 9 or more is a 6 then 3 to 6, 1/6 * 4/6; the mean's fraction has 79 digits over
        // 79, so the heading rounds it.
        let many = lines("1d6!");
        assert_eq!(
            many[0],
            "1d6!: 1 to 606, mean about 4.2. 506 totals, in the chart; a few of them:"
        );
        assert_eq!(
            many[1..],
            [
                "1 (the most likely): 1/6",
                "2 or more: 5/6",
                "4 or more: 1/2",
                "5 or more: 1/3",
                "9 or more: 1/9",
                "chart: 506 totals",
                "note: Each die rerolls or explodes at most 100 times, in these odds as when you roll.",
            ]
        );
        assert_eq!(
            lines("1d6! > 1d4").last().map(String::as_str),
            Some(
                "note: Each die rerolls or explodes at most 100 times, in these odds as when you roll."
            )
        );
        assert_eq!(odds("2d6").unwrap().note, None);
        assert_eq!(odds("1d6 > 1d4").unwrap().note, None);
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
            kept[kept.len() - 2..],
            [
                "18: 702172961/2176782336",
                "note: Each die rerolls or explodes at most 100 times, in these odds as when you roll."
            ]
        );
        assert_eq!(odds("2d"), Err(NoOdds::NotDice));
        assert_eq!(odds(""), Err(NoOdds::NotDice));
        // More dice than a roll at the table may draw: the table refuses the roll itself.
        assert_eq!(odds("20000d2"), Err(NoOdds::NotDice));
    }
}
