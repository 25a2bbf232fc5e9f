//! A table task's writes when several nodes share one PostgreSQL database (docs/scaling.md,
//! "Several nodes"): the owner decides and commits, retrying itself when its copy of the log was
//! behind; a follower forwards each write to the owner, folds the records the owner answers with,
//! and takes the table when the owner is gone or has handed it over (`crate::handover`).
//!
//! Whatever node a client reaches, it is answered as by one server: a write is refused only for
//! the table's own reasons, never because another node moved the log on.

use crate::actor::{Fresh, Mode, TableTask};
use crate::error::ApiError;
use crate::forwarded::{Answer, Forwarded, Hop, Write, Written};
use crate::node::Node;
use crate::rows::{from_row, token_entries};
use skald_store::Owner;
use skald_table::Request;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Tries of one write: decisions against a log that moved on, or owners that could not be reached.
const ATTEMPTS: u32 = 6;
/// Rows read from the log at a time when catching up.
const CATCH_UP_ROWS: i64 = 500;

/// What a client is told when the owner stopped after its write was sent: it may have been done.
const LOST: &str = "the node holding this table stopped while your action was on its way: it may \
    or may not have been done, the table's log says which; give actions a client_id to have them \
    resent safely";

/// What a client is told when the owner did not answer in time (busy, not stopped, issue 34).
const SLOW: &str = "the node holding this table is busy and did not answer in time: your action \
    may or may not have been done, the table's log says which; give actions a client_id to have \
    them resent safely";

/// What a client is told when the owner answered, each time, that it was too busy (nothing done).
const BUSY: &str = "the node holding this table is too busy to take your action now; nothing was \
    done: send it again in a few seconds";

/// What a client is told when the owner could not be reached, and still held the table.
const UNREACHABLE: &str = "the node that holds this table could not be reached, and it was not \
    given up; try again in a few seconds";

impl TableTask {
    /// Does `write`: here when this node owns the table, else through its owner.
    pub(crate) async fn write(&mut self, write: Write) -> Result<Written, ApiError> {
        // Whether the owner last answered, too busy for the write, rather than not at all; and
        // whether an earlier try may have been done (its answer was lost; resent by client id).
        let (mut busy, mut uncertain) = (false, false);
        for attempt in 1..=ATTEMPTS {
            self.give_up_if_lost();
            let Mode::Follower(owner) = &self.mode else {
                match self.write_owned(&write).await {
                    // It lost the table on the way (another node appended, and this node's
                    // ownership session had ended): through the owner now.
                    Err(ApiError::LogMoved) if matches!(self.mode, Mode::Follower(_)) => continue,
                    other => return other,
                }
            };
            let owner = owner.clone();
            let Some(node) = self.node.clone() else {
                return self.write_owned(&write).await;
            };
            if !owner.is_empty() {
                // A refusal on this copy is given only once the copy is the log as it is now: then
                // it is the one the owner would give, typed, without a hop.
                let checked = match self.precheck(&write) {
                    Err(_) => {
                        self.catch_up(u64::MAX).await?;
                        self.precheck(&write)?
                    }
                    ok => ok?,
                };
                if let Some(written) = checked {
                    return Ok(written);
                }
                let hop = node.forward(&owner, &self.id, &write.forwarded()).await;
                busy = matches!(hop, Err(Hop::Busy));
                uncertain |= matches!(hop, Err(Hop::Lost | Hop::TimedOut));
                match hop {
                    Ok(Answer::NotOwner) | Err(Hop::Unreachable | Hop::Busy) => {}
                    Err(Hop::Lost | Hop::TimedOut) if write.is_idempotent() => {}
                    Err(Hop::Lost) => return Err(ApiError::Busy(LOST.into())),
                    Err(Hop::TimedOut) => return Err(ApiError::Busy(SLOW.into())),
                    Ok(answer) => return self.settle(answer).await,
                }
            }
            if attempt > 1 {
                tokio::time::sleep(Duration::from_millis(25 << attempt.min(5))).await;
            }
            self.claim(&node).await?;
        }
        Err(ApiError::Busy(
            match (busy, uncertain) {
                (true, false) => BUSY,
                (true, true) => SLOW,
                (false, _) => UNREACHABLE,
            }
            .into(),
        ))
    }

