//! [`Character`]: a character as the table holds it now: its permanent traits, influence, current
//! strength (L8) and the temporary trait changes in force, with the rules for changing a trait
//! (book: Benefit and Harm, Trait Change; Changing A Character) and for their expiry.
//!
//! A trait's rating now is its permanent rating plus every temporary change in force; a rating of 0
//! means the character lacks the trait. Every change is checked so that the rating stays within the
//! table's ratings now, after the scene's changes expire and after the scenario's expire too.

use crate::error::Error;
use crate::limits;
use crate::model::{Character, PlannedChange, TraitChange, TraitNow};
use crate::model::{Lasts, Options, Sheet, Status, Strength, Trait};
use crate::rules::sheets::check_name;

/// Which changes still count at a point in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Horizon {
    Now,
    AfterScene,
    AfterScenario,
}

impl Character {
    /// A new member from a checked sheet: strength rested at its nominal value (default 10) when the
    /// table plays strength (L8).
    pub fn from_sheet(sheet: &Sheet, options: &Options) -> Self {
        Self {
            name: sheet.name.clone(),
            traits: sheet.traits.clone(),
            influence: sheet.influence,
            npc: sheet.npc,
            strength: options
                .strength
                .then(|| Strength::rested(sheet.strength.unwrap_or(limits::DEFAULT_STRENGTH))),
            changes: Vec::new(),
        }
    }

    /// In, out or dead (L8); always in when the table does not play strength.
    pub fn status(&self, options: &Options) -> Status {
        self.strength.map_or(Status::In, |s| s.status(options))
    }

    /// The trait named `name` (exact spelling) as it stands now, if the character has it (rating 1+).
    pub fn trait_now(&self, name: &str) -> Option<TraitNow> {
        let rating = self.rating(name, Horizon::Now);
        (rating > 0).then(|| TraitNow {
            name: name.to_string(),
            rating,
            harmful: self.harmful(name).unwrap_or(false),
            permanent: self.rating(name, Horizon::AfterScenario),
        })
    }

    /// Every trait the character has now, permanent ones in sheet order, then traits that exist only
    /// through temporary changes, in the order they appeared.
    pub fn traits_now(&self) -> Vec<TraitNow> {
        self.known_names()
            .into_iter()
            .filter_map(|name| self.trait_now(name))
            .collect()
    }

