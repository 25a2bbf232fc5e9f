//! Sheets (T1, T12; the book's "Character Generation"): a character sits down at the table, its
//! sheet checked by its kind: its shape always; for a new character every creation rule, in the
//! book's order, each error saying what to fix; for a character from earlier play its keys,
//! prerequisites, traits and stats; for a GM's creature names and ranges only.

use crate::error::{Error, SheetProblem};
use crate::limits::{
    MAX_BOXES, MAX_NAME_CHARS, MAX_TRAITS, NEW_EQUIPMENT_BOXES, NEW_TRAIT_BOXES, NEW_TRAITS, SIDES,
    STAT_BOXES,
};
use crate::model::{Catalogue, Event, GM, KeyKind, STATS, Sheet, SheetKind, State};

/// `add_character`: `character` sits down at the table, its sheet checked by its kind against the
/// table's catalogue (T1, T12); names are unique at the table, ignoring case.
///
/// # Errors
/// [`Error::Sheet`] (see [`Sheet::validate`]); [`Error::DuplicateCharacter`].
pub(super) fn add_character(state: &State, character: &Sheet) -> Result<Vec<Event>, Error> {
    character.validate(&state.catalogue)?;
    if state
        .characters
        .iter()
        .any(|c| c.name.eq_ignore_ascii_case(&character.name))
    {
        return Err(Error::DuplicateCharacter(character.name.clone()));
    }
    Ok(vec![Event::CharacterAdded {
        character: character.clone(),
    }])
}

impl Sheet {
    /// Checks the sheet: its shape always, and the rules its [`SheetKind`] calls for.
    ///
    /// # Errors
    /// [`Error::Sheet`] naming the field, the value, what is allowed and the rule (T1, T10, T12).
    pub fn validate(&self, catalogue: &Catalogue) -> Result<(), Error> {
        self.check_shape()?;
        match self.kind {
            SheetKind::Npc => Ok(()),
            SheetKind::Existing => {
                self.check_stats_permutation()?;
                self.check_keys_and_traits(catalogue)
            }
            SheetKind::New => self.check_creation(catalogue),
        }
    }

    fn fail(&self, field: impl Into<String>, problem: impl Into<SheetProblem>) -> Error {
        Error::Sheet {
            character: self.name.clone(),
            field: field.into(),
            problem: problem.into(),
        }
    }

