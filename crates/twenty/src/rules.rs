//! Deciding Twenty commands: checks every rule, rolls the dice, and returns the events (T1-T11).
//!
//! After the command's own events, the conflict's bookkeeping follows by itself: an exchange ends when
//! everyone still able has acted; the next begins with forced stands for those with nothing eligible; the
//! conflict ends when one side is left in or an exchange passes with no dice brought in; then deaths
//! (T7) and a healing's outcome (T8) follow.

use crate::command::Reward;
use crate::conflict::Conflict;
use crate::event::{BreakCause, Healing, StandReason, SurrenderReason};
use crate::limits::{
    MAJOR_GOAL_UNCHECK, MAX_BOXES, MAX_GOAL_CHARS, MAX_NAME_CHARS, MAX_PARTICIPANTS,
    MAX_TEXT_CHARS, MAX_TIE_ROLLS, MAX_UNCHECK, MIN_PARTICIPANTS, SIDES, THREE_BOXES,
};
use crate::sheet::{GM, STATS};
use crate::{Command, Declaration, Error, Event, State};
use skald_core::{DiceSource, Die};

/// The events `command` produces at `state`, rolling from `dice`.
///
/// # Errors
/// An [`Error`] naming the rule broken; nothing is changed then.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let mut log = Log {
        state: state.clone(),
        events: Vec::new(),
    };
    match command {
        Command::AddCharacter { character } => {
            character.validate(&state.catalogue)?;
            if state
                .characters
                .iter()
                .any(|c| c.name.eq_ignore_ascii_case(&character.name))
            {
                return Err(Error::DuplicateCharacter(character.name.clone()));
            }
            log.push(Event::CharacterAdded {
                character: character.clone(),
            });
            return Ok(log.events);
        }
        Command::DefineTrait {
            name,
            description,
            open,
        } => {
            text("name", name, MAX_NAME_CHARS)?;
            text("description", description, MAX_TEXT_CHARS)?;
            if state.catalogue.trait_def(name).is_some() {
                return Err(Error::Rule(format!(
                    "the trait {name:?} is already on the list (T12)"
                )));
            }
            log.push(Event::TraitDefined {
                name: name.clone(),
                description: description.clone(),
                open: *open,
            });
            return Ok(log.events);
        }
        Command::StartConflict { participants } => {
            no_conflict(state)?;
            check_declarations(state, participants)?;
            log.push(Event::ConflictStarted {
                participants: participants.clone(),
            });
            for d in participants {
                if let Some(c) = state
                    .character(&d.who)
                    .filter(|c| c.disabled_by().is_some())
                {
                    log.push(Event::Surrendered {
                        who: c.name.clone(),
                        reason: SurrenderReason::Disabled,
                    });
                }
            }
            force_stands_for_nothing_eligible(&mut log);
        }
        Command::StartHealing {
            healer,
            patient,
            burden,
            worsen_on_loss,
        } => {
            no_conflict(state)?;
            let healer_c = living(state, healer)?;
            let patient_c = living(state, patient)?;
            let Some(b) = patient_c.burden(burden) else {
                let names = patient_c
                    .burdens
                    .iter()
                    .map(|b| b.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(Error::Rule(format!(
                    "{patient} has no burden named {burden:?} (has: {names})"
                )));
            };
            if healer_c.disabled_by().is_some() {
                return Err(Error::Rule(format!(
                    "{healer} is disabled and would lose at once (T7)"
                )));
            }
            let healing = Healing {
                healer: healer.clone(),
                patient: patient.clone(),
                burden: burden.clone(),
                boxes: b.boxes.clone(),
                worsen_on_loss: *worsen_on_loss,
            };
            log.push(Event::HealingStarted { healing });
            force_stands_for_nothing_eligible(&mut log);
        }
        Command::BringIn { who, trait_name } => bring_in(&mut log, state, who, trait_name, dice)?,
        Command::UseBurden {
            who,
            of,
            burden,
            value,
        } => use_burden(&mut log, state, who, of, burden, *value)?,
        Command::Stand { who } => {
            let exchange = acting(state, who)?.exchange;
            log.push(Event::Stood {
                who: who.clone(),
                exchange,
            });
        }
        Command::Surrender { who } => {
            let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
            if who == GM && conflict.healing.is_some() {
                return Err(Error::Rule(
                    "the GM's side of a healing conflict never surrenders (T8)".into(),
                ));
            }
            let participant = conflict
                .participant(who)
                .ok_or_else(|| Error::NotAParticipant(who.clone()))?;
            if !participant.is_in() {
                return Err(Error::Surrendered(who.clone()));
            }
            log.push(Event::Surrendered {
                who: who.clone(),
                reason: SurrenderReason::Chose,
            });
        }
        Command::TakeBurden {
            who,
            from,
            boxes,
            name,
        } => take_burden(&mut log, state, who, from, *boxes, name, dice)?,
        Command::Repair { who, item } => {
            let c = living(state, who)?;
            match c.equipment.iter().find(|t| &t.name == item) {
                Some(t) if t.broken => log.push(Event::ItemRepaired {
                    who: who.clone(),
                    item: item.clone(),
                }),
                Some(_) => return Err(Error::Rule(format!("{who}'s {item} is not broken (T9)"))),
                None => {
                    return Err(Error::Rule(format!(
                        "{who} has no special item named {item:?}"
                    )));
                }
            }
            return Ok(log.events);
        }
        Command::MinorGoal { who, goal, uncheck } => {
            text("goal", goal, MAX_GOAL_CHARS)?;
            check_uncheck(state, who, std::slice::from_ref(uncheck))?;
            log.push(Event::BoxesUnchecked {
                who: who.clone(),
                traits: vec![uncheck.clone()],
                reason: goal_reason(state, who, goal, false),
            });
            return Ok(log.events);
        }
        Command::MajorGoal { who, goal, reward } => {
            text("goal", goal, MAX_GOAL_CHARS)?;
            major_goal(&mut log, state, who, goal, reward)?;
            return Ok(log.events);
        }
        Command::Rest { who, uncheck } => {
            check_uncheck(state, who, uncheck)?;
            log.push(Event::BoxesUnchecked {
                who: who.clone(),
                traits: uncheck.clone(),
                reason: "rest".into(),
            });
            return Ok(log.events);
        }
        Command::GrantObligation {
            granter,
            trait_name,
            boxes,
            grantee,
            as_trait,
            service,
        } => {
            let g = living(state, granter)?;
            living(state, grantee)?;
            if granter == grantee {
                return Err(Error::Rule(
                    "an obligation is granted to someone else (T11)".into(),
                ));
            }
            text("as", as_trait, MAX_NAME_CHARS)?;
            text("service", service, MAX_TEXT_CHARS)?;
            let Some(t) = g.rollable(trait_name) else {
                return Err(Error::Rule(format!(
                    "{granter} has no trait named {trait_name:?} to grant from (T11)"
                )));
            };
            if *boxes == 0 || *boxes > t.unchecked() {
                return Err(Error::Rule(format!(
                    "boxes is {boxes}; {granter}'s {trait_name} has {} unchecked boxes to colour (T11: 1 to that)",
                    t.unchecked()
                )));
            }
            if state
                .character(grantee)
                .is_some_and(|c| c.rollable(as_trait).is_some())
            {
                return Err(Error::Rule(format!(
                    "{grantee} already has a trait named {as_trait:?}"
                )));
            }
            log.push(Event::ObligationGranted {
                granter: granter.clone(),
                trait_name: trait_name.clone(),
                boxes: *boxes,
                grantee: grantee.clone(),
                as_trait: as_trait.clone(),
                service: service.clone(),
            });
            return Ok(log.events);
        }
        Command::EndObligation {
            grantee,
            trait_name,
            reason,
        } => {
            if !state
                .obligations
                .iter()
                .any(|o| &o.grantee == grantee && &o.grantee_trait == trait_name)
            {
                return Err(Error::Rule(format!(
                    "{grantee} holds no obligation trait named {trait_name:?} (T11)"
                )));
            }
            log.push(Event::ObligationEnded {
                grantee: grantee.clone(),
                trait_name: trait_name.clone(),
                reason: *reason,
            });
            return Ok(log.events);
        }
    }
    follow_up(&mut log, dice)?;
    Ok(log.events)
}

