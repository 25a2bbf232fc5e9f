//! The Twenty table's state (characters, the current or last conflict, obligations, the table's trait
//! list) and the fold of events into it.

use crate::catalogue::Catalogue;
use crate::conflict::{Conflict, Participant, Standing};
use crate::event::Healing;
use crate::sheet::{Burden, GM, STATS, Sheet, SheetKind, Trait};
use crate::{Event, Options};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// A character at the table: its sheet with stats turned into traits (so checked stat boxes count),
/// its burdens, its obligation traits, and whether it is dead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Character {
    /// The name.
    pub name: String,
    /// How its sheet was checked.
    pub kind: SheetKind,
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
    /// Burdens (T5).
    pub burdens: Vec<Burden>,
    /// Traits held under Obligations (T11), granted by others.
    pub obligations: Vec<Trait>,
    /// Dead (T7).
    pub dead: bool,
}

impl Character {
    fn from_sheet(sheet: &Sheet) -> Self {
        let stats = STATS
            .iter()
            .filter_map(|s| {
                sheet.stats.get(*s).map(|b| Trait {
                    checked: b.checked(),
                    ..Trait::new(*s, b.boxes())
                })
            })
            .collect();
        Self {
            name: sheet.name.clone(),
            kind: sheet.kind,
            stats,
            keys: sheet.keys.clone(),
            traits: sheet.traits.clone(),
            equipment: sheet.equipment.clone(),
            gear: sheet.gear.clone(),
            burdens: sheet.burdens.clone(),
            obligations: Vec::new(),
            dead: false,
        }
    }

    /// Stats, traits, special items and obligation traits: all that can be brought into a conflict.
    pub fn rollables(&self) -> impl Iterator<Item = &Trait> {
        self.stats
            .iter()
            .chain(&self.traits)
            .chain(&self.equipment)
            .chain(&self.obligations)
    }

    /// The stat, trait, item or obligation trait named `name`.
    pub fn rollable(&self, name: &str) -> Option<&Trait> {
        self.rollables().find(|t| t.name == name)
    }

    pub(crate) fn rollable_mut(&mut self, name: &str) -> Option<&mut Trait> {
        self.stats
            .iter_mut()
            .chain(&mut self.traits)
            .chain(&mut self.equipment)
            .chain(&mut self.obligations)
            .find(|t| t.name == name)
    }

    /// Whether `name` is one of its special items.
    pub fn is_item(&self, name: &str) -> bool {
        self.equipment.iter().any(|t| t.name == name)
    }

    /// Burden boxes under `stat`.
    pub fn burden_boxes(&self, stat: &str) -> u32 {
        self.burdens
            .iter()
            .filter(|b| b.stat == stat)
            .map(|b| b.boxes.len() as u32)
            .sum()
    }

    /// The first stat whose burden boxes exceed its boxes (checked or not), if any: the character is
    /// disabled (T7). A creature without stats is never disabled this way (the GM decides).
    pub fn disabled_by(&self) -> Option<(&str, u32, u32)> {
        self.stats.iter().find_map(|stat| {
            let burdens = self.burden_boxes(&stat.name);
            (burdens > stat.boxes).then_some((stat.name.as_str(), burdens, stat.boxes))
        })
    }

    /// The burden named `name`.
    pub fn burden(&self, name: &str) -> Option<&Burden> {
        self.burdens.iter().find(|b| b.name == name)
    }
}

/// An obligation between two characters (T11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Obligation {
    /// Who granted it and coloured boxes.
    pub granter: String,
    /// The granter's trait whose boxes are coloured.
    pub granter_trait: String,
    /// How many boxes.
    pub boxes: u32,
    /// Who owes the service.
    pub grantee: String,
    /// The grantee's trait under Obligations.
    pub grantee_trait: String,
    /// The service promised.
    pub service: String,
}

/// A Twenty table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options.
    pub options: Options,
    /// The keys and traits in play: the book's, and the table's own (T12).
    #[serde(skip)]
    pub catalogue: Catalogue,
    /// Characters in the order they sat down.
    pub characters: Vec<Character>,
    /// The current conflict, or the last one once it has ended; `None` before the first.
    pub conflict: Option<Conflict>,
    /// Obligations in force.
    pub obligations: Vec<Obligation>,
}

