//! [`Game`]: one system's rules behind JSON, so a table can hold any of the four systems.
//!
//! Commands and events cross this boundary as `serde_json::Value` shaped exactly as scenarios write
//! them (`{"do": "stand", ...}`); inside, each is the system's own typed command and event.

use crate::error::{Error, ErrorKind};
use serde_json::Value;
use skald_core::{Authority, DiceSource, Move, Odds, Seat, System};

/// The names of the systems a table can play, as written in a table's `system` field.
pub const SYSTEMS: [&str; 4] = ["twenty", "loqi", "chi", "freelancer"];

/// What an accepted command produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Decided {
    /// The events, as JSON, in order.
    pub events: Vec<Value>,
    /// One log line per event, in the book's terms, with every die shown.
    pub lines: Vec<String>,
}

/// One system's rules and state behind JSON. Cloning a game (`boxed_clone`) copies its state.
pub trait Game: Send + Sync {
    /// The system's name (one of [`SYSTEMS`]).
    fn system(&self) -> &'static str;
    /// The table options in force, defaults filled in.
    fn options(&self) -> Value;
    /// Who may send `command`.
    ///
    /// # Errors
    /// [`ErrorKind::BadCommand`] when `command` is not one of the system's commands.
    fn authority(&self, command: &Value) -> Result<Authority, Error>;
    /// Whether `command` commits to or reveals a secret ([`System::binds`]); `false` for one that
    /// does not parse.
    fn binds(&self, command: &Value) -> bool;
    /// Decides `command` against the current state, rolling from `dice`. Changes nothing.
    ///
    /// # Errors
    /// [`ErrorKind::BadCommand`] for a command that does not parse; [`ErrorKind::Refused`] with the
    /// system's rule error otherwise.
    fn decide(&self, command: &Value, dice: &mut dyn DiceSource) -> Result<Decided, Error>;
    /// Folds recorded events into the state.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] when an event is not one of the system's events (a damaged log).
    fn apply(&mut self, events: &[Value]) -> Result<(), Error>;
    /// The state of a new table with the same options.
    fn reset(&mut self);
    /// The moves legal now for `seat` ([`System::moves`]).
    fn moves(&self, seat: &Seat) -> Vec<Move>;
    /// The exact chances of `command` before it is rolled ([`System::odds`]); `None` when it does
    /// not roll or the system gives none.
    ///
    /// # Errors
    /// [`ErrorKind::BadCommand`] when `command` is not one of the system's commands.
    fn odds(&self, command: &Value) -> Result<Option<Odds>, Error>;
    /// The state as the system's view (the sheets, the conflict, the round...). Holds no secret.
    fn view(&self) -> Value;
    /// A copy with the same options and state.
    fn boxed_clone(&self) -> Box<dyn Game>;
}

/// A new game of `system` with `options` (JSON; `null` or `{}` for the rulings' defaults).
///
/// # Errors
/// [`ErrorKind::UnknownSystem`] or [`ErrorKind::BadOptions`].
pub fn new_game(system: &str, options: &Value) -> Result<Box<dyn Game>, Error> {
    match system {
        "twenty" => Rules::<skald_twenty::Twenty>::boxed(options),
        "loqi" => Rules::<skald_loqi::Loqi>::boxed(options),
        "chi" => Rules::<skald_chi::Chi>::boxed(options),
        "freelancer" => Rules::<skald_freelancer::Freelancer>::boxed(options),
        other => Err(ErrorKind::UnknownSystem {
            system: shorten(other),
        }
        .into()),
    }
}

struct Rules<S: System> {
    options: S::Options,
    state: S::State,
}

impl<S: System + 'static> Rules<S>
where
    S::Options: Send + Sync + 'static,
    S::State: Send + Sync + 'static,
{
    fn boxed(options: &Value) -> Result<Box<dyn Game>, Error> {
        let options: S::Options = if options.is_null() {
            S::Options::default()
        } else {
            serde_json::from_value(options.clone()).map_err(|e| ErrorKind::BadOptions {
                system: S::NAME,
                message: e.to_string(),
            })?
        };
        let state = S::initial(&options);
        Ok(Box::new(Self { options, state }))
    }

    fn command(command: &Value) -> Result<S::Command, Error> {
        serde_json::from_value(command.clone()).map_err(|e| {
            ErrorKind::BadCommand {
                system: S::NAME,
                message: e.to_string(),
            }
            .into()
        })
    }
}

impl<S: System + 'static> Game for Rules<S>
where
    S::Options: Send + Sync + 'static,
    S::State: Send + Sync + 'static,
{
    fn system(&self) -> &'static str {
        S::NAME
    }

    fn options(&self) -> Value {
        serde_json::to_value(&self.options).unwrap_or(Value::Null)
    }

    fn authority(&self, command: &Value) -> Result<Authority, Error> {
        Ok(S::authority(&Self::command(command)?))
    }

    fn binds(&self, command: &Value) -> bool {
        Self::command(command).is_ok_and(|c| S::binds(&c))
    }

    fn decide(&self, command: &Value, dice: &mut dyn DiceSource) -> Result<Decided, Error> {
        let command = Self::command(command)?;
        let events = S::decide(&self.state, &command, dice).map_err(|e| ErrorKind::Refused {
            message: e.to_string(),
        })?;
        let lines = events.iter().map(S::describe).collect();
        let events = events
            .iter()
            .map(|e| serde_json::to_value(e).map_err(|e| ErrorKind::Corrupt(e.to_string()).into()))
            .collect::<Result<_, Error>>()?;
        Ok(Decided { events, lines })
    }

    fn apply(&mut self, events: &[Value]) -> Result<(), Error> {
        let typed = events
            .iter()
            .map(|e| {
                serde_json::from_value::<S::Event>(e.clone())
                    .map_err(|e| Error::from(ErrorKind::Corrupt(e.to_string())))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut state = self.state.clone();
        for event in &typed {
            state = S::apply(state, event);
        }
        self.state = state;
        Ok(())
    }

    fn reset(&mut self) {
        self.state = S::initial(&self.options);
    }

    fn moves(&self, seat: &Seat) -> Vec<Move> {
        S::moves(&self.state, seat)
    }

    fn odds(&self, command: &Value) -> Result<Option<Odds>, Error> {
        Ok(S::odds(&self.state, &Self::command(command)?))
    }

    fn view(&self) -> Value {
        S::view(&self.state)
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(Self {
            options: self.options.clone(),
            state: self.state.clone(),
        })
    }
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
