//! `skald odds EXPR`: exact odds as decimals and fractions, as text or JSON, with an optional SVG plot;
//! a Monte Carlo estimate on request when the exact answer is beyond the bounds or not computed exactly.

use crate::cli::OddsArgs;
use crate::error::Error;
use crate::plot::Chart;
use anyhow::Context as _;
use serde_json::{Value, json};
use skald_dice::notation::{self, Expr};
use skald_dice::odds::{self, Distribution, Estimate, OddsError};
use std::fmt::Write as _;

/// Runs `skald odds`: exit 0 with the odds, 2 with the reason they cannot be computed.
pub fn run(args: &OddsArgs) -> crate::error::Result {
    let expr = match notation::parse(&args.expression) {
        Ok(expr) => expr,
        Err(err) => {
            return Err(Error::Usage(format!(
                "invalid dice expression
{}",
                err.render(&args.expression)
            )));
        }
    };
    if let Some(path) = &args.plot {
        if path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
            != Some("svg")
        {
            return Err(Error::Usage(format!(
                "--plot {}: the chart is an SVG; name the file with .svg",
                path.display()
            )));
        }
        // Refuse an unwritable plot path before printing anything.
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        if parent.is_some_and(|p| !p.is_dir()) {
            return Err(Error::Usage(format!(
                "--plot {}: its folder does not exist",
                path.display()
            )));
        }
    }
    let canonical = expr.to_string();
    match odds::distribution(&expr) {
        Ok(dist) => {
            if args.json {
                crate::output::print_json(&ExactJson {
                    expression: &canonical,
                    dist: &dist,
                })?;
            } else {
                crate::output::print(&exact_text(&args.expression, &expr, &dist)?)?;
            }
            if let Some(path) = &args.plot {
                let bars: Vec<(i64, f64)> =
                    dist.rows().map(|(o, eq, _)| (o, eq.to_f64())).collect();
                let chart = Chart {
                    expression: &canonical,
                    bars: &bars,
                    mean: dist.mean().to_f64(),
                    p_true: dist.comparison.then(|| dist.p_true().to_f64()),
                    estimate: false,
                };
                crate::plot::write_svg(path, &chart)?;
            }
            Ok(())
        }
        Err(OddsError::TooLarge { .. } | OddsError::Unsupported(_)) if args.estimate => {
            let seed = match args.seed {
                Some(seed) => seed,
                None => u64::from_le_bytes(
                    crate::entropy::os_entropy()?[..8]
                        .try_into()
                        .context("8 bytes")?,
                ),
            };
            let estimate = match odds::estimate(&expr, seed) {
                Ok(estimate) => estimate,
                Err(err) => return Err(Error::Usage(err.render(&args.expression))),
            };
            let comparison = matches!(expr, Expr::Compare { .. });
            if args.json {
                crate::output::print_json(&estimate_json(&canonical, &estimate, seed, comparison))?;
            } else {
                crate::output::print(&estimate_text(&canonical, &estimate, seed, comparison))?;
            }
            if let Some(path) = &args.plot {
                let bars: Vec<(i64, f64)> = estimate
                    .counts
                    .keys()
                    .map(|o| (*o, estimate.p_eq(*o).0))
                    .collect();
                let chart = Chart {
                    expression: &canonical,
                    bars: &bars,
                    mean: estimate.mean,
                    p_true: comparison.then(|| estimate.p_eq(1).0),
                    estimate: true,
                };
                crate::plot::write_svg(path, &chart)?;
            }
            Ok(())
        }
        Err(err) => Err(Error::Usage(format!("{canonical}: {err}"))),
    }
}

const CAP_NOTE: &str =
    "rerolls and explosions stop at 100 per die, as when rolling; the odds are exact for that";

/// Beyond this many outcomes the text table is streamed unaligned.
const ALIGNED_ROWS: usize = 2_000;

/// A probability as a decimal that never hides a non-zero chance: 6 places, or 4 significant digits in
/// scientific notation below 0.0001.
fn decimal(p: f64) -> String {
    if p == 0.0 || p >= 1e-4 {
        format!("{p:.6}")
    } else {
        format!("{p:.3e}")
    }
}

