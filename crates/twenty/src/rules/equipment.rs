//! Special equipment (T9; the book's "Equipment"): an item breaks on its user's 1, or an opponent's
//! 20 in the exchange it was brought in (when the table plays equipment breaking); a broken item is
//! repaired by the `repair` command.

use super::checks::living;
use super::log::Log;
use crate::error::Error;
use crate::model::{BreakCause, Event, State};

/// `repair`: `who` mends its broken special item `item` (T9 is silent on how; the story does it).
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Dead`] for a dead owner (T7); [`Error::NotBroken`];
/// [`Error::NotOnSheet`] for an item that is not one of its special items.
pub(super) fn repair(state: &State, who: &str, item: &str) -> Result<Vec<Event>, Error> {
    let c = living(state, "who", who)?;
    match c.equipment.iter().find(|t| t.name == item) {
        Some(t) if t.broken => Ok(vec![Event::ItemRepaired {
            who: who.to_string(),
            item: item.to_string(),
        }]),
        Some(_) => Err(Error::NotBroken {
            who: who.to_string(),
            item: item.to_string(),
        }),
        None => Err(Error::NotOnSheet {
            field: "item",
            who: who.to_string(),
            what: "special item",
            name: item.to_string(),
            rule: "",
        }),
    }
}

/// T9: an item breaks on its user's 1, or an opponent's 20 in the exchange it was brought in (an
/// ally's 20 breaks nothing: allies are one side, T13).
pub(super) fn breakage(
    log: &mut Log,
    who: &str,
    trait_name: &str,
    exchange: u32,
    is_item: bool,
    one: bool,
    twenty: bool,
) {
    if is_item && one {
        log.push(Event::ItemBroke {
            who: who.into(),
            item: trait_name.into(),
            cause: BreakCause::RolledOne,
        });
    }
    let Some(conflict) = log.conflict() else {
        return;
    };
    let mut breaks = Vec::new();
    if is_item && !one {
        // An opponent's 20 earlier in this exchange breaks it too.
        let by = conflict.participants.iter().find(|p| {
            conflict.opponents(who, &p.who)
                && p.rolls
                    .iter()
                    .any(|(x, dice)| *x == exchange && dice.contains(&20))
        });
        if let Some(by) = by {
            breaks.push((who.to_string(), trait_name.to_string(), by.who.clone()));
        }
    }
    if twenty {
        for p in conflict
            .participants
            .iter()
            .filter(|p| conflict.opponents(who, &p.who))
        {
            let Some(owner) = log.state.character(&p.who) else {
                continue;
            };
            // `used` and `rolls` grow together, one entry per bring-in.
            for (item, (x, _)) in p.used.iter().zip(&p.rolls) {
                let unbroken_item = owner.equipment.iter().any(|t| &t.name == item && !t.broken);
                if *x == exchange && unbroken_item {
                    breaks.push((p.who.clone(), item.clone(), who.to_string()));
                }
            }
        }
    }
    for (owner, item, by) in breaks {
        log.push(Event::ItemBroke {
            who: owner,
            item,
            cause: BreakCause::OpponentRolledTwenty(by),
        });
    }
}
