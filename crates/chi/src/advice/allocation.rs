//! The allocation adviser: how to split the dice left this round over the declared actions,
//! with a reserve kept back for reactions (C1), to maximise exactly either the chance that every
//! action succeeds or the expected number of successes. Off-concept actions keep their cap (C2).
//! [`advise`] finds the split; `skald chi advise --pool` prints it ([`crate::reports::advise`])
//! and the advice over the round proposes it ([`crate::advice`]).
//!
//! Each action's P(success) for every allocation comes from [`crate::odds`]; the split is a
//! knapsack over the dice, solved by dynamic programming with exact rational values (no floating
//! point in any comparison). Among equally good splits the adviser spends the fewest dice (the rest
//! joins what is kept back), then gives the last action the fewest dice, then the one before it.

use crate::error::Error;
use crate::limits::{MAX_ADVISED_ACTIONS, MAX_POOL};
use crate::model::options::TieRule;
use crate::odds::{Against, pool_sum};
use crate::rules::round::{check_difficulty, check_modifier, off_concept_cap};
use num_bigint::{BigInt, BigUint};
use serde::{Deserialize, Serialize};
use skald_dice::odds::Fraction;
use std::cmp::Ordering;

/// What the adviser maximises.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// `"all"` (default): the chance that every declared action succeeds.
    #[default]
    All,
    /// `"expected"`: the expected number of successes.
    Expected,
}

impl std::fmt::Display for Goal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Goal::All => "all",
            Goal::Expected => "expected",
        })
    }
}

/// One declared action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// The GM's Difficulty, 1-100 d6.
    pub difficulty: u32,
    /// Added to the player's sum, -100..=100.
    pub modifier: i32,
    /// The GM's concept call (C2): an off-concept action gets at most ceil(current / 3) dice.
    pub fits_concept: bool,
}

/// The question: a character's pool and the actions it declares this round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The current pool, 1-100 (sets the off-concept cap, C2).
    pub current: u32,
    /// Dice left this round, 0 to `current` (C1).
    pub left: u32,
    /// Dice kept back for reactions, 0 to `left` (C1).
    pub reserve: u32,
    /// The declared actions, 1-10, each getting at least one die.
    pub actions: Vec<Planned>,
    /// What to maximise.
    pub goal: Goal,
    /// The table's tie rule (C3).
    pub tie: TieRule,
}

/// The answer: dice per action and the exact chances.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    /// Dice for each declared action, in order.
    pub dice: Vec<u32>,
    /// Each action's off-concept cap (C2), `None` when it fits the concept.
    pub caps: Vec<Option<u32>>,
    /// Each action's P(success) with its dice.
    pub p_success: Vec<Fraction>,
    /// P(every action succeeds): the product (the rolls are independent).
    pub p_all: Fraction,
    /// The expected number of successes: the sum.
    pub expected: Fraction,
    /// Dice spent over the actions.
    pub spent: u32,
    /// Dice kept back: the reserve plus any the actions do not need.
    pub kept: u32,
}

/// An exact non-negative rational, unreduced: compared and combined by cross-multiplication.
#[derive(Debug, Clone)]
struct Ratio {
    num: BigUint,
    den: BigUint,
}

impl Ratio {
    fn whole(n: u8) -> Self {
        Self {
            num: BigUint::from(n),
            den: BigUint::from(1u8),
        }
    }

    fn combine(&self, other: &Ratio, goal: Goal) -> Ratio {
        match goal {
            Goal::All => Ratio {
                num: &self.num * &other.num,
                den: &self.den * &other.den,
            },
            Goal::Expected => Ratio {
                num: &self.num * &other.den + &other.num * &self.den,
                den: &self.den * &other.den,
            },
        }
    }

    fn cmp(&self, other: &Ratio) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }

    fn fraction(&self) -> Fraction {
        Fraction::new(BigInt::from(self.num.clone()), self.den.clone())
    }
}

/// Brings a row to one denominator when every denominator divides the largest (always so when ties
/// fail: they are powers of 6), so the knapsack compares values of one action without multiplying.
fn common_denominator(row: Vec<Ratio>) -> Vec<Ratio> {
    let Some(largest) = row.iter().map(|r| &r.den).max().cloned() else {
        return row;
    };
    if row
        .iter()
        .any(|r| (&largest % &r.den) != BigUint::default())
    {
        return row;
    }
    row.into_iter()
        .map(|r| Ratio {
            num: r.num * (&largest / &r.den),
            den: largest.clone(),
        })
        .collect()
}

