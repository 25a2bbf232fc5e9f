//! [`view`]: a Loqi table's state as JSON, the shape scenario expectations check.

use crate::limits::BOARD_RESOLVED;
use crate::model::{
    Action, Character, Entry, EntryKind, Fulfilled, Goal, Odds, Options, Outcome, Priced, Problem,
    Reach, Scale, Side, State, Status, Story, TraitChange,
};
use crate::rules::sheets::high;
use serde::Serialize;
use std::collections::BTreeMap;

/// The state as scenario expectations see it:
///
/// ```text
/// { "options": OPTIONS,
///   "story": { "session": 1, "session_problems": 0, "scenario": 1, "scene": 1 },
///   "gm_influence": null | 10,
///   "characters": { NAME: CHARACTER },
///   "goals": [ GOAL ], "fulfilled_goals": [ GOAL + { "paid": [ { "who", "now" } ] } ],
///   "prepared": [ NAME ],
///   "problem_open": true,
///   "problem": null | PROBLEM + { "odds": null | ODDS },
///   "resolved": [ PROBLEM + { "odds": ODDS, "rolls": [10], "winner": "player", "by": NAME, "outcome": TEXT,
///                             "session": 1, "scenario": 1, "scene": 2 } ],
///   "last_resolved": null | (the last element of "resolved"),
///   "session_resolved": [ (the elements of "resolved" from the current session, newest first, at
///                          most BOARD_RESOLVED) ],
///   "session_resolved_more": 0 (how many more of this session the list leaves out) }
/// CHARACTER = { "influence": 9, "npc"?: true (only for an NPC, which holds no influence),
///               "status": "in" | "out" | "dead",
///               "traits": { TRAIT: { "rating": 3, "harmful": false, "permanent": 3, "high": false } },
///               "changes": [ { "trait", "rating_change", "harmful", "lasts", "problem" } ],
///               "strength": null | { "nominal": 10, "current": 4, "strenuous": -3, "ordinary": -1 } }
/// GOAL    = { "number", "text", "kind": "specific" | "non_specific", "rating", "by", "origin" }
/// PROBLEM = { "number": 1, "scale": "scene", "impact_guide": [3, 5], "description": TEXT,
///             "proposer": "GM", "responders": [NAME], "acting_gm": "GM" | NAME,
///             "influence_spent": { NAME: 3 }, "player": null | OUTCOME, "gm": null | OUTCOME }
/// OUTCOME = { "by": NAME, "description": TEXT, "impact": 4, "reaches": "scene", "suggested_impact": 4,
///             "actors": [NAME], "action": "ordinary", "consequences": [ { "consequence", "impact" } ],
///             "likelihood": 2, "by_kind": { KIND: SUM },
///             "tally": [ { "id": 1, "kind": "impact", "value": -4, "by": NAME, "reason": TEXT,
///                          "trait"?: { ... }, "merged"?: [ ENTRY ] } ] }
/// ODDS    = { "player": 2, "gm": -2, "advantage": 4, "odds": 10, "more_likely": "player" | "gm" | null,
///             "certain": false, "p_player": "5/6", "p_gm": "1/6",
///             "one_more_point": { "player": "11/12", "gm": "1/4" } }
/// ```
///
/// `one_more_point.player` is the player's outcome's chance if one more point of influence raised
/// its likelihood; `one_more_point.gm` the same for the GM's outcome.
pub fn view(state: &State) -> serde_json::Value {
    let options = &state.options;
    let characters: BTreeMap<&str, CharacterView<'_>> = state
        .characters
        .iter()
        .map(|m| (m.name.as_str(), CharacterView::new(m, options)))
        .collect();
    let unlikely = options.unlikely_outcomes;
    let problem = state.problem.as_ref().map(|p| {
        ProblemView::new(
            p,
            p.odds()
                .map(|o| OddsView::new(o, o.certain(unlikely), unlikely)),
        )
    });
    let resolved: Vec<ResolvedView<'_>> = state
        .resolved
        .iter()
        .map(|r| {
            let outcome = r.problem.outcome(r.resolution.winner);
            ResolvedView {
                problem: ProblemView::new(
                    &r.problem,
                    Some(OddsView::new(
                        r.resolution.odds,
                        r.resolution.certain,
                        unlikely,
                    )),
                ),
                rolls: r.resolution.rolls.iter().map(|roll| roll.value).collect(),
                winner: r.resolution.winner,
                by: outcome.map_or("", |o| o.by.as_str()),
                outcome: outcome.map_or("", |o| o.description.as_str()),
                session: r.story.session,
                scenario: r.story.scenario,
                scene: r.story.scene,
            }
        })
        .collect();
    let this_session: Vec<&ResolvedView<'_>> = resolved
        .iter()
        .rev()
        .filter(|r| r.session == state.story.session)
        .collect();
    let session_resolved_more = this_session.len().saturating_sub(BOARD_RESOLVED);
    let session_resolved = this_session
        .into_iter()
        .take(BOARD_RESOLVED)
        .cloned()
        .collect();
    let view = View {
        options,
        story: &state.story,
        gm_influence: state.gm_influence,
        characters,
        goals: &state.goals,
        fulfilled_goals: state.fulfilled.iter().map(FulfilledView::new).collect(),
        prepared: &state.prepared,
        problem_open: problem.is_some(),
        problem,
        last_resolved: resolved.last().cloned(),
        session_resolved,
        session_resolved_more,
        resolved,
    };
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}

