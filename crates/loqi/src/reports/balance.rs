//! `skald loqi balance FILE [--after N] [--target easy|even|hard]`: a fair fight for the GM
//! (issue 32, [`crate::advice::balance`]) at a scenario's position. The GM's outcome weighed is
//! the next step's when it is the GM's proposal of the open problem (as drafted there, with its
//! actors and impact), else a GM's outcome still to propose, with nobody acting in it. For each
//! fight: the impact whose chance that the party wins (the player's outcome selected, given the
//! influence still to be spent) is closest to the target.

use crate::advice::balance::{Balance, Draft, Weighed, balance as weigh};
use crate::advice::{Budget, Value};
use crate::model::{Action, Command, GM, Side, State};
use crate::rules::traits::signed;
use serde::Serialize;
use skald_core::{Fight, said};
use std::fmt;

/// The report. JSON keys in alphabetical order, as every `skald loqi` report's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceReport {
    /// The steps of the scenario played first.
    pub after: usize,
    /// Who proposes the GM's outcome: `"GM"`, or the player who took the problem over (L5).
    pub author: String,
    /// The GM's outcome as drafted on the next step; `None` when no step drafts it.
    pub drafted: Option<Line>,
    /// Whether every chance is exact (else simulated, `plays` each).
    pub exact: bool,
    /// Who may still spend on the problem, as drafted, with the outcome each backs (L5).
    pub holders: Vec<Holder>,
    /// The player's outcome, as proposed.
    pub player: Player,
    /// The plays of each simulated chance; 0 when exact.
    pub plays: u64,
    /// The problem's number.
    pub problem: u64,
    /// One per fight asked, easiest first.
    pub proposals: Vec<ProposalLine>,
    /// The step weighed (1-based), or `None` for a GM's outcome still to propose.
    pub step: Option<usize>,
    /// Whether the table plays unlikely outcomes (L4).
    pub unlikely_outcomes: bool,
}

/// The player's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Player {
    /// Its author.
    pub by: String,
    /// Its impact, the net benefit to the PCs (L2).
    pub impact: i64,
    /// Its likelihood now (L1).
    pub likelihood: i64,
}

/// One who may still spend.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Holder {
    /// `player` or `gm`: the outcome it backs.
    pub backs: &'static str,
    /// The influence it holds.
    pub pool: i64,
    /// A character's name, or `"GM"`.
    pub who: String,
}

/// The party's chance: `p` (an exact `"n/d"`, or `"hits/plays"` simulated), `decimal`, and
/// `margin` (the 99.9% interval's half-width) when simulated.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Party {
    /// In 0..=1.
    pub decimal: f64,
    /// Only when simulated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// The chance as a fraction.
    pub p: String,
}

impl Party {
    fn of(v: &Value) -> Party {
        let c = v.chance("");
        Party {
            decimal: c.decimal,
            margin: c.margin,
            p: c.p,
        }
    }
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&said(&skald_core::Chance {
            label: String::new(),
            p: self.p.clone(),
            decimal: self.decimal,
            margin: self.margin,
            fill: None,
        }))
    }
}

/// The GM's outcome at one impact.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    /// The party's chance to win.
    pub chance: Party,
    /// The impact, -100 to 100 (L2).
    pub impact: i64,
    /// The likelihood the GM's outcome opens at (L1).
    pub likelihood: i64,
}

impl Line {
    fn of(w: &Weighed) -> Line {
        Line {
            chance: Party::of(&w.chance),
            impact: w.impact,
            likelihood: w.likelihood,
        }
    }
}

/// An impact proposed for a fight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProposalLine {
    /// The party's chance to win.
    pub chance: Party,
    /// The impact proposed, -100 to 100 (L2).
    pub impact: i64,
    /// The likelihood the GM's outcome opens at with it (L1).
    pub likelihood: i64,
    /// Whether its chance is more than 10 points from the target: the closest there is.
    pub out_of_reach: bool,
    /// `easy`, `even` or `hard`.
    pub target: &'static str,
    /// The party's chance wanted, in percent.
    pub wanted: u32,
}

/// Whether [`balance`] has a GM's outcome to weigh at `state`, `next` being the step after it: the
/// GM's proposal of the open problem, or a problem open with the player's outcome proposed and the
/// GM's still to propose. Cheap: no chance is computed.
pub fn balanceable(state: &State, next: Option<&Command>) -> bool {
    next.and_then(|c| Draft::of(state, c)).is_some() || Draft::of(state, &unwritten()).is_some()
}

/// The GM's outcome not yet written, impact 0: what a position without the GM's proposal is
/// weighed as.
fn unwritten() -> Command {
    Command::ProposeOutcome {
        outcome: Side::Gm,
        description: String::new(),
        impact: Some(0),
        by: None,
        actors: None,
        action: Action::default(),
        consequences: Vec::new(),
    }
}

