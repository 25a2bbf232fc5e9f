//! English counts for messages people read: "1 die", "2 dice", "1 box left", "1 to 3" (or "1" when
//! only one value is allowed); and a chance as people read it ([`percent`], [`chance`] for an exact
//! one, [`estimate`] and [`simulated`] for a simulation's, [`said`] for any [`crate::Chance`]), the
//! one wording of the pages, the odds, the command line and the session report.

/// `one` when `count` is 1, else `many`: `plural(1, "die", "dice")` is `"die"`.
pub fn plural<'a>(count: impl Into<u64>, one: &'a str, many: &'a str) -> &'a str {
    if count.into() == 1 { one } else { many }
}

/// The count with its noun: `noun(2, "die", "dice")` is `"2 dice"`, `noun(1, "box", "boxes")` is
/// `"1 box"`. Counts are any unsigned integer up to `u64`; `usize` goes through `as u64`.
pub fn noun(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", plural(count as u64, one, many))
}

/// `text` with its first letter a capital, for a phrase that opens a sentence ("the GM" ->
/// "The GM", "title is empty" -> "Title is empty"); the empty text stays empty.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// An allowed range as a message says it: `bounds(1, 3)` is `"1 to 3"`, `bounds(1, 1)` is `"1"`
/// (never "1 to 1").
pub fn bounds<T: std::fmt::Display + PartialEq>(min: T, max: T) -> String {
    if min == max {
        min.to_string()
    } else {
        format!("{min} to {max}")
    }
}

/// A chance as people read it: `"certain"` (exact fraction `"1"`), `"impossible"` (`"0"`), else a
/// percentage to a tenth (`"35.6%"`, `"50.0%"`), but `"under 0.1%"` and `"over 99.9%"` where a
/// tenth would round a chance to a certainty it is not. `p` is the exact reduced fraction, `decimal`
/// the same chance in 0..=1 (the [`crate::Chance`] fields). Rounds half away from zero, as the
/// templates' `round` filter did.
pub fn percent(p: &str, decimal: f64) -> String {
    let hundred = decimal * 100.0;
    match p {
        "1" => "certain".to_owned(),
        "0" => "impossible".to_owned(),
        _ if hundred < 0.05 => "under 0.1%".to_owned(),
        _ if hundred > 99.95 => "over 99.9%".to_owned(),
        _ => format!("{:.1}%", (hundred * 10.0).round() / 10.0),
    }
}

/// A choice's chance as advice shows it beside the choice ("surrender: 0% (no chance)"): as
/// [`percent`], but `"0% (no chance)"` and `"100% (sure)"` for an impossibility and a certainty,
/// where "impossible" beside a choice would read as the choice not being allowed.
pub fn choice_percent(p: &str, decimal: f64) -> String {
    match p {
        "0" => "0% (no chance)".to_owned(),
        "1" => "100% (sure)".to_owned(),
        _ => percent(p, decimal),
    }
}

/// A chance with its exact fraction beside it: `"35.6% (89/250)"`; the words alone for a certainty
/// or an impossibility (`"certain"`, `"impossible"`). As [`percent`].
pub fn chance(p: &str, decimal: f64) -> String {
    match p {
        "1" | "0" => percent(p, decimal),
        _ => format!("{} ({p})", percent(p, decimal)),
    }
}

/// A simulation's estimate as people read it: the share of plays as a percentage with its margin
/// (the half-width of its 99.9% interval, [`crate::Chance::estimate`]): `"62% ± 2%"`. Whole points
/// when the margin is half a point or more, else tenths (`"62.1% ± 0.2%"`); the margin is rounded
/// up, never down, so the words never claim more than the plays showed (at least one step). Never
/// "certain" nor "impossible": where the interval reaches 100% (or 0%), the bound the interval
/// supports, rounded outwards: `"at least 99.8%"`, `"at most 0.2%"`; `"not known"` where it reaches
/// both (no plays). `decimal` and `margin` in 0..=1; values outside are read clamped to it, and a
/// margin that is not a number as 1.
pub fn estimate(decimal: f64, margin: f64) -> String {
    let share = if decimal.is_nan() {
        0.0
    } else {
        decimal.clamp(0.0, 1.0)
    };
    let margin = if margin.is_nan() {
        1.0
    } else {
        margin.clamp(0.0, 1.0)
    };
    // In tenths of a point, so the rounding is integer work: 1000 is 100%.
    let (share, margin) = (share * 1000.0, margin * 1000.0);
    let step: i64 = if margin >= 5.0 { 10 } else { 1 };
    let per = step as f64;
    // A float a hair past a step (61.000000001) is that step, not the next.
    let up = |x: f64| ((x / per) - 1e-9).ceil() as i64 * step;
    let down = |x: f64| ((x / per) + 1e-9).floor() as i64 * step;
    let shown = (share / per).round() as i64 * step;
    let plus = up(margin).max(step);
    let (lower, upper) = (down(share - margin), up(share + margin));
    let words = |tenths: i64| {
        if step == 10 {
            format!("{}%", tenths / 10)
        } else {
            format!("{}.{}%", tenths / 10, tenths % 10)
        }
    };
    if lower <= 0 && upper >= 1000 {
        "not known".to_owned()
    } else if shown - plus <= 0 {
        format!("at most {}", words(upper))
    } else if shown + plus >= 1000 {
        format!("at least {}", words(lower))
    } else {
        format!("{} ± {}", words(shown), words(plus))
    }
}

