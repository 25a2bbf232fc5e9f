//! The moves of the book's Event (rulings F5-F7): starting one, declaring Total Actions, rolling
//! initiative, dividing a turn, acting, ending it.

use super::forms::{field, has, mv, named, number, one_of, option, small, some_of, text};
use crate::limits::{MAX_EMPTY_ACTIONS, MAX_REASON, MAX_ROUNDS, MAX_TEXT};
use crate::model::options::InitiativeMethod;
use crate::model::scene::Scene;
use crate::model::sheet::Rating;
use crate::model::state::State;
use crate::rules::initiative::{choices, empty_action_limit};
use serde_json::json;
use skald_core::{Choice, Move, Seat};

pub(super) fn event_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(scene) = &state.scene else {
        if seat.gm {
            start_event_move(state, out);
        }
        return;
    };
    if let Some(round) = scene.round_under_way() {
        if let Some(slot) = round.whose_turn()
            && seat.controls(&slot.who)
        {
            let method_two = scene.method == InitiativeMethod::Two;
            let roll = round.roll_of(&slot.who).map_or(0, |r| r.roll.get());
            let advised = empty_action_limit(roll, method_two);
            let actions = i64::from(slot.actions);
            out.push(mv(
                "Event",
                format!("{}: take the turn", slot.who),
                json!({"do": "act", "who": slot.who}),
                vec![
                    field(
                        "full",
                        "Full Actions (0 passes)",
                        number(0, actions, actions),
                    ),
                    field(
                        "empty",
                        "Empty Actions",
                        number(0, small(u128::from(MAX_EMPTY_ACTIONS)), 0),
                    ),
                    field("what", "What they do (optional)", text(MAX_REASON)),
                ],
                format!(
                    "Turn {} of round {}: up to {} Full Action{}; Empty Actions are free, the book \
                     advises at most {advised} (F7).",
                    slot.turn,
                    round.number,
                    slot.actions,
                    if slot.actions == 1 { "" } else { "s" }
                ),
            ));
        }
        if scene.method == InitiativeMethod::One && round.next == 0 {
            for rolled in &round.rolls {
                if !seat.controls(&rolled.who) {
                    continue;
                }
                let options: Vec<Choice> = choices(rolled.turn.get(), round.slowest.get())
                    .into_iter()
                    .map(|(k, turn)| {
                        option(
                            json!(k),
                            format!("{k} Full Action{} at {turn}", if k == 1 { "" } else { "s" }),
                        )
                    })
                    .collect();
                let divided = round
                    .order
                    .iter()
                    .any(|s| s.who == rolled.who && s.actions > 1);
                if options.len() < 2 && !divided {
                    continue;
                }
                out.push(mv(
                    "Event",
                    format!("{}: divide the turn", rolled.who),
                    json!({"do": "divide", "who": rolled.who}),
                    vec![field("actions", "Full Actions", one_of(options))],
                    format!(
                        "Turn {} against the slowest {}: one more Full Action for every two orders \
                         of magnitude, all at the turn divided (F5); before the round's first turn.",
                        rolled.turn, round.slowest
                    ),
                ));
            }
        }
    } else {
        for who in &scene.participants {
            if seat.controls(who) && !scene.declared.contains(who) {
                out.push(mv(
                    "Event",
                    format!("{who}: declare a Total Action"),
                    json!({"do": "declare_total_action", "who": who}),
                    Vec::new(),
                    format!(
                        "{who} takes no turn in round {} and may buy an ability instead; declared \
                         before the round's initiative (F7).",
                        scene.rounds + 1
                    ),
                ));
            }
        }
        if seat.gm && scene.rounds < MAX_ROUNDS {
            out.push(initiative_move(scene));
        }
    }
    if seat.gm {
        out.push(mv(
            "Event",
            "End the event".to_owned(),
            json!({"do": "end_event"}),
            Vec::new(),
            format!(
                "Ends {:?} after {} round{} (F5).",
                scene.name,
                scene.rounds,
                if scene.rounds == 1 { "" } else { "s" }
            ),
        ));
    }
}

pub(super) fn initiative_move(scene: &Scene) -> Move {
    let undeclared: Vec<Choice> = scene
        .participants
        .iter()
        .filter(|p| !scene.declared.contains(p))
        .map(|p| named(p))
        .collect();
    let declared = if scene.declared.is_empty() {
        String::new()
    } else {
        format!(" Declared already: {}.", scene.declared.join(", "))
    };
    let how = match scene.method {
        InitiativeMethod::One => "scaled to SPD's digits (F5)",
        InitiativeMethod::Two => {
            "scaled to SPD's digits, a turn every two orders of magnitude (F6)"
        }
    };
    mv(
        "Event",
        format!("Roll initiative for round {}", scene.rounds + 1),
        json!({"do": "initiative"}),
        vec![field(
            "total_actions",
            "Taking a Total Action (no turn)",
            some_of(undeclared),
        )],
        format!("Everyone else rolls d100 + ALC, {how}; highest first.{declared}"),
    )
}

pub(super) fn start_event_move(state: &State, out: &mut Vec<Move>) {
    let eligible: Vec<Choice> = state
        .characters
        .values()
        .filter(|s| {
            has(state, s, Rating::Alc)
                && has(state, s, Rating::Spd)
                && !state.resting.contains(&s.name)
        })
        .map(|s| named(&s.name))
        .collect();
    if eligible.is_empty() {
        return;
    }
    out.push(mv(
        "Event",
        "Start an event".to_owned(),
        json!({"do": "start_event"}),
        vec![
            field("name", "What happens", text(MAX_TEXT)),
            field("who", "Participants (1 to 32)", some_of(eligible)),
        ],
        "A staged encounter with turn order; participants need ALC and SPD and must not be \
         resting; each round starts with initiative (F5)."
            .to_owned(),
    ));
}
