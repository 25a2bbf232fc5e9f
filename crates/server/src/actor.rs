//! One task per live table: it alone decides, commits and folds that table's actions, in order.
//!
//! An action is acknowledged only after its records are committed to the store; the task folds
//! them in and publishes them to the table's clients only then. A failed commit changes nothing.

use crate::error::ApiError;
use crate::forwarded::{Answer, Forwarded, Write, Written};
use crate::node::Node;
pub use crate::role::{Role, TokenEntry};
use crate::rows::{seat_row, to_row, token_row};
use crate::shapes::Summary;
use crate::token;
use serde_json::Value;
use skald_core::{Move, noun, plural};
use skald_store::{Store, TokenRow};
use skald_table::{Action, Actor, OddsQuestion, Reader, Record, Request, Table, redact};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use tokio::sync::{broadcast, mpsc, oneshot};

/// Messages a table task answers.
pub enum Msg {
    /// Decide, commit, fold and publish a write (an action, a seat, an invite, a seat's new
    /// link); a node that does not own the table forwards it to the one that does.
    Write {
        /// The write.
        write: Write,
        /// What it did, or why not.
        reply: oneshot::Sender<Result<Written, ApiError>>,
    },
    /// A write another node forwarded to this one as the table's owner.
    Forwarded {
        /// The write.
        forwarded: Forwarded,
        /// The sending node's address (empty if it did not say).
        from: String,
        /// The answer for that node.
        reply: oneshot::Sender<Answer>,
    },
    /// The table's log has reached `seq` on another node (a notice): read what this node lacks.
    Heard {
        /// The log's last seq (`u64::MAX`: read all there is).
        seq: u64,
        /// Whether tokens were written too.
        tokens: bool,
    },
    /// Rows another node appended, read for this follower with other tables' in one statement
    /// (`crate::follow`): fold those after this copy's last seq, read the rest up to `seq` if
    /// they do not continue it.
    Read {
        /// The table's rows after the head it had when read, in seq order.
        rows: Vec<skald_store::Row>,
        /// The log's last seq as the notice said.
        seq: u64,
        /// Whether tokens were written too.
        tokens: bool,
    },
    /// Read the table's tokens again (a token this node did not know may be new on the owner).
    Refresh {
        /// Answered once read.
        reply: oneshot::Sender<()>,
    },
    /// The table's summary for a reader.
    Summary {
        /// How current a follower's copy must be first.
        fresh: Fresh,
        /// The reader.
        reader: Actor,
        /// The summary.
        reply: oneshot::Sender<Summary>,
    },
    /// The moves legal now for a reader.
    Moves {
        /// How current a follower's copy must be first.
        fresh: Fresh,
        /// The reader.
        reader: Actor,
        /// The moves.
        reply: oneshot::Sender<Vec<Move>>,
    },
    /// What the chances of a system command before it is rolled need, taken now: the task hands
    /// out the question and never works out odds itself (`crate::live::LiveTable::odds` does, off the task).
    OddsQuestion {
        /// How current a follower's copy must be first.
        fresh: Fresh,
        /// The command.
        command: Value,
        /// A copy of the game's state, the command, and the seq they stand at.
        reply: oneshot::Sender<OddsQuestion>,
    },
    /// Whether the table would take an action now, before its dice; records nothing.
    Check {
        /// How current a follower's copy must be first.
        fresh: Fresh,
        /// Who would send it.
        by: Actor,
        /// The action.
        action: Action,
        /// `Ok` or the refusal sending it would get.
        reply: oneshot::Sender<Result<(), skald_table::Error>>,
    },
    /// Records after a seq, redacted for a reader.
    After {
        /// How current a follower's copy must be first.
        fresh: Fresh,
        /// The reader.
        reader: Reader,
        /// Records with a greater seq.
        after: u64,
        /// At most this many.
        limit: usize,
        /// The records and the table's last seq.
        reply: oneshot::Sender<(Vec<Record>, u64)>,
    },
}

impl Msg {
    /// How current the copy must be to answer it, for a message that only reads the table.
    fn fresh(&self) -> Option<Fresh> {
        match self {
            Msg::Summary { fresh, .. }
            | Msg::Moves { fresh, .. }
            | Msg::OddsQuestion { fresh, .. }
            | Msg::Check { fresh, .. }
            | Msg::After { fresh, .. } => Some(*fresh),
            _ => None,
        }
    }
}

