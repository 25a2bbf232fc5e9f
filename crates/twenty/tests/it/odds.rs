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
    assert_eq!(err(&[0], 1, &[]), "`mine` = 0: a die shows 1 to 20");
    assert_eq!(err(&[21], 1, &[]), "`mine` = 21: a die shows 1 to 20");
    assert_eq!(err(&[], 21, &[]), "`my_new_dice` = 21: 0 to 20 new dice");
    assert_eq!(
        err(&[5], 1, &[(vec![3], 0), (vec![4, 25], 0)]),
        "`others[1].pool` = 25: a die shows 1 to 20"
    );
    assert_eq!(
        err(&[5], 1, &[(vec![3], 30)]),
        "`others[0].new_dice` = 30: 0 to 20 new dice"
    );
    assert_eq!(
        err(&[1; 101], 1, &[]),
        "`mine` = 101 dice: at most 100 dice in a pool"
    );
    let crowd = vec![(vec![], 1); 20];
    assert_eq!(
        err(&[], 1, &crowd),
        "`others` = 20 participants: at most 19 other participants"
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

// ---------------------------------------------------------------------------------------------
// Whole-conflict advice (issue 32), exact mode: checked against an independent brute force that
// drives the real rules engine (`Twenty::decide` and `Twenty::apply`) over every sequence of faces.

mod advice {
    use num_bigint::{BigInt, BigUint};
    use skald_core::{DiceSource, Die, Scripted, SourceError, System, Table};
    use skald_dice::odds::Fraction;
    use skald_twenty::{
        AdviceBudget, AdviceChoice, AdviceModel, Burden, Command, Declaration, Estimate, Sheet,
        SheetKind, StatBoxes, State, Trait, Twenty, compare_pools, conflict_advice,
    };
    use std::collections::BTreeMap;

    /// An NPC with `traits` as (name, boxes, checked), and stats when given (all boxes checked).
    pub fn npc(name: &str, traits: &[(&str, u32, u32)], stats: &[(&str, u32)]) -> Sheet {
        Sheet {
            name: name.into(),
            kind: SheetKind::Npc,
            stats: stats
                .iter()
                .map(|(s, b)| {
                    // Every stat box checked: they count for T7 but roll nothing.
                    let boxes = StatBoxes::Checked {
                        boxes: *b,
                        checked: *b,
                    };
                    ((*s).to_string(), boxes)
                })
                .collect::<BTreeMap<_, _>>(),
            keys: Vec::new(),
            traits: traits
                .iter()
                .map(|(n, b, c)| Trait {
                    checked: *c,
                    ..Trait::new(*n, *b)
                })
                .collect(),
            equipment: Vec::new(),
            gear: Vec::new(),
            burdens: Vec::new(),
        }
    }

    /// A table with `sheets` and a conflict among them: (who, goal).
    pub fn conflict(sheets: Vec<Sheet>, goals: &[(&str, &str)]) -> Table<Twenty> {
        let mut table = Table::<Twenty>::new(Default::default());
        for s in sheets {
            table
                .execute(Twenty::enroll(s), &mut Scripted::default())
                .unwrap();
        }
        let participants = goals
            .iter()
            .map(|(who, goal)| Declaration {
                who: (*who).into(),
                goal: (*goal).into(),
                death_of: None,
            })
            .collect();
        table
            .execute(
                Command::StartConflict { participants },
                &mut Scripted::default(),
            )
            .unwrap();
        table
    }

    pub fn bring(table: &mut Table<Twenty>, who: &str, trait_name: &str, dice: &[i64]) {
        table
            .execute(
                Command::BringIn {
                    who: who.into(),
                    trait_name: trait_name.into(),
                    remove: Vec::new(),
                },
                &mut Scripted::new(dice.to_vec()),
            )
            .unwrap();
    }

    /// The script, then 1, 2, 3... so that a tie's roll-off always ends (its winner is not read:
    /// the brute force shares a tie itself).
    struct Then(Vec<u32>, usize);

    impl DiceSource for Then {
        fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
            let i = self.1;
            self.1 += 1;
            match (die, self.0.get(i)) {
                (_, Some(face)) => Ok(i64::from(*face)),
                (Die::Numbered(sides), None) if sides > 0 => Ok(i64::from(i as u32 % sides) + 1),
                _ => Err(SourceError::NoSides),
            }
        }
    }

    /// A chance as `n / (20^e * 12)` (12: every tie of up to four participants divides it).
    #[derive(Clone, Debug)]
    pub struct R {
        n: BigUint,
        e: u32,
    }

    impl R {
        fn at(&self, e: u32) -> BigUint {
            &self.n * BigUint::from(20u32).pow(e - self.e)
        }
        fn fraction(&self) -> Fraction {
            Fraction::new(
                BigInt::from(self.n.clone()),
                BigUint::from(20u32).pow(self.e) * BigUint::from(12u32),
            )
        }
    }

    fn execute(state: &State, command: &Command, dice: Vec<u32>) -> State {
        let events = Twenty::decide(state, command, &mut Then(dice, 0)).unwrap();
        events.iter().fold(state.clone(), Twenty::apply)
    }

    /// Every sequence of `n` d20 faces.
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

    /// The mean over `children` (equally likely), per side.
    fn mean(children: &[BTreeMap<usize, R>], count: u32, of_20s: u32) -> BTreeMap<usize, R> {
        let e = children
            .iter()
            .flat_map(|c| c.values().map(|r| r.e))
            .max()
            .unwrap_or(0);
        let mut out: BTreeMap<usize, BigUint> = BTreeMap::new();
        for c in children {
            for (side, r) in c {
                *out.entry(*side).or_default() += r.at(e);
            }
        }
        // `count` children of 20^of_20s equally likely outcomes each.
        assert_eq!(children.len() as u32, count);
        out.into_iter()
            .map(|(side, n)| (side, R { n, e: e + of_20s }))
            .collect()
    }

    /// Each side's (by its `side` number) chance of winning from `state` with best play by
    /// everyone, the actor in declaration order, ties between choices going to stand, then fewest
    /// dice.
    pub fn best(state: &State) -> BTreeMap<usize, R> {
        let conflict = state.conflict.as_ref().unwrap();
        if conflict.ended() {
            // The best pool among those in; tied participants of different sides share the
            // roll-off, each as likely to win it.
            let inside: Vec<_> = conflict.participants.iter().filter(|p| p.is_in()).collect();
            let top = inside
                .iter()
                .map(|p| p.pool.clone())
                .max_by(|a, b| compare_pools(a, b))
                .unwrap();
            let tied: Vec<_> = inside
                .iter()
                .filter(|p| compare_pools(&p.pool, &top).is_eq())
                .collect();
            let mut out: BTreeMap<usize, R> = conflict
                .participants
                .iter()
                .map(|p| {
                    (
                        p.side,
                        R {
                            n: BigUint::default(),
                            e: 0,
                        },
                    )
                })
                .collect();
            for p in &tied {
                out.get_mut(&p.side).unwrap().n += BigUint::from(12 / tied.len() as u32);
            }
            return out;
        }
        let actor = conflict
            .participants
            .iter()
            .find(|p| p.can_act() && p.acted_in < conflict.exchange)
            .expect("someone to act in a conflict in progress");
        let who = actor.who.clone();
        let character = state.character(&who).unwrap();
        let mut traits: Vec<(String, u32)> = character
            .rollables()
            .filter(|t| {
                t.unchecked() >= conflict.exchange && !t.broken && !actor.used.contains(&t.name)
            })
            .map(|t| (t.name.clone(), t.unchecked()))
            .collect();
        traits.sort_by_key(|(_, n)| *n);
        let mut best: Option<BTreeMap<usize, R>> = None;
        let stand = Command::Stand {
            who: who.clone(),
            remove: Vec::new(),
        };
        let mut options = vec![(stand, 0u32)];
        let gm = gm_dice(state, &who);
        for (name, n) in traits {
            options.push((
                Command::BringIn {
                    who: who.clone(),
                    trait_name: name,
                    remove: Vec::new(),
                },
                n + gm,
            ));
        }
        for (command, dice) in options {
            let value = outcome(state, &command, dice);
            let better = best.as_ref().is_none_or(|b| {
                let (a, b) = (&value[&actor.side], &b[&actor.side]);
                let e = a.e.max(b.e);
                a.at(e) > b.at(e)
            });
            if better {
                best = Some(value);
            }
        }
        best.unwrap()
    }

    /// T8: the GM's d20s when `who` brings in dice now: one per burden box from the healer's
    /// second bring-in.
    fn gm_dice(state: &State, who: &str) -> u32 {
        let conflict = state.conflict.as_ref().unwrap();
        let rolled = !conflict.participant(who).unwrap().rolls.is_empty();
        conflict
            .healing
            .as_ref()
            .filter(|h| h.healer == who && rolled)
            .map_or(0, |h| {
                let patient = state.character(&h.patient).unwrap();
                patient.burden(&h.burden).unwrap().boxes.len() as u32
            })
    }

    /// The values after `command` rolling `dice` d20s, over every sequence of faces.
    fn outcome(state: &State, command: &Command, dice: u32) -> BTreeMap<usize, R> {
        let children: Vec<_> = sequences(dice)
            .into_iter()
            .map(|s| best(&execute(state, command, s)))
            .collect();
        mean(&children, 20u32.pow(dice), dice)
    }

    /// `who`'s side's chance for every choice, by brute force: (label, chance).
    pub fn brute(state: &State, who: &str) -> Vec<(String, Fraction)> {
        let advice = conflict_advice(state, who, AdviceBudget::TABLE).unwrap();
        let side = state
            .conflict
            .as_ref()
            .unwrap()
            .participant(who)
            .unwrap()
            .side;
        advice
            .choices
            .iter()
            .map(|c| {
                let values = match &c.choice {
                    AdviceChoice::BringIn { trait_name, dice } => {
                        let command = Command::BringIn {
                            who: who.into(),
                            trait_name: trait_name.clone(),
                            remove: Vec::new(),
                        };
                        outcome(state, &command, *dice + gm_dice(state, who))
                    }
                    AdviceChoice::Stand => {
                        let command = Command::Stand {
                            who: who.into(),
                            remove: Vec::new(),
                        };
                        outcome(state, &command, 0)
                    }
                    // Nothing now: the position as it stands, best play on.
                    AdviceChoice::Wait => best(state),
                    AdviceChoice::Surrender => {
                        // The side may still win without it, but the rules engine gives the goal
                        // only to the winner and its allies still in (`winner_allies`, T13).
                        return (c.choice.label(), Fraction::new(0.into(), 1u32.into()));
                    }
                    AdviceChoice::TakeBurden { from, boxes, .. } => {
                        // The stat's d20: every face.
                        let command = Command::TakeBurden {
                            who: who.into(),
                            from: from.clone(),
                            boxes: *boxes,
                            name: "A fresh wound".into(),
                        };
                        outcome(state, &command, 1)
                    }
                };
                (c.choice.label(), values[&side].fraction())
            })
            .collect()
    }

    /// The advice's exact answers, (label, chance).
    pub fn exact(state: &State, who: &str) -> Vec<(String, Fraction)> {
        let advice = conflict_advice(state, who, AdviceBudget::TABLE).unwrap();
        assert_eq!(advice.model, AdviceModel::BestPlay, "{who}");
        advice
            .choices
            .into_iter()
            .map(|c| match c.win {
                Estimate::Exact(p) => (c.choice.label(), p),
                Estimate::Simulated { .. } => panic!("simulated"),
            })
            .collect()
    }

    pub fn healing_table() -> Table<Twenty> {
        let mut patient = npc("Patient", &[("Grit", 1, 0), ("Nerve", 2, 0)], &[]);
        patient.burdens = vec![Burden {
            name: "Flesh wound".into(),
            stat: "Physical".into(),
            boxes: vec![15],
        }];
        let mut table = Table::<Twenty>::new(Default::default());
        table
            .execute(Twenty::enroll(patient), &mut Scripted::default())
            .unwrap();
        table
            .execute(
                Command::StartHealing {
                    healer: "Patient".into(),
                    patient: "Patient".into(),
                    burden: "Flesh wound".into(),
                    worsen_on_loss: true,
                },
                &mut Scripted::default(),
            )
            .unwrap();
        table
    }
}

