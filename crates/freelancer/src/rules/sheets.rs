//! Deciding sheet commands (F7, F8): enrolment, XP and AP awards, level-ups, rating changes, the
//! table's stat formulas, vocation changes, AP spending, rests and safe areas.

use super::lookup::{check_names, find, find_full};
use crate::error::Error;
use crate::limits::{
    MAX_ABILITIES, MAX_AWARD, MAX_CHARACTERS, MAX_LEVEL, MAX_POINTS, MAX_RATING, MAX_REASON,
    MAX_TEXT,
};
use crate::model::event::{Allowance, Award, Event};
use crate::model::formula::Formula;
use crate::model::number::{Number, NumberInput};
use crate::model::options::formula_names;
use crate::model::sheet::{Ability, Character, Kind, Rating, Sheet};
use crate::model::state::State;
use crate::model::vocation::{Path, Vocation};
use crate::rules::stats::{self, check_formulas};
use std::collections::BTreeMap;

/// Decides `enroll` (F8).
///
/// # Errors
/// See [`crate::Command::Enroll`].
pub fn enroll(state: &State, character: &Sheet) -> Result<Vec<Event>, Error> {
    let sheet = character.check().map_err(Error::in_sheet)?;
    if state.characters.contains_key(&sheet.name) {
        return Err(Error::AlreadyEnrolled {
            name: sheet.name.clone(),
        }
        .in_sheet());
    }
    if state.characters.len() >= MAX_CHARACTERS {
        return Err(Error::OutOfRange {
            field: "name".into(),
            value: format!(
                "{:?} (character {})",
                sheet.name,
                state.characters.len() + 1
            ),
            min: "1".into(),
            max: MAX_CHARACTERS.to_string(),
            why: "characters at one table",
        }
        .in_sheet());
    }
    check_formulas(&state.formulas, &sheet)?;
    Ok(vec![Event::Enrolled { character: sheet }])
}

/// What lets `who` change vocation or buy off-vocation abilities now: resting, else a safe area (F8).
pub fn allowance(state: &State, who: &str) -> Option<Allowance> {
    if state.resting.contains(who) {
        Some(Allowance::Rest)
    } else if state.safe_area.is_some() {
        Some(Allowance::SafeArea)
    } else {
        None
    }
}

/// The new total of XP or AP, at most 10^15.
fn total(field: &str, held: u64, more: u64, name: &str) -> Result<u64, Error> {
    let sum = u128::from(held) + u128::from(more);
    if sum > u128::from(MAX_POINTS) {
        return Err(Error::OutOfRange {
            field: field.to_owned(),
            value: format!("{more} ({name} would hold {sum})"),
            min: "0".into(),
            max: "10^15".into(),
            why: "points a sheet holds, F8",
        });
    }
    Ok(u64::try_from(sum).unwrap_or(MAX_POINTS))
}

/// Decides `award` (F8).
///
/// # Errors
/// See [`crate::Command::Award`].
pub fn award(
    state: &State,
    who: &[String],
    xp: Option<&NumberInput>,
    ap: Option<&NumberInput>,
    reason: &str,
) -> Result<Vec<Event>, Error> {
    check_names(
        state,
        "who",
        who,
        (1, crate::limits::MAX_PARTICIPANTS),
        "F8",
        "characters in one award",
    )?;
    let points = |input: Option<&NumberInput>, field: &str, why| match input {
        Some(value) => value.check_u64(field, 0, MAX_AWARD, why),
        None => Ok(0),
    };
    let xp = points(xp, "xp", "XP in one award, F8")?;
    let ap = points(ap, "ap", "AP in one award, F8")?;
    if xp == 0 && ap == 0 {
        return Err(Error::Invalid {
            field: "xp".into(),
            rule: "F8",
            message: "`xp` and `ap` are both 0 or absent, but an award gives XP, AP or both".into(),
        });
    }
    Error::check_text("reason", reason, MAX_REASON)?;
    for name in who {
        let sheet = find_full(state, "who", name, "F8", "XP and AP")?;
        total("xp", sheet.xp, xp, name)?;
        total("ap", sheet.ap, ap, name)?;
    }
    Ok(vec![Event::Awarded(Award {
        who: who.to_vec(),
        xp,
        ap,
        reason: reason.to_owned(),
    })])
}

