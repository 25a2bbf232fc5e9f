//! The report of a load run: offered and acknowledged rates, latency percentiles (exact, from
//! every sample sorted), errors by kind, seq checks and setup times, as text or one JSON object.

use crate::Args;
use crate::client::{Outcome, Timing};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// Everything a load run prints.
#[derive(Debug)]
pub struct Report {
    json: Value,
}

/// The `p`-th percentile (0-100) of sorted `samples` by nearest rank; 0 when there are none.
pub fn percentile(samples: &[u64], p: f64) -> u64 {
    if samples.is_empty() {
        return 0;
    }
    let rank = (p / 100.0 * samples.len() as f64).ceil() as usize;
    samples[rank.clamp(1, samples.len()) - 1]
}

fn ms(us: u64) -> f64 {
    us as f64 / 1000.0
}

impl Report {
    /// The report of `outcome`, run with `args`, set up in `timing`.
    pub fn new(args: &Args, timing: &Timing, outcome: &Outcome) -> Self {
        let seconds = args.seconds;
        let lat = &outcome.latencies_us;
        let mean = if lat.is_empty() {
            0.0
        } else {
            lat.iter().sum::<u64>() as f64 / lat.len() as f64
        };
        let errors: u64 = outcome.errors.values().sum();
        let full_seconds = &outcome.acked_per_second
            [..outcome.acked_per_second.len().min(seconds.floor() as usize)];
        let json = json!({
            "mode": "load",
            "server": args.server.join(","),
            "tables": args.tables,
            "clients": outcome.clients,
            "seconds": seconds,
            "rate_per_client": args.rate,
            "offered_per_s": outcome.clients as f64 * args.rate,
            "sent": outcome.sent,
            "sent_per_s": outcome.sent as f64 / seconds,
            "acked": outcome.acked,
            "acked_in_window": outcome.acked_in_window,
            "acked_per_s": outcome.acked_in_window as f64 / seconds,
            "acked_per_s_slowest_second": full_seconds.iter().min().copied().unwrap_or(0),
            "acked_per_s_fastest_second": full_seconds.iter().max().copied().unwrap_or(0),
            "latency_ms": {
                "p50": ms(percentile(lat, 50.0)),
                "p90": ms(percentile(lat, 90.0)),
                "p99": ms(percentile(lat, 99.0)),
                "p999": ms(percentile(lat, 99.9)),
                "max": ms(lat.last().copied().unwrap_or(0)),
                "mean": mean / 1000.0,
            },
            "errors": errors,
            "errors_by_kind": outcome.errors,
            "records_received": outcome.records,
            "seq_gaps": outcome.seq_gaps,
            "seq_duplicates": outcome.seq_duplicates,
            "max_send_lag_ms": outcome.max_send_lag.as_secs_f64() * 1000.0,
            "setup_s": {
                "http": timing.http.as_secs_f64(),
                "websockets": timing.websockets.as_secs_f64(),
            },
        });
        Self { json }
    }

    /// The report as one JSON object.
    pub fn json(&self) -> &Value {
        &self.json
    }

    /// The report as text, one fact a line.
    pub fn text(&self) -> String {
        let j = &self.json;
        let f = |v: &Value| v.as_f64().unwrap_or(0.0);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "clients {} over {} {}, {} s at {} actions/s each",
            j["clients"],
            j["tables"],
            if j["tables"] == 1 { "table" } else { "tables" },
            j["seconds"],
            j["rate_per_client"]
        );
        let _ = writeln!(
            out,
            "setup: tables and seats over HTTP {:.2} s, WebSockets and hellos {:.2} s",
            f(&j["setup_s"]["http"]),
            f(&j["setup_s"]["websockets"])
        );
        let _ = writeln!(
            out,
            "offered {:.0} actions/s, sent {:.0}/s (max send lag {:.1} ms)",
            f(&j["offered_per_s"]),
            f(&j["sent_per_s"]),
            f(&j["max_send_lag_ms"])
        );
        let _ = writeln!(
            out,
            "acknowledged {:.0} actions/s (slowest second {}, fastest {}); {} acknowledged in all",
            f(&j["acked_per_s"]),
            j["acked_per_s_slowest_second"],
            j["acked_per_s_fastest_second"],
            j["acked"]
        );
        let l = &j["latency_ms"];
        let _ = writeln!(
            out,
            "ack latency ms: p50 {:.2}, p90 {:.2}, p99 {:.2}, p99.9 {:.2}, max {:.2}, mean {:.2}",
            f(&l["p50"]),
            f(&l["p90"]),
            f(&l["p99"]),
            f(&l["p999"]),
            f(&l["max"]),
            f(&l["mean"])
        );
        let _ = writeln!(
            out,
            "errors: {} {}",
            j["errors"],
            if j["errors"].as_u64() == Some(0) {
                String::new()
            } else {
                j["errors_by_kind"].to_string()
            }
        );
        let _ = writeln!(
            out,
            "records received {}, seq gaps {}, seq duplicates {}",
            j["records_received"], j["seq_gaps"], j["seq_duplicates"]
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::percentile;

    #[test]
    fn nearest_rank_percentiles() {
        let samples: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&samples, 50.0), 50);
        assert_eq!(percentile(&samples, 99.0), 99);
        assert_eq!(percentile(&samples, 100.0), 100);
        assert_eq!(percentile(&samples, 0.0), 1);
        assert_eq!(percentile(&[], 50.0), 0);
        assert_eq!(percentile(&[7], 99.9), 7);
    }
}