#[test]
fn whole_conflict_advice_agrees_exactly_with_brute_force_over_the_rules_engine() {
    use advice::*;
    let mut cases: Vec<(skald_twenty::State, &str)> = Vec::new();
    // Two sides, one 1-box trait each, nobody has acted: every choice of A.
    let t = conflict(
        vec![
            npc("A", &[("Quick", 1, 0)], &[]),
            npc("B", &[("Slow", 1, 0)], &[]),
        ],
        &[("A", "win"), ("B", "stop A")],
    );
    cases.push((t.state().clone(), "A"));
    // Exchange 2: A still has a 2-box trait, B has nothing left (forced to stand).
    let mut t = conflict(
        vec![
            npc("A", &[("Quick", 1, 0), ("Strong", 2, 0)], &[]),
            npc("B", &[("Slow", 1, 0)], &[]),
        ],
        &[("A", "win"), ("B", "stop A")],
    );
    bring(&mut t, "A", "Quick", &[7]);
    bring(&mut t, "B", "Slow", &[9]);
    cases.push((t.state().clone(), "A"));
    // B acts after A rolled: B's 2-box trait against A's pool, a burden to take too.
    let mut t = conflict(
        vec![
            npc("A", &[("Quick", 1, 0)], &[]),
            npc(
                "B",
                &[("Slow", 1, 0), ("Big", 2, 1)],
                &[
                    ("Physical", 1),
                    ("Mental", 2),
                    ("Social", 3),
                    ("Emotional", 4),
                    ("Spiritual", 5),
                ],
            ),
        ],
        &[("A", "win"), ("B", "stop A")],
    );
    bring(&mut t, "A", "Quick", &[12]);
    cases.push((t.state().clone(), "B"));
    // Three sides, each a 1-box trait (shares of a three-way tie; the tie-break between choices).
    let t = conflict(
        vec![
            npc("A", &[("Quick", 1, 0)], &[]),
            npc("B", &[("Slow", 1, 0)], &[]),
            npc("C", &[("Odd", 1, 0)], &[]),
        ],
        &[("A", "first"), ("B", "second"), ("C", "third")],
    );
    cases.push((t.state().clone(), "A"));
    // Allies (T13): A and B share a goal against C.
    let mut t = conflict(
        vec![
            npc("A", &[("Quick", 1, 0)], &[]),
            npc("B", &[("Slow", 1, 0)], &[]),
            npc("C", &[("Odd", 1, 0), ("Even", 2, 1)], &[]),
        ],
        &[("A", "together"), ("B", "together"), ("C", "alone")],
    );
    bring(&mut t, "A", "Quick", &[11]);
    cases.push((t.state().clone(), "B"));
    // T5, a burden at any time: A has acted, B has beaten it, C is still to act. A may take no
    // burden now, take one from B, or surrender.
    let mut t = conflict(
        vec![
            npc("A", &[("Quick", 1, 0)], &[]),
            npc("B", &[("Slow", 1, 0)], &[]),
            npc("C", &[("Odd", 1, 0)], &[]),
        ],
        &[("A", "first"), ("B", "second"), ("C", "third")],
    );
    bring(&mut t, "A", "Quick", &[5]);
    bring(&mut t, "B", "Slow", &[15]);
    cases.push((t.state().clone(), "A"));
    // A healing conflict (T8): the GM rolls a die per burden box from the healer's second bring-in.
    let mut t = healing_table();
    bring(&mut t, "Patient", "Grit", &[9]);
    cases.push((t.state().clone(), "Patient"));
    for (state, who) in &cases {
        let exact = exact(state, who);
        assert_eq!(exact, brute(state, who), "{who}");
    }
    // The first case by hand: A brings in 1 die, B then brings in 1 die (best, never worse than
    // standing behind), A wins when its die is higher: 190/400, half of the 20 ties: 200/400.
    let first = exact(&cases[0].0, "A");
    assert_eq!(first[0].0, "Win the conflict if you bring in Quick (1 die)");
    assert_eq!(first[0].1.to_string(), "1/2");
    // Standing first: B brings in its die and wins unless A then brings in and beats it.
    assert_eq!(first[1].0, "Win the conflict if you stand");
}

