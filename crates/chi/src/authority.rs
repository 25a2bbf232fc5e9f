//! Who may send each Chi command at an online table ([`Authority`]); the table of decisions, with
//! the book's sections and rulings, is in `docs/chi.md` ("Who may send each command").
//!
//! In Chi the player decides how much of its character's pool goes into each action (C1) and keeps
//! its secret allocation to itself until the reveal (C4); the GM sets Difficulties and makes the
//! concept calls (C2, C3), runs rounds and sessions, and decides losses, recovery and advancement
//! (C5). A command that rolls or commits a character's dice belongs to that character's player. The
//! match has no wildcard arm, so a new command must be given its authority here.

use crate::limits::{MAX_DIFFICULTY, MAX_MODIFIER, MAX_POOL};
use crate::model::command::{Command, Side};
use skald_core::{Authority, Field, Part};

/// Who may send `command` (see the module doc and `docs/chi.md`).
pub fn authority(command: &Command) -> Authority {
    match command {
        // Book, Character Creation: a player makes a character (the GM gives the pool, which the
        // player writes on the sheet). A minor NPC ("orc3", no descriptive words) is the GM's.
        Command::Enroll { character } => {
            if character.words.is_empty() {
                Authority::GmEnroll(character.name.clone())
            } else {
                Authority::Enroll(character.name.clone())
            }
        }
        // C1-C3: the player puts its character's dice in. The Difficulty, modifier and concept
        // call in the command are the GM's numbers, said at the table before the roll.
        Command::Action { who, .. } => Authority::Character(who.clone()),
        // C1, C3: the actor's player starts it; the defender's dice kept back are named with it.
        Command::Opposed { actor, .. } => Authority::Character(actor.who.clone()),
        // C1: the GM runs the rounds.
        Command::NewRound {} => Authority::Gm,
        // C4: the GM opens a secret roll, calls it off, and rolls it once all have revealed.
        Command::SecretOpen { .. } | Command::SecretRoll {} | Command::SecretCancel {} => {
            Authority::Gm
        }
        // C4: each player commits and reveals its own character's allocation.
        Command::SecretCommit { who, .. } | Command::SecretReveal { who, .. } => {
            Authority::Character(who.clone())
        }
        // C5: how much a wound or fatigue takes, and how fast it heals, is the GM's call.
        Command::Lose { .. } | Command::Recover { .. } => Authority::Gm,
        // C5: the GM decides when a die is earned, and a new word is "at the GM's discretion"; a
        // change of word or occupation is the GM's to allow or require.
        Command::Advance { .. } | Command::AddWord { .. } | Command::ChangeConcept { .. } => {
            Authority::Gm
        }
        // The GM runs the sessions.
        Command::EndSession {} | Command::StartSession {} => Authority::Gm,
    }
}

/// Whether `command` commits to or reveals an allocation (C4): once sent, neither may be taken
/// back by an online table's undo, or a side could commit anew after seeing the other's reveal.
pub fn binds(command: &Command) -> bool {
    matches!(
        command,
        Command::SecretCommit { .. } | Command::SecretReveal { .. }
    )
}

