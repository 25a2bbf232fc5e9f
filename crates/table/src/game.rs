//! The table's way to its system: the registry the table is given ([`Registry`], which
//! `skald-systems` writes) makes the [`Game`], and the game's refusals become the table's.

use crate::error::{Error, ErrorKind};
use serde_json::Value;
use skald_core::{Game, GameError, Listed, Registry};

/// A game's refusal as the table's: [`ErrorKind::Game`], except what the table already has a
/// kind for (a damaged log is the table's log, whoever finds it; an allocation at a table that
/// seals none is a bad table action).
impl From<GameError> for Error {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Corrupt(message) => ErrorKind::Corrupt(message),
            GameError::NotSealing { .. } => ErrorKind::BadAction {
                message: e.to_string(),
            },
            other => ErrorKind::Game(other),
        }
        .into()
    }
}

/// A new game of `system`, one of `systems`, with `options` (JSON; `null` or `{}` for the
/// rulings' defaults).
///
/// # Errors
/// [`ErrorKind::UnknownSystem`] or [`ErrorKind::Game`] ([`GameError::BadOptions`]).
pub fn new_game(systems: Registry, system: &str, options: &Value) -> Result<Box<dyn Game>, Error> {
    Ok((listed(systems, system)?.new_game)(options)?)
}

/// The system named `system` in `systems`.
///
/// # Errors
/// [`ErrorKind::UnknownSystem`], naming the systems there are.
pub(crate) fn listed(systems: Registry, system: &str) -> Result<&'static Listed, Error> {
    systems.find(system).ok_or_else(|| {
        ErrorKind::UnknownSystem {
            system: shorten(system),
            known: systems.names_listed(),
        }
        .into()
    })
}

/// At most 80 characters of an input, for error messages.
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(MAX).collect();
        short.push('…');
        short
    }
}
