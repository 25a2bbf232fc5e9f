//! Exact odds of Chi's rolls (ruling C3): P(success) of an action for any number of dice, Difficulty,
//! modifier and tie rule, and of an opposed action ([`action`], [`opposed`]); and the exact chances
//! of a command before its dice are rolled at a table ([`odds`], for a page's chart). Built on
//! [`skald_dice::odds::pools::sum`]; every probability is an exact [`Fraction`], never floating
//! point.
//!
//! An action succeeds when the player's sum plus the modifier is greater than the GM's sum of
//! Difficulty d6. Under option `tie = "fail"` a tie fails. Under `tie = "reroll"` both roll again
//! until the totals differ, so P(success) = P(greater) / (P(greater) + P(less)): the chance the
//! action succeeds once it is settled. (The rules refuse an action still tied after 100 rerolls and
//! the GM asks again, which settles it the same way; see `docs/chi.md`.) An opposed action is the
//! same comparison with the defender's dice for the Difficulty, the modifiers netted, and ties to
//! the defender.

use crate::error::Error;
use crate::limits::{MAX_DIFFICULTY, MAX_DISTRIBUTION_DICE, MAX_NET_MODIFIER, MAX_POOL};
use crate::model::command::{Command, SecretSide, Side};
use crate::model::options::TieRule;
use crate::model::state::State;
use crate::rules::round::{self, ACTION, ACTOR, DEFENDER, check_difficulty, check_modifier};
use num_bigint::{BigInt, BigUint};
use skald_core::{Chance, Odds};
use skald_dice::odds::{Distribution, Fraction, pools};
use std::collections::BTreeMap;

/// The odds of one action or opposed action, exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionOdds {
    /// P(the action succeeds), after rerolled ties under `tie = "reroll"`.
    pub p_success: Fraction,
    /// P(it fails): `1 - p_success`.
    pub p_failure: Fraction,
    /// P(one roll's totals tie): a failure under `tie = "fail"` and in an opposed action, a reroll
    /// under `tie = "reroll"`.
    pub p_tie: Fraction,
}

/// How two sums compare: weights of "greater", "equal" and "less" over a common total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Comparison {
    pub greater: BigUint,
    pub equal: BigUint,
    pub less: BigUint,
    pub total: BigUint,
}

/// The exact distribution of the sum of `count` d6, `count` 0-100.
///
/// # Errors
/// [`Error::Odds`] if the odds engine refuses (it does not for 0-100 d6).
pub fn pool_sum(count: u32) -> Result<Distribution, Error> {
    pools::sum(u64::from(count), 6).map_err(|e| Error::Odds(e.to_string()))
}

/// The GM's (or the defender's) sums, with the cumulative weights a comparison needs, computed once
/// and compared against as many player pools as asked.
pub(crate) struct Against {
    /// `(sum, weight)`, ascending.
    outcomes: Vec<(i64, BigUint)>,
    /// `below[j]`: the weight of the sums strictly below `outcomes[j]`.
    below: Vec<BigUint>,
    /// Every weight: the distribution's total.
    total: BigUint,
}

impl Against {
    /// Prepares `gm` for comparisons.
    pub(crate) fn new(gm: &Distribution) -> Self {
        let mut below = Vec::with_capacity(gm.outcomes.len());
        let mut running = BigUint::default();
        for (_, w) in &gm.outcomes {
            below.push(running.clone());
            running += w;
        }
        Self {
            outcomes: gm.outcomes.clone(),
            below,
            total: gm.total.clone(),
        }
    }

    /// Compares `player + modifier` with these sums in one pass over the player's sums (not one per
    /// pair of outcomes).
    pub(crate) fn compare(&self, player: &Distribution, modifier: i32) -> Comparison {
        let mut greater = BigUint::default();
        let mut equal = BigUint::default();
        for (s, ws) in &player.outcomes {
            let total = s + i64::from(modifier);
            let at = self.outcomes.partition_point(|(g, _)| *g < total);
            match self.below.get(at) {
                Some(lower) => greater += ws * lower,
                None => greater += ws * &self.total,
            }
            if let Some((g, wg)) = self.outcomes.get(at)
                && *g == total
            {
                equal += ws * wg;
            }
        }
        let total = &player.total * &self.total;
        let less = &total - &greater - &equal;
        Comparison {
            greater,
            equal,
            less,
            total,
        }
    }
}

/// Compares `player + modifier` with `gm` (see [`Against::compare`]).
pub(crate) fn compare(player: &Distribution, modifier: i32, gm: &Distribution) -> Comparison {
    Against::new(gm).compare(player, modifier)
}

fn fraction(numerator: &BigUint, denominator: &BigUint) -> Fraction {
    Fraction::new(BigInt::from(numerator.clone()), denominator.clone())
}

impl Comparison {
    /// P(success) as numerator and denominator, unreduced: greater / total when ties fail, greater
    /// / (greater + less) when they are rerolled.
    pub(crate) fn success(&self, tie: TieRule) -> (BigUint, BigUint) {
        match tie {
            TieRule::Fail => (self.greater.clone(), self.total.clone()),
            TieRule::Reroll => (self.greater.clone(), &self.greater + &self.less),
        }
    }

