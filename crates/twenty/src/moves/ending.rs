//! Whether a move would end the conflict in progress (T4), asked before it is sent
//! ([`skald_core::Move::confirm`]): the rules decide the command on dice that cannot change the
//! answer, and the events are thrown away.
//!
//! Whether an exchange is the last is known before its dice: the next one begins with whoever has
//! nothing left with enough unchecked boxes forced to stand (T2), and which traits those are does
//! not hang on the dice (a bring-in checks one box whatever it rolls; an item broken by a 1 or a 20
//! was already used in this conflict). Only a 1 among a bring-in's own dice changes it, forcing
//! its roller to stand (T2); so a bring-in is tried twice, on dice without a 1 and on dice that
//! start with one.

use crate::model::{Command, Event, State};
use crate::rules;
use skald_core::{DiceSource, Die, SourceError};

/// How a command would end the conflict in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Ending {
    /// It does not end it.
    Not,
    /// It ends it whatever the dice: `why`, in a clause ("nobody has anything left to bring in
    /// for exchange 4 (T2, T4)").
    Surely(String),
    /// It ends it only should a 1 come up among its own dice (a forced stand, T2).
    OnAOne,
}

/// Whether `command` would end the conflict in progress at `state`.
pub(super) fn ending(state: &State, command: &Command) -> Ending {
    let Some(conflict) = state.active_conflict() else {
        return Ending::Not;
    };
    let exchange = conflict.exchange;
    let healing = conflict.healing.is_some();
    let why = |events: &[Event]| -> Option<String> {
        if !events
            .iter()
            .any(|e| matches!(e, Event::ConflictEnded { .. }))
        {
            return None;
        }
        let began = events.iter().find_map(|e| match e {
            Event::ExchangeBegan { exchange } => Some(*exchange),
            _ => None,
        });
        let last_ended = events.iter().rev().find_map(|e| match e {
            Event::ExchangeEnded { exchange, .. } => Some(*exchange),
            _ => None,
        });
        Some(match (began, last_ended) {
            (Some(next), Some(ended)) if ended == next => format!(
                "exchange {next} begins with nothing anyone can bring in, so the best pool wins \
                 (T2, T4)"
            ),
            (None, Some(_)) if healing => {
                "a healer who stands ends a healing conflict, and the best pool wins (T8)".into()
            }
            (None, Some(_)) => format!(
                "nobody has brought in dice in exchange {exchange}, so the best pool wins (T4)"
            ),
            _ => "only one side is left in it (T4)".into(),
        })
    };
    let without_ones = rules::decide(state, command, &mut Faces::from(2)).ok();
    if let Some(why) = without_ones.as_deref().and_then(why) {
        return Ending::Surely(why);
    }
    let with_a_one = rules::decide(state, command, &mut Faces::from(1)).ok();
    if with_a_one.as_deref().and_then(why).is_some() {
        return Ending::OnAOne;
    }
    Ending::Not
}

/// A dice source for trying a command: its first face, then the faces after it up to 20 and
/// round again from 2 (never a 1 after the first draw, so a tie's roll-off always ends).
struct Faces(u32);

impl From<u32> for Faces {
    fn from(first: u32) -> Self {
        Faces(first)
    }
}

impl DiceSource for Faces {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        match die {
            Die::Numbered(0) => Err(SourceError::NoSides),
            Die::Numbered(sides) => {
                let face = self.0.min(sides);
                self.0 = if self.0 >= sides.min(20) {
                    2
                } else {
                    self.0 + 1
                };
                Ok(i64::from(face))
            }
            Die::Fate => Ok(0),
        }
    }
}
