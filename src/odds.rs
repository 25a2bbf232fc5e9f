//! `skald odds EXPR`: exact odds as fractions and decimals, as text or JSON, with an optional SVG plot;
//! a Monte Carlo estimate on request when the exact answer is beyond the bounds.

use crate::cli::OddsArgs;
use anyhow::Context as _;
use serde_json::{Value, json};
use skald_dice::notation;
use skald_dice::odds::{self, Distribution, Estimate, OddsError};
use std::fmt::Write as _;
use std::process::ExitCode;

/// Runs `skald odds`: exit 0 with the odds, 2 with the reason they cannot be computed.
pub fn run(args: &OddsArgs) -> anyhow::Result<ExitCode> {
    let expr = match notation::parse(&args.expression) {
        Ok(expr) => expr,
        Err(err) => {
            eprintln!(
                "skald: invalid dice expression\n{}",
                err.render(&args.expression)
            );
            return Ok(ExitCode::from(2));
        }
    };
    match odds::distribution(&expr) {
        Ok(dist) => {
            if args.json {
                crate::output::print_json(&ExactJson {
                    expression: &args.expression,
                    dist: &dist,
                })?;
            } else {
                crate::output::print(&exact_text(&args.expression, &dist)?)?;
            }
            if let Some(path) = &args.plot {
                let bars: Vec<(i64, f64)> =
                    dist.rows().map(|(o, eq, _)| (o, eq.to_f64())).collect();
                crate::plot::write_svg(path, &args.expression, &bars, dist.mean().to_f64())?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(OddsError::TooLarge { .. }) if args.estimate => {
            let seed = match args.seed {
                Some(seed) => seed,
                None => u64::from_le_bytes(
                    crate::roll::os_entropy()?[..8]
                        .try_into()
                        .context("8 bytes")?,
                ),
            };
            let estimate = match odds::estimate(&expr, seed) {
                Ok(estimate) => estimate,
                Err(err) => {
                    eprintln!(
                        "skald: invalid dice expression\n{}",
                        err.render(&args.expression)
                    );
                    return Ok(ExitCode::from(2));
                }
            };
            if args.json {
                crate::output::print(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&estimate_json(
                        &args.expression,
                        &estimate,
                        seed
                    ))?
                ))?;
            } else {
                crate::output::print(&estimate_text(&args.expression, &estimate, seed))?;
            }
            if let Some(path) = &args.plot {
                let bars: Vec<(i64, f64)> = estimate
                    .counts
                    .keys()
                    .map(|o| (*o, estimate.p_eq(*o).0))
                    .collect();
                crate::plot::write_svg(path, &args.expression, &bars, estimate.mean)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(err) => {
            eprintln!("skald: {}: {err}", args.expression);
            Ok(ExitCode::from(2))
        }
    }
}

const CAP_NOTE: &str =
    "rerolls and explosions stop at 100 per die, as when rolling; the odds are exact for that";

/// Beyond this many outcomes the text table is streamed unaligned.
const ALIGNED_ROWS: usize = 2_000;

fn exact_text(expression: &str, dist: &Distribution) -> anyhow::Result<String> {
    let mut out = String::new();
    let mean = dist.mean();
    let _ = writeln!(out, "{expression}");
    if dist.comparison {
        let p = dist.p_true();
        let _ = writeln!(out, "P(true) = {p} ≈ {:.6}", p.to_f64());
    }
    let _ = writeln!(out, "mean = {mean} ≈ {:.6}", mean.to_f64());
    let _ = writeln!(
        out,
        "standard deviation ≈ {:.6} (variance {})",
        dist.standard_deviation(),
        dist.variance()
    );
    if dist.capped {
        let _ = writeln!(out, "note: {CAP_NOTE}");
    }
    if dist.outcomes.len() > ALIGNED_ROWS {
        // Too long to align: one row per line, streamed.
        let _ = writeln!(out, "outcome P(= x) P(>= x)");
        crate::output::print(&out)?;
        for (o, eq, ge) in dist.rows() {
            crate::output::print(&format!(
                "{o} {eq} {:.6} {ge} {:.6}\n",
                eq.to_f64(),
                ge.to_f64()
            ))?;
        }
        return Ok(String::new());
    }
    let rows: Vec<[String; 5]> = dist
        .rows()
        .map(|(o, eq, ge)| {
            [
                o.to_string(),
                eq.to_string(),
                format!("{:.6}", eq.to_f64()),
                ge.to_string(),
                format!("{:.6}", ge.to_f64()),
            ]
        })
        .collect();
    let header = ["outcome", "P(= x)", "", "P(>= x)", ""];
    let widths: Vec<usize> = (0..5)
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 5]| {
        format!(
            "{:>w0$}  {:>w1$} {:>w2$}  {:>w3$} {:>w4$}",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4]
        )
    };
    let _ = writeln!(out, "{}", line(header).trim_end());
    for r in &rows {
        let _ = writeln!(out, "{}", line([&r[0], &r[1], &r[2], &r[3], &r[4]]));
    }
    Ok(out)
}