    fn odds(&self, tie: TieRule) -> ActionOdds {
        let (num, den) = self.success(tie);
        let failure = &den - &num;
        ActionOdds {
            p_success: fraction(&num, &den),
            p_failure: fraction(&failure, &den),
            p_tie: fraction(&self.equal, &self.total),
        }
    }
}

/// The odds of an action: `dice` d6 (1-100) plus `modifier` (-100..=100) against `difficulty`
/// d6 (1-100), ties settled by `tie` (C3).
///
/// # Errors
/// [`Error::OutOfRange`] naming `dice`, `difficulty` or `modifier`.
pub fn action(
    dice: u32,
    difficulty: u32,
    modifier: i32,
    tie: TieRule,
) -> Result<ActionOdds, Error> {
    Error::check_range("dice", dice, 1, MAX_POOL, "d6 put into the action")?;
    check_difficulty("difficulty", difficulty)?;
    check_modifier("modifier", modifier)?;
    let comparison = compare(&pool_sum(dice)?, modifier, &pool_sum(difficulty)?);
    Ok(comparison.odds(tie))
}

/// The odds of an opposed action for the actor: `actor_dice` d6 (1-100) plus `modifier` (the
/// actor's modifier minus the defender's, -200..=200) against the defender's `defender_dice` d6
/// (0-100); a tie goes to the defender (C3).
///
/// # Errors
/// [`Error::OutOfRange`] naming `dice`, `defender_dice` or `modifier`.
pub fn opposed(actor_dice: u32, defender_dice: u32, modifier: i32) -> Result<ActionOdds, Error> {
    Error::check_range("dice", actor_dice, 1, MAX_POOL, "d6 put into the action")?;
    Error::check_range(
        "defender_dice",
        defender_dice,
        0,
        MAX_DIFFICULTY,
        "d6 the defender keeps back for the reaction",
    )?;
    Error::check_range(
        "modifier",
        modifier,
        -MAX_NET_MODIFIER,
        MAX_NET_MODIFIER,
        "the actor's modifier minus the defender's",
    )?;
    let comparison = compare(&pool_sum(actor_dice)?, modifier, &pool_sum(defender_dice)?);
    Ok(comparison.odds(TieRule::Fail))
}

/// How a tie is settled, in words for a summary or a note: `a tie fails`, `a tie is rolled again`.
pub(crate) fn tie_words(tie: TieRule) -> &'static str {
    match tie {
        TieRule::Fail => "a tie fails",
        TieRule::Reroll => "a tie is rolled again",
    }
}

/// The exact chances of `command` before its dice are rolled in `state`: for `action`, `opposed`
/// and `secret_roll` (the commands that roll); `None` for every other command, and for one the
/// rules would refuse now (checked as `decide` checks it: the secret-roll and session gates, the
/// characters, the dice left, the off-concept cap, the ranges).
///
/// `chances` are the outcomes in the book's terms as reduced fractions (C3: success, failure, the
/// chance one roll ties; for an opposed action the actor winning, the defender holding, a tie
/// going to the defender; for a secret roll each entry's chance). `distribution` is the margin of
/// one roll (the player's total minus the GM's, or the actor's minus the defender's) when at most
/// [`MAX_DISTRIBUTION_DICE`] dice roll, else empty. The work is bounded by the rules' ranges
/// (at most 100 d6 a side).
pub fn odds(state: &State, command: &Command) -> Option<Odds> {
    match command {
        Command::Action {
            who,
            spend,
            difficulty,
            modifier,
            fits_concept,
            ..
        } => {
            if state.secret.is_some() || state.between_sessions {
                return None;
            }
            let side = Side {
                who: who.clone(),
                spend: *spend,
                modifier: *modifier,
                fits_concept: *fits_concept,
            };
            round::check_side(state, side, &ACTION).ok()?;
            round::check_difficulty("difficulty", *difficulty).ok()?;
            action_odds(state.options.tie, who, *spend, *difficulty, *modifier)
        }
        Command::Opposed { actor, defender } => {
            if state.secret.is_some() || state.between_sessions || actor.who == defender.who {
                return None;
            }
            round::check_side(state, actor.clone(), &ACTOR).ok()?;
            round::check_side(state, defender.clone(), &DEFENDER).ok()?;
            opposed_odds(actor, defender)
        }
        Command::SecretRoll {} => secret_roll_odds(state),
        _ => None,
    }
}

fn signed(modifier: i32) -> String {
    match modifier {
        0 => String::new(),
        m if m > 0 => format!(" + {m}"),
        m => format!(" − {}", m.unsigned_abs()),
    }
}

fn action_chances(tie: TieRule, o: &ActionOdds) -> Vec<Chance> {
    let tie_label = match tie {
        TieRule::Fail => "A tie (a failure)",
        TieRule::Reroll => "One roll ties (rolled again)",
    };
    let success = match tie {
        TieRule::Fail => "Success",
        TieRule::Reroll => "Success (once ties are settled)",
    };
    vec![
        Chance::exact(success, &o.p_success),
        Chance::exact("Failure", &o.p_failure),
        Chance::exact(tie_label, &o.p_tie),
    ]
}