#[derive(Serialize)]
struct View<'a> {
    options: &'a Options,
    story: &'a Story,
    gm_influence: Option<i64>,
    characters: BTreeMap<&'a str, CharacterView<'a>>,
    goals: &'a [Goal],
    fulfilled_goals: Vec<FulfilledView<'a>>,
    prepared: &'a [String],
    problem_open: bool,
    problem: Option<ProblemView<'a>>,
    resolved: Vec<ResolvedView<'a>>,
    last_resolved: Option<ResolvedView<'a>>,
    /// This session's resolved problems, newest first, at most [`BOARD_RESOLVED`].
    session_resolved: Vec<ResolvedView<'a>>,
    /// How many more of this session's resolved problems `session_resolved` leaves out.
    session_resolved_more: usize,
}

#[derive(Serialize)]
struct CharacterView<'a> {
    influence: i64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    npc: bool,
    status: Status,
    traits: BTreeMap<String, TraitView>,
    changes: &'a [TraitChange],
    strength: Option<StrengthView>,
}

impl<'a> CharacterView<'a> {
    fn new(m: &'a Character, options: &Options) -> Self {
        Self {
            influence: m.influence,
            npc: m.npc,
            status: m.status(options),
            traits: m
                .traits_now()
                .into_iter()
                .map(|t| {
                    (
                        t.name,
                        TraitView {
                            rating: t.rating,
                            harmful: t.harmful,
                            permanent: t.permanent,
                            high: high(t.rating),
                        },
                    )
                })
                .collect(),
            changes: &m.changes,
            strength: m.strength.map(|s| StrengthView {
                nominal: s.nominal,
                current: s.current,
                strenuous: s.penalty(Action::Strenuous),
                ordinary: s.penalty(Action::Ordinary),
            }),
        }
    }
}

#[derive(Serialize)]
struct TraitView {
    rating: i64,
    harmful: bool,
    permanent: i64,
    high: bool,
}

#[derive(Serialize)]
struct StrengthView {
    nominal: i64,
    current: i64,
    strenuous: i64,
    ordinary: i64,
}

#[derive(Serialize)]
struct FulfilledView<'a> {
    #[serde(flatten)]
    goal: &'a Goal,
    paid: &'a [crate::model::Payment],
}

impl<'a> FulfilledView<'a> {
    fn new(f: &'a Fulfilled) -> Self {
        Self {
            goal: &f.goal,
            paid: &f.paid,
        }
    }
}