/// What the reader should know about how the expression was read.
pub(crate) fn reading_notes(input: &str, expr: &Expr) -> Vec<String> {
    let mut notes = Vec::new();
    let canonical = expr.to_string();
    let squeeze = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase()
    };
    if squeeze(input) != squeeze(&canonical).replace("−", "-") {
        notes.push(format!("read as: {canonical}"));
    }
    if let Expr::Compare { op, lhs, rhs } = expr
        && let Expr::Binary {
            op: sum,
            lhs: first,
            rhs: rest,
        } = &**rhs
    {
        // `3d8>=7 + 5` compares the total with 12: a comparison takes everything after it (issue
        // 31: a GM meant the dice showing 7 or more, plus 5).
        let mut note = format!(
            "read as: {lhs} {} ({rhs}), the total compared with all of {rhs}",
            op.symbol()
        );
        if let (Expr::Dice(term), Expr::Number(point)) = (&**lhs, &**first)
            && term.modifiers.success.is_none()
            && matches!(sum, notation::BinaryOp::Add | notation::BinaryOp::Sub)
        {
            let showing = match op {
                notation::CompareOp::Eq => format!("{point}"),
                notation::CompareOp::Lt => format!("less than {point}"),
                notation::CompareOp::Gt => format!("more than {point}"),
                notation::CompareOp::Le => format!("{point} or less"),
                notation::CompareOp::Ge => format!("{point} or more"),
            };
            note.push_str(&format!(
                "; to count the dice showing {showing} and then {} {rest}, write ({lhs}{}{point}) {} {rest}",
                if *sum == notation::BinaryOp::Add { "add" } else { "take away" },
                op.symbol(),
                sum.symbol()
            ));
        }
        notes.push(note);
    }
    if let Expr::Dice(term) = expr
        && let Some(point) = term.modifiers.success
    {
        notes.push(format!(
                "this counts the dice showing {}{} (success counting); to compare the total, write ({}) {} {}",
                point.op.symbol(),
                point.value,
                skald_dice::notation::DiceTerm { modifiers: skald_dice::notation::Modifiers { success: None, ..term.modifiers.clone() }, ..term.clone() },
                point.op.symbol(),
                point.value
            ));
    }
    if let Expr::Dice(term) = expr
        && let Some(explode) = &term.modifiers.explode
        && let Some(point) = explode.point
    {
        let faces = match &term.sides {
            notation::Sides::Number(sides) => match **sides {
                Expr::Number(s) => Some((1, s)),
                _ => None,
            },
            notation::Sides::Percent => Some((1, 100)),
            notation::Sides::Fate => Some((-1, 1)),
        };
        let bang = match explode.mode {
            notation::ExplodeMode::Explode => "!",
            notation::ExplodeMode::Compound => "!!",
        };
        let default_point = notation::DiceTerm {
            modifiers: notation::Modifiers {
                explode: Some(notation::Explode {
                    point: None,
                    ..*explode
                }),
                ..term.modifiers.clone()
            },
            ..term.clone()
        };
        let compare = format!("({default_point}) {} {}", point.op.symbol(), point.value);
        if let Some((low, high)) = faces
            && !(low..=high).any(|f| point.matches(f))
        {
            // `3d6!! > 10`: a point no face meets, so nothing explodes (a fresh GM's reading was a
            // comparison of the total).
            notes.push(format!(
                "no face of these dice is {}{}, so they never explode; to compare the total, write {compare}",
                point.op.symbol(),
                point.value
            ));
        } else if spaced_point(input) {
            // `1d8! >= 4`: the point belongs to the `!`, spaces or not (docs/dice-notation.md).
            notes.push(format!(
                "{}{} right after {bang} is where the dice explode, not a comparison of the total; to compare the total, write {compare}",
                point.op.symbol(),
                point.value
            ));
        }
    }
    notes
}

