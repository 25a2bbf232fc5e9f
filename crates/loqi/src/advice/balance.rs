//! A fair fight for the GM (issue 32): the impact of the GM's outcome that gives the party the
//! chance the GM picks, an easy (75%), even (50%) or hard (25%) fight.
//!
//! Loqi has no fight, only problems: the party wins a problem when the player's outcome is the
//! one selected. The GM's numbers in it are the likelihoods of the GM's outcome, and the one the
//! GM writes is its impact, which opens its tally (L2: the more harm to the PCs, the less likely
//! the GM's outcome). The book asks the GM for exactly this: an outcome "roughly on par with the
//! player's in terms of likelihood", a large impact answered by a large impact (book: Maintaining
//! Balance). So, for the GM's outcome drafted once the player's is proposed ([`Draft::of`]): each
//! impact from -100 ([`crate::limits::IMPACT`]) up to the player's outcome's ([`Draft::impacts`]:
//! a GM's outcome better for the PCs than theirs is no opponent) is weighed with the rest of the
//! draft as written (its actors' strength entries, L8), and the chance that the party wins
//! is the advice's model over the problem (`mod.rs`, docs/loqi.md "Advice over the problem"):
//! everyone who may still spend spends an amount from none to all it holds on the outcome it
//! backs, each as likely, and the d12 decides (L3; L4 with the option). [`balance`] proposes,
//! for each fight, the impact whose chance is closest to the target ([`closest`]).
//!
//! The party's chance only falls as the GM's impact grows (a likelier GM's outcome, the same
//! holders on the same sides), so the search is a binary search over the impacts, each chance
//! weighed at most once. Exact while every impact weighed stays within the advice's exact bound
//! (one spread of what may be spent per side the holders take, built once and weighed at each
//! difference: [`super::exact`]); else every chance is simulated ([`super::simulate`]): the
//! search with a twentieth of the plays, the chances it proposes with all of them. Pure: the
//! draft is decided by the rules, rolling nothing; no clock, no global random source.

use super::exact::{self, Model};
use super::question::Question;
use super::simulate;
use super::value::{Budget, Value};
use crate::limits::IMPACT;
use crate::model::{Command, Event, Side, State};
use crate::rules::{apply, decide};
use num_bigint::BigInt;
use skald_core::{Chance, Fight, Fill};
use skald_dice::Scripted;
use std::cmp::Ordering;
use std::collections::HashMap;

/// The description a draft is weighed with while its blank is still empty: the words change no
/// likelihood, so the proposals come before the GM has written them.
const UNWRITTEN: &str = "(the GM's outcome, not yet written)";

/// How far from its target a proposal is said to be out of reach: 10 points (as Twenty's).
const OUT_OF_REACH: f64 = 0.10;

/// The GM's outcome as drafted on its form: a `propose_outcome` for the GM's side, the player's
/// outcome already proposed.
#[derive(Debug, Clone)]
pub struct Draft<'a> {
    state: &'a State,
    probe: Command,
    /// The impact drafted: as written, or the consequences' L7 suggestion when left out.
    pub impact: i64,
    /// Who proposes it: whoever plays the GM's part (`"GM"`, or the player who took it over).
    pub author: String,
}

