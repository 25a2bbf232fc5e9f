//! English counts for messages people read: "1 die", "2 dice", "1 box left", "1 to 3" (or "1" when
//! only one value is allowed).

/// `one` when `count` is 1, else `many`: `plural(1, "die", "dice")` is `"die"`.
pub fn plural<'a>(count: impl Into<u64>, one: &'a str, many: &'a str) -> &'a str {
    if count.into() == 1 { one } else { many }
}

/// The count with its noun: `noun(2, "die", "dice")` is `"2 dice"`, `noun(1, "box", "boxes")` is
/// `"1 box"`. Counts are any unsigned integer up to `u64`; `usize` goes through `as u64`.
pub fn noun(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", plural(count as u64, one, many))
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

#[cfg(test)]
mod tests {
    use super::*;

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
