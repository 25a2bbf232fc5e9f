//! [`describe`]: one line of the table log per [`Event`], in the book's terms, with every die shown
//! and the ruling that applied.

use crate::character::GM;
use crate::event::{Event, Purpose};
use crate::problem::EntryKind;
use crate::resolution::{Odds, Roll, Verdict};

/// One line of the table log for `event`.
pub fn describe(event: &Event) -> String {
    match event {
        Event::Enrolled { character } => {
            let traits: Vec<String> = character
                .traits
                .iter()
                .map(|t| {
                    let harm = if t.harmful { " (harmful)" } else { "" };
                    format!("{} {}{harm}", t.name, t.rating)
                })
                .collect();
            let traits = if traits.is_empty() {
                "none".to_string()
            } else {
                traits.join(", ")
            };
            format!(
                "{} joins the table: influence {}; traits: {traits}.",
                character.name, character.influence
            )
        }
        Event::InfluenceSpent {
            who,
            points,
            left,
            purpose,
        } => {
            let what = match purpose {
                Purpose::IntroduceProblem => "to introduce a problem",
                Purpose::Likelihood => "on a likelihood",
            };
            format!("{who} spends {points} influence {what} (L5); {left} left.")
        }
        Event::ProblemIntroduced {
            number,
            scale,
            description,
            proposer,
            responder,
        } => {
            let proposer = who_phrase(proposer);
            let responder = who_phrase(responder);
            format!(
                "Problem {number} ({} scale), introduced by {proposer}, put to {responder} (what happens?): {description:?}",
                scale.name()
            )
        }
        Event::OutcomeProposed {
            outcome,
            by,
            description,
            impact,
            entry,
        } => format!(
            "{} proposes {}, impact {} (net benefit to the PCs), so {} on its tally and likelihood {} (L2): {description:?}",
            capitalize(&who_phrase(by)),
            outcome.outcome_phrase(),
            signed(*impact),
            signed(entry.value),
            entry.value
        ),
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
                "{}: {} ({what}: {:?}), by {}; likelihood {before} -> {likelihood} ({rule}).",
                capitalize(outcome.outcome_phrase()),
                signed(entry.value),
                entry.reason,
                who_phrase(&entry.by),
            )
        }
        Event::OddsFound {
            odds,
            certain,
            unlikely_outcomes,
        } => describe_odds(odds, *certain, *unlikely_outcomes),
        Event::DieRolled { roll, selects } => {
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
    }
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
    match more_likely {
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

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A number with its sign: "+3", "-2", "0".
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
