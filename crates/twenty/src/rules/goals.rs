//! Regeneration and advancement (T10; the book's "Regeneration", "Advancement"): a minor goal
//! unchecks a box, a major goal unchecks up to ten or pays an advancement, and the GM's rest
//! unchecks what it names. Boxes regenerate outside conflicts only; coloured boxes never do (T11).

use super::checks::{living, text};
use super::log::Log;
use crate::error::Error;
use crate::limits::{MAJOR_GOAL_UNCHECK, MAX_BOXES, MAX_GOAL_CHARS, MAX_UNCHECK, THREE_BOXES};
use crate::model::{Event, Reward, State};

/// `minor_goal`: `who` achieved the minor goal `goal` and unchecks one checked box of `uncheck`
/// (T10). A goal its keys do not list is the table's own, and is flagged so in the event (T12).
///
/// # Errors
/// [`Error::TextLength`] for the goal; those of [`check_uncheck`].
pub(super) fn minor_goal(
    state: &State,
    who: &str,
    goal: &str,
    uncheck: &str,
) -> Result<Vec<Event>, Error> {
    text("goal", "the goal achieved", goal, MAX_GOAL_CHARS)?;
    check_uncheck(state, "uncheck", who, &[uncheck.to_string()])?;
    Ok(vec![Event::BoxesUnchecked {
        who: who.to_string(),
        traits: vec![uncheck.to_string()],
        reason: goal_reason(state, who, goal, false),
    }])
}

/// `major_goal`: `who` achieved the major goal `goal` and takes `reward`: up to
/// [`MAJOR_GOAL_UNCHECK`] boxes unchecked, or one advancement (T10).
///
/// # Errors
/// [`Error::TextLength`] for the goal; a reward the sheet does not allow (see [`pay`]).
pub(super) fn major_goal(
    state: &State,
    who: &str,
    goal: &str,
    reward: &Reward,
) -> Result<Vec<Event>, Error> {
    text("goal", "the goal achieved", goal, MAX_GOAL_CHARS)?;
    let mut log = Log::new(state);
    pay(&mut log, state, who, goal, reward)?;
    Ok(log.events)
}

/// `rest`: the GM grants rest, one checked box unchecked per name in `uncheck` (T10).
///
/// # Errors
/// Those of [`check_uncheck`].
pub(super) fn rest(state: &State, who: &str, uncheck: &[String]) -> Result<Vec<Event>, Error> {
    check_uncheck(state, "uncheck", who, uncheck)?;
    Ok(vec![Event::BoxesUnchecked {
        who: who.to_string(),
        traits: uncheck.to_vec(),
        reason: "rest".into(),
    }])
}