// ---------------------------------------------------------------------------------------------
// Whole-conflict advice, simulation mode: checked against an independent Monte Carlo of the same
// simple policy (its own state, its own random source), and never refused.

mod lean {
    use skald_core::{Scripted, Table};
    use skald_twenty::{
        AdviceChoice, Command, Declaration, STATS, Sheet, SheetKind, Standing, State, Trait,
        Twenty, compare_pools,
    };
    use std::collections::BTreeMap;

    /// SplitMix64: the test's own random source.
    pub struct Mix(pub u64);

    impl Mix {
        pub fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        pub fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        pub fn d20(&mut self) -> u32 {
            self.below(20) as u32 + 1
        }
    }

    /// One participant as the lean simulation keeps it.
    #[derive(Clone)]
    struct Seat {
        side: usize,
        pool: Vec<u32>,
        traits: Vec<u32>,
        /// 0 in, 1 forced to stand, 2 surrendered.
        status: u8,
        acted: bool,
        rolled: bool,
    }

    #[derive(Clone)]
    pub struct Game {
        exchange: u32,
        dice: bool,
        seats: Vec<Seat>,
        /// (healer, GM, GM dice per later bring-in).
        healing: Option<(usize, usize, u32)>,
    }

    /// The conflict of `state`, read from its public fields.
    pub fn game(state: &State) -> Game {
        let c = state.conflict.as_ref().unwrap();
        let seats = c
            .participants
            .iter()
            .map(|p| {
                let traits = state.character(&p.who).map_or(Vec::new(), |ch| {
                    ch.rollables()
                        .filter(|t| !t.broken && !p.used.contains(&t.name))
                        .map(Trait::unchecked)
                        .filter(|n| *n >= c.exchange)
                        .collect()
                });
                Seat {
                    side: p.side,
                    pool: p.pool.clone(),
                    traits,
                    status: match p.standing {
                        Standing::In => 0,
                        Standing::ForcedStand => 1,
                        Standing::Surrendered => 2,
                    },
                    acted: p.acted_in == c.exchange,
                    rolled: !p.rolls.is_empty(),
                }
            })
            .collect();
        let healing = c.healing.as_ref().map(|h| {
            let at = |who: &str| c.participants.iter().position(|p| p.who == who).unwrap();
            let boxes = state
                .character(&h.patient)
                .and_then(|p| p.burden(&h.burden))
                .map_or(0, |b| b.boxes.len() as u32);
            (at(&h.healer), at("GM"), boxes)
        });
        Game {
            exchange: c.exchange,
            dice: c.dice_this_exchange(),
            seats,
            healing,
        }
    }

