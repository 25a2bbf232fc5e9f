//! The Freelancer table state ([`State`]): the stat formulas, who sits at the table, who rests, where
//! the party is, the checks made, the last dice rolled and the event under way ([`Scene`]). The fold of an event into it is
//! [`crate::rules::apply()`].

use crate::model::event::{Award, Event, Turn};
use crate::model::formula::Formula;
use crate::model::options::Options;
use crate::model::roll::DiceRoll;
use crate::model::scene::Scene;
use crate::model::sheet::{Character, Rating};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A Freelancer table: its options, who sits at it, who rests, where the party is, the checks made, the
/// last dice rolled and the event under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options, as the table was made (the head of its log).
    pub options: Options,
    /// The table's stat formulas now (F8): the options' `formulas`, then as the GM set them
    /// (`set_formula`).
    pub formulas: BTreeMap<Rating, Formula>,
    /// The character sheets by name.
    pub characters: BTreeMap<String, Character>,
    /// Who is resting.
    pub resting: BTreeSet<String>,
    /// The safe area the party is in, if any.
    pub safe_area: Option<String>,
    /// Every award, in order, by character.
    pub awards: BTreeMap<String, Vec<Award>>,
    /// How many checks (task, team, chance, opposed) were made.
    pub checks: u32,
    /// The last check, if any.
    pub last: Option<Event>,
    /// The last roll of the other dice (d4 to d20, F1), if any.
    pub last_dice: Option<DiceRoll>,
    /// The turns taken in the event's round under way or just over, in order (F7); emptied when
    /// the next round's initiative is rolled and when the event ends. At most one per slot of the
    /// round's order.
    pub turns: Vec<Turn>,
    /// The checks made while an event round is under way or just over (task, team, chance,
    /// opposed; F1-F4), the newest [`MAX_ROUND_CHECKS`](crate::limits::MAX_ROUND_CHECKS) in order; emptied with `turns`.
    pub round_checks: Vec<Event>,
    /// Checks of that round no longer in `round_checks` (only in the log).
    pub round_checks_dropped: u32,
    /// The event under way, if any.
    pub scene: Option<Scene>,
    /// Events finished.
    pub events_finished: u32,
}

impl State {
    /// A new table with no characters.
    pub fn new(options: Options) -> Self {
        Self {
            formulas: options.formulas.clone(),
            options,
            characters: BTreeMap::new(),
            resting: BTreeSet::new(),
            safe_area: None,
            awards: BTreeMap::new(),
            checks: 0,
            last: None,
            last_dice: None,
            turns: Vec::new(),
            round_checks: Vec::new(),
            round_checks_dropped: 0,
            scene: None,
            events_finished: 0,
        }
    }

    /// The names at the table, comma-separated ("nobody" when empty), for error messages.
    pub fn names(&self) -> String {
        if self.characters.is_empty() {
            return "nobody".to_owned();
        }
        self.characters
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
