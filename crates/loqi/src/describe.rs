//! [`describe`]: one line of the table log per [`Event`], in the book's terms, with every die shown,
//! the exact chances said before a roll, and the ruling that applied.

use crate::model::{
    ChangeCause, Consequence, EntryKind, Event, GM, Goal, Odds, Origin, Outcome, Priced, Purpose,
    Reach, Roll, Side, Status, StrengthCause, Verdict,
};
use crate::rules::sheets::high;
use crate::rules::traits::signed;
use skald_core::capitalized;

/// One line of the table log for `event`.
pub fn describe(event: &Event) -> String {
    match event {
        Event::Enrolled { .. }
        | Event::InfluenceSpent { .. }
        | Event::InfluenceRewarded { .. }
        | Event::InfluenceGiven { .. } => describe_influence(event),
        Event::SessionStarted { .. }
        | Event::SceneEnded { .. }
        | Event::ScenarioEnded { .. }
        | Event::StrengthChanged { .. }
        | Event::TraitChanged { .. }
        | Event::ChangeExpired { .. } => describe_session(event),
        Event::GoalsPrepared { .. } | Event::GoalAdded { .. } | Event::GoalFulfilled { .. } => {
            describe_goals(event)
        }
        Event::ProblemIntroduced { .. }
        | Event::ProblemTakenOver { .. }
        | Event::OutcomeProposed { .. }
        | Event::EntryAdded { .. }
        | Event::EntriesMerged { .. }
        | Event::OddsFound { .. }
        | Event::DieRolled { .. }
        | Event::ProblemResolved { .. } => describe_problem(event),
    }
}