/// The report at `state`, after `after` steps, on `next` (the step after them, if any reads as a
/// command) when it is the GM's proposal of the open problem; the fights of `target` (all three
/// when `None`).
///
/// # Errors
/// A sentence for the reader when no problem is open with the player's outcome proposed and the
/// GM's still to propose (or the next step is that proposal), or when its author cannot propose.
pub fn balance(
    state: &State,
    after: usize,
    next: Option<&Command>,
    target: Option<Fight>,
) -> Result<BalanceReport, String> {
    let fights: Vec<Fight> = Fight::ALL
        .into_iter()
        .filter(|f| target.is_none_or(|t| t == *f))
        .collect();
    let stepped = next.and_then(|c| Draft::of(state, c));
    let step = stepped.as_ref().map(|_| after + 1);
    let draft = match stepped {
        Some(draft) => draft,
        None => Draft::of(state, &unwritten()).ok_or_else(|| {
            format!(
                "no GM's outcome to weigh after {}: a problem must be open with the player's \
                 outcome proposed and the GM's still to propose",
                skald_core::noun(after, "step", "steps")
            )
        })?,
    };
    let budget = Budget::TABLE;
    let Balance {
        question,
        drafted,
        proposals,
        exact,
        plays,
    } = weigh(&draft, &fights, budget)
        .ok_or_else(|| "the rules refuse the GM's outcome at some impact".to_owned())?;
    let player = state
        .problem
        .as_ref()
        .and_then(|p| p.player.as_ref())
        .map(|o| Player {
            by: o.by.clone(),
            impact: o.impact,
            likelihood: question.player,
        })
        .ok_or_else(|| "no player's outcome".to_owned())?;
    Ok(BalanceReport {
        after,
        author: draft.author.clone(),
        drafted: step.map(|_| Line::of(&drafted)),
        exact,
        holders: question
            .holders
            .iter()
            .map(|h| Holder {
                backs: h.backs.name(),
                pool: h.pool,
                who: h.who.clone(),
            })
            .collect(),
        player,
        plays,
        problem: question.problem,
        proposals: proposals
            .iter()
            .map(|p| ProposalLine {
                chance: Party::of(&p.weighed.chance),
                impact: p.weighed.impact,
                likelihood: p.weighed.likelihood,
                out_of_reach: p.out_of_reach,
                target: p.target.name(),
                wanted: p.target.percent(),
            })
            .collect(),
        step,
        unlikely_outcomes: question.unlikely_outcomes,
    })
}

impl fmt::Display for BalanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let author = if self.author == GM {
            "the GM"
        } else {
            &self.author
        };
        let played = skald_core::noun(self.after, "step", "steps");
        match self.step {
            Some(step) => writeln!(
                f,
                "Problem {} after {played}: the GM's outcome as {author} drafts it on step {step}.",
                self.problem
            )?,
            None => writeln!(
                f,
                "Problem {} after {played}: the GM's outcome still to propose, by {author}, nobody \
                 acting in it.",
                self.problem
            )?,
        }
        writeln!(
            f,
            "The player's outcome ({}): impact {}, likelihood {}.",
            self.player.by,
            self.player.impact,
            signed(self.player.likelihood)
        )?;
        let spend = if self.holders.is_empty() {
            "Nobody may still spend influence on it (L5).".to_owned()
        } else {
            format!(
                "Influence that may still be spent on it (L5): {}; each spends, before the roll, \
                 any amount from none to all it holds on the outcome it backs, each as likely.",
                holders_words(&self.holders)
            )
        };
        let how = if self.exact {
            "exact".to_owned()
        } else {
            format!("simulated, {} plays each", self.plays)
        };
        let l4 = if self.unlikely_outcomes {
            " The table plays unlikely outcomes (L4)."
        } else {
            ""
        };
        writeln!(
            f,
            "{spend} The party wins when the player's outcome is selected (L3; docs/loqi.md, \"A \
             fair fight\"); {how}.{l4}"
        )?;
        writeln!(
            f,
            "The GM's outcome, the party's chance (more harm makes it less likely, L2):"
        )?;
        if let Some(d) = &self.drafted {
            let at = format!("impact {}, likelihood {}", d.impact, signed(d.likelihood));
            writeln!(f, "  {:<24} {at:<28} {}", "as drafted", d.chance)?;
        }
        for p in &self.proposals {
            let fight = format!("{} ({}%)", p.target, p.wanted);
            let at = format!("impact {}, likelihood {}", p.impact, signed(p.likelihood));
            let reach = if p.out_of_reach {
                ", the closest there is"
            } else {
                ""
            };
            writeln!(f, "  {fight:<24} {at:<28} {}{reach}", p.chance)?;
        }
        Ok(())
    }
}

/// "Tiran 10 for the player's outcome, the GM 10 for the GM's outcome"; past eight, how many more.
fn holders_words(holders: &[Holder]) -> String {
    const LISTED: usize = 8;
    let mut items: Vec<String> = holders
        .iter()
        .take(LISTED)
        .map(|h| {
            let who = if h.who == GM { "the GM" } else { &h.who };
            let side = if h.backs == Side::Gm.name() {
                Side::Gm
            } else {
                Side::Player
            };
            format!("{who} {} for {}", h.pool, side.outcome_phrase())
        })
        .collect();
    if holders.len() > LISTED {
        items.push(format!("and {} more", holders.len() - LISTED));
    }
    items.join(", ")
}