impl<'a> Draft<'a> {
    /// The draft of `command` at `state`: `None` unless it is a `propose_outcome` for the GM's
    /// side of the open problem whose player's outcome is proposed (when the GM answers first,
    /// there is no party's outcome yet to weigh). The command is decided as the rules decide it
    /// (it rolls no die), a blank description taken as written and, when the impact is written,
    /// consequences the rules refuse left aside (neither changes a likelihood); `None` when the
    /// rules refuse it still (an author or an actor who cannot take part).
    pub fn of(state: &'a State, command: &Command) -> Option<Draft<'a>> {
        let Command::ProposeOutcome {
            outcome: Side::Gm,
            description,
            impact,
            consequences,
            ..
        } = command
        else {
            return None;
        };
        let problem = state.problem.as_ref()?;
        if problem.player.is_none() || problem.gm.is_some() {
            return None;
        }
        let mut probe = command.clone();
        if description.trim().is_empty()
            && let Command::ProposeOutcome { description, .. } = &mut probe
        {
            UNWRITTEN.clone_into(description);
        }
        let mut events = decide(state, &probe, &mut Scripted::new(Vec::new()));
        if events.is_err()
            && impact.is_some()
            && !consequences.is_empty()
            && let Command::ProposeOutcome { consequences, .. } = &mut probe
        {
            consequences.clear();
            events = decide(state, &probe, &mut Scripted::new(Vec::new()));
        }
        let (impact, author) = events.ok()?.into_iter().find_map(|e| match e {
            Event::OutcomeProposed {
                side: Side::Gm,
                outcome,
            } => Some((outcome.impact, outcome.by)),
            _ => None,
        })?;
        if let Command::ProposeOutcome { impact: i, .. } = &mut probe {
            *i = Some(impact);
        }
        Some(Draft {
            state,
            probe,
            impact,
            author,
        })
    }

    /// The advice's question with the GM's outcome proposed at `impact`, for its author: the
    /// draft decided again with that impact and folded in. `None` if the rules refuse it (an
    /// impact outside -100 to 100).
    pub fn at(&self, impact: i64) -> Option<Question> {
        let mut command = self.probe.clone();
        if let Command::ProposeOutcome { impact: i, .. } = &mut command {
            *i = Some(impact);
        }
        let events = decide(self.state, &command, &mut Scripted::new(Vec::new())).ok()?;
        let after = events.iter().fold(self.state.clone(), apply);
        Question::at(&after, &self.author)
    }

    /// The advice's question as drafted.
    pub fn question(&self) -> Option<Question> {
        self.at(self.impact)
    }

    /// The impacts a fair fight weighs: -100 up to the player's outcome's impact (at most 100).
    /// A GM's outcome better for the PCs than theirs opposes nobody: the characters would back
    /// it (the advice's rule 3), and the party's outcome selected would be the party's loss.
    pub fn impacts(&self) -> (i64, i64) {
        let player = self
            .state
            .problem
            .as_ref()
            .and_then(|p| p.player.as_ref())
            .map_or(*IMPACT.end(), |o| o.impact);
        (
            *IMPACT.start(),
            player.clamp(*IMPACT.start(), *IMPACT.end()),
        )
    }
}

/// The party's chance at one impact of the GM's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weighed {
    /// The GM's outcome's impact, -100 to 100 (L2).
    pub impact: i64,
    /// The GM's outcome's likelihood it opens at: the impact and the draft's other entries (L1).
    pub likelihood: i64,
    /// The chance that the party wins: the player's outcome selected, under the model.
    pub chance: Value,
}

/// An impact proposed for a fight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// The fight it is for.
    pub target: Fight,
    /// The impact, its likelihood and the party's chance.
    pub weighed: Weighed,
    /// Whether its chance is more than 10 points from the target: the closest there is.
    pub out_of_reach: bool,
}

/// A fair fight weighed: the draft as written and an impact proposed for each fight asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balance {
    /// The advice's question as drafted: the likelihoods, who may still spend and for which side.
    pub question: Question,
    /// The draft as written.
    pub drafted: Weighed,
    /// One per fight asked, in the order asked.
    pub proposals: Vec<Proposal>,
    /// Whether every chance is exact (else simulated, `plays` each).
    pub exact: bool,
    /// The plays of each simulated chance; 0 when exact.
    pub plays: u64,
}

/// The party's chance with the GM's outcome at `impact` (the draft's other blanks as written),
/// within `budget`: exact while the advice's exact bound allows it, else `budget.plays`
/// simulated problems seeded from the question. `None` for an impact the rules refuse.
pub fn party_chance(draft: &Draft<'_>, impact: i64, budget: Budget) -> Option<Value> {
    let q = draft.at(impact)?;
    Some(if fits(&q, budget) {
        Value::Exact(Model::new(&q).chance(q.difference()))
    } else {
        simulated(&q, budget.plays)
    })
}

