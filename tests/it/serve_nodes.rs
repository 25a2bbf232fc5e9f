//! Several `skald serve` on one PostgreSQL database behave as one server (docs/scaling.md,
//! "Several nodes"), through the real binary.
//!
//! Three nodes on a fresh database. In the first test, a table's GM and players are spread over
//! the nodes: the GM's HTTP actions alternate between nodes, and WebSocket clients on every node
//! act at once; no action may be refused for anything but a seat's rate, every client must see
//! every record in order, and every node must give the same log. In the second, the node that owns
//! four busy tables is killed (SIGKILL) under load: every acknowledged action is in the log with no
//! gap or duplicate, the clients on the other nodes are answered through the failover without an
//! error, every client goes on through the nodes left, and `skald verify` passes on each export.
//!
//! Needs a PostgreSQL server (`SKALD_TEST_PG`, an admin URL, as for skald-store's tests; the test
//! command sets it); skipped with a printed line otherwise.

#![allow(clippy::unwrap_used)]
// SIGKILL is a Unix signal.
#![cfg(unix)]

use crate::serve_common;

use serde_json::{Value, json};
use serve_common::*;

const NODES: usize = 3;

/// The admin URL of the test PostgreSQL server, or `None` (the test is skipped, saying so).
fn admin() -> Option<String> {
    match std::env::var("SKALD_TEST_PG") {
        Ok(admin) if !admin.is_empty() => Some(admin),
        _ => {
            println!("SKALD_TEST_PG is not set: tests/it/serve_nodes.rs was skipped");
            None
        }
    }
}

async fn start_nodes(url: &str) -> Vec<Server> {
    let mut nodes = Vec::new();
    for _ in 0..NODES {
        nodes.push(Server::start(url).await);
    }
    nodes
}

/// Every seat's WebSocket, seat `i` on node `i % NODES`, from the start: the records before the
/// hello come after it, checked like the rest.
async fn spread(nodes: &[Server], tables: &[Table], seats: &[Seat]) -> Vec<(Socket, u64)> {
    let mut sockets = Vec::new();
    for (i, seat) in seats.iter().enumerate() {
        let (socket, _) = connect(&nodes[i % NODES], &tables[seat.table], seat, 0).await;
        sockets.push((socket, 0));
    }
    sockets
}

/// Three nodes; four tables made through the first, which so owns them all; every seat's
/// WebSocket spread over the nodes.
async fn busy_tables_of_the_first_node(
    url: &str,
) -> (Vec<Server>, Vec<Table>, Vec<Seat>, Vec<(Socket, u64)>) {
    let nodes = start_nodes(url).await;
    let (tables, seats) = set_up(&nodes[0]).await;
    let sockets = spread(&nodes, &tables, &seats).await;
    (nodes, tables, seats, sockets)
}

/// Only a seat's rate may refuse an action (a client acting as fast as it is answered meets it).
fn assert_only_rate_refusals(label: &str, seats: &[Seat], seen: &[Seen]) {
    for (seat, seen) in seats.iter().zip(seen) {
        assert!(
            seen.errors.iter().all(|k| k == "limit"),
            "{label}: {} was refused: {:?}",
            seat.name,
            seen.errors
        );
    }
}

/// The clients of the nodes left (all but the first) were refused nothing but their rate while the
/// first node went: the tables it held were taken over without a client seeing it.
fn assert_answered_on_the_nodes_left(seats: &[Seat], seen: &[Seen]) {
    for (i, (seat, seen)) in seats.iter().zip(seen).enumerate() {
        if i % NODES != 0 {
            assert!(
                seen.errors.iter().all(|k| k == "limit"),
                "{} (on a node left) was refused while the first node went: {:?}",
                seat.name,
                seen.errors
            );
        }
    }
}

/// Every node gives the same whole log of each table.
async fn assert_same_logs(nodes: &[&Server], tables: &[Table]) -> Vec<Vec<Value>> {
    let mut logs = Vec::new();
    for table in tables {
        let first = whole_log(nodes[0], table).await;
        for node in &nodes[1..] {
            let other = whole_log(node, table).await;
            assert_eq!(
                other.len(),
                first.len(),
                "table {}: {} and {} give logs of different lengths",
                table.id,
                nodes[0].url,
                node.url
            );
            assert!(
                other == first,
                "table {}: {} and {} give different logs",
                table.id,
                nodes[0].url,
                node.url
            );
        }
        logs.push(first);
    }
    logs
}

