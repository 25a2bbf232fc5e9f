//! What the server's integration tests share: a fresh database on each back end (from
//! `skald-testkit`), a server started in-process on 127.0.0.1, and small HTTP and WebSocket clients. Every wait is
//! bounded by [`WAIT`].
#![allow(clippy::unwrap_used)] // a helper's unwrap fails the test calling it, as the test's own would
#![allow(dead_code)] // each test binary uses a part of this module

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use skald_server::{Limits, ServeError};
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::{self, Message};

/// The longest any single wait of a test may take.
pub const WAIT: Duration = Duration::from_secs(10);

/// Awaits `future`, failing the test after [`WAIT`].
pub async fn within<F: Future>(what: &str, future: F) -> F::Output {
    match tokio::time::timeout(WAIT, future).await {
        Ok(output) => output,
        Err(_) => panic!("timed out after {WAIT:?}: {what}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------

pub use skald_testkit::{Db, databases, sqlite};

// ---------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------

/// The defaults, but with rates no test reaches unless it means to.
pub fn limits() -> Limits {
    Limits {
        actions_per_second: 1_000_000,
        action_burst: 1_000_000,
        reads_per_second: 1_000_000,
        read_burst: 1_000_000,
        address_per_second: 1_000_000,
        address_burst: 1_000_000,
        tables_per_hour: 1_000_000,
        server_tables_per_hour: 1_000_000,
        ..Limits::default()
    }
}

/// A server running in this process on 127.0.0.1.
pub struct Server {
    /// The back end's label.
    pub label: &'static str,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The bound address.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), ServeError>>>,
}

impl Server {
    /// Starts a server over `db` with `limits` and waits until it listens.
    pub async fn start(db: &Db, limits: Limits) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let (ready_tx, ready_rx) = oneshot::channel();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        let url = db.url.clone();
        let task = tokio::spawn(async move {
            skald_server::serve(
                listener,
                &url,
                limits,
                move |addr| {
                    let _ = ready_tx.send(addr);
                },
                async move {
                    let _ = stop_rx.await;
                },
            )
            .await
        });
        let addr = match within("the server to start", ready_rx).await {
            Ok(addr) => addr,
            Err(_) => {
                let result = within("the failed server", task).await;
                panic!("{}: the server did not start: {result:?}", db.label);
            }
        };
        Server {
            label: db.label,
            base: format!("http://{addr}"),
            addr,
            stop: Some(stop_tx),
            task: Some(task),
        }
    }

    /// Stops the server gracefully and checks it ended well.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let result = within("the server to stop", task).await.unwrap();
            assert!(
                result.is_ok(),
                "{}: serve ended with {result:?}",
                self.label
            );
        }
    }

    /// An HTTP client of this server (one kept-alive connection at a time).
    pub fn http(&self) -> Http {
        Http::new(&self.base, true)
    }

    /// An HTTP client that opens a new connection for every request (so per-connection rates
    /// start afresh each time).
    pub fn http_fresh(&self) -> Http {
        Http::new(&self.base, false)
    }

    /// The WebSocket URL of `table` for `token`, from `after`.
    pub fn ws_url(&self, table: &str, token: &str, after: u64) -> String {
        format!(
            "ws://{}/api/tables/{table}/ws?token={token}&after={after}",
            self.addr
        )
    }

    /// Connects a WebSocket client; panics if refused.
    pub async fn ws(&self, table: &str, token: &str, after: u64) -> Ws {
        match self.try_ws(table, token, after).await {
            Ok(ws) => ws,
            Err(e) => panic!("{}: WebSocket refused: {e}", self.label),
        }
    }

    /// Connects a WebSocket client, or says why not.
    pub async fn try_ws(
        &self,
        table: &str,
        token: &str,
        after: u64,
    ) -> Result<Ws, tungstenite::Error> {
        let url = self.ws_url(table, token, after);
        within("a WebSocket connect", tokio_tungstenite::connect_async(url))
            .await
            .map(|(stream, _)| Ws { stream })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

/// An HTTP reply: its status and every byte of its body (as text, lossily).
#[derive(Debug, Clone)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The `content-type` header, if any.
    pub content_type: String,
    /// The body.
    pub text: String,
}

impl Reply {
    /// The body as JSON; panics if it is not.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.text))
    }

    /// `(kind, message)` of an error body.
    pub fn error(&self) -> (String, String) {
        let json = self.json();
        let kind = json["error"]["kind"].as_str();
        let message = json["error"]["message"].as_str();
        match (kind, message) {
            (Some(kind), Some(message)) => (kind.to_owned(), message.to_owned()),
            _ => panic!("not an error body: {} {}", self.status, self.text),
        }
    }

    /// Asserts the status, returning the JSON body.
    pub fn expect(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{}", self.text);
        self.json()
    }
}