/// A character enrolled, and influence spent, rewarded or given (L5).
fn describe_influence(event: &Event) -> String {
    match event {
        Event::Enrolled { character } => {
            let traits: Vec<String> = character
                .traits
                .iter()
                .map(|t| {
                    let harm = if t.harmful { " (harmful)" } else { "" };
                    let flag = if high(t.rating) {
                        " [above the usual 1-4]"
                    } else {
                        ""
                    };
                    format!("{} {}{harm}{flag}", t.name, t.rating)
                })
                .collect();
            let traits = if traits.is_empty() {
                "none".to_string()
            } else {
                traits.join(", ")
            };
            let strength = character
                .strength
                .map_or(String::new(), |s| format!("; strength {s}"));
            if character.npc {
                format!(
                    "{} joins the table, an NPC the GM plays (no influence, L5){strength}; traits: {traits}.",
                    character.name
                )
            } else {
                format!(
                    "{} joins the table: influence {}{strength}; traits: {traits}.",
                    character.name, character.influence
                )
            }
        }
        Event::InfluenceSpent {
            who,
            points,
            left,
            purpose,
        } => {
            let what = match purpose {
                Purpose::IntroduceProblem => "to introduce a problem",
                Purpose::TakeOver => "to take over the GM's part",
                Purpose::Likelihood => "on a likelihood",
            };
            format!(
                "{} spends {points} influence {what} (L5); {left} left.",
                capitalized(&who_phrase(who))
            )
        }
        Event::InfluenceRewarded {
            who,
            points,
            now,
            reason,
            flagged,
        } => {
            let flag = if *flagged {
                " [above the usual 1-5]"
            } else {
                ""
            };
            format!(
                "The GM rewards {who} with {points} influence{flag} (L5): {reason:?}; {who} holds {now}."
            )
        }
        Event::InfluenceGiven {
            from,
            to,
            points,
            received,
            from_left,
            to_now,
            reason,
        } => format!(
            "{from} gives {to} {points} influence and {to} gains {received} (L5, influence swapping): {reason:?}; {from} holds {from_left}, {to} {to_now}."
        ),
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// Sessions, scenes and scenarios, strength and trait changes (L7, L8).
fn describe_session(event: &Event) -> String {
    match event {
        Event::SessionStarted {
            number,
            gm_influence,
        } => match gm_influence {
            Some(g) => format!(
                "Session {number} begins; the GM's influence is reset to {g} (L5: none carries over)."
            ),
            None => format!("Session {number} begins."),
        },
        Event::SceneEnded {
            scenario,
            scene,
            recovery,
        } => match recovery {
            Some(r) => format!(
                "Scene {scene} of scenario {scenario} ends: scene-long changes end; weakened characters regain up to {r} strength (L8)."
            ),
            None => format!("Scene {scene} of scenario {scenario} ends: scene-long changes end."),
        },
        Event::ScenarioEnded {
            scenario,
            scenes,
            strength,
        } => {
            let recovery = if *strength {
                "; everyone not dead regains all strength (L8)"
            } else {
                ""
            };
            format!(
                "Scenario {scenario} ends after {}: scene- and scenario-long changes end{recovery}.",
                skald_core::noun(*scenes as usize, "scene", "scenes")
            )
        }
        Event::StrengthChanged {
            character,
            change,
            from,
            to,
            status,
            cause,
        } => {
            let why = match cause {
                StrengthCause::Weakening(n) => format!("a weakening in problem {n}"),
                StrengthCause::Regain(n) => format!("regained in problem {n}"),
                StrengthCause::SceneEnd => "the scene's end".to_string(),
                StrengthCause::ScenarioEnd => "the scenario's end".to_string(),
            };
            let was_in = *from > 0;
            let status = match status {
                Status::Dead => format!("; {character} is dead (L8)"),
                Status::Out if was_in => format!("; {character} is out (L8)"),
                Status::Out => format!("; {character} is still out (L8)"),
                Status::In if !was_in => format!("; {character} is back in"),
                Status::In => String::new(),
            };
            format!(
                "{character}'s strength {from} -> {to} ({}, {why}; L8){status}.",
                signed(*change)
            )
        }
        Event::TraitChanged {
            character,
            trait_name,
            rating_change,
            harmful,
            lasts,
            from,
            to,
            cause,
        } => {
            let harm = if *harmful { " (harmful)" } else { "" };
            let flag = if high(*to) {
                " [above the usual 1-4]"
            } else {
                ""
            };
            let why = match cause {
                ChangeCause::Problem(n) => format!("problem {n}'s outcome"),
                ChangeCause::Free(reason) => format!("a free change the GM approved: {reason:?}"),
            };
            format!(
                "{character}'s {trait_name}{harm} {from} -> {to}{flag} ({}, {}; {why}).",
                signed(*rating_change),
                lasts_phrase(lasts.name())
            )
        }
        Event::ChangeExpired {
            character,
            change,
            from,
            to,
        } => format!(
            "{character}'s {} change of {} from problem {} ends: {} {from} -> {to}.",
            change.lasts.name(),
            signed(change.rating_change),
            change.problem,
            change.trait_name
        ),
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// Goals prepared, added and fulfilled (L6).
fn describe_goals(event: &Event) -> String {
    match event {
        Event::GoalsPrepared { by, goals } => {
            let list: Vec<String> = goals.iter().map(goal_phrase).collect();
            format!(
                "{} prepares goals (L6): {}.",
                capitalized(&who_phrase(by)),
                list.join("; ")
            )
        }
        Event::GoalAdded { goal } => {
            let at = match goal.origin {
                Origin::Session => "at the session's start",
                Origin::Setting => "from the setting",
                Origin::Preparation => "in preparation",
            };
            format!(
                "{} adds a goal {at} (L6): {}.",
                capitalized(&who_phrase(&goal.by)),
                goal_phrase(goal)
            )
        }
        Event::GoalFulfilled { goal, paid } => {
            let who: Vec<String> = paid
                .iter()
                .map(|p| format!("{} (now {})", p.who, p.now))
                .collect();
            let gone = match goal.kind {
                crate::model::GoalKind::Specific => "; a specific goal, it disappears",
                crate::model::GoalKind::NonSpecific => "; non-specific, it stays",
            };
            format!(
                "Goal {} ({:?}) is fulfilled: {} each to {}{gone} (L6).",
                goal.number,
                goal.text,
                goal.rating,
                who.join(", ")
            )
        }
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

/// A problem from its introduction to its resolution: outcomes, tallies, odds and the die (L1-L4).
fn describe_problem(event: &Event) -> String {
    match event {
        Event::ProblemIntroduced {
            number,
            scale,
            description,
            proposer,
            responders,
        } => {
            let proposer = who_phrase(proposer);
            let responders: Vec<String> = responders.iter().map(|r| who_phrase(r)).collect();
            format!(
                "Problem {number} ({} scale), introduced by {proposer}, put to {} (what happens?): {description:?}",
                scale.name(),
                responders.join(" and ")
            )
        }
        Event::ProblemTakenOver { number, by } => {
            format!("{by} takes over the GM's part for problem {number} (L5).")
        }
        Event::OutcomeProposed { side, outcome } => describe_outcome(*side, outcome),
        Event::EntryAdded {
            outcome,
            entry,
            likelihood,
        } => {
            let what = match &entry.trait_use {
                Some(t) => {
                    let harm = if t.harmful { ", harmful" } else { "" };
                    let way = if t.along { "along" } else { "against" };
                    let judged = if t.judged { ", value judged" } else { "" };
                    format!(
                        "trait {}'s {} {}{harm}, {way}{judged}",
                        t.character, t.name, t.rating
                    )
                }
                None => entry.kind.name().to_string(),
            };
            let before = likelihood.saturating_sub(entry.value);
            let rule = if entry.kind == EntryKind::Influence {
                "L5"
            } else {
                "L1"
            };
            format!(
                "{}: entry {} {} ({what}: {:?}), by {}; likelihood {before} -> {likelihood} ({rule}).",
                capitalized(outcome.outcome_phrase()),
                entry.id,
                signed(entry.value),
                entry.reason,
                who_phrase(&entry.by),
            )
        }
        Event::EntriesMerged {
            outcome,
            entry,
            likelihood,
        } => {
            let sources: Vec<String> = entry
                .merged
                .iter()
                .map(|e| format!("{} {} ({:?})", e.id, signed(e.value), e.reason))
                .collect();
            format!(
                "{}: entries {} merged into entry {} {} by {} ({:?}); likelihood now {likelihood} (book: Judging Likelihood Modifiers).",
                capitalized(outcome.outcome_phrase()),
                sources.join(" and "),
                entry.id,
                signed(entry.value),
                who_phrase(&entry.by),
                entry.reason
            )
        }
        Event::OddsFound {
            odds,
            certain,
            unlikely_outcomes,
        } => describe_odds(odds, *certain, *unlikely_outcomes),
        Event::DieRolled { roll, selects } => describe_roll(roll, *selects),
        Event::ProblemResolved {
            number,
            winner,
            by,
            description,
        } => format!(
            "Problem {number} is resolved for {}; {} may tell it in more detail: {description:?}",
            winner.outcome_phrase(),
            who_phrase(by)
        ),
        // Every other event is another group's (`describe` sends each to its own).
        _ => String::new(),
    }
}

fn describe_outcome(side: Side, o: &Outcome) -> String {
    let entry = o.tally.first().map_or(0, |e| e.value);
    let mut line = format!(
        "{} proposes {}: {:?} Impact {}, the net benefit to the PCs ({}), so {} on its tally (L2)",
        capitalized(&who_phrase(&o.by)),
        side.outcome_phrase(),
        o.description,
        signed(o.impact),
        reach_phrase(Reach::of(o.impact)),
        signed(entry),
    );
    if !o.consequences.is_empty() {
        let list: Vec<String> = o.consequences.iter().map(consequence_phrase).collect();
        line.push_str(&format!(
            ". Consequences: {}; suggested impact {} (L7)",
            list.join(", "),
            signed(o.suggested_impact)
        ));
    }
    for e in o.tally.iter().filter(|e| e.kind == EntryKind::Strength) {
        line.push_str(&format!(
            ". Entry {} {}: {}",
            e.id,
            signed(e.value),
            e.reason
        ));
    }
    line.push_str(&format!(". Likelihood {}.", o.likelihood()));
    line
}

fn consequence_phrase(p: &Priced) -> String {
    let what = match &p.consequence {
        Consequence::TraitChange {
            character,
            trait_name,
            rating_change,
            harmful,
            lasts,
        } => {
            let harm = if *harmful == Some(true) {
                " (harmful)"
            } else {
                ""
            };
            format!(
                "{character}'s {trait_name}{harm} {} {}",
                signed(*rating_change),
                lasts_phrase(lasts.name())
            )
        }
        Consequence::Weakening { character, points } => {
            format!("{character} loses {points} strength")
        }
        Consequence::Regain { character, points } => {
            format!("{character} regains {points} strength")
        }
        Consequence::Tactical { modifier, note } => {
            format!("a tactical change of {} ({note:?})", signed(*modifier))
        }
        Consequence::Relationship {
            change,
            influence,
            length,
            note,
        } => format!(
            "a relationship of {} (the person's standing {influence}, its length {length}: {note:?})",
            signed(*change)
        ),
        Consequence::Reward {
            who,
            points,
            reason,
        } => format!("{who} gets {points} influence from the GM ({reason:?})"),
    };
    format!("{what} [{}]", signed(p.impact))
}

fn describe_odds(odds: &Odds, certain: bool, unlikely_outcomes: bool) -> String {
    let Odds {
        player,
        gm,
        advantage,
        odds: target,
        more_likely,
    } = *odds;
    let head = format!(
        "Likelihoods: the player's outcome {player}, the GM's outcome {gm}; advantage {advantage}, odds {target}"
    );
    let chances = odds.chances(unlikely_outcomes).map_or(String::new(), |c| {
        format!(
            " Chances: the player's outcome {}, the GM's outcome {}.",
            crate::rules::chances::people(&c.p_player),
            crate::rules::chances::people(&c.p_gm)
        )
    });
    let body = match more_likely {
        None => format!(
            "{head}. Equal likelihoods: a d12 of 1-6 selects the player's outcome, 7-12 the GM's (L3)."
        ),
        Some(side) if certain => format!(
            "{head}: {} is certain, no die is rolled (L3).",
            side.outcome_phrase()
        ),
        Some(side) if unlikely_outcomes && target >= 12 => format!(
            "{head}: {} is more likely; {} needs a 12 first (unlikely outcomes, L4).",
            side.outcome_phrase(),
            side.other().outcome_phrase()
        ),
        Some(side) => format!(
            "{head}: a d12 of {target} or less selects {}, more selects {} (L3).",
            side.outcome_phrase(),
            side.other().outcome_phrase()
        ),
    };
    format!("{body}{chances}")
}

fn describe_roll(roll: &Roll, selects: Option<Side>) -> String {
    let Roll {
        value,
        advantage,
        odds,
        verdict,
    } = roll;
    match (verdict, selects) {
        (Verdict::Again, _) => format!(
            "d12 rolled {value} against odds {odds}: a 12, so the unlikely outcome stays possible (L4); advantage {advantage} - 6 = {}, roll again.",
            advantage.saturating_sub(6)
        ),
        (_, Some(side)) if *odds >= 12 => format!(
            "d12 rolled {value} against odds {odds}: not a 12 (L4), so {} is selected.",
            side.outcome_phrase()
        ),
        (Verdict::MoreLikely, Some(side)) => format!(
            "d12 rolled {value} against odds {odds}: {value} <= {odds}, so {} is selected (L3).",
            side.outcome_phrase()
        ),
        (_, Some(side)) => format!(
            "d12 rolled {value} against odds {odds}: {value} > {odds}, so {} is selected (L3).",
            side.outcome_phrase()
        ),
        (_, None) => format!("d12 rolled {value} against odds {odds}."),
    }
}

fn goal_phrase(goal: &Goal) -> String {
    format!(
        "goal {} {:?} ({}, {})",
        goal.number,
        goal.text,
        goal.kind.words(),
        goal.rating
    )
}

fn lasts_phrase(lasts: &str) -> String {
    match lasts {
        "permanent" => "permanently".to_string(),
        other => format!("for the {other}"),
    }
}

fn reach_phrase(reach: Reach) -> String {
    match (reach, reach.guide()) {
        (Reach::Inconclusive, Some(r)) => {
            format!("L2 guide: inconclusive, {}-{}", r.start(), r.end())
        }
        (_, Some(r)) => format!(
            "L2 guide: {} level, {}-{}",
            reach.name(),
            r.start(),
            r.end()
        ),
        (_, None) => "beyond the L2 guide's 12".to_string(),
    }
}

/// "the GM" for `"GM"`, otherwise the name.
fn who_phrase(who: &str) -> String {
    if who == GM {
        "the GM".to_string()
    } else {
        who.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What people read has no raw names in it (issue 31): a goal's kind in words, a
    /// relationship's multipliers named, each chance with its percentage.
    #[test]
    fn log_lines_are_in_words() {
        let goal = crate::model::Goal {
            number: 2,
            text: "Win a duel".into(),
            kind: crate::model::GoalKind::NonSpecific,
            rating: 3,
            by: "Tiran".into(),
            origin: Origin::Session,
        };
        assert_eq!(
            describe(&Event::GoalAdded { goal }),
            "Tiran adds a goal at the session's start (L6): goal 2 \"Win a duel\" (non-specific, 3)."
        );
        let relationship = Priced {
            consequence: Consequence::Relationship {
                change: -2,
                influence: crate::model::Hundredths(150),
                length: crate::model::Hundredths(100),
                note: "the chief swears revenge".into(),
            },
            impact: -3,
        };
        assert_eq!(
            consequence_phrase(&relationship),
            "a relationship of -2 (the person's standing x1.5, its length x1: \"the chief swears revenge\") [-3]"
        );
        let odds = Odds::new(3, -2);
        assert_eq!(
            describe(&Event::OddsFound {
                odds,
                certain: false,
                unlikely_outcomes: false
            }),
            "Likelihoods: the player's outcome 3, the GM's outcome -2; advantage 5, odds 11: a d12 of 11 or less selects the player's outcome, more selects the GM's outcome (L3). Chances: the player's outcome 91.7% (11/12), the GM's outcome 8.3% (1/12)."
        );
    }

    #[test]
    fn a_scenario_of_one_scene_says_scene() {
        let ended = |scenes| Event::ScenarioEnded {
            scenario: 1,
            scenes,
            strength: false,
        };
        assert_eq!(
            describe(&ended(1)),
            "Scenario 1 ends after 1 scene: scene- and scenario-long changes end."
        );
        assert_eq!(
            describe(&ended(2)),
            "Scenario 1 ends after 2 scenes: scene- and scenario-long changes end."
        );
    }
}
