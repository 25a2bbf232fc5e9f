//! Checking an action without taking it: what a form asks as it changes ("would the table take
//! this?"), so a refusal shows beside the field it names before anything is sent.
//!
//! A check draws no die and records nothing: the rules run with a dice source that withholds every
//! die, so a command that gets as far as its dice has passed every rule that comes before them,
//! and nothing a check answers depends on dice the table will roll (docs/fairness.md).

use crate::action::{Action, TableAction};
use crate::error::Error;
use crate::record::Actor;
use crate::table::Table;
use skald_core::{DiceSource, Die, SourceError};

/// A dice source with no dice: it remembers that one was asked for and refuses it.
#[derive(Default)]
struct Withheld {
    asked: bool,
}

impl DiceSource for Withheld {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        self.asked = true;
        Err(SourceError::ScriptExhausted {
            roll: 1,
            die,
            given: 0,
        })
    }
}

impl Table {
    /// Whether the table would take `action` from `by` now, as far as can be known before any
    /// dice: who may send it, and every rule the system checks before rolling. Records nothing and
    /// draws nothing. An `answer` to a request is checked as the command it would decide; the
    /// table's other actions (rolls, notes, joins...) are checked when sent: for them this
    /// answers `Ok`. A refusal about a blank the command would wait for someone else to fill
    /// (a request's part, [`skald_core::Part`]) is not one: sending it asks them.
    ///
    /// # Errors
    /// What [`Table::decide`] would refuse before its dice: [`crate::ErrorKind::Forbidden`] when
    /// `by` may not send it, [`crate::ErrorKind::Game`] for a command the system does not know or
    /// its rules refuse ([`Error::field`] names the command's field when the rules name one).
    pub fn check(&self, by: Actor, action: &Action) -> Result<(), Error> {
        let refusal = match self.check_unworded(by, action) {
            Ok(()) => return Ok(()),
            Err(refusal) => refusal,
        };
        // A blank the command would wait for is another's to fill (a burden's name left to the
        // opponent's player, T5): sending it makes a request, so the check does not flag it.
        if let Action::Command(command) = action
            && let Some(field) = refusal.field()
            && let Ok(waiting) = self.waiting_for(by, command, false)
            && waiting.iter().any(|w| w.fields.iter().any(|f| f == field))
        {
            return Ok(());
        }
        Err(self.word(by, action, refusal))
    }

    /// [`Table::check`] before a blank left to another is forgiven and the refusal is worded.
    fn check_unworded(&self, by: Actor, action: &Action) -> Result<(), Error> {
        let (by, command) = match action {
            Action::Command(command) => {
                self.check_unsealed(command)?;
                (by, command.clone())
            }
            // An answer is checked as the command it would decide, sent by who asked.
            Action::Table(TableAction::Answer { request, values }) => {
                self.check_seated(by)?;
                self.answer_to_check(by, *request, values)?
            }
            Action::Table(_) => return Ok(()),
        };
        let command = &command;
        self.check_seated(by)?;
        let command = self.fill_reveal(by, command)?;
        let authority = self.game().authority(&command)?;
        self.check_authority(by, &authority)?;
        self.check_new_character(by, &authority)?;
        let mut dice = Withheld::default();
        match self.game().decide(&command, &mut dice) {
            Ok(_) => Ok(()),
            // It asked for its dice: every rule before them passed.
            Err(_) if dice.asked => Ok(()),
            Err(error) => Err(error.into()),
        }
    }
}
