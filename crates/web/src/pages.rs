//! The page handlers: lobby, table creation, entering with a link, joining, the table view and
//! the fragments its script asks for (board, moves, log, odds).

use crate::arrange::arrange;
use crate::options;
use crate::render::{page, render};
use crate::roller::{self, NoOdds, RollerOdds};
use crate::shapes::{JoinForm, LobbyForm, Parts, TableView, YourTable};
use crate::when;
use axum::Form;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use minijinja::context;
use minijinja::value::Serde;
use serde_json::{Value, json};
use skald_server::actor::{Role, now_ms};
use skald_server::api::{bearer, create_table};
use skald_server::app::Spend;
use skald_server::client::ClientAddr;
use skald_server::export::Log;
use skald_server::live::LiveTable;
use skald_server::query::Params;
use skald_server::seated::Seated;
use skald_server::shapes::{CreateTable, HeldSeat, OddsAnswer};
use skald_server::{ApiError, App};
use skald_table::{Actor, ErrorKind, Reader, TableAction};

/// Records a table page (and each page of older records, `GET /t/{id}/log`) shows at most: its
/// log and its talk are drawn from the last 100. With each line's dice bounded
/// ([`skald_server::export::DICE_DRAWN`], [`skald_server::export::DICE_LISTED`]), a page's log
/// stays under about 1.5 MB whatever the table holds; a busy evening's last hour fits.
pub const LOG_LINES: usize = 100;

fn error_page(error: &ApiError) -> Response {
    // A browser user never sent a token by hand: say it in the page's terms, not the API's.
    let (message, hint) = match error {
        ApiError::Unauthorized => (
            "This browser has no seat at this table.".to_owned(),
            "Open the GM link or an invite link you were given; each one seats the browser that opens it.",
        ),
        ApiError::Replaced => (
            "This link to your seat no longer works: the GM made a new link to this seat."
                .to_owned(),
            "The GM hands a seat back with a new link, and the seat's earlier links stop working. \
             Ask the GM for the new link, and open it in this browser.",
        ),
        ApiError::NotFound(_) => (
            error.to_string(),
            "Check the link: this server has no such table.",
        ),
        _ => (error.to_string(), ""),
    };
    page(
        error.status(),
        render("error.html", context! { message => message, hint => hint }),
    )
}

fn systems() -> Value {
    Value::Array(
        skald_systems::REGISTRY
            .iter()
            .map(|s| json!({"name": s.name, "title": s.title, "about": s.about, "options": options::fields(s.name)}))
            .collect(),
    )
}

/// The seats this browser holds (its cookies, checked by the store), newest activity first, in
/// words; `None` when the store could not be read (the lobby says so and still creates tables).
async fn your_tables(app: &App, headers: &HeaderMap) -> Option<Vec<YourTable>> {
    let seats = skald_server::held::seats(app, headers).await.ok()?;
    let now = now_ms();
    Some(seats.iter().map(|seat| your_table(seat, now)).collect())
}

/// One held seat as the lobby shows it at `now` (unix ms).
fn your_table(seat: &HeldSeat, now: i64) -> YourTable {
    let system = skald_systems::REGISTRY
        .find(&seat.system)
        .map_or(seat.system.as_str(), |s| s.title);
    let name = match seat.seat {
        Actor::Gm => "the GM".to_owned(),
        Actor::Player(id) => seat.name.clone().unwrap_or_else(|| format!("player {id}")),
    };
    YourTable {
        table: seat.table.clone(),
        title: seat.title.clone(),
        system: system.to_owned(),
        seat: name,
        gm: seat.seat == Actor::Gm,
        active: when::ago(now, seat.active_ms),
        active_date: when::date(seat.active_ms),
    }
}

/// `GET /`: the lobby: the tables this browser holds a seat at ("Your tables", from its
/// cookies), and the form that creates a table (with a field for the creation key when the
/// server asks for one), each game said in two lines.
pub async fn lobby(State(app): State<App>, headers: HeaderMap) -> Response {
    let key_required = app.limits().creation_key.is_some();
    let yours = your_tables(&app, &headers).await;
    page(
        StatusCode::OK,
        render(
            "lobby.html",
            context! {
                systems => Serde(systems()),
                key_required => key_required,
                yours => Serde(&yours),
                closed => app.creation_closed(),
            },
        ),
    )
}

