//! Deciding event commands (F5-F7): starting and ending an event, Total Actions declared at initiative,
//! rolling a round's initiative by method 1 or 2, dividing a turn for extra Full Actions, and taking
//! turns in order.

use super::dice::roll_d100;
use super::lookup::{check_names, find, rating_of};
use crate::error::Error;
use crate::limits::{MAX_EMPTY_ACTIONS, MAX_PARTICIPANTS, MAX_REASON, MAX_ROUNDS, MAX_TEXT};
use crate::model::event::{Division, Event, Initiative, Turn};
use crate::model::number::{Number, NumberInput};
use crate::model::options::InitiativeMethod;
use crate::model::scene::InitiativeRoll;
use crate::model::scene::{Round, Scene, Slot};
use crate::model::sheet::Rating;
use crate::model::state::State;
use crate::rules::initiative::{
    divided_turn, empty_action_limit, max_actions, method_two_turns, scale,
};
use crate::rules::order::{Standing, arrange};
use skald_dice::DiceSource;
use std::collections::BTreeMap;

fn scene<'a>(state: &'a State, rule: &'static str) -> Result<&'a Scene, Error> {
    state.scene.as_ref().ok_or_else(|| Error::Refused {
        rule,
        message: "no event is under way: start one (`start_event`)".into(),
    })
}

fn under_way<'a>(state: &'a State, rule: &'static str) -> Result<(&'a Scene, &'a Round), Error> {
    let scene = scene(state, rule)?;
    match scene.round_under_way() {
        Some(round) => Ok((scene, round)),
        None => Err(Error::Refused {
            rule,
            message: format!(
                "no round of the event {:?} is under way: roll initiative (`initiative`)",
                scene.name
            ),
        }),
    }
}

/// Decides `start_event` (F5).
///
/// # Errors
/// See [`crate::Command::StartEvent`].
pub fn start(state: &State, name: &str, who: &[String]) -> Result<Vec<Event>, Error> {
    if let Some(scene) = &state.scene {
        return Err(Error::Refused {
            rule: "F5",
            message: format!(
                "`name` is {name:?}, but the event {:?} is under way: end it first (`end_event`)",
                scene.name
            ),
        });
    }
    Error::check_text("name", name, MAX_TEXT)?;
    check_names(
        state,
        "who",
        who,
        (1, MAX_PARTICIPANTS),
        "F5",
        "participants in one event",
    )?;
    for participant in who {
        let sheet = find(state, "who", participant)?;
        // Initiative needs both (F5): fail now rather than at the first round.
        rating_of(state, sheet, "who", Rating::Alc)?;
        rating_of(state, sheet, "who", Rating::Spd)?;
        if state.resting.contains(participant) {
            return Err(Error::Refused {
                rule: "F8",
                message: format!(
                    "`who` names {participant:?}, who is resting: end the rest first (`end_rest`)"
                ),
            });
        }
    }
    Ok(vec![Event::EventStarted {
        name: name.to_owned(),
        who: who.to_vec(),
        method: state.options.initiative,
    }])
}

/// Decides `declare_total_action` (F7).
///
/// # Errors
/// See [`crate::Command::DeclareTotalAction`].
pub fn declare_total_action(state: &State, who: &str) -> Result<Vec<Event>, Error> {
    let scene = scene(state, "F7")?;
    if !scene.participants.iter().any(|p| p == who) {
        return Err(Error::Refused {
            rule: "F7",
            message: format!(
                "`who` is {who:?}, but the event's participants are {}",
                scene.participants.join(", ")
            ),
        });
    }
    if let Some(round) = scene.round_under_way() {
        return Err(Error::LateTotalAction {
            who: who.to_owned(),
            round: round.number,
        });
    }
    if scene.declared.iter().any(|d| d == who) {
        return Err(Error::Refused {
            rule: "F7",
            message: format!(
                "`who` is {who:?}, who has declared a Total Action for round {} already",
                scene.rounds + 1
            ),
        });
    }
    Ok(vec![Event::TotalActionDeclared {
        who: who.to_owned(),
        round: scene.rounds + 1,
    }])
}

