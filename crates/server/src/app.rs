//! [`App`]: what every request handler shares: the store, the live tables, the bounds, the
//! shutdown signal; and the few operations every route goes through (authenticate, the rates).

use crate::actor::{Role, TableCount, TokenEntry, now_ms};
use crate::client::ClientAddr;
use crate::error::ApiError;
use crate::limits::Limits;
use crate::live::LiveTable;
use crate::node::Node;
use crate::refusals::Refusals;
use crate::registry::Registry;
use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use skald_core::noun;
use skald_store::Store;
use skald_table::{Actor, Reader};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Shared server state; cheap to clone.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    registry: Arc<Registry>,
    limits: Limits,
    shutdown: CancellationToken,
    /// When the store last recounted the live tables (at most once a second).
    recount: tokio::sync::Mutex<Option<Instant>>,
    per_address: DefaultKeyedRateLimiter<ClientAddr>,
    seat_actions: DefaultKeyedRateLimiter<(Arc<str>, Actor)>,
    seat_reads: DefaultKeyedRateLimiter<(Arc<str>, Actor)>,
    creations: DefaultKeyedRateLimiter<ClientAddr>,
    server_creations: DefaultDirectRateLimiter,
    /// Rate refusals per client, logged once a minute at most ([`Refusals`]).
    refusals: Refusals,
}

impl App {
    /// The state for a server over `store` with `limits`; table tasks are tracked by `tasks`.
    /// `node`: this server among several on one PostgreSQL database ([`Node`]); `None` for a
    /// single node.
    ///
    /// # Errors
    /// [`ApiError::Store`] when the live tables cannot be counted.
    pub async fn new(
        store: Store,
        limits: Limits,
        tasks: TaskTracker,
        shutdown: CancellationToken,
        node: Option<Arc<Node>>,
    ) -> Result<Self, ApiError> {
        let live = counted_tables(&store, &limits).await?;
        let registry = Registry::new(
            store.clone(),
            limits.clone(),
            tasks,
            shutdown.clone(),
            Arc::new(TableCount::new(live)),
            node,
        );
        let per_address =
            RateLimiter::keyed(per_second(limits.address_per_second, limits.address_burst));
        let seat_actions = RateLimiter::keyed(quota(&limits, Spend::Action));
        let seat_reads = RateLimiter::keyed(quota(&limits, Spend::Read));
        let hourly = NonZeroU32::new(limits.tables_per_hour).unwrap_or(NonZeroU32::MIN);
        let creations = RateLimiter::keyed(Quota::per_hour(hourly).allow_burst(hourly));
        let all = NonZeroU32::new(limits.server_tables_per_hour).unwrap_or(NonZeroU32::MIN);
        let server_creations = RateLimiter::direct(Quota::per_hour(all).allow_burst(all));
        Ok(Self {
            inner: Arc::new(Inner {
                store,
                registry,
                limits,
                shutdown,
                recount: tokio::sync::Mutex::new(None),
                per_address,
                seat_actions,
                seat_reads,
                creations,
                server_creations,
                refusals: Refusals::default(),
            }),
        })
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The live tables.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.inner.registry
    }

    /// The bounds.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Cancelled when the server begins shutting down.
    pub fn shutdown(&self) -> &CancellationToken {
        &self.inner.shutdown
    }

    /// Reserves room for one more live table. When the count says the server is full, the store
    /// counts the live tables again (tables gone quiet since are archived out), at most once a
    /// second.
    ///
    /// # Errors
    /// [`ApiError::Limit`] when the server holds its most live tables; [`ApiError::Store`].
    pub async fn reserve_table(&self) -> Result<(), ApiError> {
        let max = self.inner.limits.max_tables;
        let count = self.inner.registry.count();
        if count.try_reserve(max) {
            return Ok(());
        }
        {
            let mut last = self.inner.recount.lock().await;
            if count.try_reserve(max) {
                return Ok(());
            }
            if last.is_none_or(|at| at.elapsed() >= Duration::from_secs(1)) {
                let live = counted_tables(&self.inner.store, &self.inner.limits).await?;
                count.recounted(live);
                *last = Some(Instant::now());
                if count.try_reserve(max) {
                    return Ok(());
                }
            }
        }
        Err(ApiError::Limit(format!(
            "this server holds {max} live tables at most (a table is archived out of \
             them after {} without activity, or {} after its creation if nobody joined it); try \
             again later",
            in_words(self.inner.limits.archive_after),
            in_words(self.inner.limits.empty_expiry)
        )))
    }

    /// A reserved table was created.
    pub fn commit_table(&self) {
        self.inner.registry.count().created();
    }

    /// Gives back a reservation whose table was not created.
    pub fn release_table(&self) {
        self.inner.registry.count().released();
    }