/// How current a follower's copy of the log must be to answer a read (docs/scaling.md, "Several
/// nodes"). An owner's copy is the log; only a follower's may be behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fresh {
    /// As the log is now: a follower reads the log first (one indexed range read, usually empty),
    /// so a client that wrote through another node reads its write here.
    #[default]
    Now,
    /// Up to at least this seq, which the reader has seen already (a page told of a record on
    /// its socket): a follower reads the log only when its copy is behind it (issue 34: a page's
    /// update asked a follower four reads of the log, each a PostgreSQL transaction).
    Seen(u64),
}

/// A live table: the way to its task, its published records, and its tokens.
#[derive(Clone)]
pub struct TableHandle {
    /// The table id.
    pub id: Arc<str>,
    /// Which load of the table this is (a reload gets a new one).
    pub generation: u64,
    /// To the task.
    pub tx: mpsc::Sender<Msg>,
    /// Committed records, as they are committed.
    pub events: broadcast::Sender<Arc<Record>>,
    /// The table's tokens, as hashes.
    pub tokens: Arc<RwLock<Vec<TokenEntry>>>,
    /// When the table was last active, and whether that makes it archived.
    pub activity: Arc<Activity>,
    /// WebSocket clients open now, by seat.
    pub sockets: Arc<Mutex<HashMap<Actor, usize>>>,
    /// Whether this node follows the table (another node owns it) rather than owning it.
    pub following: Arc<AtomicBool>,
    /// The seq of the last record this node's copy has folded, as of its task's last message:
    /// where a read of the notices heard starts (`crate::follow`).
    pub head: Arc<AtomicU64>,
}

/// The server's count of live tables, for its cap ([`crate::Limits::max_tables`]): tables live
/// when last counted, plus those created or restored since, plus creations in flight. Tables that
/// went quiet since are still in it: the count is recounted from the store when it reaches the cap.
#[derive(Debug, Default)]
pub struct TableCount {
    counts: Mutex<(i64, i64)>,
}

impl TableCount {
    /// A count starting at `live` live tables.
    pub fn new(live: i64) -> Self {
        Self {
            counts: Mutex::new((live, 0)),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut (i64, i64)) -> T) -> T {
        f(&mut self.counts.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Takes room for one more table if live and in-flight tables are fewer than `max`.
    pub fn try_reserve(&self, max: i64) -> bool {
        self.with(|(live, pending)| {
            let room = *live + *pending < max;
            if room {
                *pending += 1;
            }
            room
        })
    }

    /// Whether live and in-flight tables number `max` or more, by this count (no room taken).
    pub fn is_full(&self, max: i64) -> bool {
        self.with(|(live, pending)| *live + *pending >= max)
    }

    /// A reserved table was created.
    pub fn created(&self) {
        self.with(|(live, pending)| {
            *pending -= 1;
            *live += 1;
        });
    }

    /// A reserved table was not created.
    pub fn released(&self) {
        self.with(|(_, pending)| *pending -= 1);
    }

    /// An archived table became live again.
    pub fn restored(&self) {
        self.with(|(live, _)| *live += 1);
    }

    /// The store counted `n` live tables (creations in flight may be among them: counted twice
    /// for a moment, never missed).
    pub fn recounted(&self, n: i64) {
        self.with(|(live, _)| *live = n);
    }
}

/// When a table was last active (unix ms), shared by its handle and its task.
#[derive(Debug)]
pub struct Activity {
    active_ms: AtomicI64,
    archive_after_ms: i64,
    count: Arc<TableCount>,
}

impl Activity {
    /// A table last active at `active_ms`, archived once quiet for `archive_after_ms`.
    pub fn new(active_ms: i64, archive_after_ms: i64, count: Arc<TableCount>) -> Self {
        Self {
            active_ms: AtomicI64::new(active_ms),
            archive_after_ms,
            count,
        }
    }

    /// Whether the table is archived at `now_ms` (quiet for longer than the bound).
    pub fn is_archived(&self, now_ms: i64) -> bool {
        self.active_ms.load(Ordering::SeqCst) < now_ms.saturating_sub(self.archive_after_ms)
    }

    /// The table was active at `at_ms`. Returns whether it was archived until then (and counts
    /// it live again, once, however many mark it at the same moment).
    pub fn mark(&self, at_ms: i64) -> bool {
        let now = now_ms();
        let mut old = self.active_ms.load(Ordering::SeqCst);
        while old < at_ms {
            match self
                .active_ms
                .compare_exchange(old, at_ms, Ordering::SeqCst, Ordering::SeqCst)
            {
                Ok(_) => {
                    let was_archived = old < now.saturating_sub(self.archive_after_ms);
                    if was_archived {
                        self.count.restored();
                    }
                    return was_archived;
                }
                Err(current) => old = current,
            }
        }
        false
    }
}

/// One WebSocket client's place at its table; given back when dropped.
pub struct SocketSlot {
    sockets: Arc<Mutex<HashMap<Actor, usize>>>,
    seat: Actor,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut sockets = self.sockets.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = sockets.get_mut(&self.seat) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                sockets.remove(&self.seat);
            }
        }
    }
}