/// Events decided so far and the state they fold to, so later checks see earlier events.
struct Log {
    state: State,
    events: Vec<Event>,
}

impl Log {
    fn push(&mut self, event: Event) {
        self.state = std::mem::replace(&mut self.state, State::empty()).apply(&event);
        self.events.push(event);
    }

    fn conflict(&self) -> Option<&Conflict> {
        self.state.active_conflict()
    }
}

fn text(field: &str, value: &str, max: usize) -> Result<(), Error> {
    let chars = value.chars().count();
    if value.trim().is_empty() || chars > max {
        return Err(Error::Rule(format!(
            "{field} has {chars} characters; allowed 1 to {max}, not blank"
        )));
    }
    Ok(())
}

fn no_conflict(state: &State) -> Result<(), Error> {
    match state.active_conflict() {
        Some(conflict) => Err(Error::ConflictInProgress(conflict.exchange)),
        None => Ok(()),
    }
}

fn living<'s>(state: &'s State, who: &str) -> Result<&'s crate::Character, Error> {
    let c = state
        .character(who)
        .ok_or_else(|| Error::UnknownCharacter(who.to_string()))?;
    if c.dead {
        return Err(Error::Rule(format!("{who} is dead (T7)")));
    }
    Ok(c)
}

fn check_declarations(state: &State, participants: &[Declaration]) -> Result<(), Error> {
    if !(MIN_PARTICIPANTS..=MAX_PARTICIPANTS).contains(&participants.len()) {
        return Err(Error::Participants(format!(
            "a conflict needs {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS} sides, got {}",
            participants.len()
        )));
    }
    for (i, declaration) in participants.iter().enumerate() {
        living(state, &declaration.who)?;
        if participants[..i].iter().any(|d| d.who == declaration.who) {
            return Err(Error::Participants(format!(
                "{} is declared twice",
                declaration.who
            )));
        }
        let chars = declaration.goal.chars().count();
        if declaration.goal.trim().is_empty() || chars > MAX_GOAL_CHARS {
            return Err(Error::Participants(format!(
                "{}'s goal has {chars} characters; a goal is 1 to {MAX_GOAL_CHARS}, not blank",
                declaration.who
            )));
        }
        if let Some(target) = &declaration.death_of
            && (target == &declaration.who || !participants.iter().any(|d| &d.who == target))
        {
            return Err(Error::Participants(format!(
                "{}'s death goal names {target:?}, who is not an opponent in this conflict (T7)",
                declaration.who
            )));
        }
    }
    Ok(())
}