/// `POST /tables` (form): creates a table, seats this browser as its GM, and goes on to the page
/// with the GM link and an invite link (`welcome`). Bounded like `POST /api/tables`: the
/// creation key (field `creation_key`), the address's tables per hour, the server's live tables.
pub async fn create(
    State(app): State<App>,
    client: ClientAddr,
    headers: HeaderMap,
    Form(form): Form<LobbyForm>,
) -> Response {
    // Never rendered back into the page (`LobbyForm` does not serialize it).
    let key = form.creation_key.clone();
    let system = form.system.clone().unwrap_or_default();
    let title = form.title.clone().unwrap_or_default();
    let mut options = serde_json::Map::new();
    for field in options::fields(&system) {
        let given = form.options.get(&format!("opt_{}", field.key));
        let value = match field.kind {
            "bool" => Value::Bool(given.is_some()),
            "int" => match given.and_then(|v| v.trim().parse::<i64>().ok()) {
                Some(n) => Value::from(n),
                None => continue,
            },
            _ => match given.and_then(|v| serde_json::from_str(v).ok()) {
                Some(v) => v,
                None => continue,
            },
        };
        options.insert(field.key.clone(), value);
    }
    // The table's own option (crates/table/src/requests.rs), beside the system's.
    if form.players_set_gm_numbers.is_some() {
        options.insert("players_set_gm_numbers".into(), Value::Bool(true));
    }
    let request = CreateTable {
        system,
        title,
        options: Value::Object(options),
    };
    let created = match create_table(&app, client, key.as_deref(), request).await {
        Ok(created) => created,
        Err(e) => {
            let key_required = app.limits().creation_key.is_some();
            let yours = your_tables(&app, &headers).await;
            return page(
                e.status(),
                render(
                    "lobby.html",
                    context! { systems => Serde(systems()), error => e.to_string(), form => Serde(&form), key_required => key_required, yours => Serde(&yours) },
                ),
            );
        }
    };
    // Post/Redirect/Get: reloading the page that shows the links must not make another table.
    let mut response = Redirect::to(&format!("/t/{}/welcome", created.table)).into_response();
    set_cookie(&app, &mut response, &created.table, &created.gm_token);
    response
}

/// `GET /t/{id}/welcome` (the GM): the GM link and a fresh invite link, to copy and send. Every
/// visit makes a new invite; earlier ones stay valid.
pub async fn welcome(
    State(app): State<App>,
    seated: Result<Seated, ApiError>,
    headers: HeaderMap,
) -> Response {
    let Seated { id, table, reader } = match seated {
        Ok(seated) if seated.reader.actor == Actor::Gm => seated,
        Ok(_) => return error_page(&ApiError::BadRequest("only the GM makes invites".into())),
        Err(e) => return error_page(&e),
    };
    let invite = match table.invite().await {
        Ok(invite) => invite,
        Err(e) => return error_page(&e),
    };
    let summary = match table.summary(reader.actor).await {
        Ok(summary) => summary,
        Err(e) => return error_page(&e),
    };
    let origin = origin(&app, &headers);
    let gm = bearer(&headers, None, &id).unwrap_or_default();
    let html = render(
        "created.html",
        context! {
            table => id.clone(),
            title => summary.title,
            system => summary.system,
            gm_link => format!("{origin}/t/{id}/enter?token={gm}"),
            invite_link => format!("{origin}/t/{id}/join?invite={invite}"),
            commitment => summary.commitment,
        },
    );
    page(StatusCode::OK, html)
}

/// The server's public URL (`skald serve --public-url`), else `http://host` of the request, for
/// links to copy.
fn origin(app: &App, headers: &HeaderMap) -> String {
    if let Some(public) = &app.limits().public_url {
        return public.origin().to_owned();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.len() <= 255
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
        })
        .unwrap_or("127.0.0.1:8080");
    format!("http://{host}")
}

