//! The fold: a table's state is its events folded in, one by one, from [`State::new`]. It never
//! fails: an event is a fact `decide` has already checked.

use crate::model::{
    Burden, Catalogue, Character, Conflict, Event, GM, Healing, Obligation, Options, Participant,
    STATS, Sheet, Standing, State, Step, StepKind, Trait,
};
use serde_json::json;

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
}

/// `state` with `event` folded in (the core's `System::apply`). Events name characters and
/// participants that `decide` checked were there; one that is not changes nothing.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::CharacterAdded { .. } | Event::TraitDefined { .. } => sheets(&mut state, event),
        Event::ConflictStarted { .. }
        | Event::HealingStarted { .. }
        | Event::BroughtIn { .. }
        | Event::GmRolled { .. }
        | Event::BurdenDieUsed { .. }
        | Event::Stood { .. }
        | Event::ForcedToStand { .. }
        | Event::Surrendered { .. }
        | Event::ExchangeBegan { .. }
        | Event::ConflictEnded { .. } => conflict(&mut state, event),
        Event::BurdenTaken { .. }
        | Event::ItemBroke { .. }
        | Event::ItemRepaired { .. }
        | Event::CharacterDied { .. }
        | Event::BurdenHealed { .. }
        | Event::BurdenWorsened { .. } => burdens(&mut state, event),
        Event::BoxesUnchecked { .. }
        | Event::KeyAdded { .. }
        | Event::TraitAdded { .. }
        | Event::BoxesAdded { .. }
        | Event::TraitSwapped { .. } => growth(&mut state, event),
        Event::ObligationGranted { .. } | Event::ObligationEnded { .. } => {
            obligations(&mut state, event)
        }
        Event::Disabled { .. } | Event::ExchangeEnded { .. } | Event::TieRolled { .. } => {}
    }
    state
}