/// The conflict in progress, once `who` is known to be able to act in the current exchange.
fn acting<'s>(state: &'s State, who: &str) -> Result<&'s Conflict, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let participant = conflict
        .participant(who)
        .ok_or_else(|| Error::NotAParticipant(who.to_string()))?;
    if who == GM && conflict.healing.is_some() {
        return Err(Error::Rule(
            "the GM's side of a healing conflict rolls only when the healer brings in dice (T8)"
                .into(),
        ));
    }
    if !participant.is_in() {
        return Err(Error::Surrendered(who.to_string()));
    }
    if !participant.can_act() {
        return Err(Error::MustStand(who.to_string()));
    }
    if participant.acted_in == conflict.exchange {
        return Err(Error::AlreadyActed {
            who: who.to_string(),
            exchange: conflict.exchange,
        });
    }
    Ok(conflict)
}

fn bring_in(
    log: &mut Log,
    state: &State,
    who: &str,
    trait_name: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Error> {
    let conflict = acting(state, who)?;
    let exchange = conflict.exchange;
    let character = state
        .character(who)
        .ok_or_else(|| Error::UnknownCharacter(who.to_string()))?;
    let Some(chosen) = character.rollable(trait_name) else {
        let available = character
            .rollables()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::UnknownTrait {
            who: who.to_string(),
            name: trait_name.to_string(),
            available,
        });
    };
    let participant = conflict
        .participant(who)
        .ok_or_else(|| Error::NotAParticipant(who.to_string()))?;
    if participant.used.iter().any(|u| u == trait_name) {
        return Err(Error::AlreadyUsed {
            who: who.to_string(),
            name: trait_name.to_string(),
        });
    }
    if chosen.broken {
        return Err(Error::Rule(format!(
            "{who}'s {trait_name} is broken and cannot be used until repaired (T9)"
        )));
    }
    if chosen.unchecked() < exchange {
        return Err(Error::TooFewBoxes {
            who: who.to_string(),
            name: trait_name.to_string(),
            unchecked: chosen.unchecked(),
            exchange,
        });
    }
    let rolled = roll_d20s(dice, chosen.unchecked())?;
    let rolled_one = rolled.contains(&1);
    let rolled_twenty = rolled.contains(&20);
    let is_item = character.is_item(trait_name);
    let first_time = participant.rolls.is_empty();
    log.push(Event::BroughtIn {
        who: who.to_string(),
        trait_name: trait_name.to_string(),
        exchange,
        dice: rolled,
    });
    if rolled_one {
        log.push(Event::ForcedToStand {
            who: who.to_string(),
            reason: StandReason::RolledOne,
        });
    }
    if log.state.options.equipment_breaking {
        breakage(
            log,
            who,
            trait_name,
            exchange,
            is_item,
            rolled_one,
            rolled_twenty,
        );
    }
    // T8: each later time the healer brings in dice, the GM rolls one d20 per burden box.
    if let Some(healing) = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who && !first_time)
    {
        let boxes = state
            .character(&healing.patient)
            .and_then(|c| c.burden(&healing.burden))
            .map_or(0, |b| b.boxes.len());
        let gm = roll_d20s(dice, boxes as u32)?;
        log.push(Event::GmRolled { dice: gm });
    }
    Ok(())
}