/// Decides `level_up` (F8).
///
/// # Errors
/// See [`crate::Command::LevelUp`].
pub fn level_up(state: &State, who: &str, reason: Option<&str>) -> Result<Vec<Event>, Error> {
    let sheet = find_full(state, "who", who, "F8", "a level")?;
    if sheet.level >= MAX_LEVEL {
        return Err(Error::OutOfRange {
            field: "who".into(),
            value: format!("{who:?} (at level {})", sheet.level),
            min: "1".into(),
            max: MAX_LEVEL.to_string(),
            why: "levels, F8",
        });
    }
    if let Some(reason) = reason {
        Error::check_text("reason", reason, MAX_REASON)?;
    }
    let ap = state.options.ap_per_level;
    total("ap", sheet.ap, ap, who)?;
    let raised = Character {
        level: sheet.level + 1,
        ..sheet.clone()
    };
    check_formulas(&state.formulas, &raised)?;
    Ok(vec![Event::LeveledUp {
        who: who.to_owned(),
        level: raised.level,
        ap,
        reason: reason.map(str::to_owned),
    }])
}

/// Decides `set_rating` (F8).
///
/// # Errors
/// See [`crate::Command::SetRating`].
pub fn set_rating(
    state: &State,
    who: &str,
    rating: Rating,
    value: &NumberInput,
    reason: &str,
) -> Result<Vec<Event>, Error> {
    let sheet = find(state, "who", who)?;
    let value = value.check("value", 0, MAX_RATING, "a rating, F8")?;
    Error::check_text("reason", reason, MAX_REASON)?;
    let mut changed = sheet.clone();
    changed.ratings.insert(rating, Number(value));
    check_formulas(&state.formulas, &changed)?;
    Ok(vec![Event::RatingSet {
        who: who.to_owned(),
        rating,
        value: Number(value),
        was: sheet.ratings.get(&rating).copied(),
        reason: reason.to_owned(),
    }])
}

/// Decides `set_formula` (F5, F8).
///
/// # Errors
/// See [`crate::Command::SetFormula`].
pub fn set_formula(
    state: &State,
    stat: Rating,
    formula: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let invalid = |field: &str, rule, message: String| Error::Invalid {
        field: field.to_owned(),
        rule,
        message,
    };
    if stat.is_attribute() {
        return Err(invalid(
            "stat",
            "F8",
            format!(
                "`stat` is \"{stat}\", but {} is an attribute: formulas compute stats from the \
                 attributes",
                stat.spelled_out()
            ),
        ));
    }
    let was = state.formulas.get(&stat).cloned();
    let parsed = match formula {
        None if was.is_none() => {
            return Err(invalid(
                "formula",
                "F8",
                format!("`formula` is left out, but {stat} has no formula to take away"),
            ));
        }
        None => None,
        Some(text) => {
            let parsed = Formula::parse(text).map_err(|e| {
                invalid(
                    "formula",
                    "F8",
                    format!("`formula` is {text:?}, which does not read {e}"),
                )
            })?;
            if let Some((variable, position)) = parsed.foreign_name(stat) {
                return Err(invalid(
                    "formula",
                    "F8",
                    format!(
                        "`formula` is {text:?}, but it names {} at character {position}, and {stat} \
                         is affected by {} only (freelancer.txt, Stats)",
                        variable.name(),
                        formula_names(stat).join(" ")
                    ),
                ));
            }
            if was.as_ref().map(Formula::source) == Some(parsed.source()) {
                return Err(invalid(
                    "formula",
                    "F8",
                    format!("`formula` is {text:?}, which is {stat}'s formula already"),
                ));
            }
            Some(parsed)
        }
    };
    let mut formulas = state.formulas.clone();
    match &parsed {
        Some(f) => formulas.insert(stat, f.clone()),
        None => formulas.remove(&stat),
    };
    for sheet in state.characters.values() {
        check_formulas(&formulas, sheet).map_err(|e| match e {
            Error::Formula {
                name,
                stat,
                formula,
                problem,
            } => invalid(
                "formula",
                "F8",
                format!("`formula` is {formula:?}, which cannot give {name}'s {stat}: {problem}"),
            ),
            other => other,
        })?;
    }
    if let Some(scene) = &state.scene {
        for who in &scene.participants {
            let Some(sheet) = state.characters.get(who) else {
                continue;
            };
            if !matches!(stats::value(&formulas, sheet, Rating::Spd), Some(Ok(_))) {
                let now = parsed
                    .as_ref()
                    .map_or_else(|| "left out".to_owned(), |f| format!("{:?}", f.source()));
                return Err(invalid(
                    "formula",
                    "F5",
                    format!(
                        "`formula` is {now}, which would leave {who} without SPD in the event {:?} \
                         under way, and initiative is scaled to SPD",
                        scene.name
                    ),
                ));
            }
        }
    }
    Ok(vec![Event::FormulaSet {
        stat,
        formula: parsed,
        was,
    }])
}

