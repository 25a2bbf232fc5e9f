//! The Twenty table's state (characters and the current or last conflict) and the fold of events into it.

use crate::Event;
use crate::conflict::{Conflict, Participant, Standing};
use crate::sheet::{STATS, Sheet, Trait};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// A character at the table: its sheet with stats turned into traits, so that checked stat boxes count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Character {
    /// The name.
    pub name: String,
    /// The five stats with their boxes (empty for a creature without stats), in [`STATS`] order.
    pub stats: Vec<Trait>,
    /// Keys.
    pub keys: Vec<String>,
    /// Traits.
    pub traits: Vec<Trait>,
    /// Special equipment.
    pub equipment: Vec<Trait>,
    /// Other equipment.
    pub gear: Vec<String>,
}

impl Character {
    fn from_sheet(sheet: &Sheet) -> Self {
        let stats = STATS
            .iter()
            .filter_map(|s| {
                sheet.stats.get(*s).map(|&boxes| Trait {
                    name: (*s).to_string(),
                    boxes,
                    checked: 0,
                })
            })
            .collect();
        Self {
            name: sheet.name.clone(),
            stats,
            keys: sheet.keys.clone(),
            traits: sheet.traits.clone(),
            equipment: sheet.equipment.clone(),
            gear: sheet.gear.clone(),
        }
    }

    /// Stats, traits and special items: everything that can be brought into a conflict (T1, T2).
    pub fn rollables(&self) -> impl Iterator<Item = &Trait> {
        self.stats.iter().chain(&self.traits).chain(&self.equipment)
    }

    /// The stat, trait or item named `name`.
    pub fn rollable(&self, name: &str) -> Option<&Trait> {
        self.rollables().find(|t| t.name == name)
    }

    fn rollable_mut(&mut self, name: &str) -> Option<&mut Trait> {
        self.stats
            .iter_mut()
            .chain(&mut self.traits)
            .chain(&mut self.equipment)
            .find(|t| t.name == name)
    }
}

/// A Twenty table: the characters and the conflict in progress (or the last one, ended).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct State {
    /// Characters in the order they sat down.
    pub characters: Vec<Character>,
    /// The current conflict, or the last one once it has ended; `None` before the first.
    pub conflict: Option<Conflict>,
}

impl State {
    /// The character named `name`.
    pub fn character(&self, name: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.name == name)
    }

    /// The conflict in progress, if one is (not ended).
    pub fn active_conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref().filter(|c| !c.ended())
    }

    /// Folds one event in.
    pub fn apply(mut self, event: &Event) -> Self {
        match event {
            Event::CharacterAdded { character } => {
                self.characters.push(Character::from_sheet(character))
            }
            Event::ConflictStarted { participants } => {
                self.conflict = Some(Conflict {
                    exchange: 1,
                    dice_this_exchange: false,
                    participants: participants
                        .iter()
                        .map(|d| Participant {
                            who: d.who.clone(),
                            goal: d.goal.clone(),
                            death_goal: d.death_goal,
                            pool: Vec::new(),
                            used: Vec::new(),
                            standing: Standing::In,
                            acted_in: 0,
                            surrendered_as: None,
                        })
                        .collect(),
                    surrenders: 0,
                    winner: None,
                    final_order: Vec::new(),
                });
            }
            Event::BroughtIn {
                who,
                trait_name,
                exchange,
                dice,
            } => {
                if let Some(character) = self.characters.iter_mut().find(|c| &c.name == who) {
                    if let Some(t) = character.rollable_mut(trait_name) {
                        t.checked = (t.checked + 1).min(t.boxes);
                    }
                }
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.dice_this_exchange = true;
                    if let Some(p) = conflict.participant_mut(who) {
                        p.pool.extend(dice);
                        p.pool.sort_unstable_by(|a, b| b.cmp(a));
                        p.used.push(trait_name.clone());
                        p.acted_in = *exchange;
                    }
                }
            }
            Event::Stood { who, exchange } => {
                if let Some(p) = self.conflict.as_mut().and_then(|c| c.participant_mut(who)) {
                    p.acted_in = *exchange;
                }
            }
            Event::ForcedToStand { who, .. } => {
                if let Some(p) = self.conflict.as_mut().and_then(|c| c.participant_mut(who)) {
                    p.standing = Standing::ForcedStand;
                }
            }
            Event::Surrendered { who } => {
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.surrenders += 1;
                    let count = conflict.surrenders;
                    if let Some(p) = conflict.participant_mut(who) {
                        p.standing = Standing::Surrendered;
                        p.pool.clear();
                        p.surrendered_as = Some(count);
                    }
                }
            }
            Event::ExchangeBegan { exchange } => {
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.exchange = *exchange;
                    conflict.dice_this_exchange = false;
                }
            }
            Event::ConflictEnded { winner, order } => {
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.winner = Some(winner.clone());
                    conflict.final_order = order.clone();
                }
            }
            Event::ExchangeEnded { .. } | Event::TieRolled { .. } => {}
        }
        self
    }

    /// The state as scenario expectations see it: characters and participants keyed by name, pools
    /// highest first, and who is winning.
    ///
    /// ```json
    /// { "characters": { "Gorand": { "stats": { "Physical": { "boxes": 5, "checked": 0 } },
    ///                               "traits": { "Arms": { "boxes": 2, "checked": 1 } }, "equipment": {} } },
    ///   "conflict": { "exchange": 2, "ended": false, "winning": "Gorand", "winner": null,
    ///                 "order": ["Gorand", "Dragon"], "final_order": [],
    ///                 "participants": { "Gorand": { "pool": [15, 12, 10, 7], "standing": "in",
    ///                                               "used": ["Friendly", "Arms"], "goal": "..." } } } }
    /// ```
    pub fn view(&self) -> Value {
        let boxes = |list: &[Trait]| -> Value {
            Value::Object(
                list.iter()
                    .map(|t| {
                        (
                            t.name.clone(),
                            json!({ "boxes": t.boxes, "checked": t.checked }),
                        )
                    })
                    .collect(),
            )
        };
        let characters: Map<String, Value> = self
            .characters
            .iter()
            .map(|c| {
                let sheet = json!({
                    "stats": boxes(&c.stats),
                    "keys": c.keys,
                    "traits": boxes(&c.traits),
                    "equipment": boxes(&c.equipment),
                });
                (c.name.clone(), sheet)
            })
            .collect();
        let conflict = self.conflict.as_ref().map(|c| {
            let participants: Map<String, Value> = c
                .participants
                .iter()
                .map(|p| {
                    let side = json!({
                        "pool": p.pool,
                        "standing": p.standing,
                        "used": p.used,
                        "goal": p.goal,
                        "death_goal": p.death_goal,
                    });
                    (p.who.clone(), side)
                })
                .collect();
            json!({
                "exchange": c.exchange,
                "ended": c.ended(),
                "winning": c.winning(),
                "winner": c.winner,
                "order": c.order_of_those_in(),
                "final_order": c.final_order,
                "participants": participants,
            })
        });
        json!({ "characters": characters, "conflict": conflict })
    }
}
