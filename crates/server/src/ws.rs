//! The WebSocket of one client: live records, redacted for its reader, and actions sent over it.
//!
//! On connect the client says the last seq it has (`?after=N`) and receives exactly the records
//! after it, in order, then each new one as it is committed. A client that falls behind the
//! table's broadcast buffer is caught up from the log, never dropped. Messages:
//! - server -> client: `{"type":"hello","you":..,"seq":N}`, `{"type":"record","record":{..}}`
//!   (with `?records=seq`, `{"type":"seq","seq":N}` in its place: a client that reads only which
//!   record came, as the table page, issue 34), `{"type":"ack","id":..,"seq":N}`,
//!   `{"type":"error","id":..,"error":{"kind":..,"message":..}}`;
//! - client -> server: `{"id": any JSON, "action": {"do": ...}}`.
//!
//! When the GM hands the client's seat to a new link (a `seat_handed` record after the one its
//! token was made with), the client gets that record, then an `error` (kind `unauthorized`, saying
//! the link was replaced) and a close frame with code [`REPLACED`]: its token is refused from then
//! on, on every node (each node publishes the records it reads).

use crate::actor::SocketSlot;
use crate::app::App;
use crate::client::ClientAddr;
use crate::error::ApiError;
use crate::live::LiveTable;
use crate::query::Params;
use crate::responses::{CROSS_ORIGIN, TableRoute};
use crate::schemas::TablePath;
use crate::seated::Seated;
use crate::shapes::{ErrorBody, Incoming, Outgoing};
use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::Value;
use skald_table::{Actor, Body, Reader, Record, Request, redact};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The close code of a connection whose link to its seat was replaced by a newer one the GM
/// made (an application code: 4000 plus HTTP's 401).
pub const REPLACED: u16 = 4401;

#[utoipa::path(
    get,
    path = "/api/tables/{id}/ws",
    summary = "WebSocket: records after `after`, then live; actions as {\"id\", \"action\"} text \
        messages",
    description = "Messages are JSON text frames: the server sends `Outgoing` (hello, record, \
        ack, error), the client `Incoming` (components/schemas).",
    params(
        TablePath,
        ("token" = Option<String>, Query, description = "The seat's token, if not in the \
            Authorization header or the table's cookie."),
        ("after" = Option<u64>, Query, minimum = 0, maximum = 9223372036854775807u64,
            description = "The last seq the client has (default 0): records after it come first."),
        ("records" = Option<String>, Query, description = "How each record is sent: `whole` \
            (the default), a `record` message with the record redacted for the reader; `seq`, a \
            `seq` message with its seq alone, for a client that reads the records elsewhere (the \
            table page asks for its parts)."),
    ),
    security(("token" = [])),
    responses(
        (status = 101, description = "Switching protocols"),
        TableRoute,
        (status = 403, description = CROSS_ORIGIN, body = ErrorBody),
        (status = 429, description = "Too many WebSocket clients: each seat holds at most 4; the \
            players together never take the places kept for the GM (the message says which \
            bound); or a rate reached.", body = ErrorBody),
    ),
)]
/// `GET /api/tables/{id}/ws?token=..&after=N&records=whole|seq`: `after` (default 0) is the last
/// seq the client has; records after it are sent first, each whole (`records=whole`, the
/// default) or as its seq alone (`records=seq`). The token may also come as a header or the
/// cookie.
///
/// # Errors
/// [`ApiError::BadRequest`] for a parameter the route does not take, an `after` out of range or
/// a `records` that is neither `whole` nor `seq`; the seat's and table's bounds on sockets.
pub async fn upgrade(
    State(app): State<App>,
    from: ClientAddr,
    Seated { table, reader, .. }: Seated,
    params: Params,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    params.only(&["after", "records", "token"])?;
    let brief = match params.text("records") {
        None | Some("whole") => false,
        Some("seq") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "records: \"{}\" is not one of whole, seq",
                other.chars().take(20).collect::<String>()
            )));
        }
    };
    let ws = ws.map_err(|_| {
        ApiError::BadRequest(
            "this route is a WebSocket: connect with a WebSocket client (GET with Upgrade: \
             websocket)"
                .into(),
        )
    })?;
    let after = params.whole("after", 0, crate::api::MAX_SEQ)?.unwrap_or(0);
    let limits = app.limits();
    let slot = table.handle().open_socket(
        reader.actor,
        limits.sockets_per_seat,
        limits.max_clients_per_table,
    )?;
    let max_message = app.limits().max_message;
    Ok(ws
        // tungstenite clears its read buffer before each read: 8 KiB (not 128) is plenty for
        // actions and costs far less per message.
        .read_buffer_size(8 * 1024)
        .max_message_size(max_message)
        .max_frame_size(max_message)
        .on_upgrade(move |socket| client(socket, app, table, reader, (after, brief), slot, from)))
}