/// What `POST /api/tables` gave.
#[derive(Debug, Clone)]
pub struct Created {
    /// The table id.
    pub table: String,
    /// The GM's token.
    pub gm: String,
    /// The invite.
    pub invite: String,
    /// The whole reply.
    pub json: Value,
}

/// A small HTTP client of one server.
#[derive(Clone)]
pub struct Http {
    client: reqwest::Client,
    base: String,
}

impl Http {
    fn new(base: &str, keep_alive: bool) -> Self {
        let mut builder = reqwest::Client::builder().timeout(WAIT).no_proxy();
        if !keep_alive {
            builder = builder.pool_max_idle_per_host(0);
        }
        Self {
            client: builder.build().unwrap(),
            base: base.to_owned(),
        }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Reply {
        let response = within("an HTTP request", request.send())
            .await
            .unwrap_or_else(|e| panic!("HTTP request failed: {e}"));
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let bytes = within("an HTTP body", response.bytes()).await.unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        note_tokens(&text);
        Reply {
            status,
            content_type,
            text,
        }
    }

    /// `GET path`, with a bearer token if given.
    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let mut request = self.client.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        self.send(request).await
    }

    /// `POST path` with raw body bytes.
    pub async fn post_bytes(&self, path: &str, token: Option<&str>, body: Vec<u8>) -> Reply {
        let mut request = self
            .client
            .post(format!("{}{path}", self.base))
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        self.send(request).await
    }

    /// `POST path` with a JSON body.
    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Reply {
        self.post_bytes(path, token, body.to_string().into_bytes())
            .await
    }

    /// Creates a table of `system`; asserts 201 and the tokens' shape.
    pub async fn create(&self, system: &str, title: &str) -> Created {
        let reply = self
            .post(
                "/api/tables",
                None,
                // A quick table: players set the GM's numbers (requests.rs plays the default).
                &json!({"system": system, "title": title, "options": {"players_set_gm_numbers": true}}),
            )
            .await;
        let json = reply.expect(201);
        let token = |field: &str| {
            let token = json[field].as_str().unwrap_or_default().to_owned();
            assert_eq!(token.len(), 43, "{field}: {json}");
            assert!(
                token
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                "{field}: {token}"
            );
            token
        };
        Created {
            table: json["table"].as_str().unwrap().to_owned(),
            gm: token("gm_token"),
            invite: token("invite"),
            json: json.clone(),
        }
    }

    /// Seats `name` with the table's invite: (player id, token).
    pub async fn join(&self, created: &Created, name: &str) -> (u32, String) {
        let reply = self
            .post(
                &format!("/api/tables/{}/join", created.table),
                None,
                &json!({"invite": created.invite, "name": name}),
            )
            .await;
        let json = reply.expect(200);
        let token = json["token"].as_str().unwrap().to_owned();
        assert_eq!(token.len(), 43);
        (
            u32::try_from(json["player"].as_u64().unwrap()).unwrap(),
            token,
        )
    }

    /// `POST /api/tables/{table}/actions`.
    pub async fn try_act(&self, table: &str, token: &str, action: &Value) -> Reply {
        self.post(&format!("/api/tables/{table}/actions"), Some(token), action)
            .await
    }

    /// An action that must be accepted; the reply's JSON (`seq`, `records`).
    pub async fn act(&self, table: &str, token: &str, action: Value) -> Value {
        let reply = self.try_act(table, token, &action).await;
        assert_eq!(reply.status, 200, "{action} refused: {}", reply.text);
        reply.json()
    }

    /// The table's summary for `token`.
    pub async fn summary(&self, table: &str, token: &str) -> Value {
        self.get(&format!("/api/tables/{table}"), Some(token))
            .await
            .expect(200)
    }

