//! Exact odds before the roll (rulings F1-F5), nothing floating point: [`odds()`] gives the chances
//! of a command (`task_check`, `team_lift`, `chance_check`, `opposed_check`, `roll_die`,
//! `initiative`) as the table page shows them; [`chances`] is the arithmetic over the d100 (P(success) and P(Botch) of a
//! task check or a plain percentile check; P(each side wins) and P(no winner) of an opposed check);
//! [`shown`] turns a decided check or initiative into the page's chances.
//!
//! Odds: `task_check` and `team_lift` (P(success), P(Crit), P(failure), P(Botch) by the band of the
//! equalized difference, F1-F3), `chance_check` (the same for a plain percentage, F1),
//! `opposed_check` (P(each side wins), P(no winner), and if rerolled until someone wins, F4),
//! `roll_die` (P(a Crit), P(a Botch) and P(neither) among the dice, and the distribution of their
//! total, F1) and `initiative` (P(each participant takes the round's first turn), P(a roll-off
//! decides it), F5).
//! Every chance is an exact reduced fraction with its decimal beside it. `divide` rolls only to break
//! a tie its new turn makes, so it carries no odds.

pub mod shown;

// The arithmetic lives with the rules, which record a check's chances in its event: the odds
// read the rules, never the other way round (no import circle between the two slots).
pub use crate::rules::chances;
pub use crate::rules::chances::*;

use crate::model::command::Command;
use crate::model::event::Event;
use crate::model::state::State;
use crate::rules;
use shown::{chance_odds, check_odds, dice_odds, initiative_odds, opposed_odds};
use skald_core::Odds;
use skald_dice::{DiceSource, Die, SourceError};

/// The exact chances of `command` before its dice are rolled: for `task_check`, `team_lift`,
/// `chance_check`, `opposed_check`, `roll_die` and `initiative` (see the module docs); `None` for every other
/// command and for one the rules would refuse now. The work is bounded: one `decide` (at most 32
/// initiative dice and their roll-offs) and, for initiative, at most 32 x 100 x 31 comparisons.
pub fn odds(state: &State, command: &Command) -> Option<Odds> {
    if !matches!(
        command,
        Command::TaskCheck { .. }
            | Command::TeamLift { .. }
            | Command::ChanceCheck { .. }
            | Command::OpposedCheck { .. }
            | Command::RollDie { .. }
            | Command::Initiative { .. }
    ) {
        return None;
    }
    let events = rules::decide(state, command, &mut Counting(0)).ok()?;
    match events.first()? {
        Event::TaskChecked(task) => {
            let rating = match task.stat {
                Some(stat) => format!("{}'s {stat} {}", task.who, task.check.rating),
                None => format!("{}'s rating {}", task.who, task.check.rating),
            };
            let difficulty = match (&task.opponent, task.opponent_rating) {
                (Some(npc), Some(stat)) => format!("{npc}'s {stat} {}", task.check.difficulty),
                _ => task.check.difficulty.to_string(),
            };
            check_odds(&rating, &difficulty, &task.check)
        }
        Event::TeamLifted(lift) => {
            let names: Vec<&str> = lift.team.iter().map(|l| l.who.as_str()).collect();
            let rating = format!(
                "the team's LFT {} ({}; {} rolls)",
                lift.check.rating,
                names.join(" + "),
                lift.roller
            );
            check_odds(&rating, &lift.check.difficulty.to_string(), &lift.check)
        }
        Event::ChanceChecked(check) => chance_odds(&check.who, check.chance),
        Event::OpposedChecked(check) => opposed_odds(state, check),
        Event::DiceRolled(roll) => dice_odds(roll),
        Event::InitiativeRolled(initiative) => initiative_odds(state, initiative),
        _ => None,
    }
}

/// A dice source for [`odds`]: the rules are asked only whether they take the command and what they
/// would compute before the roll, so any faces do; these count up (1, 2, 3...) so that roll-offs end.
pub(crate) struct Counting(pub(crate) u32);

impl DiceSource for Counting {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        let count = self.0;
        self.0 = count.wrapping_add(1);
        Ok(match die {
            Die::Numbered(sides) if sides > 0 => i64::from(count % sides + 1),
            other => other.lowest(),
        })
    }
}
