//! A try: one d6 plus the skill against the table's target (Y2, Y3).

use crate::error::Error;
use crate::limits::{DIE, HARD_TARGET, TARGET};
use crate::model::event::Event;
use crate::model::options::Options;
use crate::model::state::{Character, State};
use skald_dice::{DiceSource, Die};

/// The total a try must reach at a table with `options` (Y3).
pub fn target(options: &Options) -> i64 {
    if options.hard { HARD_TARGET } else { TARGET }
}

/// The character `who`, or the refusal naming who is at the table.
///
/// # Errors
/// [`Error::UnknownCharacter`] when nobody called `who` is at the table.
pub fn character<'a>(state: &'a State, who: &str) -> Result<&'a Character, Error> {
    state.character(who).ok_or_else(|| Error::UnknownCharacter {
        field: "who",
        value: who.to_owned(),
        known: if state.characters.is_empty() {
            "nobody".to_owned()
        } else {
            let names: Vec<&str> = state.characters.iter().map(|c| c.name.as_str()).collect();
            names.join(", ")
        },
    })
}

/// `who` tries: one d6 from `dice` plus the skill; the target or more succeeds (Y2, Y3).
///
/// # Errors
/// `who` is not at the table; the dice give none.
pub fn attempt(state: &State, who: &str, dice: &mut dyn DiceSource) -> Result<Vec<Event>, Error> {
    let character = character(state, who)?;
    let die = dice.roll(Die::Numbered(DIE))?;
    let target = target(&state.options);
    Ok(vec![Event::Tried {
        who: character.name.clone(),
        die,
        skill: character.skill,
        target,
        success: die + i64::from(character.skill) >= target,
    }])
}