    /// Every trait name on the sheet or in a change in force, even at rating 0 for now.
    fn known_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.traits.iter().map(|t| t.name.as_str()).collect();
        for c in &self.changes {
            if !names.contains(&c.trait_name.as_str()) {
                names.push(&c.trait_name);
            }
        }
        names
    }

    fn rating(&self, name: &str, horizon: Horizon) -> i64 {
        let permanent = self
            .traits
            .iter()
            .find(|t| t.name == name)
            .map_or(0, |t| t.rating);
        self.changes
            .iter()
            .filter(|c| c.trait_name == name && counts_at(c.lasts, horizon))
            .fold(permanent, |sum, c| sum.saturating_add(c.rating_change))
    }

    fn harmful(&self, name: &str) -> Option<bool> {
        self.traits
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.harmful)
            .or_else(|| {
                self.changes
                    .iter()
                    .find(|c| c.trait_name == name)
                    .map(|c| c.harmful)
            })
    }

    /// Checks a change of `rating_change` points to trait `name` lasting `lasts` (book: Trait
    /// Change). `harmful` is for a trait new to the character (default helpful); for a known trait it
    /// may be omitted or must match. `field` prefixes the fields in messages.
    ///
    /// # Errors
    /// [`Error`] when the change is 0 or outside -6..=6, the name is blank, long or a different
    /// spelling of a known trait, `harmful` contradicts the trait, the sheet would pass 32 traits or
    /// 100 temporary changes, or the rating would leave 0..=max now, after the scene or after the
    /// scenario.
    pub fn plan_change(
        &self,
        field: &str,
        name: &str,
        rating_change: i64,
        harmful: Option<bool>,
        lasts: Lasts,
        options: &Options,
    ) -> Result<PlannedChange, Error> {
        check_name(format!("{field}trait"), name)?;
        Error::check_range(
            format!("{field}rating_change"),
            rating_change,
            &limits::RATING_CHANGE,
            "L7; Skald limit 6",
        )?;
        if rating_change == 0 {
            return Err(Error::not_allowed(
                format!("{field}rating_change"),
                "0",
                "-6 to -1 or 1 to 6: a change changes something (L7)",
            ));
        }
        let known = self.harmful(name);
        if known.is_none() {
            let lower = name.to_lowercase();
            if let Some(other) = self
                .known_names()
                .into_iter()
                .find(|known| known.to_lowercase() == lower)
            {
                return Err(Error::not_allowed(
                    format!("{field}trait"),
                    format!("{name:?}"),
                    format!(
                        "the trait's own spelling ({other:?} is on {}'s sheet) or a new name",
                        self.name
                    ),
                ));
            }
            let known = self.known_names().len();
            if known >= limits::MAX_TRAITS {
                return Err(Error::OutOfRange {
                    field: format!("number of {}'s traits", self.name),
                    value: crate::rules::sheets::count(known.saturating_add(1)),
                    min: 0,
                    max: crate::rules::sheets::count(limits::MAX_TRAITS),
                    rule: "Skald limit",
                });
            }
        }
        let harmful = match (known, harmful) {
            (Some(k), Some(h)) if k != h => {
                return Err(Error::not_allowed(
                    format!("{field}harmful"),
                    format!("\"{}\"", holder_word(h)),
                    format!(
                        "left unpicked, or \"{}\": {name} is a {} trait, and a known trait keeps its kind",
                        holder_word(k),
                        kind_word(k)
                    ),
                ));
            }
            (Some(k), _) => k,
            (None, h) => h.unwrap_or(false),
        };
        if lasts != Lasts::Permanent && self.changes.len() >= limits::MAX_TRAIT_CHANGES {
            return Err(Error::OutOfRange {
                field: format!("number of {}'s temporary changes", self.name),
                value: crate::rules::sheets::count(self.changes.len().saturating_add(1)),
                min: 0,
                max: crate::rules::sheets::count(limits::MAX_TRAIT_CHANGES),
                rule: "Skald limit",
            });
        }
        let max = options.max_rating();
        for horizon in [Horizon::Now, Horizon::AfterScene, Horizon::AfterScenario] {
            let before = self.rating(name, horizon);
            let after = if counts_at(lasts, horizon) {
                before.saturating_add(rating_change)
            } else {
                before
            };
            if !(0..=max).contains(&after) {
                let when = match horizon {
                    Horizon::Now => "now",
                    Horizon::AfterScene => "once this scene's changes end",
                    Horizon::AfterScenario => "once this scenario's changes end",
                };
                let rule = if options.high_ratings {
                    "book: Traits; the table's option \"Trait ratings 5 and 6\""
                } else {
                    "book: Traits"
                };
                return Err(Error::not_allowed(
                    format!("{field}rating_change"),
                    signed(rating_change),
                    format!(
                        "a change that keeps {}'s {name} within 0 to {max} (it would be {after} {when}; {rule})",
                        self.name
                    ),
                ));
            }
        }
        let from = self.rating(name, Horizon::Now);
        Ok(PlannedChange {
            trait_name: name.to_string(),
            rating_change,
            harmful,
            lasts,
            from,
            to: from.saturating_add(rating_change),
        })
    }

    /// The member with a checked change made: a permanent change rewrites the trait (a rating of 0
    /// removes it, a new trait is added last); a temporary one is added to the changes in force.
    pub fn with_change(mut self, change: &PlannedChange, problem: u64) -> Self {
        if change.lasts == Lasts::Permanent {
            match self.traits.iter().position(|t| t.name == change.trait_name) {
                Some(i) => {
                    let rating = self.traits[i].rating.saturating_add(change.rating_change);
                    if rating <= 0 {
                        self.traits.remove(i);
                    } else {
                        self.traits[i].rating = rating;
                    }
                }
                None => {
                    if change.rating_change > 0 {
                        self.traits.push(Trait {
                            name: change.trait_name.clone(),
                            rating: change.rating_change,
                            harmful: change.harmful,
                        });
                    }
                }
            }
        } else {
            self.changes.push(TraitChange {
                trait_name: change.trait_name.clone(),
                rating_change: change.rating_change,
                harmful: change.harmful,
                lasts: change.lasts,
                problem,
            });
        }
        self
    }

    /// The temporary changes that end when a scene (`Lasts::Scene`) or a scenario
    /// (`Lasts::Scenario`, which ends its scene too) ends, oldest first, each with the trait's
    /// rating before and after it goes.
    pub fn expiring(&self, ending: Lasts) -> Vec<(TraitChange, i64, i64)> {
        let mut remaining = self.clone();
        let mut gone = Vec::new();
        for change in &self.changes {
            if change.lasts <= ending {
                let from = remaining.rating(&change.trait_name, Horizon::Now);
                if let Some(i) = remaining.changes.iter().position(|c| c == change) {
                    remaining.changes.remove(i);
                }
                let to = remaining.rating(&change.trait_name, Horizon::Now);
                gone.push((change.clone(), from, to));
            }
        }
        gone
    }

    /// The member without the first temporary change equal to `change`.
    pub fn without_change(mut self, change: &TraitChange) -> Self {
        if let Some(i) = self.changes.iter().position(|c| c == change) {
            self.changes.remove(i);
        }
        self
    }
}

fn counts_at(lasts: Lasts, horizon: Horizon) -> bool {
    match horizon {
        Horizon::Now => true,
        Horizon::AfterScene => lasts >= Lasts::Scenario,
        Horizon::AfterScenario => lasts == Lasts::Permanent,
    }
}