    impl Game {
        fn ahead(&self, i: usize) -> bool {
            let side = self.seats[i].side;
            let live = |s: &&Seat| s.status != 2;
            self.seats
                .iter()
                .filter(live)
                .filter(|s| s.side == side)
                .any(|m| {
                    self.seats
                        .iter()
                        .filter(live)
                        .filter(|o| o.side != side)
                        .all(|o| compare_pools(&m.pool, &o.pool).is_gt())
                })
        }

        fn bring(&mut self, i: usize, n: u32, rng: &mut Mix) {
            let at = self.seats[i].traits.iter().position(|t| *t == n).unwrap();
            self.seats[i].traits.remove(at);
            for _ in 0..n {
                let d = rng.d20();
                self.seats[i].pool.push(d);
                if d == 1 {
                    self.seats[i].status = 1;
                }
            }
            self.seats[i].acted = true;
            self.dice = true;
            let again = self.seats[i].rolled;
            self.seats[i].rolled = true;
            if let Some((healer, gm, boxes)) = self.healing
                && healer == i
                && again
            {
                for _ in 0..boxes {
                    let d = rng.d20();
                    self.seats[gm].pool.push(d);
                }
            }
        }

        /// Plays the policy to the end; the winning side.
        fn finish(&mut self, rng: &mut Mix) -> usize {
            loop {
                let mut sides: Vec<usize> = self
                    .seats
                    .iter()
                    .filter(|s| s.status != 2)
                    .map(|s| s.side)
                    .collect();
                sides.sort_unstable();
                sides.dedup();
                if sides.len() <= 1 {
                    return sides.first().copied().unwrap_or(usize::MAX);
                }
                if let Some(i) = self.seats.iter().position(|s| s.status == 0 && !s.acted) {
                    let exchange = self.exchange;
                    let largest = self.seats[i]
                        .traits
                        .iter()
                        .copied()
                        .filter(|n| *n >= exchange)
                        .max();
                    match largest {
                        Some(n) if !self.ahead(i) => self.bring(i, n, rng),
                        _ => self.seats[i].acted = true,
                    }
                    continue;
                }
                if !self.dice {
                    let live: Vec<&Seat> = self.seats.iter().filter(|s| s.status != 2).collect();
                    let top = live
                        .iter()
                        .map(|s| s.pool.clone())
                        .max_by(|a, b| compare_pools(a, b))
                        .unwrap();
                    let tied: Vec<&&Seat> = live
                        .iter()
                        .filter(|s| compare_pools(&s.pool, &top).is_eq())
                        .collect();
                    return tied[rng.below(tied.len() as u64) as usize].side;
                }
                self.exchange += 1;
                self.dice = false;
                let exchange = self.exchange;
                for s in &mut self.seats {
                    s.acted = false;
                    if s.status == 0 && !s.traits.iter().any(|n| *n >= exchange) {
                        s.status = 1;
                    }
                }
            }
        }
    }

