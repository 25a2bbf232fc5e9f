//! The odds of a command taken off the table: [`Table::odds_question`] copies what they need
//! (the game's state, the command with a request's answer merged in, the seq it stands at) at
//! once, and [`OddsQuestion::answer`] works them out later, anywhere, however long that takes.
//! A live table's task hands out the question and never answers it itself (skald-server
//! `live.rs`): a simulation's odds take up to ~200 ms (issue 32), which would hold up every other
//! seat's actions at that table.

use crate::action::{Action, TableAction};
use crate::error::Error;
use crate::record::Actor;
use crate::table::Table;
use serde_json::Value;
use skald_core::{Game, Odds};

/// The odds of one command at one state of a table, not worked out yet. Owns a copy of the
/// game (its options and state: a few sheets, never the log), so it outlives the table's next
/// record and moves to another thread (`Send`).
pub struct OddsQuestion {
    game: Box<dyn Game>,
    asked: Asked,
    seq: u64,
    /// The table option: a player's command sets the GM's numbers itself.
    players_set_gm_numbers: bool,
}

/// What the odds are asked of: a system command, or the table's `allocate` (a sealed choice of
/// dice, RULINGS C4), which has no odds of its own (its form's choices show each allocation's
/// chance) but has advice ([`skald_core::System::allocation_advice`]).
enum Asked {
    Command(Value),
    Allocation { who: String, spend: u32 },
}

impl std::fmt::Debug for OddsQuestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OddsQuestion")
            .field("system", &self.game.system())
            .field("seq", &self.seq)
            .finish_non_exhaustive()
    }
}

impl OddsQuestion {
    /// The seq of the table's last record when the question was taken (0 for none): the state
    /// the answer is about.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The chances of the command at that state, as [`Table::odds`] would have answered then
    /// (`None` when it does not roll or the system gives none). May take as long as the system's
    /// odds do: run it off any task that others wait on.
    ///
    /// # Errors
    /// [`crate::ErrorKind::Game`] ([`skald_core::GameError::BadCommand`]).
    pub fn answer(&self) -> Result<Option<Odds>, Error> {
        match &self.asked {
            Asked::Command(command) => Ok(self.game.odds(command)?),
            Asked::Allocation { .. } => Ok(None),
        }
    }

    /// The advice beyond the roll of the command at that state ([`skald_core::System::advice`]),
    /// as `reader` may read it: for the page only, never recorded; may take up to about 200 ms.
    /// A proposal that writes the GM's numbers (a chance with a [`skald_core::Fill`]: a
    /// Difficulty, an NPC's pool, the GM's outcome's impact) is the GM's: a player reads none
    /// unless the table lets players set the GM's numbers, and no advice when nothing else is
    /// left ("The GM's numbers are the GM's": a player was offered an easy Difficulty to take).
    ///
    /// # Errors
    /// As [`OddsQuestion::answer`].
    pub fn advice(&self, reader: Actor) -> Result<Option<Odds>, Error> {
        let advice = match &self.asked {
            Asked::Command(command) => self.game.advice(command)?,
            Asked::Allocation { who, spend } => self.game.allocation_advice(who, *spend),
        };
        if reader == Actor::Gm || self.players_set_gm_numbers {
            return Ok(advice);
        }
        Ok(advice.and_then(|mut odds| {
            odds.chances.retain(|c| c.fill.is_none());
            (!odds.chances.is_empty()).then_some(odds)
        }))
    }
}

impl Table {
    /// The odds of `command` as a question to answer later ([`OddsQuestion`]): a request's
    /// answer is merged into the command it answers now, as [`Table::odds`] does; an `allocate`
    /// asks for its advice only. Cheap: a copy of the game's state, no odds worked out.
    pub fn odds_question(&self, command: &Value) -> OddsQuestion {
        let asked = match Action::from_json(command.clone()) {
            Ok(Action::Table(TableAction::Allocate { who, spend })) => {
                Asked::Allocation { who, spend }
            }
            _ => Asked::Command(
                self.answer_command(command)
                    .unwrap_or_else(|| command.clone()),
            ),
        };
        OddsQuestion {
            game: self.game().boxed_clone(),
            asked,
            seq: self.last_seq(),
            players_set_gm_numbers: self.players_set_gm_numbers(),
        }
    }
}
