//! The JSON-over-HTTP routes: create, join, read state and log, act, export. Each handler's
//! `#[utoipa::path]` says what it reads and every answer it gives; the OpenAPI document is made
//! of them (`crate::openapi`, served at `/api/openapi.json`).

use crate::actor::{Role, TokenEntry};
use crate::app::App;
use crate::body::JsonBody;
use crate::client::ClientAddr;
use crate::error::ApiError;
use crate::export;
use crate::query::Params;
use crate::report;
use crate::responses::{EveryRoute, JsonPost, NOT_JSON, STORE_FAILED, TableRoute};
use crate::rows::{to_row, token_row};
use crate::schemas::{ActionSchema, ExportFormat, TablePath};
use crate::seated::{Acting, Seated};
use crate::shapes::{
    Acted, CheckAnswer, CreateTable, Created, ErrorBody, ExportedLog, Health, Invited, Join,
    Joined, LogPage, MovesAnswer, OddsAnswer, SeatLinkFor, SeatLinked, Summary,
};
use crate::token;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use skald_fair::ServerSeed;
use skald_store::{TableMeta, TokenRow};
use skald_table::{Actor, Record, Request, Table, redact};

/// The header that carries the operator's creation key, when the server requires one.
pub const CREATION_KEY_HEADER: &str = "x-skald-creation-key";

/// Most records one `GET .../log` returns.
pub const MAX_LOG_PAGE: u64 = 1000;

pub use crate::credentials::{bearer, cookie_name};

#[utoipa::path(
    post,
    path = "/api/tables",
    summary = "Create a table",
    description = "Needs the operator's creation key when the server has one (`skald serve \
        --creation-key`). Each client address creates at most `tables_per_hour` tables (30 by \
        default; a refused request uses up nothing), and the server holds at most `max_tables` \
        live tables (a table quiet for 30 days is archived out of them; its GM's token restores \
        it).",
    params(
        ("X-Skald-Creation-Key" = Option<String>, Header, description = "The operator's creation \
            key (1-256 bytes); required when the server has one, ignored otherwise. Never \
            echoed."),
    ),
    request_body = inline(CreateTable),
    responses(
        (status = 201, description = "The table, the GM token and the invite token (shown once).", body = Created),
        JsonPost,
        (status = 400, description = "A body that is not JSON or has unknown fields", body = ErrorBody),
        (status = 403, description = "The server requires its creation key, and the request has \
            none or another (the message says which); or the request came from a page of another \
            origin without a token of its own.", body = ErrorBody),
        (status = 422, description = "Refused: a system the server does not play, a title or \
            options out of bounds.", body = ErrorBody),
        (status = 429, description = "A bound reached: the address's rate, its tables per hour \
            (the message says when to try again), or the server's live tables.", body = ErrorBody),
        (status = 500, description = STORE_FAILED, body = ErrorBody),
    ),
)]
/// `POST /api/tables`: a new table; the reply holds the GM token and the invite token, once. The
/// operator's creation key, if the server requires one, goes in `X-Skald-Creation-Key`.
pub async fn create(
    State(app): State<App>,
    client: ClientAddr,
    headers: HeaderMap,
    JsonBody(request): JsonBody<CreateTable>,
) -> Result<Response, ApiError> {
    let key = headers
        .get(CREATION_KEY_HEADER)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    Ok((
        StatusCode::CREATED,
        Json(create_table(&app, client, key.as_deref(), request).await?),
    )
        .into_response())
}

/// Whether `given` opens table creation: always when the server has no creation key.
///
/// # Errors
/// [`ApiError::CreationKey`] saying what is missing; never quoting a key.
pub fn check_creation_key(app: &App, given: Option<&str>) -> Result<(), ApiError> {
    let Some(key) = &app.limits().creation_key else {
        return Ok(());
    };
    match given {
        None | Some("") => Err(ApiError::CreationKey(
            "creation key: this server creates tables only with its creation key (the \
             X-Skald-Creation-Key header, or the lobby's \"Creation key\" field); ask its \
             operator for it"
                .into(),
        )),
        Some(given) if key.matches(given) => Ok(()),
        Some(_) => Err(ApiError::CreationKey(
            "creation key: the key given is not this server's creation key; ask its operator \
             for it"
                .into(),
        )),
    }
}