impl TableHandle {
    /// A place for one more WebSocket client of `seat`: each seat may hold `per_seat`; the players
    /// together at most `per_table - per_seat`, so the GM always has `per_seat` of their own.
    ///
    /// # Errors
    /// [`ApiError::Limit`] naming which bound is reached.
    pub fn open_socket(
        &self,
        seat: Actor,
        per_seat: usize,
        per_table: usize,
    ) -> Result<SocketSlot, ApiError> {
        let mut sockets = self.sockets.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = sockets.get(&seat).copied().unwrap_or(0);
        if mine >= per_seat {
            return Err(ApiError::Limit(format!(
                "this seat has {} open, the most one seat may have; close one (another \
                 tab or device) first",
                noun(mine, "connection", "connections")
            )));
        }
        if seat != Actor::Gm {
            let players: usize = sockets
                .iter()
                .filter(|(s, _)| **s != Actor::Gm)
                .map(|(_, n)| n)
                .sum();
            let max = per_table.saturating_sub(per_seat);
            if players >= max {
                return Err(ApiError::Limit(format!(
                    "the players of this table have {} open, the most they may have \
                     ({per_seat} more {} kept for the GM)",
                    noun(players, "connection", "connections"),
                    plural(per_seat as u64, "is", "are")
                )));
            }
        }
        *sockets.entry(seat).or_insert(0) += 1;
        Ok(SocketSlot {
            sockets: Arc::clone(&self.sockets),
            seat,
        })
    }

    /// The entry of `token` at this table (its role, and since when it reads its seat), comparing
    /// hashes in constant time; `None` if it is none of this table's.
    pub fn authenticate(&self, token: &str) -> Option<TokenEntry> {
        if token.is_empty() || token.len() > token::MAX_TOKEN_LEN {
            return None;
        }
        let tokens = self.tokens.read().ok()?;
        let mut found = None;
        for entry in tokens.iter() {
            if token::matches(token, &entry.hash) {
                found = Some(entry.clone());
            }
        }
        found
    }

    /// Whether a newer token of the same seat replaces `entry` (the GM handed the seat back
    /// since it was made): such a token is refused ([`ApiError::Replaced`]).
    pub fn replaced(&self, entry: &TokenEntry) -> bool {
        self.tokens
            .read()
            .map(|tokens| tokens.iter().any(|newer| entry.replaced_by(newer)))
            .unwrap_or(true)
    }