fn kind_word(harmful: bool) -> &'static str {
    if harmful { "harmful" } else { "helpful" }
}

/// The form's words for a trait's kind: "helps its holder" or "works against its holder".
fn holder_word(harmful: bool) -> &'static str {
    if harmful {
        "works against its holder"
    } else {
        "helps its holder"
    }
}

/// A number with its sign: "+3", "-2", "0".
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiran() -> Character {
        Character::from_sheet(
            &Sheet {
                name: "Tiran".into(),
                traits: vec![Trait {
                    name: "Swordsman".into(),
                    rating: 3,
                    harmful: false,
                }],
                influence: 10,
                strength: None,
                npc: false,
            },
            &Options::default(),
        )
    }

    /// Plans and makes a change, or returns the refusal's message.
    fn check(
        m: Character,
        name: &str,
        change: i64,
        lasts: Lasts,
        expected: Result<(i64, i64), &str>,
    ) -> Character {
        let planned = m.plan_change("", name, change, None, lasts, &Options::default());
        match (planned, expected) {
            (Ok(p), Ok((from, to))) => {
                assert_eq!((p.from, p.to), (from, to), "{name} {change}");
                m.with_change(&p, 1)
            }
            (Err(e), Err(message)) => {
                assert_eq!(e.to_string(), message);
                m
            }
            (got, wanted) => panic!("{name} {change}: got {got:?}, wanted {wanted:?}"),
        }
    }

    #[test]
    fn changes_stack_and_expire_by_duration() {
        let m = tiran();
        let m = check(m, "Swordsman", -2, Lasts::Scene, Ok((3, 1)));
        let m = check(m, "Swordsman", 1, Lasts::Scenario, Ok((1, 2)));
        let m = check(m, "Wounded", 2, Lasts::Scene, Ok((0, 2)));
        assert_eq!(m.trait_now("Swordsman").map(|t| t.rating), Some(2));
        assert_eq!(m.trait_now("Wounded").map(|t| t.permanent), Some(0));
        // Scene's end: the -2 and Wounded go; the scenario's +1 stays.
        let gone = m.expiring(Lasts::Scene);
        assert_eq!(
            gone.iter()
                .map(|(c, f, t)| (c.trait_name.as_str(), *f, *t))
                .collect::<Vec<_>>(),
            [("Swordsman", 2, 4), ("Wounded", 2, 0)]
        );
        let m = gone.iter().fold(m, |m, (c, _, _)| m.without_change(c));
        assert_eq!(m.trait_now("Swordsman").map(|t| t.rating), Some(4));
        assert_eq!(m.trait_now("Wounded"), None);
        let gone = m.expiring(Lasts::Scenario);
        assert_eq!(gone.len(), 1);
        assert_eq!((gone[0].1, gone[0].2), (4, 3));
    }

    #[test]
    fn ratings_stay_in_range_at_every_horizon() {
        let m = tiran();
        check(
            m.clone(),
            "Swordsman",
            2,
            Lasts::Scene,
            Err(
                "The rating change is +2; allowed: a change that keeps Tiran's Swordsman within 0 to 4 (it would be 5 now; book: Traits)",
            ),
        );
        // -3 for the scene, +4 for the scenario: 4 now, but 7 once the scene's -3 ends.
        let m = check(m, "Swordsman", -3, Lasts::Scene, Ok((3, 0)));
        assert_eq!(m.trait_now("Swordsman"), None);
        check(
            m.clone(),
            "Swordsman",
            4,
            Lasts::Scenario,
            Err(
                "The rating change is +4; allowed: a change that keeps Tiran's Swordsman within 0 to 4 (it would be 7 once this scene's changes end; book: Traits)",
            ),
        );
        check(
            m.clone(),
            "swordsman",
            1,
            Lasts::Scene,
            Err(
                "The trait is \"swordsman\"; allowed: the trait's own spelling (\"Swordsman\" is on Tiran's sheet) or a new name",
            ),
        );
        check(
            m,
            "Swordsman",
            0,
            Lasts::Scene,
            Err(
                "The rating change is 0; allowed: -6 to -1 or 1 to 6: a change changes something (L7)",
            ),
        );
    }

    #[test]
    fn permanent_changes_rewrite_the_sheet() {
        let m = tiran();
        let m = check(m, "Swordsman", -3, Lasts::Permanent, Ok((3, 0)));
        assert!(m.traits.is_empty());
        let m = check(m, "Scarred", 1, Lasts::Permanent, Ok((0, 1)));
        assert_eq!(m.traits.len(), 1);
        assert!(m.changes.is_empty());
        let err = m
            .plan_change(
                "",
                "Scarred",
                1,
                Some(true),
                Lasts::Scene,
                &Options::default(),
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "The new trait's kind is \"works against its holder\"; allowed: left unpicked, or \"helps its holder\": Scarred is a helpful trait, and a known trait keeps its kind"
        );
    }
}