    /// `plays` conflicts from `state` where `who` first plays `choice`: the wins of its side.
    pub fn wins(state: &State, who: &str, choice: &AdviceChoice, plays: u64, rng: &mut Mix) -> u64 {
        let start = game(state);
        let c = state.conflict.as_ref().unwrap();
        let i = c.participants.iter().position(|p| p.who == who).unwrap();
        let side = start.seats[i].side;
        // T5, T7, T14: who bears a burden, and in how many stats of five it disables.
        let bearer = c
            .healing
            .as_ref()
            .filter(|h| h.healer == who)
            .map_or(who, |h| h.patient.as_str());
        let bearer_seat = c
            .participants
            .iter()
            .position(|p| p.who == bearer && p.is_in());
        let mut won = 0;
        for _ in 0..plays {
            let mut g = start.clone();
            match choice {
                AdviceChoice::BringIn { dice, .. } => g.bring(i, *dice, rng),
                AdviceChoice::Stand => g.seats[i].acted = true,
                AdviceChoice::Surrender => g.seats[i].status = 2,
                AdviceChoice::Wait => {}
                AdviceChoice::TakeBurden { from, boxes, .. } => {
                    let j = c.participants.iter().position(|p| &p.who == from).unwrap();
                    g.seats[j].pool.sort_unstable_by(|a, b| b.cmp(a));
                    g.seats[j].pool.drain(..*boxes as usize);
                    let stat = STATS[rng.below(5) as usize];
                    let ch = state.character(bearer).unwrap();
                    let overflows = ch
                        .stats
                        .iter()
                        .any(|s| s.name == stat && ch.burden_boxes(stat) + boxes > s.boxes);
                    if let (true, Some(b)) = (overflows, bearer_seat) {
                        g.seats[b].status = 2;
                    }
                }
            }
            if g.finish(rng) == side {
                won += 1;
            }
        }
        won
    }

    /// A random small conflict: 2 to 4 NPCs, 1 to 3 traits of 1 to 4 boxes each, sides from
    /// shared goals, and a few random exchanges played through the rules engine.
    pub fn random_conflict(seed: u64) -> Table<Twenty> {
        let mut rng = Mix(seed);
        let n = 2 + rng.below(3) as usize;
        let mut table = Table::<Twenty>::new(Default::default());
        let mut declarations = Vec::new();
        for p in 0..n {
            let traits = (0..1 + rng.below(3))
                .map(|t| {
                    let boxes = 1 + rng.below(4) as u32;
                    Trait {
                        checked: rng.below(u64::from(boxes)) as u32,
                        ..Trait::new(format!("Knack {t}"), boxes)
                    }
                })
                .collect();
            let sheet = Sheet {
                name: format!("P{p}"),
                kind: SheetKind::Npc,
                stats: BTreeMap::new(),
                keys: Vec::new(),
                traits,
                equipment: Vec::new(),
                gear: Vec::new(),
                burdens: Vec::new(),
            };
            table
                .execute(
                    Command::AddCharacter { character: sheet },
                    &mut Scripted::default(),
                )
                .unwrap();
            let goal = if p < 2 { p } else { rng.below(3) as usize };
            declarations.push(Declaration {
                who: format!("P{p}"),
                goal: format!("goal {goal}"),
                death_of: None,
            });
        }
        table
            .execute(
                Command::StartConflict {
                    participants: declarations,
                },
                &mut Scripted::default(),
            )
            .unwrap();
        for _ in 0..rng.below(4) {
            let state = table.state().clone();
            let Some(c) = state.active_conflict() else {
                break;
            };
            let Some(p) = c
                .participants
                .iter()
                .find(|p| p.can_act() && p.acted_in < c.exchange)
            else {
                break;
            };
            let ch = state.character(&p.who).unwrap();
            let eligible: Vec<&Trait> = ch
                .rollables()
                .filter(|t| t.unchecked() >= c.exchange && !p.used.contains(&t.name))
                .collect();
            let pick = rng.below(eligible.len() as u64 + 1) as usize;
            let (command, dice) = match eligible.get(pick) {
                Some(t) => (
                    Command::BringIn {
                        who: p.who.clone(),
                        trait_name: t.name.clone(),
                        remove: Vec::new(),
                    },
                    (0..t.unchecked()).map(|_| i64::from(rng.d20())).collect(),
                ),
                None => (
                    Command::Stand {
                        who: p.who.clone(),
                        remove: Vec::new(),
                    },
                    Vec::new(),
                ),
            };
            // Roll-offs draw from the tail: 1, 2, 3... end any tie.
            let mut dice: Vec<i64> = dice;
            dice.extend(1..=20);
            table.execute(command, &mut Scripted::new(dice)).unwrap();
        }
        table
    }
}