/// Decides `change_vocation` (F8).
///
/// # Errors
/// See [`crate::Command::ChangeVocation`].
pub fn change_vocation(state: &State, who: &str, vocation: &str) -> Result<Vec<Event>, Error> {
    let sheet = find_full(state, "who", who, "F8", "a vocation")?;
    let to = parse_vocation("vocation", vocation)?;
    if sheet.vocation == Some(to) {
        return Err(Error::Invalid {
            field: "vocation".into(),
            rule: "F8",
            message: format!("`vocation` is {:?}, but {who} is a {to} already", vocation),
        });
    }
    let at = allowance(state, who).ok_or_else(|| Error::NotAtRest {
        who: who.to_owned(),
    })?;
    Ok(vec![Event::VocationChanged {
        who: who.to_owned(),
        from: sheet.vocation,
        to,
        at,
    }])
}

/// Decides `spend_ap` (F7, F8).
///
/// # Errors
/// See [`crate::Command::SpendAp`].
pub fn spend_ap(
    state: &State,
    who: &str,
    ability: &str,
    path: &str,
    cost: &NumberInput,
) -> Result<Vec<Event>, Error> {
    let sheet = find_full(state, "who", who, "F8", "AP")?;
    Error::check_text("ability", ability, MAX_TEXT)?;
    let path = parse_path("path", path)?;
    let cost = cost.check_u64("cost", 1, MAX_AWARD, "an ability's cost in AP, F8")?;
    if cost > sheet.ap {
        return Err(Error::Invalid {
            field: "cost".into(),
            rule: "F8",
            message: format!("`cost` is {cost}, but {who} has {} AP", sheet.ap),
        });
    }
    let learned = Ability {
        name: ability.trim().to_owned(),
        path,
    };
    if sheet.abilities.contains(&learned) {
        return Err(Error::Invalid {
            field: "ability".into(),
            rule: "F8",
            message: format!(
                "`ability` is {:?} ({path}), but {who} has learned it already",
                learned.name
            ),
        });
    }
    if sheet.abilities.len() >= MAX_ABILITIES {
        return Err(Error::OutOfRange {
            field: "ability".into(),
            value: format!("{:?} (ability {})", learned.name, sheet.abilities.len() + 1),
            min: "1".into(),
            max: MAX_ABILITIES.to_string(),
            why: "abilities on one sheet",
        });
    }
    if let Some(scene) = &state.scene {
        let declared = scene
            .round
            .as_ref()
            .is_some_and(|round| round.total_actions.iter().any(|n| n == who));
        if !declared {
            return Err(Error::Invalid {
                field: "who".into(),
                rule: "F7",
                message: format!(
                    "`who` is {who:?}, but during the event {:?} buying an ability is a Total Action, \
                     and {who} has none this round: declare one before the round's initiative",
                    scene.name
                ),
            });
        }
    }
    let on_path = path == Path::General || sheet.vocation.map(Path::Vocation) == Some(path);
    let at = if on_path {
        None
    } else {
        let current = sheet
            .vocation
            .map_or_else(|| "none".to_owned(), |v| v.to_string());
        Some(
            allowance(state, who).ok_or_else(|| Error::Invalid {
                field: "path".into(),
                rule: "F8",
                message: format!(
                    "`path` is \"{path}\", but outside a rest or a safe area {who} can spend AP only on \
                     General abilities and those of the current vocation ({current})"
                ),
            })?,
        )
    };
    Ok(vec![Event::ApSpent {
        who: who.to_owned(),
        ability: learned,
        cost,
        ap_left: sheet.ap - cost,
        at,
    }])
}

