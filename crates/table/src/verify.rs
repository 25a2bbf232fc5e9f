//! [`verify`]: recomputes every roll of an exported log from the revealed seeds and replays every
//! command through the rules, reporting each mismatch (docs/fairness.md).

use crate::record::{Audience, Body, FairRoll, Record, Secret, SecretBody, SecretRoll};
use crate::table::{Table, roll_text};
use serde::{Deserialize as _, Serialize};
use serde_json::Value;
use skald_core::Registry;
use skald_dice::{DiceSource, Die, SourceError};
use skald_fair::{Draw, FairSource, ServerSeed};
use std::collections::BTreeMap;

/// One thing found about one record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The record's seq.
    pub seq: u64,
    /// What was found, in a sentence.
    pub message: String,
}

/// What [`verify`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Records read.
    pub records: usize,
    /// Rolls recomputed from their epoch's seed and found equal.
    pub rolls_verified: usize,
    /// Commands replayed through the rules and found to give the recorded events.
    pub commands_replayed: usize,
    /// Secrets checked against the commitment their record published: each copy of a revealed
    /// secret roll (the public reveal, the GM's own copy), each note and whisper the reader reads.
    pub secrets_checked: usize,
    /// Rolls that cannot be checked yet (epoch not ended, secret roll not revealed).
    pub unverified: Vec<Finding>,
    /// Notes and whispers whose record carries no commitment (written before they carried one):
    /// their words are not under the hash chain, so a changed text cannot be seen.
    pub uncommitted: Vec<Finding>,
    /// What the head someone kept says of this log ([`verify_kept`]).
    pub kept: Kept,
    /// Records of a log made under an earlier edition of Skald's words
    /// ([`crate::record::WORDING`]) whose words this edition would write otherwise, though their
    /// events, dice and odds check: the chain (and a kept head) vouch for those words; the rules
    /// of this edition cannot. Empty for a log made under this edition, where such a record is a
    /// mismatch.
    pub reworded: Vec<Finding>,
    /// Everything that does not match. Empty for an honest log.
    pub mismatches: Vec<Finding>,
    /// The seq of the record where checking stopped because the log could not be folded past it
    /// (a broken chain, a record the table cannot apply); the records after it were not checked,
    /// so the counts above cover only the records before it. `None` when every record was read.
    pub stopped_at: Option<u64>,
}

/// What a head kept outside the server (copied from the table page, a report, an earlier
/// export) says of the log: the only check that catches a log whose whole chain was recomputed
/// after a change, or cut at its end with the export's `head` recomputed too.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "found", rename_all = "snake_case")]
pub enum Kept {
    /// No head was given: a chain recomputed after a change cannot be told from an honest one.
    #[default]
    NotGiven,
    /// The kept head is the hash of record `seq`: records 1 to `seq` are, in their public parts,
    /// exactly what they were when it was kept; `since` records were added after it.
    Matches {
        /// The record whose hash it is.
        seq: u64,
        /// Records after it (0: it is the head of the whole log).
        since: u64,
    },
    /// The kept head is the hash of no record of this log (a mismatch).
    Unknown,
}

