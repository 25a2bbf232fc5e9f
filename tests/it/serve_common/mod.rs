//! What the tests of `skald serve` through the real binary share: starting and stopping servers,
//! tables and seats, WebSocket clients that act until their server goes, and the checks of a
//! table's log against what its clients were told (tests/it/serve_crash.rs, tests/it/serve_nodes.rs).

#![allow(dead_code, clippy::unwrap_used)]

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashSet};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub const TABLES: usize = 4;
/// Players per table; with the GM, 5 clients a table, 20 in all.
pub const PLAYERS: usize = 4;
/// How long clients send before the server is killed or stopped.
pub const LOAD: Duration = Duration::from_millis(1000);
/// Bound on any single wait, so a broken server fails the test instead of hanging it.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running `skald serve`.
pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// What it wrote to stderr, for failure messages.
    pub stderr: Arc<Mutex<String>>,
}

impl Server {
    pub async fn start(db: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_skald"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let stderr = Arc::new(Mutex::new(String::new()));
        {
            let mut pipe = child.stderr.take().unwrap();
            let stderr = Arc::clone(&stderr);
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf).await {
                    if n == 0 {
                        break;
                    }
                    stderr
                        .lock()
                        .unwrap()
                        .push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            });
        }
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let line = match timeout(WAIT, lines.next_line()).await {
            Ok(Ok(Some(line))) => line,
            other => panic!(
                "no 'serving on' line from skald serve ({other:?}); stderr: {}",
                stderr.lock().unwrap()
            ),
        };
        // Keep reading stdout so a later write never meets a closed pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let url = line
            .strip_prefix("skald: serving on ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_owned();
        Server { child, url, stderr }
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// SIGKILL, and wait for the process to be gone.
    pub async fn kill(mut self) {
        self.child.kill().await.unwrap();
    }

    /// SIGTERM; returns the exit status once the server has stopped.
    pub async fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().unwrap();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -TERM {pid} failed");
        let status = timeout(WAIT, self.child.wait())
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "skald serve did not stop within {WAIT:?} of SIGTERM; stderr: {}",
                    self.stderr()
                )
            })
            .unwrap();
        // Let the stderr reader take the last lines.
        tokio::time::sleep(Duration::from_millis(50)).await;
        status
    }
}

/// One client's seat.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Index of its table in `tables`.
    pub table: usize,
    pub token: String,
    /// How records name it: `"gm"` or `{"player": N}`.
    pub actor: Value,
    /// Unique over the test; its actions' labels are `NAME-PHASE-N`.
    pub name: String,
}

/// A table made for the test.
#[derive(Debug, Clone)]
pub struct Table {
    pub id: String,
    pub gm_token: String,
}

/// What one client saw while sending.
#[derive(Debug, Default)]
pub struct Seen {
    /// (seq, label) of every acknowledged action.
    pub acked: Vec<(u64, String)>,
    /// The last seq of the records it received, all in order.
    pub last: u64,
    /// Whether an action was sent and not answered when the socket ended.
    pub in_flight: bool,
    /// Error kinds the server answered.
    pub errors: Vec<String>,
}

pub fn http() -> reqwest::Client {
    // The server limits requests per TCP connection: a fresh connection for each.
    reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(WAIT)
        .build()
        .unwrap()
}

