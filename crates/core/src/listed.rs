//! A system as every crate that holds one without naming it sees it ([`Listed`]), and a list of
//! them handed around as a value ([`Registry`]). `skald-systems` writes the one list of the
//! systems Skald plays (`skald_systems::REGISTRY`); the online table, the server and the pages take
//! it from there and name no system themselves.

use crate::board::Board;
use crate::game::{Game, GameError, Rules};
use crate::moves::Field;
use crate::rulings::{Ruling, Rulings};
use crate::system::System;
use serde_json::Value;

/// One system, as the rest of Skald sees it: all of it taken from the system's
/// `impl` [`System`] by [`Listed::of`].
#[derive(Debug, Clone, Copy)]
pub struct Listed {
    /// The name in scenarios, logs and the API ([`System::NAME`]).
    pub name: &'static str,
    /// The name people read ([`System::TITLE`]).
    pub title: &'static str,
    /// What the game is, in two short sentences, for the lobby ([`System::ABOUT`]).
    pub about: &'static str,
    /// The board's template and stylesheet ([`System::BOARD`]).
    pub board: Board,
    /// A new game with these options (JSON; `null` for the rulings' defaults).
    pub new_game: fn(&Value) -> Result<Box<dyn Game>, GameError>,
    /// The table options as a lobby's form fields ([`System::option_fields`]).
    pub option_fields: fn() -> Vec<Field>,
    /// Its rules page ([`System::RULINGS`]): how to play, and every ruling its texts cite.
    pub rulings: Rulings,
}

impl Listed {
    /// The entry of the system `S`.
    pub const fn of<S: System + 'static>() -> Self
    where
        S::Options: Send + Sync + 'static,
        S::State: Send + Sync + 'static,
    {
        Listed {
            name: S::NAME,
            title: S::TITLE,
            about: S::ABOUT,
            board: S::BOARD,
            new_game: Rules::<S>::boxed,
            option_fields: S::option_fields,
            rulings: S::RULINGS,
        }
    }
}

/// The systems a program plays, in the order a lobby offers them: a value the neutral crates take
/// (an online table finds its game here) instead of a list of their own.
#[derive(Debug, Clone, Copy)]
pub struct Registry {
    systems: &'static [Listed],
}

impl Registry {
    /// The registry of `systems`, in that order (each name once; `skald-systems` tests its list).
    pub const fn new(systems: &'static [Listed]) -> Self {
        Registry { systems }
    }

    /// Every system, in order.
    pub fn iter(self) -> impl Iterator<Item = &'static Listed> {
        self.systems.iter()
    }

    /// The system named `name`, if it is one of these.
    pub fn find(self, name: &str) -> Option<&'static Listed> {
        self.systems.iter().find(|s| s.name == name)
    }

    /// The names of every system, in order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        self.systems.iter().map(|s| s.name)
    }

    /// The names of every system as a reader's list, commas between them (`"a, b, c"`).
    pub fn names_listed(self) -> String {
        self.names().collect::<Vec<_>>().join(", ")
    }

    /// The system whose rules page states the ruling `code` (`"T3"`), with that ruling: a code a
    /// page may link to (`/rules/<name>#<code>`). `None` for a code no system states.
    pub fn ruling(self, code: &str) -> Option<(&'static Listed, &'static Ruling)> {
        self.systems
            .iter()
            .find_map(|s| s.rulings.find(code).map(|r| (s, r)))
    }
}
