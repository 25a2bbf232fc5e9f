//! [`Game`]: one system's rules behind JSON, so that a table, a scenario or a page can hold any
//! system without naming it. [`Rules`] makes a [`Game`] of any [`System`]; the registry
//! (`crates/systems`) lists which systems there are.
//!
//! Commands and events cross this boundary as `serde_json::Value` shaped exactly as scenarios write
//! them (`{"do": "stand", ...}`); inside, each is the system's own typed command and event.

use crate::{Authority, DiceSource, Move, Odds, Problem, Seat, System};
use serde_json::Value;

/// What an accepted command produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Decided {
    /// The events, as JSON, in order.
    pub events: Vec<Value>,
    /// One log line per event, in the book's terms, with every die shown.
    pub lines: Vec<String>,
}

/// Why a [`Game`] refused something. Messages name the field, the value and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The options do not fit the system.
    #[error("the table's options do not fit {system}: {}", problem.option_words(system))]
    BadOptions {
        /// The system's title.
        system: &'static str,
        /// What the parser found wrong.
        problem: Problem,
    },
    /// A command that is not one of the system's (an unknown `do`, a missing or unknown field, a
    /// value of the wrong kind), said in words ([`Problem::words`]); a table words it by the
    /// seat's forms ([`crate::Forms::word_problem`]).
    #[error("{}", problem.words(title))]
    BadCommand {
        /// The system's name ([`System::NAME`]).
        system: &'static str,
        /// The system's title, as people read it ([`System::TITLE`]).
        title: &'static str,
        /// What the parser found wrong.
        problem: Problem,
        /// The field the parser named, when it named one (`"who"`; its name, not its path).
        field: Option<String>,
    },
    /// The rules refused the command.
    #[error("{message}")]
    Refused {
        /// The system's rule error, as its message.
        message: String,
        /// The refusal as data ([`System::refusal`]): its kind, and the command's field it is
        /// about as a dotted path (`"spend"`, `"character.traits"`) when it is about one.
        refusal: crate::Refusal,
    },
    /// An event that is not one of the system's (a damaged log).
    #[error("{0}")]
    Corrupt(String),
    /// A sealed allocation at a table whose system seals none ([`System::seal`]).
    #[error(
        "a secret allocation is a move of a game with secret rolls, and this table plays {system}"
    )]
    NotSealing {
        /// The system's title.
        system: &'static str,
    },
}

impl GameError {
    /// The command's field this refusal is about, as a dotted path, when it is about one: a form
    /// shows the refusal beside that field.
    pub fn field(&self) -> Option<&str> {
        match self {
            GameError::BadCommand { field, .. } => field.as_deref(),
            GameError::Refused { refusal, .. } => refusal.field.as_deref(),
            _ => None,
        }
    }

    /// The rules' refusal as data ([`crate::Refusal`]), for a command the rules refused.
    pub fn refusal(&self) -> Option<&crate::Refusal> {
        match self {
            GameError::Refused { refusal, .. } => Some(refusal),
            _ => None,
        }
    }

    /// What the parser found wrong, for a command that did not parse.
    pub fn problem(&self) -> Option<&Problem> {
        match self {
            GameError::BadCommand { problem, .. } | GameError::BadOptions { problem, .. } => {
                Some(problem)
            }
            _ => None,
        }
    }

    /// The machine-readable name of what is wrong, for scripts: [`Problem::code`] for a command
    /// that did not parse, [`crate::RefusalKind::code`] for one the rules refused; `None`
    /// otherwise.
    pub fn code(&self) -> Option<&'static str> {
        match self {
            GameError::Refused { refusal, .. } => Some(refusal.kind.code()),
            _ => self.problem().map(Problem::code),
        }
    }

    /// The system's title, for a command that did not parse.
    pub fn title(&self) -> Option<&'static str> {
        match self {
            GameError::BadCommand { title, .. } => Some(title),
            _ => None,
        }
    }

    fn refused<S: System>(error: &S::Error) -> Self {
        GameError::Refused {
            message: error.to_string(),
            refusal: S::refusal(error),
        }
    }
}

