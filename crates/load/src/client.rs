//! The WebSocket clients: one task per connection, which both sends the client's actions on its
//! schedule and reads what the server sends (hello, records, acks, errors).
//!
//! Sending is open loop: each client draws exponential gaps with mean `1 / rate` from a fixed
//! start, so a slow server does not slow the senders down; latency is from the moment an action
//! is written to its socket to the moment its `ack` is read. Each client checks that the records
//! it is sent follow each other by seq from where it connected, with no gap and no duplicate.

use crate::setup::{Seat, Seated};
use anyhow::{Context as _, bail};
use futures_util::{SinkExt as _, StreamExt as _, stream};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Bytes tungstenite reads at once (messages here are a few hundred bytes; larger frames still
/// grow the buffer as they need).
const READ_BUFFER: usize = 8 * 1024;

/// How long one WebSocket handshake and its hello may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// A client connected and greeted.
pub struct Client {
    seat: Seat,
    socket: Socket,
}

/// How long setup took.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// Creating tables and seating players over HTTP.
    pub http: Duration,
    /// Opening every WebSocket and reading its hello.
    pub websockets: Duration,
}

/// The clients that connected, the failures, and the setup times.
pub struct Connected {
    /// Clients ready to send.
    pub clients: Vec<Client>,
    /// Setup times.
    pub timing: Timing,
    /// Why some clients could not connect, counted by kind.
    pub failures: BTreeMap<String, u64>,
}

/// The load's schedule.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    /// Actions per second per client.
    pub rate: f64,
    /// How long clients send.
    pub seconds: Duration,
    /// How long to wait for acknowledgements once sending stops.
    pub drain: Duration,
}

/// What every client saw, merged.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Clients that sent.
    pub clients: usize,
    /// Actions written to a socket.
    pub sent: u64,
    /// Acknowledgements read, in all.
    pub acked: u64,
    /// Acknowledgements read before sending stopped (the throughput measured).
    pub acked_in_window: u64,
    /// Acknowledgements read in each second of the sending window.
    pub acked_per_second: Vec<u64>,
    /// Acknowledgement latencies, microseconds, sorted.
    pub latencies_us: Vec<u64>,
    /// Failures by kind: the server's error kinds, and `connect`, `closed`, `socket`,
    /// `unacknowledged` (no answer before the drain ended), `unexpected_message`.
    pub errors: BTreeMap<String, u64>,
    /// Records read.
    pub records: u64,
    /// Records whose seq skipped past the one expected.
    pub seq_gaps: u64,
    /// Records whose seq was one already read.
    pub seq_duplicates: u64,
    /// The longest any action was written after its scheduled time (the generator keeping up).
    pub max_send_lag: Duration,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum FromServer {
    Hello {
        #[allow(dead_code)]
        seq: u64,
    },
    Record {
        record: SeqOnly,
    },
    Ack {
        id: Value,
    },
    Error {
        #[serde(default)]
        id: Value,
        error: ErrorBody,
    },
}

#[derive(Debug, Deserialize)]
struct SeqOnly {
    seq: u64,
}

#[derive(Debug, Deserialize)]
struct ErrorBody {
    kind: String,
}

/// The WebSocket URL of a seat on `server` (`http://` becomes `ws://`).
fn ws_url(server: &str, seat: &Seat) -> String {
    let base = server
        .strip_prefix("http://")
        .map(|rest| format!("ws://{rest}"))
        .or_else(|| {
            server
                .strip_prefix("https://")
                .map(|rest| format!("wss://{rest}"))
        })
        .unwrap_or_else(|| server.to_owned());
    format!(
        "{base}/api/tables/{}/ws?token={}&after={}",
        seat.table, seat.token, seat.after
    )
}

