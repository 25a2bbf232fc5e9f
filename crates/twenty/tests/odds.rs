//! Twenty's calculators: the burden options (T5) and the exact odds of being ahead after an exchange
//! (T2, T3), checked against the book's examples, hand counts and brute-force enumeration.
#![allow(clippy::unwrap_used)]

use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;
use skald_dice::odds::Fraction;
use skald_twenty::limits::{MAX_STATES, MAX_WORK};
use skald_twenty::odds::{BurdenOption, BurdenOptions, burden_options, p_ahead, p_side_ahead};
use skald_twenty::{OddsError, compare_pools};
use std::cmp::Ordering;

/// One odds case: `p_ahead(mine, bring, others)` is exactly `expected` ("p/q"), and agrees with brute
/// force when the enumeration is small enough (at most 3 new dice per participant).
fn check(mine: &[u32], bring: u32, others: &[(Vec<u32>, u32)], expected: &str) {
    let got = p_ahead(mine, bring, others).unwrap();
    assert_eq!(
        got.to_string(),
        expected,
        "{mine:?} + {bring} against {others:?}"
    );
    if bring <= 3 && others.iter().all(|(_, n)| *n <= 3) {
        assert_eq!(got, brute_force(mine, bring, others), "brute force");
    }
}

/// Every sequence of `n` d20s.
fn sequences(n: u32) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|s| {
                (1..=20).map(move |d| {
                    let mut s = s.clone();
                    s.push(d);
                    s
                })
            })
            .collect();
    }
    all
}

/// P(ahead) by enumerating every sequence of every participant's new dice, comparing with
/// `compare_pools`. Given my final pool the others are independent, so each other's final pools are
/// sorted once and the ones below mine counted by binary search.
fn brute_force(mine: &[u32], bring: u32, others: &[(Vec<u32>, u32)]) -> Fraction {
    let finals = |pool: &[u32], n: u32| -> Vec<Vec<u32>> {
        sequences(n)
            .into_iter()
            .map(|s| pool.iter().copied().chain(s).collect())
            .collect()
    };
    let theirs: Vec<Vec<Vec<u32>>> = others
        .iter()
        .map(|(pool, n)| {
            let mut f = finals(pool, *n);
            f.sort_by(|a, b| compare_pools(a, b));
            f
        })
        .collect();
    let mut favourable = BigUint::default();
    for my_pool in finals(mine, bring) {
        let mut ways = BigUint::from(1u8);
        for pools in &theirs {
            let below = pools.partition_point(|p| compare_pools(p, &my_pool) == Ordering::Less);
            ways *= BigUint::from(below);
        }
        favourable += ways;
    }
    let all_new = bring + others.iter().map(|(_, n)| n).sum::<u32>();
    Fraction::new(BigInt::from(favourable), BigUint::from(20u8).pow(all_new))
}

/// P(my side ahead) by enumerating every sequence of every participant's new dice: the side is
/// ahead when one of its final pools beats every opponent's (T3, T13).
fn side_brute_force(side: &[(Vec<u32>, u32)], opponents: &[(Vec<u32>, u32)]) -> Fraction {
    let all: Vec<&(Vec<u32>, u32)> = side.iter().chain(opponents).collect();
    let mut finals: Vec<Vec<u32>> = vec![Vec::new(); all.len()];
    let mut favourable = 0u64;
    fn walk(
        i: usize,
        all: &[&(Vec<u32>, u32)],
        finals: &mut Vec<Vec<u32>>,
        mine: usize,
        favourable: &mut u64,
    ) {
        if i == all.len() {
            let (ours, theirs) = finals.split_at(mine);
            let ahead = ours.iter().any(|m| {
                theirs
                    .iter()
                    .all(|o| compare_pools(m, o) == Ordering::Greater)
            });
            *favourable += u64::from(ahead);
            return;
        }
        for s in sequences(all[i].1) {
            finals[i] = all[i].0.iter().copied().chain(s).collect();
            walk(i + 1, all, finals, mine, favourable);
        }
    }
    walk(0, &all, &mut finals, side.len(), &mut favourable);
    let all_new: u32 = all.iter().map(|(_, n)| n).sum();
    Fraction::new(BigInt::from(favourable), BigUint::from(20u8).pow(all_new))
}

