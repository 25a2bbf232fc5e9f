//! The checks of a sheet as written (book: Making Characters, Traits): names, ratings, influence,
//! strength, and the high-ratings flag.

use crate::error::Error;
use crate::limits;
use crate::model::Options;
use crate::model::{GM, Sheet};

impl Sheet {
    /// Checks the sheet against the bounds in [`crate::limits`], the book's trait ratings and the
    /// table's options (ratings over 4 and strength).
    ///
    /// # Errors
    /// [`Error`] naming the first field out of bounds: `name`, `influence`, `strength`, the number
    /// of traits (placed at `traits`), `traits[i].name`, `traits[i].rating`.
    pub fn validate(&self, options: &Options) -> Result<(), Error> {
        check_name("name", &self.name)?;
        if self.name.eq_ignore_ascii_case(GM) {
            return Err(Error::not_allowed(
                "name",
                format!("{:?}", self.name),
                "any name but \"GM\", which stands for the game master",
            ));
        }
        Error::check_range(
            "influence",
            self.influence,
            &limits::INFLUENCE,
            "L5; Skald limit 999",
        )?;
        if self.npc && self.influence != 0 {
            return Err(Error::not_allowed(
                "influence",
                self.influence.to_string(),
                NPC_INFLUENCE,
            ));
        }
        match (self.strength, options.strength) {
            (Some(s), true) => {
                Error::check_range("strength", s, &limits::NOMINAL_STRENGTH, "L8")?;
            }
            (Some(s), false) => {
                return Err(Error::not_allowed(
                    "strength",
                    s.to_string(),
                    "no strength: this table does not play strength (L8; the table's option \"Strength\" is off)",
                ));
            }
            (None, _) => {}
        }
        if self.traits.len() > limits::MAX_TRAITS {
            return Err(Error::OutOfRange {
                field: "number of traits".into(),
                value: count(self.traits.len()),
                min: 0,
                max: count(limits::MAX_TRAITS),
                rule: "Skald limit",
            }
            .at("traits"));
        }
        for (i, t) in self.traits.iter().enumerate() {
            check_name(format!("traits[{i}].name"), &t.name)?;
            check_rating(format!("traits[{i}].rating"), t.rating, options)?;
            if let Some(first) = self.traits[..i]
                .iter()
                .find(|o| o.name.to_lowercase() == t.name.to_lowercase())
            {
                return Err(Error::not_allowed(
                    format!("traits[{i}].name"),
                    format!("{:?}", t.name),
                    format!("a name not already on the sheet ({:?} is)", first.name),
                ));
            }
        }
        Ok(())
    }
}

/// Checks a trait rating (in `field`) against the table's range: 1-4, or 1-6 with the high-ratings
/// option (book: Traits).
///
/// # Errors
/// [`Error::OutOfRange`] naming the range and the option.
pub fn check_rating(
    field: impl Into<String>,
    rating: i64,
    options: &Options,
) -> Result<i64, Error> {
    if options.high_ratings {
        Error::check_range(
            field,
            rating,
            &limits::HIGH_TRAIT_RATING,
            "book: Traits, skill table; the table's option \"Trait ratings 5 and 6\"",
        )
    } else {
        Error::check_range(
            field,
            rating,
            &limits::TRAIT_RATING,
            "book: Traits; 5 and 6 need the table's option \"Trait ratings 5 and 6\"",
        )
    }
}

/// Why an NPC holds no influence, for the refusals that say so (L5).
pub const NPC_INFLUENCE: &str = "none for an NPC: influence is the players' (L5), and the GM spends its own only under the table's option \"The GM has influence\"";

/// Whether a rating is above the usual 1-4 (book: Traits), which Skald flags.
pub fn high(rating: i64) -> bool {
    rating > *limits::TRAIT_RATING.end()
}

/// Checks a name: 1-60 characters, not blank.
///
/// # Errors
/// [`Error::Text`] for a blank or too long name.
pub fn check_name(field: impl Into<String>, name: &str) -> Result<(), Error> {
    Error::check_text(field, name, limits::NAME_CHARS)
}

