//! clap value parsers that refuse in words, and the values every system's calculators share.

/// A whole number from `min` to `max` as a flag's value, refused in words ("it must be a whole
/// number from -6 to 6", where clap would say "not in -6..=6").
pub fn whole<T>(
    min: i64,
    max: i64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<i64> + Clone + Send + Sync + 'static,
{
    let read = number::<i64>(min, max);
    move |text: &str| {
        let n = read(text)?;
        if !(min..=max).contains(&n) {
            return Err(allowed(min, max));
        }
        T::try_from(n).map_err(|_| allowed(min, max))
    }
}

/// A whole number as a flag's value whose range the rule that owns it checks, and refuses in its
/// own words (what the number is): only text that is no whole number, or one `T` cannot hold, is
/// refused here, naming the range from `min` to `max` (where clap would say "invalid digit found
/// in string").
pub fn number<T>(
    min: i64,
    max: i64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<i64> + Clone + Send + Sync + 'static,
{
    move |text: &str| {
        let n: i64 = text.trim().parse().map_err(|_| allowed(min, max))?;
        T::try_from(n).map_err(|_| allowed(min, max))
    }
}

/// What [`whole`] and [`number`] say of a value they refuse.
fn allowed(min: i64, max: i64) -> String {
    format!(
        "it must be a whole number from {}",
        skald_core::bounds(min, max)
    )
}

/// A count of a scenario's steps as `--after`'s value: a whole number from 0 to
/// [`skald_scenario::MAX_STEPS`], refused in words as [`whole`]; the scenario's own length is
/// checked once it is read.
pub fn steps() -> impl Fn(&str) -> Result<usize, String> + Clone + Send + Sync + 'static {
    whole::<usize>(0, skald_scenario::MAX_STEPS as i64)
}

/// The fight a GM wants, as `--target` names it (`skald <system> balance`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FightArg {
    /// The party wins three times in four.
    Easy,
    /// One in two.
    Even,
    /// One in four.
    Hard,
}

impl From<FightArg> for skald_core::Fight {
    fn from(arg: FightArg) -> Self {
        match arg {
            FightArg::Easy => skald_core::Fight::Easy,
            FightArg::Even => skald_core::Fight::Even,
            FightArg::Hard => skald_core::Fight::Hard,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_out_of_range_is_refused_in_words() {
        assert_eq!(
            whole::<u8>(1, 2)("3"),
            Err("it must be a whole number from 1 to 2".into())
        );
        assert_eq!(whole::<u8>(1, 2)(" 2 "), Ok(2));
        assert_eq!(number::<u8>(0, 5)("9"), Ok(9));
        assert_eq!(
            number::<u8>(0, 5)("x"),
            Err("it must be a whole number from 0 to 5".into())
        );
        assert_eq!(
            number::<u8>(0, 5)("300"),
            Err("it must be a whole number from 0 to 5".into())
        );
    }
}
