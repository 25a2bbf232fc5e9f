//! What a table's records cost, and the budgets that bound it (issue 30, "Bounded cost per table
//! and per page"): [`TABLE_BYTES`] for the table, [`SEAT_BYTES`] and [`SEAT_RECORDS_PER_HOUR`] for
//! each player's seat, with [`GM_ROOM`] of the table kept for the GM.
//!
//! A record's cost is its stored size ([`stored_bytes`]: its JSON, secret included). The fold
//! keeps each seat's total and the times of its latest records (`Spent`); `decide` checks the
//! records it is about to return against them before they are committed, on the log's own times
//! (the server hands the time in), so the bounds hold on every node and after a restart. Who a
//! record is charged to is the seat that made it (its `by`; a join is the new player's; the GM's
//! own records, the table's).

pub use crate::bytes::in_words;
use crate::error::{Error, ErrorKind};
use crate::limits::{GM_ROOM, SEAT_BYTES, SEAT_RECORDS_PER_HOUR, TABLE_BYTES};
use crate::record::{Actor, Record};
use std::collections::{BTreeMap, VecDeque};

/// The window [`SEAT_RECORDS_PER_HOUR`] counts over, in milliseconds.
const HOUR_MS: i64 = 3_600_000;

/// `record`'s stored size in bytes: the length of its JSON (`serde_json`, no spaces), as the JSON
/// export writes it, its secret included. Counted without building the text.
pub fn stored_bytes(record: &Record) -> u64 {
    let mut counter = Counter(0);
    // Writing to a counter cannot fail; a record always serializes (its `Value`s are JSON).
    let _ = serde_json::to_writer(&mut counter, record);
    counter.0
}

/// An `io::Write` that only counts.
struct Counter(u64);

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What a table's records have cost so far: folded from the log with [`Spent::add`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Spent {
    /// Every record's [`stored_bytes`], summed.
    table: u64,
    /// The same per seat that made the records.
    seats: BTreeMap<Actor, u64>,
    /// The times (`at_ms`) of each player's latest [`SEAT_RECORDS_PER_HOUR`] records, oldest
    /// first.
    recent: BTreeMap<Actor, VecDeque<i64>>,
}

impl Spent {
    /// Counts one committed `record`, made by `seat`.
    pub(crate) fn add(&mut self, seat: Actor, record: &Record) {
        let bytes = stored_bytes(record);
        self.table += bytes;
        *self.seats.entry(seat).or_default() += bytes;
        if let Actor::Player(_) = seat {
            let times = self.recent.entry(seat).or_default();
            if times.len() == SEAT_RECORDS_PER_HOUR {
                times.pop_front();
            }
            times.push_back(record.at_ms);
        }
    }

    /// The bytes every record of the table takes.
    pub(crate) fn table_bytes(&self) -> u64 {
        self.table
    }

    /// The bytes the records `seat` made take.
    pub(crate) fn seat_bytes(&self, seat: Actor) -> u64 {
        self.seats.get(&seat).copied().unwrap_or(0)
    }

    /// Whether `by` may act now, at `at_ms`: the table's records take less than [`TABLE_BYTES`]
    /// (a player's action: less than [`TABLE_BYTES`] less [`GM_ROOM`]), and a player's less than
    /// [`SEAT_BYTES`], of which fewer than [`SEAT_RECORDS_PER_HOUR`] in the last hour.
    ///
    /// Only what is committed is counted, never the records the action is about to make: their
    /// size depends on its dice, and a refusal that followed from dice not recorded would tell
    /// the sender something of the next roll, which reuses them (docs/fairness.md). So the action
    /// that crosses a budget is taken, and the next one refused: a budget is passed by one
    /// action's records at most (a roll's at most about 810 KB, [`crate::limits::ROLL_THROWS`]).
    ///
    /// # Errors
    /// [`ErrorKind::SeatRecordsPerHour`], [`ErrorKind::SeatBytes`], [`ErrorKind::TableBytes`].
    pub(crate) fn check(&self, by: Actor, at_ms: i64) -> Result<(), Error> {
        if let Actor::Player(_) = by {
            self.check_pace(by, at_ms)?;
            let used = self.seat_bytes(by);
            if used >= SEAT_BYTES {
                return Err(ErrorKind::SeatBytes {
                    used,
                    max: SEAT_BYTES,
                }
                .into());
            }
        }
        let max = match by {
            Actor::Gm => TABLE_BYTES,
            Actor::Player(_) => TABLE_BYTES - GM_ROOM,
        };
        if self.table >= max {
            return Err(ErrorKind::TableBytes {
                used: self.table,
                max,
                gm: by == Actor::Gm,
            }
            .into());
        }
        Ok(())
    }

    /// Fewer than [`SEAT_RECORDS_PER_HOUR`] records of player `by` in the hour up to `at_ms`.
    fn check_pace(&self, by: Actor, at_ms: i64) -> Result<(), Error> {
        let since = at_ms.saturating_sub(HOUR_MS);
        let Some(times) = self.recent.get(&by) else {
            return Ok(());
        };
        let mut within = times.iter().rev().take_while(|t| **t > since);
        // The oldest of the last SEAT_RECORDS_PER_HOUR, if they all fall within the hour: the
        // seat may act again once it is an hour old.
        let Some(oldest) = within.nth(SEAT_RECORDS_PER_HOUR - 1) else {
            return Ok(());
        };
        let wait_ms = oldest.saturating_sub(since).max(0);
        Err(ErrorKind::SeatRecordsPerHour {
            max: SEAT_RECORDS_PER_HOUR,
            wait_minutes: u64::try_from(wait_ms.div_euclid(60_000) + 1).unwrap_or(1),
        }
        .into())
    }
}