/// Keeps `token` for table `id` in this browser's cookie (`Secure` when the server's public URL is
/// https), for `COOKIE_SECONDS` from now.
fn set_cookie(app: &App, response: &mut Response, id: &str, token: &str) {
    let secure = skald_server::credentials::secure(app.limits());
    let cookie = skald_server::credentials::cookie(id, token, secure).to_string();
    if let Ok(value) = cookie.parse() {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}

/// `GET /t/{id}/enter?token=T`: the GM's (or a player's) link: keeps the token in a cookie and
/// goes to the table, so the token leaves the address bar. The GM's link restores an archived
/// table.
pub async fn enter(State(app): State<App>, Path(id): Path<String>, params: Params) -> Response {
    if let Err(e) = params.only(&["token"]) {
        return error_page(&e);
    }
    let token = params.text("token").unwrap_or_default().to_owned();
    match app.seated(&id, Some(&token), Spend::Read).await {
        Ok(_) => {
            let mut response = Redirect::to(&format!("/t/{id}")).into_response();
            set_cookie(&app, &mut response, &id, &token);
            response
        }
        Err(e) => error_page(&e),
    }
}

/// `GET /t/{id}/join?invite=I`: asks the new player's name; a browser that already holds a seat
/// at this table (its cookie: the GM's or a player's) goes to that seat instead, whatever the
/// invite, and the table page says why.
pub async fn join_form(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    params: Params,
) -> Response {
    if let Err(e) = params.only(&["invite"]) {
        return error_page(&e);
    }
    if let Some(token) = bearer(&headers, None, &id)
        && let Ok((_, Role::Seated(_))) = app.authenticate(&id, Some(&token)).await
    {
        return Redirect::to(&format!("/t/{id}?from=invite")).into_response();
    }
    let invite = params.text("invite").unwrap_or_default().to_owned();
    match app.authenticate(&id, Some(&invite)).await {
        Ok((table, Role::Invite)) => {
            let summary = match table.summary(Actor::Gm).await {
                Ok(summary) => summary,
                Err(e) => return error_page(&e),
            };
            page(
                StatusCode::OK,
                render(
                    "join.html",
                    context! { table => id, invite => invite, title => summary.title, system => summary.system, players => Serde(&summary.players) },
                ),
            )
        }
        Ok(_) => error_page(&ApiError::BadRequest(
            "this link is a seat's, not an invite: open it with /enter".into(),
        )),
        Err(ApiError::Unauthorized) => error_page(&ApiError::BadInvite),
        Err(e) => error_page(&e),
    }
}

/// `POST /t/{id}/join` (form: invite, name): seats a player and keeps its token in a cookie.
pub async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    Form(JoinForm { invite, name }): Form<JoinForm>,
) -> Response {
    let joined = match app.authenticate(&id, Some(&invite)).await {
        Ok((table, Role::Invite)) => table.join(&name).await,
        Ok(_) | Err(ApiError::Unauthorized) => Err(ApiError::BadInvite),
        Err(e) => Err(e),
    };
    match joined {
        Ok((_, token)) => {
            // The table page's welcome says to keep the seat's link, the one way back.
            let mut response = Redirect::to(&format!("/t/{id}?from=join")).into_response();
            set_cookie(&app, &mut response, &id, &token);
            response
        }
        Err(ApiError::Table(e)) => {
            // A taken name is most often its own player on a new device: say the way back.
            let (error, taken) = match e.kind() {
                ErrorKind::NameTaken { name, seated, .. }
                    if name.to_lowercase() == seated.to_lowercase() =>
                {
                    (
                        format!(
                            "The name \u{201c}{name}\u{201d} is taken: someone already sits at this table under it."
                        ),
                        true,
                    )
                }
                ErrorKind::NameTaken { name, seated, seat } => (
                    format!(
                        "The name \u{201c}{name}\u{201d} looks like \u{201c}{seated}\u{201d}, who already sits at this table (seat {seat})."
                    ),
                    true,
                ),
                _ => (e.to_string(), false),
            };
            page(
                StatusCode::UNPROCESSABLE_ENTITY,
                render(
                    "join.html",
                    context! { table => id, invite => invite, name => name, error => error, taken => taken },
                ),
            )
        }
        Err(e) => error_page(&e),
    }
}

