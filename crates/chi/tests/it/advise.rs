#![allow(clippy::unwrap_used)]
//! The allocation adviser: exact best splits (checked against Python enumeration and, by property
//! test, against trying every split), its caps (C2), its reserve (C1) and its errors.

use proptest::prelude::*;
use skald_chi::TieRule::{self, Fail, Reroll};
use skald_chi::odds;
use skald_chi::reports::advise::{Advice, Goal, Plan, Planned, advise};
use skald_dice::odds::Fraction;

fn planned(spec: &[(u32, i32, bool)]) -> Vec<Planned> {
    spec.iter()
        .map(|&(difficulty, modifier, fits_concept)| Planned {
            difficulty,
            modifier,
            fits_concept,
        })
        .collect()
}

/// Advice for a character with `pool` (all left) keeping `reserve`, over `actions`
/// `(difficulty, modifier, fits)`: the dice per action and the exact P(all) and expected successes.
fn check(
    pool: u32,
    reserve: u32,
    actions: &[(u32, i32, bool)],
    goal: Goal,
    dice: &[u32],
    p_all: &str,
    expected: &str,
) {
    let plan = Plan {
        current: pool,
        left: pool,
        reserve,
        actions: planned(actions),
        goal,
        tie: Fail,
    };
    let advice = advise(&plan).unwrap();
    assert_eq!(
        (
            advice.dice.as_slice(),
            advice.p_all.to_string(),
            advice.expected.to_string()
        ),
        (dice, p_all.to_owned(), expected.to_owned()),
        "{plan:?}"
    );
    assert_eq!(advice.kept, pool - advice.spent);
}

#[test]
fn best_splits_match_enumeration() {
    use Goal::{All, Expected};
    // Pool 8, two kept for defence; Difficulty 4, Difficulty 2, and an off-concept Difficulty 3
    // (cap ceil(8 / 3) = 3).
    let three = [(4, 0, true), (2, 0, true), (3, 0, false)];
    check(
        8,
        2,
        &three,
        All,
        &[3, 1, 2],
        "550615/204073344",
        "5089/11664",
    );
    check(
        8,
        2,
        &three,
        Expected,
        &[1, 4, 1],
        "2705/322486272",
        "4933/5184",
    );
    // Two Difficulty 3 actions with 7 dice: 4 and 3 are as good as 3 and 4; the last action gets fewer.
    check(
        7,
        0,
        &[(3, 0, true), (3, 0, true)],
        All,
        &[4, 3],
        "81491335/241864704",
        "37213/31104",
    );
    check(
        7,
        0,
        &[(6, 0, true), (1, 0, true)],
        All,
        &[5, 2],
        "1326727285/6530347008",
        "32664193/30233088",
    );
    // A sure thing takes no more dice than it needs: 1 die + 6 always beats Difficulty 1, and 37
    // dice (at least 37) always beat Difficulty 6 (at most 36); the rest is kept back.
    check(4, 0, &[(1, 6, true)], All, &[1], "1", "1");
    check(40, 0, &[(6, 0, true)], All, &[37], "1", "1");
}

#[test]
fn errors_name_the_input() {
    let plan = |left, reserve, actions: &[(u32, i32, bool)]| Plan {
        current: 5,
        left,
        reserve,
        actions: planned(actions),
        goal: Goal::All,
        tie: Fail,
    };
    let err = |p: Plan| advise(&p).unwrap_err().to_string();
    assert_eq!(
        err(plan(5, 4, &[(1, 0, true), (1, 0, true)])),
        "The list of actions declares 2 actions, but the 5 dice left this round less the reserve of \
         4 leave 1 for them: each action needs at least 1 die (ruling C1)"
    );
    assert_eq!(
        err(plan(5, 6, &[(1, 0, true)])),
        "The reserve is 6, but it must be 0 to 5 (dice kept back for reactions, at most the dice left)"
    );
    assert_eq!(
        err(plan(6, 0, &[(1, 0, true)])),
        "The number of dice left is 6, but it must be 0 to 5 (dice left this round, at most the current pool)"
    );
    assert_eq!(
        err(plan(5, 0, &[])),
        "The list of actions is 0, but it must be 1 to 10 (declared actions to split the dice over)"
    );
    assert_eq!(
        err(plan(5, 0, &[(0, 0, true)])),
        "An action's Difficulty is 0, but it must be 1 to 100 (the GM's Difficulty, in d6)"
    );
}