/// Whether a comparison follows a `!` or `!!` after spaces (`1d8! >= 4`), which reads as the
/// explosion's point, as it does without the spaces.
fn spaced_point(input: &str) -> bool {
    let chars: Vec<char> = input.chars().collect();
    (0..chars.len()).any(|i| {
        if chars[i] != '!' || chars.get(i + 1) == Some(&'!') || chars.get(i + 1) == Some(&'=') {
            return false;
        }
        let rest = &chars[i + 1..];
        let spaces = rest.iter().take_while(|c| c.is_whitespace()).count();
        spaces > 0 && matches!(rest.get(spaces), Some('<' | '>' | '='))
    })
}

fn exact_text(input: &str, expr: &Expr, dist: &Distribution) -> anyhow::Result<String> {
    let mut out = String::new();
    let mean = dist.mean();
    let _ = writeln!(out, "{expr}");
    for note in reading_notes(input, expr) {
        let _ = writeln!(out, "note: {note}");
    }
    if dist.comparison {
        let p = dist.p_true();
        let _ = writeln!(out, "P(true) ≈ {} = {p}", decimal(p.to_f64()));
    }
    let _ = writeln!(out, "mean ≈ {:.6} = {mean}", mean.to_f64());
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
        let _ = writeln!(out, "outcome P(= x) P(>= x) exact P(= x) exact P(>= x)");
        crate::output::print(&out)?;
        for (o, eq, ge) in dist.rows() {
            crate::output::print(&format!(
                "{o} {} {} {eq} {ge}\n",
                decimal(eq.to_f64()),
                decimal(ge.to_f64())
            ))?;
        }
        return Ok(String::new());
    }
    let rows: Vec<[String; 5]> = dist
        .rows()
        .map(|(o, eq, ge)| {
            [
                o.to_string(),
                decimal(eq.to_f64()),
                decimal(ge.to_f64()),
                eq.to_string(),
                ge.to_string(),
            ]
        })
        .collect();
    let header = [
        "outcome",
        "P(= x)",
        "P(>= x)",
        "exact P(= x)",
        "exact P(>= x)",
    ];
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
        // Long exact fractions go last so the decimal columns stay aligned.
        format!(
            "{:>w0$}  {:>w1$}  {:>w2$}  {:>w3$}  {}",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3]
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

fn estimate_text(expression: &str, e: &Estimate, seed: u64, comparison: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{expression}");
    let _ = writeln!(
        out,
        "estimate: not computed exactly, so rolled {} times (seed {seed}); every figure is approximate",
        e.samples
    );
    if comparison {
        let (p, se) = e.p_eq(1);
        let _ = writeln!(out, "P(true) ≈ {p:.4} ± {se:.4} (standard error)");
    }
    let _ = writeln!(
        out,
        "mean ≈ {:.4} ± {:.4} (standard error)",
        e.mean, e.standard_error
    );
    let _ = writeln!(out, "standard deviation ≈ {:.4}", e.standard_deviation);
    if e.counts.len() <= 200 {
        let _ = writeln!(out, "outcome  P(= x) ± se  P(>= x) ± se");
        for (o, p, se, g, gse) in e.rows() {
            let _ = writeln!(out, "{o:>7}  {p:.4} ± {se:.4}  {g:.4} ± {gse:.4}");
        }
    } else {
        let _ = writeln!(
            out,
            "({} distinct outcomes seen; --json lists each with P(= x) and P(>= x))",
            e.counts.len()
        );
    }
    out
}

fn estimate_json(expression: &str, e: &Estimate, seed: u64, comparison: bool) -> Value {
    let distribution: Vec<Value> = e
        .rows()
        .into_iter()
        .map(|(o, p, se, g, gse)| {
            json!({ "outcome": o, "p_decimal": p, "standard_error": se,
                    "p_at_least_decimal": g, "p_at_least_standard_error": gse })
        })
        .collect();
    let mut value = json!({
        "expression": expression,
        "exact": false,
        "samples": e.samples,
        "seed": seed,
        "mean_decimal": e.mean,
        "mean_standard_error": e.standard_error,
        "standard_deviation": e.standard_deviation,
        "distribution": distribution,
    });
    if comparison {
        let (p, se) = e.p_eq(1);
        value["p_true_decimal"] = json!(p);
        value["p_true_standard_error"] = json!(se);
    }
    value
}