/// Everything a table page and its fragments show, for one reader: the log from `after` on (its
/// last [`LOG_LINES`] records at most).
async fn table_view(table: &LiveTable, sight: Reader, after: u64) -> Result<TableView, ApiError> {
    let reader = sight.actor;
    let summary = table.summary(reader).await?;
    let moves = table.moves(reader).await?;
    let last = summary.seq;
    let from = after.max(last.saturating_sub(LOG_LINES as u64));
    let (records, _) = table.after(sight, from, LOG_LINES).await?;
    // Every record since the page's `after` read (none left out by the bound), and none that
    // may change the odds: the page keeps the odds it shows.
    let odds_kept = after > 0
        && from == after
        && records.len() as u64 >= last - from
        && records.iter().all(|r| !r.body.may_change_odds());
    // The head is the last record's hash: the lines' own when they reach it, else asked for.
    let head = match records.iter().find(|r| r.seq == last) {
        Some(record) => record.hash(),
        None => table
            .after(sight, last.saturating_sub(1), 1)
            .await?
            .0
            .first()
            .map(|r| r.hash())
            .unwrap_or_default(),
    };
    let mine: Vec<String> = summary
        .owners
        .iter()
        .filter(|(_, owner)| **owner == reader)
        .map(|(name, _)| name.clone())
        .collect();
    let listed = skald_systems::REGISTRY.find(&summary.system);
    let board = crate::render::board(&summary.system);
    let rule_codes = listed.map_or_else(Vec::new, |s| {
        s.rulings.rulings.iter().map(|r| r.code).collect()
    });
    let log = Log {
        table: summary.table.clone(),
        summary,
        reader,
        records,
    };
    let (you, lines) = (log.reader_name(), log.lines());
    let summary = log.summary;
    Ok(TableView {
        table: summary.table,
        title: summary.title,
        system: summary.system,
        board,
        rule_codes,
        seq: last,
        head,
        gm: reader == Actor::Gm,
        you,
        mine,
        players: summary.players,
        owners: summary.owners,
        epoch: summary.epoch,
        commitment: summary.commitment,
        state: summary.state,
        state_shown: false,
        arranged: arrange(&moves),
        moves,
        lines,
        earlier: from > 0,
        first: from + 1,
        odds_kept,
    })
}

/// `GET /t/{id}`: the table: board, moves, log, and this seat's own link. `?from=invite`: this
/// browser opened an invite to a table it already sits at (`join_form`), and the page says so;
/// `?from=join`: the player just sat down (`join`), and the page says to keep the seat's link.
pub async fn table(
    State(app): State<App>,
    seated: Result<Seated, ApiError>,
    headers: HeaderMap,
    params: Params,
) -> Response {
    let Seated { id, table, reader } = match seated {
        Ok(seated) => seated,
        Err(e) => return error_page(&e),
    };
    let view = match table_view(&table, reader, 0).await {
        Ok(view) => view,
        Err(e) => return error_page(&e),
    };
    // The seat's token is this browser's already (its cookie): showing it to its holder lets them
    // open the same seat on another device.
    let token = bearer(&headers, None, &id).unwrap_or_default();
    let seat_link = format!("{}/t/{id}/enter?token={token}", origin(&app, &headers));
    let from = params
        .text("from")
        .filter(|from| ["invite", "join"].contains(from));
    // The parts are drawn as an update draws them, and their digests kept on the page, so the
    // first update sends only what changed since.
    let drawn = crate::parts::draw(&view);
    let (digests, moves) = (drawn.digests().to_string(), drawn.moves_html());
    let context = context! {
        seat_link => seat_link,
        from => from,
        drawn => context! {
            board => drawn.board,
            moves => moves,
            say => drawn.say,
            head => drawn.head,
        },
        digests => digests,
        max_have => crate::parts::MAX_HAVE,
        ..minijinja::Value::from(Serde(&view))
    };
    let mut response = page(StatusCode::OK, render("table.html", context));
    // Opening the table renews the cookie it was opened with: a seat in use is not forgotten.
    if response.status() == StatusCode::OK
        && skald_server::credentials::by_cookie(&headers, params.text("token"), &id)
    {
        set_cookie(&app, &mut response, &id, &token);
    }
    response
}

