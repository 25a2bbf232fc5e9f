//! [`LiveTable`]: a table as every caller reaches it (the API, the WebSocket, the pages): its
//! task's handle, and the table loaded again when that task unloaded between finding it and
//! asking it.
//!
//! An idle table's task stops taking messages before it unloads ([`crate::registry`]); a message
//! it refused was never decided, so asking the table loaded again is safe. Every question to a
//! table goes through here, so no caller can forget that retry.

use crate::actor::{Fresh, TableHandle};
use crate::error::ApiError;
use crate::registry::Registry;
use crate::shapes::{OddsAnswer, Summary};
use serde_json::Value;
use skald_core::Move;
use skald_table::{Action, Actor, Reader, Record, Request};
use std::future::Future;
use std::sync::Arc;

/// A live table, found again in the registry if its task unloads while asked.
#[derive(Clone)]
pub struct LiveTable {
    handle: TableHandle,
    registry: Arc<Registry>,
    /// How current a follower's copy must be for this caller's reads: as the log is now, unless
    /// the caller said how far it has seen it ([`LiveTable::seen`]).
    fresh: Fresh,
}

impl LiveTable {
    /// The table behind `handle`, found again in `registry` when it unloads.
    pub fn new(handle: TableHandle, registry: Arc<Registry>) -> Self {
        Self {
            handle,
            registry,
            fresh: Fresh::Now,
        }
    }

    /// This table for a caller that has seen the log up to `seq` already (a page told of the
    /// record on its socket): a node that follows the table answers its reads from its copy
    /// without reading the log, unless the copy is behind `seq` (docs/scaling.md, "Several
    /// nodes"). A `seq` past the log's end reads the log once, as a read of now would.
    #[must_use]
    pub fn seen(&self, seq: u64) -> Self {
        Self {
            fresh: Fresh::Seen(seq),
            ..self.clone()
        }
    }

    /// The task's handle: the table id, its tokens, its published records, its sockets.
    pub fn handle(&self) -> &TableHandle {
        &self.handle
    }