    async fn ask<T>(&self, msg: Msg, rx: oneshot::Receiver<T>) -> Result<T, ApiError> {
        self.tx.try_send(msg).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                ApiError::Busy("the table is busy: too many actions waiting, try again".into())
            }
            mpsc::error::TrySendError::Closed(_) => ApiError::Unloading,
        })?;
        rx.await.map_err(|_| ApiError::Unloading)
    }

    /// Sends a write and waits until it is committed.
    ///
    /// # Errors
    /// The table's refusal, [`ApiError::Busy`], or [`ApiError::Store`].
    async fn write(&self, write: Write) -> Result<Written, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(Msg::Write { write, reply }, rx).await?
    }

    /// Sends an action and waits until its records are committed.
    ///
    /// # Errors
    /// The table's refusal, [`ApiError::Busy`], or [`ApiError::Store`].
    pub(crate) async fn act(
        &self,
        by: Actor,
        request: Request,
    ) -> Result<Vec<Arc<Record>>, ApiError> {
        match self.write(Write::Act { by, request }).await? {
            Written::Acted(records) => Ok(records),
            other => Err(mismatch(&other)),
        }
    }

    /// Seats a player.
    ///
    /// # Errors
    /// As [`TableHandle::act`].
    pub(crate) async fn join(&self, name: String) -> Result<(u32, String), ApiError> {
        match self.write(Write::Join { name }).await? {
            Written::Joined(player, token) => Ok((player, token)),
            other => Err(mismatch(&other)),
        }
    }

    /// A new invite (stored as its hash; every invite of the table stays valid).
    ///
    /// # Errors
    /// [`ApiError::Busy`], [`ApiError::Store`].
    pub(crate) async fn invite(&self) -> Result<String, ApiError> {
        match self.write(Write::Invite).await? {
            Written::Invited(token) => Ok(token),
            other => Err(mismatch(&other)),
        }
    }

    /// A new token for player `player`'s seat (stored as its hash), reading the seat from the
    /// `seat_handed` record it is made with; every earlier token of the seat stops working.
    ///
    /// # Errors
    /// [`skald_table::ErrorKind::BadAction`] when nobody sits in that seat, [`ApiError::Busy`],
    /// [`ApiError::Store`].
    pub(crate) async fn seat_link(&self, player: u32) -> Result<(String, String), ApiError> {
        match self.write(Write::SeatLink { player }).await? {
            Written::SeatLinked(name, token) => Ok((name, token)),
            other => Err(mismatch(&other)),
        }
    }

    /// A write forwarded by another node, answered as this table's owner.
    ///
    /// # Errors
    /// [`ApiError::Busy`], [`ApiError::Unloading`].
    pub(crate) async fn forwarded(
        &self,
        forwarded: Forwarded,
        from: String,
    ) -> Result<Answer, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(
            Msg::Forwarded {
                forwarded,
                from,
                reply,
            },
            rx,
        )
        .await
    }

    /// Reads the table's tokens again (a follower's, when a token is not among those it has).
    ///
    /// # Errors
    /// [`ApiError::Busy`], [`ApiError::Unloading`].
    pub(crate) async fn refresh(&self) -> Result<(), ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(Msg::Refresh { reply }, rx).await
    }

    /// The summary for `reader`.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub(crate) async fn summary(&self, reader: Actor, fresh: Fresh) -> Result<Summary, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(
            Msg::Summary {
                reader,
                fresh,
                reply,
            },
            rx,
        )
        .await
    }

    /// The moves legal now for `reader`.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub(crate) async fn moves(&self, reader: Actor, fresh: Fresh) -> Result<Vec<Move>, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(
            Msg::Moves {
                reader,
                fresh,
                reply,
            },
            rx,
        )
        .await
    }

    /// What the chances of `command` before it is rolled need, at the table's state now: to be
    /// answered off the task ([`OddsQuestion::answer`]).
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub(crate) async fn odds_question(
        &self,
        command: Value,
        fresh: Fresh,
    ) -> Result<OddsQuestion, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(
            Msg::OddsQuestion {
                command,
                fresh,
                reply,
            },
            rx,
        )
        .await
    }

    /// Whether the table would take `action` from `by` now, as far as can be known before its
    /// dice ([`skald_table::Table::check`]); the inner result is the table's refusal.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub(crate) async fn check(
        &self,
        by: Actor,
        action: Action,
        fresh: Fresh,
    ) -> Result<Result<(), skald_table::Error>, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(
            Msg::Check {
                by,
                action,
                fresh,
                reply,
            },
            rx,
        )
        .await
    }

    /// Records after `after`, redacted for `reader`, and the last seq.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub(crate) async fn after(
        &self,
        reader: Reader,
        after: u64,
        limit: usize,
        fresh: Fresh,
    ) -> Result<(Vec<Record>, u64), ApiError> {
        let (reply, rx) = oneshot::channel();
        self.ask(
            Msg::After {
                reader,
                after,
                limit,
                fresh,
                reply,
            },
            rx,
        )
        .await
    }
}