#[test]
fn a_side_is_ahead_when_one_of_its_pools_beats_every_opponent() {
    let side = |pools: &[(&[u32], u32)]| -> Vec<(Vec<u32>, u32)> {
        pools.iter().map(|(p, n)| (p.to_vec(), *n)).collect()
    };
    let exact = |mine: &[(&[u32], u32)], theirs: &[(&[u32], u32)]| {
        p_side_ahead(&side(mine), &side(theirs), MAX_WORK).unwrap()
    };
    // Gorand 12 10 bringing 2 against the dragon's 14 6 5: 231/400 alone (the book's dragon had it
    // stood). With Kaya's fixed 15 beside him the side is ahead for sure.
    assert_eq!(
        exact(&[(&[12, 10], 2)], &[(&[14, 6, 5], 0)]).to_string(),
        "231/400"
    );
    assert_eq!(
        exact(&[(&[12, 10], 2), (&[15], 0)], &[(&[14, 6, 5], 0)]).to_string(),
        "1"
    );
    // Kaya's 14 ties the dragon's 14 but her 3 loses to its 6: Gorand must still beat 14 6 5.
    assert_eq!(
        exact(&[(&[12, 10], 2), (&[14, 3], 0)], &[(&[14, 6, 5], 0)]).to_string(),
        "231/400"
    );
    // Allies tied with each other at the top are one side ahead: [20] and [20] against [19].
    assert_eq!(
        exact(&[(&[20], 0), (&[20], 0)], &[(&[19], 0)]).to_string(),
        "1"
    );
    // A tie between sides is not ahead: [20] and [5] against [20].
    assert_eq!(
        exact(&[(&[20], 0), (&[5], 0)], &[(&[20], 0)]).to_string(),
        "0"
    );
    // One new die each for two allies against one die of the dragon: by hand, the side is behind
    // only when the dragon's die is above both (or ties the higher one): sum over the dragon's d of
    // P(both < d) + P(max = d) = sum (d-1)^2 + (2d-1) = sum d^2 = 2870 ways of 8000.
    assert_eq!(
        exact(&[(&[], 1), (&[], 1)], &[(&[], 1)]).to_string(),
        "513/800"
    );
    assert_eq!(
        exact(&[(&[], 1), (&[], 1)], &[(&[], 1)]),
        side_brute_force(&[(vec![], 1), (vec![], 1)], &[(vec![], 1)])
    );
    // No opponent in: the side is ahead.
    assert_eq!(exact(&[(&[3], 1), (&[], 2)], &[]).to_string(), "1");
    // The work is bounded: past the budget, an error naming it.
    let many = vec![(vec![], 20); 4];
    assert!(matches!(
        p_side_ahead(&many, &many, 1000),
        Err(OddsError::TooLarge { limit: 1000, .. })
    ));
}

#[test]
fn the_dragon_had_it_stood() {
    // Exchange 2 of the book's example: Gorand 12 10 brings 2 dice (Arms) against the dragon's
    // 14 6 5. Gorand is ahead iff one of his new dice shows 14 or more: 1 - (13/20)^2 = 231/400.
    check(&[12, 10], 2, &[(vec![14, 6, 5], 0)], "231/400");
    // What happened: the dragon brought 2 dice (Enormous) too.
    check(&[12, 10], 2, &[(vec![14, 6, 5], 2)], "31297/80000");
}