impl State {
    /// A new table with `options` and the book's keys and traits.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            catalogue: Catalogue::book(),
            characters: Vec::new(),
            conflict: None,
            obligations: Vec::new(),
        }
    }

    /// A placeholder with no catalogue, for swapping a state out while folding.
    pub(crate) fn empty() -> Self {
        Self {
            options: Options::default(),
            catalogue: Catalogue::default(),
            characters: Vec::new(),
            conflict: None,
            obligations: Vec::new(),
        }
    }

    /// The character named `name`.
    pub fn character(&self, name: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.name == name)
    }

    fn character_mut(&mut self, name: &str) -> Option<&mut Character> {
        self.characters.iter_mut().find(|c| c.name == name)
    }

    /// The conflict in progress, if one is (not ended).
    pub fn active_conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref().filter(|c| !c.ended())
    }

    fn participant_mut(&mut self, who: &str) -> Option<&mut Participant> {
        self.conflict.as_mut().and_then(|c| c.participant_mut(who))
    }

    /// Folds one event in.
    pub fn apply(mut self, event: &Event) -> Self {
        match event {
            Event::CharacterAdded { character } => {
                self.characters.push(Character::from_sheet(character))
            }
            Event::TraitDefined {
                name,
                description,
                open,
            } => {
                let open: Vec<&String> = if *open { vec![name] } else { vec![] };
                let addition = json!({ "traits": [{ "name": name, "description": description }], "open": open });
                // `decide` checked the name is new, so the merge cannot clash.
                if let Ok(extra) = serde_json::from_value::<Catalogue>(addition) {
                    let _ = self.catalogue.merge(extra);
                }
            }
            Event::ConflictStarted { participants } => {
                let sides = participants
                    .iter()
                    .map(|d| participant(&d.who, &d.goal, d.death_of.clone()))
                    .collect();
                self.conflict = Some(new_conflict(sides, None));
            }
            Event::HealingStarted { healing } => {
                let mut gm = participant(GM, "make the burden worse", None);
                gm.pool = sorted(healing.boxes.clone());
                // The GM's side never chooses: it stands on what it has (T8).
                gm.standing = Standing::ForcedStand;
                let healer = participant(&healing.healer, "heal the burden", None);
                self.conflict = Some(new_conflict(vec![healer, gm], Some(healing.clone())));
            }
            Event::BroughtIn {
                who,
                trait_name,
                exchange,
                dice,
            } => {
                if let Some(character) = self.character_mut(who)
                    && let Some(t) = character.rollable_mut(trait_name)
                {
                    t.checked = (t.checked + 1).min(t.boxes - t.coloured);
                }
                if let Some(conflict) = self.conflict.as_mut()
                    && let Some(p) = conflict.participant_mut(who)
                {
                    p.pool = sorted(p.pool.iter().chain(dice).copied().collect());
                    p.used.push(trait_name.clone());
                    p.acted_in = *exchange;
                    p.rolls.push((*exchange, dice.clone()));
                }
            }
            Event::GmRolled { dice } => {
                if let Some(p) = self.participant_mut(GM) {
                    p.pool = sorted(p.pool.iter().chain(dice).copied().collect());
                }
            }
            Event::BurdenDieUsed {
                who,
                of,
                burden,
                index,
                value,
            } => {
                if let Some(p) = self.participant_mut(who) {
                    p.pool = sorted(p.pool.iter().chain([value]).copied().collect());
                    p.burden_boxes_used
                        .push((of.clone(), burden.clone(), *index));
                }
            }
            Event::Stood { who, exchange } => {
                if let Some(p) = self.participant_mut(who) {
                    p.acted_in = *exchange;
                }
            }
            Event::ForcedToStand { who, .. } => {
                if let Some(p) = self.participant_mut(who) {
                    p.standing = Standing::ForcedStand;
                }
            }
            Event::Surrendered { who, .. } => {
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
            Event::BurdenTaken {
                who,
                from,
                name,
                stat,
                boxes,
                ..
            } => {
                if let Some(p) = self.participant_mut(from) {
                    for value in boxes {
                        if let Some(i) = p.pool.iter().position(|d| d == value) {
                            p.pool.remove(i);
                        }
                    }
                }
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.new_burdens.push((who.clone(), name.clone()));
                }
                if let Some(character) = self.character_mut(who) {
                    character.burdens.push(Burden {
                        name: name.clone(),
                        stat: stat.clone(),
                        boxes: boxes.clone(),
                    });
                }
            }
            Event::ItemBroke { who, item, .. } => {
                if let Some(t) = self
                    .character_mut(who)
                    .and_then(|c| c.equipment.iter_mut().find(|t| &t.name == item))
                {
                    t.broken = true;
                }
            }
            Event::ItemRepaired { who, item } => {
                if let Some(t) = self
                    .character_mut(who)
                    .and_then(|c| c.equipment.iter_mut().find(|t| &t.name == item))
                {
                    t.broken = false;
                }
            }
            Event::ExchangeBegan { exchange } => {
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.exchange = *exchange;
                }
            }
            Event::ConflictEnded { winner, order } => {
                if let Some(conflict) = self.conflict.as_mut() {
                    conflict.winner = Some(winner.clone());
                    conflict.final_order = order.clone();
                }
            }
            Event::CharacterDied { who, .. } => {
                if let Some(c) = self.character_mut(who) {
                    c.dead = true;
                }
            }
            Event::BurdenHealed {
                who,
                burden,
                removed,
            } => {
                if let Some(c) = self.character_mut(who) {
                    if let Some(b) = c.burdens.iter_mut().find(|b| &b.name == burden) {
                        for value in removed {
                            if let Some(i) = b.boxes.iter().position(|v| v == value) {
                                b.boxes.remove(i);
                            }
                        }
                    }
                    c.burdens.retain(|b| !b.boxes.is_empty());
                }
            }
            Event::BurdenWorsened { who, burden, added } => {
                if let Some(b) = self
                    .character_mut(who)
                    .and_then(|c| c.burdens.iter_mut().find(|b| &b.name == burden))
                {
                    b.boxes.push(*added);
                }
            }
            Event::BoxesUnchecked { who, traits, .. } => {
                if let Some(c) = self.character_mut(who) {
                    for name in traits {
                        if let Some(t) = c.rollable_mut(name) {
                            t.checked = t.checked.saturating_sub(1);
                        }
                    }
                }
            }
            Event::KeyAdded { who, key } => {
                if let Some(c) = self.character_mut(who) {
                    c.keys.push(key.clone());
                }
            }
            Event::TraitAdded { who, trait_name } => {
                if let Some(c) = self.character_mut(who) {
                    c.traits.push(Trait::new(trait_name.clone(), 1));
                }
            }
            Event::BoxesAdded { who, traits } => {
                if let Some(c) = self.character_mut(who) {
                    for name in traits {
                        if let Some(t) = c.rollable_mut(name) {
                            t.boxes += 1;
                        }
                    }
                }
            }
            Event::TraitSwapped { who, old, new } => {
                if let Some(t) = self
                    .character_mut(who)
                    .and_then(|c| c.traits.iter_mut().find(|t| &t.name == old))
                {
                    t.name = new.clone();
                }
            }
            Event::ObligationGranted {
                granter,
                trait_name,
                boxes,
                grantee,
                as_trait,
                service,
            } => {
                if let Some(t) = self
                    .character_mut(granter)
                    .and_then(|c| c.rollable_mut(trait_name))
                {
                    t.coloured += boxes;
                }
                if let Some(c) = self.character_mut(grantee) {
                    c.obligations.push(Trait::new(as_trait.clone(), *boxes));
                }
                self.obligations.push(Obligation {
                    granter: granter.clone(),
                    granter_trait: trait_name.clone(),
                    boxes: *boxes,
                    grantee: grantee.clone(),
                    grantee_trait: as_trait.clone(),
                    service: service.clone(),
                });
            }
            Event::ObligationEnded {
                grantee,
                trait_name,
                ..
            } => {
                let found = self
                    .obligations
                    .iter()
                    .position(|o| &o.grantee == grantee && &o.grantee_trait == trait_name);
                if let Some(i) = found {
                    let o = self.obligations.remove(i);
                    if let Some(t) = self
                        .character_mut(&o.granter)
                        .and_then(|c| c.rollable_mut(&o.granter_trait))
                    {
                        // Coloured boxes become unchecked (T11).
                        t.coloured = t.coloured.saturating_sub(o.boxes);
                    }
                    if let Some(c) = self.character_mut(grantee) {
                        c.obligations.retain(|t| &t.name != trait_name);
                    }
                }
            }
            Event::Disabled { .. } | Event::ExchangeEnded { .. } | Event::TieRolled { .. } => {}
        }
        self
    }

    /// The state as scenario expectations see it: characters and participants keyed by name, pools
    /// highest first, and who is winning.
    ///
    /// ```json
    /// { "characters": { "Gorand": { "stats": { "Physical": { "boxes": 5, "checked": 0, "coloured": 0 } },
    ///       "traits": { "Arms": { "boxes": 2, "checked": 1, "coloured": 0 } }, "equipment": {},
    ///       "obligations": {}, "burdens": { "Flesh wound": { "stat": "Physical", "boxes": [17] } },
    ///       "disabled": false, "dead": false, "keys": ["Warrior"] } },
    ///   "conflict": { "exchange": 2, "ended": false, "winning": "Gorand", "winner": null,
    ///                 "order": ["Gorand", "Dragon"], "final_order": [], "healing": false,
    ///                 "participants": { "Gorand": { "pool": [15, 12, 10, 7], "standing": "in",
    ///                                               "used": ["Friendly", "Arms"], "goal": "..." } } },
    ///   "obligations": [ { "granter": "...", "grantee": "...", ... } ] }
    /// ```
    pub fn view(&self) -> Value {
        let boxes = |list: &[Trait]| -> Value {
            Value::Object(
                list.iter()
                    .map(|t| {
                        let v = json!({ "boxes": t.boxes, "checked": t.checked, "coloured": t.coloured, "broken": t.broken });
                        (t.name.clone(), v)
                    })
                    .collect(),
            )
        };
        let characters: Map<String, Value> = self
            .characters
            .iter()
            .map(|c| {
                let burdens: Map<String, Value> = c
                    .burdens
                    .iter()
                    .map(|b| (b.name.clone(), json!({ "stat": b.stat, "boxes": b.boxes })))
                    .collect();
                let sheet = json!({
                    "stats": boxes(&c.stats),
                    "keys": c.keys,
                    "traits": boxes(&c.traits),
                    "equipment": boxes(&c.equipment),
                    "obligations": boxes(&c.obligations),
                    "burdens": burdens,
                    "disabled": c.disabled_by().is_some(),
                    "dead": c.dead,
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
                        "death_of": p.death_of,
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
                "healing": c.healing.is_some(),
                "participants": participants,
            })
        });
        json!({ "characters": characters, "conflict": conflict, "obligations": self.obligations })
    }
}

fn participant(who: &str, goal: &str, death_of: Option<String>) -> Participant {
    Participant {
        who: who.to_string(),
        goal: goal.to_string(),
        pool: Vec::new(),
        used: Vec::new(),
        standing: Standing::In,
        acted_in: 0,
        surrendered_as: None,
        death_of,
        burden_boxes_used: Vec::new(),
        rolls: Vec::new(),
    }
}

fn new_conflict(participants: Vec<Participant>, healing: Option<Healing>) -> Conflict {
    Conflict {
        exchange: 1,
        participants,
        surrenders: 0,
        winner: None,
        final_order: Vec::new(),
        healing,
        new_burdens: Vec::new(),
    }
}

fn sorted(mut pool: Vec<u32>) -> Vec<u32> {
    pool.sort_unstable_by(|a, b| b.cmp(a));
    pool
}
