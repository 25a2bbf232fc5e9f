//! Who may send each Twenty command at an online table ([`Authority`]); the table of decisions, with
//! the book's sections and rulings, is in `docs/twenty.md` ("Who may send each command").
//!
//! The book has players write their own sheets, goals and burdens and lets the GM run the world: the
//! GM sets conflicts up, grants rest and adds traits to the table's list (T10, T12). A command that
//! acts for one character (bringing dice in, standing, surrendering, taking or using a burden, its
//! goals) belongs to that character's player. Where a command names two characters, the one whose
//! player starts it decides: the participant acting, the taker of a burden, the granter of an
//! obligation. The match has no wildcard arm, so a new command must be given its authority here.

use crate::model::{Command, GM, ObligationEnd, SheetKind};
use serde_json::json;
use skald_core::{Authority, Field, Part};

/// Who may send `command` (see the module doc and `docs/twenty.md`).
pub(crate) fn authority(command: &Command) -> Authority {
    match command {
        // T1, T12: a player sits down with a new or existing character; an NPC sheet is a GM's
        // creature (the dragon), so only the GM enrolls one.
        Command::AddCharacter { character } => match character.kind {
            SheetKind::New | SheetKind::Existing => Authority::Enroll(character.name.clone()),
            SheetKind::Npc => Authority::GmEnroll(character.name.clone()),
        },
        // T12: the table's own traits go on the list the GM keeps (the book lets players suggest
        // them; the GM enters them).
        Command::DefineTrait { .. } => Authority::Gm,
        // Book, Conflicts: a player asks for a conflict, the GM sets it up with every side's goal.
        Command::StartConflict { .. } => Authority::Gm,
        // Book, Removing Burdens: the player launches the healing conflict for its own burden. Not
        // worsening on a loss waives the GM's "may" (T8), so only the GM may send that.
        Command::StartHealing {
            patient,
            worsen_on_loss,
            ..
        } => {
            if *worsen_on_loss {
                Authority::Character(patient.clone())
            } else {
                Authority::Gm
            }
        }
        // T2, T4: each participant brings in, stands or surrenders for itself.
        Command::BringIn { who, .. } | Command::Stand { who, .. } | Command::Surrender { who } => {
            Authority::Character(who.clone())
        }
        // T6: the participant who adds the die (`who`), not the burden's owner (`of`).
        Command::UseBurden { who, .. } => Authority::Character(who.clone()),
        // T5: the player takes the burden willingly (`who`); the opponent (`from`) only names it.
        Command::TakeBurden { who, .. } => Authority::Character(who.clone()),
        // T9 is silent on repairs; decision: the owner's player records the repair the story made.
        Command::Repair { who, .. } => Authority::Character(who.clone()),
        // T10: a character's goals and advancement are its player's.
        Command::MinorGoal { who, .. } | Command::MajorGoal { who, .. } => {
            Authority::Character(who.clone())
        }
        // T10: rest is the GM's command.
        Command::Rest { .. } => Authority::Gm,
        // T11: the granter (who colours its boxes) offers the obligation; the grantee is named too.
        Command::GrantObligation { granter, .. } => Authority::Character(granter.clone()),
        // T11: the grantee's player records the service done; rescinding is the granter's, whom the
        // command does not name, so only the GM sends it (a granting player asks the GM).
        Command::EndObligation {
            grantee, reason, ..
        } => match reason {
            ObligationEnd::Fulfilled => Authority::Character(grantee.clone()),
            ObligationEnd::Rescinded => Authority::Gm,
        },
    }
}