#[test]
fn hand_counted_cases() {
    // No one to beat.
    check(&[], 0, &[], "1");
    check(&[3], 4, &[], "1");
    // Fixed pools: the T3 comparison itself.
    check(&[20, 3], 0, &[(vec![20, 2], 0)], "1");
    check(&[7, 20], 0, &[(vec![20, 7], 0)], "0");
    check(&[20], 0, &[(vec![20, 5], 0)], "0");
    check(&[20, 5], 0, &[(vec![20], 0), (vec![19, 19], 0)], "1");
    // One die each: P(X > Y) = 190/400.
    check(&[], 1, &[(vec![], 1)], "19/40");
    // One die against an empty pool: any die beats no dice.
    check(&[], 1, &[(vec![], 0)], "1");
    // Ties at the first value are broken further down: 20 against one die of theirs.
    check(&[20], 0, &[(vec![], 1)], "19/20");
    // Two others each with one die against my one: P(X > Y and X > Z) = sum (x-1)^2 / 20^3.
    check(&[], 1, &[(vec![], 1), (vec![], 1)], "247/800");
}

#[test]
fn larger_cases_agree_with_a_second_method() {
    // Too many dice to enumerate: compared with `by_my_multisets`, which sums over my final pools.
    let others = vec![(vec![15, 9], 5), (vec![18], 5), (vec![], 5)];
    let exact = p_ahead(&[12, 10], 5, &others).unwrap();
    assert_eq!(
        exact.to_string(),
        "11170132366731915992171679/52428800000000000000000000"
    );
    assert_eq!(exact, by_my_multisets(&[12, 10], 5, &others));
    check(
        &[],
        4,
        &[(vec![], 6), (vec![20], 2)],
        "19191238008631/204800000000000",
    );
    assert_eq!(
        p_ahead(&[], 4, &[(vec![], 6), (vec![20], 2)]).unwrap(),
        by_my_multisets(&[], 4, &[(vec![], 6), (vec![20], 2)])
    );
}

#[test]
fn a_large_case_is_exact_and_within_the_bounds() {
    // 10 new dice for me and for each of three others: 20^40 outcomes, 88 states.
    let others = vec![(vec![15, 9], 10), (vec![18], 10), (vec![], 10)];
    check(
        &[12, 10],
        10,
        &others,
        "643602664468513358815220326509884890392275457577361/\
         2748779069440000000000000000000000000000000000000000",
    );
    // Fewer of my dice: the same answer as `by_my_multisets` (computed separately; too slow here).
    check(
        &[12, 10],
        6,
        &others,
        "2088620401811998536087355434307493825801762343/\
         17179869184000000000000000000000000000000000000",
    );
    // Four participants alike: each is ahead alone with a quarter of the chance no one ties at the top.
    let alike = vec![(vec![], 10); 3];
    let p = p_ahead(&[], 10, &alike).unwrap();
    assert_eq!(
        p.to_string(),
        "1374389217052526541890612812569757782642690846937167/\
         5497558138880000000000000000000000000000000000000000"
    );
    let top_tie = 1.0 - 4.0 * p.to_f64();
    assert!(top_tie > 0.0 && top_tie < 1e-6, "{top_tie}");
    // The most one side can bring against one other doing the same: 1/2 less half the chance of a tie.
    let p = p_ahead(&[], 20, &[(vec![], 20)]).unwrap();
    assert_eq!(
        p.to_string(),
        "137438953449088839584959506969944993728586746083917/\
         274877906944000000000000000000000000000000000000000"
    );
}