/// Decides `rest` (F8).
///
/// # Errors
/// See [`crate::Command::Rest`].
pub fn rest(state: &State, who: Option<&[String]>) -> Result<Vec<Event>, Error> {
    if let Some(scene) = &state.scene {
        return Err(Error::Refused {
            rule: "F8",
            message: format!(
                "the event {:?} is under way, and no one rests in the middle of one: end it first \
                 (`end_event`)",
                scene.name
            ),
        });
    }
    let who: Vec<String> = match who {
        Some(names) => {
            check_names(
                state,
                "who",
                names,
                (1, MAX_CHARACTERS),
                "F8",
                "characters resting",
            )?;
            for name in names {
                find_full(state, "who", name, "F8", "a rest")?;
                if state.resting.contains(name) {
                    return Err(Error::Invalid {
                        field: "who".into(),
                        rule: "F8",
                        message: format!("`who` names {name:?}, who is resting already"),
                    });
                }
            }
            names.to_vec()
        }
        None => state
            .characters
            .values()
            .filter(|s| s.kind.is_full() && !state.resting.contains(&s.name))
            .map(|s| s.name.clone())
            .collect(),
    };
    if who.is_empty() {
        return Err(Error::Refused {
            rule: "F8",
            message:
                "`who` is not given, and every character with a full sheet is resting already \
                      (or there is none)"
                    .into(),
        });
    }
    Ok(vec![Event::Rested { who }])
}

/// Decides `end_rest` (F8).
///
/// # Errors
/// See [`crate::Command::EndRest`].
pub fn end_rest(state: &State, who: Option<&[String]>) -> Result<Vec<Event>, Error> {
    let who: Vec<String> = match who {
        Some(names) => {
            check_names(
                state,
                "who",
                names,
                (1, MAX_CHARACTERS),
                "F8",
                "characters ending a rest",
            )?;
            if let Some(name) = names.iter().find(|n| !state.resting.contains(*n)) {
                return Err(Error::Invalid {
                    field: "who".into(),
                    rule: "F8",
                    message: format!("`who` names {name:?}, who is not resting"),
                });
            }
            names.to_vec()
        }
        None => state.resting.iter().cloned().collect(),
    };
    if who.is_empty() {
        return Err(Error::Refused {
            rule: "F8",
            message: "no one is resting".into(),
        });
    }
    Ok(vec![Event::RestEnded { who }])
}

/// Decides `enter_safe_area` (F8).
///
/// # Errors
/// See [`crate::Command::EnterSafeArea`].
pub fn enter_safe_area(state: &State, place: &str) -> Result<Vec<Event>, Error> {
    Error::check_text("place", place, MAX_TEXT)?;
    if let Some(current) = &state.safe_area {
        return Err(Error::Invalid {
            field: "place".into(),
            rule: "F8",
            message: format!(
                "`place` is {place:?}, but the party is in the safe area {current:?} already: leave \
                 it first (`leave_safe_area`)"
            ),
        });
    }
    Ok(vec![Event::SafeAreaEntered {
        place: place.to_owned(),
    }])
}

/// Decides `leave_safe_area` (F8).
///
/// # Errors
/// See [`crate::Command::LeaveSafeArea`].
pub fn leave_safe_area(state: &State) -> Result<Vec<Event>, Error> {
    match &state.safe_area {
        Some(place) => Ok(vec![Event::SafeAreaLeft {
            place: place.clone(),
        }]),
        None => Err(Error::Refused {
            rule: "F8",
            message: "the party is not in a safe area".into(),
        }),
    }
}

