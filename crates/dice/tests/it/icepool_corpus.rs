//! Exact odds against an independent implementation: every case of `tests/data/icepool-corpus-*.json`
//! (written by `scripts/icepool-corpus` with icepool 2.1.3) must give the same outcomes with the same
//! exact fractions.
#![allow(clippy::unwrap_used)]

use num_bigint::{BigInt, BigUint};
use skald_dice::odds::{Fraction, distribution_str};
use std::collections::{BTreeMap, BTreeSet};

/// Fewest cases the corpus must hold.
const MIN_CASES: usize = 200;

/// `"p/q"` or `"p"` as a reduced fraction.
fn parse_fraction(text: &str) -> Fraction {
    let (p, q) = text.split_once('/').unwrap_or((text, "1"));
    Fraction::new(p.parse::<BigInt>().unwrap(), q.parse::<BigUint>().unwrap())
}

#[test]
fn skald_agrees_with_icepool_on_every_case() {
    // The corpus is written in parts (each under 2 MiB), read here in order.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut parts: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("icepool-corpus-") && name.ends_with(".json")
        })
        .collect();
    parts.sort();
    assert!(!parts.is_empty(), "no icepool-corpus-*.json in {dir}");
    let mut all = Vec::new();
    for path in &parts {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let corpus: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            corpus["icepool"], "2.1.3",
            "the corpus comes from icepool 2.1.3"
        );
        all.extend(corpus["cases"].as_array().unwrap().iter().cloned());
    }
    let cases = &all;
    assert!(
        cases.len() >= MIN_CASES,
        "the corpus has {} cases, fewer than {MIN_CASES}",
        cases.len()
    );

    let mut failures: Vec<String> = Vec::new();
    for case in cases {
        let expr = case["expr"].as_str().unwrap();
        let expected: BTreeMap<i64, Fraction> = case["distribution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let outcome = row[0].as_i64().unwrap();
                (outcome, parse_fraction(row[1].as_str().unwrap()))
            })
            .collect();
        let dist = match distribution_str(expr) {
            Ok(dist) => dist,
            Err(e) => {
                failures.push(format!("{expr}: Skald refused it: {e}"));
                continue;
            }
        };
        let actual: BTreeMap<i64, Fraction> = dist
            .outcomes
            .iter()
            .map(|(o, w)| {
                (
                    *o,
                    Fraction::new(BigInt::from(w.clone()), dist.total.clone()),
                )
            })
            .collect();
        let outcomes: BTreeSet<i64> = expected.keys().chain(actual.keys()).copied().collect();
        for outcome in outcomes {
            let (e, a) = (expected.get(&outcome), actual.get(&outcome));
            if e != a {
                let show = |f: Option<&Fraction>| f.map_or("absent".to_string(), |f| f.to_string());
                failures.push(format!(
                    "{expr}: outcome {outcome}: icepool {}, Skald {}",
                    show(e),
                    show(a)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches with icepool:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