/// Opens every seat's WebSocket, `concurrency` handshakes at a time, and waits for each hello;
/// each seat on the node it joined on (`setup::Seat::node`).
///
/// # Errors
/// When no client at all could connect.
pub async fn connect_all(
    servers: &[String],
    seated: Seated,
    concurrency: usize,
) -> anyhow::Result<Connected> {
    let start = Instant::now();
    let results: Vec<anyhow::Result<Client>> = stream::iter(seated.seats)
        .map(|seat| {
            let server = servers.get(seat.node).map_or("", String::as_str);
            connect(server, seat)
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    let websockets = start.elapsed();
    let mut clients = Vec::with_capacity(results.len());
    let mut failures = BTreeMap::new();
    let mut first_failure = None;
    for result in results {
        match result {
            Ok(client) => clients.push(client),
            Err(e) => {
                *failures.entry("connect".to_owned()).or_insert(0) += 1;
                first_failure.get_or_insert(e);
            }
        }
    }
    if let Some(e) = first_failure {
        if clients.is_empty() {
            return Err(e.context("no client could connect"));
        }
        let failed = failures.values().sum::<u64>();
        eprintln!(
            "skald-load: {failed} {} could not connect; the first: {e:#}",
            if failed == 1 { "client" } else { "clients" }
        );
    }
    clients.sort_by_key(|c| c.seat.index);
    Ok(Connected {
        clients,
        timing: Timing {
            http: seated.elapsed,
            websockets,
        },
        failures,
    })
}

async fn connect(server: &str, seat: Seat) -> anyhow::Result<Client> {
    let url = ws_url(server, &seat);
    let handshake = async {
        // Nagle off: an action is one small frame, and must not wait for the last one's ACK.
        // A small read buffer: tungstenite zeroes the free part of it before every read, and
        // the default 128 KiB made that memset the client's largest cost.
        let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
        let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .context("WebSocket handshake")?;
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    match serde_json::from_str::<FromServer>(text.as_str()) {
                        Ok(FromServer::Hello { .. }) => return Ok(socket),
                        _ => bail!("expected a hello first, got {}", text.as_str()),
                    }
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                Some(Ok(other)) => bail!("expected a hello, got {other:?}"),
                Some(Err(e)) => return Err(e).context("reading the hello"),
                None => bail!("closed before the hello"),
            }
        }
    };
    let socket = tokio::time::timeout(CONNECT_TIMEOUT, handshake)
        .await
        .context("no hello within 30 s")??;
    Ok(Client { seat, socket })
}

/// Runs every client on `run`'s schedule from a common start, and merges what they saw.
pub async fn run_all(connected: Connected, run: &Run) -> Outcome {
    let start = Instant::now() + Duration::from_millis(200);
    let mut tasks = tokio::task::JoinSet::new();
    let clients = connected.clients.len();
    for client in connected.clients {
        let run = *run;
        tasks.spawn(client.run(run, start));
    }
    let mut outcome = Outcome {
        clients,
        errors: connected.failures,
        acked_per_second: vec![0; window_seconds(run.seconds)],
        ..Outcome::default()
    };
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(seen) => outcome.merge(seen),
            Err(_) => {
                *outcome
                    .errors
                    .entry("client_panicked".to_owned())
                    .or_insert(0) += 1
            }
        }
    }
    outcome.latencies_us.sort_unstable();
    outcome
}

fn window_seconds(seconds: Duration) -> usize {
    usize::try_from(seconds.as_secs()).unwrap_or(usize::MAX)
        + usize::from(seconds.subsec_nanos() > 0)
}

/// What one client saw.
#[derive(Debug, Default)]
struct Seen {
    sent: u64,
    acked: u64,
    acked_in_window: u64,
    acked_per_second: Vec<u64>,
    latencies_us: Vec<u64>,
    errors: BTreeMap<String, u64>,
    records: u64,
    seq_gaps: u64,
    seq_duplicates: u64,
    max_send_lag: Duration,
}

impl Seen {
    fn error(&mut self, kind: &str) {
        *self.errors.entry(kind.to_owned()).or_insert(0) += 1;
    }
}

impl Outcome {
    fn merge(&mut self, seen: Seen) {
        self.sent += seen.sent;
        self.acked += seen.acked;
        self.acked_in_window += seen.acked_in_window;
        for (total, n) in self.acked_per_second.iter_mut().zip(seen.acked_per_second) {
            *total += n;
        }
        self.latencies_us.extend(seen.latencies_us);
        for (kind, n) in seen.errors {
            *self.errors.entry(kind).or_insert(0) += n;
        }
        self.records += seen.records;
        self.seq_gaps += seen.seq_gaps;
        self.seq_duplicates += seen.seq_duplicates;
        self.max_send_lag = self.max_send_lag.max(seen.max_send_lag);
    }
}