fn value(advice: &Advice, goal: Goal) -> Fraction {
    match goal {
        Goal::All => advice.p_all.clone(),
        Goal::Expected => advice.expected.clone(),
    }
}

/// a/b < c/d for fractions, exactly.
fn less(a: &Fraction, b: &Fraction) -> bool {
    &a.numerator * num_bigint::BigInt::from(b.denominator.clone())
        < &b.numerator * num_bigint::BigInt::from(a.denominator.clone())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn no_split_beats_the_advice(
        current in 1..=9u32,
        spent in 0..=9u32,
        reserve in 0..=3u32,
        actions in proptest::collection::vec((1..=5u32, -3..=3i32, any::<bool>()), 1..=3),
        expected_goal in any::<bool>(),
        reroll in any::<bool>(),
    ) {
        let left = current.saturating_sub(spent);
        prop_assume!(reserve <= left && (left - reserve) as usize >= actions.len());
        let goal = if expected_goal { Goal::Expected } else { Goal::All };
        let tie: TieRule = if reroll { Reroll } else { Fail };
        let plan = Plan { current, left, reserve, actions: planned(&actions), goal, tie };
        let advice = advise(&plan).unwrap();
        let cap = current.div_ceil(3);
        // The advice is a legal split: at least 1 each, within caps, within the free dice.
        prop_assert!(advice.spent <= left - reserve);
        for (k, a) in advice.dice.iter().zip(&plan.actions) {
            prop_assert!(*k >= 1 && (a.fits_concept || *k <= cap));
        }
        // Each reported chance is the action's own odds with its dice.
        for ((k, a), p) in advice.dice.iter().zip(&plan.actions).zip(&advice.p_success) {
            prop_assert_eq!(&odds::action(*k, a.difficulty, a.modifier, tie).unwrap().p_success, p);
        }
        // Try every split: none is strictly better.
        let free = left - reserve;
        let mut split = vec![1u32; actions.len()];
        loop {
            let legal = split.iter().sum::<u32>() <= free
                && split.iter().zip(&plan.actions).all(|(k, a)| a.fits_concept || *k <= cap);
            if legal {
                let ps: Vec<_> = split.iter().zip(&plan.actions)
                    .map(|(k, a)| odds::action(*k, a.difficulty, a.modifier, tie).unwrap().p_success)
                    .collect();
                let mut all = Fraction::new(1.into(), 1u8.into());
                let mut sum = Fraction::new(0.into(), 1u8.into());
                for p in &ps {
                    all = Fraction::new(&all.numerator * &p.numerator, &all.denominator * &p.denominator);
                    sum = Fraction::new(
                        &sum.numerator * num_bigint::BigInt::from(p.denominator.clone())
                            + &p.numerator * num_bigint::BigInt::from(sum.denominator.clone()),
                        &sum.denominator * &p.denominator,
                    );
                }
                let candidate = if expected_goal { sum } else { all };
                prop_assert!(!less(&value(&advice, goal), &candidate), "{split:?} beats {:?}", advice.dice);
            }
            // Next split, odometer style, each entry 1..=free.
            let mut i = 0;
            loop {
                if i == split.len() { break; }
                split[i] += 1;
                if split[i] <= free { break; }
                split[i] = 1;
                i += 1;
            }
            if i == split.len() { break; }
        }
    }
}