    /// One more table created by `client`, against its address's hourly allowance, then the
    /// whole server's ([`Limits::server_tables_per_hour`]; an address refused by its own
    /// allowance uses up nothing of the server's).
    ///
    /// # Errors
    /// [`ApiError::Limit`] saying how many per hour, and in how long to try again.
    pub fn check_creation_rate(&self, client: ClientAddr) -> Result<(), ApiError> {
        let limits = &self.inner.limits;
        self.inner
            .creations
            .check_key(&client)
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                ApiError::Limit(format!(
                    "one address may make at most {} per hour; try again in {}",
                    noun(limits.tables_per_hour as usize, "new table", "new tables"),
                    in_words(wait)
                ))
            })?;
        self.inner.server_creations.check().map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::Limit(format!(
                "this server creates at most {} per hour, from every address together, \
                 and has made them; try again in {}",
                noun(
                    limits.server_tables_per_hour as usize,
                    "new table",
                    "new tables"
                ),
                in_words(wait)
            ))
        })
    }

    /// Why a new table would be refused now, in the lobby's words, without taking anything:
    /// `Some` when the server holds its most live tables by its last count (a table made later
    /// may still find room, as quiet tables are archived and empty ones expire). `None`: it may
    /// be created.
    pub fn creation_closed(&self) -> Option<String> {
        let max = self.inner.limits.max_tables;
        self.inner.registry.count().is_full(max).then(|| {
            format!(
                "This server is full: it holds {}, its most. A table counts until it has been \
                 quiet for {} (or, if nobody joined it, for {}); try again later.",
                noun(
                    usize::try_from(max).unwrap_or(0),
                    "live table",
                    "live tables"
                ),
                in_words(self.inner.limits.archive_after),
                in_words(self.inner.limits.empty_expiry)
            )
        })
    }

    /// One HTTP request from `client` against its address's rate.
    ///
    /// # Errors
    /// [`ApiError::Limit`].
    pub fn check_address_rate(&self, client: ClientAddr) -> Result<(), ApiError> {
        self.inner.per_address.check_key(&client).map_err(|_| {
            ApiError::Limit(format!(
                "too fast: at most {} per second from one address (bursts of {})",
                noun(
                    self.inner.limits.address_per_second as usize,
                    "request",
                    "requests"
                ),
                self.inner.limits.address_burst
            ))
        })
    }

    /// One read or action of `seat` at table `table` against the seat's rate for it (HTTP and
    /// WebSocket share each).
    ///
    /// # Errors
    /// [`ApiError::Limit`].
    pub fn check_seat_rate(
        &self,
        table: &Arc<str>,
        seat: Actor,
        spend: Spend,
    ) -> Result<(), ApiError> {
        let limiter = match spend {
            Spend::Action => &self.inner.seat_actions,
            Spend::Read => &self.inner.seat_reads,
        };
        limiter
            .check_key(&(Arc::clone(table), seat))
            .map_err(|_| rate_error(&self.inner.limits, spend))
    }

    /// A 429 answered to `client` (a rate or a bound reached): counted, and logged when it is the
    /// first of the client's minute ([`Refusals`]).
    pub fn throttled(&self, client: ClientAddr) {
        self.inner.refusals.refused(client, Instant::now());
    }

    /// Forgets rate state of addresses and seats not seen lately (called now and then), and logs
    /// the count of rate refusals of each client whose minute is over.
    pub fn forget_idle_connections(&self) {
        self.inner.refusals.sweep(Instant::now());
        self.inner.per_address.retain_recent();
        self.inner.seat_actions.retain_recent();
        self.inner.seat_reads.retain_recent();
        self.inner.creations.retain_recent();
    }

    /// The live table `id` and who `token` is there.
    ///
    /// # Errors
    /// [`ApiError::NotFound`], [`ApiError::Unauthorized`], [`ApiError::Replaced`].
    pub async fn authenticate(
        &self,
        id: &str,
        token: Option<&str>,
    ) -> Result<(LiveTable, Role), ApiError> {
        let (table, entry) = self.token(id, token).await?;
        Ok((table, entry.role))
    }

    /// The live table `id` and the entry of `token` there (its role, and since when it reads its
    /// seat). A player's token that a newer one of its seat replaced (the GM handed the seat back
    /// since) is refused on every node: a node that follows the table reads the tokens again
    /// before it answers a player's token, since the owner may have made the new one a moment
    /// ago, and the new token and its `seat_handed` record are committed together.
    ///
    /// # Errors
    /// [`ApiError::NotFound`], [`ApiError::Unauthorized`], [`ApiError::Replaced`].
    async fn token(
        &self,
        id: &str,
        token: Option<&str>,
    ) -> Result<(LiveTable, TokenEntry), ApiError> {
        let handle = self.inner.registry.get(id).await?;
        let mut entry = token.and_then(|t| handle.authenticate(t));
        let may_be_stale = entry
            .as_ref()
            .is_none_or(|e| matches!(e.role, Role::Seated(Actor::Player(_))));
        if may_be_stale && token.is_some() && handle.following.load(Ordering::SeqCst) {
            // A token the owner made a moment ago may not have reached this node yet, nor one
            // that replaced it.
            handle.refresh().await?;
            entry = token.and_then(|t| handle.authenticate(t));
        }
        let entry = entry.ok_or(ApiError::Unauthorized)?;
        if handle.replaced(&entry) {
            return Err(ApiError::Replaced);
        }
        Ok((
            LiveTable::new(handle, Arc::clone(&self.inner.registry)),
            entry,
        ))
    }

    /// Like [`App::authenticate`], for someone seated (GM or player; not the invite): the seat and
    /// since when its token reads it ([`Reader`]). The seat's rate for `spend` is checked. The GM's token
    /// restores an archived table (it is live again, even past the server's cap: it is the GM's
    /// table); a player's only reads it.
    ///
    /// # Errors
    /// As [`App::authenticate`]; [`ApiError::Limit`] for a seat past its rate.
    pub async fn seated(
        &self,
        id: &str,
        token: Option<&str>,
        spend: Spend,
    ) -> Result<(LiveTable, Reader), ApiError> {
        match self.token(id, token).await? {
            (
                table,
                TokenEntry {
                    role: Role::Seated(actor),
                    since,
                    ..
                },
            ) => {
                let handle = table.handle();
                self.check_seat_rate(&handle.id, actor, spend)?;
                let now = now_ms();
                if actor == Actor::Gm
                    && handle.activity.is_archived(now)
                    && handle.activity.mark(now)
                {
                    self.inner.store.touch(&handle.id, now).await?;
                }
                Ok((table, Reader::since(actor, since)))
            }
            (_, TokenEntry { .. }) => Err(ApiError::Unauthorized),
        }
    }
}