/// The state a table task owns.
pub struct TableTask {
    /// The table id.
    pub id: Arc<str>,
    /// The folded log.
    pub table: Table,
    /// Where records are committed.
    pub store: Store,
    /// Where committed records are published.
    pub events: broadcast::Sender<Arc<Record>>,
    /// The table's tokens (shared with its handle).
    pub tokens: Arc<RwLock<Vec<TokenEntry>>>,
    /// When the table was last active (shared with its handle).
    pub activity: Arc<Activity>,
    /// This node among others on one PostgreSQL database; `None` on a single node.
    pub node: Option<Arc<Node>>,
    /// Whether this node owns the table.
    pub mode: Mode,
    /// Whether it follows (shared with its handle, for the notices).
    pub following: Arc<AtomicBool>,
    /// What each recent `client_id` asked for, to refuse an id reused for another action.
    pub resends: crate::resend::Resends,
    /// Who has written the table lately, for handing it to the node its clients reach
    /// ([`crate::handover`]).
    pub writers: crate::handover::Writers,
    /// Whether the last message handed the table over (read and cleared by the registry, which
    /// unloads it when nobody here watches it).
    pub handed_over: bool,
}

/// How this node holds a live table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The only node (SQLite): it decides and commits.
    Solo,
    /// It owns the table among several nodes, taken in this ownership session
    /// ([`crate::node::Node::session`]): it decides and commits while the session is that one.
    Owner(u64),
    /// Another node owns it, last seen at this address (empty: not known): this node forwards
    /// writes there and reads the log after each notice.
    Follower(String),
}

impl TableTask {
    /// Answers one message.
    pub async fn handle(&mut self, msg: Msg) {
        if let Some(fresh) = msg.fresh() {
            // A follower answers a read from the log as it is now (or as far as the reader has
            // seen it), not as the last notice left it: a client that wrote through another node
            // reads its write here too.
            self.follow(fresh).await;
        }
        match msg {
            Msg::Write { write, reply } => {
                if matches!(write, Write::Act { .. }) {
                    self.writers.local();
                }
                let result = self.write(write).await;
                let _ = reply.send(result);
            }
            Msg::Forwarded {
                forwarded,
                from,
                reply,
            } => {
                let answer = self.answer(forwarded).await;
                let handover = match answer {
                    Answer::Acted { .. } => self.writers.forwarded(&from),
                    _ => None,
                };
                let _ = reply.send(answer);
                if let Some(to) = handover {
                    self.hand_over(to).await;
                }
            }
            Msg::Heard { seq, tokens } => self.heard(seq, tokens).await,
            Msg::Read { rows, seq, tokens } => self.read(&rows, seq, tokens).await,
            Msg::Refresh { reply } => {
                self.refresh_tokens().await;
                let _ = reply.send(());
            }
            Msg::Summary { reader, reply, .. } => {
                let _ = reply.send(self.summary(reader));
            }
            Msg::Moves { reader, reply, .. } => {
                let _ = reply.send(self.table.moves(reader));
            }
            // Only the question: its answer may take a simulation's time, which would hold up
            // every other seat's actions here (ARCHITECTURE.md, "Odds").
            Msg::OddsQuestion { command, reply, .. } => {
                let _ = reply.send(self.table.odds_question(&command));
            }
            Msg::Check {
                by, action, reply, ..
            } => {
                let _ = reply.send(self.table.check(by, &action));
            }
            Msg::After {
                reader,
                after,
                limit,
                reply,
                ..
            } => {
                let start = usize::try_from(after).unwrap_or(usize::MAX);
                let records = self
                    .table
                    .records()
                    .iter()
                    .skip(start)
                    .take(limit)
                    .map(|r| redact(r, reader))
                    .collect();
                let _ = reply.send((records, self.table.last_seq()));
            }
        }
    }

    /// The table's summary for `reader`.
    fn summary(&self, reader: Actor) -> Summary {
        crate::export::summary_of(&self.table, &self.id, reader)
    }