/// P(ahead) summed over my final pools: every multiset of my new dice with its number of orderings,
/// times, for each other independently, its sequences that end below my pool, counted value by value
/// for that one other alone. A second method, independent of `p_ahead`'s joint walk.
fn by_my_multisets(mine: &[u32], bring: u32, others: &[(Vec<u32>, u32)]) -> Fraction {
    let counts = |pool: &[u32]| {
        let mut c = [0i64; 21];
        for &d in pool {
            c[d as usize] += 1;
        }
        c
    };
    let choose = |n: u32, k: u32| -> u128 {
        (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
    };
    // One other's sequences of n new dice that end below my counts.
    let below = |mine: &[i64; 21], theirs: &[i64; 21], n: u32| -> BigUint {
        let mut total = BigUint::default();
        let mut tied: Vec<(u32, BigUint)> = vec![(n, BigUint::from(1u8))];
        for v in (1..=20u32).rev() {
            let need = mine[v as usize] - theirs[v as usize];
            let mut next = Vec::new();
            for (r, w) in tied {
                for a in 0..=r {
                    let ways = &w * BigUint::from(choose(r, a));
                    match i64::from(a).cmp(&need) {
                        Ordering::Equal => next.push((r - a, ways)),
                        Ordering::Less => total += ways * BigUint::from(v - 1).pow(r - a),
                        Ordering::Greater => {}
                    }
                }
            }
            tied = next;
        }
        total
    };
    let mut favourable = BigUint::default();
    // My multisets of `bring` dice, as non-increasing sequences.
    let mut multiset = vec![20u32; bring as usize];
    loop {
        let mut pool = mine.to_vec();
        pool.extend(&multiset);
        let mine_counts = counts(&pool);
        let mut orderings = BigUint::from((1..=u128::from(bring)).product::<u128>());
        for v in 1..=20 {
            let c = multiset.iter().filter(|&&d| d == v).count() as u128;
            orderings /= BigUint::from((1..=c).product::<u128>());
        }
        let mut ways = orderings;
        for (theirs, n) in others {
            ways *= below(&mine_counts, &counts(theirs), *n);
        }
        favourable += ways;
        // Next non-increasing sequence: lower the last die above 1, reset those after it.
        let Some(i) = multiset.iter().rposition(|&d| d > 1) else {
            break;
        };
        let d = multiset[i] - 1;
        for x in &mut multiset[i..] {
            *x = d;
        }
    }
    let all_new = bring + others.iter().map(|(_, n)| n).sum::<u32>();
    Fraction::new(BigInt::from(favourable), BigUint::from(20u8).pow(all_new))
}

#[test]
fn inputs_out_of_range_are_refused_by_name() {
    let err = |mine: &[u32], bring: u32, others: &[(Vec<u32>, u32)]| {
        p_ahead(mine, bring, others).unwrap_err().to_string()
    };
    assert_eq!(err(&[0], 1, &[]), "mine = 0: a die shows 1 to 20");
    assert_eq!(err(&[21], 1, &[]), "mine = 21: a die shows 1 to 20");
    assert_eq!(err(&[], 21, &[]), "my_new_dice = 21: 0 to 20 new dice");
    assert_eq!(
        err(&[5], 1, &[(vec![3], 0), (vec![4, 25], 0)]),
        "others[1].pool = 25: a die shows 1 to 20"
    );
    assert_eq!(
        err(&[5], 1, &[(vec![3], 30)]),
        "others[0].new_dice = 30: 0 to 20 new dice"
    );
    assert_eq!(
        err(&[1; 101], 1, &[]),
        "mine = 101 dice: at most 100 dice in a pool"
    );
    let crowd = vec![(vec![], 1); 20];
    assert_eq!(
        err(&[], 1, &crowd),
        "others = 20 participants: at most 19 other participants"
    );
}

#[test]
fn beyond_the_bounds_is_an_error_stating_the_bound() {
    // 19 others and me, 20 new dice each: 21 * 2^19 states.
    assert_eq!(
        p_ahead(&[], 20, &vec![(vec![], 20); 19]),
        Err(OddsError::TooLarge {
            measure: "states",
            value: 21 << 19,
            limit: MAX_STATES,
        })
    );
    // 12 others: 21 * 2^12 states fit, but the work is 20 * (21 * 22 / 2) * 2^11 * 16.
    let err = p_ahead(&[], 20, &vec![(vec![], 20); 12]).unwrap_err();
    assert_eq!(
        err,
        OddsError::TooLarge {
            measure: "units of work",
            value: 151_388_160,
            limit: MAX_WORK,
        }
    );
    assert_eq!(
        err.to_string(),
        "exact odds would need at least 151388160 units of work, beyond the limit of 10000000: \
         fewer new dice or fewer opponents"
    );
    // Eight others bringing 10 dice each, like me, are within the bounds (and so are 20 each).
    assert!(p_ahead(&[], 10, &vec![(vec![], 10); 8]).is_ok());
}

#[test]
fn the_books_burden_example() {
    // T5: she has 20 19 19 17 6, I have 15 15 12 11 9; four boxes toss the 20 19 19 17.
    let options = burden_options(&[15, 15, 12, 11, 9], &[20, 19, 19, 17, 6]);
    let option = |boxes: u32, discarded: &[u32], after: &[u32], winning_after: bool| BurdenOption {
        boxes,
        discarded: discarded.to_vec(),
        their_pool_after: after.to_vec(),
        winning_after,
    };
    assert_eq!(
        options,
        BurdenOptions {
            max_boxes: 4,
            options: vec![
                option(1, &[20], &[19, 19, 17, 6], false),
                option(2, &[20, 19], &[19, 17, 6], false),
                option(3, &[20, 19, 19], &[17, 6], false),
                option(4, &[20, 19, 19, 17], &[6], true),
            ],
        }
    );
    // The dragon: Gorand 12 13 15 takes a one-die burden against 6 14 17; the 17 goes.
    assert_eq!(
        burden_options(&[12, 13, 15], &[6, 14, 17]),
        BurdenOptions {
            max_boxes: 1,
            options: vec![option(1, &[17], &[14, 6], true)],
        }
    );
    // Nothing of theirs beats my highest: no burden can be taken.
    assert_eq!(
        burden_options(&[20], &[20, 19]),
        BurdenOptions {
            max_boxes: 0,
            options: vec![]
        }
    );
    // An empty pool's highest is 0: every die of theirs beats it; discarding all leaves a tie.
    assert_eq!(
        burden_options(&[], &[3, 1]),
        BurdenOptions {
            max_boxes: 2,
            options: vec![option(1, &[3], &[1], false), option(2, &[3, 1], &[], false)],
        }
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn exact_odds_agree_with_brute_force(
        mine in proptest::collection::vec(1u32..=20, 0..4),
        bring in 0u32..=3,
        others in proptest::collection::vec(
            (proptest::collection::vec(1u32..=20, 0..4), 0u32..=3),
            0..=2,
        ),
    ) {
        let exact = p_ahead(&mine, bring, &others).unwrap();
        prop_assert_eq!(exact, brute_force(&mine, bring, &others));
    }

    #[test]
    fn a_sides_odds_agree_with_brute_force(
        side in proptest::collection::vec(
            (proptest::collection::vec(1u32..=20, 0..3), 0u32..=1),
            1..=3,
        ),
        opponents in proptest::collection::vec(
            (proptest::collection::vec(1u32..=20, 0..3), 0u32..=1),
            0..=2,
        ),
    ) {
        // At most 20^4 outcomes to enumerate.
        prop_assume!(side.iter().chain(&opponents).map(|(_, n)| n).sum::<u32>() <= 4);
        let exact = p_side_ahead(&side, &opponents, MAX_WORK).unwrap();
        prop_assert_eq!(exact, side_brute_force(&side, &opponents));
    }

    #[test]
    fn burden_options_follow_t5(
        mine in proptest::collection::vec(1u32..=20, 0..8),
        theirs in proptest::collection::vec(1u32..=20, 0..8),
    ) {
        let options = burden_options(&mine, &theirs);
        let highest = mine.iter().copied().max().unwrap_or(0);
        let beating = theirs.iter().filter(|&&d| d > highest).count() as u32;
        prop_assert_eq!(options.max_boxes, beating);
        prop_assert_eq!(options.options.len() as u32, beating);
        for (k, option) in options.options.iter().enumerate() {
            prop_assert_eq!(option.boxes as usize, k + 1);
            prop_assert!(option.discarded.iter().all(|&d| d > highest));
            let mut all: Vec<u32> = option.discarded.iter().chain(&option.their_pool_after).copied().collect();
            let mut given = theirs.clone();
            all.sort_unstable();
            given.sort_unstable();
            prop_assert_eq!(all, given);
            let winning = compare_pools(&mine, &option.their_pool_after) == Ordering::Greater;
            prop_assert_eq!(option.winning_after, winning);
        }
    }
}
