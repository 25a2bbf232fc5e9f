//! The story's structure (book: Scale): sessions, and scenes within scenarios. Ending a scene ends
//! scene-long trait changes and gives weakened characters some strength back; ending a scenario
//! ends its scene, scenario-long changes too, and restores all strength (L8). Permanent changes stay.

use crate::error::Error;
use crate::limits;
use crate::model::{Event, Lasts, State, Status, Strength, StrengthCause};
use crate::rules::checks::no_open_problem;

/// `start_session`: the next session; the GM's influence is reset under its option (L5).
///
/// # Errors
/// [`Error`] while a problem is open.
pub fn start_session(state: &State) -> Result<Vec<Event>, Error> {
    no_open_problem(state)?;
    let options = &state.options;
    Ok(vec![Event::SessionStarted {
        number: state.story.session.saturating_add(1),
        gm_influence: options
            .gm_influence
            .then_some(options.gm_influence_per_session),
    }])
}

/// `end_scene`: scene-long changes end; with strength, each weakened character who is not dead
/// regains `recovery` (default the table's `scene_recovery`), up to nominal (L8).
///
/// # Errors
/// [`Error`] while a problem is open, or for a `recovery` outside 1-5 or given without strength.
pub fn end_scene(state: &State, recovery: Option<i64>) -> Result<Vec<Event>, Error> {
    no_open_problem(state)?;
    let options = &state.options;
    let recovery = match (recovery, options.strength) {
        (Some(r), true) => Some(Error::check_range(
            "recovery",
            r,
            &limits::SCENE_RECOVERY,
            "L8: the GM may give 1-5",
        )?),
        (None, true) => Some(options.scene_recovery),
        (Some(r), false) => {
            return Err(Error::not_allowed(
                "recovery",
                r.to_string(),
                "no recovery: this table does not play strength (L8; the table's option \"Strength\" is off)",
            ));
        }
        (None, false) => None,
    };
    let mut events = vec![Event::SceneEnded {
        scenario: state.story.scenario,
        scene: state.story.scene,
        recovery,
    }];
    events.extend(expiries(state, Lasts::Scene));
    events.extend(recoveries(state, recovery, StrengthCause::SceneEnd));
    Ok(events)
}

/// `end_scenario`: the scenario and its scene end; scene- and scenario-long changes end; with
/// strength, everyone not dead regains all strength (L8).
///
/// # Errors
/// [`Error`] while a problem is open.
pub fn end_scenario(state: &State) -> Result<Vec<Event>, Error> {
    no_open_problem(state)?;
    let mut events = vec![Event::ScenarioEnded {
        scenario: state.story.scenario,
        scenes: state.story.scene,
        strength: state.options.strength,
    }];
    events.extend(expiries(state, Lasts::Scenario));
    events.extend(recoveries(state, None, StrengthCause::ScenarioEnd));
    Ok(events)
}

/// The temporary changes ending with `ending`, character by character.
fn expiries(state: &State, ending: Lasts) -> Vec<Event> {
    state
        .characters
        .iter()
        .flat_map(|m| {
            m.expiring(ending)
                .into_iter()
                .map(|(change, from, to)| Event::ChangeExpired {
                    character: m.name.clone(),
                    change,
                    from,
                    to,
                })
        })
        .collect()
}

/// Strength regained by every weakened character who is not dead: `points`, or all when `None`.
fn recoveries(state: &State, points: Option<i64>, cause: StrengthCause) -> Vec<Event> {
    state
        .characters
        .iter()
        .filter(|m| m.status(&state.options) != Status::Dead)
        .filter_map(|m| {
            let s = m.strength?;
            let lost = s.nominal.saturating_sub(s.current);
            let change = points.map_or(lost, |p| p.min(lost));
            let to = s.current.saturating_add(change);
            let after = Strength { current: to, ..s };
            (change > 0).then(|| Event::StrengthChanged {
                character: m.name.clone(),
                change,
                from: s.current,
                to,
                status: after.status(&state.options),
                cause,
            })
        })
        .collect()
}