/// Creates a table for `client` and returns what `POST /api/tables` answers. In order: the creation key (if the server has one),
/// the request itself (a refused one uses up nothing), the server's live tables, the client's
/// tables per hour.
///
/// # Errors
/// [`ApiError::CreationKey`], the table's refusal of the system, title or options,
/// [`ApiError::Limit`], [`ApiError::Store`].
pub async fn create_table(
    app: &App,
    client: ClientAddr,
    key: Option<&str>,
    request: CreateTable,
) -> Result<Created, ApiError> {
    check_creation_key(app, key)?;
    let fresh = |e: getrandom::Error| ApiError::Store(format!("no randomness: {e}"));
    let seed = ServerSeed::from_bytes(token::fresh().map_err(fresh)?);
    let now = crate::actor::now_ms();
    let record = Table::create(
        skald_systems::REGISTRY,
        &request.system,
        &request.title,
        &request.options,
        &seed,
        now,
    )?;
    app.reserve_table().await?;
    // After the cap: a client refused because the server is full keeps its allowance.
    if let Err(e) = app.check_creation_rate(client) {
        app.release_table();
        return Err(e);
    }
    let created = create_reserved(app, request, &seed, record, now).await;
    match created {
        Ok(_) => app.commit_table(),
        Err(_) => app.release_table(),
    }
    created
}

async fn create_reserved(
    app: &App,
    request: CreateTable,
    seed: &ServerSeed,
    record: Record,
    now: i64,
) -> Result<Created, ApiError> {
    let fresh = |e: getrandom::Error| ApiError::Store(format!("no randomness: {e}"));
    let id = table_id().map_err(fresh)?;
    let gm = token::new_token().map_err(fresh)?;
    let invite = token::new_token().map_err(fresh)?;
    let entries = vec![
        TokenEntry {
            hash: token::hash(&gm),
            role: Role::Seated(Actor::Gm),
            since: 0,
        },
        TokenEntry {
            hash: token::hash(&invite),
            role: Role::Invite,
            since: 0,
        },
    ];
    let rows: Vec<TokenRow> = entries.iter().map(token_row).collect();
    let meta = TableMeta {
        id: id.clone(),
        system: request.system.clone(),
        title: request.title.clone(),
        created_ms: now,
    };
    app.store()
        .create_table(&meta, &[to_row(&record)], &rows)
        .await?;
    let commitment = seed.commitment();
    let table = Table::from_records(skald_systems::REGISTRY, vec![record])?;
    app.registry().insert_new(&id, table, entries, now).await;
    Ok(Created {
        table: id,
        system: request.system,
        title: request.title,
        gm_token: gm,
        invite,
        commitment,
    })
}