    pub(crate) async fn act(
        &mut self,
        by: Actor,
        request: &Request,
    ) -> Result<Vec<Arc<Record>>, ApiError> {
        if let Some(client) = request.client.as_deref()
            && self.resends.differs(by, client, &request.action)
        {
            return Err(ApiError::BadRequest(format!(
                "the client id \"{client}\" was sent before with another action; give each new \
                 action an id of its own (only an action sent again keeps its id)"
            )));
        }
        if let Some(records) = self.resent(by, request) {
            return Ok(records);
        }
        let fresh = token::fresh().map_err(|e| ApiError::Store(e.to_string()))?;
        let records = self.table.decide_request(by, request, fresh, now_ms())?;
        let committed = self.commit(records, Vec::new()).await?;
        if let Some(client) = request.client.as_deref() {
            self.resends.remember(by, client, &request.action);
        }
        Ok(committed)
    }

    /// What a resent action did the first time (its answer was lost: a dropped connection, a
    /// server killed between commit and reply), so it is answered with that, not done again;
    /// `None` for an action not sent before.
    pub(crate) fn resent(&self, by: Actor, request: &Request) -> Option<Vec<Arc<Record>>> {
        let seqs = self.table.earlier(by, request.client.as_deref()?)?;
        Some(self.records_at(seqs))
    }

    /// The records at `seqs`, from this task's copy of the log.
    pub(crate) fn records_at(&self, seqs: &[u64]) -> Vec<Arc<Record>> {
        let records = self.table.records();
        seqs.iter()
            .filter_map(|seq| records.get(usize::try_from(*seq).ok()?.checked_sub(1)?))
            .map(|r| Arc::new(r.clone()))
            .collect()
    }

    pub(crate) async fn join(&mut self, name: &str) -> Result<(u32, String), ApiError> {
        let record = self.table.join(name, now_ms())?;
        let (player, seated_as) = match &record.body {
            skald_table::Body::Joined { player, name } => (*player, name.clone()),
            _ => (0, name.to_owned()),
        };
        let token = self.seat_token(record, player, &seated_as).await?;
        Ok((player, token))
    }

    /// Commits `record` (the seat's `joined` or `seat_handed`) with a new token for player
    /// `player`'s seat (kept with the player's `name`, for the lobby), and gives the token.
    async fn seat_token(
        &mut self,
        record: Record,
        player: u32,
        name: &str,
    ) -> Result<String, ApiError> {
        let token = token::new_token().map_err(|e| ApiError::Store(e.to_string()))?;
        let entry = TokenEntry {
            hash: token::hash(&token),
            role: Role::Seated(Actor::Player(player)),
            // The record it is made with: it reads the seat from there on, and replaces every
            // earlier token of the seat (committed with the record, so every node that reads the
            // record reads the token too).
            since: record.seq,
        };
        self.commit(vec![record], vec![seat_row(&entry, name)])
            .await?;
        if let Ok(mut tokens) = self.tokens.write() {
            tokens.push(entry);
        }
        Ok(token)
    }

    /// A new token for player `player`'s seat, committed with the `seat_handed` record that tells
    /// every seat so: (the player's name, the token).
    pub(crate) async fn seat_link(&mut self, player: u32) -> Result<(String, String), ApiError> {
        let record = self.table.hand_seat(player, now_ms())?;
        let name = self.table.player("player", player)?.name.clone();
        let token = self.seat_token(record, player, &name).await?;
        Ok((name, token))
    }

    pub(crate) async fn invite(&mut self) -> Result<String, ApiError> {
        let token = token::new_token().map_err(|e| ApiError::Store(e.to_string()))?;
        let entry = TokenEntry {
            hash: token::hash(&token),
            role: Role::Invite,
            since: 0,
        };
        if let Err(e) = self.append(Vec::new(), vec![token_row(&entry)]).await {
            return Err(self.refused_write(e).await);
        }
        if let Ok(mut tokens) = self.tokens.write() {
            tokens.push(entry);
        }
        Ok(token)
    }

