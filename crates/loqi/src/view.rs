//! [`view`]: a Loqi table's state as JSON, the shape scenario expectations check.

use crate::options::Options;
use crate::problem::{Entry, Outcome, Problem, Scale, Side};
use crate::resolution::Odds;
use crate::state::State;
use serde::Serialize;
use std::collections::BTreeMap;

/// The state as scenario expectations see it:
///
/// ```text
/// { "options": { "unlikely_outcomes": false },
///   "characters": { NAME: { "influence": 9, "traits": { TRAIT: { "rating": 3, "harmful": false } } } },
///   "problem_open": true,
///   "problem": null | PROBLEM + { "odds": null | ODDS },
///   "resolved": [ PROBLEM + { "odds": ODDS, "rolls": [10], "winner": "player", "by": NAME, "outcome": TEXT } ],
///   "last_resolved": null | (the last element of "resolved") }
/// PROBLEM = { "number": 1, "scale": "scene", "description": TEXT, "proposer": "GM", "responder": NAME,
///             "player": null | OUTCOME, "gm": null | OUTCOME }
/// OUTCOME = { "by": NAME, "description": TEXT, "impact": 4, "likelihood": 2,
///             "tally": [ { "kind": "impact", "value": -4, "by": NAME, "reason": TEXT,
///                          "trait"?: { "character", "name", "rating", "harmful", "along", "judged" } } ] }
/// ODDS    = { "player": 2, "gm": -2, "advantage": 4, "odds": 10, "more_likely": "player" | "gm" | null,
///             "certain": false }
/// ```
pub fn view(state: &State) -> serde_json::Value {
    let characters: BTreeMap<&str, CharacterView<'_>> = state
        .characters
        .iter()
        .map(|c| {
            let traits = c
                .traits
                .iter()
                .map(|t| {
                    (
                        t.name.as_str(),
                        TraitView {
                            rating: t.rating,
                            harmful: t.harmful,
                        },
                    )
                })
                .collect();
            (
                c.name.as_str(),
                CharacterView {
                    influence: c.influence,
                    traits,
                },
            )
        })
        .collect();
    let unlikely = state.options.unlikely_outcomes;
    let problem = state
        .problem
        .as_ref()
        .map(|p| ProblemView::new(p, p.odds().map(|o| OddsView::new(o, o.certain(unlikely)))));
    let resolved: Vec<ResolvedView<'_>> = state
        .resolved
        .iter()
        .map(|r| {
            let outcome = r.problem.outcome(r.resolution.winner);
            ResolvedView {
                problem: ProblemView::new(
                    &r.problem,
                    Some(OddsView::new(r.resolution.odds, r.resolution.certain)),
                ),
                rolls: r.resolution.rolls.iter().map(|roll| roll.value).collect(),
                winner: r.resolution.winner,
                by: outcome.map_or("", |o| o.by.as_str()),
                outcome: outcome.map_or("", |o| o.description.as_str()),
            }
        })
        .collect();
    let view = View {
        options: &state.options,
        characters,
        problem_open: problem.is_some(),
        problem,
        last_resolved: resolved.last().cloned(),
        resolved,
    };
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}

#[derive(Serialize)]
struct View<'a> {
    options: &'a Options,
    characters: BTreeMap<&'a str, CharacterView<'a>>,
    problem_open: bool,
    problem: Option<ProblemView<'a>>,
    resolved: Vec<ResolvedView<'a>>,
    last_resolved: Option<ResolvedView<'a>>,
}

#[derive(Serialize)]
struct CharacterView<'a> {
    influence: i64,
    traits: BTreeMap<&'a str, TraitView>,
}

#[derive(Serialize)]
struct TraitView {
    rating: i64,
    harmful: bool,
}

#[derive(Serialize, Clone)]
struct ProblemView<'a> {
    number: u64,
    scale: Scale,
    description: &'a str,
    proposer: &'a str,
    responder: &'a str,
    player: Option<OutcomeView<'a>>,
    gm: Option<OutcomeView<'a>>,
    odds: Option<OddsView>,
}

impl<'a> ProblemView<'a> {
    fn new(p: &'a Problem, odds: Option<OddsView>) -> Self {
        Self {
            number: p.number,
            scale: p.scale,
            description: &p.description,
            proposer: &p.proposer,
            responder: &p.responder,
            player: p.player.as_ref().map(OutcomeView::new),
            gm: p.gm.as_ref().map(OutcomeView::new),
            odds,
        }
    }
}

#[derive(Serialize, Clone)]
struct OutcomeView<'a> {
    by: &'a str,
    description: &'a str,
    impact: i64,
    likelihood: i64,
    tally: &'a [Entry],
}

impl<'a> OutcomeView<'a> {
    fn new(o: &'a Outcome) -> Self {
        Self {
            by: &o.by,
            description: &o.description,
            impact: o.impact,
            likelihood: o.likelihood(),
            tally: &o.tally,
        }
    }
}

#[derive(Serialize, Clone, Copy)]
struct OddsView {
    player: i64,
    gm: i64,
    advantage: i64,
    odds: i64,
    more_likely: Option<Side>,
    certain: bool,
}

impl OddsView {
    fn new(o: Odds, certain: bool) -> Self {
        Self {
            player: o.player,
            gm: o.gm,
            advantage: o.advantage,
            odds: o.odds,
            more_likely: o.more_likely,
            certain,
        }
    }
}

#[derive(Serialize, Clone)]
struct ResolvedView<'a> {
    #[serde(flatten)]
    problem: ProblemView<'a>,
    rolls: Vec<i64>,
    winner: Side,
    by: &'a str,
    outcome: &'a str,
}
