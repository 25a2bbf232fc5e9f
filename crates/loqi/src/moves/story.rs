//! The Story moves: sessions, scenes, scenarios.

use super::forms::{STORY, mv, number};
use crate::limits;
use crate::model::State;
use crate::model::Verb;
use serde_json::json;
use skald_core::Move;

/// The GM's Story moves, with no problem open: sessions, scenes, scenarios.
pub(super) fn moves(state: &State, out: &mut Vec<Move>) {
    let options = &state.options;
    let reset = if options.gm_influence {
        format!(
            "; the GM's influence is reset to {} (L5)",
            options.gm_influence_per_session
        )
    } else {
        String::new()
    };
    let next = state.story.session.saturating_add(1);
    let mut session = mv(
        STORY,
        "Start the next session".into(),
        Verb::StartSession,
        json!({}),
        Vec::new(),
        false,
        &format!("Session {next}: goals may be made until its first problem (L6){reset}."),
    );
    // Starting a session ends the one under way: say what ends with it (the GM's pile, L5).
    let lost = match state.gm_influence {
        Some(left) if left > 0 => format!(
            " The GM's {left} influence left is lost: none carries over, and the GM starts again with {} (L5).",
            options.gm_influence_per_session
        ),
        _ => String::new(),
    };
    session.confirm = Some(format!(
        "End session {} and start session {next}?{lost}",
        state.story.session
    ));
    out.push(session);
    let (fields, note) = if options.strength {
        (
            vec![number(
                "recovery",
                "Strength regained",
                *limits::SCENE_RECOVERY.start(),
                *limits::SCENE_RECOVERY.end(),
                options.scene_recovery,
            )],
            "Scene-long trait changes end; each weakened character not dead regains strength, up to nominal (L8).",
        )
    } else {
        (
            Vec::new(),
            "Scene-long trait changes end (book: Trait Change).",
        )
    };
    let mut scene = mv(
        STORY,
        format!("End scene {}", state.story.scene),
        Verb::EndScene,
        json!({}),
        fields,
        false,
        note,
    );
    scene.confirm = Some(format!(
        "End scene {}? Its scene-long trait changes end with it.",
        state.story.scene
    ));
    out.push(scene);
    let mut scenario = mv(
        STORY,
        format!("End scenario {}", state.story.scenario),
        Verb::EndScenario,
        json!({}),
        Vec::new(),
        false,
        if options.strength {
            "Scene- and scenario-long trait changes end; everyone not dead regains all strength (L8)."
        } else {
            "Scene- and scenario-long trait changes end (book: Trait Change)."
        },
    );
    scenario.confirm = Some(format!(
        "End scenario {}? Its scene- and scenario-long trait changes end with it.",
        state.story.scenario
    ));
    out.push(scenario);
}