/// Decides `initiative` (F5-F7).
///
/// # Errors
/// See [`crate::Command::Initiative`].
pub fn initiative(
    state: &State,
    total_actions: &[String],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let scene = scene(state, "F5")?;
    if let Some(round) = scene.round_under_way() {
        let turn = round
            .whose_turn()
            .map(|s| format!("{}'s turn ({})", s.who, s.turn))
            .unwrap_or_default();
        return Err(Error::Refused {
            rule: "F5",
            message: format!(
                "round {} is under way, and it is {turn}: finish the round first (`act`; `full` = 0 \
                 passes)",
                round.number
            ),
        });
    }
    if scene.rounds >= MAX_ROUNDS {
        return Err(Error::OutOfRange {
            field: "round".into(),
            value: (scene.rounds + 1).to_string(),
            min: "1".into(),
            max: MAX_ROUNDS.to_string(),
            why: "rounds in one event, F5",
        });
    }
    Error::check_count(
        "total_actions",
        total_actions.len(),
        0,
        MAX_PARTICIPANTS,
        "Total Actions in one round, F7",
    )?;
    let mut totals: Vec<String> = scene.declared.clone();
    for (i, name) in total_actions.iter().enumerate() {
        if !scene.participants.contains(name) {
            return Err(Error::Invalid {
                field: "total_actions".into(),
                rule: "F7",
                message: format!(
                    "`total_actions` names {name:?}, but the event's participants are {}",
                    scene.participants.join(", ")
                ),
            });
        }
        if total_actions[..i].contains(name) {
            return Err(Error::Invalid {
                field: "total_actions".into(),
                rule: "F7",
                message: format!("`total_actions` lists {name:?} twice"),
            });
        }
        if !totals.contains(name) {
            totals.push(name.clone());
        }
    }
    let method_two = scene.method == InitiativeMethod::Two;
    let mut rolls = Vec::new();
    let mut order = Vec::new();
    let mut standings = BTreeMap::new();
    for (index, who) in scene.participants.iter().enumerate() {
        if totals.contains(who) {
            continue;
        }
        let sheet = find(state, "who", who)?;
        let alc = rating_of(state, sheet, "who", Rating::Alc)?;
        let spd = rating_of(state, sheet, "who", Rating::Spd)?;
        let lck = rating_of(state, sheet, "who", Rating::Lck).unwrap_or(0);
        let d100 = roll_d100(dice)?;
        let roll = alc + u128::from(d100);
        let turn = scale(roll, spd);
        let turns = if method_two {
            method_two_turns(turn)
        } else {
            vec![turn]
        };
        order.extend(turns.into_iter().map(|t| Slot {
            who: who.clone(),
            turn: Number(t),
            actions: 1,
            roll_off: Vec::new(),
        }));
        standings.insert(who.clone(), Standing { spd, lck, index });
        rolls.push(InitiativeRoll {
            who: who.clone(),
            d100,
            alc: Number(alc),
            roll: Number(roll),
            spd: Number(spd),
            lck: Number(lck),
            turn: Number(turn),
        });
    }
    let slowest = rolls.iter().map(|r| r.turn).min().unwrap_or_default();
    let roll_offs = arrange(&mut order, &standings, dice)?;
    Ok(vec![Event::InitiativeRolled(Initiative {
        round: scene.rounds + 1,
        rolls,
        total_actions: totals,
        slowest,
        roll_offs,
        order,
    })])
}

/// Tie-breaking standings for a round, from its initiative rolls.
fn standings(scene: &Scene, round: &Round) -> BTreeMap<String, Standing> {
    round
        .rolls
        .iter()
        .map(|r| {
            let index = scene
                .participants
                .iter()
                .position(|p| *p == r.who)
                .unwrap_or(usize::MAX);
            (
                r.who.clone(),
                Standing {
                    spd: r.spd.get(),
                    lck: r.lck.get(),
                    index,
                },
            )
        })
        .collect()
}