    /// Runs `ask` against the table's task; if that task was unloading at the moment (nothing
    /// was asked of it), once more against the table loaded again.
    async fn ask<T, F, Fut>(&self, ask: F) -> Result<T, ApiError>
    where
        F: Fn(TableHandle) -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        match ask(self.handle.clone()).await {
            Err(ApiError::Unloading) => {
                let handle = self.registry.get(&self.handle.id).await?;
                ask(handle).await
            }
            other => other,
        }
    }

    /// Sends an action as `by` and waits until its records are committed.
    ///
    /// # Errors
    /// The table's refusal, [`ApiError::Busy`], [`ApiError::Store`].
    pub async fn act(&self, by: Actor, request: Request) -> Result<Vec<Arc<Record>>, ApiError> {
        self.ask(|h| {
            let request = request.clone();
            async move { h.act(by, request).await }
        })
        .await
    }

    /// Seats a player called `name`: (their id, their token).
    ///
    /// # Errors
    /// As [`LiveTable::act`].
    pub async fn join(&self, name: &str) -> Result<(u32, String), ApiError> {
        self.ask(|h| {
            let name = name.to_owned();
            async move { h.join(name).await }
        })
        .await
    }

    /// A new invite token (every invite of the table stays valid).
    ///
    /// # Errors
    /// [`ApiError::Busy`], [`ApiError::Store`].
    pub async fn invite(&self) -> Result<String, ApiError> {
        self.ask(|h| async move { h.invite().await }).await
    }

    /// A new token for player `player`'s seat, for the GM to hand back: (the player's name, the
    /// token). Every earlier token of the seat stops working.
    ///
    /// # Errors
    /// A [`skald_table::ErrorKind::BadAction`] naming `player` when nobody sits there;
    /// [`ApiError::Busy`], [`ApiError::Store`].
    pub async fn seat_link(&self, player: u32) -> Result<(String, String), ApiError> {
        self.ask(|h| async move { h.seat_link(player).await }).await
    }

    /// The table's summary for `reader`.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub async fn summary(&self, reader: Actor) -> Result<Summary, ApiError> {
        let fresh = self.fresh;
        self.ask(|h| async move { h.summary(reader, fresh).await })
            .await
    }

    /// The moves legal now for `reader`.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub async fn moves(&self, reader: Actor) -> Result<Vec<Move>, ApiError> {
        let fresh = self.fresh;
        self.ask(|h| async move { h.moves(reader, fresh).await })
            .await
    }

    /// Whether the table would take `action` from `by` now, before its dice; the inner result is
    /// the table's refusal. Records nothing.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub async fn check(
        &self,
        by: Actor,
        action: &Action,
    ) -> Result<Result<(), skald_table::Error>, ApiError> {
        self.ask(|h| {
            let action = action.clone();
            async move { h.check(by, action, self.fresh).await }
        })
        .await
    }

    /// The chances of `command` before it is rolled (`None` if the system gives none), with the
    /// seq of the state they are of; no advice (see [`LiveTable::advice`]). The table's task only
    /// hands out what they need (a copy of its state); they are worked out behind the node's gate
    /// ([`crate::odds_gate`]), never on the task, so a long computation holds up no action.
    ///
    /// # Errors
    /// The table's refusal of a command that does not parse, or [`ApiError::Busy`] (the table's
    /// queue, or the gate shut past its wait).
    pub async fn odds(&self, command: &Value) -> Result<OddsAnswer, ApiError> {
        let question = self.question(command).await?;
        let seq = question.seq();
        let odds = self
            .registry
            .odds_gate()
            .run(move || question.answer())
            .await??;
        Ok(OddsAnswer {
            odds,
            advice: None,
            seq,
        })
    }

    /// The advice beyond the roll of `command` ([`skald_core::System::advice`], up to ~200 ms),
    /// with the seq of the state it is of, and no odds: worked out as [`LiveTable::odds`] are,
    /// behind a gate of its own (one at a time), so it never holds up a roll's exact odds.
    ///
    /// # Errors
    /// As [`LiveTable::odds`].
    pub async fn advice(&self, command: &Value, reader: Actor) -> Result<OddsAnswer, ApiError> {
        let question = self.question(command).await?;
        let seq = question.seq();
        let advice = self
            .registry
            .advice_gate()
            .run(move || question.advice(reader))
            .await??;
        Ok(OddsAnswer {
            odds: None,
            advice,
            seq,
        })
    }

    /// The odds of `command` and its advice beyond the roll, both of one state (one question),
    /// each behind its own gate: for the JSON API, which answers them together.
    ///
    /// # Errors
    /// As [`LiveTable::odds`].
    pub async fn odds_and_advice(
        &self,
        command: &Value,
        reader: Actor,
    ) -> Result<OddsAnswer, ApiError> {
        let question = std::sync::Arc::new(self.question(command).await?);
        let seq = question.seq();
        let asked = std::sync::Arc::clone(&question);
        let odds = self
            .registry
            .odds_gate()
            .run(move || asked.answer())
            .await??;
        let advice = self
            .registry
            .advice_gate()
            .run(move || question.advice(reader))
            .await??;
        Ok(OddsAnswer { odds, advice, seq })
    }

    /// The question for the odds or the advice of `command`, handed out by the table's task.
    async fn question(&self, command: &Value) -> Result<skald_table::OddsQuestion, ApiError> {
        self.ask(|h| {
            let command = command.clone();
            async move { h.odds_question(command, self.fresh).await }
        })
        .await
    }

    /// At most `limit` records after seq `after`, redacted for `reader`, and the table's last
    /// seq.
    ///
    /// # Errors
    /// [`ApiError::Busy`].
    pub async fn after(
        &self,
        reader: Reader,
        after: u64,
        limit: usize,
    ) -> Result<(Vec<Record>, u64), ApiError> {
        let fresh = self.fresh;
        self.ask(|h| async move { h.after(reader, after, limit, fresh).await })
            .await
    }
}
