//! What the page tests share: a server with the pages as `skald serve` serves them (API and pages
//! over one server on 127.0.0.1, SQLite in a temporary file), and a client that follows no
//! redirect. Every wait is bounded.

// Each test file uses a part of this; a helper's unwrap fails the test calling it, as the
// test's own would.
#![allow(dead_code, clippy::unwrap_used)]

use skald_server::Limits;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

/// The bound of every wait.
pub const WAIT: Duration = Duration::from_secs(10);

/// A server with the pages, on 127.0.0.1; stopped when dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    dir: std::path::PathBuf,
    stop: Option<oneshot::Sender<()>>,
}

impl Server {
    pub async fn start(limits: Limits) -> Server {
        // A directory of this server's own: the process id and a count, as every test of the
        // binary runs in one process, at once.
        static SERVERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "skald-web-test-{}-{}-{}",
            std::process::id(),
            SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite:{}", dir.join("skald.db").display());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let (ready_tx, ready_rx) = oneshot::channel();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        tokio::spawn(async move {
            skald_server::serve_with(
                listener,
                &url,
                limits,
                skald_web::routes,
                move |addr| {
                    let _ = ready_tx.send(addr);
                },
                async move {
                    let _ = stop_rx.await;
                },
            )
            .await
        });
        let addr = tokio::time::timeout(WAIT, ready_rx).await.unwrap().unwrap();
        Server {
            base: format!("http://{addr}"),
            dir,
            stop: Some(stop_tx),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A client that opens a new connection per request and follows no redirect.
pub fn fresh() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .timeout(WAIT)
        .build()
        .unwrap()
}

/// Bounds that never get in a test's way.
pub fn generous() -> Limits {
    Limits {
        address_per_second: 1_000_000,
        address_burst: 1_000_000,
        tables_per_hour: 1_000_000,
        server_tables_per_hour: 1_000_000,
        ..Limits::default()
    }
}

/// A response as the tests read it: (status, `Location` or "", body).
pub async fn answered(response: reqwest::Response) -> (u16, String, String) {
    let status = response.status().as_u16();
    let location = response
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, location, response.text().await.unwrap())
}

/// A Chi table titled `title` with Ann seated: (table, GM token, Ann's token).
pub async fn chi_table_with_ann(server: &Server, title: &str) -> (String, String, String) {
    let created: skald_server::shapes::Created = fresh()
        .post(format!("{}/api/tables", server.base))
        .header("content-type", "application/json")
        .body(serde_json::json!({"system": "chi", "title": title}).to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let joined: skald_server::shapes::Joined = fresh()
        .post(format!("{}/api/tables/{}/join", server.base, created.table))
        .header("content-type", "application/json")
        .body(serde_json::json!({"invite": created.invite, "name": "Ann"}).to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (created.table, created.gm_token, joined.token)
}
