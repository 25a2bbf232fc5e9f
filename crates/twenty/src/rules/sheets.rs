//! Sheets (T1, T12; the book's "Character Generation"): a character sits down at the table, its
//! sheet checked by its kind: its shape always; for a new character every creation rule, in the
//! book's order, each error saying what to fix; for a character from earlier play its keys,
//! prerequisites, traits and stats; for a GM's creature names and ranges only.

use crate::error::{Error, SheetProblem};
use crate::limits::{
    MAX_BOXES, MAX_KEYS, MAX_NAME_CHARS, MAX_TRAITS, NEW_EQUIPMENT_BOXES, NEW_TRAIT_BOXES,
    NEW_TRAITS, SIDES, STAT_BOXES,
};
use crate::model::{Catalogue, Event, GM, KeyKind, STATS, Sheet, SheetKind, State, Trait};

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
    /// Checks the sheet: its shape always, and the rules its [`SheetKind`] calls for, section by
    /// section in the order a builder's form asks for them (name, stats, keys, traits, special
    /// items, other equipment, burdens), so the first refusal names the first thing wrong on the
    /// page.
    ///
    /// # Errors
    /// [`Error::Sheet`] naming the field, the value, what is allowed and the rule (T1, T10, T12).
    pub fn validate(&self, catalogue: &Catalogue) -> Result<(), Error> {
        let new = self.kind == SheetKind::New;
        let checked = self.kind != SheetKind::Npc;
        self.check_own_name()?;
        self.check_stats_shape()?;
        if checked {
            self.check_stats_permutation()?;
        }
        if new {
            self.check_one_skeleton_key(catalogue)?;
        }
        if checked {
            self.check_keys(catalogue)?;
        }
        self.check_entries("traits", &self.traits)?;
        self.check_unique(false)?;
        if checked {
            self.check_unlocked(catalogue)?;
        }
        if new {
            self.check_new_traits()?;
        }
        self.check_entries("equipment", &self.equipment)?;
        self.check_unique(true)?;
        if new {
            self.check_new_items()?;
        }
        self.check_gear()?;
        self.check_burdens()?;
        if new && !self.burdens.is_empty() {
            return Err(self.fail(
                "burdens",
                SheetProblem::NewBurdens {
                    count: self.burdens.len(),
                },
            ));
        }
        Ok(())
    }

    fn fail(&self, field: impl Into<String>, problem: SheetProblem) -> Error {
        Error::Sheet {
            character: self.name.clone(),
            field: field.into(),
            problem,
        }
    }

    fn check_own_name(&self) -> Result<(), Error> {
        check_name(&self.name).map_err(|p| self.fail("name", p))?;
        if self.name.eq_ignore_ascii_case(GM) {
            return Err(self.fail(
                "name",
                SheetProblem::Reserved {
                    name: self.name.clone(),
                },
            ));
        }
        Ok(())
    }

    fn check_stats_shape(&self) -> Result<(), Error> {
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
                    SheetProblem::NotAStat { stat: stat.clone() },
                ));
            }
            if !(1..=MAX_BOXES).contains(boxes) {
                return Err(self.fail(format!("stats.{stat}"), boxes_problem(*boxes as usize)));
            }
        }
        Ok(())
    }

    /// Each entry of `list` (`traits` or `equipment`): a name, 1 to [`MAX_BOXES`] boxes, no more
    /// checked and coloured than boxes. An entry is named by its name, or by its place when its
    /// name is blank (`equipment.0.name`), so a page shows the refusal beside that blank.
    fn check_entries(&self, field: &str, list: &[Trait]) -> Result<(), Error> {
        if list.len() > MAX_TRAITS {
            return Err(self.fail(
                field,
                SheetProblem::Entries {
                    count: list.len(),
                    max: MAX_TRAITS,
                },
            ));
        }
        for (i, item) in list.iter().enumerate() {
            check_name(&item.name).map_err(|p| self.fail(format!("{field}.{i}.name"), p))?;
            let at = format!("{field}.{}", item.name);
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
        Ok(())
    }

    /// No name twice among the stats, the traits and (`with_items`) the special items, ignoring
    /// case: the second one, in the form's order, is refused.
    fn check_unique(&self, with_items: bool) -> Result<(), Error> {
        let items: &[Trait] = if with_items { &self.equipment } else { &[] };
        let named = self
            .stats
            .keys()
            .map(|name| (name, format!("stats.{name}")))
            .chain(
                self.traits
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (&t.name, format!("traits.{i}.name"))),
            )
            .chain(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (&t.name, format!("equipment.{i}.name"))),
            );
        let mut seen: Vec<String> = Vec::new();
        for (name, at) in named {
            let folded = name.to_lowercase();
            if seen.contains(&folded) {
                return Err(self.fail(at, SheetProblem::UsedTwice { name: name.clone() }));
            }
            seen.push(folded);
        }
        Ok(())
    }

    fn check_gear(&self) -> Result<(), Error> {
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
        Ok(())
    }

    fn check_burdens(&self) -> Result<(), Error> {
        if self.burdens.len() > MAX_TRAITS {
            return Err(self.fail(
                "burdens",
                SheetProblem::Entries {
                    count: self.burdens.len(),
                    max: MAX_TRAITS,
                },
            ));
        }
        for (i, burden) in self.burdens.iter().enumerate() {
            check_name(&burden.name).map_err(|p| self.fail(format!("burdens.{i}.name"), p))?;
            let at = format!("burdens.{}", burden.name);
            if !STATS.contains(&burden.stat.as_str()) {
                return Err(self.fail(
                    at,
                    SheetProblem::BurdenStat {
                        stat: burden.stat.clone(),
                    },
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
        Ok(())
    }

    fn check_stats_permutation(&self) -> Result<(), Error> {
        let mut values: Vec<u32> = STATS
            .iter()
            .filter_map(|s| self.stats.get(*s).map(|b| b.boxes()))
            .collect();
        values.sort_unstable();
        if values != STAT_BOXES {
            let stats = STATS
                .iter()
                .map(|s| (s.to_string(), self.stats.get(*s).map(|b| b.boxes())))
                .collect();
            return Err(self.fail(
                "stats",
                SheetProblem::StatSpread {
                    stats,
                    needed: STAT_BOXES,
                },
            ));
        }
        Ok(())
    }

    /// Keys known to the table, an elite key's prerequisites met by the sheet's traits (T10, T12).
    fn check_keys(&self, catalogue: &Catalogue) -> Result<(), Error> {
        if self.keys.is_empty() {
            return Err(self.fail("keys", SheetProblem::NoKeys { max: MAX_KEYS }));
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
                    SheetProblem::NotAKey {
                        key: key.clone(),
                        skeleton_keys: None,
                    },
                ));
            };
            if def.kind == KeyKind::Elite
                && let Err(missing) = catalogue.prerequisites_met(key, &traits)
            {
                return Err(self.fail(
                    "keys",
                    SheetProblem::Prerequisites {
                        key: key.clone(),
                        missing,
                    },
                ));
            }
        }
        Ok(())
    }

    /// Every trait unlocked by the sheet's keys or open (T1).
    fn check_unlocked(&self, catalogue: &Catalogue) -> Result<(), Error> {
        let unlocked = catalogue.unlocked_by(&self.keys);
        for t in &self.traits {
            if !unlocked.iter().any(|u| u.eq_ignore_ascii_case(&t.name)) {
                return Err(self.fail(
                    format!("traits.{}", t.name),
                    SheetProblem::NotUnlocked {
                        keys: self.keys.clone(),
                        unlocked,
                    },
                ));
            }
        }
        Ok(())
    }

    /// A new character's one skeleton key (T1).
    fn check_one_skeleton_key(&self, catalogue: &Catalogue) -> Result<(), Error> {
        match self.keys.as_slice() {
            [key] => match catalogue.key(key) {
                Some(def) if def.kind == KeyKind::Skeleton => Ok(()),
                Some(_) => Err(self.fail("keys", SheetProblem::EliteKey { key: key.clone() })),
                None => Err(self.fail(
                    "keys",
                    SheetProblem::NotAKey {
                        key: key.clone(),
                        skeleton_keys: Some(catalogue.skeleton_keys()),
                    },
                )),
            },
            keys => Err(self.fail("keys", SheetProblem::KeyCount { count: keys.len() })),
        }
    }

    /// A new character's traits: 3 to 6, exactly 10 boxes over them, none checked (T1).
    fn check_new_traits(&self) -> Result<(), Error> {
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
        self.check_fresh("traits", &self.traits)
    }

    /// A new character's two special items, with 2 boxes and 1, none checked (T1).
    fn check_new_items(&self) -> Result<(), Error> {
        let mut items: Vec<u32> = self.equipment.iter().map(|t| t.boxes).collect();
        items.sort_unstable();
        if items != NEW_EQUIPMENT_BOXES {
            return Err(self.fail(
                "equipment",
                SheetProblem::NewItems {
                    boxes: self.equipment.iter().map(|t| t.boxes).collect(),
                    needed: NEW_EQUIPMENT_BOXES,
                },
            ));
        }
        self.check_fresh("equipment", &self.equipment)
    }

    /// No box checked or coloured: a new character starts fresh (T1).
    fn check_fresh(&self, field: &str, list: &[Trait]) -> Result<(), Error> {
        match list.iter().find(|t| t.checked > 0 || t.coloured > 0) {
            Some(t) => Err(self.fail(
                format!("{field}.{}", t.name),
                SheetProblem::NotFresh {
                    checked: t.checked,
                    coloured: t.coloured,
                },
            )),
            None => Ok(()),
        }
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