/// T9: an item breaks on its user's 1, or an opponent's 20 in the exchange it was brought in.
fn breakage(
    log: &mut Log,
    who: &str,
    trait_name: &str,
    exchange: u32,
    is_item: bool,
    one: bool,
    twenty: bool,
) {
    if is_item && one {
        log.push(Event::ItemBroke {
            who: who.into(),
            item: trait_name.into(),
            cause: BreakCause::RolledOne,
        });
    }
    let Some(conflict) = log.conflict() else {
        return;
    };
    let mut breaks = Vec::new();
    if is_item && !one {
        // An opponent's 20 earlier in this exchange breaks it too.
        let by = conflict.participants.iter().find(|p| {
            p.who != who
                && p.rolls
                    .iter()
                    .any(|(x, dice)| *x == exchange && dice.contains(&20))
        });
        if let Some(by) = by {
            breaks.push((who.to_string(), trait_name.to_string(), by.who.clone()));
        }
    }
    if twenty {
        for p in conflict.participants.iter().filter(|p| p.who != who) {
            let Some(owner) = log.state.character(&p.who) else {
                continue;
            };
            // `used` and `rolls` grow together, one entry per bring-in.
            for (item, (x, _)) in p.used.iter().zip(&p.rolls) {
                let unbroken_item = owner.equipment.iter().any(|t| &t.name == item && !t.broken);
                if *x == exchange && unbroken_item {
                    breaks.push((p.who.clone(), item.clone(), who.to_string()));
                }
            }
        }
    }
    for (owner, item, by) in breaks {
        log.push(Event::ItemBroke {
            who: owner,
            item,
            cause: BreakCause::OpponentRolledTwenty(by),
        });
    }
}

