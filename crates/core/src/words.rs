//! English counts for messages people read: "1 die", "2 dice", "1 box left".

/// `one` when `count` is 1, else `many`: `plural(1, "die", "dice")` is `"die"`.
pub fn plural<'a>(count: impl Into<u64>, one: &'a str, many: &'a str) -> &'a str {
    if count.into() == 1 { one } else { many }
}

/// The count with its noun: `noun(2, "die", "dice")` is `"2 dice"`, `noun(1, "box", "boxes")` is
/// `"1 box"`. Counts are any unsigned integer up to `u64`; `usize` goes through `as u64`.
pub fn noun(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", plural(count as u64, one, many))
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
}
