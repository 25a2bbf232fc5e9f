//! Who may send each Freelancer command at an online table ([`Authority`]); the table of decisions,
//! with the book's sections and rulings, is in `docs/freelancer.md` ("Who may send each command").
//!
//! The book puts most of the numbers on the GM's side: when to roll and the Chance of Success (Task
//! Checks), XP and AP (Vocations), NPC sheets, the stats themselves (F8) and running Events. The
//! player rolls for its own character, chooses its vocation and abilities, and takes its own turns
//! (F5-F7). Where a command names several characters, the one whose player starts it decides: side
//! `a` of an opposed check, the roller of a team lift. The match has no wildcard arm, so a new command
//! must be given its authority here.

use crate::limits::MAX_ADJUSTMENTS;
use crate::model::command::{Command, Contestant, RatingSource};
use crate::model::number::NumberInput;
use crate::model::sheet::{Kind, Rating};
use crate::model::state::State;
use crate::moves::RATING_CHARS;
use crate::rules::stats;
use serde_json::json;
use skald_core::{Authority, Field, Part};

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

/// The parts of `command` that are the GM's numbers (issue 15: the GM's numbers are the GM's),
/// each starting at the command's value:
/// - a task check's difficulty, the NPC's rating it is checked against, and a rating given as a
///   number rather than read from the sheet (a Talent level: the sheet does not hold it), and a
///   team lift's difficulty (book, Task Checks: "it is up to your GM to figure out ... the Chance
///   of Success"; F3);
/// - a plain chance (the note closing Task Checks: "have your GM give you a reasonable percentile
///   Chance of Success");
/// - adjustments to a rating (the GM's, recorded with a reason: Task Checks, the arm wrestlers),
///   on every task check and on each side of an opposed check, proposed or not, so that the GM
///   answering may add one (the book's GM halves both arm wrestlers' LFT);
/// - the go-ahead of the other side of an opposed check ([`Part::go_ahead`]): its player (the GM
///   for an NPC) agrees and rolls its own d100 before anything is rolled (book, Task Checks: the
///   friend agrees to arm wrestle; F4);
/// - on a player's sheet, its stats, level, XP, AP and abilities already learned (F8: "stats are
///   entered by the GM"; book, Vocations: the GM awards XP and AP, which buy abilities).
///   Attributes, vocation and name stay the player's.
pub fn parts(state: &State, command: &Command) -> Vec<Part> {
    let mut parts = Vec::new();
    match command {
        Command::TaskCheck {
            rating,
            difficulty,
            opponent,
            opponent_rating,
            adjust,
            ..
        } => {
            number_rating(&mut parts, "rating", rating);
            if difficulty.is_some() {
                parts.push(big("difficulty", "Difficulty (the GM's Chance of Success)"));
            }
            if let (Some(opponent), Some(rating)) = (opponent, opponent_rating) {
                parts.push(Part::gm(opponent_rating_field(state, opponent, *rating)));
            }
            adjustments(&mut parts, "adjust", "Adjustments (the GM's)", adjust.len());
        }
        Command::TeamLift {
            difficulty: Some(_),
            ..
        } => parts.push(big("difficulty", "The load's rating (the GM's)")),
        Command::ChanceCheck { chance, .. } => {
            let value = match chance {
                NumberInput::Whole(n) => i64::try_from(*n).unwrap_or(0),
                NumberInput::Text(_) => 0,
            };
            parts.push(Part::gm(Field::number(
                "chance",
                "Chance of success (%)",
                0,
                100,
                value.clamp(0, 100),
            )));
        }
        Command::OpposedCheck { a, b, .. } => {
            for (side, contestant) in [("a", a), ("b", b)] {
                contestant_parts(&mut parts, side, contestant);
            }
            if a.who != b.who {
                parts.push(Part::go_ahead(
                    &b.who,
                    &format!("{} takes up the challenge and rolls", b.who),
                ));
            }
        }
        Command::Enroll { character } if character.kind == Kind::Pc => {
            for (field, label, value) in [
                ("level", "Level", &character.level),
                ("xp", "Experience points (XP)", &character.xp),
                ("ap", "Ability points (AP)", &character.ap),
            ] {
                if value.is_some() {
                    parts.push(big(&format!("character.{field}"), label));
                }
            }
            if !character.abilities.is_empty() {
                parts.push(Part::gm(Field::list(
                    "character.abilities",
                    "Abilities already learned (bought with AP, the GM's)",
                    vec![
                        Field::text("name", "Ability", crate::limits::MAX_TEXT),
                        Field::text("path", "Path", crate::limits::MAX_TEXT),
                    ],
                    0,
                    crate::limits::MAX_ABILITIES,
                    character.abilities.len(),
                )));
            }
            for rating in character.ratings.keys() {
                if !rating.is_attribute() {
                    parts.push(big(
                        &format!("character.ratings.{}", rating.abbreviation()),
                        &rating.spelled_out(),
                    ));
                }
            }
        }
        _ => {}
    }
    parts
}

/// A GM's number on the book's scale, typed as digits (`moves::RATING_CHARS`).
fn big(name: &str, label: &str) -> Part {
    Part::gm(Field::text(name, label, RATING_CHARS))
}

/// A rating given as a number, not read from the sheet: the GM's.
fn number_rating(parts: &mut Vec<Part>, name: &str, rating: &RatingSource) {
    if let RatingSource::Value(_) = rating {
        parts.push(big(name, "Rating (a Talent level, or the GM's number)"));
    }
}

/// A contestant's GM parts in an opposed check: a number rating, adjustments.
fn contestant_parts(parts: &mut Vec<Part>, side: &str, contestant: &Contestant) {
    number_rating(parts, &format!("{side}.rating"), &contestant.rating);
    adjustments(
        parts,
        &format!("{side}.adjust"),
        &format!("{}'s adjustments (the GM's)", contestant.who),
        contestant.adjust.len(),
    );
}

/// The adjustments at `name`, labelled `label`, `count` of them proposed: the GM keeps, changes,
/// drops or adds them.
fn adjustments(parts: &mut Vec<Part>, name: &str, label: &str, count: usize) {
    parts.push(Part::gm(
        Field::list(
            name,
            label,
            crate::moves::adjustment_items(),
            0,
            MAX_ADJUSTMENTS,
            count,
        )
        .with_help(crate::moves::ADJUSTMENTS_HELP),
    ));
}

/// The NPC's ratings the GM may check against, `current` first.
fn opponent_rating_field(state: &State, opponent: &str, current: Rating) -> Field {
    let mut options: Vec<(serde_json::Value, String)> = Vec::new();
    if let Some(sheet) = state.characters.get(opponent) {
        for rating in Rating::ALL {
            if let Some(Ok((value, _))) = stats::value(&state.formulas, sheet, rating) {
                options.push((json!(rating), format!("{} {value}", rating.spelled_out())));
            }
        }
    }
    if let Some(i) = options.iter().position(|(v, _)| *v == json!(current)) {
        let picked = options.remove(i);
        options.insert(0, picked);
    }
    let options: Vec<(serde_json::Value, &str)> = options
        .iter()
        .map(|(v, l)| (v.clone(), l.as_str()))
        .collect();
    Field::choice(
        "opponent_rating",
        &format!("{opponent}'s rating checked against"),
        &options,
    )
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