fn use_burden(
    log: &mut Log,
    state: &State,
    who: &str,
    of: &str,
    burden: &str,
    value: u32,
) -> Result<(), Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let user = conflict
        .participant(who)
        .ok_or_else(|| Error::NotAParticipant(who.to_string()))?;
    if !user.is_in() {
        return Err(Error::Surrendered(who.to_string()));
    }
    if !user.can_act() {
        return Err(Error::MustStand(who.to_string()));
    }
    if who == of || conflict.participant(of).is_none() {
        return Err(Error::Rule(format!(
            "{of} is not {who}'s opponent in this conflict; burden dice are used against their owner (T6)"
        )));
    }
    let owner = state
        .character(of)
        .ok_or_else(|| Error::UnknownCharacter(of.to_string()))?;
    let Some(b) = owner.burden(burden) else {
        let names = owner
            .burdens
            .iter()
            .map(|b| b.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::Rule(format!(
            "{of} has no burden named {burden:?} (has: {names})"
        )));
    };
    if conflict
        .new_burdens
        .iter()
        .any(|(o, n)| o == of && n == burden)
    {
        return Err(Error::Rule(format!(
            "{of}'s {burden} was made in this conflict and cannot be used in it (T6)"
        )));
    }
    let used: Vec<usize> = conflict
        .participants
        .iter()
        .flat_map(|p| p.burden_boxes_used.iter())
        .filter(|(o, n, _)| o == of && n == burden)
        .map(|(_, _, i)| *i)
        .collect();
    let Some(index) = b
        .boxes
        .iter()
        .enumerate()
        .position(|(i, v)| *v == value && !used.contains(&i))
    else {
        return Err(Error::Rule(format!(
            "{of}'s {burden} has no unused box of {value} in this conflict (boxes {:?}; each once per conflict, T6)",
            b.boxes
        )));
    };
    log.push(Event::BurdenDieUsed {
        who: who.into(),
        of: of.into(),
        burden: burden.into(),
        index,
        value,
    });
    Ok(())
}

fn stat_for(roll: u32) -> &'static str {
    // T5: four faces each, 1-4 Physical to 17-20 Spiritual.
    STATS[((roll.clamp(1, SIDES) - 1) / 4) as usize]
}

#[allow(clippy::too_many_arguments)]
fn take_burden(
    log: &mut Log,
    state: &State,
    who: &str,
    from: &str,
    boxes: u32,
    name: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let taker = conflict
        .participant(who)
        .ok_or_else(|| Error::NotAParticipant(who.to_string()))?;
    if !taker.is_in() {
        return Err(Error::Rule(format!(
            "{who} has surrendered: surrendered participants take no burdens (T5)"
        )));
    }
    if who == GM {
        return Err(Error::Rule(
            "the GM takes no burdens in a healing conflict (T5)".into(),
        ));
    }
    let opponent = conflict.participant(from).filter(|_| from != who).ok_or_else(|| {
        Error::Rule(format!("{from} is not {who}'s opponent in this conflict (T5: a burden is taken from one opponent)"))
    })?;
    if !opponent.is_in() {
        return Err(Error::Rule(format!(
            "{from} has surrendered; its dice are gone (T5)"
        )));
    }
    text("name", name, MAX_NAME_CHARS)?;
    if state
        .character(who)
        .is_some_and(|c| c.burden(name).is_some())
    {
        return Err(Error::Rule(format!(
            "{who} already carries a burden named {name:?}; name it differently"
        )));
    }
    let my_highest = taker.pool.first().copied().unwrap_or(0);
    let beating = opponent.pool.iter().filter(|d| **d > my_highest).count() as u32;
    if beating == 0 {
        return Err(Error::Rule(format!(
            "{from} has no dice above {who}'s highest die {my_highest}: no burden can be taken from it (T5)"
        )));
    }
    if boxes == 0 || boxes > beating {
        return Err(Error::Rule(format!(
            "boxes is {boxes}; {from} has {beating} dice above {who}'s highest die {my_highest}, so 1 to {beating} (T5)"
        )));
    }
    let discarded: Vec<u32> = opponent.pool.iter().take(boxes as usize).copied().collect();
    let roll = u32::try_from(dice.roll(Die::Numbered(SIDES))?).unwrap_or(1);
    let stat = stat_for(roll).to_string();
    log.push(Event::BurdenTaken {
        who: who.into(),
        from: from.into(),
        name: name.into(),
        stat_roll: roll,
        stat,
        boxes: discarded,
    });
    check_disabled(log, who);
    Ok(())
}

/// T7: when a character's burden boxes under a stat exceed the stat's boxes, it is disabled; in a
/// conflict it loses at once, as if it surrendered.
fn check_disabled(log: &mut Log, who: &str) {
    let Some(c) = log.state.character(who) else {
        return;
    };
    let Some((stat, burdens, boxes)) = c.disabled_by() else {
        return;
    };
    let event = Event::Disabled {
        who: who.into(),
        stat: stat.into(),
        burden_boxes: burdens,
        stat_boxes: boxes,
    };
    let in_conflict = log
        .conflict()
        .and_then(|c| c.participant(who))
        .is_some_and(|p| p.is_in());
    log.push(event);
    if in_conflict {
        log.push(Event::Surrendered {
            who: who.into(),
            reason: SurrenderReason::Disabled,
        });
    }
}