/// `GET /t/{id}/seat-link`: this seat's link as a small HTML file to keep (`Content-Disposition:
/// attachment`), with the table's title and, for the GM, why to keep it. The token comes from
/// the request's cookie (or header), never from this route's address, so nothing secret is in
/// any URL or log line; the answer is not cached.
pub async fn seat_link(
    State(app): State<App>,
    seated: Result<Seated, ApiError>,
    headers: HeaderMap,
) -> Response {
    let Seated { id, table, reader } = match seated {
        Ok(seated) => seated,
        Err(e) => return error_page(&e),
    };
    let reader = reader.actor;
    let summary = match table.summary(reader).await {
        Ok(summary) => summary,
        Err(e) => return error_page(&e),
    };
    let token = bearer(&headers, None, &id).unwrap_or_default();
    let link = format!("{}/t/{id}/enter?token={token}", origin(&app, &headers));
    let you = match reader {
        Actor::Gm => None,
        Actor::Player(p) => summary
            .players
            .iter()
            .find(|player| player.id == p)
            .map(|player| player.name.clone()),
    };
    let system = skald_systems::REGISTRY
        .find(&summary.system)
        .map_or(summary.system.as_str(), |s| s.title);
    let html = match render(
        "seat_link.html",
        context! { title => &summary.title, system => system, gm => reader == Actor::Gm, you => you, link => link },
    ) {
        Ok(html) => html,
        Err(e) => return page(StatusCode::INTERNAL_SERVER_ERROR, Err(e)),
    };
    let seat = if reader == Actor::Gm { "gm" } else { "seat" };
    let file = format!("skald-{}-{seat}-link.html", file_stem(&summary.title, &id));
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        html,
    )
        .into_response()
}

/// `GET /t/{id}/head`: the log's head as a small text file to keep (`Content-Disposition:
/// attachment`): the table, the last record's seq, `head: ` and its hash (64 hex digits), and
/// the command that checks an export against it (`skald verify LOG.json --head-file FILE`). It
/// holds nothing secret: every seat reads the same head. Not cached.
pub async fn head(seated: Result<Seated, ApiError>) -> Response {
    let Seated { id, table, reader } = match seated {
        Ok(seated) => seated,
        Err(e) => return error_page(&e),
    };
    let summary = match table.summary(reader.actor).await {
        Ok(summary) => summary,
        Err(e) => return error_page(&e),
    };
    let last = match table.after(reader, summary.seq.saturating_sub(1), 1).await {
        Ok((records, _)) => records.into_iter().find(|r| r.seq == summary.seq),
        Err(e) => return error_page(&e),
    };
    let Some(last) = last else {
        return error_page(&ApiError::NotFound("this table has no records".into()));
    };
    let text = format!(
        "Skald table \"{}\" ({id})\nrecord: {}\nhead: {}\nCheck an export against it: skald verify LOG.json --head-file THIS_FILE\n",
        summary.title,
        last.seq,
        last.hash()
    );
    let file = format!(
        "skald-{}-head-{}.txt",
        file_stem(&summary.title, &id),
        last.seq
    );
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        text,
    )
        .into_response()
}

/// A file name's stem from a table's title: lower-case ASCII letters and digits, words joined by
/// hyphens, at most 40 characters; the table id when the title has none of those.
fn file_stem(title: &str, id: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut stem = String::new();
    for word in words {
        if stem.len() + word.len() + 1 > 40 {
            break;
        }
        if !stem.is_empty() {
            stem.push('-');
        }
        stem.push_str(&word);
    }
    if stem.is_empty() {
        id.chars()
            .filter(char::is_ascii_alphanumeric)
            .take(40)
            .collect()
    } else {
        stem
    }
}