/// How a simulation's estimate was made, from its `p` (`"hits/plays"`, as
/// [`crate::Chance::estimate`] writes it): `"simulated: 6213 of 10000 plays"`, `"simulated: 1 of
/// 1 play"`; `"not simulated: no plays"` for `"0/0"`; `"simulated"` for a `p` that is not two
/// counts.
pub fn simulated(p: &str) -> String {
    let counts = p
        .split_once('/')
        .and_then(|(hits, plays)| Some((hits.parse::<u64>().ok()?, plays.parse::<u64>().ok()?)));
    match counts {
        Some((_, 0)) => "not simulated: no plays".to_owned(),
        Some((hits, plays)) => format!("simulated: {hits} of {}", noun_u64(plays, "play", "plays")),
        None => "simulated".to_owned(),
    }
}

fn noun_u64(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", plural(count, one, many))
}

/// Any [`crate::Chance`] as a line of text says it: an exact one as [`chance`] (`"35.6%
/// (89/250)"`, `"certain"`), an estimate as [`estimate`] with [`simulated`] beside it (`"62% ± 2%
/// (simulated: 6213 of 10000 plays)"`).
pub fn said(chance: &crate::Chance) -> String {
    match chance.margin {
        None => self::chance(&chance.p, chance.decimal),
        Some(margin) => format!(
            "{} ({})",
            estimate(chance.decimal, margin),
            simulated(&chance.p)
        ),
    }
}

/// A chance in advice as a line of text says it ("surrender: 0% (no chance)"): as [`said`], but
/// an exact certainty or impossibility reads as [`choice_percent`] does, "100% (sure)" and "0% (no
/// chance)", as the pages show advice (a fresh user read "impossible" on the command line and
/// "0% (no chance)" on the page for one thing).
pub fn said_in_advice(chance: &crate::Chance) -> String {
    match (chance.margin, chance.p.as_str()) {
        (None, "0" | "1") => choice_percent(&chance.p, chance.decimal),
        _ => said(chance),
    }
}

/// The name among `names` that a person typing `typed` means, as a command line reads a character's
/// name (`--party gorand,kaya`, `--who ragnar`): `typed` trimmed, then the name written exactly so,
/// else the one name equal to it but for case (Unicode lowercase); `None` when no name is, or
/// several are equal but for case and none exactly (the caller's own refusal then names what the
/// table has).
pub fn name_meant<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.trim();
    let lower = typed.to_lowercase();
    let mut folded = None;
    let mut several = false;
    for name in names {
        if name == typed {
            return Some(name);
        }
        if name.to_lowercase() == lower {
            several |= folded.is_some();
            folded = Some(name);
        }
    }
    folded.filter(|_| !several)
}

