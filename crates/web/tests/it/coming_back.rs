#![allow(clippy::unwrap_used)]
//! Coming back to a table (issue 16, part 7): the lobby lists the tables this browser's cookies
//! hold a seat at, and nothing of a table whose token is wrong; an invite opened where the browser
//! already sits goes to its seat; a taken name is refused with the way back (the seat's link,
//! which seats any browser that opens it); a seat's link downloads as a small file; the lobby says
//! what each game is.

use crate::common;

use common::{Server, answered, fresh, generous};
use serde_json::{Value, json};

/// A table made through the API: (id, GM token, invite).
async fn table(server: &Server, system: &str, title: &str) -> (String, String, String) {
    let response = fresh()
        .post(format!("{}/api/tables", server.base))
        .header("content-type", "application/json")
        .body(json!({"system": system, "title": title}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 201);
    let created: Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
    let text = |v: &Value| v.as_str().unwrap().to_owned();
    (
        text(&created["table"]),
        text(&created["gm_token"]),
        text(&created["invite"]),
    )
}

/// Seats `name` at table `id` through the API: the player's token.
async fn join(server: &Server, id: &str, invite: &str, name: &str) -> String {
    let response = fresh()
        .post(format!("{}/api/tables/{id}/join", server.base))
        .header("content-type", "application/json")
        .body(json!({"invite": invite, "name": name}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let joined: Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
    joined["token"].as_str().unwrap().to_owned()
}

/// `GET path` with `cookie` as the Cookie header (none if empty): (status, Location, body).
async fn get(server: &Server, path: &str, cookie: &str) -> (u16, String, String) {
    let mut request = fresh().get(format!("{}{path}", server.base));
    if !cookie.is_empty() {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.unwrap();
    answered(response).await
}

/// The lobby's "Your tables" list as text: one line per table, tags dropped, spaces collapsed;
/// `None` when the lobby has no such list.
fn your_tables(html: &str) -> Option<Vec<String>> {
    let start = html.find(r#"<ul class="your-tables">"#)?;
    let list = &html[start..start + html[start..].find("</ul>")?];
    Some(
        list.split("<li>")
            .skip(1)
            .map(|item| {
                let mut text = String::new();
                let mut in_tag = false;
                for c in item.chars() {
                    match c {
                        '<' => in_tag = true,
                        '>' => in_tag = false,
                        c if !in_tag => text.push(c),
                        _ => {}
                    }
                }
                text.split_whitespace().collect::<Vec<_>>().join(" ")
            })
            .collect(),
    )
}

/// A little time between activities, so "newest first" has an order to show (milliseconds).
async fn later() {
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
}

/// The lobby lists the seats of valid cookies only, newest activity first, each with its title,
/// system, seat and activity; a cookie with a stale or forged token, another table's token, or
/// the name of a table that does not exist shows nothing of its table, and no token is shown.
#[tokio::test]
async fn the_lobby_lists_this_browsers_tables_and_nothing_of_a_wrong_cookie() {
    let server = Server::start(generous()).await;
    let (alpha, alpha_gm, _) = table(&server, "chi", "Alpha night").await;
    later().await;
    let (bravo, _, bravo_invite) = table(&server, "loqi", "Bravo night").await;
    let (charlie, charlie_gm, _) = table(&server, "twenty", "Charlie secret").await;
    let (delta, _, _) = table(&server, "freelancer", "Delta secret").await;
    later().await;
    let ann = join(&server, &bravo, &bravo_invite, "Ann").await;

    let forged = "A".repeat(43);
    let cookie = format!(
        "skald_{alpha}={alpha_gm}; skald_{charlie}={forged}; skald_{delta}={charlie_gm}; \
         skald_{bravo}={ann}; skald_nosuchtable={alpha_gm}; theme=dark"
    );
    let (status, _, html) = get(&server, "/", &cookie).await;
    assert_eq!(status, 200);
    assert_eq!(
        your_tables(&html).unwrap(),
        [
            "Bravo night Loqi · you are Ann · active just now",
            "Alpha night Chi · you are the GM · active just now",
        ]
    );
    assert!(
        html.contains(&format!(r#"<a href="/t/{bravo}">Bravo night</a>"#)),
        "{html}"
    );
    for secret in ["Charlie secret", "Delta secret", "nosuchtable"] {
        assert!(!html.contains(secret), "the lobby shows {secret:?}");
    }
    for token in [&alpha_gm, &ann, &charlie_gm, &forged] {
        assert!(!html.contains(token.as_str()), "the lobby shows a token");
    }

    // Only wrong cookies, or none: no list at all.
    let (_, _, html) = get(&server, "/", &format!("skald_{charlie}={forged}")).await;
    assert_eq!(your_tables(&html), None);
    assert!(!html.contains("Your tables"), "{html}");
    let (_, _, html) = get(&server, "/", "").await;
    assert_eq!(your_tables(&html), None);

    // At most 50 cookies are looked at, in the order they come: a seat past them is not listed.
    let mut many: Vec<String> = (0..50).map(|i| format!("skald_t{i}={forged}")).collect();
    many.push(format!("skald_{alpha}={alpha_gm}"));
    let (status, _, html) = get(&server, "/", &many.join("; ")).await;
    assert_eq!(status, 200);
    assert_eq!(your_tables(&html), None);
    many.remove(0);
    let (_, _, html) = get(&server, "/", &many.join("; ")).await;
    assert_eq!(
        your_tables(&html).unwrap(),
        ["Alpha night Chi · you are the GM · active just now"]
    );
}

/// Opening an invite in a browser that already sits at the table (a player or the GM) goes to
/// that seat, and the table page says so; a browser without a seat there (no cookie, a wrong
/// one) gets the join form.
#[tokio::test]
async fn an_invite_opened_where_this_browser_sits_goes_to_its_seat() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server, "chi", "Invited").await;
    let ann = join(&server, &id, &invite, "Ann").await;
    let path = format!("/t/{id}/join?invite={invite}");
    for token in [&ann, &gm] {
        let (status, location, _) = get(&server, &path, &format!("skald_{id}={token}")).await;
        assert_eq!(
            (status, location.as_str()),
            (303, format!("/t/{id}?from=invite").as_str())
        );
    }
    let (status, _, html) = get(
        &server,
        &format!("/t/{id}?from=invite"),
        &format!("skald_{id}={ann}"),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        html.contains("You opened an invite to a table where this browser already sits: here is your seat, as <b>Ann</b>."),
        "{html}"
    );
    let (_, _, html) = get(&server, &format!("/t/{id}"), &format!("skald_{id}={ann}")).await;
    assert!(!html.contains("You opened an invite"), "{html}");

    for cookie in [String::new(), format!("skald_{id}={}", "A".repeat(43))] {
        let (status, _, html) = get(&server, &path, &cookie).await;
        assert_eq!(status, 200);
        assert!(html.contains("<h1>Join Invited</h1>"), "{html}");
    }
}

/// Joining again under a seated name is refused, saying the name is taken and that the way back
/// to that seat is its link; no seat is given. The seat's link seats a new browser (its cookie),
/// which then sits as that player.
#[tokio::test]
async fn a_taken_name_is_refused_with_the_way_back_and_the_seat_link_seats_a_new_browser() {
    let server = Server::start(generous()).await;
    let (id, _, invite) = table(&server, "freelancer", "Return").await;
    let ann = join(&server, &id, &invite, "Ann").await;

    let response = fresh()
        .post(format!("{}/t/{id}/join", server.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("invite={invite}&name=ann"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 422);
    assert!(response.headers().get("set-cookie").is_none());
    let html = response.text().await.unwrap();
    assert!(
        html.contains(
            "<p class=\"error\" role=\"alert\">The name \u{201c}ann\u{201d} is taken: someone \
             already sits at this table under it.</p>"
        ),
        "{html}"
    );
    assert!(
        html.contains("If that seat is yours, open <strong>your link to that seat</strong>: on the device where you sat down, the table page shows it under &ldquo;Your link to this seat&rdquo;, and any browser that opens it takes the seat back. Lost it? Ask the GM for a new link to your seat (the GM&rsquo;s page makes one under &ldquo;Hand a seat back&rdquo;). Otherwise, pick another name."),
        "{html}"
    );

    // The seat's link, opened in a browser with no cookie: the cookie is set, the seat is Ann's.
    let response = fresh()
        .get(format!("{}/t/{id}/enter?token={ann}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(response.headers()["location"], format!("/t/{id}").as_str());
    let cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.starts_with(&format!(
            "skald_{id}={ann}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000"
        )),
        "{cookie}"
    );
    let pair = cookie.split(';').next().unwrap();
    let (status, _, html) = get(&server, &format!("/t/{id}"), pair).await;
    assert_eq!(status, 200);
    assert!(html.contains("you are <b>Ann</b>"), "{html}");
    // And the lobby of that browser lists the table.
    let (_, _, html) = get(&server, "/", pair).await;
    assert_eq!(
        your_tables(&html).unwrap(),
        ["Return Freelancer · you are Ann · active just now"]
    );
}

/// A player who sits down through the page is told once to keep the seat's link, and the GM's
/// page offers to hand each seat back; a handed link is said in the log.
#[tokio::test]
async fn a_new_seat_is_told_to_keep_its_link_and_the_gm_can_hand_a_seat_back() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server, "chi", "Keep it").await;
    let response = fresh()
        .post(format!("{}/t/{id}/join", server.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("invite={invite}&name=Ann"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(
        response.headers()["location"],
        format!("/t/{id}?from=join").as_str()
    );
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    let pair = cookie.split(';').next().unwrap().to_owned();
    let token = pair.split_once('=').unwrap().1.to_owned();
    let (status, _, html) = get(&server, &format!("/t/{id}?from=join"), &pair).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Welcome, Ann: keep your link to this seat"),
        "{html}"
    );
    assert!(
        html.contains(&format!(
            "&#x2f;t&#x2f;{id}&#x2f;enter?token={token}\" id=\"seat-link-kept\""
        )),
        "{html}"
    );
    // Said once: the page without `?from=join` has no welcome.
    let (_, _, html) = get(&server, &format!("/t/{id}"), &pair).await;
    assert!(!html.contains("Welcome, Ann"), "{html}");

    // The GM's page: a button per seat; a player's page has none.
    let gm_cookie = format!("skald_{id}={gm}");
    let (_, _, html) = get(&server, &format!("/t/{id}"), &gm_cookie).await;
    assert!(
        html.contains(r#"<button type="button" data-seat-for="1" data-into="seat-of-1">New link for Ann</button>"#),
        "{html}"
    );
    let (_, _, html) = get(&server, &format!("/t/{id}"), &pair).await;
    assert!(!html.contains("data-seat-for"), "{html}");
    let response = fresh()
        .post(format!("{}/api/tables/{id}/seat-link", server.base))
        .header("cookie", &gm_cookie)
        .header("content-type", "application/json")
        .body(json!({"player": 1}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let (_, _, html) = get(&server, &format!("/t/{id}"), &gm_cookie).await;
    assert!(
        html.contains("made a new link to Ann&#x27;s seat (for a new device; the seat&#x27;s earlier links no longer work)"),
        "{html}"
    );
    assert!(
        html.contains("Whoever opens it sits in that seat, from now on: the seat&rsquo;s earlier links stop working"),
        "{html}"
    );
    // Ann's own link was replaced: this browser is told so, in its words, on the page and its
    // parts (the script reloads the page on a 401), and its lobby lists the table no more.
    let (status, _, html) = get(&server, &format!("/t/{id}"), &pair).await;
    assert_eq!(status, 401, "{html}");
    assert!(
        html.contains(
            "This link to your seat no longer works: the GM made a new link to this seat."
        ),
        "{html}"
    );
    assert!(
        html.contains("Ask the GM for the new link, and open it in this browser."),
        "{html}"
    );
    let (status, _, _) = get(&server, &format!("/t/{id}/parts?after=0"), &pair).await;
    assert_eq!(status, 401);
    let (status, _, html) = get(&server, &format!("/t/{id}/enter?token={token}"), "").await;
    assert_eq!(status, 401);
    assert!(
        html.contains("This link to your seat no longer works"),
        "{html}"
    );
    let (_, _, html) = get(&server, "/", &pair).await;
    assert_eq!(your_tables(&html), None, "{html}");
}

/// The GM's link downloads as a small HTML file with the table's title, the link and the warning;
/// a player's seat link too, without the GM's warning; nobody else gets one. The created page
/// and the GM's table page show the warning and the download.
#[tokio::test]
async fn a_seat_link_downloads_as_a_small_file() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server, "twenty", "The Dragon's Hoard!").await;
    let ann = join(&server, &id, &invite, "Ann").await;
    let host = server.base.trim_start_matches("http://").to_owned();

    let response = fresh()
        .get(format!("{}/t/{id}/seat-link", server.base))
        .header("cookie", format!("skald_{id}={gm}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let headers = response.headers().clone();
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"skald-the-dragon-s-hoard-gm-link.html\""
    );
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert_eq!(headers["cache-control"], "no-store");
    let file = response.text().await.unwrap();
    // minijinja escapes the slashes too.
    let link = format!("http://{host}/t/{id}/enter?token={gm}").replace('/', "&#x2f;");
    assert!(
        file.contains(&format!(r#"<p><a href="{link}">{link}</a></p>"#)),
        "{file}"
    );
    assert!(file.contains("<h1>The Dragon&#x27;s Hoard!</h1>"), "{file}");
    assert!(
        file.contains("<p>A Twenty table on Skald. This is the GM's link.</p>"),
        "{file}"
    );
    assert!(
        file.contains("Whoever opens the link is the GM of this table"),
        "{file}"
    );
    assert!(!file.contains(&ann), "{file}");

    let (status, _, file) = get(
        &server,
        &format!("/t/{id}/seat-link"),
        &format!("skald_{id}={ann}"),
    )
    .await;
    assert_eq!(status, 200);
    assert!(file.contains("This is Ann's seat."), "{file}");
    assert!(
        file.contains(&format!("&#x2f;t&#x2f;{id}&#x2f;enter?token={ann}")),
        "{file}"
    );
    assert!(
        !file.contains(&gm) && !file.contains("GM of this table"),
        "{file}"
    );
    let (status, _, file) = get(&server, &format!("/t/{id}/seat-link"), "").await;
    assert_eq!(status, 401);
    assert!(!file.contains("enter?token"), "{file}");

    let (status, _, page) = get(
        &server,
        &format!("/t/{id}/welcome"),
        &format!("skald_{id}={gm}"),
    )
    .await;
    assert_eq!(status, 200);
    let warning = "<strong>Keep this link safe.</strong> Whoever has it is the GM of this table, from any browser.";
    let download = format!(
        r#"<a class="button secondary" href="/t/{id}/seat-link" download>Download the GM link</a>"#
    );
    assert!(page.contains(warning) && page.contains(&download), "{page}");
    assert!(
        page.contains(r#"id="gm-link" aria-label="GM link""#),
        "{page}"
    );
    let (_, _, page) = get(&server, &format!("/t/{id}"), &format!("skald_{id}={gm}")).await;
    assert!(page.contains(warning) && page.contains(&download), "{page}");
    let (_, _, page) = get(&server, &format!("/t/{id}"), &format!("skald_{id}={ann}")).await;
    assert!(
        !page.contains(warning) && page.contains("Download this link"),
        "{page}"
    );
}

/// The lobby says what each game is beside its choice, in the words each system declares.
#[tokio::test]
async fn the_lobby_says_what_each_game_is() {
    let server = Server::start(generous()).await;
    let (_, _, html) = get(&server, "/", "").await;
    for system in skald_systems::REGISTRY.iter() {
        let choice = format!(
            r#"<input type="radio" name="system" value="{}" "#,
            system.name
        );
        let about = format!(
            r#"<p class="muted small about" id="about-{}">{}</p>"#,
            system.name,
            system.about.replace('\'', "&#x27;")
        );
        let at = html.find(&choice).unwrap_or_else(|| panic!("{html}"));
        let said = html
            .find(&about)
            .unwrap_or_else(|| panic!("{about}\n{html}"));
        assert!(
            said > at && said - at < 400,
            "{}: the words are beside the choice",
            system.name
        );
    }
    assert!(html.contains(
        "A quick game where each character has one number: a pool of d6s. Players spread those \
         dice over their actions each round, against the GM&#x27;s difficulty dice."
    ));
}

/// The table page shows the log's head (the export's `head`) to copy, and downloads it as a small
/// text file that `skald verify --head-file` reads; the script's fragments bring the new head as
/// the log grows, and an export checked against the head kept earlier names the record it was.
#[tokio::test]
async fn the_page_shows_the_logs_head_to_keep_and_downloads_it() {
    let server = Server::start(generous()).await;
    let (id, gm, invite) = table(&server, "twenty", "The Dragon's Hoard!").await;
    let ann = join(&server, &id, &invite, "Ann").await;
    let cookie = format!("skald_{id}={ann}");
    let export = |token: String| {
        let base = server.base.clone();
        let id = id.clone();
        async move {
            let response = fresh()
                .get(format!("{base}/api/tables/{id}/export"))
                .header("authorization", format!("Bearer {token}"))
                .send()
                .await
                .unwrap();
            serde_json::from_str::<Value>(&response.text().await.unwrap()).unwrap()
        }
    };
    let exported = export(ann.clone()).await;
    let head = exported["head"].as_str().unwrap().to_owned();
    let (status, _, page) = get(&server, &format!("/t/{id}"), &cookie).await;
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!(r#"<input readonly value="{head}" id="log-head""#)),
        "{page}"
    );
    assert!(
        page.contains("Keep the log&rsquo;s head (record 2)"),
        "{page}"
    );

    let response = fresh()
        .get(format!("{}/t/{id}/head", server.base))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let headers = response.headers().clone();
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"skald-the-dragon-s-hoard-head-2.txt\""
    );
    assert_eq!(headers["content-type"], "text/plain; charset=utf-8");
    assert_eq!(
        response.text().await.unwrap(),
        format!(
            "Skald table \"The Dragon's Hoard!\" ({id})\nrecord: 2\nhead: {head}\nCheck an export against it: skald verify LOG.json --head-file THIS_FILE\n"
        )
    );
    let (status, _, _) = get(&server, &format!("/t/{id}/head"), "").await;
    assert_eq!(status, 401);

    // The GM rolls: the fragments bring the new head, the export's.
    let response = fresh()
        .post(format!("{}/api/tables/{id}/actions", server.base))
        .header("authorization", format!("Bearer {gm}"))
        .header("content-type", "application/json")
        .body(json!({"do": "roll", "notation": "1d6"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let grown = export(ann.clone()).await;
    let new_head = grown["head"].as_str().unwrap().to_owned();
    assert_ne!(new_head, head);
    let (status, _, parts) = get(&server, &format!("/t/{id}/parts?after=2"), &cookie).await;
    assert_eq!(status, 200);
    let parts: Value = serde_json::from_str(&parts).unwrap();
    let fragment = parts["head"]["html"].as_str().unwrap();
    assert!(
        fragment.contains(&format!(r#"value="{new_head}""#)),
        "{fragment}"
    );
    assert!(fragment.contains("(record 3)"), "{fragment}");
    // The head kept at record 2 is found in the grown export.
    let records: Vec<skald_table::Record> =
        serde_json::from_value(grown["records"].clone()).unwrap();
    let report = skald_table::verify_kept(
        skald_systems::REGISTRY,
        &records,
        Some(&new_head),
        Some(&head),
    );
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.kept, skald_table::Kept::Matches { seq: 2, since: 1 });
}

/// The join page says whom a look-alike name looks like, and refuses the GM's label (issue 30).
#[tokio::test]
async fn a_look_alike_name_is_refused_saying_whom_it_looks_like() {
    let server = Server::start(generous()).await;
    let (id, _, invite) = table(&server, "freelancer", "Return").await;
    join(&server, &id, &invite, "Ann").await;
    let refused = |name: &'static str| {
        let url = format!("{}/t/{id}/join", server.base);
        let body = format!("invite={invite}&name={name}");
        async move {
            let response = fresh()
                .post(url)
                .header("content-type", "application/x-www-form-urlencoded")
                .body(body)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status().as_u16(), 422);
            assert!(response.headers().get("set-cookie").is_none());
            response.text().await.unwrap()
        }
    };
    // Cyrillic А (U+0410), form-encoded.
    let html = refused("%D0%90nn").await;
    assert!(
        html.contains(
            "<p class=\"error\" role=\"alert\">The name \u{201c}\u{410}nn\u{201d} looks like \
             \u{201c}Ann\u{201d}, who already sits at this table (seat 1).</p>"
        ),
        "{html}"
    );
    assert!(html.contains("If that seat is yours"), "{html}");
    let html = refused("Gm").await;
    assert!(
        html.contains(
            "<p class=\"error\" role=\"alert\">the name &quot;Gm&quot; looks like the GM: the log \
             must tell everyone apart, so pick another</p>"
        ),
        "{html}"
    );
    assert!(!html.contains("If that seat is yours"), "{html}");
}