/// A new table id: 12 random bytes, base64url (16 characters).
fn table_id() -> Result<String, getrandom::Error> {
    use base64::Engine;
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes)?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/join",
    summary = "Take a seat with the table's invite",
    params(TablePath),
    request_body = Join,
    responses(
        (status = 200, description = "The player's id and token (shown once)", body = Joined),
        TableRoute,
        JsonPost,
        (status = 401, description = "Not the table's invite", body = ErrorBody),
        (status = 422, description = "Refused: the name is taken, blank, too long or has control \
            characters; the table is full.", body = ErrorBody),
    ),
)]
/// `POST /api/tables/{id}/join`: takes a seat with the invite; the reply holds the player's token,
/// once.
pub async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<Join>,
) -> Result<Json<Joined>, ApiError> {
    let (table, role) =
        app.authenticate(&id, Some(&request.invite))
            .await
            .map_err(|e| match e {
                ApiError::Unauthorized => ApiError::BadInvite,
                other => other,
            })?;
    if role != Role::Invite {
        return Err(ApiError::BadRequest(
            "this is the link to a seat, not the table's invite: ask the GM for an invite link"
                .into(),
        ));
    }
    let (player, token) = table.join(&request.name).await?;
    Ok(Json(Joined {
        table: id,
        player,
        token,
    }))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/invite",
    summary = "A new invite token (the GM only); earlier invites stay valid",
    params(TablePath),
    security(("token" = [])),
    responses(
        (status = 200, description = "The new invite (shown once)", body = Invited),
        TableRoute,
        (status = 403, description = "Not the GM; or from a page of another origin, with the \
            browser's cookie and no token of its own.", body = ErrorBody),
        (status = 415, description = NOT_JSON, body = ErrorBody),
    ),
)]
/// `POST /api/tables/{id}/invite` (the GM): a new invite token for the table, shown once; earlier
/// invites stay valid.
pub async fn invite(
    Acting(Seated { id, table, reader }): Acting,
) -> Result<Json<Invited>, ApiError> {
    gm_only(reader.actor, "only the GM may make an invite")?;
    let invite = table.invite().await?;
    Ok(Json(Invited { table: id, invite }))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/seat-link",
    summary = "A new link for a player's seat (the GM only), to hand a seat back to a player who \
        lost its device; the seat's earlier links stop working, and the new one reads none of the \
        seat's earlier secrets",
    params(TablePath),
    request_body = SeatLinkFor,
    security(("token" = [])),
    responses(
        (status = 200, description = "The seat's new token (shown once)", body = SeatLinked),
        TableRoute,
        JsonPost,
        (status = 403, description = "Not the GM; or from a page of another origin, with the \
            browser's cookie and no token of its own.", body = ErrorBody),
        (status = 422, description = "Nobody sits in that seat", body = ErrorBody),
    ),
)]
/// `POST /api/tables/{id}/seat-link` (the GM; body `{"player": N}`): a new token for player N's
/// seat, shown once, so the GM can hand a seat back to a player who lost its device (docs/server.md,
/// "Seats"). Every earlier token of the seat stops working (401, `unauthorized`, saying the link
/// was replaced), and the new one reads the seat's secrets (its sealed allocations, its whispers)
/// only from the `seat_handed` record it is made with.
pub async fn seat_link(
    Acting(Seated { id, table, reader }): Acting,
    // Read after the GM check: a player's request is refused as not the GM's, whatever its body.
    body: Result<JsonBody<SeatLinkFor>, ApiError>,
) -> Result<Json<SeatLinked>, ApiError> {
    gm_only(
        reader.actor,
        "only the GM may make a new link for a seat; a player finds its own under \
         \u{201c}Your link to this seat\u{201d}",
    )?;
    let JsonBody(SeatLinkFor { player }) = body?;
    let (name, token) = table.seat_link(player).await?;
    Ok(Json(SeatLinked {
        table: id,
        player,
        name,
        token,
    }))
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}",
    summary = "The table's summary and the system's state",
    params(TablePath),
    security(("token" = [])),
    responses(
        (status = 200, description = "system, title, options, you, seq, epoch, commitment, \
            players, owners, state", body = Summary),
        TableRoute,
    ),
)]
/// `GET /api/tables/{id}`: the table's summary and state, for the token's holder.
pub async fn summary(Seated { table, reader, .. }: Seated) -> Result<Json<Summary>, ApiError> {
    Ok(Json(table.summary(reader.actor).await?))
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/log",
    summary = "Records after a seq, as the token's holder may see them",
    params(
        TablePath,
        ("after" = Option<u64>, Query, minimum = 0, maximum = 9223372036854775807u64,
            description = "Records with a greater seq (default 0)."),
        ("limit" = Option<u64>, Query, minimum = 1, maximum = 1000,
            description = "At most this many records (default 1000); out of 1 to 1000 is \
            refused, not clamped."),
    ),
    security(("token" = [])),
    responses(
        (status = 200, description = "last_seq and records", body = LogPage),
        TableRoute,
    ),
)]
/// `GET /api/tables/{id}/log?after=N&limit=M`: records after N (default 0), at most M (1 to 1000,
/// default 1000), as the token's holder may see them.
pub async fn log(
    Seated { id, table, reader }: Seated,
    params: Params,
) -> Result<Json<LogPage>, ApiError> {
    params.only(&["after", "limit", "token"])?;
    let after = params.whole("after", 0, MAX_SEQ)?.unwrap_or(0);
    let limit = params
        .whole("limit", 1, MAX_LOG_PAGE)?
        .unwrap_or(MAX_LOG_PAGE);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let (records, last) = table.after(reader, after, limit).await?;
    Ok(Json(LogPage {
        table: id,
        last_seq: last,
        records,
    }))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/actions",
    summary = "Send one action; answered after its records are committed",
    params(TablePath),
    security(("token" = [])),
    request_body = ActionSchema,
    responses(
        (status = 200, description = "The committed records, as the sender may see them", body = Acted),
        TableRoute,
        JsonPost,
        (status = 403, description = "Not the sender's to do; or from a page of another origin, \
            with the browser's cookie and no token of its own.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB, or the record the action would \
            make is over the store's bound (1 MiB); nothing was recorded.", body = ErrorBody),
        (status = 422, description = "Refused by the rules", body = ErrorBody),
        (status = 503, description = "Table busy or server stopping", body = ErrorBody),
    ),
)]
/// `POST /api/tables/{id}/actions`: one action; answered once its records are committed, with
/// them as the sender may see them.
pub async fn act(
    Acting(Seated {
        table, reader: by, ..
    }): Acting,
    JsonBody(action): JsonBody<Value>,
) -> Result<Json<Acted>, ApiError> {
    let request = Request::from_json(action)?;
    let records = table.act(by.actor, request).await?;
    let records: Vec<Record> = records.iter().map(|r| redact(r, by)).collect();
    let seq = records.last().map_or(0, |r| r.seq);
    Ok(Json(Acted { seq, records }))
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/export",
    summary = "The whole log: JSON (for skald verify), Markdown or HTML session report",
    params(
        TablePath,
        ("format" = inline(Option<ExportFormat>), Query,
            description = "json (the default), md or html."),
    ),
    security(("token" = [])),
    responses(
        (status = 200, description = "The export", content(
            (ExportedLog = "application/json"),
            (String = "text/markdown"),
            (String = "text/html"),
        )),
        TableRoute,
    ),
)]
/// `GET /api/tables/{id}/export?format=json|md|html`: the whole log as the token's holder may see
/// it: JSON (what `skald verify` reads), Markdown or HTML (a session report).
pub async fn export(
    Seated { id, table, reader }: Seated,
    params: Params,
) -> Result<Response, ApiError> {
    params.only(&["format", "token"])?;
    let format = params.text("format").unwrap_or("json").to_owned();
    if !["json", "md", "html"].contains(&format.as_str()) {
        return Err(ApiError::BadRequest(format!(
            "format: \"{}\" is not one of json, md, html",
            format.chars().take(20).collect::<String>()
        )));
    }
    let summary = table.summary(reader.actor).await?;
    let mut records = Vec::new();
    loop {
        let after = records.len() as u64;
        let (batch, last) = table.after(reader, after, 5000).await?;
        let done = batch.is_empty() || after + batch.len() as u64 >= last;
        records.extend(batch);
        if done {
            break;
        }
    }
    let log = export::Log {
        table: id,
        summary,
        reader: reader.actor,
        records,
    };
    match format.as_str() {
        "json" => Ok(Json(log.exported()).into_response()),
        "md" => Ok((
            [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
            report::markdown(&log).map_err(ApiError::Store)?,
        )
            .into_response()),
        "html" => Ok((
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (
                    header::CONTENT_SECURITY_POLICY,
                    report::content_security_policy(),
                ),
            ],
            report::html(&log).map_err(ApiError::Store)?,
        )
            .into_response()),
        other => Err(ApiError::BadRequest(format!(
            "format: \"{}\" is not one of json, md, html",
            other.chars().take(20).collect::<String>()
        ))),
    }
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/moves",
    summary = "The moves legal now for the token's holder, as forms (group, label, fixed command, \
        fields with their choices and bounds, whether odds are given, a rule note)",
    params(TablePath),
    security(("token" = [])),
    responses(
        (status = 200, description = "{moves: [...]}", body = MovesAnswer),
        TableRoute,
    ),
)]
/// `GET /api/tables/{id}/moves`: the moves legal now for the token's holder, as forms.
pub async fn moves(Seated { table, reader, .. }: Seated) -> Result<Json<MovesAnswer>, ApiError> {
    let moves = table.moves(reader.actor).await?;
    Ok(Json(MovesAnswer { moves }))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/odds",
    summary = "Exact chances of a system command before it is rolled; records nothing",
    params(TablePath),
    security(("token" = [])),
    request_body = ActionSchema,
    responses(
        (status = 200, description = "{odds: null | {summary, chances: [{label, p, decimal, \
            margin?}], distribution: [...]}, seq}: `margin` only for a simulation's estimate; \
            `seq` the last record's when they were worked out", body = OddsAnswer),
        TableRoute,
        JsonPost,
        (status = 422, description = "Not a command of the system", body = ErrorBody),
    ),
)]
/// `POST /api/tables/{id}/odds`: the chances of a system command before it is rolled
/// (`{"odds": null}` when it does not roll or the system gives none), and the `seq` of the state
/// they are of. Records nothing. Worked out off the table's task, behind the node's gate
/// ([`crate::odds_gate`]).
pub async fn odds(
    Seated { table, reader, .. }: Seated,
    JsonBody(command): JsonBody<Value>,
) -> Result<Json<OddsAnswer>, ApiError> {
    Ok(Json(table.odds_and_advice(&command, reader.actor).await?))
}

