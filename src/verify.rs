//! `skald verify LOG.json`: recomputes every roll of an exported table log and replays its commands
//! (docs/fairness.md); exits 1 on any mismatch.

use crate::cli::VerifyArgs;
use crate::error::Error;
use anyhow::Context as _;

/// The largest log read, bytes.
const MAX_LOG_BYTES: usize = 256 * 1024 * 1024;

#[derive(serde::Deserialize)]
struct Export {
    records: Vec<skald_table::Record>,
    /// The hash of the last record, the end of the log's hash chain.
    #[serde(default)]
    head: Option<String>,
}

/// Runs `skald verify`.
pub fn run(args: &VerifyArgs) -> crate::error::Result {
    let text = crate::replay::read_bounded(&args.file, MAX_LOG_BYTES, "log")?;
    let export: Export = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a Skald table export (GET /api/tables/ID/export)",
            args.file.display()
        )
    })?;
    let report = skald_table::verify(&export.records, export.head.as_deref());
    if args.json {
        crate::output::print(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
    } else {
        crate::output::print(&text_report(&report))?;
    }
    if report.ok() {
        Ok(())
    } else {
        Err(Error::Failed(None))
    }
}

/// `n` and the noun, singular for one: "1 record", "2 records".
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn text_report(report: &skald_table::Report) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}; {} recomputed from {} and equal; {} replayed through the rules",
        count(report.records, "record", "records"),
        count(report.rolls_verified, "roll", "rolls"),
        if report.rolls_verified == 1 {
            "its revealed seed"
        } else {
            "their revealed seeds"
        },
        count(report.commands_replayed, "command", "commands"),
    );
    if !report.unverified.is_empty() {
        let _ = writeln!(
            out,
            "{} cannot be checked yet:",
            count(report.unverified.len(), "roll", "rolls")
        );
        for finding in &report.unverified {
            let _ = writeln!(out, "  record {}: {}", finding.seq, finding.message);
        }
    }
    if report.mismatches.is_empty() {
        let _ = writeln!(out, "no mismatch");
    } else {
        let _ = writeln!(
            out,
            "{}:",
            count(report.mismatches.len(), "mismatch", "mismatches")
        );
        for finding in &report.mismatches {
            let _ = writeln!(out, "  record {}: {}", finding.seq, finding.message);
        }
    }
    if let Some(seq) = report.stopped_at {
        let _ = writeln!(
            out,
            "checking stopped at record {seq}: the log cannot be read past it, so the records after it are unchecked and the counts above cover only those before it"
        );
    }
    out
}