/// The draft weighed and an impact proposed for each of `fights` (see the module docs), within
/// `budget`. `None` only if the rules refuse the draft at some impact (they do not: every impact
/// of -100 to 100 is allowed).
pub fn balance(draft: &Draft<'_>, fights: &[Fight], budget: Budget) -> Option<Balance> {
    let question = draft.question()?;
    let mut search = Search::new(draft, budget, true);
    let found = match search.run(fights) {
        Ok(found) => found,
        // An impact past the exact bound: every chance simulated, so they compare.
        Err(Retry) => {
            search = Search::new(draft, budget, false);
            search.run(fights).ok()?
        }
    };
    let (drafted, proposals) = found;
    Some(Balance {
        question,
        drafted,
        proposals,
        exact: search.exact,
        plays: if search.exact { 0 } else { budget.plays.max(1) },
    })
}

/// The proposals as the page's lines: "Even fight (50% wanted): the GM's outcome at impact -1,
/// likelihood -1", each with the party's chance.
pub fn chances(balance: &Balance) -> Vec<Chance> {
    balance
        .proposals
        .iter()
        .map(|p| {
            let reach = if p.out_of_reach {
                ", the closest there is"
            } else {
                ""
            };
            p.weighed
                .chance
                .chance(format!(
                    "{} fight ({}% wanted{reach}): the GM's outcome at impact {}, likelihood {}",
                    skald_core::capitalized(p.target.name()),
                    p.target.percent(),
                    p.weighed.impact,
                    crate::rules::traits::signed(p.weighed.likelihood)
                ))
                .with_fill(Fill::new(
                    format!(
                        "set the GM's outcome's impact to {}, for the {} fight",
                        p.weighed.impact,
                        p.target.name()
                    ),
                    [("impact".to_owned(), serde_json::json!(p.weighed.impact))],
                ))
        })
        .collect()
}

/// One sentence on what the proposals are, for the advice's summary.
pub fn summary(balance: &Balance) -> String {
    let how = if balance.exact {
        "exact".to_owned()
    } else {
        format!(
            "simulated, {} plays each, with its 99.9% margin",
            balance.plays
        )
    };
    format!(
        "A fair fight: the party wins when the player's outcome is selected, as above. Of the \
         impacts the GM's outcome may have, from -100 up to the player's outcome's (no better \
         for the PCs than theirs), the one whose chance comes closest to 75%, 50% or 25% is \
         proposed: more harm makes it less likely (L2), so an easier fight is a harsher outcome \
         (book: Maintaining Balance); {how}."
    )
}

/// The impact in `lo..=hi` (`lo <= hi`) whose chance is closest to `fight`'s, by `chance` (which
/// only falls as the impact grows): between equally close ones, the one nearest 0 (the least the
/// GM's outcome must change the PCs' lot), then the lower. Each impact weighed at most once,
/// about eight for the target and eight for each run of equal chances at it.
///
/// # Errors
/// What `chance` returns.
pub fn closest<E>(
    fight: Fight,
    (lo, hi): (i64, i64),
    chance: &mut impl FnMut(i64) -> Result<Value, E>,
) -> Result<i64, E> {
    let want = Ratio::percent(fight.percent());
    let mut memo: HashMap<i64, Ratio> = HashMap::new();
    let mut at = |i: i64| -> Result<Ratio, E> {
        if let Some(r) = memo.get(&i) {
            return Ok(r.clone());
        }
        let r = Ratio::of(&chance(i)?);
        memo.insert(i, r.clone());
        Ok(r)
    };
    // The first impact whose chance is at or below the target.
    let a = first(lo, hi, &mut |i| Ok(at(i)?.cmp(&want) != Ordering::Greater))?;
    let mut candidates: Vec<(i64, Ratio)> = Vec::new();
    if a > lo {
        candidates.push((a - 1, at(a - 1)?));
    }
    if a <= hi {
        candidates.push((a, at(a)?));
    }
    let Some(best) = candidates
        .iter()
        .map(|(_, r)| r.distance(&want))
        .min_by(|x, y| x.cmp(y))
    else {
        return Ok(0);
    };
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for (i, r) in &candidates {
        if r.distance(&want) != best {
            continue;
        }
        // The run of impacts with this same chance: above the target it ends at `a - 1` and
        // starts where the chance first falls to it; at or below, it starts at `a`.
        let run = if *i < a {
            (
                first(lo, *i, &mut |j| Ok(at(j)?.cmp(r) != Ordering::Greater))?,
                *i,
            )
        } else {
            (
                *i,
                first(*i, hi, &mut |j| Ok(at(j)?.cmp(r) == Ordering::Less))? - 1,
            )
        };
        runs.push(run);
    }
    Ok(runs
        .iter()
        .map(|(x, y)| 0.clamp(*x, *y))
        .min_by_key(|i| (i.unsigned_abs(), *i))
        .unwrap_or(0))
}