/// Decides `divide` (F5).
///
/// # Errors
/// See [`crate::Command::Divide`].
pub fn divide(
    state: &State,
    who: &str,
    actions: &NumberInput,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let (scene, round) = under_way(state, "F5")?;
    if scene.method == InitiativeMethod::Two {
        return Err(Error::Refused {
            rule: "F6",
            message: format!(
                "`who` is {who:?}, but under initiative method 2 turns come at every two orders of \
                 magnitude instead, one Full Action each; dividing a turn belongs to method 1"
            ),
        });
    }
    if round.next > 0 {
        return Err(Error::Refused {
            rule: "F5",
            message: format!(
                "`who` is {who:?}, but round {}'s turns have begun: a turn is divided before the \
                 first turn of the round",
                round.number
            ),
        });
    }
    let Some(rolled) = round.roll_of(who) else {
        return Err(Error::Refused {
            rule: "F5",
            message: format!(
                "`who` is {who:?}, who has no turn in round {} (in the order: {})",
                round.number,
                round
                    .rolls
                    .iter()
                    .map(|r| r.who.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    };
    let rolled_turn = rolled.turn.get();
    let max = max_actions(rolled_turn, round.slowest.get());
    let actions = actions.check_u64(
        "actions",
        1,
        u64::from(max),
        "Full Actions: one more for every two orders of magnitude on the slowest turn, F5",
    )?;
    let actions = u32::try_from(actions).unwrap_or(1);
    let turn = Number(divided_turn(rolled_turn, actions));
    let standings = standings(scene, round);
    let mut order = round.order.clone();
    for slot in order.iter_mut().filter(|s| s.who == who) {
        slot.turn = turn;
        slot.actions = actions;
    }
    // A tie the new turn makes is a new tie: everyone in it rolls off afresh.
    let key = |s: &Slot| standings.get(&s.who).map(|st| (s.turn, st.spd, st.lck));
    let new_key = order.iter().find(|s| s.who == who).and_then(key);
    for slot in order.iter_mut() {
        if slot.who == who || key(slot) == new_key {
            slot.roll_off.clear();
        }
    }
    let roll_offs = arrange(&mut order, &standings, dice)?;
    Ok(vec![Event::Divided(Division {
        who: who.to_owned(),
        actions,
        max_actions: max,
        rolled: rolled.turn,
        turn,
        roll_offs,
        order,
    })])
}

/// Decides `act` (F7).
///
/// # Errors
/// See [`crate::Command::Act`].
pub fn act(
    state: &State,
    who: &str,
    full: Option<&NumberInput>,
    empty: Option<&NumberInput>,
    what: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let (scene, round) = under_way(state, "F7")?;
    let Some(slot) = round.whose_turn() else {
        return Ok(Vec::new());
    };
    if slot.who != who {
        return Err(Error::Refused {
            rule: "F7",
            message: format!(
                "`who` is {who:?}, but it is {}'s turn (turn {} of round {})",
                slot.who, slot.turn, round.number
            ),
        });
    }
    let full = match full {
        Some(value) => value.check_u64(
            "full",
            0,
            u64::from(slot.actions),
            "Full Actions this turn, F7",
        )?,
        None => u64::from(slot.actions),
    };
    let empty = match empty {
        Some(value) => value.check_u64(
            "empty",
            0,
            MAX_EMPTY_ACTIONS,
            "Empty Actions in one turn, F7",
        )?,
        None => 0,
    };
    if let Some(what) = what {
        Error::check_text("what", what, MAX_REASON)?;
    }
    let method_two = scene.method == InitiativeMethod::Two;
    let roll = round.roll_of(who).map_or(0, |r| r.roll.get());
    let limit = empty_action_limit(roll, method_two);
    let warning = (empty > limit).then(|| {
        if method_two {
            format!("{empty} Empty Actions in one turn: the book advises at most two a turn under method 2 (F7)")
        } else {
            format!(
                "{empty} Empty Actions: the book advises no more than the roll's order of magnitude, \
                 {limit} for a roll of {roll} (F7)"
            )
        }
    });
    let full = u32::try_from(full).unwrap_or(slot.actions);
    Ok(vec![Event::Acted(Turn {
        who: who.to_owned(),
        turn: slot.turn,
        full,
        lost: slot.actions.saturating_sub(full),
        empty,
        warning,
        what: what.map(str::to_owned),
    })])
}

/// Decides `end_event` (F5).
///
/// # Errors
/// See [`crate::Command::EndEvent`].
pub fn end(state: &State) -> Result<Vec<Event>, Error> {
    let scene = scene(state, "F5")?;
    Ok(vec![Event::EventEnded {
        name: scene.name.clone(),
        rounds: scene.rounds,
    }])
}