/// The parts of `command` the GM decides (issue 15: the GM's numbers are the GM's): whether a
/// goal was achieved, which earns a box unchecked (minor) or an advancement or ten boxes (major;
/// T10; the book leaves the judgement open, issue 15 gives it to the GM). The player still picks
/// the reward; the GM confirms the goal, or declines the request. Rest is the GM's own command
/// already.
pub fn parts(command: &Command) -> Vec<Part> {
    let confirm = |goal: &str, label: &str| {
        vec![Part::gm(Field::choice(
            "goal",
            label,
            &[(json!(goal), goal)],
        ))]
    };
    match command {
        Command::MinorGoal { goal, .. } => confirm(
            goal,
            "The minor goal achieved (confirm it, or decline the request)",
        ),
        Command::MajorGoal { goal, .. } => confirm(
            goal,
            "The major goal achieved (confirm it, or decline the request)",
        ),
        // T5: the opponent names the burden the taker carries, so its player answers with the
        // name (the GM for the GM's creatures, and for the GM's side of a healing conflict, whose
        // burden lands on the patient, T14); the taker's proposal, if any, is where the answer
        // starts.
        Command::TakeBurden {
            who, from, name, ..
        } => {
            let field = |label: String| {
                Field::text("name", &label, crate::limits::MAX_NAME_CHARS).starting_at(name.clone())
            };
            if from == GM {
                vec![Part::gm(field(
                    "The burden's name (the GM names it; the patient carries it, T5, T14)".into(),
                ))]
            } else {
                vec![Part::owner(
                    field(format!(
                        "The burden's name ({from} names it; {who} carries it, T5)"
                    )),
                    from,
                )]
            }
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
    fn the_opponent_names_a_burden_and_the_gm_confirms_goals() {
        let parts = |command: Value| -> Vec<(String, skald_core::Decider, Value)> {
            let command: Command = serde_json::from_value(command).expect("a valid command");
            parts(&command)
                .into_iter()
                .map(|p| {
                    let start = match &p.field.kind {
                        skald_core::FieldKind::Text { default, .. } => json!(default),
                        skald_core::FieldKind::Choice { options, .. } => json!(options[0].value),
                        other => panic!("{other:?}"),
                    };
                    (p.field.name, p.decider, start)
                })
                .collect()
        };
        // T5: the dragon's player (the GM) names the burden Gorand takes from it; a name Gorand's
        // player proposes is where the answer starts, none leaves it blank.
        assert_eq!(
            parts(json!({"do": "take_burden", "who": "Gorand", "from": "Dragon", "boxes": 1})),
            [(
                "name".to_owned(),
                skald_core::Decider::Owner("Dragon".into()),
                json!("")
            )]
        );
        assert_eq!(
            parts(json!({"do": "take_burden", "who": "Dragon", "from": "Gorand", "boxes": 2, "name": "Singed"}))[0].2,
            json!("Singed")
        );
        // T14: in a healing conflict the GM names the burden of its side.
        assert_eq!(
            parts(json!({"do": "take_burden", "who": "Shaman", "from": "GM", "boxes": 1})),
            [("name".to_owned(), skald_core::Decider::Gm, json!(""))]
        );
        assert_eq!(
            parts(json!({"do": "minor_goal", "who": "Gorand", "goal": "Drink", "uncheck": "Arms"})),
            [("goal".to_owned(), skald_core::Decider::Gm, json!("Drink"))]
        );
    }

    #[test]
    fn each_command_has_its_sender() {
        let cases = [
            (
                json!({"do": "add_character", "character": {"name": "Gorand"}}),
                Authority::Enroll("Gorand".to_string()),
            ),
            (
                json!({"do": "add_character", "character": {"name": "Old Gorand", "kind": "existing"}}),
                Authority::Enroll("Old Gorand".to_string()),
            ),
            (
                json!({"do": "add_character", "character": {"name": "Dragon", "kind": "npc"}}),
                Authority::GmEnroll("Dragon".to_string()),
            ),
            (
                json!({"do": "define_trait", "name": "Talons", "description": "Claws."}),
                Authority::Gm,
            ),
            (
                json!({"do": "start_conflict", "participants": [
                    {"who": "Gorand", "goal": "Kill it", "death_of": "Dragon"},
                    {"who": "Dragon", "goal": "Eat him"}
                ]}),
                Authority::Gm,
            ),
            (
                json!({"do": "start_healing", "healer": "Shaman", "patient": "Gorand", "burden": "Flesh wound"}),
                character("Gorand"),
            ),
            (
                json!({"do": "start_healing", "healer": "Shaman", "patient": "Gorand", "burden": "Flesh wound", "worsen_on_loss": false}),
                Authority::Gm,
            ),
            (
                json!({"do": "bring_in", "who": "Gorand", "trait": "Swords"}),
                character("Gorand"),
            ),
            (
                json!({"do": "use_burden", "who": "Dragon", "of": "Gorand", "burden": "Flesh wound", "value": 17}),
                character("Dragon"),
            ),
            (json!({"do": "stand", "who": "Gorand"}), character("Gorand")),
            (
                json!({"do": "surrender", "who": "Dragon"}),
                character("Dragon"),
            ),
            (
                json!({"do": "take_burden", "who": "Gorand", "from": "Dragon", "boxes": 1, "name": "Flesh wound"}),
                character("Gorand"),
            ),
            (
                json!({"do": "repair", "who": "Gorand", "item": "Honeybee"}),
                character("Gorand"),
            ),
            (
                json!({"do": "minor_goal", "who": "Gorand", "goal": "Engage a new foe", "uncheck": "Arms"}),
                character("Gorand"),
            ),
            (
                json!({"do": "major_goal", "who": "Gorand", "goal": "Defeat a powerful foe", "reward": {"new_trait": "Bows"}}),
                character("Gorand"),
            ),
            (
                json!({"do": "rest", "who": "Gorand", "uncheck": ["Arms", "Swords"]}),
                Authority::Gm,
            ),
            (
                json!({"do": "grant_obligation", "granter": "Caravan master", "trait": "Fame", "boxes": 2,
                       "grantee": "Gorand", "as": "Fame in Corsille", "service": "Bring my daughter back"}),
                character("Caravan master"),
            ),
            (
                json!({"do": "end_obligation", "grantee": "Gorand", "trait": "Fame in Corsille", "reason": "fulfilled"}),
                character("Gorand"),
            ),
            (
                json!({"do": "end_obligation", "grantee": "Gorand", "trait": "Fame in Corsille", "reason": "rescinded"}),
                Authority::Gm,
            ),
        ];
        for (command, expected) in cases {
            check(command, expected);
        }
    }
}