/// The exact answer as JSON, its distribution serialized row by row.
struct ExactJson<'a> {
    expression: &'a str,
    dist: &'a Distribution,
}

impl serde::Serialize for ExactJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let dist = self.dist;
        let mean = dist.mean();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("expression", self.expression)?;
        map.serialize_entry("exact", &true)?;
        if dist.comparison {
            let p = dist.p_true();
            map.serialize_entry("p_true", &p.to_string())?;
            map.serialize_entry("p_true_decimal", &p.to_f64())?;
        }
        map.serialize_entry("mean", &mean.to_string())?;
        map.serialize_entry("mean_decimal", &mean.to_f64())?;
        map.serialize_entry("variance", &dist.variance().to_string())?;
        map.serialize_entry("standard_deviation", &dist.standard_deviation())?;
        map.serialize_entry("capped", &dist.capped)?;
        map.serialize_entry("denominator", &dist.total.to_string())?;
        map.serialize_entry("distribution", &Rows(dist))?;
        map.end()
    }
}

/// The rows of a distribution as a JSON array, computed while writing.
struct Rows<'a>(&'a Distribution);

impl serde::Serialize for Rows<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq as _;
        let mut seq = serializer.serialize_seq(Some(self.0.outcomes.len()))?;
        for (o, eq, ge) in self.0.rows() {
            seq.serialize_element(
                &json!({ "outcome": o, "p": eq.to_string(), "p_decimal": eq.to_f64(),
                "p_at_least": ge.to_string(), "p_at_least_decimal": ge.to_f64() }),
            )?;
        }
        seq.end()
    }
}

fn estimate_text(expression: &str, e: &Estimate, seed: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{expression}");
    let _ = writeln!(
        out,
        "estimate: beyond the exact bounds, so rolled {} times (seed {seed}); every figure is approximate",
        e.samples
    );
    let _ = writeln!(
        out,
        "mean ≈ {:.4} ± {:.4} (standard error)",
        e.mean, e.standard_error
    );
    let _ = writeln!(out, "standard deviation ≈ {:.4}", e.standard_deviation);
    if e.counts.len() <= 200 {
        let _ = writeln!(out, "outcome  P(= x) ± se  P(>= x) ± se");
        for o in e.counts.keys() {
            let (p, se) = e.p_eq(*o);
            let (g, gse) = e.p_at_least(*o);
            let _ = writeln!(out, "{o:>7}  {p:.4} ± {se:.4}  {g:.4} ± {gse:.4}");
        }
    } else {
        let _ = writeln!(
            out,
            "({} distinct outcomes seen; --json lists them)",
            e.counts.len()
        );
    }
    out
}

fn estimate_json(expression: &str, e: &Estimate, seed: u64) -> Value {
    let distribution: Vec<Value> = e
        .counts
        .keys()
        .map(|o| {
            let (p, se) = e.p_eq(*o);
            json!({ "outcome": o, "p_decimal": p, "standard_error": se })
        })
        .collect();
    json!({
        "expression": expression,
        "exact": false,
        "samples": e.samples,
        "seed": seed,
        "mean_decimal": e.mean,
        "mean_standard_error": e.standard_error,
        "standard_deviation": e.standard_deviation,
        "distribution": distribution,
    })
}