    /// Does `write` as the table's owner, deciding anew when the log had moved on.
    async fn write_owned(&mut self, write: &Write) -> Result<Written, ApiError> {
        let mut attempt = 1;
        loop {
            let result = match write {
                Write::Act { by, request } => self.act(*by, request).await.map(Written::Acted),
                Write::Join { name } => self
                    .join(name)
                    .await
                    .map(|(player, token)| Written::Joined(player, token)),
                Write::Invite => self.invite().await.map(Written::Invited),
                Write::SeatLink { player } => self
                    .seat_link(*player)
                    .await
                    .map(|(name, token)| Written::SeatLinked(name, token)),
            };
            match result {
                Err(ApiError::LogMoved) => {
                    // Another node appended to the log: this node may have lost its ownership
                    // session, and with it the table (issue 34). Ask before deciding again.
                    if let Some(node) = self.node.clone() {
                        // A fence that failed gave the table up already.
                        if matches!(self.mode, Mode::Follower(_)) {
                            return Err(ApiError::LogMoved);
                        }
                        node.check().await;
                        if self.give_up_if_lost() {
                            return Err(ApiError::LogMoved);
                        }
                    }
                    if attempt >= ATTEMPTS {
                        return Err(ApiError::LogMoved);
                    }
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    /// Whether this node held the table in an ownership session that has ended since (issue
    /// 34): it then holds it no more, and another node may have taken it.
    fn lost(&self) -> bool {
        match (&self.mode, &self.node) {
            (Mode::Owner(session), Some(node)) => *session != node.session(),
            _ => false,
        }
    }

    /// Gives the table up if it was lost ([`TableTask::lost`]): it follows the log from now on,
    /// and the next write finds the owner. Returns whether it did.
    pub(crate) fn give_up_if_lost(&mut self) -> bool {
        if !self.lost() {
            return false;
        }
        tracing::warn!(table = %self.id, "the ownership session ended: following the table now");
        self.mode = Mode::Follower(String::new());
        self.following.store(true, Ordering::SeqCst);
        true
    }

    /// A follower's answer without the owner: the table's refusal. `Ok(None)`: forward it (a
    /// resent action too, which the owner answers).
    fn precheck(&self, write: &Write) -> Result<Option<Written>, ApiError> {
        let now = crate::actor::now_ms();
        match write {
            Write::Act { by, request } => {
                if self.resent(*by, request).is_some() {
                    // The owner answers it: it alone remembers what the id was first sent with,
                    // and refuses the id reused for another action (`crate::resend`).
                    return Ok(None);
                }
                // The dice of this trial decision are thrown away unseen; the owner rolls its own.
                let fresh = crate::token::fresh().map_err(|e| ApiError::Store(e.to_string()))?;
                self.table.decide_request(*by, request, fresh, now)?;
            }
            Write::Join { name } => {
                self.table.join(name, now)?;
            }
            Write::SeatLink { player } => {
                self.table.hand_seat(*player, now)?;
            }
            Write::Invite => {}
        }
        Ok(None)
    }

    /// The owner's answer, with the records it made read from the log.
    async fn settle(&mut self, answer: Answer) -> Result<Written, ApiError> {
        match answer {
            Answer::Acted { seqs, records } => {
                // Read from the log only what the answer's records do not bring.
                for record in records {
                    if record.seq == self.table.last_seq() + 1 {
                        self.fold(record)?;
                    }
                }
                self.catch_up(seqs.last().copied().unwrap_or(0)).await?;
                Ok(Written::Acted(self.records_at(&seqs)))
            }
            Answer::Joined { player, token, seq } => {
                self.catch_up(seq).await?;
                self.refresh_tokens().await;
                Ok(Written::Joined(player, token))
            }
            Answer::Invited { token } => {
                self.refresh_tokens().await;
                Ok(Written::Invited(token))
            }
            Answer::SeatLinked { name, token, seq } => {
                self.catch_up(seq).await?;
                self.refresh_tokens().await;
                Ok(Written::SeatLinked(name, token))
            }
            Answer::Refused { status, error } => Err(ApiError::Relayed {
                status,
                detail: Box::new(error),
            }),
            Answer::NotOwner => Err(ApiError::Busy(
                "the table changed hands; send the action again".into(),
            )),
        }
    }

    /// Takes the table if nobody owns it (reading the rest of the log first: the last owner's
    /// last commits are in it, and this node's clients are told of them), else notes who does.
    async fn claim(&mut self, node: &Node) -> Result<(), ApiError> {
        match node.take(&self.id).await? {
            (Owner::Me, session) => {
                // As a follower still: its copy is a prefix of the log (every fold checks the hash
                // chain), so the rest read is the log, and the tokens are read as a follower's.
                self.mode = Mode::Follower(String::new());
                if let Err(e) = self.catch_up(u64::MAX).await {
                    node.release(&self.id).await;
                    return Err(e);
                }
                self.refresh_tokens().await;
                tracing::info!(table = %self.id, "took the table: its owner was gone or gave it up");
                self.mode = Mode::Owner(session);
                self.following.store(false, Ordering::SeqCst);
            }
            (Owner::At(address), _) => self.mode = Mode::Follower(address),
            (Owner::Unknown, _) => self.mode = Mode::Follower(String::new()),
        }
        Ok(())
    }

    /// Hands the table to the node at `to`, whose clients alone have written it lately
    /// ([`crate::handover`]): this node gives its ownership up and follows the table, sending
    /// its own clients' writes to `to`, which takes the table when its next forwarded write is
    /// answered [`Answer::NotOwner`] here. A table this node could not give up stays its own.
    pub(crate) async fn hand_over(&mut self, to: String) {
        let (Mode::Owner(session), Some(node)) = (&self.mode, self.node.clone()) else {
            return;
        };
        if *session != node.session() || !node.hand_over(&self.id).await {
            return;
        }
        tracing::info!(table = %self.id, to, "handed the table to the node its actions come from");
        self.mode = Mode::Follower(to);
        self.following.store(true, Ordering::SeqCst);
        self.handed_over = true;
    }

    /// Answers a write another node forwarded, as the owner. A follower answers
    /// [`Answer::NotOwner`] and the sender finds the owner, or takes the table, itself: a
    /// follower that took it here could take back a table it had just handed over.
    pub(crate) async fn answer(&mut self, forwarded: Forwarded) -> Answer {
        self.give_up_if_lost();
        if !matches!(self.mode, Mode::Owner(_)) {
            return Answer::NotOwner;
        }
        let write = match forwarded {
            Forwarded::Act { by, action } => match Request::from_json(action) {
                Ok(request) => Write::Act { by, request },
                Err(e) => return refused(&e.into()),
            },
            Forwarded::Join { name } => Write::Join { name },
            Forwarded::Invite => Write::Invite,
            Forwarded::SeatLink { player } => Write::SeatLink { player },
        };
        match self.write_owned(&write).await {
            Ok(Written::Acted(records)) => Answer::Acted {
                seqs: records.iter().map(|r| r.seq).collect(),
                records: records.iter().map(|r| (**r).clone()).collect(),
            },
            Ok(Written::Joined(player, token)) => Answer::Joined {
                player,
                token,
                seq: self.table.last_seq(),
            },
            Ok(Written::Invited(token)) => Answer::Invited { token },
            Ok(Written::SeatLinked(name, token)) => Answer::SeatLinked {
                name,
                token,
                seq: self.table.last_seq(),
            },
            // Lost on the way (issue 34): the asking node finds the owner itself.
            Err(ApiError::LogMoved) if matches!(self.mode, Mode::Follower(_)) => Answer::NotOwner,
            Err(e) => refused(&e),
        }
    }

    /// A follower reads the log as far as `fresh` asks, before a read: up to now, or up to the
    /// seq the reader has seen when its copy is behind it (a read error is logged: the copy stays
    /// as it was).
    pub(crate) async fn follow(&mut self, fresh: Fresh) {
        self.give_up_if_lost();
        if !matches!(self.mode, Mode::Follower(_)) {
            return;
        }
        let upto = match fresh {
            Fresh::Now => u64::MAX,
            Fresh::Seen(seq) if seq > self.table.last_seq() => seq,
            Fresh::Seen(_) => return,
        };
        if let Err(e) = self.catch_up(upto).await {
            tracing::warn!(table = %self.id, error = %e, "could not read the log");
        }
    }

    /// A notice that the log reached `seq` (and maybe new tokens), for a follower.
    pub(crate) async fn heard(&mut self, seq: u64, tokens: bool) {
        self.give_up_if_lost();
        if !matches!(self.mode, Mode::Follower(_)) {
            return;
        }
        if let Err(e) = self.catch_up(seq).await {
            tracing::warn!(table = %self.id, error = %e, "could not read the log after a notice");
        }
        if tokens {
            self.refresh_tokens().await;
        }
    }

    /// Rows read for this follower with other tables' (`crate::follow`): those that continue this
    /// copy are folded and published; whatever is still missing up to `seq` (rows this copy got
    /// meanwhile skipped, a gap read again) is read as after a notice.
    pub(crate) async fn read(&mut self, rows: &[skald_store::Row], seq: u64, tokens: bool) {
        self.give_up_if_lost();
        if !matches!(self.mode, Mode::Follower(_)) {
            return;
        }
        let next = |last: u64| i64::try_from(last).map_or(i64::MAX, |l| l.saturating_add(1));
        let mut folded = Ok(());
        for row in rows {
            let wanted = next(self.table.last_seq());
            if row.seq < wanted {
                continue;
            }
            if row.seq > wanted {
                break;
            }
            folded = self.fold_row(row);
            if folded.is_err() {
                break;
            }
        }
        if let Err(e) = folded {
            tracing::warn!(table = %self.id, error = %e, "could not fold a row read for a notice");
        }
        self.heard(seq, tokens).await;
    }

    /// Folds one row read from the log and publishes it to this node's clients.
    fn fold_row(&mut self, row: &skald_store::Row) -> Result<(), ApiError> {
        self.fold(from_row(row).map_err(ApiError::Store)?)
    }

    /// Folds a committed record that continues this copy and publishes it to this node's clients.
    fn fold(&mut self, record: skald_table::Record) -> Result<(), ApiError> {
        self.table.apply(record.clone())?;
        let _ = self.events.send(Arc::new(record));
        Ok(())
    }

    /// Reads and folds the records after this copy's last, until it has `seq` (or all there
    /// is), publishing each to this node's clients.
    pub(crate) async fn catch_up(&mut self, seq: u64) -> Result<(), ApiError> {
        while self.table.last_seq() < seq {
            let after = i64::try_from(self.table.last_seq()).unwrap_or(i64::MAX);
            let rows = self
                .store
                .rows_after(&self.id, after, CATCH_UP_ROWS)
                .await?;
            if rows.is_empty() {
                if seq == u64::MAX {
                    return Ok(());
                }
                return Err(ApiError::Store(format!(
                    "the log of table {} ends at seq {} but its owner said {seq}",
                    self.id,
                    self.table.last_seq()
                )));
            }
            for row in &rows {
                self.fold_row(row)?;
            }
        }
        Ok(())
    }

    /// Reads the table's tokens again (a follower's: the owner may have made new ones).
    pub(crate) async fn refresh_tokens(&mut self) {
        if !matches!(self.mode, Mode::Follower(_)) {
            return;
        }
        match self.store.tokens(&self.id).await {
            Ok(rows) => {
                if let Ok(mut tokens) = self.tokens.write() {
                    *tokens = token_entries(&rows);
                }
            }
            Err(e) => {
                tracing::warn!(table = %self.id, error = %e, "could not read the table's tokens")
            }
        }
    }
}

/// A refusal as the owner's answer.
fn refused(error: &ApiError) -> Answer {
    error.log();
    Answer::Refused {
        status: error.status().as_u16(),
        error: error.detail(),
    }
}
