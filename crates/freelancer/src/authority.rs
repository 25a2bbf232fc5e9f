//! Who may send each Freelancer command at an online table ([`Authority`]); the table of decisions,
//! with the book's sections and rulings, is in `docs/freelancer.md` ("Who may send each command").
//!
//! The book puts most of the numbers on the GM's side: when to roll and the Chance of Success (Task
//! Checks), XP and AP (Vocations), NPC sheets, the stats themselves (F8) and running Events. The
//! player rolls for its own character, chooses its vocation and abilities, and takes its own turns
//! (F5-F7). Where a command names several characters, the one whose player starts it decides: side
//! `a` of an opposed check, the roller of a team lift. The match has no wildcard arm, so a new command
//! must be given its authority here.

use crate::model::command::Command;
use crate::model::sheet::Kind;
use skald_core::Authority;

/// Who may send `command` (see the module doc and `docs/freelancer.md`).
pub fn authority(command: &Command) -> Authority {
    match command {
        // F8: a player seats its character; an NPC's sheet, full or Encounter, is the GM's (book,
        // Task Checks: "your GM creates an entire Character Sheet for it").
        Command::Enroll { character } => match character.kind {
            Kind::Pc => Authority::Enroll(character.name.clone()),
            Kind::Npc | Kind::Encounter => Authority::GmEnroll(character.name.clone()),
        },
        // F1-F3: the character's player rolls; the difficulty (or chance) in the command is the
        // GM's number, said at the table before the roll (book: Task Checks).
        Command::TaskCheck { who, .. } | Command::ChanceCheck { who, .. } => {
            Authority::Character(who.clone())
        }
        // Book, Task Checks (the boulder): the member who rolls (`roller`), or, left out, the
        // first lifter listed, whose player calls the lift (the roller is then picked by LCK).
        Command::TeamLift { who, roller, .. } => match roller.as_ref().or(who.first()) {
            Some(name) => Authority::Character(name.clone()),
            None => Authority::Gm,
        },
        // F4: side `a`, the challenger, starts the contest; side `b` is named with it.
        Command::OpposedCheck { a, .. } => Authority::Character(a.who.clone()),
        // F1: dice rolled for a character are its player's (or the GM's); a roll that names no
        // character is the GM's (decision: the world's dice, a trap's or a hazard's, are the GM's).
        Command::RollDie { who, .. } => match who {
            Some(name) => Authority::Character(name.clone()),
            None => Authority::Gm,
        },
        // Book, Vocations: the GM awards XP and AP; levelling up is the GM's call (no thresholds);
        // ratings are entered by the GM (F8).
        Command::Award { .. } | Command::LevelUp { .. } | Command::SetRating { .. } => {
            Authority::Gm
        }
        // F8: stats are the GM's numbers, and their formulas the table's, which the GM keeps.
        Command::SetFormula { .. } => Authority::Gm,
        // F8: a character changes vocation and buys abilities by its player's choice (where the
        // rules allow it).
        Command::ChangeVocation { who, .. } | Command::SpendAp { who, .. } => {
            Authority::Character(who.clone())
        }
        // The book is silent on who calls a rest or a safe area; decision: the GM, who runs the
        // story's time and places (a rest may cover several characters).
        Command::Rest { .. }
        | Command::EndRest { .. }
        | Command::EnterSafeArea { .. }
        | Command::LeaveSafeArea {} => Authority::Gm,
        // F5: the GM stages an Event, starts each round's initiative and ends the Event.
        Command::StartEvent { .. } | Command::Initiative { .. } | Command::EndEvent {} => {
            Authority::Gm
        }
        // F5, F7: each participant declares its Total Action, divides its turn and acts.
        Command::DeclareTotalAction { who }
        | Command::Divide { who, .. }
        | Command::Act { who, .. } => Authority::Character(who.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn check(command: Value, expected: Authority) {
        let text = command.to_string();
        let command: Command = serde_json::from_value(command).expect("a valid command");
        assert_eq!(authority(&command), expected, "{text}");
    }

    fn character(name: &str) -> Authority {
        Authority::Character(name.to_string())
    }

    #[test]
    fn each_command_has_its_sender() {
        let cases = [
            (
                json!({"do": "enroll", "character": {"name": "Ash", "ratings": {"CHM": 27}}}),
                Authority::Enroll("Ash".to_string()),
            ),
            (
                json!({"do": "enroll", "character": {"name": "Guard", "kind": "encounter", "ratings": {"WIL": 56}}}),
                Authority::GmEnroll("Guard".to_string()),
            ),
            (
                json!({"do": "enroll", "character": {"name": "Friend", "kind": "npc"}}),
                Authority::GmEnroll("Friend".to_string()),
            ),
            (
                json!({"do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard", "opponent_rating": "WIL"}),
                character("Ash"),
            ),
            (
                json!({"do": "chance_check", "who": "Ash", "chance": 75}),
                character("Ash"),
            ),
            (
                json!({"do": "team_lift", "who": ["Ash", "Bo", "Cy"], "difficulty": 1200, "roller": "Cy"}),
                character("Cy"),
            ),
            (
                json!({"do": "team_lift", "who": ["Bo", "Ash"], "difficulty": 1200}),
                character("Bo"),
            ),
            (
                json!({"do": "opposed_check", "a": {"who": "Ash", "rating": "LFT"}, "b": {"who": "Friend", "rating": "LFT"}}),
                character("Ash"),
            ),
            (
                json!({"do": "roll_die", "die": 6, "count": 3, "who": "Ash"}),
                character("Ash"),
            ),
            (json!({"do": "roll_die", "die": 20}), Authority::Gm),
            (
                json!({"do": "award", "who": ["Ash"], "xp": 10, "reason": "the ambush"}),
                Authority::Gm,
            ),
            (json!({"do": "level_up", "who": "Ash"}), Authority::Gm),
            (
                json!({"do": "set_rating", "who": "Ash", "rating": "PHD", "value": 30, "reason": "new armour"}),
                Authority::Gm,
            ),
            (
                json!({"do": "set_formula", "stat": "HP", "formula": "VIG + MRL + LCK"}),
                Authority::Gm,
            ),
            (
                json!({"do": "change_vocation", "who": "Ash", "vocation": "Scout"}),
                character("Ash"),
            ),
            (
                json!({"do": "spend_ap", "who": "Ash", "ability": "Second Wind", "path": "general", "cost": 2}),
                character("Ash"),
            ),
            (json!({"do": "rest"}), Authority::Gm),
            (json!({"do": "end_rest", "who": ["Ash"]}), Authority::Gm),
            (
                json!({"do": "enter_safe_area", "place": "the guild hall"}),
                Authority::Gm,
            ),
            (json!({"do": "leave_safe_area"}), Authority::Gm),
            (
                json!({"do": "start_event", "name": "ambush at the ford", "who": ["Ash", "Guard"]}),
                Authority::Gm,
            ),
            (
                json!({"do": "declare_total_action", "who": "Ash"}),
                character("Ash"),
            ),
            (json!({"do": "initiative"}), Authority::Gm),
            (
                json!({"do": "divide", "who": "Ash", "actions": 2}),
                character("Ash"),
            ),
            (
                json!({"do": "act", "who": "Ash", "what": "strikes"}),
                character("Ash"),
            ),
            (json!({"do": "end_event"}), Authority::Gm),
        ];
        for (command, expected) in cases {
            check(command, expected);
        }
    }
}