    /// Every record after `after`, read page by page.
    pub async fn log(&self, table: &str, token: &str, after: u64) -> Vec<Value> {
        let mut records: Vec<Value> = Vec::new();
        loop {
            let from = records.last().map_or(after, |r| r["seq"].as_u64().unwrap());
            let page = self
                .get(
                    &format!("/api/tables/{table}/log?after={from}&limit=1000"),
                    Some(token),
                )
                .await
                .expect(200);
            let batch = page["records"].as_array().unwrap().clone();
            let last = page["last_seq"].as_u64().unwrap();
            let done = batch.is_empty() || batch.last().unwrap()["seq"].as_u64() == Some(last);
            records.extend(batch);
            if done {
                return records;
            }
        }
    }

    /// The log's last seq, as the GM (or anyone seated) sees it.
    pub async fn last_seq(&self, table: &str, token: &str) -> u64 {
        let page = self
            .get(
                &format!("/api/tables/{table}/log?after=0&limit=1"),
                Some(token),
            )
            .await
            .expect(200);
        page["last_seq"].as_u64().unwrap()
    }

    /// `GET /api/health`.
    pub async fn health(&self) -> Value {
        self.get("/api/health", None).await.expect(200)
    }
}

/// Asserts a refusal: status, error kind, and the message (exactly, or by its start when the
/// expected text ends with `...`).
pub fn assert_refused(reply: &Reply, status: u16, kind: &str, message: &str, what: &str) {
    assert_eq!(reply.status, status, "{what}: {}", reply.text);
    let (got_kind, got_message) = reply.error();
    assert_eq!(got_kind, kind, "{what}: {}", reply.text);
    match message.strip_suffix("...") {
        Some(start) => assert!(
            got_message.starts_with(start),
            "{what}: {got_message:?} does not start with {start:?}"
        ),
        None => assert_eq!(got_message, message, "{what}"),
    }
}

/// The `seq`s of records, which must be `from`, `from + 1`, ... in order.
pub fn assert_contiguous(records: &[Value], from: u64, what: &str) {
    let seqs: Vec<u64> = records.iter().map(|r| r["seq"].as_u64().unwrap()).collect();
    let expected: Vec<u64> = (from..from + seqs.len() as u64).collect();
    assert_eq!(seqs, expected, "{what}: gaps, duplicates or disorder");
}

// ---------------------------------------------------------------------------------------------
// WebSocket
// ---------------------------------------------------------------------------------------------

type Stream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client of one table.
pub struct Ws {
    /// The connection.
    pub stream: Stream,
}

impl Ws {
    /// The next text message as text (pings and pongs skipped); panics on a close or an error.
    pub async fn next_text(&mut self) -> String {
        loop {
            let message = within("a WebSocket message", self.stream.next()).await;
            match message {
                Some(Ok(Message::Text(text))) => return text.as_str().to_owned(),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                other => panic!("expected a text message, got {other:?}"),
            }
        }
    }

    /// The next text message as JSON.
    pub async fn next_json(&mut self) -> Value {
        let text = self.next_text().await;
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }

    /// Sends a text message.
    pub async fn send_text(&mut self, text: String) {
        within("a WebSocket send", self.stream.send(Message::text(text)))
            .await
            .unwrap();
    }

    /// Sends `{"id": id, "action": action}`.
    pub async fn send_action(&mut self, id: u64, action: &Value) {
        self.send_text(json!({"id": id, "action": action}).to_string())
            .await;
    }

    /// Sends an action and waits for its answer (an ack or an error), collecting any records
    /// that arrive first into `records`.
    pub async fn act(&mut self, id: u64, action: &Value, records: &mut Vec<Value>) -> Value {
        self.send_action(id, action).await;
        loop {
            let message = self.next_json().await;
            match message["type"].as_str() {
                Some("record") => records.push(message["record"].clone()),
                Some("ack" | "error") => return message,
                _ => panic!("unexpected message {message}"),
            }
        }
    }

    /// The `hello` message; returns the seq it gives.
    pub async fn hello(&mut self) -> (Value, u64) {
        let hello = self.next_json().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        let seq = hello["seq"].as_u64().unwrap();
        (hello["you"].clone(), seq)
    }

