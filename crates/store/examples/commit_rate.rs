//! Measures a store: the raw rate of single-row durable commits, then the rate of `append` with many
//! concurrent appenders (group commit).
//!
//! `cargo run --release -p skald-store --example commit_rate -- URL [SECONDS] [APPENDERS]`
//! e.g. URL `target/bench.db` or `postgres://postgres@127.0.0.1:5432/bench` (an empty database: the run
//! creates tables named bench-N).

use std::time::{Duration, Instant};

use skald_store::{Row, Store, TableMeta};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let url = args
        .next()
        .ok_or("usage: commit_rate URL [SECONDS] [APPENDERS]")?;
    let seconds: u64 = args.next().map_or(Ok(3), |s| s.parse())?;
    let appenders: usize = args.next().map_or(Ok(200), |s| s.parse())?;
    let duration = Duration::from_secs(seconds);
    let store = Store::open(&url).await?;

    let (commits, elapsed) = store.raw_commit_rate(duration).await?;
    println!(
        "{}: raw single-row commits: {commits} in {elapsed:.2?} = {:.0}/s",
        store.backend(),
        commits as f64 / elapsed.as_secs_f64()
    );

    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_millis();
    let mut tasks = Vec::new();
    let start = Instant::now();
    for a in 0..appenders {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let id = format!("bench-{run:x}-{a}");
            let meta = TableMeta {
                id: id.clone(),
                system: "bench".to_owned(),
                title: id.clone(),
                created_ms: 0,
            };
            store.create_table(&meta, &[], &[]).await?;
            let mut seq = 1;
            while start.elapsed() < duration {
                let row = Row {
                    seq,
                    kind: "bench".to_owned(),
                    payload: format!(r#"{{"appender":{a},"seq":{seq}}}"#),
                    secret: None,
                    audience: None,
                    at_ms: 0,
                };
                store.append(&id, vec![row], vec![]).await?;
                seq += 1;
            }
            Ok::<u64, skald_store::Error>(seq as u64 - 1)
        }));
    }
    let mut appends = 0;
    for task in tasks {
        appends += task.await??;
    }
    let elapsed = start.elapsed();
    println!(
        "{}: group commit, {appenders} appenders: {appends} appends in {elapsed:.2?} = {:.0}/s",
        store.backend(),
        appends as f64 / elapsed.as_secs_f64()
    );
    store.close().await;
    Ok(())
}
