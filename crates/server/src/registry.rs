//! The live tables: loaded from the store on first use, one task each, unloaded when idle.

use crate::actor::{Activity, Mode, Msg, TableCount, TableHandle, TableTask, TokenEntry};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::node::Node;
use crate::odds_gate::OddsGate;
use crate::rows::from_row;
use skald_store::{Owner, Store};
use skald_table::Table;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use tokio::sync::{Mutex, broadcast, mpsc};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The live tables of this server.
pub struct Registry {
    store: Store,
    limits: Limits,
    live: Mutex<HashMap<Arc<str>, TableHandle>>,
    generation: AtomicU64,
    tasks: TaskTracker,
    shutdown: CancellationToken,
    count: Arc<TableCount>,
    node: Option<Arc<Node>>,
    /// The node's bound on odds worked out at once, for every table.
    odds: OddsGate,
    /// The node's bound on advice beyond the roll worked out at once: apart from the odds', so
    /// a slow advice never holds up a roll's exact odds.
    advice: OddsGate,
}

/// How often a node asks whether its ownership session is alive (one round trip, no
/// transaction).
const WATCH_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

impl Registry {
    /// An empty registry over `store`. Table tasks are tracked by `tasks` so shutdown can wait for
    /// them to finish their queues.
    pub fn new(
        store: Store,
        limits: Limits,
        tasks: TaskTracker,
        shutdown: CancellationToken,
        count: Arc<TableCount>,
        node: Option<Arc<Node>>,
    ) -> Arc<Self> {
        Arc::new(Self {
            store,
            limits,
            live: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            tasks,
            shutdown,
            count,
            node,
            odds: OddsGate::default(),
            advice: OddsGate::new(
                crate::odds_gate::ADVICE_AT_ONCE,
                crate::odds_gate::ODDS_WAIT,
            ),
        })
    }

    /// The node's gate for working out odds ([`OddsGate`]): shared by every table.
    pub fn odds_gate(&self) -> &OddsGate {
        &self.odds
    }

    /// The node's gate for working out advice beyond the roll ([`OddsGate`], one at a time):
    /// shared by every table, apart from the odds' gate.
    pub fn advice_gate(&self) -> &OddsGate {
        &self.advice
    }

    /// This node among others on one PostgreSQL database; `None` on a single node.
    pub fn node(&self) -> Option<&Arc<Node>> {
        self.node.as_ref()
    }

    /// How this node holds table `id` now: taken if nobody owns it. Taken before the table is
    /// read, so the read has the last owner's last commit.
    async fn mode(&self, id: &str) -> Result<Mode, ApiError> {
        let Some(node) = &self.node else {
            return Ok(Mode::Solo);
        };
        Ok(match node.take(id).await? {
            (Owner::Me, session) => Mode::Owner(session),
            (Owner::At(address), _) => Mode::Follower(address),
            (Owner::Unknown, _) => Mode::Follower(String::new()),
        })
    }

    /// Gives table `id` up if this node took it.
    async fn give_up(&self, id: &str, mode: &Mode) {
        if let (Mode::Owner(session), Some(node)) = (mode, &self.node)
            && *session == node.session()
        {
            node.release(id).await;
        }
    }

