//! Who may send each Loqi command at an online table ([`Authority`]); the table of decisions, with
//! the book's sections and rulings, is in `docs/loqi.md` ("Who may send each command").
//!
//! Loqi shares the telling: anyone at the table may add entries to a tally (book: Evaluating
//! Problems), a player may introduce a problem and take it over (L5), and every entry keeps who added
//! it (L1). So most commands name who does them (`by`, `who`, `proposer`): `"GM"` there means only the
//! GM may send it, a character's name means that character's player (or the GM). The GM alone runs
//! the story (sessions, scenes, scenarios, resolving), rewards influence, approves free changes and
//! judges values and fulfilled goals. The match has no wildcard arm, so a new command must be given
//! its authority here.

use crate::limits::{INFLUENCE, MODIFIER, REWARD, STARTING_INFLUENCE};
use crate::model::{AddedAt, Command, Consequence, GM};
use skald_core::{Authority, Field, Part};

/// Who may send `command` (see the module doc and `docs/loqi.md`).
pub fn authority(command: &Command) -> Authority {
    match command {
        // Book, Making Characters: each player makes a character; an NPC is the GM's to make and
        // to play (L5: it holds no influence).
        Command::Enroll { character } if character.npc => {
            Authority::GmEnroll(character.name.clone())
        }
        Command::Enroll { character } => Authority::Enroll(character.name.clone()),
        // Book, Changing A Character: the player proposes, the GM approves; the command carries the
        // approval, so the GM sends it.
        Command::ChangeTrait { .. } => Authority::Gm,
        // The GM runs the story's time (L8: the GM picks the scene's recovery).
        Command::StartSession {} | Command::EndScene { .. } | Command::EndScenario {} => {
            Authority::Gm
        }
        // Book, Player Roles and Influence: the GM introduces problems; a player may for 2 influence
        // (L5), paid by the proposer, so only that character's player may name it.
        Command::IntroduceProblem { proposer, .. } => named(proposer),
        // L5: only the player who introduced the problem takes it over, and pays.
        Command::TakeOver { who } => Authority::Character(who.clone()),
        // Book, Problems, steps 2-3: the outcome's author (`by`). Left out, the author comes from
        // the problem (the first responder, or whoever plays the GM's part), which is not known
        // here: only the GM may leave it out; a player names its own character.
        Command::ProposeOutcome { by, .. } => by.as_deref().map_or(Authority::Gm, named),
        // Book, Evaluating Problems: anyone at the table adds entries, each signed by who added it
        // (L1). A judged `value` is the GM's (book: Judging Likelihood Modifiers).
        Command::AddTrait { by, value, .. } => match value {
            Some(_) => Authority::Gm,
            None => named(by),
        },
        Command::AddModifier { by, .. } => named(by),
        // L5: who pays (`"GM"` under the GM-influence option).
        Command::SpendInfluence { who, .. } => named(who),
        // Book, Judging Likelihood Modifiers: whoever plays the GM's part (`by`: the GM, or the
        // player who took the problem over; decide checks which).
        Command::MergeEntries { by, .. } => named(by),
        // Book, Resolving Problems is silent on who calls the roll; decision: the GM, once the
        // table is done evaluating (after a takeover too: control returns to the GM at resolution).
        Command::Resolve {} => Authority::Gm,
        // L5: the GM's reward.
        Command::Reward { .. } => Authority::Gm,
        // L5, influence swapping: the giver (`from`), not the recipient.
        Command::GiveInfluence { from, .. } => Authority::Character(from.clone()),
        // L6: each player makes its own goals; the GM makes its own.
        Command::PrepareGoals { by, .. } => named(by),
        // L6: session goals are their maker's; setting goals are the GM's.
        Command::AddGoal { by, at, .. } => match at {
            AddedAt::Session => named(by),
            AddedAt::Setting => Authority::Gm,
        },
        // L6 is silent on who says a goal was fulfilled; decision: the GM, who judges it and whose
        // word pays the influence (one command may pay several characters).
        Command::FulfilGoal { .. } => Authority::Gm,
    }
}

/// `"GM"` -> only the GM; a character's name -> that character's player (or the GM).
fn named(name: &str) -> Authority {
    if name == GM {
        Authority::Gm
    } else {
        Authority::Character(name.to_string())
    }
}