/// `GET /t/{id}/log?before=N`: the log and the talk of the [`LOG_LINES`] records before record
/// `N` (default: the last ones), with links to the older and the newer records: how a table
/// page's reader reads what its log no longer shows.
pub async fn older(Seated { id, table, reader }: Seated, params: Params) -> Response {
    let before = match params
        .only(&["before", "token"])
        .and_then(|p| p.whole("before", 1, u64::MAX))
    {
        Ok(before) => before,
        Err(e) => return error_page(&e),
    };
    let summary = match table.summary(reader.actor).await {
        Ok(summary) => summary,
        Err(e) => return error_page(&e),
    };
    let last = summary.seq;
    let before = before.unwrap_or(last + 1).min(last + 1);
    let after = before.saturating_sub(LOG_LINES as u64 + 1);
    let count = usize::try_from(before - 1 - after).unwrap_or(LOG_LINES);
    let records = match table.after(reader, after, count).await {
        Ok((records, _)) => records,
        Err(e) => return error_page(&e),
    };
    let log = Log {
        table: id.clone(),
        summary,
        reader: reader.actor,
        records,
    };
    let lines = log.lines();
    let newer = (before <= last).then(|| (before + LOG_LINES as u64).min(last + 1));
    page(
        StatusCode::OK,
        render(
            "older.html",
            context! {
                table => id,
                title => log.summary.title,
                first => after + 1,
                last => before - 1,
                older => after > 0,
                newer => newer,
                lines => Serde(&lines),
            },
        ),
    )
}

/// `GET /t/{id}/parts?after=N&have=D.D...&seen=S&state=1`: what changed since the page was drawn, for the
/// script to swap in when records arrive: the log and talk lines after N, and the board, the
/// moves (piece by piece), the talk box and the log's head, each with its digest and, unless
/// its digest is among `have` (the digests the page shows, [`crate::parts::have`]), its HTML.
/// Compressed (gzip) when the browser takes it: nothing in it is a secret of the seat's holder
/// (docs/decisions.md, "Compressed live parts, never beside a secret"). `seen` (optional, a seq):
/// the record the page's socket told of; a node that follows the table then answers from its
/// copy when the copy has that record, instead of reading the log first. `state` (optional, 0 or
/// 1): 1 when the page shows the board's fold of the whole state open, which is drawn filled
/// only then ([`TableView::state_shown`]).
pub async fn parts(Seated { table, reader, .. }: Seated, params: Params) -> Response {
    let (after, have, seen, state_shown) = match params
        .only(&["after", "have", "seen", "state", "token"])
        .and_then(|p| {
            Ok((
                p.whole("after", 0, u64::MAX)?,
                crate::parts::have(p.text("have"))?,
                p.whole("seen", 0, u64::MAX)?,
                p.whole("state", 0, 1)?,
            ))
        }) {
        Ok((after, have, seen, state)) => (after.unwrap_or(0), have, seen, state == Some(1)),
        Err(e) => return e.into_response(),
    };
    // The record the page was told of on its socket: a node that follows the table answers from
    // its copy when the copy has it, without reading the log (issue 34).
    let table = match seen {
        Some(seq) => table.seen(seq),
        None => table,
    };
    let view = match table_view(&table, reader, after).await {
        Ok(view) => TableView {
            state_shown,
            ..view
        },
        Err(e) => return e.into_response(),
    };
    let context = minijinja::Value::from(Serde(&view));
    let fragment = |name: &str| {
        render(name, context.clone()).unwrap_or_else(|e| format!("<p class=\"error\">{e}</p>"))
    };
    let (board, moves, say, head) = crate::parts::draw(&view).pieces(&have);
    axum::Json(Parts {
        seq: view.seq,
        board,
        moves,
        log: fragment("log.html"),
        talk: fragment("talk.html"),
        say,
        head,
        odds_kept: view.odds_kept,
    })
    .into_response()
}

