//! Exact odds against known answers and against brute-force enumeration through the roller.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use skald_dice::odds::distribution_str;
use skald_dice::{Scripted, notation};
use std::collections::BTreeMap;

/// `expr`'s distribution as `outcome -> "p/q"` and its mean.
fn check(expr: &str, mean: &str, some: &[(i64, &str)]) {
    let d = distribution_str(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    assert_eq!(d.mean().to_string(), mean, "{expr}: mean");
    for (x, p) in some {
        assert_eq!(d.p_eq(*x).to_string(), *p, "{expr}: P(={x})");
    }
}

/// `expr` refused by the work its odds would take, pointing to `--estimate`.
fn refused_by_work(expr: &str) {
    let err = distribution_str(expr).unwrap_err().to_string();
    assert!(
        err.contains("units of work") && err.contains("--estimate"),
        "{expr}: {err}"
    );
}

#[test]
fn known_answers() {
    check("1d6", "7/2", &[(1, "1/6"), (6, "1/6"), (7, "0")]);
    check("2d6", "7", &[(7, "1/6"), (2, "1/36"), (12, "1/36")]);
    check("3d6", "21/2", &[(3, "1/216"), (10, "1/8"), (11, "1/8")]);
    check("4d6kh3", "15869/1296", &[(18, "7/432"), (3, "1/1296")]);
    check("4d6kl3", "11347/1296", &[]);
    check("4d6dl1", "15869/1296", &[]);
    check("4d6dh1", "11347/1296", &[]);
    check("2d20kh1", "553/40", &[(20, "39/400")]);
    check("d%", "101/2", &[(100, "1/100")]);
    check("4dF", "0", &[(4, "1/81"), (0, "19/81")]);
    check("0d6", "0", &[(0, "1")]);
    check("2d6 - 3", "4", &[]);
    check("-3d6", "-21/2", &[(-3, "1/216")]);
    check("6d10>=7", "12/5", &[(6, "64/15625")]);
    check("1d6 > 1d6", "5/12", &[(1, "5/12")]);
    check(
        "8d6 > 6d6",
        "22043155505/26121388032",
        &[(0, "4078232527/26121388032")],
    );
    check("2d4ro3", "19/4", &[]);
    check("(2+3)d6", "35/2", &[]);
    check("1d(4+2)", "7/2", &[]);
    check("1d6 * 2", "7", &[(2, "1/6"), (3, "0")]);
    check("1d6 / 2", "3/2", &[(0, "1/6"), (3, "1/6")]);
    check("(1d2)d6", "21/4", &[(1, "1/12"), (12, "1/72")]);
}

#[test]
fn rerolls_and_explosions_are_exact_for_the_capped_process() {
    let d = distribution_str("1d6r1").unwrap();
    assert!(d.capped);
    // Face 1 stays only after 100 rerolls that all showed 1: (1/6)^101.
    let p1 = d.p_eq(1);
    assert_eq!(p1.numerator.to_string(), "1");
    assert_eq!(p1.denominator, num_bigint::BigUint::from(6u8).pow(101));
    let d = distribution_str("1d6!").unwrap();
    assert!(d.capped);
    assert_eq!(d.p_eq(7).to_string(), "1/36");
    assert_eq!(d.p_eq(6).to_string(), "0");
    let d = distribution_str("1d6!!").unwrap();
    assert_eq!(d.p_eq(13).to_string(), "1/216");
    assert!(!distribution_str("2d4ro3").unwrap().capped);
}

#[test]
fn bounds_refuse_fast_and_name_the_measure() {
    let err = distribution_str("10000d1000000").unwrap_err().to_string();
    assert!(
        err.contains("outcomes in one distribution") && err.contains("--estimate"),
        "{err}"
    );
    let err = distribution_str("1d6 / (1d2 - 1)").unwrap_err().to_string();
    assert_eq!(err, "division by zero: `1d2 - 1` can be 0");
    let err = distribution_str("1da").unwrap_err().to_string();
    assert_eq!(err, notation::parse("1da").unwrap_err().to_string());
    // Keep/drop over `!` dice is computed (tests/explode_keep.rs), and refused by its work estimate
    // when too large, before the work.
    refused_by_work("10000d6!kh3");
}

/// Found by the fuzzer (fuzz/regressions/odds/, 2026-12-07, `3*d5d5!`): a product whose right-hand
/// side can be 0 panicked (an outcome below the range found for it). The range of a product was
/// taken from its operands' extremes with the right-hand 0 left out, as for a quotient, where a 0
/// divisor is refused before; 0 times anything is 0, below a range of positive products.
#[test]
fn a_product_with_a_factor_that_can_be_0_has_its_odds() {
    check("3 * (1d2 - 1)", "3/2", &[(0, "1/2"), (3, "1/2")]);
    check("(1d2 - 1) * 3", "3/2", &[(0, "1/2"), (3, "1/2")]);
    check(
        "-2 * (1d3 - 2)",
        "0",
        &[(2, "1/3"), (0, "1/3"), (-2, "1/3")],
    );
    check(
        "(1d2 + 1) * (1d2 - 1)",
        "5/4",
        &[(0, "1/2"), (2, "1/4"), (3, "1/4")],
    );
    assert!(distribution_str("3*d5d5!").is_ok());
}

/// Found by the fuzzer (fuzz/regressions/odds/, 2026-12-07, `11d5!/011d5!/2`): the quotient of two
/// exploding pools ran for minutes. A product or quotient takes every pair of outcomes (30 million
/// here) and multiplies their weights (2,600 bits each after the explosions); its work estimate
/// counted the pairs only. Counting the weights' size too, as a sum's does, it is refused before
/// the work, by its units of work.
#[test]
fn a_quotient_of_exploding_pools_is_refused_by_its_work_before_it() {
    refused_by_work("11d5!/11d5!");
    refused_by_work("11d5!/011d5!/2");
    // Their product was refused already, by its span.
    let err = distribution_str("11d5! * 11d5!").unwrap_err().to_string();
    assert!(err.contains("outcomes in one distribution"), "{err}");
    // Smaller ones still have their odds.
    assert!(distribution_str("3d6! / 1d4").is_ok());
    assert!(distribution_str("10d10 * 10d10").is_ok());
}

/// Found by the fuzzer (fuzz/regressions/odds/, 2026-12-06): a rerolled die that explodes on more
/// than one face, summed over two dice (`2d6r6!4`), ran for minutes. The sum's recurrence multiplies
/// each coefficient by the die's weights, padded to hundreds of bits by the reroll and the
/// explosions; its work estimate counted the coefficients' size only. Counting the weights' too,
/// it is refused before the work, by its units of work.
#[test]
fn a_rerolled_exploding_pool_is_refused_by_its_work_before_it() {
    refused_by_work("2d6r6!4");
    refused_by_work("2d6r44r6!4d0");
    // One such die alone is still exact: its chain is not summed.
    assert!(distribution_str("1d6r6!4").is_ok());
}

/// Found by the fuzzer (docs/reliability.md): an exploding die of many faces built distributions of
/// gigabytes, one explosion at a time, before its span or its work was found too large. A chain's
/// whole span (101 throws' worth) is checked before its first convolution, so these are refused by
/// their span, which no work precedes.
#[test]
fn an_exploding_die_too_wide_for_its_chain_is_refused_by_its_span() {
    for (expr, span) in [
        ("1d633728r1!", 64_006_528),
        ("1d63372r1!", 6_400_572),
        ("1d10000!", 1_010_000),
    ] {
        let err = distribution_str(expr).unwrap_err().to_string();
        assert!(
            err.contains(&format!("would need {span} outcomes in one distribution")),
            "{expr}: {err}"
        );
    }
    // 9,901 faces: the capped chain spans 100 * 9,901 + 9,901 = 1,000,001 outcomes, one too many;
    // 9,900 faces fit, and a chain that fits is still exact.
    assert!(distribution_str("1d9901!").is_err());
    let d = distribution_str("1d9!").unwrap();
    assert_eq!(
        d.p_eq(9 * 101).to_string(),
        format!("1/{}", num_bigint::BigUint::from(9u32).pow(101))
    );
}

/// The distribution by rolling every sequence of faces through the roller (no rerolls or explosions).
fn brute_force(expr: &str, throws: usize, faces: &[i64]) -> BTreeMap<i64, u64> {
    let mut out = BTreeMap::new();
    let mut index = vec![0usize; throws];
    let parsed = notation::parse(expr).unwrap();
    loop {
        let script: Vec<i64> = index.iter().map(|&i| faces[i]).collect();
        let roll = notation::roll(&parsed, &mut Scripted::new(script)).unwrap();
        *out.entry(roll.total).or_insert(0) += 1;
        let mut k = 0;
        loop {
            if k == throws {
                return out;
            }
            index[k] += 1;
            if index[k] < faces.len() {
                break;
            }
            index[k] = 0;
            k += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn keep_and_success_match_enumeration(
        n in 1usize..=5, sides in 2i64..=5, keep in 0u64..=6, mode in 0usize..4, success in proptest::option::of(1i64..=5),
    ) {
        let modifier = ["kh", "kl", "dh", "dl"][mode];
        let success = success.map(|s| format!(">={s}")).unwrap_or_default();
        let expr = format!("{n}d{sides}{modifier}{keep}{success}");
        let faces: Vec<i64> = (1..=sides).collect();
        let expected = brute_force(&expr, n, &faces);
        let total: u64 = expected.values().sum();
        let d = distribution_str(&expr).unwrap();
        for (outcome, count) in &expected {
            let p = d.p_eq(*outcome);
            let want = skald_dice::odds::Fraction::new((*count).into(), total.into());
            prop_assert_eq!(p, want, "{} at {}", expr, outcome);
        }
        let listed: u64 = d.outcomes.len() as u64;
        prop_assert_eq!(listed, expected.len() as u64, "{}", expr);
    }
}