fn action_odds(
    tie: TieRule,
    who: &str,
    spend: u32,
    difficulty: u32,
    modifier: i32,
) -> Option<Odds> {
    let o = action(spend, difficulty, modifier, tie).ok()?;
    Some(Odds {
        summary: format!(
            "{who} rolls {spend}d6{} against Difficulty {difficulty} ({difficulty}d6); {} (C3).",
            signed(modifier),
            tie_words(tie)
        ),
        chances: action_chances(tie, &o),
        distribution: margin(spend, modifier, difficulty)?,
    })
}

fn opposed_odds(actor: &Side, defender: &Side) -> Option<Odds> {
    let net = actor.modifier - defender.modifier;
    let o = opposed(actor.spend, defender.spend, net).ok()?;
    let (a, d) = (&actor.who, &defender.who);
    Some(Odds {
        summary: format!(
            "{a} rolls {}d6{} against {d}'s {}d6{}; a tie goes to {d} (C3).",
            actor.spend,
            signed(actor.modifier),
            defender.spend,
            signed(defender.modifier)
        ),
        chances: vec![
            Chance::exact(format!("{a} wins"), &o.p_success),
            Chance::exact(format!("{d} holds"), &o.p_failure),
            Chance::exact(format!("A tie (goes to {d})"), &o.p_tie),
        ],
        distribution: margin(actor.spend, net, defender.spend)?,
    })
}

/// The distribution of one roll's margin, `mine d6 + modifier - theirs d6`, as chances labelled
/// `+3`, `0`, `-2`; empty beyond [`MAX_DISTRIBUTION_DICE`]. `None` only if the odds engine refuses.
fn margin(mine: u32, modifier: i32, theirs: u32) -> Option<Vec<Chance>> {
    if mine.saturating_add(theirs) > MAX_DISTRIBUTION_DICE {
        return Some(Vec::new());
    }
    let a = pool_sum(mine).ok()?;
    let b = pool_sum(theirs).ok()?;
    let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (x, wx) in &a.outcomes {
        for (y, wy) in &b.outcomes {
            *weights.entry(x + i64::from(modifier) - y).or_default() += wx * wy;
        }
    }
    let total = &a.total * &b.total;
    Some(
        weights
            .into_iter()
            .map(|(m, w)| {
                let p = Fraction::new(BigInt::from(w), total.clone());
                let label = if m > 0 {
                    format!("+{m}")
                } else {
                    m.to_string()
                };
                Chance::exact(label, &p)
            })
            .collect(),
    )
}

fn secret_roll_odds(state: &State) -> Option<Odds> {
    let secret = state.secret.as_ref()?;
    let revealed = |who: &str| secret.seat(who).and_then(|s| s.revealed);
    let tie = state.options.tie;
    let mut chances = Vec::new();
    let mut single = None;
    for a in &secret.actions {
        let spend = revealed(&a.who)?;
        let side = Side {
            who: a.who.clone(),
            spend,
            modifier: a.modifier,
            fits_concept: a.fits_concept,
        };
        round::check_side(state, side, &ACTION).ok()?;
        let o = action(spend, a.difficulty, a.modifier, tie).ok()?;
        chances.push(Chance::exact(
            format!(
                "{} succeeds: {spend}d6{} against Difficulty {}",
                a.who,
                signed(a.modifier),
                a.difficulty
            ),
            &o.p_success,
        ));
        single = Some((spend, a.modifier, a.difficulty));
    }
    for pair in &secret.opposed {
        let side = |s: &SecretSide| -> Option<Side> {
            Some(Side {
                who: s.who.clone(),
                spend: revealed(&s.who)?,
                modifier: s.modifier,
                fits_concept: s.fits_concept,
            })
        };
        let (actor, defender) = (side(&pair.actor)?, side(&pair.defender)?);
        round::check_side(state, actor.clone(), &ACTOR).ok()?;
        round::check_side(state, defender.clone(), &DEFENDER).ok()?;
        let net = actor.modifier - defender.modifier;
        let o = opposed(actor.spend, defender.spend, net).ok()?;
        chances.push(Chance::exact(
            format!(
                "{} beats {}: {}d6{} against {}d6{} (a tie goes to {})",
                actor.who,
                defender.who,
                actor.spend,
                signed(actor.modifier),
                defender.spend,
                signed(defender.modifier),
                defender.who
            ),
            &o.p_success,
        ));
        single = Some((actor.spend, net, defender.spend));
    }
    let distribution = match (chances.len(), single) {
        (1, Some((mine, modifier, theirs))) => margin(mine, modifier, theirs)?,
        _ => Vec::new(),
    };
    Some(Odds {
        summary: format!(
            "Everyone rolls at once; each entry's chance of success ({} for actions; C3, C4).",
            tie_words(tie)
        ),
        chances,
        distribution,
    })
}