/// `who` may uncheck one box per entry of `names` (the command's field `field`) now: alive,
/// outside a conflict, 1 to [`MAX_UNCHECK`] entries, each naming a trait, stat or item with that
/// many checked boxes (T10; coloured boxes do not count, T11).
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Dead`] (T7); [`Error::UncheckCount`];
/// [`Error::InConflict`]; [`Error::NotOnSheet`] for a name it does not have;
/// [`Error::TooFewChecked`].
fn check_uncheck(
    state: &State,
    field: &'static str,
    who: &str,
    names: &[String],
) -> Result<(), Error> {
    let c = living(state, "who", who)?;
    if names.is_empty() || names.len() > MAX_UNCHECK {
        return Err(Error::UncheckCount {
            field,
            count: names.len(),
            min: 1,
            max: MAX_UNCHECK,
        });
    }
    if state
        .active_conflict()
        .is_some_and(|k| k.participant(who).is_some())
    {
        return Err(Error::InConflict {
            who: who.to_string(),
        });
    }
    for name in names {
        let Some(t) = c.rollable(name) else {
            return Err(Error::NotOnSheet {
                field,
                who: who.to_string(),
                what: "trait, stat or item",
                name: name.clone(),
                rule: "",
            });
        };
        let wanted = names.iter().filter(|n| *n == name).count() as u32;
        if wanted > t.checked {
            return Err(Error::TooFewChecked {
                field,
                who: who.to_string(),
                name: name.clone(),
                wanted,
                checked: t.checked,
                coloured: t.coloured,
            });
        }
    }
    Ok(())
}

/// What a major goal pays (T10): the boxes unchecked, or the advancement.
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Dead`] (T7); [`Error::MajorGoalUncheck`] for more than
/// [`MAJOR_GOAL_UNCHECK`] boxes; [`Error::TraitFull`] for a box on a trait at [`MAX_BOXES`];
/// [`Error::AlreadyHas`] for a key or a trait already held; [`Error::UnknownKey`];
/// [`Error::Prerequisites`] for a key whose prerequisites are not met; [`Error::NotUnlocked`] for
/// a trait not unlocked; [`Error::ThreeTraits`] for three boxes that are not on [`THREE_BOXES`]
/// different traits; [`Error::NotOnSheet`] for a trait to get a box or to swap that the sheet does
/// not have; those of [`check_uncheck`].
fn pay(log: &mut Log, state: &State, who: &str, goal: &str, reward: &Reward) -> Result<(), Error> {
    let c = living(state, "who", who)?;
    let catalogue = &state.catalogue;
    let traits: Vec<(String, u32)> = c.traits.iter().map(|t| (t.name.clone(), t.boxes)).collect();
    let unlocked = catalogue.unlocked_by(&c.keys);
    // A trait a reward writes onto the sheet (the reward's field `field`): new to it, and
    // unlocked by its keys or open (T10).
    let check_new_trait = |field: &'static str, name: &str| -> Result<(), Error> {
        if c.rollable(name).is_some() {
            return Err(Error::AlreadyHas {
                field,
                who: who.to_string(),
                what: "",
                name: name.to_string(),
            });
        }
        if !unlocked.iter().any(|u| u.eq_ignore_ascii_case(name)) {
            return Err(Error::NotUnlocked {
                field,
                name: name.to_string(),
                keys: c.keys.clone(),
            });
        }
        Ok(())
    };
    match reward {
        Reward::Uncheck(names) => {
            if names.len() > MAJOR_GOAL_UNCHECK {
                return Err(Error::MajorGoalUncheck {
                    field: "reward.uncheck",
                    count: names.len(),
                    max: MAJOR_GOAL_UNCHECK,
                });
            }
            check_uncheck(state, "reward.uncheck", who, names)?;
            log.push(Event::BoxesUnchecked {
                who: who.into(),
                traits: names.clone(),
                reason: format!("major goal: {goal}"),
            });
        }
        Reward::NewKey(key) => {
            if c.keys.iter().any(|k| k == key) {
                return Err(Error::AlreadyHas {
                    field: "reward.new_key",
                    who: who.to_string(),
                    what: "the key",
                    name: key.clone(),
                });
            }
            if catalogue.key(key).is_none() {
                return Err(Error::UnknownKey {
                    field: "reward.new_key",
                    key: key.clone(),
                });
            }
            catalogue
                .prerequisites_met(key, &traits)
                .map_err(|missing| Error::Prerequisites {
                    field: "reward.new_key",
                    key: key.clone(),
                    missing,
                })?;
            log.push(Event::KeyAdded {
                who: who.into(),
                key: key.clone(),
            });
        }
        Reward::NewTrait(name) => {
            check_new_trait("reward.new_trait", name)?;
            log.push(Event::TraitAdded {
                who: who.into(),
                trait_name: name.clone(),
            });
        }
        Reward::ThreeBoxes(names) => {
            let mut distinct = names.clone();
            distinct.sort();
            distinct.dedup();
            if names.len() != THREE_BOXES || distinct.len() != THREE_BOXES {
                return Err(Error::ThreeTraits {
                    field: "reward.three_boxes",
                    names: names.clone(),
                    wanted: THREE_BOXES,
                });
            }
            for name in names {
                match c.traits.iter().find(|t| &t.name == name) {
                    Some(t) if t.boxes >= MAX_BOXES => {
                        return Err(Error::TraitFull {
                            field: "reward.three_boxes",
                            name: name.clone(),
                            boxes: t.boxes,
                            max: MAX_BOXES,
                        });
                    }
                    Some(_) => {}
                    None => {
                        return Err(Error::NotOnSheet {
                            field: "reward.three_boxes",
                            who: who.to_string(),
                            what: "trait",
                            name: name.clone(),
                            rule: " (T10: traits get boxes)",
                        });
                    }
                }
            }
            log.push(Event::BoxesAdded {
                who: who.into(),
                traits: names.clone(),
            });
        }
        Reward::SwapTrait { old, new } => {
            if !c.traits.iter().any(|t| &t.name == old) {
                return Err(Error::NotOnSheet {
                    field: "reward.swap_trait.old",
                    who: who.to_string(),
                    what: "trait",
                    name: old.clone(),
                    rule: " to swap (T10)",
                });
            }
            check_new_trait("reward.swap_trait.new", new)?;
            log.push(Event::TraitSwapped {
                who: who.into(),
                old: old.clone(),
                new: new.clone(),
            });
        }
    }
    Ok(())
}

/// "minor goal: ..." or "major goal: ...", flagged when the goal is not one its keys list (T10; the
/// GM may accept goals of the table's own, T12).
fn goal_reason(state: &State, who: &str, goal: &str, major: bool) -> String {
    let kind = if major { "major goal" } else { "minor goal" };
    let keys = state
        .character(who)
        .map(|c| c.keys.clone())
        .unwrap_or_default();
    let listed = keys.iter().filter_map(|k| state.catalogue.key(k)).any(|k| {
        let goals = if major {
            &k.major_goals
        } else {
            &k.minor_goals
        };
        goals.iter().any(|g| {
            g.trim_end_matches('.')
                .eq_ignore_ascii_case(goal.trim_end_matches('.'))
        })
    });
    if listed {
        format!("{kind}: {goal}")
    } else {
        format!(
            "{kind}, the table's own (not listed under {}): {goal}",
            keys.join(", ")
        )
    }
}