    fn check_shape(&self) -> Result<(), Error> {
        check_name(&self.name).map_err(|p| self.fail("name", p))?;
        if self.name.eq_ignore_ascii_case(GM) {
            return Err(self.fail(
                "name",
                "\"GM\" is reserved for the GM's side of a healing conflict (T8)",
            ));
        }
        for (stat, entry) in &self.stats {
            let boxes = &entry.boxes();
            if entry.checked() > *boxes {
                return Err(self.fail(
                    format!("stats.{stat}"),
                    SheetProblem::Checked {
                        checked: entry.checked(),
                        boxes: *boxes,
                    },
                ));
            }
            if !STATS.contains(&stat.as_str()) {
                return Err(self.fail(
                    format!("stats.{stat}"),
                    "is not a stat (Physical, Mental, Social, Emotional, Spiritual)",
                ));
            }
            if !(1..=MAX_BOXES).contains(boxes) {
                return Err(self.fail(format!("stats.{stat}"), boxes_problem(*boxes as usize)));
            }
        }
        for (list, field) in [(&self.traits, "traits"), (&self.equipment, "equipment")] {
            if list.len() > MAX_TRAITS {
                return Err(self.fail(
                    field,
                    SheetProblem::Entries {
                        count: list.len(),
                        max: MAX_TRAITS,
                    },
                ));
            }
            for item in list {
                let at = format!("{field}.{}", item.name);
                check_name(&item.name).map_err(|p| self.fail(at.clone(), p))?;
                if !(1..=MAX_BOXES).contains(&item.boxes) {
                    return Err(self.fail(at, boxes_problem(item.boxes as usize)));
                }
                if item.checked + item.coloured > item.boxes {
                    return Err(self.fail(
                        at,
                        SheetProblem::CheckedAndColoured {
                            checked: item.checked,
                            coloured: item.coloured,
                            boxes: item.boxes,
                        },
                    ));
                }
            }
        }
        if self.gear.len() > MAX_TRAITS {
            return Err(self.fail(
                "gear",
                SheetProblem::Entries {
                    count: self.gear.len(),
                    max: MAX_TRAITS,
                },
            ));
        }
        for (i, item) in self.gear.iter().enumerate() {
            check_name(item).map_err(|p| self.fail(format!("gear.{i}"), p))?;
        }
        if self.burdens.len() > MAX_TRAITS {
            return Err(self.fail(
                "burdens",
                SheetProblem::Entries {
                    count: self.burdens.len(),
                    max: MAX_TRAITS,
                },
            ));
        }
        for burden in &self.burdens {
            let at = format!("burdens.{}", burden.name);
            check_name(&burden.name).map_err(|p| self.fail(at.clone(), p))?;
            if !STATS.contains(&burden.stat.as_str()) {
                return Err(self.fail(
                    at,
                    format!("stat {:?} is not one of the five stats (T5)", burden.stat),
                ));
            }
            if burden.boxes.is_empty() || burden.boxes.len() > MAX_BOXES as usize {
                return Err(self.fail(at, boxes_problem(burden.boxes.len())));
            }
            if let Some(v) = burden.boxes.iter().find(|v| !(1..=SIDES).contains(*v)) {
                return Err(self.fail(
                    at,
                    SheetProblem::Face {
                        value: *v,
                        min: 1,
                        max: SIDES,
                    },
                ));
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
            return Err(self.fail("traits", format!("name {:?} is used twice", pair[0])));
        }
        Ok(())
    }

    fn check_stats_permutation(&self) -> Result<(), Error> {
        let mut values: Vec<u32> = STATS
            .iter()
            .filter_map(|s| self.stats.get(*s).map(|b| b.boxes()))
            .collect();
        values.sort_unstable();
        if values != STAT_BOXES {
            let shown = STATS
                .iter()
                .map(|s| match self.stats.get(*s) {
                    Some(b) => format!("{s} {}", b.boxes()),
                    None => format!("{s} missing"),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let [a, b, c, d, e] = STAT_BOXES;
            return Err(self.fail(
                "stats",
                format!(
                    "are {shown}; the five stats take {a}, {b}, {c}, {d} and {e} boxes, one each (T1)"
                ),
            ));
        }
        Ok(())
    }

    fn check_keys_and_traits(&self, catalogue: &Catalogue) -> Result<(), Error> {
        if self.keys.is_empty() {
            return Err(self.fail("keys", "are empty; a character has at least one key (T1)"));
        }
        let traits: Vec<(String, u32)> = self
            .traits
            .iter()
            .map(|t| (t.name.clone(), t.boxes))
            .collect();
        for key in &self.keys {
            let Some(def) = catalogue.key(key) else {
                return Err(self.fail(
                    "keys",
                    format!(
                        "{key:?} is not a key of the book or of this table (T12: the GM can add it)"
                    ),
                ));
            };
            if def.kind == KeyKind::Elite
                && let Err(missing) = catalogue.prerequisites_met(key, &traits)
            {
                return Err(self.fail(
                    "keys",
                    format!(
                        "{key} needs {} (T10: an elite key's prerequisites)",
                        missing.join(", ")
                    ),
                ));
            }
        }
        let unlocked = catalogue.unlocked_by(&self.keys);
        for t in &self.traits {
            if !unlocked.iter().any(|u| u.eq_ignore_ascii_case(&t.name)) {
                return Err(self.fail(
                    format!("traits.{}", t.name),
                    format!(
                        "is not unlocked by {} nor open (T1); unlocked: {}",
                        self.keys.join(", "),
                        unlocked.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The creation rules, step by step in the book's order, each error saying what to fix (T1).
    fn check_creation(&self, catalogue: &Catalogue) -> Result<(), Error> {
        self.check_stats_permutation()?;
        match self.keys.as_slice() {
            [key] => match catalogue.key(key) {
                Some(def) if def.kind == KeyKind::Skeleton => {}
                Some(_) => {
                    return Err(self.fail(
                        "keys",
                        format!("{key} is an elite key; a new character starts with one skeleton key (T1)"),
                    ));
                }
                None => {
                    return Err(self.fail(
                        "keys",
                        format!(
                            "{key:?} is not a key; choose one skeleton key: {}",
                            catalogue.skeleton_keys().join(", ")
                        ),
                    ));
                }
            },
            keys => {
                return Err(self.fail(
                    "keys",
                    format!(
                        "are {} keys; a new character has exactly one skeleton key (T1)",
                        keys.len()
                    ),
                ));
            }
        }
        self.check_keys_and_traits(catalogue)?;
        let count = self.traits.len();
        if !NEW_TRAITS.contains(&count) {
            return Err(self.fail(
                "traits",
                SheetProblem::TraitCount {
                    count,
                    min: *NEW_TRAITS.start(),
                    max: *NEW_TRAITS.end(),
                },
            ));
        }
        let total: u32 = self.traits.iter().map(|t| t.boxes).sum();
        if total != NEW_TRAIT_BOXES {
            return Err(self.fail(
                "traits",
                SheetProblem::TraitBoxes {
                    total,
                    needed: NEW_TRAIT_BOXES,
                },
            ));
        }
        let mut items: Vec<u32> = self.equipment.iter().map(|t| t.boxes).collect();
        items.sort_unstable();
        if items != NEW_EQUIPMENT_BOXES {
            let [small, large] = NEW_EQUIPMENT_BOXES;
            return Err(self.fail(
                "equipment",
                format!(
                    "has {} with {:?} boxes; a new character picks two, with {large} and {small} boxes (T1)",
                    skald_core::noun(self.equipment.len(), "special item", "special items"),
                    self.equipment.iter().map(|t| t.boxes).collect::<Vec<_>>()
                ),
            ));
        }
        let used = self
            .traits
            .iter()
            .chain(&self.equipment)
            .find(|t| t.checked > 0 || t.coloured > 0);
        if let Some(t) = used {
            return Err(self.fail(
                format!("traits.{}", t.name),
                "has checked boxes; a new character starts fresh",
            ));
        }
        if !self.burdens.is_empty() {
            return Err(self.fail(
                "burdens",
                "a new character carries none; use kind = \"existing\"",
            ));
        }
        Ok(())
    }
}

/// A name on a sheet: 1 to [`MAX_NAME_CHARS`] characters, not blank.
fn check_name(name: &str) -> Result<(), SheetProblem> {
    let chars = name.chars().count();
    if name.trim().is_empty() || chars > MAX_NAME_CHARS {
        return Err(SheetProblem::NameLength {
            value: name.to_string(),
            chars,
            min: 1,
            max: MAX_NAME_CHARS,
        });
    }
    Ok(())
}

/// A stat, trait, item or burden with `boxes` boxes, outside 1 to [`MAX_BOXES`].
fn boxes_problem(boxes: usize) -> SheetProblem {
    SheetProblem::Boxes {
        value: boxes,
        min: 1,
        max: MAX_BOXES as usize,
    }
}