/// The parts of `command` that are the GM's numbers (issue 15: the GM's numbers are the GM's),
/// each starting at the command's value:
/// - an environmental modifier's or a genre convention's value (book: Environmental Modifiers,
///   "the GM must choose what he thinks is an appropriate rating—with suggestions from the
///   players"; Genre Conventions: "the GM will have to make a ruling");
/// - an influence reward tied to an outcome (L5: rewards are the GM's);
/// - a starting influence other than the book's 10 (book: Making Characters).
pub fn parts(command: &Command) -> Vec<Part> {
    let number = |name: &str, label: &str, range: &std::ops::RangeInclusive<i64>, value: i64| {
        Part::gm(Field::number(
            name,
            label,
            *range.start(),
            *range.end(),
            value.clamp(*range.start(), *range.end()),
        ))
    };
    match command {
        Command::AddModifier { value, .. } => {
            vec![number(
                "value",
                "The modifier's value (the GM's)",
                &MODIFIER,
                *value,
            )]
        }
        Command::ProposeOutcome { consequences, .. } => consequences
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                Consequence::Reward { who, points, .. } => Some(number(
                    &format!("consequences.{i}.points"),
                    &format!("Influence rewarded to {who} (the GM's)"),
                    &REWARD,
                    *points,
                )),
                _ => None,
            })
            .collect(),
        Command::Enroll { character }
            if !character.npc && character.influence != STARTING_INFLUENCE =>
        {
            vec![number(
                "character.influence",
                &format!(
                    "{}'s starting influence (the book's: {STARTING_INFLUENCE})",
                    character.name
                ),
                &INFLUENCE,
                character.influence,
            )]
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
        let cases = [
            (
                json!({"do": "enroll", "character": {"name": "Tiran", "traits": [{"name": "Swordsman", "rating": 3}]}}),
                Authority::Enroll("Tiran".to_string()),
            ),
            (
                json!({"do": "enroll", "character": {"name": "Grell", "npc": true}}),
                Authority::GmEnroll("Grell".to_string()),
            ),
            (
                json!({"do": "change_trait", "character": "Tiran", "trait": "Sailor", "rating": 2,
                       "reason": "grew up on the docks", "approved": true}),
                Authority::Gm,
            ),
            (json!({"do": "start_session"}), Authority::Gm),
            (json!({"do": "end_scene", "recovery": 3}), Authority::Gm),
            (json!({"do": "end_scenario"}), Authority::Gm),
            (
                json!({"do": "introduce_problem", "scale": "scene", "description": "Bandits", "responder": "Tiran"}),
                Authority::Gm,
            ),
            (
                json!({"do": "introduce_problem", "scale": "scene", "description": "A rival", "proposer": "Ayla", "responder": "GM"}),
                character("Ayla"),
            ),
            (json!({"do": "take_over", "who": "Ayla"}), character("Ayla")),
            (
                json!({"do": "propose_outcome", "outcome": "player", "description": "He wins", "impact": 3, "by": "Tiran"}),
                character("Tiran"),
            ),
            (
                json!({"do": "propose_outcome", "outcome": "player", "description": "He wins", "impact": 3}),
                Authority::Gm,
            ),
            (
                json!({"do": "propose_outcome", "outcome": "gm", "description": "He falls", "impact": -3, "by": "GM"}),
                Authority::Gm,
            ),
            (
                json!({"do": "add_trait", "outcome": "player", "character": "Tiran", "trait": "Swordsman",
                       "along": true, "by": "Ayla", "reason": "he fights well"}),
                character("Ayla"),
            ),
            (
                json!({"do": "add_trait", "outcome": "player", "character": "Tiran", "trait": "Swordsman",
                       "along": true, "by": "Tiran", "reason": "overlaps", "value": 5}),
                Authority::Gm,
            ),
            (
                json!({"do": "add_modifier", "outcome": "gm", "kind": "environment", "value": -1, "by": "Tiran", "reason": "rain"}),
                character("Tiran"),
            ),
            (
                json!({"do": "spend_influence", "outcome": "player", "who": "Ayla", "points": 2}),
                character("Ayla"),
            ),
            (
                json!({"do": "spend_influence", "outcome": "gm", "who": "GM", "points": 1}),
                Authority::Gm,
            ),
            (
                json!({"do": "merge_entries", "outcome": "player", "entries": [2, 3], "value": 5, "by": "GM", "reason": "overlap"}),
                Authority::Gm,
            ),
            (json!({"do": "resolve"}), Authority::Gm),
            (
                json!({"do": "reward", "who": "Tiran", "points": 2, "reason": "a clever plan"}),
                Authority::Gm,
            ),
            (
                json!({"do": "give_influence", "from": "Ayla", "to": "Tiran", "points": 2, "reason": "a good joke"}),
                character("Ayla"),
            ),
            (
                json!({"do": "prepare_goals", "by": "Tiran", "goals": [
                    {"text": "Become captain", "kind": "specific", "base": 2, "multiplier": 3},
                    {"text": "Win a duel", "kind": "non_specific", "base": 3}
                ]}),
                character("Tiran"),
            ),
            (
                json!({"do": "add_goal", "by": "Tiran", "text": "Find the map", "kind": "specific", "rating": 5, "at": "session"}),
                character("Tiran"),
            ),
            (
                json!({"do": "add_goal", "by": "GM", "text": "Free the city", "kind": "specific", "rating": 30, "at": "setting"}),
                Authority::Gm,
            ),
            (
                json!({"do": "fulfil_goal", "goal": 1, "who": ["Tiran"]}),
                Authority::Gm,
            ),
        ];
        for (command, expected) in cases {
            check(command, expected);
        }
    }
}