/// Every (state, who) where someone can act in the examples' conflicts, step by step.
fn example_positions() -> Vec<(skald_twenty::State, String)> {
    use skald_twenty::Twenty;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/twenty");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let scenario = skald_scenario::load(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for n in 0..=scenario.steps.len() {
            let Ok(table) = scenario.table_after::<Twenty>(n) else {
                continue;
            };
            let Some(c) = table.state().active_conflict() else {
                continue;
            };
            for p in &c.participants {
                let gm = p.who == skald_twenty::GM && c.healing.is_some();
                if p.can_act() && p.acted_in < c.exchange && !gm {
                    out.push((table.state().clone(), p.who.clone()));
                }
            }
        }
    }
    out
}

#[test]
fn simulated_advice_agrees_with_an_independent_monte_carlo_of_the_policy() {
    use skald_twenty::{AdviceBudget, AdviceModel, Estimate, conflict_advice};
    let mut positions = example_positions();
    // Every fourth example position (they repeat a lot), then random ones.
    positions = positions.into_iter().step_by(4).collect();
    for seed in 0..20 {
        let table = lean::random_conflict(seed);
        let state = table.state().clone();
        let Some(c) = state.active_conflict() else {
            continue;
        };
        if let Some(p) = c
            .participants
            .iter()
            .find(|p| p.can_act() && p.acted_in < c.exchange)
        {
            let who = p.who.clone();
            positions.push((state, who));
        }
    }
    assert!(positions.len() >= 30, "{} positions", positions.len());
    eprintln!("{} positions", positions.len());
    let budget = AdviceBudget {
        exact_work: 0,
        plays: 6_000,
        sim_work: u64::MAX,
    };
    let mut rng = lean::Mix(2026);
    for (state, who) in &positions {
        let advice = conflict_advice(state, who, budget).unwrap();
        assert_eq!(advice.model, AdviceModel::SimplePolicy);
        for c in &advice.choices {
            // Surrendering loses the goal for certain: exact whatever the model.
            if c.choice == skald_twenty::AdviceChoice::Surrender {
                assert_eq!(c.win, Estimate::Exact(Fraction::new(0.into(), 1u32.into())));
                continue;
            }
            let Estimate::Simulated { wins, plays } = c.win else {
                panic!("exact");
            };
            let ours = lean::wins(state, who, &c.choice, 1_000, &mut rng);
            let theirs = skald_core::Chance::estimate("", wins, plays);
            let mine = skald_core::Chance::estimate("", ours, 1_000);
            let gap = (theirs.decimal - mine.decimal).abs();
            let allowed = theirs.margin.unwrap() + mine.margin.unwrap();
            assert!(
                gap <= allowed,
                "{who}, {}: {wins}/{plays} against {ours}/1000",
                c.choice.label()
            );
        }
    }
}