/// Names as a sentence lists them: "Gorand", "Gorand and Kaya", "Gorand, Kaya and Wren"; empty
/// for none.
#[must_use]
pub fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chance_is_a_percentage_with_its_fraction_and_certainties_are_words() {
        assert_eq!(chance("89/250", 0.356), "35.6% (89/250)");
        assert_eq!(chance("1/2", 0.5), "50.0% (1/2)");
        assert_eq!(chance("1", 1.0), "certain");
        assert_eq!(chance("0", 0.0), "impossible");
        assert_eq!(percent("1/10000", 0.0001), "under 0.1%");
        assert_eq!(percent("9999/10000", 0.9999), "over 99.9%");
        assert_eq!(percent("1/2000", 0.0005), "0.1%");
        assert_eq!(percent("1/3", 1.0 / 3.0), "33.3%");
        assert_eq!(percent("2/3", 2.0 / 3.0), "66.7%");
    }

    /// Beside a choice, a certainty and an impossibility are numbers with words, never
    /// "impossible" (read as "not allowed"); any other chance as a roll's.
    #[test]
    fn a_choices_chance_never_reads_as_a_rule() {
        assert_eq!(choice_percent("0", 0.0), "0% (no chance)");
        assert_eq!(choice_percent("1", 1.0), "100% (sure)");
        assert_eq!(choice_percent("1/3", 1.0 / 3.0), "33.3%");
    }

    /// Whole points from a margin of half a point, tenths below; the margin rounded up; bounds
    /// where the interval reaches a certainty; an exact chance as before.
    #[test]
    fn an_estimate_reads_with_its_margin_and_never_as_a_certainty() {
        use crate::Chance;
        let said_of = |hits, plays| said(&Chance::estimate("win", hits, plays));
        // Margin 1.60 points: whole points, rounded up to 2.
        assert_eq!(
            said_of(6213, 10_000),
            "62% ± 2% (simulated: 6213 of 10000 plays)"
        );
        // Margin 0.505 points: still whole points.
        assert_eq!(estimate(0.6213, 0.00505), "62% ± 1%");
        // Margin 0.16 points: tenths, rounded up.
        assert_eq!(
            said_of(621_300, 1_000_000),
            "62.1% ± 0.2% (simulated: 621300 of 1000000 plays)"
        );
        assert_eq!(estimate(0.5, 0.01), "50% ± 1%");
        assert_eq!(estimate(0.5, 0.004), "50.0% ± 0.4%");
        // Every play a win: at least what the interval supports, never "certain".
        assert_eq!(
            said_of(10_000, 10_000),
            "at least 99.8% (simulated: 10000 of 10000 plays)"
        );
        assert_eq!(
            said_of(0, 10_000),
            "at most 0.2% (simulated: 0 of 10000 plays)"
        );
        assert_eq!(estimate(0.995, 0.01), "at least 98%");
        assert_eq!(estimate(0.003, 0.004), "at most 0.7%");
        assert_eq!(said_of(3, 0), "not known (not simulated: no plays)");
        // The interval of one win in one play still rules out the lowest chances.
        assert_eq!(said_of(1, 1), "at least 8% (simulated: 1 of 1 play)");
        assert_eq!(estimate(f64::NAN, f64::NAN), "not known");
        assert_eq!(simulated("1/2/3"), "simulated");
        // An exact chance reads as it always did.
        let third = skald_dice::odds::Fraction::new(1.into(), 3u32.into());
        assert_eq!(said(&Chance::exact("win", &third)), "33.3% (1/3)");
        let one = skald_dice::odds::Fraction::new(1.into(), 1u32.into());
        assert_eq!(said(&Chance::exact("win", &one)), "certain");
    }

    #[test]
    fn a_phrase_opening_a_sentence_gets_its_capital() {
        assert_eq!(capitalized("the GM"), "The GM");
        assert_eq!(capitalized("élan"), "Élan");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(noun(0, "die", "dice"), "0 dice");
        assert_eq!(noun(1, "die", "dice"), "1 die");
        assert_eq!(noun(2, "box", "boxes"), "2 boxes");
        assert_eq!(plural(1u32, "roll", "rolls"), "roll");
        assert_eq!(plural(7u8, "roll", "rolls"), "rolls");
    }

    #[test]
    fn a_range_of_one_value_is_that_value() {
        assert_eq!(bounds(1, 3), "1 to 3");
        assert_eq!(bounds(1, 1), "1");
        assert_eq!(bounds(0, 0), "0");
        assert_eq!(bounds("-5", "5"), "-5 to 5");
    }

    /// A name typed in any case reads as the table's, an exact match first; two names equal but
    /// for case are told apart only by the exact one; an unknown name is none.
    #[test]
    fn a_name_is_meant_whatever_its_case() {
        let names = ["Gorand", "Kaya", "ragnar", "Ragnar"];
        assert_eq!(name_meant("gorand", names), Some("Gorand"));
        assert_eq!(name_meant(" KAYA ", names), Some("Kaya"));
        assert_eq!(name_meant("Ragnar", names), Some("Ragnar"));
        assert_eq!(name_meant("ragnar", names), Some("ragnar"));
        assert_eq!(name_meant("RAGNAR", names), None);
        assert_eq!(name_meant("Dragon", names), None);
    }
}
