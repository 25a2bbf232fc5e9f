//! The exact-odds workload of `docs/benchmarks.md`, timed in-process: for each row, the median of
//! repeated runs of `distribution_str` (parse included), one JSON line per row with the answer that the
//! icepool side is checked against. Run with `cargo bench -p skald-dice --bench odds [-- FILTER...]`
//! (a row runs when its text contains one of the filters).
//!
//! A row the engine refuses prints `{"row": ..., "error": "<message>"}` (no time, no answer) and the
//! bench goes on to the next one.
#![allow(missing_docs, clippy::unwrap_used)]

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
            "{{\"row\": \"{row}\", \"seconds_median\": {:.9}, \"runs\": {}, \"answer\": \"{answer}\"}}",
            times[times.len() / 2],
            times.len()
        );
    }
}