struct Client {
    socket: WebSocket,
    table: LiveTable,
    reader: Reader,
    last: u64,
    batch: usize,
    /// Each record sent as its seq alone (`records=seq`).
    brief: bool,
}

impl Client {
    async fn send(&mut self, message: &Outgoing) -> bool {
        let text = serde_json::to_string(message).unwrap_or_default();
        self.socket
            .send(Message::Text(Utf8Bytes::from(text)))
            .await
            .is_ok()
    }

    async fn send_record(&mut self, record: &Record) -> bool {
        self.last = record.seq;
        let replaced = self.replaced_by(record);
        let message = self.message(record.seq, || redact(record, self.reader));
        self.send(&message).await && !(replaced && self.close_replaced().await)
    }

    /// What record `seq` is sent as: its seq alone for a client that asked for `records=seq`,
    /// else the record `whole` gives (redacted for the reader), made only then.
    fn message(&self, seq: u64, whole: impl FnOnce() -> Record) -> Outgoing {
        if self.brief {
            Outgoing::Seq { seq }
        } else {
            Outgoing::Record {
                record: Box::new(whole()),
            }
        }
    }

    /// Whether `record` hands this client's seat to a newer link than the one it connected with:
    /// from then on its token is refused ([`ApiError::Replaced`]), so the connection ends.
    fn replaced_by(&self, record: &Record) -> bool {
        matches!(record.body, Body::SeatHanded { player }
            if self.reader.actor == Actor::Player(player) && record.seq > self.reader.since)
    }

    /// Tells the client its link was replaced (an `error` message in the reader's words, then a
    /// close frame, code 4401) and gives `true`: the connection is over.
    async fn close_replaced(&mut self) -> bool {
        let error = ApiError::Replaced;
        error.log();
        let reply = Outgoing::Error {
            id: Value::Null,
            error: error.body().error,
        };
        let _ = self.send(&reply).await;
        let frame = CloseFrame {
            code: REPLACED,
            reason: Utf8Bytes::from_static("this link to the seat was replaced by a newer one"),
        };
        let _ = self.socket.send(Message::Close(Some(frame))).await;
        true
    }

    /// Sends every record after `last` from the table's log, in order.
    async fn catch_up(&mut self) -> bool {
        loop {
            let Ok((records, last_seq)) =
                self.table.after(self.reader, self.last, self.batch).await
            else {
                return false;
            };
            if records.is_empty() {
                return true;
            }
            for record in records {
                self.last = record.seq;
                let replaced = self.replaced_by(&record);
                let message = self.message(record.seq, || record);
                if !self.send(&message).await || (replaced && self.close_replaced().await) {
                    return false;
                }
            }
            if self.last >= last_seq {
                return true;
            }
        }
    }
}