/// Sheets and the table's catalogue: a character sits down, a trait is defined (T1, T12).
fn sheets(state: &mut State, event: &Event) {
    match event {
        Event::CharacterAdded { character } => state.characters.push(character_of(character)),
        Event::TraitDefined {
            name,
            description,
            open,
        } => {
            let open: Vec<&String> = if *open { vec![name] } else { vec![] };
            let addition =
                json!({ "traits": [{ "name": name, "description": description }], "open": open });
            // `decide` checked the name is new, so the merge cannot clash.
            if let Ok(extra) = serde_json::from_value::<Catalogue>(addition) {
                let _ = state.catalogue.merge(extra);
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// A conflict's course: its start, dice brought in and rolled, stands and surrenders, its exchanges
/// and its end (T2-T4, T8, T14).
fn conflict(state: &mut State, event: &Event) {
    match event {
        Event::ConflictStarted {
            participants,
            allies,
        } => {
            let first_of = |who: &str| -> Option<usize> {
                let side = allies.iter().find(|side| side.iter().any(|w| w == who))?;
                participants.iter().position(|d| side.contains(&d.who))
            };
            let all = participants
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let side = first_of(&d.who).unwrap_or(i);
                    participant(&d.who, &d.goal, d.death_of.clone(), side)
                })
                .collect();
            state.conflict = Some(new_conflict(all, None));
        }
        Event::HealingStarted { healing } => {
            let mut gm = participant(GM, "make the burden worse", None, 1);
            gm.pool = sorted(healing.boxes.clone());
            // The GM's side never chooses: it stands on what it has (T8).
            gm.standing = Standing::ForcedStand;
            let healer = participant(&healing.healer, "heal the burden", None, 0);
            state.conflict = Some(new_conflict(vec![healer, gm], Some(healing.clone())));
        }
        Event::BroughtIn {
            who,
            trait_name,
            exchange,
            dice,
        } => {
            if let Some(character) = state.character_mut(who)
                && let Some(t) = character.rollable_mut(trait_name)
            {
                t.checked = (t.checked + 1).min(t.boxes - t.coloured);
            }
            if let Some(conflict) = state.conflict.as_mut()
                && let Some(p) = conflict.participant_mut(who)
            {
                p.pool = sorted(p.pool.iter().chain(dice).copied().collect());
                p.used.push(trait_name.clone());
                p.acted_in = *exchange;
                p.rolls.push((*exchange, dice.clone()));
                p.steps.push(Step {
                    exchange: *exchange,
                    what: StepKind::BroughtIn {
                        trait_name: trait_name.clone(),
                        dice: dice.clone(),
                    },
                });
            }
        }
        Event::GmRolled { dice } => {
            if let Some(p) = state.participant_mut(GM) {
                p.pool = sorted(p.pool.iter().chain(dice).copied().collect());
            }
            step(state, GM, StepKind::GmRolled { dice: dice.clone() });
        }
        Event::BurdenDieUsed {
            who,
            of,
            burden,
            index,
            value,
        } => {
            if let Some(p) = state.participant_mut(who) {
                p.pool = sorted(p.pool.iter().chain([value]).copied().collect());
                p.burden_boxes_used
                    .push((of.clone(), burden.clone(), *index));
            }
            let what = StepKind::BurdenDie {
                of: of.clone(),
                burden: burden.clone(),
                value: *value,
            };
            step(state, who, what);
        }
        Event::Stood { who, exchange } => {
            if let Some(p) = state.participant_mut(who) {
                p.acted_in = *exchange;
            }
            step(state, who, StepKind::Stood);
        }
        Event::ForcedToStand { who, reason } => {
            if let Some(p) = state.participant_mut(who) {
                p.standing = Standing::ForcedStand;
            }
            step(state, who, StepKind::ForcedToStand { reason: *reason });
        }
        Event::Surrendered { who, reason } => {
            step(state, who, StepKind::Surrendered { reason: *reason });
            if let Some(conflict) = state.conflict.as_mut() {
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
            if let Some(conflict) = state.conflict.as_mut() {
                conflict.exchange = *exchange;
            }
        }
        Event::ConflictEnded {
            winner,
            allies,
            order,
        } => {
            if let Some(conflict) = state.conflict.as_mut() {
                conflict.winner = Some(winner.clone());
                conflict.winner_allies = allies.clone();
                conflict.final_order = order.clone();
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Burdens and what they break: a burden taken, healed or worsened, an item broken or repaired, a
/// death (T5-T7, T9, T14).
fn burdens(state: &mut State, event: &Event) {
    match event {
        Event::BurdenTaken {
            who,
            on,
            from,
            name,
            stat,
            boxes,
            ..
        } => {
            // T14: a healing side's burden lands on the patient; otherwise on the taker (T5).
            let bearer = on.as_ref().unwrap_or(who);
            if let Some(p) = state.participant_mut(from) {
                for value in boxes {
                    if let Some(i) = p.pool.iter().position(|d| d == value) {
                        p.pool.remove(i);
                    }
                }
            }
            let discarded = StepKind::Discarded {
                by: who.clone(),
                dice: boxes.clone(),
            };
            step(state, from, discarded);
            let took = StepKind::TookBurden {
                from: from.clone(),
                on: on.clone(),
                name: name.clone(),
                boxes: boxes.clone(),
            };
            step(state, who, took);
            if let Some(conflict) = state.conflict.as_mut() {
                conflict.new_burdens.push((bearer.clone(), name.clone()));
            }
            if let Some(character) = state.character_mut(bearer) {
                character.burdens.push(Burden {
                    name: name.clone(),
                    stat: stat.clone(),
                    boxes: boxes.clone(),
                });
            }
        }
        Event::ItemBroke { who, item, .. } => {
            if let Some(t) = state
                .character_mut(who)
                .and_then(|c| c.equipment.iter_mut().find(|t| &t.name == item))
            {
                t.broken = true;
            }
        }
        Event::ItemRepaired { who, item } => {
            if let Some(t) = state
                .character_mut(who)
                .and_then(|c| c.equipment.iter_mut().find(|t| &t.name == item))
            {
                t.broken = false;
            }
        }
        Event::CharacterDied { who, .. } => {
            if let Some(c) = state.character_mut(who) {
                c.dead = true;
            }
        }
        Event::BurdenHealed {
            who,
            burden,
            removed,
            ..
        } => {
            if let Some(c) = state.character_mut(who) {
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
            if let Some(b) = state
                .character_mut(who)
                .and_then(|c| c.burdens.iter_mut().find(|b| &b.name == burden))
            {
                b.boxes.push(*added);
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Growth between conflicts: boxes unchecked and added, keys and traits gained or swapped (T10).
fn growth(state: &mut State, event: &Event) {
    match event {
        Event::BoxesUnchecked { who, traits, .. } => {
            if let Some(c) = state.character_mut(who) {
                for name in traits {
                    if let Some(t) = c.rollable_mut(name) {
                        t.checked = t.checked.saturating_sub(1);
                    }
                }
            }
        }
        Event::KeyAdded { who, key } => {
            if let Some(c) = state.character_mut(who) {
                c.keys.push(key.clone());
            }
        }
        Event::TraitAdded { who, trait_name } => {
            if let Some(c) = state.character_mut(who) {
                c.traits.push(Trait::new(trait_name.clone(), 1));
            }
        }
        Event::BoxesAdded { who, traits } => {
            if let Some(c) = state.character_mut(who) {
                for name in traits {
                    if let Some(t) = c.rollable_mut(name) {
                        t.boxes += 1;
                    }
                }
            }
        }
        Event::TraitSwapped { who, old, new } => {
            if let Some(t) = state
                .character_mut(who)
                .and_then(|c| c.traits.iter_mut().find(|t| &t.name == old))
            {
                t.name = new.clone();
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Obligations granted and ended: coloured boxes and the grantee's trait (T11).
fn obligations(state: &mut State, event: &Event) {
    match event {
        Event::ObligationGranted {
            granter,
            trait_name,
            boxes,
            grantee,
            as_trait,
            service,
        } => {
            if let Some(t) = state
                .character_mut(granter)
                .and_then(|c| c.rollable_mut(trait_name))
            {
                t.coloured += boxes;
            }
            if let Some(c) = state.character_mut(grantee) {
                c.obligations.push(Trait::new(as_trait.clone(), *boxes));
            }
            state.obligations.push(Obligation {
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
            let found = state
                .obligations
                .iter()
                .position(|o| &o.grantee == grantee && &o.grantee_trait == trait_name);
            if let Some(i) = found {
                let o = state.obligations.remove(i);
                if let Some(t) = state
                    .character_mut(&o.granter)
                    .and_then(|c| c.rollable_mut(&o.granter_trait))
                {
                    // Coloured boxes become unchecked (T11).
                    t.coloured = t.coloured.saturating_sub(o.boxes);
                }
                if let Some(c) = state.character_mut(grantee) {
                    c.obligations.retain(|t| &t.name != trait_name);
                }
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// A character as it sits down: its sheet, with the stats turned into traits in [`STATS`] order (so
/// their checked boxes count, T1), no obligations yet, alive.
fn character_of(sheet: &Sheet) -> Character {
    let stats = STATS
        .iter()
        .filter_map(|s| {
            sheet.stats.get(*s).map(|b| Trait {
                checked: b.checked(),
                ..Trait::new(*s, b.boxes())
            })
        })
        .collect();
    Character {
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

fn participant(who: &str, goal: &str, death_of: Option<String>, side: usize) -> Participant {
    Participant {
        who: who.to_string(),
        goal: goal.to_string(),
        side,
        pool: Vec::new(),
        used: Vec::new(),
        standing: Standing::In,
        acted_in: 0,
        surrendered_as: None,
        death_of,
        burden_boxes_used: Vec::new(),
        rolls: Vec::new(),
        steps: Vec::new(),
    }
}

/// Notes `what` as a step of `who` in the conflict's current exchange (a board's account of it).
fn step(state: &mut State, who: &str, what: StepKind) {
    if let Some(conflict) = state.conflict.as_mut() {
        let exchange = conflict.exchange;
        if let Some(p) = conflict.participant_mut(who) {
            p.steps.push(Step { exchange, what });
        }
    }
}

fn new_conflict(participants: Vec<Participant>, healing: Option<Healing>) -> Conflict {
    Conflict {
        exchange: 1,
        participants,
        surrenders: 0,
        winner: None,
        winner_allies: Vec::new(),
        final_order: Vec::new(),
        healing,
        new_burdens: Vec::new(),
    }
}

fn sorted(mut pool: Vec<u32>) -> Vec<u32> {
    pool.sort_unstable_by(|a, b| b.cmp(a));
    pool
}
