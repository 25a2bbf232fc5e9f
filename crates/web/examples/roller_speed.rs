//! Times the free roller's odds ([`skald_web::roller::odds`]) for notations at its bounds, the
//! worst ones it allows (docs/benchmarks.md, "The free roller"). Run in release:
//! `cargo run --release -p skald-web --example roller_speed`.

use std::time::Instant;

fn main() {
    let notations = std::env::args().skip(1).collect::<Vec<_>>();
    let defaults = [
        "2d6",
        "1d20+3",
        "10d6",
        "100d6",
        "150d6",
        "180d6",
        "100d10",
        "1d1000",
        "10d100",
        "(1d4)d(1d100)",
        "(1d10)d(1d100)",
        "(1d100)d10",
        "10d100kh3",
        "50d20kh25",
        "99d20kh50",
        "1d6!!",
        "3d6r1!",
        "10d10!",
        "20d20!",
        "100d6 > 100d6",
        "1d1000 - 1d1000 + 1d1000",
        "4d100kh1 * 3",
        "(2d6)d(2d6)",
        "30d30",
        "1000d1",
        "1d6*1d6*1d6",
        "999d2",
    ];
    let notations: Vec<&str> = if notations.is_empty() {
        defaults.to_vec()
    } else {
        notations.iter().map(String::as_str).collect()
    };
    for notation in notations {
        let runs = 5;
        let mut best = f64::INFINITY;
        let mut worst: f64 = 0.0;
        let mut answer = String::new();
        for _ in 0..runs {
            let start = Instant::now();
            let odds = skald_web::roller::odds(notation);
            let took = start.elapsed().as_secs_f64() * 1000.0;
            best = best.min(took);
            worst = worst.max(took);
            answer = match odds {
                Ok(o) => format!(
                    "{} totals",
                    o.odds.distribution.len().max(o.odds.chances.len())
                ),
                Err(e) => format!("{e:?}").chars().take(90).collect(),
            };
        }
        println!("{notation:28} {best:8.2} ms (slowest of {runs}: {worst:8.2} ms)  {answer}");
    }
}
