//! `skald-load`: puts a running `skald serve` under load, or measures the store's raw commit rate.
//!
//! Load mode: creates tables over HTTP, seats players through each table's invite, opens one
//! WebSocket per client (over several servers when given several nodes of one cluster: see
//! `setup::Plan::servers`), then has every client send `roll` actions at an open-loop rate (random
//! exponential gaps, so the offered load is `clients * rate` whatever the server does) and times
//! each action from its send to its `ack`. It also checks that every client receives its table's
//! records in seq order with no gap and no duplicate.
//!
//! Raw-commit mode (`--raw-commit DB_URL`): opens the store on that database and prints
//! `Store::raw_commit_rate`, single-row durable commits one at a time: the physical reference the
//! server's acknowledged actions per second are compared with.

mod client;
mod report;
mod setup;

use anyhow::{Context as _, bail};
use clap::Parser;
use std::time::Duration;

/// Servers one load may spread its clients over (`--server`).
pub const MAX_SERVERS: usize = 64;

/// Arguments of `skald-load`.
#[derive(Debug, Parser)]
#[command(
    name = "skald-load",
    about = "Load generator for `skald serve` (WebSocket actions, acknowledgement latency), \
             and the raw commit rate of a store's database.",
    after_help = "Examples:\n  \
        skald-load --server http://127.0.0.1:8080 --tables 500 --clients 2000 --seconds 20 --rate 1.5\n  \
        skald-load --server http://127.0.0.1:8081,http://127.0.0.1:8082 --rate 1.5\n  \
        skald-load --raw-commit target/bench.db --seconds 5 --json"
)]
pub struct Args {
    /// A running `skald serve`; several nodes of one cluster (on one PostgreSQL database) as a
    /// comma-separated list or the option repeated, at most 64. With several, table t is created
    /// on node t mod N, and client i (0-based over all tables) joins and opens its WebSocket on
    /// node i mod N, as behind a balancer that knows nothing of tables.
    #[arg(long, value_delimiter = ',', default_value = "http://127.0.0.1:8080")]
    pub server: Vec<String>,
    /// Tables to create.
    #[arg(long, default_value_t = 500)]
    pub tables: usize,
    /// WebSocket clients, spread evenly over the tables (each table: its GM, then players).
    #[arg(long, default_value_t = 2000)]
    pub clients: usize,
    /// How long the clients send (and, with --raw-commit, how long to commit), in seconds.
    #[arg(long, default_value_t = 20.0)]
    pub seconds: f64,
    /// Actions per second per client (open loop: exponential gaps with this mean rate).
    #[arg(long, default_value_t = 1.5)]
    pub rate: f64,
    /// How long to wait for the acknowledgements still due once sending stops, in seconds.
    #[arg(long, default_value_t = 10.0)]
    pub drain: f64,
    /// HTTP requests and WebSocket handshakes in flight at once during setup.
    #[arg(long, default_value_t = 32)]
    pub setup_concurrency: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// With several servers: every client of table t on node t mod N (the node that created, so
    /// owns, it), as behind a balancer that routes by table id; without it, client i is on node
    /// i mod N, as behind one that knows nothing of tables.
    #[arg(long)]
    pub route_by_table: bool,
    /// With several servers: table t made on node t+1 mod N instead of t mod N, as behind a
    /// balancer that routes by table id (the request making a table names none yet); with
    /// --route-by-table every table's owner then hands it to its clients' node after a few of
    /// their actions.
    #[arg(long)]
    pub made_elsewhere: bool,
    /// Written (empty) once every client is seated and connected, just before the load starts:
    /// a script counting costs per action starts its count there, leaving the setup out.
    #[arg(long, value_name = "FILE")]
    pub setup_done: Option<std::path::PathBuf>,
    /// Measure the raw commit rate of this database (a store URL or SQLite path) instead.
    #[arg(long, value_name = "DB_URL")]
    pub raw_commit: Option<String>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(run(args))
}

