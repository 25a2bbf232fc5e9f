//! The GM's moves of rests and safe areas (ruling F8): resting, ending a rest, entering and
//! leaving a safe area.

use super::forms::{field, mv, named, some_of, text};
use crate::limits::MAX_TEXT;
use crate::model::Verb;
use crate::model::state::State;
use serde_json::json;
use skald_core::{Choice, Move};

pub(super) fn place_moves(state: &State, out: &mut Vec<Move>) {
    if state.scene.is_none() {
        let tired: Vec<Choice> = state
            .characters
            .values()
            .filter(|s| s.kind.is_full() && !state.resting.contains(&s.name))
            .map(|s| named(&s.name))
            .collect();
        if !tired.is_empty() {
            out.push(mv(
                "Rest and safe areas",
                "Rest".to_owned(),
                Verb::Rest,
                json!({}),
                vec![field("who", "Who rests", some_of(tired))],
                "While resting a character may change vocation and buy any ability; not during an \
                 event (F8)."
                    .to_owned(),
            ));
        }
    }
    if !state.resting.is_empty() {
        out.push(mv(
            "Rest and safe areas",
            "End a rest".to_owned(),
            Verb::EndRest,
            json!({}),
            vec![field(
                "who",
                "Who gets up",
                some_of(state.resting.iter().map(|n| named(n)).collect()),
            )],
            "Ends the rest of those named (F8).".to_owned(),
        ));
    }
    match &state.safe_area {
        None => out.push(mv(
            "Rest and safe areas",
            "Enter a safe area".to_owned(),
            Verb::EnterSafeArea,
            json!({}),
            vec![field("place", "Where", text(MAX_TEXT))],
            "Somewhere safe, where vocations may change and any ability may be bought (F8)."
                .to_owned(),
        )),
        Some(place) => out.push(mv(
            "Rest and safe areas",
            format!("Leave {place}"),
            Verb::LeaveSafeArea,
            json!({}),
            Vec::new(),
            "The party leaves the safe area (F8).".to_owned(),
        )),
    }
}
