//! [`Table`]: the log of one table (options, then accepted commands with their events) and its state.

use crate::System;
use serde::Serialize;
use skald_dice::DiceSource;

/// One accepted command and the events it produced, in order.
#[derive(Debug, Clone, Serialize)]
#[serde(bound(serialize = ""))]
pub struct Entry<S: System> {
    /// The command as it was given.
    pub command: S::Command,
    /// What it did. Never empty for an accepted command that changed anything.
    pub events: Vec<S::Event>,
}

/// A table: its options, its log and the state folded from that log.
///
/// The options are the log's first record, so a replayed or exported log shows how the table played.
#[derive(Debug, Clone, Serialize)]
#[serde(bound(serialize = ""))]
pub struct Table<S: System> {
    system: &'static str,
    options: S::Options,
    log: Vec<Entry<S>>,
    #[serde(skip)]
    state: S::State,
}

impl<S: System> Table<S> {
    /// A new table with `options` and an empty log.
    pub fn new(options: S::Options) -> Self {
        let state = S::initial(&options);
        Self {
            system: S::NAME,
            options,
            log: Vec::new(),
            state,
        }
    }

    /// The table options, as recorded at the head of the log.
    pub fn options(&self) -> &S::Options {
        &self.options
    }

    /// The accepted commands and their events, oldest first.
    pub fn log(&self) -> &[Entry<S>] {
        &self.log
    }

    /// The current state: the fold of every event in the log.
    pub fn state(&self) -> &S::State {
        &self.state
    }

    /// Decides `command` with `dice`; on success appends it to the log and returns its events.
    /// A refused command leaves the table exactly as it was.
    ///
    /// # Errors
    /// The system's rule error, unchanged.
    pub fn execute(
        &mut self,
        command: S::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<&[S::Event], S::Error> {
        let events = S::decide(&self.state, &command, dice)?;
        let mut state = self.state.clone();
        for event in &events {
            state = S::apply(state, event);
        }
        self.state = state;
        self.log.push(Entry { command, events });
        let last = self.log.last().map(|entry| entry.events.as_slice());
        Ok(last.unwrap_or(&[]))
    }

    /// Takes back the last accepted command: the log loses its entry and the state is folded again
    /// from the options. Returns the entry taken back, or `None` on an empty log.
    pub fn undo(&mut self) -> Option<Entry<S>> {
        let entry = self.log.pop()?;
        self.state = Self::fold(&self.options, &self.log);
        Some(entry)
    }

    /// The state that `log` folds to from a new table with `options`.
    pub fn fold(options: &S::Options, log: &[Entry<S>]) -> S::State {
        log.iter()
            .flat_map(|entry| entry.events.iter())
            .fold(S::initial(options), S::apply)
    }
}