    /// Of `tables`, those this node follows now: each with the way to its task and the seq its
    /// copy has folded (`crate::follow` reads what they lack, together).
    pub async fn followed<'a>(
        &self,
        tables: impl Iterator<Item = &'a str>,
    ) -> Vec<(Arc<str>, mpsc::Sender<Msg>, u64)> {
        let live = self.live.lock().await;
        tables
            .filter_map(|id| live.get(id))
            .filter(|h| h.following.load(Ordering::SeqCst))
            .map(|h| {
                (
                    Arc::clone(&h.id),
                    h.tx.clone(),
                    h.head.load(Ordering::SeqCst),
                )
            })
            .collect()
    }

    /// Watches this node's ownership session: every 2 s (`WATCH_EVERY`) it asks the database, and
    /// once the session was lost (a database restart, a network cut, `pg_terminate_backend`),
    /// every table this node held hears it and gives the table up, following whoever owns it now
    /// (issue 34: otherwise two nodes both act as the owner and their views part). Returns at
    /// once on a single node.
    pub async fn watch_ownership(self: Arc<Self>) {
        let Some(node) = self.node.clone() else {
            return;
        };
        let mut seen = node.session();
        loop {
            tokio::time::sleep(WATCH_EVERY).await;
            node.check().await;
            let now = node.session();
            if now != seen {
                seen = now;
                self.session_lost().await;
            }
        }
    }

    /// The ownership session was lost (issue 34): every table this node held gives itself up and
    /// reads the log as a follower (its task, hearing, sees the session moved on).
    pub async fn session_lost(&self) {
        let live = self.live.lock().await;
        for handle in live.values() {
            if !handle.following.load(Ordering::SeqCst) {
                let _ = handle.tx.try_send(Msg::Heard {
                    seq: u64::MAX,
                    tokens: true,
                });
            }
        }
    }

    /// Notices may have been lost: every table this node follows reads the log again.
    pub async fn heard_nothing_for_a_while(&self) {
        let live = self.live.lock().await;
        for handle in live.values() {
            if handle.following.load(Ordering::SeqCst) {
                let _ = handle.tx.try_send(Msg::Heard {
                    seq: u64::MAX,
                    tokens: true,
                });
            }
        }
    }

    /// The safety net under the notices (several nodes): every [`Limits::follow_every`], the last
    /// seq of every table this node follows, asked of the database in one statement per 500
    /// tables ([`Store::heads`]); a table whose copy is behind reads the rest, the others do
    /// nothing. It catches what no notice told: a notice a full queue dropped, or one a node that
    /// died between its commit and its notice never sent. Returns at once on a single node.
    /// (Issue 34: each followed table read the log on its own tick, one transaction per table
    /// every 2 s, later 30 s: most of an idle cluster's cost.)
    pub async fn follow_net(self: Arc<Self>) {
        if self.node.is_none() {
            return;
        }
        loop {
            tokio::time::sleep(self.limits.follow_every).await;
            self.check_followed().await;
        }
    }

    /// One turn of [`Registry::follow_net`].
    async fn check_followed(&self) {
        let followed: Vec<(Arc<str>, mpsc::Sender<Msg>)> = {
            let live = self.live.lock().await;
            live.values()
                .filter(|h| h.following.load(Ordering::SeqCst))
                .map(|h| (Arc::clone(&h.id), h.tx.clone()))
                .collect()
        };
        if followed.is_empty() {
            return;
        }
        let ids: Vec<&str> = followed.iter().map(|(id, _)| &**id).collect();
        let heads: HashMap<String, i64> = match self.store.heads(&ids).await {
            Ok(heads) => heads.into_iter().collect(),
            Err(e) => {
                // The database did not answer: each table reads the log itself, as before.
                tracing::warn!(error = %e, "could not read the followed tables' heads");
                followed
                    .iter()
                    .map(|(id, _)| (id.to_string(), i64::MAX))
                    .collect()
            }
        };
        for (id, tx) in &followed {
            if let Some(&head) = heads.get(&**id) {
                // A copy that has `head` already reads nothing (`catch_up`); a full queue is a
                // busy table, which the next turn checks again.
                let _ = tx.try_send(Msg::Heard {
                    seq: u64::try_from(head).unwrap_or(u64::MAX),
                    tokens: false,
                });
            }
        }
    }

    /// The count of live tables (for the server's cap).
    pub fn count(&self) -> &Arc<TableCount> {
        &self.count
    }

    /// How many tables are loaded now.
    pub async fn live_count(&self) -> usize {
        self.live.lock().await.len()
    }

    /// The live table `id` if it is loaded here now (never loading it).
    pub async fn loaded(&self, id: &str) -> Option<TableHandle> {
        let live = self.live.lock().await;
        live.get(id).filter(|h| !h.tx.is_closed()).cloned()
    }

    /// The live table `id`, loading it from the store if needed.
    ///
    /// # Errors
    /// [`ApiError::NotFound`], [`ApiError::Store`], or [`ApiError::Busy`] while shutting down.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<TableHandle, ApiError> {
        if self.shutdown.is_cancelled() {
            return Err(ApiError::Busy("the server is shutting down".into()));
        }
        if id.is_empty() || id.len() > 64 {
            return Err(ApiError::NotFound(id.chars().take(64).collect()));
        }
        let mut live = self.live.lock().await;
        if let Some(handle) = live.get(id)
            && !handle.tx.is_closed()
        {
            return Ok(handle.clone());
        }
        let mode = self.mode(id).await?;
        let loaded = match self.load(id).await {
            Ok(loaded) => loaded,
            Err(e) => {
                self.give_up(id, &mode).await;
                return Err(e);
            }
        };
        let (table, tokens, active_ms) = loaded;
        let handle = self.spawn(id, table, tokens, active_ms, mode);
        live.insert(Arc::clone(&handle.id), handle.clone());
        Ok(handle)
    }

    /// Table `id` folded from the store, its tokens and its last activity.
    async fn load(&self, id: &str) -> Result<(Table, Vec<TokenEntry>, i64), ApiError> {
        let loaded = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(id.to_owned()))?;
        let records = loaded
            .rows
            .iter()
            .map(from_row)
            .collect::<Result<Vec<_>, _>>()
            .map_err(ApiError::Store)?;
        let table = Table::from_records(skald_systems::REGISTRY, records)?;
        let tokens = crate::rows::token_entries(&loaded.tokens);
        Ok((table, tokens, loaded.active_ms))
    }

    fn spawn(
        self: &Arc<Self>,
        id: &str,
        table: Table,
        tokens: Vec<TokenEntry>,
        active_ms: i64,
        mode: Mode,
    ) -> TableHandle {
        let following = Arc::new(AtomicBool::new(matches!(mode, Mode::Follower(_))));
        let (tx, mut rx) = mpsc::channel(self.limits.table_queue);
        let (events, _) = broadcast::channel(self.limits.client_lag);
        let archive_after_ms =
            i64::try_from(self.limits.archive_after.as_millis()).unwrap_or(i64::MAX);
        let handle = TableHandle {
            id: Arc::from(id),
            generation: self.generation.fetch_add(1, Ordering::Relaxed),
            tx,
            events: events.clone(),
            tokens: Arc::new(RwLock::new(tokens)),
            activity: Arc::new(Activity::new(
                active_ms,
                archive_after_ms,
                Arc::clone(&self.count),
            )),
            sockets: Arc::default(),
            following: Arc::clone(&following),
            head: Arc::new(AtomicU64::new(table.last_seq())),
        };
        let head = Arc::clone(&handle.head);
        let mut task = TableTask {
            id: Arc::clone(&handle.id),
            table,
            store: self.store.clone(),
            events,
            tokens: Arc::clone(&handle.tokens),
            activity: Arc::clone(&handle.activity),
            node: self.node.clone(),
            mode,
            following,
            resends: Default::default(),
            writers: Default::default(),
            handed_over: false,
        };
        let registry = Arc::clone(self);
        let generation = handle.generation;
        let idle = self.limits.idle_unload;
        self.tasks.spawn(async move {
            // Idle means no request for `idle`: one deadline, moved by requests only. (A sleep
            // made anew each turn of the loop was reset by every follow tick too, so a table this
            // node followed never unloaded: issue 34.) A followed table reads the log on a notice,
            // and on the node's net (`follow_net`), both messages.
            let unload = tokio::time::sleep(idle);
            tokio::pin!(unload);
            loop {
                tokio::select! {
                    msg = rx.recv() => match msg {
                        Some(msg) => {
                            // What another node did, or the net's check, is no use of this copy:
                            // a followed table nobody here reads unloads all the same.
                            if !matches!(msg, Msg::Heard { .. } | Msg::Read { .. }) {
                                unload.as_mut().reset(tokio::time::Instant::now() + idle);
                            }
                            task.handle(msg).await;
                            head.store(task.table.last_seq(), Ordering::SeqCst);
                            if std::mem::take(&mut task.handed_over)
                                && task.events.receiver_count() == 0
                            {
                                // Handed to the node its clients reach (`crate::handover`), and
                                // nobody here watches it: following it would read every commit
                                // for nobody until the idle time ran out.
                                unload.as_mut().reset(tokio::time::Instant::now());
                            }
                        }
                        None => break,
                    },
                    () = &mut unload => {
                        unload.as_mut().reset(tokio::time::Instant::now() + idle);
                        if task.events.receiver_count() == 0 || registry.shutdown.is_cancelled() {
                            // The table stays listed until this task has answered its last
                            // message: a request meanwhile waits for the lock, then loads the
                            // table after this task's last commit, never beside it (two tasks of
                            // one table would append the same seqs).
                            let mut live = registry.live.lock().await;
                            rx.close();
                            while let Some(msg) = rx.recv().await {
                                task.handle(msg).await;
                            }
                            if live.get(&*task.id).is_some_and(|h| h.generation == generation) {
                                live.remove(&*task.id);
                            }
                            break;
                        }
                    }
                    () = registry.shutdown.cancelled() => {
                        rx.close();
                        while let Some(msg) = rx.recv().await {
                            task.handle(msg).await;
                        }
                        break;
                    }
                }
            }
            registry.give_up(&task.id, &task.mode).await;
        });
        handle
    }

    /// Registers a table just created (so its first request needs no load).
    pub async fn insert_new(
        self: &Arc<Self>,
        id: &str,
        table: Table,
        tokens: Vec<TokenEntry>,
        active_ms: i64,
    ) -> TableHandle {
        // A new id is nobody's: this node takes it (a store that cannot say keeps it here too,
        // and the unique (table, seq) guards the log as ever).
        let session = self.node.as_ref().map_or(0, |n| n.session());
        let mode = self.mode(id).await.unwrap_or(Mode::Owner(session));
        let handle = self.spawn(id, table, tokens, active_ms, mode);
        self.live
            .lock()
            .await
            .insert(Arc::clone(&handle.id), handle.clone());
        handle
    }
}