/// One system's rules and state behind JSON. Cloning a game (`boxed_clone`) copies its state.
pub trait Game: Send + Sync {
    /// The system's name ([`System::NAME`]).
    fn system(&self) -> &'static str;
    /// The table options in force, defaults filled in.
    fn options(&self) -> Value;
    /// Who may send `command`.
    ///
    /// # Errors
    /// [`GameError::BadCommand`] when `command` is not one of the system's commands.
    fn authority(&self, command: &Value) -> Result<Authority, GameError>;
    /// Whether `command` commits to or reveals a secret ([`System::binds`]); `false` for one that
    /// does not parse.
    fn binds(&self, command: &Value) -> bool;
    /// Decides `command` against the current state, rolling from `dice`. Changes nothing.
    ///
    /// # Errors
    /// [`GameError::BadCommand`] for a command that does not parse; [`GameError::Refused`] with the
    /// system's rule error otherwise.
    fn decide(&self, command: &Value, dice: &mut dyn DiceSource) -> Result<Decided, GameError>;
    /// Folds recorded events into the state.
    ///
    /// # Errors
    /// [`GameError::Corrupt`] when an event is not one of the system's events (a damaged log).
    fn apply(&mut self, events: &[Value]) -> Result<(), GameError>;
    /// The state of a new table with the same options.
    fn reset(&mut self);
    /// The moves legal now for `seat` ([`System::moves`]).
    fn moves(&self, seat: &Seat) -> Vec<Move>;
    /// The parts of a command that wait for someone other than its sender
    /// ([`System::parts`]).
    ///
    /// # Errors
    /// [`GameError::BadCommand`] when it is not one of the system's commands.
    fn parts(&self, command: &Value) -> Result<Vec<crate::Part>, GameError>;
    /// The command as the system writes it back (every field spelled out: a Chi character line
    /// becomes its fields), so parts can be set at their paths.
    ///
    /// # Errors
    /// [`GameError::BadCommand`] when it is not one of the system's commands.
    fn normalize(&self, command: &Value) -> Result<Value, GameError>;
    /// The exact chances of `command` before it is rolled ([`System::odds`]); `None` when it does
    /// not roll or the system gives none.
    ///
    /// # Errors
    /// [`GameError::BadCommand`] when `command` is not one of the system's commands.
    fn odds(&self, command: &Value) -> Result<Option<Odds>, GameError>;
    /// The advice beyond the roll of `command` ([`System::advice`]): for pages only, never
    /// recorded; may take up to about 200 ms.
    ///
    /// # Errors
    /// [`GameError::BadCommand`] when `command` is not one of the system's commands.
    fn advice(&self, command: &Value) -> Result<Option<Odds>, GameError>;
    /// The advice for `who` putting `spend` dice in the open secret roll
    /// ([`System::allocation_advice`]); `None` when the system seals nothing or `who` has no such
    /// allocation to make now.
    fn allocation_advice(&self, who: &str, spend: u32) -> Option<Odds>;
    /// The state as the system's view (the sheets, the conflict, the round...). Holds no secret.
    fn view(&self) -> Value;
    /// The command that commits `spend` dice of `who` now, sealed with `salt` ([`System::seal`]).
    ///
    /// # Errors
    /// [`GameError::NotSealing`] when the system seals nothing; [`GameError::Refused`] when the
    /// rules do not offer this allocation now.
    fn seal(&self, who: &str, spend: u32, salt: &str) -> Result<Value, GameError>;
    /// The character `command` reveals for, when it is a reveal sent without what was sealed
    /// ([`System::bare_reveal`]), for the table to fill in from its secret.
    fn bare_reveal(&self, command: &Value) -> Option<String>;
    /// The command that reveals `spend` and `salt` for `who` ([`System::reveal`]); `None` when
    /// the system seals nothing.
    fn reveal(&self, who: &str, spend: u32, salt: &str) -> Option<Value>;
    /// The episodes `events` (a session's accepted commands' events, in log order) make, for a
    /// report's summary ([`System::chronicle`], with this game's options).
    ///
    /// # Errors
    /// [`GameError::Corrupt`] when an event is not one of the system's events (a damaged log).
    /// The default (a game that is no [`System`]'s, such as a test's): none.
    fn chronicle(&self, _events: &[Value]) -> Result<Vec<crate::Episode>, GameError> {
        Ok(Vec::new())
    }
    /// A copy with the same options and state.
    fn boxed_clone(&self) -> Box<dyn Game>;
}

/// A [`Game`] of the system `S`: its options and its state.
pub struct Rules<S: System> {
    options: S::Options,
    state: S::State,
}