/// What a seated request spends of its seat's rates ([`Limits::actions_per_second`],
/// [`Limits::reads_per_second`]): the two are counted apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spend {
    /// A move, an invite, a seat link: what changes the table or its seats.
    Action,
    /// Everything else a seat asks: the page, its parts, odds, advice, moves, log, export.
    Read,
}

/// A seat's quota for `spend`: its rate sustained, its burst at once.
pub fn quota(limits: &Limits, spend: Spend) -> Quota {
    match spend {
        Spend::Action => per_second(limits.actions_per_second, limits.action_burst),
        Spend::Read => per_second(limits.reads_per_second, limits.read_burst),
    }
}

fn per_second(rate: u32, burst: u32) -> Quota {
    let rate = NonZeroU32::new(rate).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
    Quota::per_second(rate).allow_burst(burst)
}

/// The refusal for a seat past its rate for `spend`.
pub fn rate_error(limits: &Limits, spend: Spend) -> ApiError {
    let (rate, burst, one, many) = match spend {
        Spend::Action => (
            limits.actions_per_second,
            limits.action_burst,
            "action",
            "actions",
        ),
        Spend::Read => (
            limits.reads_per_second,
            limits.read_burst,
            "request",
            "requests",
        ),
    };
    ApiError::Limit(format!(
        "too fast: at most {} per second from one seat (bursts of {burst})",
        noun(rate as usize, one, many),
    ))
}

/// The oldest activity (unix ms) that keeps a table live now.
fn live_since(limits: &Limits) -> i64 {
    let archive_after = i64::try_from(limits.archive_after.as_millis()).unwrap_or(i64::MAX);
    now_ms().saturating_sub(archive_after)
}

/// The tables that count towards the cap: live, and not empty past [`Limits::empty_expiry`].
async fn counted_tables(store: &Store, limits: &Limits) -> Result<i64, ApiError> {
    let expiry = i64::try_from(limits.empty_expiry.as_millis()).unwrap_or(i64::MAX);
    Ok(store
        .counted_table_count(live_since(limits), now_ms().saturating_sub(expiry))
        .await?)
}

/// A span of time as a reader says it, rounded up: "1 second", "12 seconds", "3 minutes",
/// "5 hours", "30 days".
fn in_words(span: Duration) -> String {
    let seconds = span.as_secs() + u64::from(span.subsec_nanos() > 0);
    match seconds {
        0 | 1 => "1 second".to_owned(),
        2..=119 => format!("{seconds} seconds"),
        120..=7_199 => format!("{} minutes", seconds.div_ceil(60)),
        7_200..=172_799 => format!("{} hours", seconds.div_ceil(3600)),
        _ => format!("{} days", seconds.div_ceil(86_400)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_in_the_unit_a_reader_would_use() {
        let words = |s: u64| in_words(Duration::from_secs(s));
        assert_eq!(in_words(Duration::from_millis(300)), "1 second");
        assert_eq!(words(3), "3 seconds");
        assert_eq!(words(120), "2 minutes");
        assert_eq!(words(121), "3 minutes");
        assert_eq!(words(7_200), "2 hours");
        assert_eq!(words(30 * 86_400), "30 days");
    }
}