    /// Reads `n` record messages (anything else fails the test).
    pub async fn records(&mut self, n: usize) -> Vec<Value> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let message = self.next_json().await;
            assert_eq!(message["type"], "record", "{message}");
            out.push(message["record"].clone());
        }
        out
    }

    /// Reads record messages until the one with seq `last`, returning them as raw text too.
    pub async fn records_until(&mut self, last: u64) -> (Vec<Value>, String) {
        let mut out = Vec::new();
        let mut raw = String::new();
        loop {
            if out
                .last()
                .is_some_and(|r: &Value| r["seq"].as_u64() == Some(last))
            {
                return (out, raw);
            }
            let text = self.next_text().await;
            let message: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(message["type"], "record", "{message}");
            raw.push_str(&text);
            out.push(message["record"].clone());
        }
    }

    /// Asserts nothing but pings arrives for `quiet`.
    pub async fn assert_silent(&mut self, quiet: Duration) {
        let deadline = tokio::time::Instant::now() + quiet;
        loop {
            match tokio::time::timeout_at(deadline, self.stream.next()).await {
                Err(_) => return,
                Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
                Ok(other) => panic!("expected silence, got {other:?}"),
            }
        }
    }

    /// Asserts the server closes the connection (a close frame, an error, or the end), after
    /// nothing else but records still on their way; returns the close frame's code, if any.
    pub async fn assert_closed(&mut self) -> Option<u16> {
        loop {
            match within("the server to close the WebSocket", self.stream.next()).await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Err(_)) | None => return None,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Text(text)))
                    if serde_json::from_str::<Value>(text.as_str())
                        .is_ok_and(|m| m["type"] == "record") => {}
                Some(Ok(other)) => panic!("expected the connection to close, got {other:?}"),
            }
        }
    }

    /// Closes the connection from this side.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(WAIT, self.stream.close(None)).await;
    }
}

// ---------------------------------------------------------------------------------------------
// The server's log
// ---------------------------------------------------------------------------------------------

/// Every token and invite a server handed out to this test binary (from `gm_token`, `invite` and
/// `token` in any reply), for [`Log::assert_no_token`].
static TOKENS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

fn note_tokens(body: &str) {
    let Ok(Value::Object(reply)) = serde_json::from_str::<Value>(body) else {
        return;
    };
    let mut tokens = TOKENS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for key in ["gm_token", "invite", "token"] {
        if let Some(token) = reply.get(key).and_then(Value::as_str) {
            tokens.push(token.to_owned());
        }
    }
}

/// The log lines of the servers this thread runs (a `#[tokio::test]` runs the server it starts
/// on its own thread), as `skald serve` writes them (RUST_LOG=info), kept in memory.
pub struct Log {
    lines: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
    _alone: std::sync::MutexGuard<'static, ()>,
}

/// Held by the one [`Log`] capturing at a time in a test binary: tracing keeps its interest in each
/// event and its highest level for all threads at once, and two captures set and dropped on two
/// threads at the same moment could leave one of them deaf to the request lines.
static CAPTURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// One writer into a [`Log`].
struct LogWriter(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for LogWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    /// Starts keeping this thread's log lines, until the [`Log`] is dropped.
    pub fn capture() -> Log {
        let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::INFO)
            .with_writer(move || LogWriter(writer.clone()))
            .with_ansi(false)
            .finish();
        let alone = CAPTURING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let guard = tracing::subscriber::set_default(subscriber);
        // Another test's thread may have cached a callsite as of interest to no one while no
        // capture was set; ask every callsite again now that this one is (tracing caches
        // interest per callsite, for all threads).
        tracing::callsite::rebuild_interest_cache();
        Log {
            lines,
            _guard: guard,
            _alone: alone,
        }
    }

    /// The lines so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(
            &self
                .lines
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
        .into_owned()
    }

    /// Asserts the log has request lines and holds none of the tokens and invites handed out.
    pub fn assert_no_token(&self) {
        let text = self.text();
        assert!(
            text.contains("answered status="),
            "no request was logged:\n{text}"
        );
        let tokens = TOKENS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        assert!(!tokens.is_empty(), "no token was handed out");
        for token in tokens.iter() {
            assert!(
                !text.contains(token.as_str()),
                "a token is in the log: {token}\n{text}"
            );
        }
    }
}