/// Checks the plan and finds the best split (see the module docs).
///
/// # Errors
/// [`Error::OutOfRange`] naming `pool`, `left`, `reserve`, `action` (count), `difficulty` or
/// `modifier`; [`Error::TooFewDice`] when the free dice cannot give every action one.
pub fn advise(plan: &Plan) -> Result<Advice, Error> {
    Error::check_range("pool", plan.current, 1, MAX_POOL, "the current pool, in d6")?;
    Error::check_range(
        "left",
        plan.left,
        0,
        plan.current,
        "dice left this round, at most the current pool",
    )?;
    Error::check_range(
        "reserve",
        plan.reserve,
        0,
        plan.left,
        "dice kept back for reactions, at most the dice left",
    )?;
    let count = plan.actions.len();
    Error::check_range(
        "action",
        i64::try_from(count).unwrap_or(i64::MAX),
        1,
        MAX_ADVISED_ACTIONS as i64,
        "declared actions to split the dice over",
    )?;
    for action in &plan.actions {
        check_difficulty("actions.difficulty", action.difficulty)?;
        check_modifier("actions.modifier", action.modifier)?;
    }
    let free = plan.left - plan.reserve;
    if (free as usize) < count {
        return Err(Error::TooFewDice {
            field: "action",
            actions: count,
            free,
            left: plan.left,
            reserve: plan.reserve,
        });
    }
    let caps: Vec<Option<u32>> = plan
        .actions
        .iter()
        .map(|a| (!a.fits_concept).then(|| off_concept_cap(plan.current)))
        .collect();
    // chances[i][k - 1] = P(action i succeeds with k dice), k = 1..=its most dice.
    let sums: Vec<_> = (0..=free).map(pool_sum).collect::<Result<_, _>>()?;
    let mut chances: Vec<Vec<Ratio>> = Vec::with_capacity(count);
    for (action, cap) in plan.actions.iter().zip(&caps) {
        let most = cap.unwrap_or(free).min(free);
        let gm = Against::new(&pool_sum(action.difficulty)?);
        let row = (1..=most)
            .map(|k| {
                let (num, den) = gm
                    .compare(&sums[k as usize], action.modifier)
                    .success(plan.tie);
                Ratio { num, den }
            })
            .collect();
        chances.push(common_denominator(row));
    }
    let dice = best_split(&chances, free, plan.goal);
    let p_success: Vec<Ratio> = dice
        .iter()
        .zip(&chances)
        .map(|(&k, row)| row[k as usize - 1].clone())
        .collect();
    let p_all = p_success
        .iter()
        .fold(Ratio::whole(1), |acc, p| acc.combine(p, Goal::All));
    let expected = p_success
        .iter()
        .fold(Ratio::whole(0), |acc, p| acc.combine(p, Goal::Expected));
    let spent = dice.iter().sum();
    Ok(Advice {
        caps,
        p_success: p_success.iter().map(Ratio::fraction).collect(),
        p_all: p_all.fraction(),
        expected: expected.fraction(),
        spent,
        kept: plan.left - spent,
        dice,
    })
}

/// The knapsack: `best[i][b]` is the best value of the first `i` actions using at most `b` dice, each
/// at least 1 and at most its row's length; `choice[i][b]` the dice the `i`-th got there. Only a
/// strictly better value replaces the one found with fewer dice for the action.
fn best_split(chances: &[Vec<Ratio>], free: u32, goal: Goal) -> Vec<u32> {
    let identity = match goal {
        Goal::All => Ratio::whole(1),
        Goal::Expected => Ratio::whole(0),
    };
    let budget = free as usize;
    let mut best: Vec<Vec<Option<Ratio>>> = vec![vec![Some(identity); budget + 1]];
    let mut choice: Vec<Vec<usize>> = vec![vec![0; budget + 1]];
    for row in chances {
        let previous = best.last().cloned().unwrap_or_default();
        let mut values: Vec<Option<Ratio>> = vec![None; budget + 1];
        let mut picks = vec![0; budget + 1];
        for b in 0..=budget {
            for k in 1..=row.len().min(b) {
                let Some(before) = &previous[b - k] else {
                    continue;
                };
                let candidate = before.combine(&row[k - 1], goal);
                let better = values[b]
                    .as_ref()
                    .is_none_or(|v| candidate.cmp(v) == Ordering::Greater);
                if better {
                    values[b] = Some(candidate);
                    picks[b] = k;
                }
            }
        }
        best.push(values);
        choice.push(picks);
    }
    // The fewest dice that reach the best value over the whole budget.
    let last = best.last().cloned().unwrap_or_default();
    let top = last[budget].clone();
    let mut b = (0..=budget)
        .find(|&b| match (&last[b], &top) {
            (Some(v), Some(t)) => v.cmp(t) == Ordering::Equal,
            _ => false,
        })
        .unwrap_or(budget);
    let mut dice = vec![0; chances.len()];
    for i in (1..=chances.len()).rev() {
        let k = choice[i][b];
        dice[i - 1] = u32::try_from(k).unwrap_or(0);
        b -= k.min(b);
    }
    dice
}