impl Sheet {
    /// Checks every field and gives the sheet the table keeps.
    ///
    /// # Errors
    /// [`Error::TextLength`] for a blank or long name or ability; [`Error::OutOfRange`]
    /// or [`Error::NotANumber`] for a level, XP, AP or rating outside its range (field
    /// `ratings.LFT` and so on); [`Error::Invalid`] (F8) for an unknown vocation or path, an
    /// ability listed twice, too many abilities, or an Encounter Sheet carrying level, XP, AP, a
    /// vocation or abilities.
    pub fn check(&self) -> Result<Character, Error> {
        Error::check_text("name", &self.name, MAX_TEXT)?;
        if self.kind == Kind::Encounter {
            let extras = [
                ("level", self.level.is_some()),
                ("xp", self.xp.is_some()),
                ("ap", self.ap.is_some()),
                ("vocation", self.vocation.is_some()),
                ("abilities", !self.abilities.is_empty()),
            ];
            if let Some((field, _)) = extras.iter().find(|(_, given)| *given) {
                return Err(Error::Invalid {
                    field: (*field).to_owned(),
                    rule: "F8",
                    message: format!(
                        "`{field}` is given, but {} has an Encounter Sheet (kind = \"encounter\"), which \
                         holds ratings only; give the NPC a full sheet (kind = \"npc\") to track {field}",
                        self.name
                    ),
                });
            }
        }
        let level = match &self.level {
            Some(level) => level.check_u64("level", 1, MAX_LEVEL, "the character's level, F8")?,
            None => 1,
        };
        let points = |input: &Option<NumberInput>, field: &str, why: &'static str| match input {
            Some(value) => value.check_u64(field, 0, MAX_POINTS, why),
            None => Ok(0),
        };
        let xp = points(&self.xp, "xp", "experience points, F8")?;
        let ap = points(&self.ap, "ap", "ability points, F8")?;
        let vocation = self
            .vocation
            .as_deref()
            .map(|name| parse_vocation("vocation", name))
            .transpose()?;
        let mut ratings = BTreeMap::new();
        for (rating, value) in &self.ratings {
            let value = value.check(rating.field(), 0, MAX_RATING, "a rating on the sheet, F8")?;
            ratings.insert(*rating, Number(value));
        }
        if self.abilities.len() > MAX_ABILITIES {
            return Err(Error::OutOfRange {
                field: "abilities".into(),
                value: format!("a list of {}", self.abilities.len()),
                min: "0".into(),
                max: MAX_ABILITIES.to_string(),
                why: "abilities on one sheet",
            });
        }
        let mut abilities: Vec<Ability> = Vec::with_capacity(self.abilities.len());
        for (i, ability) in self.abilities.iter().enumerate() {
            Error::check_text(&format!("abilities[{i}].name"), &ability.name, MAX_TEXT)?;
            let path = parse_path(&format!("abilities[{i}].path"), &ability.path)?;
            let learned = Ability {
                name: ability.name.trim().to_owned(),
                path,
            };
            if abilities.contains(&learned) {
                return Err(Error::Invalid {
                    field: format!("abilities[{i}].name"),
                    rule: "F8",
                    message: format!(
                        "`abilities[{i}]` lists {} ({}) a second time; an ability is learned once",
                        learned.name, learned.path
                    ),
                });
            }
            abilities.push(learned);
        }
        Ok(Character {
            name: self.name.clone(),
            kind: self.kind,
            level,
            xp,
            ap,
            vocation,
            ratings,
            abilities,
        })
    }
}

/// Reads a vocation's name for `field`.
///
/// # Errors
/// [`Error::Invalid`] (F8) naming the field, the value and the eight vocations.
pub fn parse_vocation(field: &str, name: &str) -> Result<Vocation, Error> {
    Vocation::from_name(name).ok_or_else(|| Error::Invalid {
        field: field.to_owned(),
        rule: "F8",
        message: format!(
            "`{field}` is {name:?}, but the vocations are {}",
            Vocation::names()
        ),
    })
}

/// Reads an ability path (`"general"` or a vocation) for `field`.
///
/// # Errors
/// [`Error::Invalid`] (F8) naming the field, the value and what is allowed.
pub fn parse_path(field: &str, name: &str) -> Result<Path, Error> {
    Path::from_name(name).ok_or_else(|| Error::Invalid {
        field: field.to_owned(),
        rule: "F8",
        message: format!(
            "`{field}` is {name:?}, but an ability's path is \"general\" or a vocation ({})",
            Vocation::names()
        ),
    })
}