/// A count as `i64` for messages (saturating; counts here are small).
pub(crate) fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Trait;

    fn sheet(traits: Vec<Trait>) -> Sheet {
        Sheet {
            name: "Mirela".into(),
            traits,
            influence: 10,
            strength: None,
            npc: false,
        }
    }

    fn t(name: &str, rating: i64, harmful: bool) -> Trait {
        Trait {
            name: name.into(),
            rating,
            harmful,
        }
    }

    #[test]
    fn trait_entries_follow_l1_signs() {
        assert_eq!(t("Swordsman", 3, false).entry_value(true), 3);
        assert_eq!(t("Swordsman", 3, false).entry_value(false), -3);
        assert_eq!(t("Clumsy", 2, true).entry_value(true), -2);
        assert_eq!(t("Clumsy", 2, true).entry_value(false), 2);
    }

    #[test]
    fn sheets_are_bounded() {
        assert_eq!(
            sheet(vec![t("Swordsman", 4, false)]).validate(&Options::default()),
            Ok(())
        );
        let err = sheet(vec![t("Swordsman", 5, false)])
            .validate(&Options::default())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Trait 1's rating is 5; allowed: 1 to 4 (book: Traits; 5 and 6 need the table's option \"Trait ratings 5 and 6\")"
        );
        let err = sheet(vec![t("Swordsman", 0, false)])
            .validate(&Options::default())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Trait 1's rating is 0; allowed: 1 to 4 (book: Traits; 5 and 6 need the table's option \"Trait ratings 5 and 6\")"
        );
        let err = sheet(vec![t("Swordsman", 3, false), t("swordsman", 1, false)])
            .validate(&Options::default())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Trait 2's name is \"swordsman\"; allowed: a name not already on the sheet (\"Swordsman\" is)"
        );
        let mut gm = sheet(vec![]);
        gm.name = "gm".into();
        assert!(
            gm.validate(&Options::default())
                .unwrap_err()
                .to_string()
                .starts_with("The name is \"gm\"; allowed: any name but \"GM\"")
        );
        let mut rich = sheet(vec![]);
        rich.influence = -1;
        assert_eq!(
            rich.validate(&Options::default()).unwrap_err().to_string(),
            "The influence is -1; allowed: 0 to 999 (L5; Skald limit 999)"
        );
        let many = sheet((0..33).map(|i| t(&format!("T{i}"), 1, false)).collect());
        assert_eq!(
            many.validate(&Options::default()).unwrap_err().to_string(),
            "Number of traits is 33; allowed: 0 to 32 (Skald limit)"
        );
    }

    #[test]
    fn high_ratings_and_strength_follow_the_options() {
        let six = Options {
            high_ratings: true,
            ..Options::default()
        };
        assert_eq!(
            sheet(vec![t("Master swordsman", 6, false)]).validate(&six),
            Ok(())
        );
        assert_eq!(
            sheet(vec![t("Master swordsman", 7, false)])
                .validate(&six)
                .unwrap_err()
                .to_string(),
            "Trait 1's rating is 7; allowed: 1 to 6 (book: Traits, skill table; the table's option \"Trait ratings 5 and 6\")"
        );
        let mut strong = sheet(vec![]);
        strong.strength = Some(12);
        assert_eq!(
            strong
                .validate(&Options::default())
                .unwrap_err()
                .to_string(),
            "The strength is 12; allowed: no strength: this table does not play strength (L8; the table's option \"Strength\" is off)"
        );
        let plays = Options {
            strength: true,
            ..Options::default()
        };
        assert_eq!(strong.validate(&plays), Ok(()));
        strong.strength = Some(21);
        assert_eq!(
            strong.validate(&plays).unwrap_err().to_string(),
            "The strength is 21; allowed: 5 to 20 (L8)"
        );
        assert!(high(5) && !high(4));
    }
}