fn check_uncheck(state: &State, who: &str, names: &[String]) -> Result<(), Error> {
    let c = living(state, who)?;
    if names.is_empty() || names.len() > MAX_UNCHECK {
        return Err(Error::Rule(format!(
            "uncheck lists {} boxes; allowed 1 to {MAX_UNCHECK}",
            names.len()
        )));
    }
    if state
        .active_conflict()
        .is_some_and(|k| k.participant(who).is_some())
    {
        return Err(Error::Rule(format!(
            "{who} is in a conflict; boxes regenerate outside conflicts (T10)"
        )));
    }
    for name in names {
        let Some(t) = c.rollable(name) else {
            return Err(Error::Rule(format!(
                "{who} has no trait, stat or item named {name:?}"
            )));
        };
        let wanted = names.iter().filter(|n| *n == name).count() as u32;
        if wanted > t.checked {
            let coloured = if t.coloured > 0 {
                format!(
                    " and {} coloured, which do not regenerate (T11)",
                    t.coloured
                )
            } else {
                String::new()
            };
            return Err(Error::Rule(format!(
                "{who}'s {name} has {} checked boxes{coloured}; cannot uncheck {wanted} (T10)",
                t.checked
            )));
        }
    }
    Ok(())
}

fn major_goal(
    log: &mut Log,
    state: &State,
    who: &str,
    goal: &str,
    reward: &Reward,
) -> Result<(), Error> {
    let c = living(state, who)?;
    let catalogue = &state.catalogue;
    let traits: Vec<(String, u32)> = c.traits.iter().map(|t| (t.name.clone(), t.boxes)).collect();
    let unlocked = catalogue.unlocked_by(&c.keys);
    // A trait a reward writes onto the sheet: new to it, and unlocked by its keys or open (T10).
    let check_new_trait = |name: &str| -> Result<(), Error> {
        if c.rollable(name).is_some() {
            return Err(Error::Rule(format!("{who} already has {name}")));
        }
        if !unlocked.iter().any(|u| u.eq_ignore_ascii_case(name)) {
            return Err(Error::Rule(format!(
                "{name} is not unlocked by {} nor open (T10)",
                c.keys.join(", ")
            )));
        }
        Ok(())
    };
    match reward {
        Reward::Uncheck(names) => {
            if names.len() > MAJOR_GOAL_UNCHECK {
                return Err(Error::Rule(format!(
                    "a major goal unchecks up to {MAJOR_GOAL_UNCHECK} boxes, not {} (T10)",
                    names.len()
                )));
            }
            check_uncheck(state, who, names)?;
            log.push(Event::BoxesUnchecked {
                who: who.into(),
                traits: names.clone(),
                reason: format!("major goal: {goal}"),
            });
        }
        Reward::NewKey(key) => {
            if c.keys.iter().any(|k| k == key) {
                return Err(Error::Rule(format!("{who} already has the key {key}")));
            }
            if catalogue.key(key).is_none() {
                return Err(Error::Rule(format!(
                    "{key:?} is not a key of the book or of this table (T12)"
                )));
            }
            catalogue
                .prerequisites_met(key, &traits)
                .map_err(|missing| {
                    Error::Rule(format!("{key} needs {} (T10)", missing.join(", ")))
                })?;
            log.push(Event::KeyAdded {
                who: who.into(),
                key: key.clone(),
            });
        }
        Reward::NewTrait(name) => {
            check_new_trait(name)?;
            log.push(Event::TraitAdded {
                who: who.into(),
                trait_name: name.clone(),
            });
        }
        Reward::ThreeBoxes(names) => {
            let mut distinct = names.clone();
            distinct.sort();
            distinct.dedup();
            if names.len() != THREE_BOXES || distinct.len() != THREE_BOXES {
                return Err(Error::Rule(format!(
                    "three different traits get a box each (T10), not {names:?}"
                )));
            }
            for name in names {
                match c.traits.iter().find(|t| &t.name == name) {
                    Some(t) if t.boxes >= MAX_BOXES => {
                        return Err(Error::Rule(format!(
                            "{name} has {} boxes, the most a trait may have",
                            t.boxes
                        )));
                    }
                    Some(_) => {}
                    None => {
                        return Err(Error::Rule(format!(
                            "{who} has no trait named {name:?} (T10: traits get boxes)"
                        )));
                    }
                }
            }
            log.push(Event::BoxesAdded {
                who: who.into(),
                traits: names.clone(),
            });
        }
        Reward::SwapTrait { old, new } => {
            if !c.traits.iter().any(|t| &t.name == old) {
                return Err(Error::Rule(format!(
                    "{who} has no trait named {old:?} to swap (T10)"
                )));
            }
            check_new_trait(new)?;
            log.push(Event::TraitSwapped {
                who: who.into(),
                old: old.clone(),
                new: new.clone(),
            });
        }
    }
    Ok(())
}

