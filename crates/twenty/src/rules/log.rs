//! Events decided so far and the state they fold to: the checks a command makes after its first
//! event see that event (a participant forced to stand, a burden taken, a stat disabled...).

use super::apply::apply;
use crate::model::{Catalogue, Conflict, Event, Options, State};

/// Events decided so far and the state they fold to, so later checks see earlier events.
pub(super) struct Log {
    /// The state with every event so far folded in.
    pub(super) state: State,
    /// The events so far, in order.
    pub(super) events: Vec<Event>,
}

impl Log {
    /// No events yet, over a copy of `state`.
    pub(super) fn new(state: &State) -> Self {
        Self {
            state: state.clone(),
            events: Vec::new(),
        }
    }

    /// Folds `event` into the state so far and records it.
    pub(super) fn push(&mut self, event: Event) {
        self.state = apply(std::mem::replace(&mut self.state, placeholder()), &event);
        self.events.push(event);
    }

    /// The conflict in progress in the state so far.
    pub(super) fn conflict(&self) -> Option<&Conflict> {
        self.state.active_conflict()
    }
}

/// A placeholder with no catalogue, for swapping the log's state out while folding.
fn placeholder() -> State {
    State {
        options: Options::default(),
        catalogue: Catalogue::default(),
        characters: Vec::new(),
        conflict: None,
        obligations: Vec::new(),
    }
}
