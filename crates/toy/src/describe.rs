//! One log line per Toy event, every die shown.

use crate::model::event::Event;

/// The log line of `event`: "Ann tried: d6 4 + skill 2 = 6 against 4: success (Y2)".
pub fn describe(event: &Event) -> String {
    match event {
        Event::Enrolled { character } => format!(
            "{} sat down with skill {} (Y1)",
            character.name, character.skill
        ),
        Event::Tried {
            who,
            die,
            skill,
            target,
            success,
        } => format!(
            "{who} tried: d6 {die} + skill {skill} = {} against {target}: {} (Y2)",
            die + i64::from(*skill),
            if *success { "success" } else { "failure" }
        ),
    }
}
