//! The state as the JSON a scenario's `expect` and a page's board read (the core's `System::view`):
//! characters and participants keyed by name, pools highest first, who is winning, and whether each
//! character is disabled (T7).

use crate::model::{Conflict, Participant, Standing, State, Step, Trait};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The state as scenario expectations see it: characters and participants keyed by name, pools
/// highest first, who is winning (and its allies, T13), the sides of more than one participant,
/// what each participant did exchange by exchange (its [`Step`]s), and once the conflict is over
/// who got the goal and how it ended (`End`).
///
/// ```json
/// { "characters": { "Gorand": { "stats": { "Physical": { "boxes": 5, "checked": 0, "coloured": 0 } },
///       "traits": { "Arms": { "boxes": 2, "checked": 1, "coloured": 0 } }, "equipment": {},
///       "gear": ["food"], "obligations": {}, "burdens": { "Flesh wound": { "stat": "Physical", "boxes": [17] } },
///       "disabled": false, "dead": false, "keys": ["Warrior"] } },
///   "conflict": { "exchange": 2, "ended": false, "winning": "Gorand", "winning_allies": [],
///                 "winner": null, "winners": [], "allies_share_goal": true, "sides": [],
///                 "order": ["Gorand", "Dragon"], "final_order": [], "healing": false,
///                 "participants": { "Gorand": { "pool": [15, 12, 10, 7], "standing": "in",
///                                               "used": ["Friendly", "Arms"], "goal": "...",
///                                               "death_of": null, "discarded": false } },
///                 "exchanges": [ { "number": 1, "sides": [ { "who": "Gorand", "steps": [
///                     { "exchange": 1, "kind": "brought_in", "trait": "Friendly", "dice": [12, 10] } ] } ] } ],
///                 "end": null },
///   "obligations": [ { "granter": "...", "grantee": "...", ... } ] }
/// ```
pub fn view(state: &State) -> Value {
    let boxes = |list: &[Trait]| -> Value {
        Value::Object(
            list.iter()
                .map(|t| {
                    let v = json!({ "boxes": t.boxes, "checked": t.checked, "coloured": t.coloured, "broken": t.broken });
                    (t.name.clone(), v)
                })
                .collect(),
        )
    };
    let characters: Map<String, Value> = state
        .characters
        .iter()
        .map(|c| {
            let burdens: Map<String, Value> = c
                .burdens
                .iter()
                .map(|b| (b.name.clone(), json!({ "stat": b.stat, "boxes": b.boxes })))
                .collect();
            let sheet = json!({
                "stats": boxes(&c.stats),
                "keys": c.keys,
                "traits": boxes(&c.traits),
                "equipment": boxes(&c.equipment),
                "gear": c.gear,
                "obligations": boxes(&c.obligations),
                "burdens": burdens,
                "disabled": c.disabled_by().is_some(),
                "dead": c.dead,
            });
            (c.name.clone(), sheet)
        })
        .collect();
    let conflict = state
        .conflict
        .as_ref()
        .map(|c| ConflictView::new(c, state.options.allies_share_goal));
    json!({ "characters": characters, "conflict": conflict, "obligations": state.obligations })
}

/// The current or last conflict as a board reads it.
#[derive(Serialize)]
struct ConflictView<'a> {
    exchange: u32,
    ended: bool,
    winning: Option<String>,
    /// The allies still in of the one winning (T13), whose side is winning with it.
    winning_allies: Vec<String>,
    winner: Option<&'a str>,
    /// Who got the goal once it has ended: the winner and its allies still in (T13).
    winners: Vec<&'a str>,
    /// Whether the table plays T13 (allies who declare the same goal are one side).
    allies_share_goal: bool,
    /// The sides of more than one participant (T13), each its members in declaration order.
    sides: Vec<Vec<&'a str>>,
    order: Vec<String>,
    final_order: &'a [String],
    healing: bool,
    participants: BTreeMap<&'a str, ParticipantView<'a>>,
    /// Every exchange so far, first to last, with what each side did in it.
    exchanges: Vec<ExchangeView<'a>>,
    /// How it ended, once it has.
    end: Option<End<'a>>,
}