impl Report {
    /// Whether nothing mismatched.
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Checks a log (as exported, redacted or not) of a table of one of `systems` against everything
/// a reader reads in it:
/// - the hash chain: each record's `prev` is the hash of the one before, and `head` (the export's
///   `head`, [`crate::Table::head`]) the hash of the last, so a record deleted, inserted, moved
///   or cut from the end is a mismatch; a missing `head` is one too;
/// - each epoch's revealed seed against its commitment; each player-seed mix;
/// - each roll's epoch, index and mix, and its dice recomputed from the seed once revealed;
/// - each command replayed through the rules with its recorded dice: the same events, the same
///   report lines, and the same odds before the roll (recorded whenever the rules give them: a
///   rolled command whose odds are missing is a mismatch); a refused roll refused the same way;
/// - each command sent by someone the rules allow, and each undo taking back what undo may;
/// - each open roll's text and total re-derived from its dice; each revealed secret roll
///   against its commitment.
///
/// A log that cannot be folded at all (no `created` first, a broken chain) is reported as one
/// mismatch at the record where folding stopped.
///
/// Without a kept head ([`verify_kept`]) a log whose every hash was recomputed after a change is
/// as consistent as an honest one: the report's [`Report::kept`] says so ([`Kept::NotGiven`]).
pub fn verify(systems: Registry, records: &[Record], head: Option<&str>) -> Report {
    verify_kept(systems, records, head, None)
}

/// [`verify`], and `kept`, a head someone kept (64 hex digits, any case): it must be the hash of
/// a record of the log, the last or an earlier one when the log has grown since it was kept
/// ([`Kept::Matches`] says which); the hash of no record is a mismatch ([`Kept::Unknown`]: the
/// log was rewritten, or cut before that record, or the head is another table's).
pub fn verify_kept(
    systems: Registry,
    records: &[Record],
    head: Option<&str>,
    kept: Option<&str>,
) -> Report {
    let mut report = verify_chain(systems, records, head);
    if let Some(kept) = kept {
        let kept = kept.trim().to_ascii_lowercase();
        let last = records.last().map_or(0, |r| r.seq);
        match records.iter().find(|r| r.hash() == kept) {
            Some(record) => {
                report.kept = Kept::Matches {
                    seq: record.seq,
                    since: last.saturating_sub(record.seq),
                };
            }
            None => {
                report.kept = Kept::Unknown;
                report.mismatches.push(finding(
                    last,
                    "the kept head is the hash of no record of this log: the log was rewritten (its chain recomputed), or cut before the record it was kept at, or the head is another table's".into(),
                ));
            }
        }
    }
    report
}

/// Every copy of a revealed secret roll in the log, by the seq of its `secret_rolled` record.
#[derive(Clone, Copy)]
enum Copy {
    /// The public contents of the `secret_revealed` record at this seq.
    Revealed(u64),
    /// The GM's own copy, the `secret_rolled` record's secret.
    Gms,
}

fn verify_chain(systems: Registry, records: &[Record], head: Option<&str>) -> Report {
    let mut report = Report {
        records: records.len(),
        ..Report::default()
    };
    let seeds = revealed_seeds(records, &mut report);
    let mut revealed_rolls: BTreeMap<u64, Vec<(Copy, &SecretRoll)>> = BTreeMap::new();
    for r in records {
        if let Body::SecretRevealed { of, contents } = &r.body {
            revealed_rolls
                .entry(*of)
                .or_default()
                .push((Copy::Revealed(r.seq), contents));
        }
        if let Some(Secret {
            body: SecretBody::Roll { contents },
            ..
        }) = &r.secret
        {
            revealed_rolls
                .entry(r.seq)
                .or_default()
                .push((Copy::Gms, contents));
        }
    }
    let Some(first) = records.first() else {
        report
            .mismatches
            .push(finding(0, "the log is empty".into()));
        return report;
    };
    // A log made under an earlier edition of the words: a line worded otherwise is listed, not
    // a mismatch.
    let earlier = match &first.body {
        Body::Created { wording, .. } => *wording < crate::record::WORDING,
        _ => false,
    };
    let mut table = match Table::from_records(systems, vec![first.clone()]) {
        Ok(table) => table,
        Err(e) => {
            report.mismatches.push(finding(first.seq, e.to_string()));
            report.stopped_at = Some(first.seq);
            return report;
        }
    };
    for record in &records[1..] {
        if let Err(e) = table.check_link(record) {
            report.mismatches.push(finding(record.seq, plain(&e)));
            report.stopped_at = Some(record.seq);
            return report;
        }
        check(
            &table,
            record,
            &seeds,
            &revealed_rolls,
            earlier,
            &mut report,
        );
        if let Err(e) = table.apply(record.clone()) {
            report.mismatches.push(finding(record.seq, plain(&e)));
            report.stopped_at = Some(record.seq);
            return report;
        }
    }
    match head {
        Some(head) if head == table.head() => {}
        Some(_) => report.mismatches.push(finding(
            table.last_seq(),
            "the export's head is not the hash of its last record: records were cut from the end or changed".into(),
        )),
        None => report.mismatches.push(finding(
            table.last_seq(),
            "the export names no head (the hash of its last record), so records cut from its end would go unseen".into(),
        )),
    }
    report
}

/// Reads an export's records as `skald verify` reads them: each must be a record Skald writes, and
/// every field Skald does not write (anywhere in a record: its body, secret, roll, odds) is a
/// finding, as the record's hash is computed over the record as read and so does not cover it.
/// The system's own JSON (options, a command, its events) is read as it is and checked by
/// replaying it through the rules ([`verify`]).
///
/// # Errors
/// A [`Finding`] at the record's place in the list (1-based) when it is no record at all.
pub fn read_records(given: &[Value]) -> Result<(Vec<Record>, Vec<Finding>), Finding> {
    let mut records = Vec::with_capacity(given.len());
    let mut unknown = Vec::new();
    for (place, value) in (1..).zip(given) {
        let record = Record::deserialize(value).map_err(|e| {
            finding(
                place,
                format!("record {place} of the export is not a record Skald writes: {e}"),
            )
        })?;
        let read = serde_json::to_value(&record).unwrap_or(Value::Null);
        let mut paths = Vec::new();
        unknown_fields(value, &read, "", &mut paths);
        unknown.extend(paths.into_iter().map(|path| {
            finding(
                record.seq,
                format!(
                    "a field \"{path}\" Skald does not write: the record's hash does not cover it"
                ),
            )
        }));
        records.push(record);
    }
    Ok((records, unknown))
}

/// The paths (`body.extra`, `body.roll.draws.0.why`) of the fields of `given` that `read`, the
/// same JSON read into Skald's types and written again, does not have.
fn unknown_fields(given: &Value, read: &Value, at: &str, out: &mut Vec<String>) {
    let path = |key: &str| {
        if at.is_empty() {
            key.to_owned()
        } else {
            format!("{at}.{key}")
        }
    };
    match (given, read) {
        (Value::Object(given), Value::Object(read)) => {
            for (key, value) in given {
                match read.get(key) {
                    Some(again) => unknown_fields(value, again, &path(key), out),
                    None => out.push(path(key)),
                }
            }
        }
        (Value::Array(given), Value::Array(read)) => {
            for (i, (value, again)) in given.iter().zip(read).enumerate() {
                unknown_fields(value, again, &path(&i.to_string()), out);
            }
        }
        _ => {}
    }
}

/// An error as a finding says it: a damaged log is what verification looks for, so without the
/// "the log is damaged" before it.
fn plain(error: &crate::Error) -> String {
    match error.kind() {
        crate::ErrorKind::Corrupt(message) => message.clone(),
        _ => error.to_string(),
    }
}

fn finding(seq: u64, message: String) -> Finding {
    Finding { seq, message }
}

/// Each epoch's seed, where revealed, after checking it against the commitment made before it.
fn revealed_seeds(records: &[Record], report: &mut Report) -> BTreeMap<u32, ServerSeed> {
    let mut commitments = BTreeMap::new();
    let mut seeds = BTreeMap::new();
    for record in records {
        match &record.body {
            Body::Created { commitment, .. } => {
                commitments.insert(0, commitment.clone());
            }
            Body::EpochEnded {
                epoch,
                seed,
                next_commitment,
            } => {
                commitments.insert(epoch + 1, next_commitment.clone());
                match ServerSeed::from_hex(seed) {
                    Ok(seed) => {
                        seeds.insert(*epoch, (record.seq, seed));
                    }
                    Err(e) => report.mismatches.push(finding(record.seq, e.to_string())),
                }
            }
            _ => {}
        }
        if let Some(Secret {
            body: SecretBody::ServerSeed { epoch, seed },
            ..
        }) = &record.secret
            && let Ok(seed) = ServerSeed::from_hex(seed)
        {
            seeds.entry(*epoch).or_insert((record.seq, seed));
        }
    }
    seeds
        .into_iter()
        .filter_map(|(epoch, (seq, seed))| {
            if commitments.get(&epoch) == Some(&seed.commitment()) {
                Some((epoch, seed))
            } else {
                report.mismatches.push(finding(
                    seq,
                    format!(
                        "epoch {epoch}'s seed does not hash to the commitment made before its rolls"
                    ),
                ));
                None
            }
        })
        .collect()
}

fn check(
    table: &Table,
    record: &Record,
    seeds: &BTreeMap<u32, ServerSeed>,
    revealed: &BTreeMap<u64, Vec<(Copy, &SecretRoll)>>,
    earlier: bool,
    report: &mut Report,
) {
    let seq = record.seq;
    let reworded = |report: &mut Report, message: &str| reworded(report, seq, earlier, message);
    check_committed(record, report);
    check_allocation(table, record, report);
    match &record.body {
        Body::Command { .. } => check_command(table, record, seeds, earlier, report),
        Body::DiceRolled {
            notation,
            total,
            text,
            roll,
            ..
        } if placed_right(table, seq, roll, report) => {
            check_notation(seq, notation, *total, text, roll, seeds, report);
        }
        Body::RollFailed { .. } => check_refused_roll(table, record, seeds, earlier, report),
        Body::Undone { of } => match table.undoable() {
            Ok(undoable) if undoable == *of => {}
            Ok(undoable) => report.mismatches.push(finding(
                seq,
                format!("undoes record {of}, but undo could only take back record {undoable}"),
            )),
            Err(e) => report
                .mismatches
                .push(finding(seq, format!("undoes record {of}: {e}"))),
        },
        Body::SecretRevealed { of, .. } => {
            let is_secret_roll = table
                .records()
                .get(usize::try_from(*of).unwrap_or(usize::MAX).wrapping_sub(1))
                .is_some_and(|r| matches!(r.body, Body::SecretRolled { .. }));
            if !is_secret_roll || table.was_revealed(*of) {
                report.mismatches.push(finding(
                    seq,
                    format!("reveals record {of}, which is not a secret roll still hidden"),
                ));
            }
        }
        Body::SecretRolled { .. } => check_secret_roll(table, record, seeds, revealed, report),
        Body::Requested {
            by,
            command,
            waiting,
            lines,
        } if !lines.is_empty() && table.request_lines(*by, command, waiting) != *lines => {
            reworded(
                report,
                "the request's words are not what the table says of its command (rewritten?)",
            );
        }
        Body::Answered {
            by,
            request,
            values,
            lines,
        } if !lines.is_empty()
            && table
                .answered_lines(*by, *request, values)
                // A log written before answers named their request has the values' words only.
                .is_some_and(|again| {
                    again != *lines && again.get(1..) != Some(lines.as_slice())
                }) =>
        {
            reworded(
                report,
                "the answer's words are not what the table says of its values (rewritten?)",
            );
        }
        Body::Withdrawn {
            by,
            request,
            reason,
            lines,
        } if !lines.is_empty()
            && table
                .withdrawn_words(*by, *request, reason.as_deref())
                .is_some_and(|again| again != *lines) =>
        {
            reworded(
                report,
                "the withdrawal's words are not what the table says of it (rewritten?)",
            );
        }
        Body::Joined { player, .. }
            if usize::try_from(*player).ok() != Some(table.players().len() + 1) =>
        {
            report.mismatches.push(finding(
                seq,
                format!(
                    "seats player {player}, but the next seat is {}",
                    table.players().len() + 1
                ),
            ));
        }
        Body::Said {
            by,
            voice: Some(voice),
            ..
        } if table.owners().get(voice) != Some(by) => {
            report.mismatches.push(finding(
                seq,
                format!("said as \"{voice}\", who is not one of the speaker's characters then"),
            ));
        }
        Body::SeedContributed { seed, mix, .. } if table.live_mix().with(seed).to_hex() != *mix => {
            report.mismatches.push(finding(
                seq,
                "the mix after this seed is not SHA-256 of the mix before and the seed".into(),
            ));
        }
        _ => {}
    }
}

/// Words this edition writes otherwise: a mismatch, or in a log of an earlier edition a record
/// listed as reworded.
fn reworded(report: &mut Report, seq: u64, earlier: bool, message: &str) {
    let finding = finding(seq, message.to_owned());
    if earlier {
        report.reworded.push(finding);
    } else {
        report.mismatches.push(finding);
    }
}

/// A command's record: its seat's authority, its roll's place, the odds recorded before it, and
/// its events, words and dice as the rules give them again from the same draws.
fn check_command(
    table: &Table,
    record: &Record,
    seeds: &BTreeMap<u32, ServerSeed>,
    earlier: bool,
    report: &mut Report,
) {
    let Body::Command {
        by,
        command,
        events,
        lines,
        roll,
        odds,
    } = &record.body
    else {
        return;
    };
    let seq = record.seq;
    let reworded = |report: &mut Report, message: &str| reworded(report, seq, earlier, message);
    if let Err(e) = table.authority_of(*by, command) {
        report.mismatches.push(finding(seq, e.to_string()));
    }
    if let Some(roll) = roll
        && !placed_right(table, seq, roll, report)
    {
        return;
    }
    let again = match roll {
        Some(_) => table.game().odds(command).ok().flatten(),
        None => None,
    };
    match (odds, again) {
        (Some(odds), Some(again)) if same_odds(&again, odds) => {}
        (None, None) => {}
        (None, Some(_)) => report.mismatches.push(finding(
            seq,
            "the odds the rules gave before this roll are missing from its record".into(),
        )),
        (Some(_), _) => report.mismatches.push(finding(
            seq,
            "the odds recorded before the roll are not the rules' odds for it".into(),
        )),
    }
    let draws = roll.as_ref().map(|r| r.draws.as_slice()).unwrap_or(&[]);
    let epoch = table.live_epoch();
    let seed = seeds.get(&epoch);
    let mut dice = Replay::new(table, seed, draws);
    let decided = table.game().decide(command, &mut dice);
    if decided.is_ok() && !dice.drew(draws, seq, report) {
        return;
    }
    match decided {
        Ok(decided) if decided.events == *events && decided.lines != *lines && !earlier => {
            reworded(
                report,
                "the report lines are not what the rules say of its events (rewritten?)",
            );
        }
        Ok(decided) if decided.events == *events => {
            if decided.lines != *lines {
                // An earlier edition's words: listed; its events and dice still count.
                reworded(
                    report,
                    "the report lines are not what the rules say of its events (rewritten?)",
                );
            }
            report.commands_replayed += 1;
            if roll.is_some() {
                note_dice(
                    seq,
                    epoch,
                    seed.is_some(),
                    draws,
                    seed.map(|s| (s, table)),
                    report,
                );
            }
        }
        Ok(_) => report.mismatches.push(finding(
            seq,
            "replaying the command gives other events than recorded".into(),
        )),
        Err(e) => report.mismatches.push(finding(
            seq,
            format!("replaying the command is refused: {e}"),
        )),
    }
}

/// A command refused after its dice were drawn: refused again, in the same words, with the same
/// draws.
fn check_refused_roll(
    table: &Table,
    record: &Record,
    seeds: &BTreeMap<u32, ServerSeed>,
    earlier: bool,
    report: &mut Report,
) {
    let Body::RollFailed {
        by,
        command,
        error,
        roll,
    } = &record.body
    else {
        return;
    };
    let seq = record.seq;
    let reworded = |report: &mut Report, message: &str| reworded(report, seq, earlier, message);
    if let Err(e) = table.authority_of(*by, command) {
        report.mismatches.push(finding(seq, e.to_string()));
    }
    if !placed_right(table, seq, roll, report) {
        return;
    }
    let seed = seeds.get(&table.live_epoch());
    let mut dice = Replay::new(table, seed, &roll.draws);
    match table.game().decide(command, &mut dice) {
        Err(e) if e.to_string() == *error && !dice.drew(&roll.draws, seq, report) => {}
        Err(e) if e.to_string() == *error => {
            report.commands_replayed += 1;
            note_dice(
                seq,
                table.live_epoch(),
                seed.is_some(),
                &roll.draws,
                seed.map(|s| (s, table)),
                report,
            );
        }
        Err(e) => reworded(
            report,
            &format!("replaying the refused command is refused otherwise: {e}"),
        ),
        Ok(_) => report.mismatches.push(finding(
            seq,
            "recorded as refused after its dice, but the rules accept it with them".into(),
        )),
    }
}

/// A secret roll: its place in the dice, and every copy of its contents (the public reveal, the
/// GM's own) against its commitment, then its dice from the seed.
fn check_secret_roll(
    table: &Table,
    record: &Record,
    seeds: &BTreeMap<u32, ServerSeed>,
    revealed: &BTreeMap<u64, Vec<(Copy, &SecretRoll)>>,
    report: &mut Report,
) {
    let Body::SecretRolled {
        index,
        epoch,
        commitment,
    } = &record.body
    else {
        return;
    };
    let seq = record.seq;
    if *index != table.next_roll() || *epoch != table.live_epoch() {
        report.mismatches.push(finding(
            seq,
            format!(
                "secret roll at index {index} of epoch {epoch}, expected index {} of epoch {}",
                table.next_roll(),
                table.live_epoch()
            ),
        ));
        return;
    }
    let copies = revealed.get(&seq).map(Vec::as_slice).unwrap_or_default();
    // Every copy is checked: the public reveal is what the players read, the GM's own copy
    // what the GM reads; one may not stand in for the other.
    let mut good = None;
    for (copy, contents) in copies {
        if contents.commitment() == *commitment {
            report.secrets_checked += 1;
            good = good.or(Some(*contents));
        } else {
            report.mismatches.push(finding(
                    seq,
                    match copy {
                        Copy::Revealed(at) => format!(
                            "the revealed secret roll (record {at}) does not hash to its commitment: its dice, text, total, label or notation were changed"
                        ),
                        Copy::Gms => "the GM's copy of this secret roll does not hash to its commitment: its dice, text, total, label or notation were changed".into(),
                    },
                ));
        }
    }
    if copies.is_empty() {
        report
            .unverified
            .push(finding(seq, "secret roll not revealed".into()));
    }
    let Some(contents) = good else {
        return;
    };
    if placed_right(table, seq, &contents.roll, report) {
        check_notation(
            seq,
            &contents.notation,
            contents.total,
            &contents.text,
            &contents.roll,
            seeds,
            report,
        );
    }
}

/// A note's or a whisper's secret, where the reader has it, against the commitment its body
/// published; a record that published none is listed in [`Report::uncommitted`].
fn check_committed(record: &Record, report: &mut Report) {
    let seq = record.seq;
    let (what, commitment) = match &record.body {
        Body::Note { commitment } => ("note", commitment),
        Body::Whispered { commitment } => ("whisper", commitment),
        _ => return,
    };
    let secret = record.secret.as_ref();
    let fits = match secret {
        None => true,
        Some(Secret {
            audience: Audience::Gm,
            body: SecretBody::Note { .. },
        }) => what == "note",
        Some(Secret {
            audience: Audience::Whisper { from, to },
            body: SecretBody::Whisper { by, to: whom, .. },
        }) => what == "whisper" && from == by && to == whom,
        Some(_) => false,
    };
    if !fits {
        report.mismatches.push(finding(
            seq,
            format!("the record's secret is not a {what} for the readers a {what} has"),
        ));
        return;
    }
    let nonced = matches!(
        secret.map(|s| &s.body),
        Some(SecretBody::Note { nonce: Some(_), .. } | SecretBody::Whisper { nonce: Some(_), .. })
    );
    match (commitment, secret) {
        (Some(commitment), Some(secret)) => {
            if secret.body.commitment().as_ref() == Some(commitment) {
                report.secrets_checked += 1;
            } else {
                report.mismatches.push(finding(
                    seq,
                    format!(
                        "the {what}'s words do not hash to the commitment in its record: the {what} was changed"
                    ),
                ));
            }
        }
        // Not the reader's to read: its commitment is under the chain like any body.
        (Some(_), None) => {}
        (None, _) if nonced => report.mismatches.push(finding(
            seq,
            format!(
                "the {what}'s record carries no commitment, though its secret has the nonce of one: the commitment was removed"
            ),
        )),
        (None, _) => report.uncommitted.push(finding(
            seq,
            format!(
                "a {what} written before {what}s carried a commitment: its words are not under the hash chain"
            ),
        )),
    }
}

/// A sealed allocation (its player's secret, RULINGS C4 for Chi) against the command that
/// committed it: the system's seal of the secret's dice and salt must be that command.
fn check_allocation(table: &Table, record: &Record, report: &mut Report) {
    let (
        Body::Command { command, .. },
        Some(Secret {
            body: SecretBody::Allocation { who, spend, salt },
            ..
        }),
    ) = (&record.body, &record.secret)
    else {
        return;
    };
    if table.game().seal(who, *spend, salt).ok().as_ref() == Some(command) {
        report.secrets_checked += 1;
    } else {
        report.mismatches.push(finding(
            record.seq,
            "the allocation kept as its player's secret is not what the committed command seals: its dice or salt were changed".into(),
        ));
    }
}

/// Whether two odds say the same: the summary and every exact fraction. The decimals beside them
/// are for drawing, and a JSON round trip may move their last bit.
fn same_odds(a: &skald_core::Odds, b: &skald_core::Odds) -> bool {
    let exact = |chances: &[skald_core::Chance]| -> Vec<(String, String)> {
        chances
            .iter()
            .map(|c| (c.label.clone(), c.p.clone()))
            .collect()
    };
    a.summary == b.summary
        && exact(&a.chances) == exact(&b.chances)
        && exact(&a.distribution) == exact(&b.distribution)
}

/// A roll's epoch, index and mix must be the table's at that point.
fn placed_right(table: &Table, seq: u64, roll: &FairRoll, report: &mut Report) -> bool {
    let expected = (
        table.live_epoch(),
        table.next_roll(),
        table.live_mix().to_hex(),
    );
    if (roll.epoch, roll.index, roll.mix.clone()) == expected {
        true
    } else {
        report.mismatches.push(finding(
            seq,
            format!(
                "roll recorded at epoch {} index {} mix {}, expected epoch {} index {} mix {}",
                roll.epoch, roll.index, roll.mix, expected.0, expected.1, expected.2
            ),
        ));
        false
    }
}

fn note_dice(
    seq: u64,
    epoch: u32,
    seeded: bool,
    draws: &[Draw],
    with: Option<(&ServerSeed, &Table)>,
    report: &mut Report,
) {
    match with {
        Some((seed, table)) if seeded => {
            match skald_fair::verify(seed, table.live_mix(), table.next_roll(), draws) {
                Ok(()) => report.rolls_verified += 1,
                Err(m) => report.mismatches.push(finding(seq, m.to_string())),
            }
        }
        _ => report.unverified.push(finding(
            seq,
            format!("epoch {epoch} has not ended: its seed is not revealed yet"),
        )),
    }
}

fn check_notation(
    seq: u64,
    notation: &str,
    total: i64,
    text: &str,
    roll: &FairRoll,
    seeds: &BTreeMap<u32, ServerSeed>,
    report: &mut Report,
) {
    let Some(seed) = seeds.get(&roll.epoch) else {
        // The dice cannot be checked yet, but what the record says of them can.
        let mut dice = Recorded::new(&roll.draws);
        match skald_dice::roll_str(notation, &mut dice) {
            Ok(again) if again.total == total && roll_text(&again) == text && dice.used_all() => {
                report.unverified.push(finding(
                    seq,
                    format!(
                        "epoch {} has not ended: its seed is not revealed yet",
                        roll.epoch
                    ),
                ));
            }
            Ok(again) if dice.used_all() => report.mismatches.push(finding(
                seq,
                format!(
                    "its dice give {} (total {}), but the record says {text} (total {total})",
                    roll_text(&again),
                    again.total
                ),
            )),
            Ok(_) | Err(_) => report.mismatches.push(finding(
                seq,
                "its recorded dice are not the dice its notation rolls".into(),
            )),
        }
        return;
    };
    let Ok(mix) = skald_fair::Mix::from_hex(&roll.mix) else {
        report
            .mismatches
            .push(finding(seq, "the roll's mix is not 64 hex digits".into()));
        return;
    };
    let mut dice = FairSource::new(seed, &mix, roll.index);
    match skald_dice::roll_str(notation, &mut dice) {
        Ok(again)
            if again.total == total
                && roll_text(&again) == text
                && dice.draws() == roll.draws.as_slice() =>
        {
            report.rolls_verified += 1;
        }
        Ok(again) => {
            // Name the first die that differs when there is one; else the texts differ.
            let message = match skald_fair::verify(seed, &mix, roll.index, &roll.draws) {
                Err(mismatch) => mismatch.to_string(),
                Ok(()) if again.total != total => format!(
                    "the total is recorded as {total} but its dice make {}",
                    again.total
                ),
                Ok(()) => format!(
                    "recomputed {} from the seed, recorded {text}",
                    roll_text(&again)
                ),
            };
            report.mismatches.push(finding(seq, message));
        }
        Err(e) => report
            .mismatches
            .push(finding(seq, format!("the notation does not roll: {e}"))),
    }
}

/// The dice of a command's replay: the epoch's stream once its seed is revealed, else the
/// recorded draws.
enum Replay<'a> {
    Fair(FairSource),
    Recorded(Recorded<'a>),
}

impl<'a> Replay<'a> {
    fn new(table: &Table, seed: Option<&ServerSeed>, draws: &'a [Draw]) -> Self {
        match seed {
            Some(seed) => Replay::Fair(FairSource::new(seed, table.live_mix(), table.next_roll())),
            None => Replay::Recorded(Recorded::new(draws)),
        }
    }