/// "minor goal: ..." or "major goal: ...", flagged when the goal is not one its keys list (T10; the GM
/// may accept goals of the table's own, T12).
fn goal_reason(state: &State, who: &str, goal: &str, major: bool) -> String {
    let kind = if major { "major goal" } else { "minor goal" };
    let keys = state
        .character(who)
        .map(|c| c.keys.clone())
        .unwrap_or_default();
    let listed = keys.iter().filter_map(|k| state.catalogue.key(k)).any(|k| {
        let goals = if major {
            &k.major_goals
        } else {
            &k.minor_goals
        };
        goals.iter().any(|g| {
            g.trim_end_matches('.')
                .eq_ignore_ascii_case(goal.trim_end_matches('.'))
        })
    });
    if listed {
        format!("{kind}: {goal}")
    } else {
        format!(
            "{kind}, the table's own (not listed under {}): {goal}",
            keys.join(", ")
        )
    }
}

fn roll_d20s(dice: &mut dyn DiceSource, count: u32) -> Result<Vec<u32>, Error> {
    (0..count).map(|_| roll_d20(dice)).collect()
}

fn roll_d20(dice: &mut dyn DiceSource) -> Result<u32, Error> {
    let value = dice.roll(Die::Numbered(SIDES))?;
    // A source only returns faces of the die asked for: 1-20 fits a u32.
    Ok(u32::try_from(value).unwrap_or(1))
}

/// Forces a stand on every participant still able to act that has nothing left to bring in (T2).
fn force_stands_for_nothing_eligible(log: &mut Log) {
    let Some(conflict) = log.conflict() else {
        return;
    };
    let exchange = conflict.exchange;
    let stuck: Vec<String> = conflict
        .participants
        .iter()
        .filter(|p| p.can_act())
        .filter(|p| {
            let character = log.state.character(&p.who);
            !character.is_some_and(|c| {
                c.rollables()
                    .any(|t| t.unchecked() >= exchange && !t.broken && !p.used.contains(&t.name))
            })
        })
        .map(|p| p.who.clone())
        .collect();
    for who in stuck {
        log.push(Event::ForcedToStand {
            who,
            reason: StandReason::NothingEligible,
        });
    }
}

/// Ends exchanges and the conflict when their time has come (T2, T4).
fn follow_up(log: &mut Log, dice: &mut dyn DiceSource) -> Result<(), Error> {
    // Each pass either stops or ends an exchange; exchanges are bounded by the boxes in play, since an
    // exchange that brings in no dice ends the conflict.
    loop {
        let Some(conflict) = log.conflict() else {
            return Ok(());
        };
        let inside = conflict.participants.iter().filter(|p| p.is_in()).count();
        if inside <= 1 {
            let winner = conflict
                .participants
                .iter()
                .find(|p| p.is_in())
                .map(|p| p.who.clone());
            let mut order: Vec<String> = winner.iter().cloned().collect();
            order.extend(conflict.surrendered_most_recent_first());
            let winner = winner.unwrap_or_default();
            log.push(Event::ConflictEnded { winner, order });
            return aftermath(log);
        }
        let exchange = conflict.exchange;
        let waiting = conflict
            .participants
            .iter()
            .any(|p| p.can_act() && p.acted_in < exchange);
        if waiting {
            return Ok(());
        }
        let any_dice = conflict.dice_this_exchange();
        let order = conflict.order_of_those_in();
        let pools = order
            .iter()
            .filter_map(|who| conflict.participant(who))
            .map(|p| p.pool.clone())
            .collect();
        log.push(Event::ExchangeEnded {
            exchange,
            order,
            pools,
            winning: conflict.winning(),
        });
        if !any_dice {
            resolve(log, dice)?;
            return aftermath(log);
        }
        log.push(Event::ExchangeBegan {
            exchange: exchange + 1,
        });
        force_stands_for_nothing_eligible(log);
    }
}