/// `skald verify` passes on each table's export, fetched from `node`.
async fn assert_exports_verify(node: &Server, tables: &[Table]) {
    // A directory of this call's own: the tests of this binary run at once, and one removing a
    // directory shared by process id took the other's export away before its verify read it.
    let first = tables.first().map_or("none", |t| t.id.as_str());
    let dir =
        std::env::temp_dir().join(format!("skald-serve-nodes-{}-{first}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for table in tables {
        let url = format!("{}/api/tables/{}/export", node.url, table.id);
        let (status, export) = get_as_gm(&url, table).await;
        assert!(status.is_success(), "GET {url}: {status}");
        let path = dir.join(format!("{}.json", table.id));
        std::fs::write(&path, export).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_skald"))
            .args(["verify", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "skald verify on table {}: {}{}",
            table.id,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_play_one_table_as_one_server() {
    let Some(admin) = admin() else { return };
    let db = skald_testkit::postgres(&admin).await;
    let nodes = start_nodes(&db.url).await;
    let http = http();
    let created = post(
        &http,
        format!("{}/api/tables", nodes[0].url),
        json!({"system": "chi", "title": "Three nodes"}),
    )
    .await;
    let table = Table {
        id: created["table"].as_str().unwrap().to_owned(),
        gm_token: created["gm_token"].as_str().unwrap().to_owned(),
    };
    let mut seats = vec![Seat {
        table: 0,
        token: table.gm_token.clone(),
        actor: json!("gm"),
        name: "gm".into(),
    }];
    // Each player joins through another node, with the invite the first node made.
    for p in 1..=4_usize {
        let node = &nodes[p % NODES];
        let joined = post(
            &http,
            format!("{}/api/tables/{}/join", node.url, table.id),
            json!({"invite": created["invite"], "name": format!("player {p}")}),
        )
        .await;
        assert_eq!(joined["player"], json!(p), "joined through {}", node.url);
        seats.push(Seat {
            table: 0,
            token: joined["token"].as_str().unwrap().to_owned(),
            actor: json!({"player": p}),
            name: format!("p{p}"),
        });
    }
    // An invite made through one node seats a player through another.
    let invite = http
        .post(format!("{}/api/tables/{}/invite", nodes[2].url, table.id))
        .bearer_auth(&table.gm_token)
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let late = post(
        &http,
        format!("{}/api/tables/{}/join", nodes[1].url, table.id),
        json!({"invite": invite["invite"], "name": "late"}),
    )
    .await;
    assert_eq!(late["player"], json!(5));

    // The GM's actions alternate between the nodes: each is taken, one seq after the last.
    let mut last = late_seq(&nodes[0], &table).await;
    for n in 0..12 {
        let node = &nodes[n % NODES];
        let acted = post(
            &http,
            format!(
                "{}/api/tables/{}/actions?token={}",
                node.url, table.id, table.gm_token
            ),
            json!({"do": "roll", "notation": "2d6", "label": format!("gm-http-{n}")}),
        )
        .await;
        assert_eq!(
            acted["seq"],
            json!(last + 1),
            "action {n} through {}",
            node.url
        );
        last += 1;
        // A page told of that record on its socket asks each node for its parts with `seen`:
        // every node answers with the record, a node whose copy had not read it yet reading it
        // first (the others answer from their copies without reading the log).
        for other in &nodes {
            let parts: Value = http
                .get(format!(
                    "{}/t/{}/parts?after={}&seen={last}&token={}",
                    other.url,
                    table.id,
                    last - 1,
                    table.gm_token
                ))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            assert_eq!(parts["seq"], json!(last), "parts through {}", other.url);
        }
    }

    // Every seat on a WebSocket, spread over the nodes, all acting at once.
    let tables = [table];
    let sockets = spread(&nodes, &tables, &seats).await;
    let (seen, ()) = load_then(sockets, &seats, "ws", || async {}).await;
    summary("three nodes", "load", &seen);
    assert_only_rate_refusals("three nodes", &seats, &seen);
    let logs = assert_same_logs(&nodes.iter().collect::<Vec<_>>(), &tables).await;
    let acked: Vec<_> = seen.iter().map(|s| s.acked.clone()).collect();
    check_logs(&nodes[1], &tables, &seats, &acked).await;
    // Each client comes back through the next node and gets exactly what it had not seen.
    for node in &nodes {
        reconnect(node, &tables, &seats, &seen, &logs).await;
    }
    assert_exports_verify(&nodes[2], &tables).await;
    println!(
        "three nodes: {} records, the same on every node",
        logs[0].len()
    );
}

/// The table's last seq, from `node`.
async fn late_seq(node: &Server, table: &Table) -> u64 {
    whole_log(node, table).await.len() as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_killed_under_load_loses_no_acknowledged_action() {
    let Some(admin) = admin() else { return };
    let db = skald_testkit::postgres(&admin).await;
    let (mut nodes, tables, seats, sockets) = busy_tables_of_the_first_node(&db.url).await;

    // 1. The owner is killed while every client acts: its own clients lose their connection; the
    //    others' actions in flight are taken by another node.
    let owner = nodes.remove(0);
    let (killed, ()) = load_then(sockets, &seats, "kill", || owner.kill()).await;
    summary("owner killed", "before and during", &killed);
    assert_answered_on_the_nodes_left(&seats, &killed);
    let mut acked: Vec<Vec<(u64, String)>> = killed.iter().map(|s| s.acked.clone()).collect();

    // 2. Every client goes on through the nodes left, from the last seq it saw.
    let nodes_left: Vec<&Server> = nodes.iter().collect();
    let mut sockets = Vec::new();
    for (i, (seat, seen)) in seats.iter().zip(&killed).enumerate() {
        let node = nodes_left[i % nodes_left.len()];
        let (socket, _) = connect(node, &tables[seat.table], seat, seen.last).await;
        sockets.push((socket, seen.last));
    }
    let (after, ()) = load_then(sockets, &seats, "after", || async {}).await;
    summary("owner killed", "after", &after);
    assert_only_rate_refusals("after the kill", &seats, &after);
    assert!(
        after.iter().all(|s| !s.acked.is_empty()),
        "every client acts again after the kill"
    );
    for (all, seen) in acked.iter_mut().zip(&after) {
        all.extend(seen.acked.iter().cloned());
    }

    // 3. The log holds every acknowledged action once, at its seq; both nodes give it; every
    //    client catches up exactly; the dice verify across the failover.
    let logs = assert_same_logs(&nodes_left, &tables).await;
    check_logs(nodes_left[0], &tables, &seats, &acked).await;
    let seen: Vec<Seen> = after;
    reconnect(nodes_left[1], &tables, &seats, &seen, &logs).await;
    assert_exports_verify(nodes_left[1], &tables).await;
    let records: usize = logs.iter().map(Vec::len).sum();
    println!("owner killed: {records} records in the logs, all checked");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stopped_gracefully_hands_its_tables_over() {
    let Some(admin) = admin() else { return };
    let db = skald_testkit::postgres(&admin).await;
    let (mut nodes, tables, seats, sockets) = busy_tables_of_the_first_node(&db.url).await;
    // SIGTERM to the owner while every client acts: it finishes what it holds and exits 0; the
    // clients on the other nodes are answered throughout, by the node that takes each table.
    let owner = nodes.remove(0);
    let (stopped, status) = load_then(sockets, &seats, "term", || owner.terminate()).await;
    summary("owner stopped", "SIGTERM", &stopped);
    assert!(
        status.success(),
        "the owner exited with {status} after SIGTERM"
    );
    assert_answered_on_the_nodes_left(&seats, &stopped);
    let acked: Vec<_> = stopped.iter().map(|s| s.acked.clone()).collect();
    let nodes_left: Vec<&Server> = nodes.iter().collect();
    assert_same_logs(&nodes_left, &tables).await;
    check_logs(nodes_left[0], &tables, &seats, &acked).await;
}