impl<S: System + 'static> Rules<S>
where
    S::Options: Send + Sync + 'static,
    S::State: Send + Sync + 'static,
{
    /// A new game with `options` (JSON; `null` for the rulings' defaults).
    ///
    /// # Errors
    /// [`GameError::BadOptions`] when `options` are not `S`'s.
    pub fn boxed(options: &Value) -> Result<Box<dyn Game>, GameError> {
        let options: S::Options = if options.is_null() {
            S::Options::default()
        } else {
            crate::read_json(options).map_err(|problem| GameError::BadOptions {
                system: S::TITLE,
                problem,
            })?
        };
        let state = S::initial(&options);
        Ok(Box::new(Self { options, state }))
    }

    fn command(command: &Value) -> Result<S::Command, GameError> {
        crate::read_json(command).map_err(|problem| {
            let problem = problem.about(command);
            GameError::BadCommand {
                system: S::NAME,
                title: S::TITLE,
                field: problem.field().map(str::to_owned),
                problem,
            }
        })
    }

    fn events(events: &[Value]) -> Result<Vec<S::Event>, GameError> {
        events
            .iter()
            .map(|e| {
                serde_json::from_value::<S::Event>(e.clone())
                    .map_err(|e| GameError::Corrupt(e.to_string()))
            })
            .collect()
    }

    fn json(command: &S::Command) -> Result<Value, GameError> {
        serde_json::to_value(command).map_err(|e| GameError::Corrupt(e.to_string()))
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

    fn authority(&self, command: &Value) -> Result<Authority, GameError> {
        Ok(S::authority(&Self::command(command)?))
    }

    fn binds(&self, command: &Value) -> bool {
        Self::command(command).is_ok_and(|c| S::binds(&c))
    }

    fn decide(&self, command: &Value, dice: &mut dyn DiceSource) -> Result<Decided, GameError> {
        let command = Self::command(command)?;
        let events =
            S::decide(&self.state, &command, dice).map_err(|e| GameError::refused::<S>(&e))?;
        let lines = events.iter().map(S::describe).collect();
        let events = events
            .iter()
            .map(|e| serde_json::to_value(e).map_err(|e| GameError::Corrupt(e.to_string())))
            .collect::<Result<_, _>>()?;
        Ok(Decided { events, lines })
    }

    fn apply(&mut self, events: &[Value]) -> Result<(), GameError> {
        let typed = Self::events(events)?;
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

    fn parts(&self, command: &Value) -> Result<Vec<crate::Part>, GameError> {
        Ok(S::parts(&self.state, &Self::command(command)?))
    }

    fn normalize(&self, command: &Value) -> Result<Value, GameError> {
        Self::json(&Self::command(command)?)
    }

    fn moves(&self, seat: &Seat) -> Vec<Move> {
        S::moves(&self.state, seat)
    }

    fn odds(&self, command: &Value) -> Result<Option<Odds>, GameError> {
        Ok(S::odds(&self.state, &Self::command(command)?))
    }

    fn advice(&self, command: &Value) -> Result<Option<Odds>, GameError> {
        Ok(S::advice(&self.state, &Self::command(command)?))
    }

    fn allocation_advice(&self, who: &str, spend: u32) -> Option<Odds> {
        S::allocation_advice(&self.state, who, spend)
    }

    fn view(&self) -> Value {
        S::view(&self.state)
    }

    fn seal(&self, who: &str, spend: u32, salt: &str) -> Result<Value, GameError> {
        match S::seal(&self.state, who, spend, salt) {
            None => Err(GameError::NotSealing { system: S::TITLE }),
            Some(Err(e)) => Err(GameError::refused::<S>(&e)),
            Some(Ok(command)) => Self::json(&command),
        }
    }

    fn bare_reveal(&self, command: &Value) -> Option<String> {
        S::bare_reveal(command)
    }

    fn reveal(&self, who: &str, spend: u32, salt: &str) -> Option<Value> {
        S::reveal(who, spend, salt).and_then(|c| Self::json(&c).ok())
    }

    fn chronicle(&self, events: &[Value]) -> Result<Vec<crate::Episode>, GameError> {
        Ok(S::chronicle(&self.options, &Self::events(events)?))
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(Self {
            options: self.options.clone(),
            state: self.state.clone(),
        })
    }
}
