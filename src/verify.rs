//! `skald verify LOG.json [--head HASH | --head-file FILE]`: recomputes every roll of an exported
//! table log, replays its commands, checks every secret it holds against its commitment and the
//! log against a head kept outside the server (docs/fairness.md); exits 1 on any mismatch.

use crate::cli::VerifyArgs;
use crate::error::Error;
use anyhow::Context as _;
use serde_json::Value;
use skald_table::{Kept, Report};

/// Said after the rolls that cannot be checked yet: how they become checkable.
const UNVERIFIED_NEXT: &str = "They can be checked once the GM ends the epoch (\"End the epoch\" in the \
     table page's dice and table tools) or reveals the secret roll: export the log again then and \
     verify it.";

/// The largest log read, bytes.
const MAX_LOG_BYTES: usize = 256 * 1024 * 1024;

/// The largest head file read, bytes (the table page's download is under 300).
const MAX_HEAD_FILE_BYTES: usize = 4096;

/// The fields of an export (`skald_server::shapes::ExportedLog`): any other is refused.
const EXPORT_FIELDS: [&str; 7] = [
    "skald_export",
    "table",
    "system",
    "title",
    "exported_for",
    "records",
    "head",
];

/// What `skald verify` reads of an export: its records and the head it ends at (`null` or
/// missing: none), each checked for its kind after reading so that a wrong one is named; the
/// other fields are only checked to be Skald's ([`EXPORT_FIELDS`]).
#[derive(serde::Deserialize)]
struct Export {
    #[serde(default)]
    records: Option<Value>,
    #[serde(default)]
    head: Option<Value>,
}