/// The largest `after` the log and WebSocket routes read: the most an OpenAPI `int64` holds (a
/// table's seqs stop at `skald_table::limits::MAX_RECORDS`, far below).
pub const MAX_SEQ: u64 = 9_223_372_036_854_775_807;

#[utoipa::path(
    post,
    path = "/api/tables/{id}/check",
    summary = "Whether the table would take an action now, before its dice; records nothing",
    description = "What a form asks as it changes: who may send it and every rule the system \
        checks before rolling. Draws no die, so nothing it answers depends on dice the table will \
        roll. A refusal comes back as `{ok: false, error: {kind, message, field?}}` with status \
        200, `field` naming the action's field it is about as a dotted path. A body that is no \
        action at all (no string `do`) is refused with 422, as `/actions` refuses it.",
    params(TablePath),
    security(("token" = [])),
    request_body = ActionSchema,
    responses(
        (status = 200, description = "{ok: true} or {ok: false, error}", body = CheckAnswer),
        TableRoute,
        JsonPost,
        (status = 422, description = "Refused: not an action (a JSON object with a string `do`)", body = ErrorBody),
    ),
)]
/// `POST /api/tables/{id}/check`: whether the table would take the action from the token's
/// holder now, as far as can be known before its dice ([`skald_table::Table::check`]). Records
/// nothing.
pub async fn check(
    Seated { table, reader, .. }: Seated,
    JsonBody(action): JsonBody<Value>,
) -> Result<Json<CheckAnswer>, ApiError> {
    // Something that is no action at all (or whose `client_id` is no id) is refused as `/actions`
    // refuses it; `ok: false` is for an action the table would not take now.
    let request = Request::from_json(action)?;
    let checked = table.check(reader.actor, &request.action).await?;
    Ok(Json(match checked {
        Ok(()) => CheckAnswer {
            ok: true,
            error: None,
        },
        Err(refused) => CheckAnswer {
            ok: false,
            error: Some(ApiError::Table(refused).detail()),
        },
    }))
}

/// Refuses (`forbidden`, 403, saying `reason`) a route the GM alone may use.
fn gm_only(reader: Actor, reason: &str) -> Result<(), ApiError> {
    if reader == Actor::Gm {
        return Ok(());
    }
    Err(skald_table::Error::from(skald_table::ErrorKind::Forbidden {
        reason: reason.to_owned(),
    })
    .into())
}

#[utoipa::path(
    get,
    path = "/api/health",
    summary = "Liveness and back end",
    responses(
        (status = 200, description = "ok, backend, live_tables", body = Health),
        EveryRoute,
    ),
)]
/// `GET /api/health`: whether the server answers, its back end and its live tables.
pub async fn health(State(app): State<App>) -> Result<Json<Health>, ApiError> {
    Ok(Json(Health {
        ok: true,
        backend: app.store().backend().to_string(),
        live_tables: app.registry().live_count().await,
    }))
}
