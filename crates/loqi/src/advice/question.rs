//! What the advice is asked about: the open problem's two likelihoods now, and the influence that
//! may still be spent on them, each pile with the outcome its holder backs ([`Question::at`], or
//! [`Question::of`] a command once it is made).
//!
//! Who may still spend (L5): each player's character that can take part (not an NPC, not out or
//! dead, L8) and holds influence, and the GM under the GM-influence option while its pile lasts.
//! The outcome each backs, the first that applies (docs/loqi.md, "Advice over the problem"):
//!
//! 1. the one its spends on this problem so far favour, net (a point on the player's tally, or
//!    off the GM's, favours the player's outcome);
//! 2. the one it proposed;
//! 3. for the GM, the GM's outcome; for a character, the one better for the player characters (the
//!    higher impact, L2), the player's outcome when they are equal.

use crate::model::{Command, EntryKind, Event, GM, Problem, Side, State, Status};
use crate::rules::{apply, decide};
use skald_dice::Scripted;

/// Why a holder backs the outcome it backs (the rule of the module docs that applied).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backing {
    /// Its spends on this problem so far favour it, net.
    Spent,
    /// It proposed that outcome.
    Proposed,
    /// The GM backs the GM's outcome.
    TheGm,
    /// The outcome better for the player characters (the higher impact, L2).
    BetterForThePcs,
}

/// One pile of influence that may still be spent on the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// A character's name, or `"GM"`.
    pub who: String,
    /// The influence it holds now: 1 to 999 (a character's, L5), 1 to 100 (the GM's).
    pub pool: i64,
    /// The outcome it backs.
    pub backs: Side,
    /// Why.
    pub why: Backing,
}

impl Holder {
    /// How one point it spends moves the player's likelihood minus the GM's: +1 or -1.
    pub fn sign(&self) -> i64 {
        match self.backs {
            Side::Player => 1,
            Side::Gm => -1,
        }
    }
}

/// The question: the open problem with both outcomes proposed, who may still spend on it, and
/// whom the advice is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The problem's number.
    pub problem: u64,
    /// The player's outcome's likelihood now (L1).
    pub player: i64,
    /// The GM's outcome's likelihood now (L1).
    pub gm: i64,
    /// Who proposed the player's outcome.
    pub player_by: String,
    /// Who proposed the GM's outcome (`"GM"`, or the player who took it over, L5).
    pub gm_by: String,
    /// Whether the table plays unlikely outcomes (L4).
    pub unlikely_outcomes: bool,
    /// Who may still spend, characters in the order they joined, then the GM.
    pub holders: Vec<Holder>,
    /// Whom the advice is for: a character's name or `"GM"` (a holder or not).
    pub focus: String,
    /// The outcome the advised one backs, by the same rules as a holder's.
    pub focus_backs: Side,
}

impl Question {
    /// The question at `state` for `who`: `None` unless a problem is open with both outcomes
    /// proposed. `who` is taken as given (a name the table may not know holds nothing).
    pub fn at(state: &State, who: &str) -> Option<Question> {
        let problem = state.problem.as_ref()?;
        let (player, gm) = (problem.player.as_ref()?, problem.gm.as_ref()?);
        Some(Question {
            problem: problem.number,
            player: player.likelihood(),
            gm: gm.likelihood(),
            player_by: player.by.clone(),
            gm_by: gm.by.clone(),
            unlikely_outcomes: state.options.unlikely_outcomes,
            holders: holders(state, problem),
            focus: who.to_owned(),
            focus_backs: backing(problem, who).0,
        })
    }

    /// The question `command` leaves at `state`, for whom it acts: a tally command (`add_trait`,
    /// `add_modifier`, `merge_entries`: its `by`; `spend_influence`: its `who`) or the
    /// `propose_outcome` that completes the pair (its author). The command is decided as the
    /// rules decide it (it rolls no die) and folded in. `None` for any other command, one the
    /// rules would refuse now, or one that leaves an outcome still to propose.
    pub fn of(state: &State, command: &Command) -> Option<Question> {
        let focus = match command {
            Command::SpendInfluence { who, .. } => Some(who.clone()),
            Command::AddTrait { by, .. }
            | Command::AddModifier { by, .. }
            | Command::MergeEntries { by, .. } => Some(by.clone()),
            Command::ProposeOutcome { .. } => None,
            _ => return None,
        };
        let events = decide(state, command, &mut Scripted::new(Vec::new())).ok()?;
        let proposed = events.iter().find_map(|e| match e {
            Event::OutcomeProposed { outcome, .. } => Some(outcome.by.clone()),
            _ => None,
        });
        let after = events.iter().fold(state.clone(), apply);
        Question::at(&after, &focus.or(proposed)?)
    }

    /// The likelihood difference now: the player's outcome's minus the GM's (saturating).
    pub fn difference(&self) -> i64 {
        self.player.saturating_sub(self.gm)
    }

    /// The advised one's pile, when it may still spend.
    pub fn focus_holder(&self) -> Option<&Holder> {
        self.holders.iter().find(|h| h.who == self.focus)
    }

    /// The author of the outcome on `side`.
    pub fn author(&self, side: Side) -> &str {
        match side {
            Side::Player => &self.player_by,
            Side::Gm => &self.gm_by,
        }
    }
}

/// Who may still spend on `problem`, with the outcome each backs.
fn holders(state: &State, problem: &Problem) -> Vec<Holder> {
    let mut holders: Vec<Holder> = state
        .characters
        .iter()
        .filter(|c| !c.npc && c.influence > 0 && c.status(&state.options) == Status::In)
        .map(|c| {
            let (backs, why) = backing(problem, &c.name);
            Holder {
                who: c.name.clone(),
                pool: c.influence,
                backs,
                why,
            }
        })
        .collect();
    if let Some(pool) = state.gm_influence.filter(|p| *p > 0) {
        let (backs, why) = backing(problem, GM);
        holders.push(Holder {
            who: GM.to_owned(),
            pool,
            backs,
            why,
        });
    }
    holders
}

/// The outcome `who` backs on `problem`, and why (the module docs' rules, in order).
fn backing(problem: &Problem, who: &str) -> (Side, Backing) {
    let spent = |side: Side| -> i64 {
        problem.outcome(side).map_or(0, |o| {
            o.tally
                .iter()
                .filter(|e| e.kind == EntryKind::Influence && e.by == who)
                .fold(0, |sum, e| sum.saturating_add(e.value))
        })
    };
    let net = spent(Side::Player).saturating_sub(spent(Side::Gm));
    if net != 0 {
        let side = if net > 0 { Side::Player } else { Side::Gm };
        return (side, Backing::Spent);
    }
    for side in [Side::Player, Side::Gm] {
        if problem.outcome(side).is_some_and(|o| o.by == who) {
            return (side, Backing::Proposed);
        }
    }
    if who == GM {
        return (Side::Gm, Backing::TheGm);
    }
    let impact = |side: Side| problem.outcome(side).map_or(0, |o| o.impact);
    let side = if impact(Side::Gm) > impact(Side::Player) {
        Side::Gm
    } else {
        Side::Player
    };
    (side, Backing::BetterForThePcs)
}