impl<'a> ConflictView<'a> {
    fn new(c: &'a Conflict, allies_share_goal: bool) -> Self {
        let winning = c.winning();
        let winning_allies = winning
            .as_deref()
            .map(|w| c.allies_in(w))
            .unwrap_or_default();
        let mut sides: Vec<Vec<&str>> = Vec::new();
        for p in &c.participants {
            match sides
                .iter_mut()
                .find(|side| c.participant(side[0]).is_some_and(|q| q.side == p.side))
            {
                Some(side) => side.push(&p.who),
                None => sides.push(vec![&p.who]),
            }
        }
        sides.retain(|side| side.len() > 1);
        Self {
            exchange: c.exchange,
            ended: c.ended(),
            winning,
            winning_allies,
            winner: c.winner.as_deref(),
            winners: c
                .winner
                .iter()
                .filter(|w| !w.is_empty())
                .chain(&c.winner_allies)
                .map(String::as_str)
                .collect(),
            allies_share_goal,
            sides,
            order: c.order_of_those_in(),
            final_order: &c.final_order,
            healing: c.healing.is_some(),
            participants: c
                .participants
                .iter()
                .map(|p| (p.who.as_str(), ParticipantView::new(p)))
                .collect(),
            exchanges: (1..=c.exchange)
                .map(|number| ExchangeView::new(c, number))
                .collect(),
            end: End::of(c),
        }
    }
}

/// One side of a conflict.
#[derive(Serialize)]
struct ParticipantView<'a> {
    pool: &'a [u32],
    standing: Standing,
    used: &'a [String],
    goal: &'a str,
    death_of: Option<&'a str>,
    /// Whether a burden taken from it discarded dice from its pool (T5): an empty pool that had
    /// dice.
    discarded: bool,
}

impl<'a> ParticipantView<'a> {
    fn new(p: &'a Participant) -> Self {
        Self {
            pool: &p.pool,
            standing: p.standing,
            used: &p.used,
            goal: &p.goal,
            death_of: p.death_of.as_deref(),
            discarded: p.discarded(),
        }
    }
}

/// One exchange: what each side did in it, in the order the sides were declared; a side that did
/// nothing in it is left out.
#[derive(Serialize)]
struct ExchangeView<'a> {
    number: u32,
    sides: Vec<SideSteps<'a>>,
}

impl<'a> ExchangeView<'a> {
    fn new(c: &'a Conflict, number: u32) -> Self {
        let sides = c
            .participants
            .iter()
            .map(|p| SideSteps {
                who: &p.who,
                steps: p.steps.iter().filter(|s| s.exchange == number).collect(),
            })
            .filter(|side| !side.steps.is_empty())
            .collect();
        Self { number, sides }
    }
}

/// A side's steps in one exchange.
#[derive(Serialize)]
struct SideSteps<'a> {
    who: &'a str,
    steps: Vec<&'a Step>,
}

/// How a conflict ended (T4).
#[derive(Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "how", rename_all = "snake_case")]
enum End<'a> {
    /// At most one side was left in, the others having surrendered or lost being disabled; in
    /// `exchange`. `winner` (the one narrating first, with its allies still in, T13) is `None`
    /// when no side was left in at all.
    LeftIn {
        exchange: u32,
        winner: Option<&'a str>,
    },
    /// An exchange passed with no dice brought in: `exchange` is that exchange, the last with
    /// dice the one before (none when it is 1). `forced`: every side still in had to stand (a 1
    /// rolled, or nothing with enough unchecked boxes, T2); otherwise some stood by choice.
    NoDice { exchange: u32, forced: bool },
}

impl<'a> End<'a> {
    fn of(c: &'a Conflict) -> Option<Self> {
        if !c.ended() {
            return None;
        }
        let left: Vec<&Participant> = c.participants.iter().filter(|p| p.is_in()).collect();
        if c.sides_in() <= 1 {
            return Some(End::LeftIn {
                exchange: c.exchange,
                winner: left
                    .first()
                    .map(|_| c.winner.as_deref().unwrap_or_default()),
            });
        }
        Some(End::NoDice {
            exchange: c.exchange,
            forced: left.iter().all(|p| p.standing == Standing::ForcedStand),
        })
    }
}