/// The parts of `command` that are not its sender's to decide (issue 15: the GM's numbers are the
/// GM's): the Difficulty, the modifiers and the concept calls of an action or an opposed action
/// (C2, C3: "determined by the GM", "at the GM's discretion"), a new character's pool (book,
/// Character Creation: "the GM will then give you the number of dice"), and the dice the defender
/// of an opposed action keeps back for it, which are its player's (C1, C3). Each field starts at
/// the command's value. The dice a character puts in are its player's: named here so that when
/// the GM calls for a roll they wait for that player.
pub fn parts(command: &Command) -> Vec<Part> {
    let modifier = |name: &str, label: &str, value: i32| {
        let max = i64::from(MAX_MODIFIER);
        Field::number(name, label, -max, max, i64::from(value))
    };
    match command {
        Command::Action {
            who,
            spend,
            difficulty,
            modifier: m,
            fits_concept,
            ..
        } => vec![
            Part::owner(
                Field::number(
                    "spend",
                    &format!("Dice {who} puts in"),
                    1,
                    i64::from(MAX_POOL),
                    i64::from(*spend),
                ),
                who,
            ),
            Part::gm(Field::number(
                "difficulty",
                "Difficulty (d6 you roll)",
                1,
                i64::from(MAX_DIFFICULTY),
                i64::from(*difficulty),
            )),
            Part::gm(modifier("modifier", "Modifier", *m)),
            Part::gm(Field::flag(
                "fits_concept",
                "Fits the concept",
                *fits_concept,
            )),
        ],
        Command::Opposed { actor, defender } => {
            let side = |name: &str, s: &Side| {
                [
                    Part::gm(modifier(
                        &format!("{name}.modifier"),
                        &format!("{}'s modifier", s.who),
                        s.modifier,
                    )),
                    Part::gm(Field::flag(
                        &format!("{name}.fits_concept"),
                        &format!("{} fits its concept", s.who),
                        s.fits_concept,
                    )),
                ]
            };
            let mut parts = vec![Part::owner(
                Field::number(
                    "actor.spend",
                    &format!("Dice {} puts in", actor.who),
                    1,
                    i64::from(MAX_POOL),
                    i64::from(actor.spend),
                ),
                &actor.who,
            )];
            parts.extend(side("actor", actor));
            parts.extend(side("defender", defender));
            parts.push(Part::owner(
                Field::number(
                    "defender.spend",
                    &format!("Dice {} puts in (kept back this round)", defender.who),
                    0,
                    i64::from(MAX_POOL),
                    i64::from(defender.spend),
                ),
                &defender.who,
            ));
            parts
        }
        // The current pool follows the pool unless the player starts hurt (a lower number only).
        Command::Enroll { character } if !character.words.is_empty() => {
            vec![Part::gm(Field::number(
                "character.pool",
                &format!("{}'s pool (d6)", character.name),
                1,
                i64::from(MAX_POOL),
                i64::from(character.pool),
            ))]
        }
        _ => Vec::new(),
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
        let commitment = "ab".repeat(32);
        let cases = [
            (
                json!({"do": "enroll", "character": {"line": "Ragnar, fierce, arrogant, and savage barbarian8"}}),
                Authority::Enroll("Ragnar".to_string()),
            ),
            (
                json!({"do": "enroll", "character": {"line": "orc3"}}),
                Authority::GmEnroll("orc".to_string()),
            ),
            (
                json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 4}),
                character("Ragnar"),
            ),
            (
                json!({"do": "opposed", "actor": {"who": "Ragnar", "spend": 3}, "defender": {"who": "orc", "spend": 2}}),
                character("Ragnar"),
            ),
            (json!({"do": "new_round"}), Authority::Gm),
            (
                json!({"do": "secret_open", "actions": [{"who": "Ragnar", "difficulty": 5}]}),
                Authority::Gm,
            ),
            (
                json!({"do": "secret_commit", "who": "Ragnar", "commitment": commitment}),
                character("Ragnar"),
            ),
            (
                json!({"do": "secret_reveal", "who": "Ragnar", "spend": 4, "salt": "0123456789abcdef"}),
                character("Ragnar"),
            ),
            (json!({"do": "secret_roll"}), Authority::Gm),
            (json!({"do": "secret_cancel"}), Authority::Gm),
            (
                json!({"do": "lose", "who": "Ragnar", "amount": 1, "cause": "injury"}),
                Authority::Gm,
            ),
            (
                json!({"do": "recover", "who": "Ragnar", "amount": 1}),
                Authority::Gm,
            ),
            (json!({"do": "advance", "who": "Ragnar"}), Authority::Gm),
            (
                json!({"do": "add_word", "who": "Ragnar", "word": "wise"}),
                Authority::Gm,
            ),
            (
                json!({"do": "change_concept", "who": "Ragnar", "occupation": "chieftain"}),
                Authority::Gm,
            ),
            (json!({"do": "end_session"}), Authority::Gm),
            (json!({"do": "start_session"}), Authority::Gm),
        ];
        for (command, expected) in cases {
            check(command, expected);
        }
    }
}