/// The end after an exchange without dice: highest pool wins, a tie at the top is rolled off (T4).
fn resolve(log: &mut Log, dice: &mut dyn DiceSource) -> Result<(), Error> {
    let Some(conflict) = log.conflict() else {
        return Ok(());
    };
    let order = conflict.order_of_those_in();
    let surrendered = conflict.surrendered_most_recent_first();
    let pool_of = |who: &str| {
        conflict
            .participant(who)
            .map(|p| p.pool.clone())
            .unwrap_or_default()
    };
    let top = pool_of(&order[0]);
    let mut tied: Vec<String> = order
        .iter()
        .filter(|who| pool_of(who) == top)
        .cloned()
        .collect();
    let mut rounds = 0;
    while tied.len() > 1 {
        rounds += 1;
        if rounds > MAX_TIE_ROLLS {
            return Err(Error::TieUnbroken(MAX_TIE_ROLLS));
        }
        let rolls = tied
            .iter()
            .map(|who| Ok((who.clone(), roll_d20(dice)?)))
            .collect::<Result<Vec<_>, Error>>()?;
        let best = rolls.iter().map(|(_, d)| *d).max().unwrap_or(0);
        tied = rolls
            .iter()
            .filter(|(_, d)| *d == best)
            .map(|(who, _)| who.clone())
            .collect();
        log.push(Event::TieRolled { rolls });
    }
    let winner = tied.pop().unwrap_or_else(|| order[0].clone());
    let mut final_order = vec![winner.clone()];
    final_order.extend(order.into_iter().filter(|who| *who != winner));
    final_order.extend(surrendered);
    log.push(Event::ConflictEnded {
        winner,
        order: final_order,
    });
    Ok(())
}

/// After the end: a death goal won kills its target (T7); a healing heals or worsens (T8).
fn aftermath(log: &mut Log) -> Result<(), Error> {
    let Some(conflict) = log.state.conflict.clone() else {
        return Ok(());
    };
    let Some(winner) = conflict.winner.clone() else {
        return Ok(());
    };
    if let Some(target) = conflict
        .participant(&winner)
        .and_then(|p| p.death_of.clone())
        && target != winner
    {
        log.push(Event::CharacterDied {
            who: target,
            by: winner.clone(),
        });
    }
    if let Some(healing) = &conflict.healing {
        let gm_highest = conflict
            .participant(GM)
            .and_then(|p| p.pool.first().copied())
            .unwrap_or(0);
        let burden_now = log
            .state
            .character(&healing.patient)
            .and_then(|c| c.burden(&healing.burden))
            .cloned();
        let Some(burden) = burden_now else {
            return Ok(());
        };
        if winner == healing.healer {
            let healer_pool = conflict
                .participant(&healing.healer)
                .map(|p| p.pool.clone())
                .unwrap_or_default();
            let count = healer_pool.iter().filter(|d| **d >= gm_highest).count();
            let mut boxes = burden.boxes.clone();
            boxes.sort_unstable_by(|a, b| b.cmp(a));
            let removed: Vec<u32> = boxes.into_iter().take(count).collect();
            if !removed.is_empty() {
                log.push(Event::BurdenHealed {
                    who: healing.patient.clone(),
                    burden: healing.burden.clone(),
                    removed,
                });
            }
        } else if healing.worsen_on_loss && gm_highest > 0 {
            log.push(Event::BurdenWorsened {
                who: healing.patient.clone(),
                burden: healing.burden.clone(),
                added: gm_highest,
            });
            check_disabled(log, &healing.patient.clone());
        }
    }
    Ok(())
}
