//! `skald odds EXPR`: exact odds as decimals and fractions, as text or JSON, with an optional SVG plot;
//! a Monte Carlo estimate on request when the exact answer is beyond the bounds or not computed exactly.

use crate::cli::OddsArgs;
use crate::error::Error;
use crate::plot::Chart;
use anyhow::Context as _;
use serde::Serialize;
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
            let excerpt = (!args.full && large(&dist)).then(|| Excerpt::of(&dist));
            if args.json {
                crate::output::print_json(&ExactJson {
                    expression: &canonical,
                    dist: &dist,
                    excerpt: excerpt.as_ref(),
                })?;
            } else {
                crate::output::print(&exact_text(
                    &args.expression,
                    &expr,
                    &dist,
                    excerpt.as_ref(),
                )?)?;
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

/// A distribution of more outcomes than this is summarised unless `--full` ([`Excerpt`]).
pub const SUMMARY_OUTCOMES: usize = 200;
/// A distribution whose table of exact fractions would take more characters than this
/// (`Distribution::table_chars`) is summarised unless `--full`.
pub const SUMMARY_CHARS: u128 = 100_000;
/// How many of the first and of the last outcomes a summary shows.
const EDGE_ROWS: usize = 5;
/// How many outcomes on each side of the most likely one a summary shows.
const AROUND_MODE: usize = 10;
/// The longest exact fraction a summary's text table shows; a longer one is left to `--full`.
const SHOWN_FRACTION: usize = 60;

/// Whether `dist` is summarised by default: more than [`SUMMARY_OUTCOMES`] outcomes, or a table
/// of more than [`SUMMARY_CHARS`] characters (`skald odds 1000d6` would print 14 MB).
fn large(dist: &Distribution) -> bool {
    dist.outcomes.len() > SUMMARY_OUTCOMES || dist.table_chars() > SUMMARY_CHARS
}

/// A large distribution summarised: its first [`EDGE_ROWS`] and last outcomes, the
/// [`AROUND_MODE`] on each side of the most likely one, each with its exact chances, and the
/// numbers that sum it up; how many outcomes were left out between them.
struct Excerpt {
    /// The rows shown, ascending, each with how many outcomes were left out before it.
    rows: Vec<(usize, (i64, odds::Fraction, odds::Fraction))>,
    /// How many outcomes were left out after the last row shown (none: the last is shown).
    left_out: usize,
    /// Every outcome's count.
    outcomes: usize,
    /// The most likely outcome (the lowest of equals).
    mode: i64,
    /// The median: the lowest outcome with P(<= x) of at least 1/2.
    median: i64,
    /// The outcomes between which 90% of rolls fall: the lowest with P(<= x) of at least 5%, and
    /// the lowest with at least 95%.
    middle: (i64, i64),
}

impl Excerpt {
    /// The excerpt of `dist` (one pass over its rows; the percentiles from decimals).
    fn of(dist: &Distribution) -> Self {
        let n = dist.outcomes.len();
        let mode_at = dist
            .outcomes
            .iter()
            .enumerate()
            .rev()
            .max_by(|a, b| a.1.1.cmp(&b.1.1))
            .map_or(0, |(i, _)| i);
        let shown =
            |i: usize| i < EDGE_ROWS || i + EDGE_ROWS >= n || i.abs_diff(mode_at) <= AROUND_MODE;
        let mut rows = Vec::new();
        let mut skipped = 0;
        let mut at_most = 0.0;
        let (mut median, mut low, mut high) = (None, None, None);
        for (i, (o, eq, ge)) in dist.rows().enumerate() {
            at_most = (1.0 - ge.to_f64() + eq.to_f64()).max(at_most);
            for (slot, q) in [(&mut low, 0.05), (&mut median, 0.5), (&mut high, 0.95)] {
                if slot.is_none() && at_most >= q - 1e-12 {
                    *slot = Some(o);
                }
            }
            if shown(i) {
                rows.push((skipped, (o, eq, ge)));
                skipped = 0;
            } else {
                skipped += 1;
            }
        }
        let last = dist.outcomes.last().map_or(0, |(o, _)| *o);
        Excerpt {
            rows,
            left_out: skipped,
            outcomes: n,
            mode: dist.outcomes.get(mode_at).map_or(0, |(o, _)| *o),
            median: median.unwrap_or(last),
            middle: (low.unwrap_or(last), high.unwrap_or(last)),
        }
    }

    /// How many outcomes the excerpt leaves out.
    fn left_out(&self) -> usize {
        self.outcomes - self.rows.len()
    }

    /// The summary line of the text.
    fn summary(&self, dist: &Distribution) -> String {
        let first = dist.outcomes.first().map_or(0, |(o, _)| *o);
        let last = dist.outcomes.last().map_or(0, |(o, _)| *o);
        format!(
            "{} outcomes, from {first} to {last}; most likely {}; median {}; 90% of rolls from {} to {}",
            self.outcomes, self.mode, self.median, self.middle.0, self.middle.1
        )
    }
}

/// A probability as a percentage that never hides a non-zero chance: to a tenth as the pages
/// show it ([`skald_core::percent`]: `"16.7%"`, `"over 99.9%"`), `"100%"` and `"0%"` for a
/// certainty and an impossibility, and below 0.05% in scientific notation with 4 significant
/// digits (`"7.716e-2%"`; below the smallest `f64`, from the fraction's digits: 1/6^1000 is
/// `"7.059e-777%"`). The exact fraction is in its own column.
fn percentage(p: &odds::Fraction) -> String {
    let text = p.to_string();
    let f = p.to_f64();
    match text.as_str() {
        "0" => "0%".to_owned(),
        "1" => "100%".to_owned(),
        _ if f * 100.0 >= 0.05 => skald_core::percent(&text, f),
        _ if f > 0.0 => format!("{:.3e}%", f * 100.0),
        _ => tiny(&text).map_or_else(|| "0%".to_owned(), |shown| format!("{shown}%")),
    }
}

/// A fraction `"n/d"` too small for an `f64`, as a percentage in scientific notation from its
/// digits (without the `%`); `None` for zero.
fn tiny(fraction: &str) -> Option<String> {
    let (n, d) = fraction.split_once('/')?;
    if n.trim_start_matches('0').is_empty() {
        return None;
    }
    let lead = |digits: &str| -> f64 {
        let head: String = digits.chars().take(15).collect();
        head.parse::<f64>().unwrap_or(1.0) / 10f64.powi(head.len() as i32 - 1)
    };
    let mut mantissa = lead(n) / lead(d);
    // Two more: the digits are read as a percentage.
    let mut exponent = n.len() as i64 - d.len() as i64 + 2;
    while mantissa < 1.0 {
        mantissa *= 10.0;
        exponent -= 1;
    }
    Some(format!("{mantissa:.3}e{exponent}"))
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

fn exact_text(
    input: &str,
    expr: &Expr,
    dist: &Distribution,
    excerpt: Option<&Excerpt>,
) -> anyhow::Result<String> {
    let mut out = String::new();
    let mean = dist.mean();
    let _ = writeln!(out, "{expr}");
    for note in reading_notes(input, expr) {
        let _ = writeln!(out, "note: {note}");
    }
    if dist.comparison {
        let p = dist.p_true();
        let _ = writeln!(
            out,
            "P(true) = {}",
            skald_core::chance(&p.to_string(), p.to_f64())
        );
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
    if let Some(excerpt) = excerpt {
        let _ = writeln!(out, "{}", excerpt.summary(dist));
        let _ = writeln!(
            out,
            "summary: {} of {} outcomes shown (the first and last {EDGE_ROWS}, and the {} around \
             the most likely); {} left out, and exact fractions of more than {SHOWN_FRACTION} \
             characters; --full prints every outcome with its exact fractions",
            excerpt.rows.len(),
            excerpt.outcomes,
            2 * AROUND_MODE + 1,
            excerpt.left_out()
        );
    }
    if excerpt.is_none() && dist.outcomes.len() > ALIGNED_ROWS {
        let _ = writeln!(out, "outcome P(= x) P(>= x) exact P(= x) exact P(>= x)");
        crate::output::print(&out)?;
        for (o, eq, ge) in dist.rows() {
            crate::output::print(&format!(
                "{o} {} {} {eq} {ge}\n",
                percentage(&eq),
                percentage(&ge)
            ))?;
        }
        return Ok(String::new());
    }
    let row = |(o, eq, ge): &(i64, odds::Fraction, odds::Fraction)| {
        let exact = |f: &odds::Fraction| {
            let f = f.to_string();
            if excerpt.is_some() && f.len() > SHOWN_FRACTION {
                "(--full)".to_owned()
            } else {
                f
            }
        };
        [
            o.to_string(),
            percentage(eq),
            percentage(ge),
            exact(eq),
            exact(ge),
        ]
    };
    // A summary's gaps: a row of its own saying how many outcomes it leaves out.
    let gap = |n: usize| {
        let mut cells: [String; 5] = Default::default();
        cells[0] = format!("… {n} left out");
        cells
    };
    let rows: Vec<[String; 5]> = match excerpt {
        None => dist.rows().map(|r| row(&r)).collect(),
        Some(excerpt) => {
            let mut rows = Vec::new();
            for (skipped, r) in &excerpt.rows {
                if *skipped > 0 {
                    rows.push(gap(*skipped));
                }
                rows.push(row(r));
            }
            if excerpt.left_out > 0 {
                rows.push(gap(excerpt.left_out));
            }
            rows
        }
    };
    let header = [
        "outcome",
        "P(= x)",
        "P(>= x)",
        "exact P(= x)",
        "exact P(>= x)",
    ];
    let gap_row = |r: &[String; 5]| r[1].is_empty();
    let widths: Vec<usize> = (0..5)
        .map(|i| {
            rows.iter()
                .filter(|r| !gap_row(r))
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
        if gap_row(r) {
            let _ = writeln!(out, "{}", r[0]);
            continue;
        }
        let _ = writeln!(
            out,
            "{}",
            line([&r[0], &r[1], &r[2], &r[3], &r[4]]).trim_end()
        );
    }
    Ok(out)
}

/// The exact answer as JSON, its distribution serialized row by row; a large one summarised
/// ([`Excerpt`]: `outcomes`, `min`, `max`, `mode`, `median`, `middle_90`, the rows shown as
/// `excerpt`, each with `left_out_before`, and `left_out`), with `--full` the whole
/// `distribution`.
struct ExactJson<'a> {
    expression: &'a str,
    dist: &'a Distribution,
    excerpt: Option<&'a Excerpt>,
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
        match self.excerpt {
            None => map.serialize_entry("distribution", &Rows(dist))?,
            Some(excerpt) => {
                map.serialize_entry("full", &false)?;
                map.serialize_entry("outcomes", &excerpt.outcomes)?;
                map.serialize_entry("min", &dist.outcomes.first().map(|(o, _)| o))?;
                map.serialize_entry("max", &dist.outcomes.last().map(|(o, _)| o))?;
                map.serialize_entry("mode", &excerpt.mode)?;
                map.serialize_entry("median", &excerpt.median)?;
                map.serialize_entry("middle_90", &[excerpt.middle.0, excerpt.middle.1])?;
                let rows: Vec<Value> = excerpt
                    .rows
                    .iter()
                    .map(|(skipped, (o, eq, ge))| row_json(*o, eq, ge, Some(*skipped)))
                    .collect();
                map.serialize_entry("excerpt", &rows)?;
                map.serialize_entry("left_out", &excerpt.left_out())?;
                map.serialize_entry(
                    "note",
                    "a summary: the first and last outcomes and those around the most likely; \
                     --full gives the whole distribution",
                )?;
            }
        }
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
            seq.serialize_element(&row_json(o, &eq, &ge, None))?;
        }
        seq.end()
    }
}

/// One outcome's row as JSON.
/// One outcome of a distribution as `--json` writes it; in an excerpt, with how many outcomes
/// were left out before it.
#[derive(Serialize)]
struct RowJson {
    outcome: i64,
    p: String,
    p_decimal: f64,
    p_at_least: String,
    p_at_least_decimal: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    left_out_before: Option<usize>,
}

/// [`RowJson`] as a JSON value (its keys in the order of every other object `--json` writes).
fn row_json(
    o: i64,
    eq: &odds::Fraction,
    ge: &odds::Fraction,
    left_out_before: Option<usize>,
) -> Value {
    let row = RowJson {
        outcome: o,
        p: eq.to_string(),
        p_decimal: eq.to_f64(),
        p_at_least: ge.to_string(),
        p_at_least_decimal: ge.to_f64(),
        left_out_before,
    };
    serde_json::to_value(row).unwrap_or(Value::Null)
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
        let _ = writeln!(
            out,
            "P(true) ≈ {:.2}% ± {:.2}% (standard error)",
            p * 100.0,
            se * 100.0
        );
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
            let _ = writeln!(
                out,
                "{o:>7}  {:.2}% ± {:.2}%  {:.2}% ± {:.2}%",
                p * 100.0,
                se * 100.0,
                g * 100.0,
                gse * 100.0
            );
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
    let p_true = comparison.then(|| e.p_eq(1));
    let estimate = EstimateJson {
        expression,
        exact: false,
        samples: e.samples,
        seed,
        mean_decimal: e.mean,
        mean_standard_error: e.standard_error,
        standard_deviation: e.standard_deviation,
        distribution,
        p_true_decimal: p_true.map(|(p, _)| p),
        p_true_standard_error: p_true.map(|(_, se)| se),
    };
    serde_json::to_value(estimate).unwrap_or(Value::Null)
}

/// An estimate as `--json` writes it; a comparison's with its chance of being true.
#[derive(Serialize)]
struct EstimateJson<'a> {
    expression: &'a str,
    exact: bool,
    samples: u64,
    seed: u64,
    mean_decimal: f64,
    mean_standard_error: f64,
    standard_deviation: f64,
    distribution: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_true_decimal: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_true_standard_error: Option<f64>,
}