    /// Commits, then folds and publishes. Nothing is folded if the commit fails.
    async fn commit(
        &mut self,
        records: Vec<Record>,
        tokens: Vec<TokenRow>,
    ) -> Result<Vec<Arc<Record>>, ApiError> {
        let rows = records.iter().map(to_row).collect();
        if let Err(e) = self.append(rows, tokens).await {
            if matches!(e.kind(), skald_store::ErrorKind::NotOwner { .. }) {
                return Err(self.refused_write(e).await);
            }
            if matches!(
                e.kind(),
                skald_store::ErrorKind::Conflict { .. }
                    | skald_store::ErrorKind::NotContiguous { .. }
            ) {
                // The log moved on without this task (a server killed mid-commit whose last batch
                // landed after this one loaded, or a second node): the log is the truth, so fold it
                // again and let the sender decide anew against it.
                self.reload().await?;
                return Err(ApiError::LogMoved);
            }
            return Err(e.into());
        }
        if let Some(last) = records.last() {
            self.activity.mark(last.at_ms);
        }
        let mut published = Vec::with_capacity(records.len());
        for record in records {
            self.table.apply(record.clone())?;
            let record = Arc::new(record);
            let _ = self.events.send(Arc::clone(&record));
            published.push(record);
        }
        Ok(published)
    }

    /// Appends to the store; fenced when this node owns the table among several (docs/scaling.md,
    /// "Fencing"): the write's transaction checks that the ownership session the table was
    /// taken in still holds its lock, and writes nothing if not.
    async fn append(
        &self,
        rows: Vec<skald_store::Row>,
        tokens: Vec<TokenRow>,
    ) -> Result<(), skald_store::Error> {
        match (&self.mode, &self.node) {
            (Mode::Owner(session), Some(node)) => {
                let fence = node.fence(&self.id, *session)?;
                self.store
                    .append_fenced(&self.id, rows, tokens, fence)
                    .await
            }
            // A follower decides nothing: the write goes to the owner (`crate::writes`).
            (Mode::Follower(_), Some(_)) => Err(skald_store::ErrorKind::NotOwner {
                table: self.id.to_string(),
            }
            .into()),
            _ => self.store.append(&self.id, rows, tokens).await,
        }
    }

    /// What a failed append becomes: a fence that failed ([`skald_store::ErrorKind::NotOwner`])
    /// means this node holds the table no more, whatever it believed (its ownership session
    /// ended, and another node may own the table now): it gives the table up, follows the log,
    /// and the write is sent to the owner, or the table taken again ([`ApiError::LogMoved`],
    /// which `crate::writes` turns into that; nothing was written). Any other error is the
    /// store's.
    async fn refused_write(&mut self, error: skald_store::Error) -> ApiError {
        if !matches!(error.kind(), skald_store::ErrorKind::NotOwner { .. }) {
            return error.into();
        }
        tracing::warn!(
            table = %self.id,
            "a write was fenced off: this node's ownership session no longer holds the table; \
             following it now"
        );
        if let Some(node) = self.node.clone() {
            // The session is most likely gone: open it again now, not at the next 2-s check.
            node.check().await;
        }
        self.mode = Mode::Follower(String::new());
        self.following.store(true, Ordering::SeqCst);
        ApiError::LogMoved
    }

    /// Reads the table's log and tokens again from the store and folds them anew.
    pub(crate) async fn reload(&mut self) -> Result<(), ApiError> {
        let loaded = self
            .store
            .load(&self.id)
            .await?
            .ok_or_else(|| ApiError::NotFound(self.id.to_string()))?;
        let records = loaded
            .rows
            .iter()
            .map(crate::rows::from_row)
            .collect::<Result<Vec<_>, _>>()
            .map_err(ApiError::Store)?;
        self.table = Table::from_records(skald_systems::REGISTRY, records)?;
        let tokens = crate::rows::token_entries(&loaded.tokens);
        if let Ok(mut held) = self.tokens.write() {
            *held = tokens;
        }
        Ok(())
    }
}

/// The refusal for a write answered with another write's result (which no task gives).
fn mismatch(written: &Written) -> ApiError {
    // Which kind only: a result may hold a token.
    let kind = match written {
        Written::Acted(_) => "an action's",
        Written::Joined(..) => "a join's",
        Written::Invited(_) => "an invite's",
        Written::SeatLinked(..) => "a seat link's",
    };
    ApiError::Store(format!("the table answered a write with {kind} result"))
}

/// Now, in Unix milliseconds (the shell's clock; the rules never read one).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