/// The full check: 10^6 conflicts per position in all, in a release build:
/// `cargo test -p skald-twenty --release --test odds -- --ignored million`.
#[test]
#[ignore = "about a minute in a release build; run by hand (docs/twenty.md)"]
fn million_conflicts_agree_with_the_simulated_advice() {
    use skald_twenty::{AdviceBudget, Estimate, conflict_advice};
    let positions = example_positions();
    let budget = AdviceBudget {
        exact_work: 0,
        plays: 200_000,
        sim_work: u64::MAX,
    };
    let mut rng = lean::Mix(1_000_000);
    let mut played = 0u64;
    let mut checked = 0;
    for (state, who) in positions.iter().take(40) {
        let advice = conflict_advice(state, who, budget).unwrap();
        let each = 1_000_000 / advice.choices.len() as u64;
        for c in &advice.choices {
            let Estimate::Simulated { wins, plays } = c.win else {
                panic!("exact");
            };
            let ours = lean::wins(state, who, &c.choice, each, &mut rng);
            played += each;
            let theirs = skald_core::Chance::estimate("", wins, plays);
            let mine = skald_core::Chance::estimate("", ours, each);
            let gap = (theirs.decimal - mine.decimal).abs();
            assert!(
                gap <= theirs.margin.unwrap() + mine.margin.unwrap(),
                "{who}"
            );
            checked += 1;
        }
    }
    eprintln!("{checked} choices agree; {played} independent conflicts played");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// No advice is ever refused for a legal state: every participant able to act gets an answer
    /// for every choice, a chance in 0..=1, however small the budget (it falls back to simulation).
    #[test]
    fn advice_is_never_refused_for_a_legal_state(seed in any::<u64>(), tiny in any::<bool>()) {
        use skald_twenty::{AdviceBudget, Estimate, conflict_advice};
        let table = lean::random_conflict(seed);
        let state = table.state();
        let budget = if tiny {
            AdviceBudget { exact_work: 50, plays: 100, sim_work: 300 }
        } else {
            AdviceBudget { exact_work: 5_000, plays: 400, sim_work: u64::MAX }
        };
        if let Some(c) = state.active_conflict() {
            for p in c.participants.iter().filter(|p| p.can_act() && p.acted_in < c.exchange) {
                let advice = conflict_advice(state, &p.who, budget);
                prop_assert!(advice.is_ok(), "{}: {:?}", p.who, advice);
                let advice = advice.unwrap();
                prop_assert!(advice.choices.len() >= 2);
                for c in &advice.choices {
                    let p = match &c.win {
                        Estimate::Exact(f) => f.to_f64(),
                        Estimate::Simulated { wins, plays } => {
                            prop_assert!(wins <= plays && *plays > 0);
                            *wins as f64 / *plays as f64
                        }
                    };
                    prop_assert!((0.0..=1.0).contains(&p));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A fair fight (issue 32): the party's chance against one opponent from the first exchange, and
// the opponents proposed for a target.

/// A party as the tests write it: (name, each trait's boxes).
type Party<'a> = &'a [(&'a str, &'a [u32])];

/// A party of `members` (name, trait boxes) declared first with one goal (allies, T13) against
/// `Foe` (trait boxes) declared last, as the rules engine starts it.
fn party_against(
    members: &[(&str, &[u32])],
    foe: &[u32],
) -> skald_core::Table<skald_twenty::Twenty> {
    let trait_list = |boxes: &[u32]| -> Vec<(String, u32, u32)> {
        boxes
            .iter()
            .enumerate()
            .map(|(i, b)| (format!("Knack {i}"), *b, 0))
            .collect()
    };
    let mut sheets = Vec::new();
    let mut goals = Vec::new();
    for (name, boxes) in members {
        let traits = trait_list(boxes);
        let traits: Vec<(&str, u32, u32)> = traits
            .iter()
            .map(|(n, b, c)| (n.as_str(), *b, *c))
            .collect();
        sheets.push(advice::npc(name, &traits, &[]));
        goals.push((*name, "together"));
    }
    let traits = trait_list(foe);
    let traits: Vec<(&str, u32, u32)> = traits
        .iter()
        .map(|(n, b, c)| (n.as_str(), *b, *c))
        .collect();
    sheets.push(advice::npc("Foe", &traits, &[]));
    goals.push(("Foe", "alone"));
    advice::conflict(sheets, &goals)
}

/// The party's chance, exact under best play, is the best choice of its first member at the
/// conflict's start, counted by brute force over the rules engine.
#[test]
fn the_party_s_exact_chance_is_its_best_play_from_the_first_exchange() {
    use skald_twenty::advice::balance::{party, party_chance};
    use skald_twenty::{AdviceBudget, AdviceModel, Estimate};
    let exact = AdviceBudget {
        exact_work: 10_000_000,
        ..AdviceBudget::TABLE
    };
    let cases: [(Party, &[u32]); 4] = [
        (&[("A", &[1])], &[1]),
        (&[("A", &[2])], &[1]),
        (&[("A", &[1]), ("B", &[1])], &[1]),
        (&[("A", &[1])], &[1, 1]),
    ];
    for (members, foe) in cases {
        let table = party_against(members, foe);
        let names: Vec<String> = members.iter().map(|(n, _)| n.to_string()).collect();
        let state = table.state();
        let party = party(state, Some(&names)).unwrap();
        let ours = party_chance(&party, foe, exact).unwrap();
        assert_eq!(
            ours.model,
            AdviceModel::BestPlay,
            "{members:?} against {foe:?}"
        );
        let best = advice::brute(state, members[0].0)
            .into_iter()
            .map(|(_, p)| p)
            .max_by(|a, b| a.to_f64().total_cmp(&b.to_f64()))
            .unwrap();
        assert_eq!(
            ours.win,
            Estimate::Exact(best),
            "{members:?} against {foe:?}"
        );
    }
    // By hand: one die each, the party first. Bringing in beats standing (the foe would bring in
    // and win unless the party then beat it); then the foe brings in its die: 190 of 400 higher,
    // 20 ties rolled off evenly: 1/2.
    let table = party_against(&[("A", &[1])], &[1]);
    let party = party(table.state(), Some(&["A".to_string()])).unwrap();
    let ours = party_chance(&party, &[1], AdviceBudget::TABLE).unwrap();
    assert_eq!(ours.win.chance("").p, "1/2");
}

/// Past the exact budget, the party's chance is simulated under the simple policy, and agrees with
/// the tests' own Monte Carlo of that policy (its first member brings in its largest trait).
#[test]
fn the_party_s_simulated_chance_agrees_with_an_independent_monte_carlo() {
    use skald_twenty::advice::balance::{party, party_chance};
    use skald_twenty::{AdviceBudget, AdviceChoice, Estimate};
    let budget = AdviceBudget {
        exact_work: 0,
        plays: 4_000,
        sim_work: u64::MAX,
    };
    let mut rng = lean::Mix(32);
    let cases: [(Party, &[u32]); 3] = [
        (&[("A", &[3, 2, 1])], &[2, 2]),
        (&[("A", &[4, 1]), ("B", &[2, 2])], &[5, 4, 3]),
        (&[("A", &[2]), ("B", &[3]), ("C", &[1, 1])], &[6, 6, 6]),
    ];
    for (members, foe) in cases {
        let table = party_against(members, foe);
        let names: Vec<String> = members.iter().map(|(n, _)| n.to_string()).collect();
        let state = table.state();
        let party = party(state, Some(&names)).unwrap();
        let Estimate::Simulated { wins, plays } = party_chance(&party, foe, budget).unwrap().win
        else {
            panic!("exact");
        };
        let largest = members[0].1.iter().max().unwrap();
        let first = members[0].1.iter().position(|b| b == largest).unwrap();
        let choice = AdviceChoice::BringIn {
            trait_name: format!("Knack {first}"),
            dice: *largest,
        };
        let theirs = lean::wins(state, members[0].0, &choice, 2_000, &mut rng);
        let ours = skald_core::Chance::estimate("", wins, plays);
        let mine = skald_core::Chance::estimate("", theirs, 2_000);
        let gap = (ours.decimal - mine.decimal).abs();
        assert!(
            gap <= ours.margin.unwrap() + mine.margin.unwrap(),
            "{members:?} against {foe:?}: {wins}/{plays} against {theirs}/2000"
        );
    }
}

/// Each proposal comes near its target, easier ones weaker, each a shape a GM can write: at most
/// eight traits, at most one box apart.
#[test]
fn opponents_are_proposed_near_each_target() {
    use skald_twenty::AdviceBudget;
    use skald_twenty::advice::balance::{BalanceBudget, balance, party, shape_words};
    let budget = BalanceBudget {
        chance: AdviceBudget {
            exact_work: 0,
            plays: 3_000,
            sim_work: u64::MAX,
        },
        scan_plays: 100,
    };
    let solo: Party = &[("A", &[5, 4, 3, 2, 1, 2, 2])];
    let trio: Party = &[("A", &[3, 2]), ("B", &[4, 1, 1]), ("C", &[2, 2, 2])];
    for members in [solo, trio] {
        let table = party_against(members, &[1]);
        let names: Vec<String> = members.iter().map(|(n, _)| n.to_string()).collect();
        let party = party(table.state(), Some(&names)).unwrap();
        let proposals = balance(&party, budget).unwrap();
        assert_eq!(
            proposals.iter().map(|p| p.target).collect::<Vec<_>>(),
            skald_core::Fight::ALL
        );
        for p in &proposals {
            let c = p.chance.win.chance("");
            let off = (c.decimal - f64::from(p.target.percent()) / 100.0).abs();
            assert!(
                off <= 0.10 && !p.out_of_reach,
                "{members:?}, {}: {} at {:.3}",
                p.target.name(),
                p.shape(),
                c.decimal
            );
            assert!((1..=8).contains(&p.traits.len()));
            assert!(
                p.traits
                    .windows(2)
                    .all(|w| w[0] >= w[1] && w[0] - w[1] <= 1)
            );
        }
        let chance = |i: usize| proposals[i].chance.win.chance("").decimal;
        assert!(chance(0) > chance(1) && chance(1) > chance(2));
    }
    assert_eq!(shape_words(&[5, 5, 5, 5]), "4 traits of 5 boxes");
    assert_eq!(shape_words(&[1]), "1 trait of 1 box");
    assert_eq!(
        shape_words(&[4, 4, 3, 3, 3]),
        "5 traits: 2 of 4 boxes and 3 of 3"
    );
    assert_eq!(shape_words(&[2, 1]), "2 traits: 1 of 2 boxes and 1 of 1");
}

/// A party nobody can make: an empty party, and an opponent's trait out of range, are refused in
/// words.
#[test]
fn a_fair_fight_refuses_an_empty_party_and_a_trait_out_of_range() {
    use skald_twenty::AdviceBudget;
    use skald_twenty::advice::balance::{party, party_chance};
    let table = party_against(&[("A", &[1])], &[1]);
    let none = party(table.state(), None).unwrap();
    assert!(none.is_empty(), "every sheet here is an NPC's");
    let err = party_chance(&none, &[1], AdviceBudget::TABLE).unwrap_err();
    assert_eq!(
        err.to_string(),
        "No character of the party can fight: add a player's character, or heal one who is disabled"
    );
    let a = party(table.state(), Some(&["A".to_string()])).unwrap();
    let err = party_chance(&a, &[21], AdviceBudget::TABLE).unwrap_err();
    assert_eq!(
        err.to_string(),
        "A trait of the opponent has 21 boxes: give it 1 to 20"
    );
    let err = party(table.state(), Some(&["Nobody".to_string()])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no character named \"Nobody\" is at the table"
    );
}
