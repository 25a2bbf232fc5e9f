#![allow(clippy::unwrap_used)]
//! Exact odds of actions and opposed actions (ruling C3): known fractions, and agreement with
//! enumerating every roll for small pools and with `skald_dice::odds::pools::compare` for large ones.

use proptest::prelude::*;
use skald_chi::TieRule::{self, Fail, Reroll};
use skald_chi::odds;
use skald_dice::notation::CompareOp;
use skald_dice::odds::pools;

/// The odds of `dice` d6 + `modifier` against `difficulty` d6 under `tie`: P(success) and P(tie).
fn check(dice: u32, difficulty: u32, modifier: i32, tie: TieRule, success: &str, p_tie: &str) {
    let odds = odds::action(dice, difficulty, modifier, tie).unwrap();
    assert_eq!(
        (odds.p_success.to_string(), odds.p_tie.to_string()),
        (success.to_owned(), p_tie.to_owned()),
        "{dice}d6 {modifier:+} vs {difficulty}d6, tie {tie}"
    );
}

#[test]
fn known_fractions() {
    // 1d6 against 1d6: 15 of 36 greater, 6 ties; rerolled ties leave 15 of 30.
    check(1, 1, 0, Fail, "5/12", "1/6");
    check(1, 1, 0, Reroll, "1/2", "1/6");
    check(1, 1, 1, Fail, "7/12", "5/36");
    check(1, 1, 5, Fail, "35/36", "1/36");
    check(1, 1, -5, Fail, "0", "1/36");
    check(1, 1, 6, Fail, "1", "0");
    // Worked out by enumeration in Python (fractions module).
    check(
        8,
        6,
        0,
        Fail,
        "22043155505/26121388032",
        "904301927/26121388032",
    );
    check(
        8,
        6,
        0,
        Reroll,
        "4408631101/5043417221",
        "904301927/26121388032",
    );
    check(3, 2, 0, Fail, "1009/1296", "5/72");
    check(2, 2, 0, Fail, "575/1296", "73/648");
    check(
        7,
        7,
        3,
        Reroll,
        "16998815827/24670501049",
        "1450886983/26121388032",
    );
    check(4, 6, 5, Fail, "9794395/30233088", "1030315/15116544");
    check(
        10,
        10,
        -2,
        Reroll,
        "227032368867885/578815377858211",
        "30544362152285/609359740010496",
    );
    // Equal pools with no modifier: rerolled ties make it a coin flip.
    check(7, 7, 0, Reroll, "1/2", "201531941/3265173504");
}

#[test]
fn opposed_ties_go_to_the_defender_and_a_bare_defence_is_its_modifier() {
    let o = odds::opposed(1, 1, 0).unwrap();
    assert_eq!(
        (o.p_success.to_string(), o.p_failure.to_string()),
        ("5/12".into(), "7/12".into())
    );
    // Against 0 dice the actor needs more than 0: certain with any die.
    assert_eq!(odds::opposed(1, 0, 0).unwrap().p_success.to_string(), "1");
    // 2d6 - 7 > 0 needs 8 or more: 15 of 36.
    assert_eq!(
        odds::opposed(2, 0, -7).unwrap().p_success.to_string(),
        "5/12"
    );
}

#[test]
fn every_input_is_bounded_and_named() {
    let err = |r: Result<odds::ActionOdds, skald_chi::Error>| r.unwrap_err().to_string();
    assert_eq!(
        err(odds::action(0, 1, 0, Fail)),
        "The number of dice is 0, but it must be 1 to 100 (d6 put into the action)"
    );
    assert_eq!(
        err(odds::action(1, 101, 0, Fail)),
        "The Difficulty is 101, but it must be 1 to 100 (the GM's Difficulty, in d6)"
    );
    assert_eq!(
        err(odds::action(1, 1, 101, Fail)),
        "The modifier is 101, but it must be -100 to 100 (added to the sum; beyond +/-5 is flagged, \
         ruling C3)"
    );
    assert_eq!(
        err(odds::opposed(1, 101, 0)),
        "The number of dice the defender keeps back is 101, but it must be 0 to 100 (d6 the defender keeps back for the reaction)"
    );
    // The largest question is still exact.
    let big = odds::action(100, 100, -100, Reroll).unwrap();
    assert!(big.p_success.denominator > 1u8.into());
}

/// Every roll of `n` d6, as sums with counts.
fn enumerate(n: u32) -> Vec<u64> {
    let mut counts = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; counts.len() + 6];
        for (s, c) in counts.iter().enumerate() {
            for face in 1..=6 {
                next[s + face] += c;
            }
        }
        counts = next;
    }
    counts
}

proptest! {
    #[test]
    fn small_pools_agree_with_enumerating_every_roll(
        dice in 1..=4u32, difficulty in 1..=4u32, modifier in -8..=8i32,
    ) {
        let (a, b) = (enumerate(dice), enumerate(difficulty));
        let (mut gt, mut eq, mut all) = (0u64, 0u64, 0u64);
        for (s, cs) in a.iter().enumerate() {
            for (g, cg) in b.iter().enumerate() {
                let total = s as i64 + i64::from(modifier);
                all += cs * cg;
                if total > g as i64 { gt += cs * cg; }
                if total == g as i64 { eq += cs * cg; }
            }
        }
        let fail = odds::action(dice, difficulty, modifier, Fail).unwrap();
        let reroll = odds::action(dice, difficulty, modifier, Reroll).unwrap();
        let ratio = |n: u64, d: u64| {
            let g = (1..=n.min(d)).rev().find(|g| n.is_multiple_of(*g) && d.is_multiple_of(*g)).unwrap_or(1);
            if n == 0 { "0".to_owned() } else if d / g == 1 { format!("{}", n / g) } else { format!("{}/{}", n / g, d / g) }
        };
        prop_assert_eq!(fail.p_success.to_string(), ratio(gt, all));
        prop_assert_eq!(fail.p_tie.to_string(), ratio(eq, all));
        prop_assert_eq!(reroll.p_success.to_string(), ratio(gt, all - eq));
    }

    #[test]
    fn large_pools_agree_with_the_dice_crates_comparison(
        dice in 1..=60u32, difficulty in 1..=60u32, modifier in -10..=10i32,
    ) {
        let player = pools::sum(u64::from(dice), 6).unwrap();
        let shifted = skald_dice::odds::Distribution {
            outcomes: player.outcomes.iter().map(|(o, w)| (o + i64::from(modifier), w.clone())).collect(),
            ..player
        };
        let gm = pools::sum(u64::from(difficulty), 6).unwrap();
        let expected = pools::compare(&shifted, CompareOp::Gt, &gm);
        prop_assert_eq!(odds::action(dice, difficulty, modifier, Fail).unwrap().p_success, expected);
    }
}
