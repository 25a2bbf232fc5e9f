//! The exact chances of a command before its d12 is rolled (L3, L4): `resolve` gets each outcome's
//! exact chance; the tally commands (`add_trait`, `add_modifier`, `spend_influence`,
//! `merge_entries`) roll nothing but move a likelihood, so they get the chances the roll would have
//! with the entry made, beside today's. The arithmetic is [`crate::rules::chances`].

use crate::model::{Command, Event, GM, Odds as D12Odds, Problem, Side, State};
use crate::rules::chances::{Chances, chances, people};
use crate::rules::consequence;
use crate::rules::traits::signed;
use skald_core::capitalized;
use skald_core::{Chance, Odds};
use skald_dice::Scripted;

/// The exact chances of `command` before the d12 is rolled, or `None` when it bears on no roll or
/// would be refused now.
///
/// - `resolve`: each outcome's chance of being selected (L3; L4 with the option), from the open
///   problem's two likelihoods; `None` without an open problem with both outcomes, or when an
///   outcome that can be selected has consequences that could not be made (the roll is refused).
/// - `add_trait`, `add_modifier`, `spend_influence`, `merge_entries`: the same chances with the
///   entry made (the command is decided against the state, rolling nothing), and today's in the
///   summary; `None` when it is refused or an outcome is still missing.
///
/// `distribution` is empty: the d12 is flat and the deciding number is the advantage, said in the
/// summary. The work is bounded by [`crate::limits::MAX_ADVANTAGE`] (tallies stay far below it).
pub fn odds(state: &State, command: &Command) -> Option<Odds> {
    let problem = state.problem.as_ref()?;
    let now = problem.odds()?;
    let unlikely = state.options.unlikely_outcomes;
    match command {
        Command::Resolve {} => {
            let c = chances(now.player, now.gm, unlikely).ok()?;
            // Resolving refuses when the selected outcome's consequences cannot be made (a reward
            // past 999 influence): any outcome that can be selected must pass.
            for (side, p) in [(Side::Player, &c.p_player), (Side::Gm, &c.p_gm)] {
                if p.numerator.sign() == num_bigint::Sign::NoSign {
                    continue;
                }
                let outcome = problem.outcome(side)?;
                let planned: Vec<_> = outcome
                    .consequences
                    .iter()
                    .map(|p| p.consequence.clone())
                    .collect();
                consequence::plan(state, &planned, problem.number).ok()?;
            }
            Some(Odds {
                summary: capitalized(&roll_summary(&c)),
                chances: side_chances(problem, &c),
                distribution: Vec::new(),
            })
        }
        Command::AddTrait { .. }
        | Command::AddModifier { .. }
        | Command::SpendInfluence { .. }
        | Command::MergeEntries { .. } => {
            let events =
                crate::rules::decide(state, command, &mut Scripted::new(Vec::new())).ok()?;
            let (mut player, mut gm) = (now.player, now.gm);
            for event in &events {
                match event {
                    Event::EntryAdded {
                        outcome,
                        likelihood,
                        ..
                    }
                    | Event::EntriesMerged {
                        outcome,
                        likelihood,
                        ..
                    } => match outcome {
                        Side::Player => player = *likelihood,
                        Side::Gm => gm = *likelihood,
                    },
                    _ => {}
                }
            }
            let before = chances(now.player, now.gm, unlikely).ok()?;
            let after = chances(player, gm, unlikely).ok()?;
            Some(Odds {
                summary: format!(
                    "With this entry, {} Now: {} for the player's outcome, {} for the GM's.",
                    roll_summary(&after),
                    people(&before.p_player),
                    people(&before.p_gm)
                ),
                chances: side_chances(problem, &after),
                distribution: Vec::new(),
            })
        }
        _ => None,
    }
}

/// One sentence on the roll at these chances: likelihoods, advantage, odds and what the d12 does.
fn roll_summary(c: &Chances) -> String {
    let odds = D12Odds::new(c.player, c.gm);
    let favoured = odds.favoured().outcome_phrase();
    let other = odds.favoured().other().outcome_phrase();
    let totals = format!(
        "the player's outcome is at {} and the GM's at {}",
        signed(c.player),
        signed(c.gm)
    );
    if c.certain {
        format!(
            "{totals}: advantage {}, so {favoured} is certain and no die is rolled (L3).",
            c.advantage
        )
    } else if odds.more_likely.is_none() {
        format!(
            "{totals}: equal, so a d12 of 1-6 selects the player's outcome and 7-12 the GM's (L3)."
        )
    } else if c.odds >= 12 {
        format!(
            "{totals}: advantage {}, odds {}: anything but a 12 selects {favoured}; a 12 rolls again at advantage {} (L4).",
            c.advantage,
            c.odds,
            c.advantage
                .saturating_sub(crate::rules::chances::CERTAIN_ADVANTAGE)
        )
    } else {
        let upset = c.odds.saturating_add(1);
        let upsets = if upset == crate::rules::chances::D12_FACES {
            upset.to_string()
        } else {
            format!("{upset}-12")
        };
        format!(
            "{totals}: advantage {}, odds {}: a d12 of 1-{} selects {favoured}, {upsets} {other} (L3).",
            c.advantage, c.odds, c.odds
        )
    }
}

/// Each side's chance, labelled with its author.
fn side_chances(problem: &Problem, c: &Chances) -> Vec<Chance> {
    [(Side::Player, &c.p_player), (Side::Gm, &c.p_gm)]
        .into_iter()
        .map(|(side, p)| {
            let by = problem.outcome(side).map_or(GM, |o| o.by.as_str());
            Chance::exact(format!("{} ({by})", capitalized(side.outcome_phrase())), p)
        })
        .collect()
}
