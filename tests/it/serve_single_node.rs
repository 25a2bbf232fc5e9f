//! SQLite serves one node, through the real binary: a second `skald serve` on the SQLite file a
//! running one serves exits at start with status 2 and one line on standard error naming
//! PostgreSQL as the way to run several nodes; the first still answers; once the first has stopped
//! (SIGTERM), a new `skald serve` on the file starts.

#![allow(clippy::unwrap_used)]
// SIGTERM is a Unix signal.
#![cfg(unix)]

use crate::serve_common;

use serve_common::{Server, WAIT};
use std::process::Stdio;
use tokio::process::Command;
use tokio::time::timeout;

/// `skald serve` on `db`, not started (a second one is expected to exit at start).
fn serve(db: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_skald"));
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

/// `GET /api/ready`'s status and body.
async fn ready(url: &str) -> (u16, String) {
    let response = reqwest::Client::builder()
        .timeout(WAIT)
        .no_proxy()
        .build()
        .unwrap()
        .get(format!("{url}/api/ready"))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_serve_on_a_served_sqlite_file_exits_at_start_naming_postgresql() {
    let db = skald_testkit::sqlite();
    let path = db.path.clone().unwrap().display().to_string();
    let first = Server::start(&path).await;
    let pid = first.child.id().unwrap();

    let second = timeout(WAIT, serve(&path).output())
        .await
        .unwrap_or_else(|_| panic!("the second skald serve did not exit within {WAIT:?}"))
        .unwrap();
    assert_eq!(second.status.code(), Some(2), "{second:?}");
    assert_eq!(String::from_utf8_lossy(&second.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&second.stderr),
        format!(
            "skald: database: {path} is already served by another `skald serve` (process {pid}); \
             SQLite serves one node: to run several nodes, use one PostgreSQL database \
             (docs/deploy.md)\n"
        )
    );
    let answer = (200, r#"{"ready":true,"backend":"sqlite"}"#.to_owned());
    assert_eq!(ready(&first.url).await, answer);

    let status = first.terminate().await;
    assert!(status.success(), "the first server exited with {status}");
    let third = Server::start(&path).await;
    assert_eq!(ready(&third.url).await, answer);
    let status = third.terminate().await;
    assert!(status.success(), "the third server exited with {status}");
}