async fn run(args: Args) -> anyhow::Result<()> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 86_400.0) {
        bail!("--seconds: {} is not in (0, 86400]", args.seconds);
    }
    if let Some(url) = &args.raw_commit {
        return raw_commit(url, args.seconds, args.json).await;
    }
    if !(args.rate.is_finite() && args.rate > 0.0 && args.rate <= 1000.0) {
        bail!("--rate: {} is not in (0, 1000]", args.rate);
    }
    if !(args.drain.is_finite() && args.drain >= 0.0 && args.drain <= 600.0) {
        bail!("--drain: {} is not in [0, 600]", args.drain);
    }
    if args.tables == 0 || args.clients < args.tables {
        bail!(
            "--clients ({}) must be at least --tables ({}), which must be at least 1: each table has its GM",
            args.clients,
            args.tables
        );
    }
    let per_table = args.clients.div_ceil(args.tables);
    if per_table > setup::MAX_CLIENTS_PER_TABLE {
        bail!(
            "--clients / --tables: {per_table} clients on a table, more than the {} a table seats (1 GM + 16 players)",
            setup::MAX_CLIENTS_PER_TABLE
        );
    }
    let servers = servers(&args.server)?;
    let plan = setup::Plan {
        servers: servers.clone(),
        tables: args.tables,
        clients: args.clients,
        concurrency: args.setup_concurrency.max(1),
        by_table: args.route_by_table,
        made_elsewhere: args.made_elsewhere,
    };
    let seats = setup::seat(&plan).await?;
    let connected = client::connect_all(&servers, seats, plan.concurrency).await?;
    if let Some(file) = &args.setup_done {
        std::fs::write(file, b"")
            .with_context(|| format!("--setup-done: cannot write {}", file.display()))?;
    }
    let run = client::Run {
        rate: args.rate,
        seconds: Duration::from_secs_f64(args.seconds),
        drain: Duration::from_secs_f64(args.drain),
    };
    let timing = connected.timing;
    let outcome = client::run_all(connected, &run).await;
    let report = report::Report::new(&args, &timing, &outcome);
    if args.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.text());
    }
    Ok(())
}

/// The `--server` values as base URLs without a trailing slash: 1 to [`MAX_SERVERS`], none empty.
fn servers(given: &[String]) -> anyhow::Result<Vec<String>> {
    if given.is_empty() || given.len() > MAX_SERVERS {
        bail!(
            "--server: {} servers given, at most {MAX_SERVERS} and at least 1",
            given.len()
        );
    }
    given
        .iter()
        .map(|s| {
            let s = s.trim().trim_end_matches('/');
            if s.is_empty() {
                bail!("--server: an empty address in {:?}", given.join(","));
            }
            Ok(s.to_owned())
        })
        .collect()
}

/// Prints the raw commit rate of `url` over `seconds`.
async fn raw_commit(url: &str, seconds: f64, json: bool) -> anyhow::Result<()> {
    let store = skald_store::Store::open(url)
        .await
        .with_context(|| format!("cannot open the store at {url}"))?;
    let measured = store
        .raw_commit_rate(Duration::from_secs_f64(seconds))
        .await
        .context("raw commit rate");
    store.close().await;
    let (commits, elapsed) = measured?;
    let per_second = commits as f64 / elapsed.as_secs_f64().max(f64::MIN_POSITIVE);
    if json {
        println!(
            "{}",
            serde_json::json!({
                "mode": "raw_commit",
                "backend": store.backend().to_string(),
                "commits": commits,
                "seconds": elapsed.as_secs_f64(),
                "commits_per_s": per_second,
            })
        );
    } else {
        println!(
            "{}: {commits} single-row durable {} in {:.2} s = {per_second:.0} commits/s",
            store.backend(),
            if commits == 1 { "commit" } else { "commits" },
            elapsed.as_secs_f64()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Args, MAX_SERVERS, servers};
    use clap::Parser as _;

    #[test]
    fn servers_come_comma_separated_or_repeated() {
        let args = Args::try_parse_from([
            "skald-load",
            "--server",
            "http://a:1/,http://b:2",
            "--server",
            "http://c:3",
        ])
        .unwrap();
        assert_eq!(
            servers(&args.server).unwrap(),
            ["http://a:1", "http://b:2", "http://c:3"]
        );
    }

    #[test]
    fn one_server_by_default() {
        let args = Args::try_parse_from(["skald-load"]).unwrap();
        assert_eq!(args.server, ["http://127.0.0.1:8080"]);
    }

    #[test]
    fn an_empty_or_too_long_list_is_refused() {
        let empty = servers(&["http://a".to_owned(), " ".to_owned()]);
        assert_eq!(
            empty.map_err(|e| e.to_string()).err().as_deref(),
            Some(r#"--server: an empty address in "http://a, ""#)
        );
        let many = vec!["http://a".to_owned(); MAX_SERVERS + 1];
        assert_eq!(
            servers(&many).map_err(|e| e.to_string()).err().as_deref(),
            Some("--server: 65 servers given, at most 64 and at least 1")
        );
    }
}
