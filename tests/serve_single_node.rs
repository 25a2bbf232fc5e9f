//! SQLite serves one node, through the real binary: a second `skald serve` on the SQLite file a
//! running one serves exits at start with status 2 and one line on standard error naming
//! PostgreSQL as the way to run several nodes; the first still answers; once the first has stopped
//! (SIGTERM), a new `skald serve` on the file starts.

#![allow(clippy::unwrap_used)]
// SIGTERM is a Unix signal.
#![cfg(unix)]

use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt as _, BufReader};
use tokio::process::{Child, Command};
use tokio::time::timeout;

/// Bound on any single wait, so a broken server fails the test instead of hanging it.
const WAIT: Duration = Duration::from_secs(20);

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

/// Starts `skald serve` on `db`; returns it and its `http://127.0.0.1:PORT`.
async fn start(db: &str) -> (Child, String) {
    let mut child = serve(db).spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = timeout(WAIT, lines.next_line())
        .await
        .unwrap_or_else(|_| panic!("no line from skald serve within {WAIT:?}"))
        .unwrap()
        .unwrap_or_else(|| panic!("skald serve ended without a line"));
    // Keep reading stdout so a later write never meets a closed pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    let url = line
        .strip_prefix("skald: serving on ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_owned();
    (child, url)
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

/// SIGTERM, and the exit status once it has stopped.
async fn terminate(mut child: Child) -> std::process::ExitStatus {
    let pid = child.id().unwrap();
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -TERM {pid} failed");
    timeout(WAIT, child.wait())
        .await
        .unwrap_or_else(|_| panic!("skald serve did not stop within {WAIT:?} of SIGTERM"))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_serve_on_a_served_sqlite_file_exits_at_start_naming_postgresql() {
    let db = skald_testkit::sqlite();
    let path = db.path.clone().unwrap().display().to_string();
    let (first, url) = start(&path).await;
    let pid = first.id().unwrap();

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
    assert_eq!(ready(&url).await, answer);

    let status = terminate(first).await;
    assert!(status.success(), "the first server exited with {status}");
    let (third, url) = start(&path).await;
    assert_eq!(ready(&url).await, answer);
    let status = terminate(third).await;
    assert!(status.success(), "the third server exited with {status}");
}
