//! English counts for messages people read: "1 die", "2 dice", "1 box left", "1 to 3" (or "1" when
//! only one value is allowed); and a chance as people read it ([`percent`], [`chance`]), the one
//! wording of the pages, the odds and the session report.

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

/// A chance with its exact fraction beside it: `"35.6% (89/250)"`; the words alone for a certainty
/// or an impossibility (`"certain"`, `"impossible"`). As [`percent`].
pub fn chance(p: &str, decimal: f64) -> String {
    match p {
        "1" | "0" => percent(p, decimal),
        _ => format!("{} ({p})", percent(p, decimal)),
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
}
