//! Setup over HTTP: creates the tables (`POST /api/tables`), seats the players through each
//! table's invite (`POST /api/tables/{id}/join`), and reads each table's last seq, so every client
//! knows where its WebSocket starts.
//!
//! The server limits HTTP requests per TCP connection, so each request goes on a fresh connection
//! (no keep-alive pool), and a request refused as over a limit (429) or busy (503) is tried again
//! after a pause.

use anyhow::{Context as _, bail};
use futures_util::{StreamExt as _, TryStreamExt as _, stream};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Clients one table takes here: its GM and at most 16 players (`skald_table` seats 16).
pub const MAX_CLIENTS_PER_TABLE: usize = 17;

/// How many tries a setup request gets when the server says 429 or 503.
const TRIES: u32 = 30;

/// What to set up.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The server's base URL, without a trailing slash.
    pub server: String,
    /// Tables to create.
    pub tables: usize,
    /// Clients over all tables.
    pub clients: usize,
    /// Requests in flight at once.
    pub concurrency: usize,
}

/// One client's place: its table, its token, and the seq its WebSocket starts after.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Index of the client, 0-based over all clients.
    pub index: usize,
    /// The table id.
    pub table: String,
    /// The GM's or the player's token.
    pub token: String,
    /// The table's last seq once every seat was taken.
    pub after: u64,
}

/// The seats, and how long setting them up took.
#[derive(Debug)]
pub struct Seated {
    /// Every client's seat.
    pub seats: Vec<Seat>,
    /// Creating the tables and seating the players.
    pub elapsed: Duration,
}

#[derive(Debug, Deserialize)]
struct Created {
    table: String,
    gm_token: String,
    invite: String,
}

#[derive(Debug, Deserialize)]
struct Joined {
    token: String,
}

#[derive(Debug, Deserialize)]
struct Log {
    last_seq: u64,
}

/// Clients of table `t` when `clients` are spread evenly over `tables` (the first tables take the
/// remainder).
pub fn clients_of(t: usize, tables: usize, clients: usize) -> usize {
    clients / tables + usize::from(t < clients % tables)
}

/// Creates the tables and seats every client.
///
/// # Errors
/// A request the server refused (after retries) or could not be reached.
pub async fn seat(plan: &Plan) -> anyhow::Result<Seated> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(30))
        .build()
        .context("cannot build the HTTP client")?;
    let start = Instant::now();
    let mut first = 0;
    let mut jobs = Vec::with_capacity(plan.tables);
    for t in 0..plan.tables {
        let n = clients_of(t, plan.tables, plan.clients);
        jobs.push((t, first, n));
        first += n;
    }
    let tables: Vec<Vec<Seat>> = stream::iter(jobs)
        .map(|(t, first, n)| table(&http, &plan.server, t, first, n))
        .buffer_unordered(plan.concurrency)
        .try_collect()
        .await?;
    let mut seats: Vec<Seat> = tables.into_iter().flatten().collect();
    seats.sort_by_key(|s| s.index);
    Ok(Seated {
        seats,
        elapsed: start.elapsed(),
    })
}

/// Table `t`: created with its GM as client `first`, then `n - 1` players, one after another.
async fn table(
    http: &reqwest::Client,
    server: &str,
    t: usize,
    first: usize,
    n: usize,
) -> anyhow::Result<Vec<Seat>> {
    // Both systems the issue names, alternately; a `roll` is the table's own action in each.
    let system = if t.is_multiple_of(2) { "twenty" } else { "chi" };
    let body = json!({"system": system, "title": format!("load {t}")});
    let created: Created = request(|| http.post(format!("{server}/api/tables")).json(&body))
        .await
        .with_context(|| format!("creating table {t}"))?;
    let mut tokens = vec![created.gm_token];
    for p in 1..n {
        let body = json!({"invite": created.invite, "name": format!("player {p}")});
        let joined: Joined = request(|| {
            http.post(format!("{server}/api/tables/{}/join", created.table))
                .json(&body)
        })
        .await
        .with_context(|| format!("seating player {p} at table {t}"))?;
        tokens.push(joined.token);
    }
    let log: Log = request(|| {
        http.get(format!(
            "{server}/api/tables/{}/log?after={}&limit=1",
            created.table,
            u32::MAX
        ))
        .bearer_auth(&tokens[0])
    })
    .await
    .with_context(|| format!("reading the last seq of table {t}"))?;
    Ok(tokens
        .into_iter()
        .enumerate()
        .map(|(i, token)| Seat {
            index: first + i,
            table: created.table.clone(),
            token,
            after: log.last_seq,
        })
        .collect())
}

/// Sends the request `build` makes, again after a pause while the server answers 429 or 503.
async fn request<T: serde::de::DeserializeOwned>(
    build: impl Fn() -> reqwest::RequestBuilder,
) -> anyhow::Result<T> {
    let mut pause = Duration::from_millis(20);
    let mut last = String::new();
    for _ in 0..TRIES {
        let response = build().send().await.context("request failed")?;
        let status = response.status();
        if status.is_success() {
            return response.json::<T>().await.context("reading the answer");
        }
        let text = response.text().await.unwrap_or_default();
        if status.as_u16() != 429 && status.as_u16() != 503 {
            bail!("HTTP {status}: {}", error_message(&text));
        }
        last = error_message(&text);
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(1));
    }
    // The server's limits are per client address, and all of this load comes from one.
    bail!(
        "still refused after {TRIES} tries ({last}); a server loaded from one machine needs \
         `skald serve --tables-per-hour N --address-rate N` above the load"
    )
}

/// The server's error message out of its JSON body, or the body.
fn error_message(text: &str) -> String {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v["error"]["message"].as_str().map(str::to_owned))
        .unwrap_or_else(|| text.chars().take(300).collect())
}
