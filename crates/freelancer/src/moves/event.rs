//! The moves of the book's Event (rulings F5-F7): starting one, declaring Total Actions, rolling
//! initiative, dividing a turn, acting, ending it.

use super::forms::{field, has, mv, named, number, one_of, option, small, some_of, text};
use crate::limits::{MAX_EMPTY_ACTIONS, MAX_REASON, MAX_ROUNDS, MAX_TEXT};
use crate::model::Verb;
use crate::model::options::InitiativeMethod;
use crate::model::scene::Scene;
use crate::model::sheet::Rating;
use crate::model::state::State;
use crate::rules::initiative::{choices, empty_action_limit};
use serde_json::json;
use skald_core::{Choice, Move, Seat, noun};

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
            let full = if slot.actions > 1 {
                field(
                    "full",
                    "Full Actions (those not taken are lost)",
                    one_of(divided_choices(&slot.who, slot.actions)),
                )
            } else {
                field(
                    "full",
                    "Full Actions (0 passes)",
                    number(0, actions, actions),
                )
            };
            let divided = if slot.actions > 1 {
                " The turn was divided: its Full Actions all come now, and those not taken are \
                 lost when it ends (F5)."
            } else {
                ""
            };
            out.push(mv(
                "Event",
                format!("{}: take the turn", slot.who),
                Verb::Act,
                json!({"who": slot.who}),
                vec![
                    full,
                    field(
                        "empty",
                        "Empty Actions",
                        number(0, small(u128::from(MAX_EMPTY_ACTIONS)), 0),
                    ),
                    field("what", "What they do (optional)", text(MAX_REASON)),
                ],
                format!(
                    "Turn {} of round {}: up to {} Full Action{}; Empty Actions are free, the book \
                     advises at most {advised} (F7).{divided}",
                    slot.turn,
                    round.number,
                    slot.actions,
                    if slot.actions == 1 { "" } else { "s" }
                ),
            ).for_character(&slot.who));
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
                    Verb::Divide,
                    json!({"who": rolled.who}),
                    vec![field("actions", "Full Actions", one_of(options))],
                    format!(
                        "Turn {} against the slowest {}: one more Full Action for every two orders \
                         of magnitude, all at the turn divided (F5); before the round's first turn.",
                        rolled.turn, round.slowest
                    ),
                ).for_character(&rolled.who));
            }
        }
    } else {
        for who in &scene.participants {
            if seat.controls(who) && !scene.declared.contains(who) {
                out.push(mv(
                    "Event",
                    format!("{who}: declare a Total Action"),
                    Verb::DeclareTotalAction,
                    json!({"who": who}),
                    Vec::new(),
                    format!(
                        "{who} gives up its turn in round {} for a Total Action, such as buying an \
                         ability, fleeing or divine intervention; which one is said when the GM \
                         asks. Declared before the round's initiative (F7).",
                        scene.rounds + 1
                    ),
                ).for_character(who));
            }
        }
        if seat.gm && scene.rounds < MAX_ROUNDS {
            out.push(initiative_move(scene));
        }
    }
    if seat.gm {
        let mut end = mv(
            "Event",
            "End the event".to_owned(),
            Verb::EndEvent,
            json!({}),
            Vec::new(),
            format!(
                "Ends \"{}\" after {} round{} (F5).",
                scene.name,
                scene.rounds,
                if scene.rounds == 1 { "" } else { "s" }
            ),
        );
        end.confirm = Some(end_question(scene));
        out.push(end);
    }
}

/// The choices of a divided turn's Full Actions, all of them first; each fewer says how many are
/// lost, beside the form and in a question before it is sent (F5, F7).
fn divided_choices(who: &str, actions: u32) -> Vec<Choice> {
    (0..=actions)
        .rev()
        .map(|k| {
            let lost = actions - k;
            let taken = if k == 0 {
                "0: pass".to_owned()
            } else {
                noun(k as usize, "Full Action", "Full Actions")
            };
            if lost == 0 {
                return option(json!(k), taken);
            }
            let lost_words = noun(lost as usize, "Full Action", "Full Actions");
            option(json!(k), format!("{taken} ({lost_words} lost)"))
                .with_help(format!(
                    "The turn ends with it: {lost_words} of {who}'s {actions} {} lost, not kept \
                     for later (F5, F7).",
                    if lost == 1 { "is" } else { "are" }
                ))
                .confirming(if k == 0 {
                    format!(
                        "Pass {who}'s turn? All {actions} of its Full Actions are lost: a divided \
                         turn's actions do not wait for a later turn."
                    )
                } else {
                    format!(
                        "End {who}'s turn after {k} of its {actions} Full Actions? The other \
                         {lost} {} lost: a divided turn's actions do not wait for a later turn.",
                        if lost == 1 { "is" } else { "are" }
                    )
                })
        })
        .collect()
}

/// What ending the event loses: the turns of the round under way not yet taken (F5).
fn end_question(scene: &Scene) -> String {
    let left: Vec<&str> = scene
        .round_under_way()
        .and_then(|r| r.order.get(r.next..))
        .map(|left| left.iter().map(|s| s.who.as_str()).collect())
        .unwrap_or_default();
    if left.is_empty() {
        format!(
            "End the event \"{}\"? No more rounds are played in it.",
            scene.name
        )
    } else {
        format!(
            "End the event \"{}\"? The turns left in round {} are lost ({}).",
            scene.name,
            scene.rounds,
            left.join(", ")
        )
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
        Verb::Initiative,
        json!({}),
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
        Verb::StartEvent,
        json!({}),
        vec![
            field("name", "What happens", text(MAX_TEXT)),
            field("who", "Participants (1 to 32)", some_of(eligible)),
        ],
        "A staged encounter with turn order; participants need ALC and SPD and must not be \
         resting; each round starts with initiative (F5)."
            .to_owned(),
    ));
}
