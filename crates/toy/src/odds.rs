//! The exact chances of a Toy try before its die (Y2, Y3): of the six faces, those that reach
//! the target with the skill added succeed.

use crate::limits::DIE;
use crate::model::command::Command;
use crate::model::state::State;
use crate::rules::tries::{character, target};
use num_bigint::{BigInt, BigUint};
use skald_core::{Chance, Odds};
use skald_dice::odds::Fraction;

/// The chances of a try by a character of `skill` against `target`: success and failure, and the
/// total's distribution (each face plus the skill, 1/6 each).
pub fn try_odds(skill: u8, target: i64) -> Odds {
    let sides = i64::from(DIE);
    let skill = i64::from(skill);
    let sixth = |count: i64| Fraction::new(BigInt::from(count), BigUint::from(DIE));
    let succeeding = (1..=sides).filter(|face| face + skill >= target).count() as i64;
    Odds {
        summary: format!("A try: d6 + skill {skill} against {target} (Y2)"),
        chances: vec![
            Chance::exact("success", &sixth(succeeding)),
            Chance::exact("failure", &sixth(sides - succeeding)),
        ],
        distribution: (1..=sides)
            .map(|face| Chance::exact((face + skill).to_string(), &sixth(1)))
            .collect(),
    }
}

/// The chances of `command` in `state` before its die: a try's ([`try_odds`]); `None` for a
/// command that rolls nothing, or a try by someone not at the table.
pub fn odds(state: &State, command: &Command) -> Option<Odds> {
    match command {
        Command::Try { who } => {
            let c = character(state, who).ok()?;
            Some(try_odds(c.skill, target(&state.options)))
        }
        Command::Enroll { .. } => None,
    }
}
