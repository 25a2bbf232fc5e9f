//! [`verify`]: recomputes every roll of an exported log from the revealed seeds and replays every
//! command through the rules, reporting each mismatch (docs/fairness.md).

use crate::record::{Body, FairRoll, Record, Secret, SecretBody, SecretRoll};
use crate::table::{Table, roll_text};
use serde::Serialize;
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
    /// Rolls that cannot be checked yet (epoch not ended, secret roll not revealed).
    pub unverified: Vec<Finding>,
    /// Everything that does not match. Empty for an honest log.
    pub mismatches: Vec<Finding>,
    /// The seq of the record where checking stopped because the log could not be folded past it
    /// (a broken chain, a record the table cannot apply); the records after it were not checked,
    /// so the counts above cover only the records before it. `None` when every record was read.
    pub stopped_at: Option<u64>,
}

impl Report {
    /// Whether nothing mismatched.
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Checks a log (as exported, redacted or not) against everything a reader reads in it:
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
pub fn verify(records: &[Record], head: Option<&str>) -> Report {
    let mut report = Report {
        records: records.len(),
        ..Report::default()
    };
    let seeds = revealed_seeds(records, &mut report);
    let revealed_rolls: BTreeMap<u64, &SecretRoll> = records
        .iter()
        .filter_map(|r| match &r.body {
            Body::SecretRevealed { of, contents } => Some((*of, contents)),
            _ => None,
        })
        .chain(records.iter().filter_map(|r| match &r.secret {
            Some(Secret {
                body: SecretBody::Roll { contents },
                ..
            }) => Some((r.seq, contents)),
            _ => None,
        }))
        .collect();
    let Some(first) = records.first() else {
        report
            .mismatches
            .push(finding(0, "the log is empty".into()));
        return report;
    };
    let mut table = match Table::from_records(vec![first.clone()]) {
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
        check(&table, record, &seeds, &revealed_rolls, &mut report);
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
    revealed: &BTreeMap<u64, &SecretRoll>,
    report: &mut Report,
) {
    let seq = record.seq;
    match &record.body {
        Body::Command {
            by,
            command,
            events,
            lines,
            roll,
            odds,
        } => {
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
            let mut dice: Box<dyn DiceSource> = match seed {
                Some(seed) => Box::new(FairSource::new(seed, table.live_mix(), table.next_roll())),
                None => Box::new(Recorded::new(draws)),
            };
            match table.game().decide(command, dice.as_mut()) {
                Ok(decided) if decided.events == *events && decided.lines != *lines => {
                    report.mismatches.push(finding(
                        seq,
                        "the report lines are not what the rules say of its events (rewritten?)"
                            .into(),
                    ));
                }
                Ok(decided) if decided.events == *events => {
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
        Body::DiceRolled {
            notation,
            total,
            text,
            roll,
            ..
        } if placed_right(table, seq, roll, report) => {
            check_notation(seq, notation, *total, text, roll, seeds, report);
        }
        Body::RollFailed {
            by,
            command,
            error,
            roll,
        } => {
            if let Err(e) = table.authority_of(*by, command) {
                report.mismatches.push(finding(seq, e.to_string()));
            }
            if !placed_right(table, seq, roll, report) {
                return;
            }
            let seed = seeds.get(&table.live_epoch());
            let mut dice: Box<dyn DiceSource> = match seed {
                Some(seed) => Box::new(FairSource::new(seed, table.live_mix(), table.next_roll())),
                None => Box::new(Recorded::new(&roll.draws)),
            };
            match table.game().decide(command, dice.as_mut()) {
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
                Err(e) => report.mismatches.push(finding(
                    seq,
                    format!("replaying the refused command is refused otherwise: {e}"),
                )),
                Ok(_) => report.mismatches.push(finding(
                    seq,
                    "recorded as refused after its dice, but the rules accept it with them".into(),
                )),
            }
        }
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
        Body::SecretRolled {
            index,
            epoch,
            commitment,
        } => {
            if *index != table.next_roll() || *epoch != table.live_epoch() {
                report.mismatches.push(finding(
                    seq,
                    format!("secret roll at index {index} of epoch {epoch}, expected index {} of epoch {}", table.next_roll(), table.live_epoch()),
                ));
                return;
            }
            let Some(contents) = revealed.get(&seq) else {
                report
                    .unverified
                    .push(finding(seq, "secret roll not revealed".into()));
                return;
            };
            if contents.commitment() != *commitment {
                report.mismatches.push(finding(
                    seq,
                    "the revealed secret roll does not hash to its commitment".into(),
                ));
            } else if placed_right(table, seq, &contents.roll, report) {
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
        Body::SeedContributed { seed, mix, .. } if table.live_mix().with(seed).to_hex() != *mix => {
            report.mismatches.push(finding(
                seq,
                "the mix after this seed is not SHA-256 of the mix before and the seed".into(),
            ));
        }
        _ => {}
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