/// Runs `skald verify`.
pub fn run(args: &VerifyArgs) -> crate::error::Result {
    let kept = kept_head(args)?;
    let text = crate::replay::read_bounded(&args.file, MAX_LOG_BYTES, "log")?;
    let not_export = || {
        format!(
            "{} is not a Skald table export (GET /api/tables/ID/export)",
            args.file.display()
        )
    };
    let export: Value = serde_json::from_str(&text).with_context(not_export)?;
    let Some(fields) = export.as_object() else {
        return Err(Error::usage(not_export()));
    };
    let unknown = fields
        .keys()
        .find(|k| !EXPORT_FIELDS.contains(&k.as_str()))
        .cloned();
    let Ok(Export { records, head }) = serde_json::from_value(export) else {
        return Err(Error::usage(not_export()));
    };
    let Some(Value::Array(records)) = records else {
        return Err(Error::usage(format!(
            "{}: it has no list of records",
            not_export()
        )));
    };
    if let Some(unknown) = unknown {
        return Err(Error::usage(format!(
            "{}: the export holds a field \"{unknown}\" Skald does not write (an export has {})",
            args.file.display(),
            EXPORT_FIELDS.join(", ")
        )));
    }
    let head = match head {
        None => None,
        Some(Value::String(head)) => Some(head),
        Some(other) => {
            return Err(Error::usage(format!(
                "{}: head: expected the 64 hex digits of the last record's hash, got {other}",
                args.file.display()
            )));
        }
    };
    let (records, unknown) = skald_table::read_records(&records)
        .map_err(|f| Error::usage(format!("{}: {}", args.file.display(), f.message)))?;
    let mut report = skald_table::verify_kept(
        skald_systems::REGISTRY,
        &records,
        head.as_deref(),
        kept.as_deref(),
    );
    report.mismatches.splice(0..0, unknown);
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

/// The head given with `--head` or `--head-file`, checked: 64 hex digits, lower-cased.
fn kept_head(args: &VerifyArgs) -> crate::error::Result<Option<String>> {
    let (given, from) = match (&args.head, &args.head_file) {
        (Some(head), _) => (head.trim().to_owned(), "--head".to_owned()),
        (None, Some(file)) => {
            let text = crate::replay::read_bounded(file, MAX_HEAD_FILE_BYTES, "head file")?;
            let head = text
                .lines()
                .map(|line| {
                    let line = line.trim();
                    line.strip_prefix("head:").unwrap_or(line).trim()
                })
                .find(|line| is_hash(line))
                .ok_or_else(|| {
                    Error::usage(format!(
                        "--head-file: {} holds no head: expected a line of 64 hex digits, or \"head: \" and them (as the table page's download writes)",
                        file.display()
                    ))
                })?;
            (head.to_owned(), format!("--head-file {}", file.display()))
        }
        (None, None) => return Ok(None),
    };
    if !is_hash(&given) {
        let shown: String = given.chars().take(80).collect();
        return Err(Error::usage(format!(
            "{from}: \"{shown}\" is not a head: expected 64 hex digits (the hash of a record, as the table page shows it)"
        )));
    }
    Ok(Some(given.to_ascii_lowercase()))
}

fn is_hash(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `n` and the noun, singular for one: "1 record", "2 records".
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The report in words: the verdict first, then what was found, then what was counted.
fn text_report(report: &Report) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let verdict = if !report.ok() {
        format!(
            "NOT VERIFIED: {}:",
            count(report.mismatches.len(), "mismatch", "mismatches")
        )
    } else if matches!(report.kept, Kept::NotGiven) {
        "no mismatch, but not checked against a kept head".to_owned()
    } else {
        "verified: no mismatch, and the log holds the head you kept".to_owned()
    };
    let _ = writeln!(out, "{verdict}");
    if !report.mismatches.is_empty() {
        for finding in &report.mismatches {
            let _ = writeln!(out, "  record {}: {}", finding.seq, finding.message);
        }
    }
    if let Some(seq) = report.stopped_at {
        let _ = writeln!(
            out,
            "checking stopped at record {seq}: the log cannot be read past it, so the records after it are unchecked and the counts below cover only those before it"
        );
    }
    match report.kept {
        Kept::NotGiven => {
            let _ = writeln!(
                out,
                "no kept head (--head HASH or --head-file FILE): without a head kept before, a log whose records were changed and whose hash chain was recomputed cannot be told from an honest one; keep the head the table page shows"
            );
        }
        Kept::Matches { seq, since: 0 } => {
            let _ = writeln!(
                out,
                "the kept head is the hash of record {seq}, the last: every record is as it was when the head was kept"
            );
        }
        Kept::Matches { seq, since } => {
            let _ = writeln!(
                out,
                "the kept head is the hash of record {seq}: records 1 to {seq} are as they were when it was kept; the log has grown by {} since, which it does not cover",
                count(
                    usize::try_from(since).unwrap_or(usize::MAX),
                    "record",
                    "records"
                )
            );
        }
        // Said among the mismatches.
        Kept::Unknown => {}
    }
    if !report.unverified.is_empty() {
        let _ = writeln!(
            out,
            "{} cannot be checked yet:",
            count(report.unverified.len(), "roll", "rolls")
        );
        for finding in &report.unverified {
            let _ = writeln!(out, "  record {}: {}", finding.seq, finding.message);
        }
        // What to do next: the reader cannot reveal a seed, but can ask for it and verify again.
        let _ = writeln!(out, "{UNVERIFIED_NEXT}");
    }
    if !report.uncommitted.is_empty() {
        let _ = writeln!(
            out,
            "{} no commitment, so {} not under the hash chain:",
            count(report.uncommitted.len(), "record carries", "records carry"),
            if report.uncommitted.len() == 1 {
                "its secret is"
            } else {
                "their secrets are"
            }
        );
        for finding in &report.uncommitted {
            let _ = writeln!(out, "  record {}: {}", finding.seq, finding.message);
        }
    }
    if !report.reworded.is_empty() {
        let _ = writeln!(
            out,
            "{} from a log made by an earlier Skald, worded otherwise now; their events, dice and odds check, and only the hash chain (or a kept head) vouches for their words:",
            count(report.reworded.len(), "record", "records"),
        );
        for finding in &report.reworded {
            let _ = writeln!(out, "  record {}: {}", finding.seq, finding.message);
        }
    }
    let _ = writeln!(
        out,
        "{}; {} recomputed from {} and equal; {} replayed through the rules; {} checked against {}",
        count(report.records, "record", "records"),
        count(report.rolls_verified, "roll", "rolls"),
        if report.rolls_verified == 1 {
            "its revealed seed"
        } else {
            "their revealed seeds"
        },
        count(report.commands_replayed, "command", "commands"),
        count(report.secrets_checked, "secret", "secrets"),
        if report.secrets_checked == 1 {
            "its commitment"
        } else {
            "their commitments"
        },
    );
    out
}
