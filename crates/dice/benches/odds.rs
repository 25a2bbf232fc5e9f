//! The exact-odds workload of `docs/benchmarks.md`, timed in-process: for each row, the median of
//! repeated runs of `distribution_str` (parse included), one JSON line per row with the answer that the
//! icepool side is checked against. Run with `cargo bench -p skald-dice --bench odds [-- FILTER...]`
//! (a row runs when its text contains one of the filters).
//!
//! A row the engine refuses prints `{"row": ..., "error": "<message>"}` (no time, no answer) and the
//! bench goes on to the next one.
#![allow(missing_docs, clippy::unwrap_used)]
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

use skald_dice::odds::distribution_str;
use std::time::{Duration, Instant};

const ROWS: [&str; 31] = [
    // Issue 17's rows.
    "8d6 > 6d6",
    "50d6+5 > 50d6",
    "100d6",
    "500d6",
    "1000d6",
    "4d20kh1 > 3d20kh1",
    "4d6kh3",
    "20d20kh5",
    "10d10kh3",
    "100d10kh10",
    // Issue 18's: sums of exploding (`!`) and compounding (`!!`) dice.
    "10d6!",
    "5d8!",
    "3d12!",
    "20d6!",
    "4d10!!",
    "6d6!>=5",
    // Keep/drop over compounding dice.
    "4d6!!kh3",
    "5d10!!kh2",
    "6d6!!dl2",
    // Comparisons of exploding expressions.
    "1d6!! > 1d6!!",
    "2d8! >= 2d8!",
    "3d6! > 3d6!!",
    // Large keeps.
    "60d10kh30",
    "200d10kh100",
    "50d20kh10",
    "100d6kl50",
    // Success counting over exploding dice.
    "10d10>=8!>=8",
    "20d10>=7!",
    // Keep/drop over `!` dice (each explosion a new die in the pool).
    "4d6!kh3",
    "5d10!kh2",
    "3d8!dl1",
];

/// Repeats while fewer than this many runs were made, unless a row has already taken `SLOW`.
const MIN_RUNS: usize = 5;
/// Past this, a row stops at whatever runs it has made (at least one): a row of a minute is timed once.
const SLOW: Duration = Duration::from_secs(30);
/// A fast row repeats for this long, up to `MAX_RUNS`.
const FAST: Duration = Duration::from_secs(2);
const MAX_RUNS: usize = 1000;

fn main() {
    if std::env::args().any(|a| a == "--work") {
        work_against_time();
        return;
    }
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    for row in ROWS {
        if !filter.is_empty() && !filter.iter().any(|f| row.contains(f.as_str())) {
            continue;
        }
        let mut times = Vec::new();
        let started = Instant::now();
        let mut last = None;
        let mut refused = None;
        while times.is_empty()
            || (times.len() < MIN_RUNS && started.elapsed() < SLOW)
            || (started.elapsed() < FAST && times.len() < MAX_RUNS)
        {
            let t = Instant::now();
            match std::hint::black_box(distribution_str(row)) {
                Ok(d) => {
                    times.push(t.elapsed().as_secs_f64());
                    last = Some(d);
                }
                Err(e) => {
                    refused = Some(e.to_string());
                    break;
                }
            }
        }
        if let Some(message) = refused {
            println!(
                "{{\"row\": \"{row}\", \"error\": {}}}",
                serde_json::Value::String(message)
            );
            continue;
        }
        times.sort_by(f64::total_cmp);
        let d = last.unwrap();
        let answer = if d.comparison {
            d.p_true().to_string()
        } else {
            let lowest = d.outcomes.first().map(|(o, _)| *o).unwrap_or(0);
            format!("mean {}, P(={lowest}) {}", d.mean(), d.p_eq(lowest))
        };
        println!(
            "{{\"row\": \"{row}\", \"seconds_median\": {:.9}, \"runs\": {}, \"work\": {}, \"answer\": \"{answer}\"}}",
            times[times.len() / 2],
            times.len(),
            d.work
        );
    }
}

/// Questions past a bound, one of each bound and class (`--work` times their refusals).
const REFUSED: [&str; 10] = [
    "40d10!",
    "5000d6",
    "100d6!",
    "20d6!!kh10",
    "30d10!!kh3",
    "1000d10kh500",
    "50d6!!kh25",
    "99d6r1!",
    "10000d6!",
    "10000d1000000",
];

/// `--work`: the work estimate against the time taken, for every row and every case of the icepool
/// corpus that takes a millisecond or more (below that, fixed costs are most of the time, and no
/// bound is near). One
/// line per expression (units, median nanoseconds, units per nanosecond), then the spread: the
/// estimate is honest when units per nanosecond stay within a factor of 10 of each other's median.
fn work_against_time() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut parts: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("icepool-corpus-"))
        .collect();
    parts.sort();
    let mut exprs: Vec<String> = ROWS.iter().map(|r| (*r).to_owned()).collect();
    let cases: Vec<serde_json::Value> = parts
        .iter()
        .flat_map(|p| {
            let corpus: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            corpus["cases"].as_array().unwrap().clone()
        })
        .collect();
    for case in &cases {
        let expr = case["expr"].as_str().unwrap().to_owned();
        if !exprs.contains(&expr) {
            exprs.push(expr);
        }
    }
    let mut rates = Vec::new();
    for expr in &exprs {
        let mut times = Vec::new();
        let mut work = 0;
        let started = Instant::now();
        while times.len() < 3
            || (started.elapsed() < Duration::from_millis(300) && times.len() < 50)
        {
            let t = Instant::now();
            match distribution_str(expr) {
                Ok(d) => work = d.work,
                Err(_) => break,
            }
            times.push(t.elapsed().as_nanos() as f64);
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        let ns = times[times.len() / 2];
        if ns < 1_000_000.0 {
            continue;
        }
        let rate = work as f64 / ns;
        println!("{expr}\t{work} units\t{ns:.0} ns\t{rate:.3} units/ns");
        rates.push((rate, expr.clone()));
    }
    // What is refused is refused before the work: the time of each refusal, against 100 ms.
    for expr in REFUSED {
        let t = Instant::now();
        let refusal = distribution_str(expr).err().map(|e| e.to_string());
        let ms = t.elapsed().as_secs_f64() * 1e3;
        println!("refused in {ms:.3} ms: {expr}: {refusal:?}");
    }
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let median = rates[rates.len() / 2].0;
    let outside: Vec<&(f64, String)> = rates
        .iter()
        .filter(|(r, _)| *r < median / 10.0 || *r > median * 10.0)
        .collect();
    println!(
        "{} expressions of 1 ms or more: units/ns from {:.3} ({}) to {:.3} ({}), median {median:.3}; \
         outside a factor of 10 of the median: {outside:?}",
        rates.len(),
        rates[0].0,
        rates[0].1,
        rates[rates.len() - 1].0,
        rates[rates.len() - 1].1,
    );
}