/// A small, fast generator for the send gaps (SplitMix64); each client seeds its own.
struct Gaps {
    state: u64,
    mean: f64,
}

impl Gaps {
    fn new(seed: u64, rate: f64) -> Self {
        Self {
            state: seed ^ 0x9e37_79b9_7f4a_7c15,
            mean: 1.0 / rate,
        }
    }

    /// An exponential gap: the next arrival of a Poisson process of the client's rate.
    fn next(&mut self) -> Duration {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        // Uniform in (0, 1]: never 0, so the logarithm is finite.
        let uniform = ((z >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
        Duration::from_secs_f64(-uniform.ln() * self.mean)
    }
}

impl Client {
    async fn run(mut self, run: Run, start: Instant) -> Seen {
        let stop = start + run.seconds;
        let give_up = stop + run.drain;
        let mut seen = Seen {
            acked_per_second: vec![0; window_seconds(run.seconds)],
            ..Seen::default()
        };
        let mut gaps = Gaps::new(self.seat.index as u64, run.rate);
        let mut next_send = start + gaps.next();
        let mut pending: HashMap<u64, Instant> = HashMap::new();
        let mut next_id: u64 = 0;
        let mut last = self.seat.after;
        loop {
            let sending = next_send < stop;
            if !sending && pending.is_empty() {
                break;
            }
            let wake = if sending { next_send } else { give_up };
            tokio::select! {
                biased;
                message = self.socket.next() => {
                    let text = match message {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Close(_))) | None => {
                            seen.error("closed");
                            break;
                        }
                        Some(Ok(_)) => continue,
                        Some(Err(_)) => {
                            seen.error("socket");
                            break;
                        }
                    };
                    let now = Instant::now();
                    match serde_json::from_str::<FromServer>(text.as_str()) {
                        Ok(FromServer::Record { record }) => {
                            seen.records += 1;
                            if record.seq <= last {
                                seen.seq_duplicates += 1;
                            } else {
                                if record.seq != last + 1 {
                                    seen.seq_gaps += 1;
                                }
                                last = record.seq;
                            }
                        }
                        Ok(FromServer::Ack { id }) => {
                            match id.as_u64().and_then(|id| pending.remove(&id)) {
                                Some(sent) => {
                                    seen.acked += 1;
                                    let latency = now.saturating_duration_since(sent);
                                    seen.latencies_us
                                        .push(u64::try_from(latency.as_micros()).unwrap_or(u64::MAX));
                                    if now <= stop {
                                        seen.acked_in_window += 1;
                                        let second = now.saturating_duration_since(start).as_secs();
                                        if let Some(n) = usize::try_from(second)
                                            .ok()
                                            .and_then(|s| seen.acked_per_second.get_mut(s))
                                        {
                                            *n += 1;
                                        }
                                    }
                                }
                                None => seen.error("unexpected_ack"),
                            }
                        }
                        Ok(FromServer::Error { id, error }) => {
                            if let Some(id) = id.as_u64() {
                                pending.remove(&id);
                            }
                            seen.error(&error.kind);
                        }
                        Ok(FromServer::Hello { .. }) | Err(_) => seen.error("unexpected_message"),
                    }
                }
                () = tokio::time::sleep_until(wake) => {
                    if !sending {
                        break;
                    }
                    let id = next_id;
                    next_id += 1;
                    let text = format!(
                        r#"{{"id":{id},"action":{{"do":"roll","notation":"1d20","label":"load"}}}}"#
                    );
                    let now = Instant::now();
                    seen.max_send_lag = seen.max_send_lag.max(now.saturating_duration_since(next_send));
                    if self.socket.send(Message::text(text)).await.is_err() {
                        seen.error("socket");
                        break;
                    }
                    seen.sent += 1;
                    pending.insert(id, now);
                    next_send += gaps.next();
                }
            }
        }
        for _ in 0..pending.len() {
            seen.error("unacknowledged");
        }
        let _ = tokio::time::timeout(Duration::from_secs(2), self.socket.close(None)).await;
        seen
    }
}
