//! The exact-odds workload of `docs/benchmarks.md`, timed in-process: for each row, the median of
//! repeated runs of `distribution_str` (parse included), one JSON line per row with the answer that the
//! icepool side is checked against. Run with `cargo bench -p skald-dice --bench odds`.
#![allow(missing_docs, clippy::unwrap_used)]

use skald_dice::odds::distribution_str;
use std::time::{Duration, Instant};

const ROWS: [&str; 10] = [
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
];

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
        while times.len() < 5 || (started.elapsed() < Duration::from_secs(2) && times.len() < 1000)
        {
            let t = Instant::now();
            let d = std::hint::black_box(distribution_str(row).unwrap());
            times.push(t.elapsed().as_secs_f64());
            last = Some(d);
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