#[derive(Serialize, Clone)]
struct ProblemView<'a> {
    number: u64,
    scale: Scale,
    impact_guide: [i64; 2],
    description: &'a str,
    proposer: &'a str,
    responders: &'a [String],
    acting_gm: &'a str,
    influence_spent: BTreeMap<&'a str, i64>,
    player: Option<OutcomeView<'a>>,
    gm: Option<OutcomeView<'a>>,
    odds: Option<OddsView>,
}

impl<'a> ProblemView<'a> {
    fn new(p: &'a Problem, odds: Option<OddsView>) -> Self {
        let (low, high) = p.scale.impact_guide();
        let mut spent: BTreeMap<&str, i64> = BTreeMap::new();
        for o in [&p.player, &p.gm].into_iter().flatten() {
            for e in o.tally.iter().filter(|e| e.kind == EntryKind::Influence) {
                let paid = spent.entry(e.by.as_str()).or_insert(0);
                *paid = paid.saturating_add(e.value.saturating_abs());
            }
        }
        Self {
            number: p.number,
            scale: p.scale,
            impact_guide: [low, high],
            description: &p.description,
            proposer: &p.proposer,
            responders: &p.responders,
            acting_gm: p.acting_gm(),
            influence_spent: spent,
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
    reaches: &'static str,
    suggested_impact: i64,
    actors: &'a [String],
    action: Action,
    consequences: &'a [Priced],
    likelihood: i64,
    by_kind: BTreeMap<&'static str, i64>,
    tally: &'a [Entry],
}

impl<'a> OutcomeView<'a> {
    fn new(o: &'a Outcome) -> Self {
        let by_kind = [
            EntryKind::Impact,
            EntryKind::Trait,
            EntryKind::Environment,
            EntryKind::Genre,
            EntryKind::Influence,
            EntryKind::Strength,
            EntryKind::Merged,
        ]
        .into_iter()
        .filter(|k| o.tally.iter().any(|e| e.kind == *k))
        .map(|k| (k.name(), o.subtotal(k)))
        .collect();
        Self {
            by: &o.by,
            description: &o.description,
            impact: o.impact,
            reaches: Reach::of(o.impact).name(),
            suggested_impact: o.suggested_impact,
            actors: &o.actors,
            action: o.action,
            consequences: &o.consequences,
            likelihood: o.likelihood(),
            by_kind,
            tally: &o.tally,
        }
    }
}

#[derive(Serialize, Clone)]
struct OddsView {
    player: i64,
    gm: i64,
    advantage: i64,
    odds: i64,
    more_likely: Option<Side>,
    certain: bool,
    p_player: Option<String>,
    p_gm: Option<String>,
    one_more_point: Option<OneMorePoint>,
}

#[derive(Serialize, Clone)]
struct OneMorePoint {
    player: String,
    gm: String,
}

impl OddsView {
    fn new(o: Odds, certain: bool, unlikely: bool) -> Self {
        let now = o.chances(unlikely).ok();
        let player_up = Odds::new(o.player.saturating_add(1), o.gm)
            .chances(unlikely)
            .ok();
        let gm_up = Odds::new(o.player, o.gm.saturating_add(1))
            .chances(unlikely)
            .ok();
        let one_more_point = match (player_up, gm_up) {
            (Some(p), Some(g)) => Some(OneMorePoint {
                player: p.p_player.to_string(),
                gm: g.p_gm.to_string(),
            }),
            _ => None,
        };
        Self {
            player: o.player,
            gm: o.gm,
            advantage: o.advantage,
            odds: o.odds,
            more_likely: o.more_likely,
            certain,
            p_player: now.as_ref().map(|c| c.p_player.to_string()),
            p_gm: now.as_ref().map(|c| c.p_gm.to_string()),
            one_more_point,
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
    session: u64,
    scenario: u64,
    scene: u64,
}
