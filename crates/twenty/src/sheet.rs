//! A Twenty character sheet: stats, keys, traits and special equipment, each counted in boxes (T1).

use crate::Error;
use serde::{Deserialize, Serialize};

/// The five stats, in the book's order. Each acts as a trait in conflicts (T1).
pub const STATS: [&str; 5] = ["Physical", "Mental", "Social", "Emotional", "Spiritual"];

/// Longest name of a character, trait or item, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// Most boxes one trait, stat or item may have.
pub const MAX_BOXES: u32 = 20;
/// Most traits (or special items) on one sheet.
pub const MAX_TRAITS: usize = 50;

/// A trait, stat or special item: `boxes` boxes of which `checked` are checked (T1, T2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trait {
    /// Its name as written on the sheet ("Swords", "Ancient and Wise", "Physical").
    pub name: String,
    /// How many boxes it has: 1 to [`MAX_BOXES`].
    pub boxes: u32,
    /// How many of them are checked: 0 to `boxes`.
    #[serde(default)]
    pub checked: u32,
}

impl Trait {
    /// Unchecked boxes: how many d20 it rolls when brought in (T2).
    pub fn unchecked(&self) -> u32 {
        self.boxes.saturating_sub(self.checked)
    }
}

/// A character sheet as written in a scenario or entered at the table.
///
/// `stats` holds the five stats with 1-5 boxes each, a permutation (T1); a sheet without stats is a GM's
/// creature such as the book's dragon. Full creation rules (keys, 3-6 traits over 10 boxes, special
/// equipment 2 + 1) are checked by the character builder of a later issue; here each part is checked
/// for shape and range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The character's name, unique at the table, 1 to [`MAX_NAME_CHARS`] characters.
    pub name: String,
    /// Stat name -> boxes, for the five [`STATS`]; empty for a creature without stats.
    #[serde(default)]
    pub stats: std::collections::BTreeMap<String, u32>,
    /// Keys, as names (T1, T12).
    #[serde(default)]
    pub keys: Vec<String>,
    /// Traits, in sheet order.
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// Special equipment, used like traits (T1).
    #[serde(default)]
    pub equipment: Vec<Trait>,
    /// Other equipment, free text.
    #[serde(default)]
    pub gear: Vec<String>,
}

impl Sheet {
    /// Checks the sheet's shape: name, stats a permutation of 1-5 when given, traits and items with
    /// 1-20 boxes, checked boxes within boxes, no name used twice.
    ///
    /// # Errors
    /// [`Error::Sheet`] naming the field, the value and what is allowed.
    pub fn validate(&self) -> Result<(), Error> {
        let fail = |field: String, problem: String| Error::Sheet {
            character: self.name.clone(),
            field,
            problem,
        };
        check_name(&self.name).map_err(|problem| fail("name".into(), problem))?;
        if !self.stats.is_empty() {
            for stat in self.stats.keys() {
                if !STATS.contains(&stat.as_str()) {
                    return Err(fail(
                        format!("stats.{stat}"),
                        "is not a stat (Physical, Mental, Social, Emotional, Spiritual)".into(),
                    ));
                }
            }
            let mut values: Vec<u32> = STATS
                .iter()
                .filter_map(|s| self.stats.get(*s).copied())
                .collect();
            values.sort_unstable();
            if values != [1, 2, 3, 4, 5] {
                return Err(fail(
                    "stats".into(),
                    format!(
                        "are {:?}; the five stats take 1, 2, 3, 4 and 5 boxes, one each (T1)",
                        STATS
                            .iter()
                            .map(|s| self.stats.get(*s).copied())
                            .collect::<Vec<_>>()
                    ),
                ));
            }
        }
        for (list, field) in [(&self.traits, "traits"), (&self.equipment, "equipment")] {
            if list.len() > MAX_TRAITS {
                return Err(fail(
                    field.into(),
                    format!("has {} entries; at most {MAX_TRAITS}", list.len()),
                ));
            }
            for item in list {
                let at = format!("{field}.{}", item.name);
                check_name(&item.name).map_err(|problem| fail(at.clone(), problem))?;
                if !(1..=MAX_BOXES).contains(&item.boxes) {
                    return Err(fail(
                        at,
                        format!("has {} boxes; allowed 1 to {MAX_BOXES}", item.boxes),
                    ));
                }
                if item.checked > item.boxes {
                    return Err(fail(
                        at,
                        format!("has {} checked of {} boxes", item.checked, item.boxes),
                    ));
                }
            }
        }
        let mut names: Vec<String> = self
            .stats
            .keys()
            .chain(self.traits.iter().map(|t| &t.name))
            .chain(self.equipment.iter().map(|t| &t.name))
            .map(|name| name.to_lowercase())
            .collect();
        names.sort();
        if let Some(pair) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(fail(
                "traits".into(),
                format!("name {:?} is used twice", pair[0]),
            ));
        }
        Ok(())
    }
}

fn check_name(name: &str) -> Result<(), String> {
    let chars = name.chars().count();
    if name.trim().is_empty() || chars > MAX_NAME_CHARS {
        return Err(format!(
            "{name:?} must be 1 to {MAX_NAME_CHARS} characters, not blank"
        ));
    }
    Ok(())
}