/// The first `i` in `lo..=hi` where `holds` (false, then true, as `i` grows), or `hi + 1`.
fn first<E>(lo: i64, hi: i64, holds: &mut impl FnMut(i64) -> Result<bool, E>) -> Result<i64, E> {
    let (mut a, mut b) = (lo, hi.saturating_add(1));
    while a < b {
        let mid = a + (b - a) / 2;
        if holds(mid)? {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    Ok(a)
}

/// A chance as a fraction `n / d` (an exact one reduced, an estimate as hits of plays), compared
/// exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ratio {
    n: BigInt,
    d: BigInt,
}

impl Ratio {
    fn of(v: &Value) -> Ratio {
        match v {
            Value::Exact(f) => Ratio {
                n: f.numerator.clone(),
                d: BigInt::from(f.denominator.clone()),
            },
            Value::Estimate { hits, plays } => Ratio {
                n: BigInt::from(*hits),
                d: BigInt::from((*plays).max(1)),
            },
        }
    }

    fn percent(p: u32) -> Ratio {
        Ratio {
            n: BigInt::from(p),
            d: BigInt::from(100u8),
        }
    }

    /// |self - other|, exactly.
    fn distance(&self, other: &Ratio) -> Ratio {
        let n = &self.n * &other.d - &other.n * &self.d;
        Ratio {
            n: BigInt::from(n.magnitude().clone()),
            d: &self.d * &other.d,
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    // Denominators are positive, so cross-multiplying keeps the order.
    fn cmp(&self, other: &Ratio) -> Ordering {
        (&self.n * &other.d).cmp(&(&other.n * &self.d))
    }
}

/// Whether the exact answer to `q` stays within `budget` (the advice's own bound: the spread's
/// work and, under L4, every difference it reaches within an advantage of 12,000).
fn fits(q: &Question, budget: Budget) -> bool {
    exact::work(q).is_some_and(|w| w <= budget.exact_work)
}

/// `plays` problems of `q` under the model, seeded from the question.
fn simulated(q: &Question, plays: u64) -> Value {
    let plays = plays.max(1);
    Value::Estimate {
        hits: simulate::model(q, plays, simulate::question_seed(q)),
        plays,
    }
}

/// The exact search met an impact past the exact bound: weigh them all again simulated.
struct Retry;

/// One search over the impacts of a draft: each impact weighed at most once; exact, one model
/// per side the holders take (by their piles and signs), or simulated.
struct Search<'d, 'a> {
    draft: &'d Draft<'a>,
    budget: Budget,
    exact: bool,
    weighed: HashMap<i64, Weighed>,
    models: HashMap<Vec<(i64, i64)>, Model>,
}

impl<'d, 'a> Search<'d, 'a> {
    fn new(draft: &'d Draft<'a>, budget: Budget, exact: bool) -> Self {
        Search {
            draft,
            budget,
            exact,
            weighed: HashMap::new(),
            models: HashMap::new(),
        }
    }

    /// The draft and each fight's proposal.
    fn run(&mut self, fights: &[Fight]) -> Result<(Weighed, Vec<Proposal>), Retry> {
        let plays = self.budget.plays.max(1);
        // Simulated, the search weighs with a twentieth of the plays; what it proposes is
        // weighed again with all of them.
        let searching = if self.exact {
            plays
        } else {
            (plays / 20).max(1)
        };
        let mut proposals = Vec::new();
        for &fight in fights {
            let impact = closest(fight, self.draft.impacts(), &mut |i| {
                self.weigh(i, searching).map(|w| w.chance)
            })?;
            let weighed = self.weigh(impact, plays)?;
            let off = (weighed.chance.decimal() - fight.decimal()).abs();
            proposals.push(Proposal {
                target: fight,
                weighed,
                out_of_reach: off > OUT_OF_REACH,
            });
        }
        let drafted = self.weigh(self.draft.impact, plays)?;
        Ok((drafted, proposals))
    }

    /// The party's chance at `impact`, simulated with `plays` plays when the search is not exact
    /// (kept per impact and number of plays).
    fn weigh(&mut self, impact: i64, plays: u64) -> Result<Weighed, Retry> {
        let key = if self.exact {
            impact
        } else {
            // Distinct keys for the search's plays and the proposals'.
            impact
                .saturating_mul(2)
                .saturating_add(i64::from(plays == self.budget.plays.max(1)))
        };
        if let Some(w) = self.weighed.get(&key) {
            return Ok(w.clone());
        }
        let q = self.draft.at(impact).ok_or(Retry)?;
        let chance = if self.exact {
            if !fits(&q, self.budget) {
                return Err(Retry);
            }
            let sides: Vec<(i64, i64)> = q.holders.iter().map(|h| (h.pool, h.sign())).collect();
            let model = self.models.entry(sides).or_insert_with(|| Model::new(&q));
            Value::Exact(model.chance(q.difference()))
        } else {
            simulated(&q, plays)
        };
        let w = Weighed {
            impact,
            likelihood: q.gm,
            chance,
        };
        self.weighed.insert(key, w.clone());
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use skald_dice::odds::Fraction;

    const ALL: (i64, i64) = (-100, 100);

    fn exact(n: i64, d: u64) -> Value {
        Value::Exact(Fraction::new(BigInt::from(n), BigUint::from(d)))
    }

    /// A step of twelfths: 1 at or below -6, 0 at or above 6, (6 - i) / 12 between.
    fn twelfths(i: i64) -> Result<Value, ()> {
        Ok(exact((6 - i).clamp(0, 12), 12))
    }

    #[test]
    fn the_closest_impact_by_twelfths() {
        assert_eq!(closest(Fight::Easy, ALL, &mut twelfths), Ok(-3));
        assert_eq!(closest(Fight::Even, ALL, &mut twelfths), Ok(0));
        assert_eq!(closest(Fight::Hard, ALL, &mut twelfths), Ok(3));
        // Up to 1 only: 5/12 is the closest there is to 25%.
        assert_eq!(closest(Fight::Hard, (-100, 1), &mut twelfths), Ok(1));
    }

    #[test]
    fn ties_go_nearest_zero_then_lower() {
        // 6/12 missing: 7/12 up to -1 and 5/12 from 0 are as close to 50%; 0 is in the second run.
        let mut gap =
            |i: i64| -> Result<Value, ()> { Ok(if i <= -1 { exact(7, 12) } else { exact(5, 12) }) };
        assert_eq!(closest(Fight::Even, ALL, &mut gap), Ok(0));
        // Certain up to 2, 7/12 at 3 and 4, 5/12 from 5: the runs are 3-4 and 5-100; 3 is
        // nearest 0.
        let mut late = |i: i64| -> Result<Value, ()> {
            Ok(match i {
                ..=2 => exact(1, 1),
                3..=4 => exact(7, 12),
                _ => exact(5, 12),
            })
        };
        assert_eq!(closest(Fight::Even, ALL, &mut late), Ok(3));
        // Out of reach: every impact gives 1; all are as close, so 0.
        assert_eq!(
            closest(Fight::Hard, ALL, &mut |_| Ok::<_, ()>(exact(1, 1))),
            Ok(0)
        );
        // A run of equal chances away from 0: its end nearest 0.
        let mut far =
            |i: i64| -> Result<Value, ()> { Ok(if i < 40 { exact(1, 1) } else { exact(0, 1) }) };
        assert_eq!(closest(Fight::Easy, ALL, &mut far), Ok(0));
        assert_eq!(closest(Fight::Hard, ALL, &mut far), Ok(40));
    }
}