/// `POST /t/{id}/advice` (a system command as JSON): the advice beyond its roll
/// ([`skald_core::System::advice`]: each choice's chance over the whole conflict, round, event or
/// problem) as an HTML fragment the page puts under the command's odds, asked for once the odds
/// are shown (a slow advice never holds them up); empty when the system gives none. It says the
/// seq of the state it is of in the [`ODDS_SEQ`] header, as the odds do; a busy server's answer
/// is a 503 with no fragment, a body that is not a command yet a 422 with none. With `?alone=1` (the command has no odds: an NPC drafted) the
/// advice comes unfolded under a heading of its own instead of folded under the odds.
pub async fn advice(
    Seated { table, reader, .. }: Seated,
    params: Params,
    body: axum::body::Bytes,
) -> Response {
    let alone = match params.only(&["alone"]).and_then(|p| p.whole("alone", 0, 1)) {
        Ok(alone) => alone == Some(1),
        Err(e) => return e.into_response(),
    };
    let command: Value = match serde_json::from_slice(&body) {
        Ok(command) => command,
        Err(e) => return ApiError::BadRequest(format!("body: {e}")).into_response(),
    };
    match table.advice(&command, reader.actor).await {
        Ok(OddsAnswer {
            advice: Some(advice),
            seq,
            ..
        }) => at_seq(
            page(
                StatusCode::OK,
                render("odds.html", context! { advice => Serde(advice), alone }),
            ),
            seq,
        ),
        Ok(OddsAnswer { seq, .. }) => at_seq(Html(String::new()).into_response(), seq),
        Err(ApiError::Busy(why)) => ApiError::Busy(why).into_response(),
        // Not a command yet (a blank emptied, a number out of range): the odds say what they wait
        // for and the check shows the refusal beside its blank; the advice says nothing, as a 422
        // with no body, so the page keeps the advice it shows (marked as of the form before)
        // instead of dropping it on each slip (a fresh GM's try of issue 32).
        Err(_) => StatusCode::UNPROCESSABLE_ENTITY.into_response(),
    }
}

/// `POST /t/{id}/odds` (a system command as JSON, or the table's `roll` or `secret_roll_dice`):
/// the chances before rolling, as an HTML fragment with a chart; empty when the command does not
/// roll. A command's fragment says the seq of the state it is of in the [`ODDS_SEQ`] header
/// (worked out off the table's task, [`skald_server::live::LiveTable::odds`]); a busy server's
/// answer is a 503 with no fragment. A notation's odds are the free roller's ([`roller::odds`], bounded to answer at
/// once; past its bounds, a sentence saying so).
pub async fn odds(Seated { table, .. }: Seated, body: axum::body::Bytes) -> Response {
    let command: Value = match serde_json::from_slice(&body) {
        Ok(command) => command,
        Err(e) => return ApiError::BadRequest(format!("body: {e}")).into_response(),
    };
    // The table's own dice (the free roller, the GM's secret roll): the notation's odds.
    if let Ok(TableAction::Roll { notation, .. } | TableAction::SecretRollDice { notation, .. }) =
        serde_json::from_value::<TableAction>(command.clone())
    {
        return match roller::odds(&notation) {
            Ok(RollerOdds { odds, note }) => page(
                StatusCode::OK,
                render("odds.html", context! { odds => Serde(odds), note }),
            ),
            Err(NoOdds::NotDice) => Html(
                "<p class=\"muted small\">Type dice such as 2d6+1 to see their odds.</p>"
                    .to_owned(),
            )
            .into_response(),
            Err(NoOdds::TooBig(why)) => page(
                StatusCode::OK,
                render("odds.html", context! { refused => why }),
            ),
        };
    }
    match table.odds(&command).await {
        Ok(OddsAnswer {
            odds: None,
            advice: None,
            seq,
        }) => at_seq(Html(String::new()).into_response(), seq),
        Ok(OddsAnswer { odds, advice, seq }) => at_seq(
            page(
                StatusCode::OK,
                render(
                    "odds.html",
                    context! { odds => Serde(odds), advice => Serde(advice) },
                ),
            ),
            seq,
        ),
        // The server is working out other odds: no fragment, so the page keeps what it shows
        // and asks again with the next change.
        Err(ApiError::Busy(why)) => ApiError::Busy(why).into_response(),
        // A form not filled in yet is not a command yet: say what the odds wait for.
        Err(_) => Html("<p class=\"muted small\">Fill in the form to see the odds.</p>".to_owned())
            .into_response(),
    }
}

/// The header that says which state of the table an odds fragment is of: the seq of its last
/// record when the odds were worked out. skald.js shows a fragment only if that is not older than
/// the newest record the page has drawn (issue 32: a stale answer is never shown).
pub const ODDS_SEQ: &str = "skald-odds-seq";

fn at_seq(mut response: Response, seq: u64) -> Response {
    response
        .headers_mut()
        .insert(ODDS_SEQ, axum::http::HeaderValue::from(seq));
    response
}