    /// Whether the replay drew as many dice as the record lists (which dice they are is
    /// [`note_dice`]'s to say); a mismatch if not.
    fn drew(&self, draws: &[Draw], seq: u64, report: &mut Report) -> bool {
        let drawn = match self {
            Replay::Fair(dice) => dice.draws().len(),
            Replay::Recorded(dice) => dice.next,
        };
        if drawn == draws.len() {
            return true;
        }
        report.mismatches.push(finding(
            seq,
            format!(
                "the record lists {} but the rules drew {} replaying its command",
                skald_core::noun(draws.len(), "die", "dice"),
                drawn
            ),
        ));
        false
    }
}

impl DiceSource for Replay<'_> {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        match self {
            Replay::Fair(dice) => dice.roll(die),
            Replay::Recorded(dice) => dice.roll(die),
        }
    }
}

/// Hands out recorded draws, refusing a die other than the one recorded: replays a command whose
/// epoch's seed is not revealed yet, to check its events follow from its dice.
struct Recorded<'a> {
    draws: &'a [Draw],
    next: usize,
}

impl<'a> Recorded<'a> {
    fn new(draws: &'a [Draw]) -> Self {
        Self { draws, next: 0 }
    }

    fn used_all(&self) -> bool {
        self.next == self.draws.len()
    }
}

impl DiceSource for Recorded<'_> {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        let roll = self.next + 1;
        match self.draws.get(self.next) {
            Some(draw) if draw.die == die => {
                self.next += 1;
                Ok(draw.value)
            }
            _ => Err(SourceError::ScriptExhausted {
                roll,
                die,
                given: self.draws.len(),
            }),
        }
    }
}