pub async fn post(http: &reqwest::Client, url: String, body: Value) -> Value {
    let response = http.post(&url).json(&body).send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    assert!(status.is_success(), "POST {url}: {status}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Creates the tables and seats: each table's GM and `PLAYERS` players.
pub async fn set_up(server: &Server) -> (Vec<Table>, Vec<Seat>) {
    let http = http();
    let mut tables = Vec::new();
    let mut seats = Vec::new();
    for t in 0..TABLES {
        let system = if t % 2 == 0 { "twenty" } else { "chi" };
        let created = post(
            &http,
            format!("{}/api/tables", server.url),
            json!({"system": system, "title": format!("crash {t}")}),
        )
        .await;
        let id = created["table"].as_str().unwrap().to_owned();
        let gm_token = created["gm_token"].as_str().unwrap().to_owned();
        seats.push(Seat {
            table: t,
            token: gm_token.clone(),
            actor: json!("gm"),
            name: format!("t{t}gm"),
        });
        for p in 1..=PLAYERS {
            let joined = post(
                &http,
                format!("{}/api/tables/{id}/join", server.url),
                json!({"invite": created["invite"], "name": format!("player {p}")}),
            )
            .await;
            let player = joined["player"].as_u64().unwrap();
            seats.push(Seat {
                table: t,
                token: joined["token"].as_str().unwrap().to_owned(),
                actor: json!({"player": player}),
                name: format!("t{t}p{player}"),
            });
        }
        tables.push(Table { id, gm_token });
    }
    (tables, seats)
}

/// Opens a seat's WebSocket with `after` and reads its hello; returns the socket and the hello's
/// seq (the table's last).
pub async fn connect(server: &Server, table: &Table, seat: &Seat, after: u64) -> (Socket, u64) {
    let url = format!(
        "{}/api/tables/{}/ws?token={}&after={after}",
        server.url.replacen("http://", "ws://", 1),
        table.id,
        seat.token
    );
    let (mut socket, _) = timeout(WAIT, tokio_tungstenite::connect_async(url))
        .await
        .unwrap()
        .unwrap();
    let hello = next_json(&mut socket).await.expect("a hello");
    assert_eq!(hello["type"], "hello", "{hello}");
    (socket, hello["seq"].as_u64().unwrap())
}

/// The next JSON text message, or None when the socket ends.
pub async fn next_json(socket: &mut Socket) -> Option<Value> {
    loop {
        match timeout(WAIT, socket.next())
            .await
            .expect("a message in time")
        {
            Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap()),
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return None,
            Some(Ok(_)) => {}
        }
    }
}

/// Sends roll actions as fast as their answers come back, until the socket ends (the server is
/// killed or stopped) or `stop` is set; checks that records come in seq order after `last`.
pub async fn send_until_closed(
    mut socket: Socket,
    seat: Seat,
    phase: &'static str,
    mut last: u64,
    stop: Arc<AtomicBool>,
) -> Seen {
    let mut seen = Seen::default();
    let mut n = 0u64;
    let deadline = Instant::now() + WAIT;
    'send: while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
        n += 1;
        let label = format!("{}-{phase}-{n}", seat.name);
        // The label is the client id too, as a page gives one: a node may resend it safely.
        let action = json!({"id": n, "action": {"do": "roll", "notation": "1d20", "label": label, "client_id": label}});
        if socket
            .send(Message::text(action.to_string()))
            .await
            .is_err()
        {
            break;
        }
        seen.in_flight = true;
        loop {
            let Some(message) = next_json(&mut socket).await else {
                break 'send;
            };
            match message["type"].as_str() {
                Some("record") => {
                    let seq = message["record"]["seq"].as_u64().unwrap();
                    assert_eq!(seq, last + 1, "{}: records out of order", seat.name);
                    last = seq;
                }
                Some("ack") if message["id"] == json!(n) => {
                    seen.in_flight = false;
                    seen.acked
                        .push((message["seq"].as_u64().unwrap(), label.clone()));
                    break;
                }
                Some("error") if message["id"] == json!(n) || message["id"].is_null() => {
                    seen.in_flight = false;
                    let kind = message["error"]["kind"].as_str().unwrap_or("?").to_owned();
                    if kind == "limit" {
                        // The connection's rate: wait a little, as a client would.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    seen.errors.push(kind);
                    break;
                }
                _ => panic!("{}: unexpected message {message}", seat.name),
            }
        }
    }
    seen.last = last;
    seen
}

/// `GET url` with the GM's token of `table`: the status and the body. The GM's seat may have spent
/// its rate in a load just before (HTTP and WebSocket share it): a 429 is waited out as a client
/// would, at most 50 times 100 ms.
pub async fn get_as_gm(url: &str, table: &Table) -> (reqwest::StatusCode, Vec<u8>) {
    let http = http();
    let mut tries = 0;
    loop {
        let response = http
            .get(url)
            .bearer_auth(&table.gm_token)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body = response.bytes().await.unwrap_or_default().to_vec();
        if status != reqwest::StatusCode::TOO_MANY_REQUESTS || tries == 50 {
            return (status, body);
        }
        tries += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every record of `table`, paging with `after`.
pub async fn whole_log(server: &Server, table: &Table) -> Vec<Value> {
    let mut records: Vec<Value> = Vec::new();
    loop {
        let after = records.len();
        let url = format!(
            "{}/api/tables/{}/log?after={after}&limit=1000",
            server.url, table.id
        );
        let (status, body) = get_as_gm(&url, table).await;
        let text = String::from_utf8_lossy(&body);
        assert!(status.is_success(), "GET {url}: {status} {text}");
        let page: Value = serde_json::from_slice(&body).unwrap();
        let batch = page["records"].as_array().unwrap().clone();
        let last_seq = page["last_seq"].as_u64().unwrap();
        records.extend(batch.iter().cloned());
        if batch.is_empty() || records.len() as u64 >= last_seq {
            assert_eq!(records.len() as u64, last_seq, "log of {}", table.id);
            return records;
        }
    }
}

/// Checks every table's log: seqs 1..N, and each acknowledged action at its seq.
pub async fn check_logs(
    server: &Server,
    tables: &[Table],
    seats: &[Seat],
    acked: &[Vec<(u64, String)>],
) -> Vec<Vec<Value>> {
    let mut logs = Vec::new();
    for table in tables {
        let log = whole_log(server, table).await;
        let mut labels = HashSet::new();
        for (i, record) in log.iter().enumerate() {
            assert_eq!(
                record["seq"].as_u64(),
                Some(i as u64 + 1),
                "table {}: seqs must be 1..N with no gap or duplicate",
                table.id
            );
            if let Some(label) = record["body"]["label"].as_str() {
                assert!(
                    labels.insert(label.to_owned()),
                    "table {}: action {label} recorded twice",
                    table.id
                );
            }
        }
        logs.push(log);
    }
    for (seat, acked) in seats.iter().zip(acked) {
        let log = &logs[seat.table];
        for (seq, label) in acked {
            let record = log.get(*seq as usize - 1).unwrap_or_else(|| {
                panic!(
                    "{}: acknowledged seq {seq} is missing (log has {})",
                    seat.name,
                    log.len()
                )
            });
            let body = &record["body"];
            assert_eq!(
                body["kind"], "dice_rolled",
                "{}: seq {seq}: {record}",
                seat.name
            );
            assert_eq!(body["by"], seat.actor, "{}: seq {seq}: {record}", seat.name);
            assert_eq!(
                body["label"],
                json!(label),
                "{}: seq {seq}: {record}",
                seat.name
            );
        }
    }
    logs
}

/// Runs every client against `server` until the server goes, ended by `end` after `LOAD`.
pub async fn load_then<F, Fut>(
    sockets: Vec<(Socket, u64)>,
    seats: &[Seat],
    phase: &'static str,
    end: F,
) -> (Vec<Seen>, Fut::Output)
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future,
{
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for ((socket, last), seat) in sockets.into_iter().zip(seats) {
        tasks.push(tokio::spawn(send_until_closed(
            socket,
            seat.clone(),
            phase,
            last,
            Arc::clone(&stop),
        )));
    }
    tokio::time::sleep(LOAD).await;
    let ended = end().await;
    // A client the server did not close (it should have) stops here.
    stop.store(true, Ordering::Relaxed);
    let mut seen = Vec::new();
    for task in tasks {
        seen.push(timeout(WAIT, task).await.unwrap().unwrap());
    }
    (seen, ended)
}

/// Reconnects every client with `after` = the last seq it saw and checks it gets exactly the
/// records after it, in order, as the log has them, up to the table's last seq.
pub async fn reconnect(
    server: &Server,
    tables: &[Table],
    seats: &[Seat],
    seen: &[Seen],
    logs: &[Vec<Value>],
) -> Vec<(Socket, u64)> {
    let mut sockets = Vec::new();
    for (seat, seen) in seats.iter().zip(seen) {
        let log = &logs[seat.table];
        let (mut socket, hello) = connect(server, &tables[seat.table], seat, seen.last).await;
        assert_eq!(hello, log.len() as u64, "{}: hello seq", seat.name);
        for expected in &log[seen.last as usize..] {
            let message = next_json(&mut socket).await.expect("a record");
            assert_eq!(message["type"], "record", "{}: {message}", seat.name);
            let record = &message["record"];
            assert_eq!(
                record["seq"], expected["seq"],
                "{}: catch-up order",
                seat.name
            );
            assert_eq!(
                record["body"], expected["body"],
                "{}: catch-up record",
                seat.name
            );
        }
        sockets.push((socket, hello));
    }
    // Nothing more: no client acts now, so no record may follow the catch-up.
    for ((socket, _), seat) in sockets.iter_mut().zip(seats) {
        if let Ok(extra) = timeout(Duration::from_millis(100), socket.next()).await {
            panic!("{}: more than the catch-up: {extra:?}", seat.name);
        }
    }
    sockets
}

pub fn summary(label: &str, phase: &str, seen: &[Seen]) {
    let acked: usize = seen.iter().map(|s| s.acked.len()).sum();
    let in_flight = seen.iter().filter(|s| s.in_flight).count();
    let mut errors: BTreeMap<&str, usize> = BTreeMap::new();
    for kind in seen.iter().flat_map(|s| &s.errors) {
        *errors.entry(kind.as_str()).or_insert(0) += 1;
    }
    println!(
        "{label}: {phase}: {acked} actions acknowledged, {in_flight} clients with an action in flight at the end, errors {errors:?}"
    );
}
