//! Setup over HTTP: creates the tables (`POST /api/tables`), seats the players through each
//! table's invite (`POST /api/tables/{id}/join`), and reads each table's last seq, so every client
//! knows where its WebSocket starts.
//!
//! Given several nodes of one cluster, the tables are created round-robin over them (table t on
//! node t mod N, which so owns it) and each client joins on its own node (client i on node
//! i mod N): a table's seats land on different nodes, as behind a balancer that knows nothing of
//! tables, so joins, actions and fan-out cross nodes. With `--route-by-table`, every client of
//! table t is on node t mod N instead, as behind a balancer that routes by table id.
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
    /// The servers' base URLs, without a trailing slash: one, or several nodes of one cluster
    /// (at least one).
    pub servers: Vec<String>,
    /// Tables to create.
    pub tables: usize,
    /// Clients over all tables.
    pub clients: usize,
    /// Requests in flight at once.
    pub concurrency: usize,
    /// Every client of a table on the node its table was created on (which owns it), as behind a
    /// balancer that routes by table id, instead of client i on node i mod N.
    pub by_table: bool,
    /// Every table made on the node after its own (t+1 mod N), which so owns it at first: behind
    /// a balancer that routes by table id, the request that makes a table names none yet and goes
    /// to any node. With [`Plan::by_table`], every table's clients then act through a node that
    /// does not own it, until the owner hands it over (docs/scaling.md, "Ownership follows the
    /// writers").
    pub made_elsewhere: bool,
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
    /// The node it joined on and opens its WebSocket on (an index into the servers).
    pub node: usize,
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

impl Plan {
    /// The node table `t` is created on (and read through): `t mod N`, or `t+1 mod N` when made
    /// elsewhere ([`Plan::made_elsewhere`]).
    pub fn server_of_table(&self, t: usize) -> &str {
        round_robin(&self.servers, t + usize::from(self.made_elsewhere))
    }

    /// The node client `index` of table `t` joins on and opens its WebSocket on: `index mod N`,
    /// or `t mod N` when routed by table ([`Plan::by_table`]), as an index into the servers.
    pub fn node_of_client(&self, t: usize, index: usize) -> usize {
        let i = if self.by_table { t } else { index };
        i.checked_rem(self.servers.len()).unwrap_or(0)
    }

    /// The server of [`Plan::node_of_client`].
    pub fn server_of_client(&self, t: usize, index: usize) -> &str {
        self.servers
            .get(self.node_of_client(t, index))
            .map_or("", String::as_str)
    }
}

/// `servers[i mod N]`; the empty string when there is no server (main refuses that first).
pub fn round_robin(servers: &[String], i: usize) -> &str {
    i.checked_rem(servers.len())
        .and_then(|k| servers.get(k))
        .map_or("", String::as_str)
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
        .map(|(t, first, n)| table(&http, plan, t, first, n))
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

/// Table `t`: created with its GM as client `first` (on the table's node), then `n - 1` players,
/// one after another, each on its own node.
async fn table(
    http: &reqwest::Client,
    plan: &Plan,
    t: usize,
    first: usize,
    n: usize,
) -> anyhow::Result<Vec<Seat>> {
    // Both systems the issue names, alternately; a `roll` is the table's own action in each.
    let system = if t.is_multiple_of(2) { "twenty" } else { "chi" };
    let body = json!({"system": system, "title": format!("load {t}")});
    let server = plan.server_of_table(t);
    let created: Created = request(|| http.post(format!("{server}/api/tables")).json(&body))
        .await
        .with_context(|| format!("creating table {t}"))?;
    let mut tokens = vec![created.gm_token];
    for p in 1..n {
        let body = json!({"invite": created.invite, "name": format!("player {p}")});
        let node = plan.server_of_client(t, first + p);
        let joined: Joined = request(|| {
            http.post(format!("{node}/api/tables/{}/join", created.table))
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
            node: plan.node_of_client(t, first + i),
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

#[cfg(test)]
mod tests {
    use super::{Plan, clients_of, round_robin};

    fn plan(servers: &[&str]) -> Plan {
        Plan {
            servers: servers.iter().map(|s| (*s).to_owned()).collect(),
            tables: 3,
            clients: 10,
            concurrency: 1,
            by_table: false,
            made_elsewhere: false,
        }
    }

    #[test]
    fn one_server_takes_everything() {
        let p = plan(&["http://a"]);
        assert_eq!(p.server_of_table(0), "http://a");
        assert_eq!(p.server_of_table(2), "http://a");
        assert_eq!(p.server_of_client(0, 0), "http://a");
        assert_eq!(p.server_of_client(2, 9), "http://a");
    }

    #[test]
    fn tables_and_clients_go_round_robin() {
        let p = plan(&["http://a", "http://b", "http://c"]);
        let tables: Vec<&str> = (0..4).map(|t| p.server_of_table(t)).collect();
        assert_eq!(tables, ["http://a", "http://b", "http://c", "http://a"]);
        let clients: Vec<&str> = (3..8).map(|i| p.server_of_client(1, i)).collect();
        assert_eq!(
            clients,
            ["http://a", "http://b", "http://c", "http://a", "http://b"]
        );
    }

    #[test]
    fn routed_by_table_every_client_is_on_its_table_s_node() {
        let p = Plan {
            by_table: true,
            ..plan(&["http://a", "http://b", "http://c"])
        };
        let clients: Vec<&str> = (3..8).map(|i| p.server_of_client(1, i)).collect();
        assert_eq!(clients, ["http://b"; 5]);
        assert_eq!(p.node_of_client(4, 0), 1);
        assert_eq!(p.server_of_table(4), "http://b");
    }

    #[test]
    fn made_elsewhere_every_table_is_made_on_the_node_after_its_clients() {
        let p = Plan {
            by_table: true,
            made_elsewhere: true,
            ..plan(&["http://a", "http://b", "http://c"])
        };
        assert_eq!(p.server_of_client(1, 7), "http://b");
        assert_eq!(p.server_of_table(1), "http://c");
        assert_eq!(p.server_of_table(2), "http://a");
    }

    #[test]
    fn no_server_gives_an_empty_address() {
        assert_eq!(round_robin(&[], 3), "");
    }

    #[test]
    fn clients_spread_with_the_remainder_first() {
        let spread: Vec<usize> = (0..3).map(|t| clients_of(t, 3, 10)).collect();
        assert_eq!(spread, [4, 3, 3]);
    }
}