/// One client's connection (from address `from`), caught up from `after`, each record sent as
/// its seq alone when `brief`; its `slot` is given back when it ends.
async fn client(
    socket: WebSocket,
    app: App,
    table: LiveTable,
    reader: Reader,
    (after, brief): (u64, bool),
    slot: SocketSlot,
    from: ClientAddr,
) {
    let _slot = slot;
    // Subscribed before anything is read, so no record falls between the catch-up and the live
    // ones; the subscription keeps the table's task from unloading while the client is here.
    let mut events = table.handle().events.subscribe();
    let mut client = Client {
        socket,
        table: table.clone(),
        reader,
        last: after,
        batch: app.limits().catch_up_batch,
        brief,
    };
    let seq = match table.after(reader, u64::MAX, 0).await {
        Ok((_, last)) => last,
        Err(_) => return,
    };
    // A client ahead of the log (a stale seq from before a restore) starts from the log's end
    // rather than skipping records when the log catches up.
    client.last = client.last.min(seq);
    if !client
        .send(&Outgoing::Hello {
            you: reader.actor,
            seq,
        })
        .await
        || !client.catch_up().await
    {
        return;
    }
    let shutdown = app.shutdown().clone();
    loop {
        tokio::select! {
            record = events.recv() => {
                let alive = match record {
                    Ok(record) if record.seq <= client.last => true,
                    Ok(record) if record.seq == client.last + 1 => client.send_record(&record).await,
                    Ok(_) | Err(RecvError::Lagged(_)) => client.catch_up().await,
                    Err(RecvError::Closed) => false,
                };
                if !alive {
                    break;
                }
            }
            message = client.socket.recv() => {
                let Some(Ok(message)) = message else { break };
                let reply = match message {
                    Message::Text(text) => {
                        incoming(&app, &table, reader.actor, from, text.as_str()).await
                    }
                    Message::Binary(_) => error_reply(
                        &app,
                        from,
                        &Value::Null,
                        &ApiError::BadRequest("messages are JSON text frames".into()),
                    ),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if !client.send(&reply).await {
                    break;
                }
            }
            () = shutdown.cancelled() => {
                let frame = CloseFrame { code: 1012, reason: Utf8Bytes::from_static("server restarting") };
                let _ = client.socket.send(Message::Close(Some(frame))).await;
                break;
            }
        }
    }
}

async fn incoming(
    app: &App,
    table: &LiveTable,
    reader: Actor,
    from: ClientAddr,
    text: &str,
) -> Outgoing {
    let message: Incoming = match serde_json::from_str(text) {
        Ok(message) => message,
        Err(e) => {
            return error_reply(
                app,
                from,
                &Value::Null,
                &ApiError::BadRequest(format!(
                    "{}: a message is a JSON object with an id and an action, the action as \
                     POST /api/tables/{{id}}/actions takes it",
                    crate::body::body_refusal::<Incoming>(&e, text.as_bytes()).replacen(
                        "the request's body",
                        "the message",
                        1
                    )
                )),
            );
        }
    };
    // The seat's rate of actions, shared with its other sockets and its HTTP actions.
    if let Err(e) = app.check_seat_rate(&table.handle().id, reader, crate::app::Spend::Action) {
        return error_reply(app, from, &message.id, &e);
    }
    let request = match Request::from_json(message.action) {
        Ok(request) => request,
        Err(e) => return error_reply(app, from, &message.id, &e.into()),
    };
    match table.act(reader, request).await {
        Ok(records) => {
            let seq = records.last().map_or(0, |r: &Arc<Record>| r.seq);
            Outgoing::Ack {
                id: message.id,
                seq,
            }
        }
        Err(e) => error_reply(app, from, &message.id, &e),
    }
}

/// The error message answering message `id` of the client at `from`; logged, or counted against
/// the client when it is a 429 ([`ApiError::counted`]).
fn error_reply(app: &App, from: ClientAddr, id: &Value, error: &ApiError) -> Outgoing {
    if error.counted() {
        app.throttled(from);
    }
    error.log();
    Outgoing::Error {
        id: id.clone(),
        error: error.body().error,
    }
}
