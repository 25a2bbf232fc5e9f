//! `skald serve`: runs the table server until Ctrl-C or SIGTERM, then lets it finish its commits.

use crate::cli::{LogFormat, ServeArgs};
use anyhow::Context as _;

/// Runs `skald serve`.
pub fn run(args: &ServeArgs) -> crate::error::Result {
    start_log(args.log_format)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args))?;
    Ok(())
}

/// Log lines to standard error, filtered by RUST_LOG (default `info`): a level (`warn`), or
/// targets with levels (`skald_server=debug,info`), as `tracing_subscriber`'s `Targets` reads them.
fn start_log(format: LogFormat) -> anyhow::Result<()> {
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) => directives.parse::<Targets>().with_context(|| {
            format!("RUST_LOG: \"{directives}\" is not a log filter (for example: info, warn, skald_server=debug)")
        })?,
        Err(_) => Targets::new().with_default(LevelFilter::INFO),
    };
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(ansi);
    let layer = match format {
        LogFormat::Text => layer.with_filter(filter).boxed(),
        LogFormat::Json => layer.json().with_filter(filter).boxed(),
    };
    tracing_subscriber::registry()
        .with(layer)
        .try_init()
        .map_err(|e| anyhow::anyhow!("cannot start the log: {e}"))
}

/// The server's limits from the flags (and SKALD_CREATION_KEY when --creation-key is not given).
fn limits(args: &ServeArgs) -> anyhow::Result<skald_server::Limits> {
    let key = match &args.creation_key {
        Some(key) => Some(key.clone()),
        None => std::env::var("SKALD_CREATION_KEY").ok(),
    };
    let creation_key = key
        .map(|key| skald_server::CreationKey::new(&key))
        .transpose()
        .map_err(anyhow::Error::msg)?;
    Ok(skald_server::Limits {
        creation_key,
        trusted_proxy: args.trusted_proxy,
        archive_after: std::time::Duration::from_secs(u64::from(args.archive_after_days) * 86_400),
        tables_per_hour: args.tables_per_hour,
        server_tables_per_hour: args.server_tables_per_hour,
        address_per_second: args.address_rate,
        address_burst: args.address_rate.saturating_mul(4),
        advertise: args.advertise.clone(),
        public_url: args.public_url.clone(),
        ..skald_server::Limits::default()
    })
}

async fn serve(args: &ServeArgs) -> anyhow::Result<()> {
    let limits = limits(args)?;
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    let db = args.db.clone();
    let started = std::sync::atomic::AtomicBool::new(false);
    let ready = |addr: std::net::SocketAddr| {
        started.store(true, std::sync::atomic::Ordering::Relaxed);
        // Tests and scripts read this line to find the port (`--addr 127.0.0.1:0`).
        println!(
            "skald: serving on http://{addr} (database: {})",
            shown_db(&db)
        );
    };
    let served =
        skald_server::serve_with(listener, &args.db, limits, skald_web::routes, ready, stop())
            .await;
    if let Err(e) = served {
        // A server that never started says only why (its message names the database).
        if !started.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(e.into());
        }
        return Err(anyhow::Error::new(e)
            .context(format!("the server over {} stopped", shown_db(&args.db))));
    }
    eprintln!("skald: stopped; every acknowledged action is in the log");
    Ok(())
}

/// The database as shown in messages: a URL's password is hidden.
fn shown_db(db: &str) -> String {
    match (db.find("://"), db.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &db[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &db[..scheme + 3], &db[at..]),
                None => db.to_owned(),
            }
        }
        _ => db.to_owned(),
    }
}

/// Completes on Ctrl-C or SIGTERM.
async fn stop() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => {
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser as _;

    fn args(flags: &[&str]) -> Result<ServeArgs, String> {
        let mut argv = vec!["skald", "serve"];
        argv.extend_from_slice(flags);
        match Cli::try_parse_from(argv)
            .map_err(|e| e.to_string())?
            .command
        {
            Command::Serve(args) => Ok(args),
            _ => Err("not serve".into()),
        }
    }

    #[test]
    fn the_flags_become_the_servers_limits() {
        let parsed = args(&[
            "--creation-key",
            "open sesame",
            "--trusted-proxy",
            "10.0.0.1",
            "--archive-after-days",
            "7",
            "--tables-per-hour",
            "5",
            "--server-tables-per-hour",
            "60",
            "--address-rate",
            "50",
            "--public-url",
            "https://Skald.Example/",
        ])
        .unwrap_or_else(|e| panic!("{e}"));
        let got = limits(&parsed).unwrap_or_else(|e| panic!("{e}"));
        assert!(got.creation_key.is_some_and(|k| k.matches("open sesame")));
        assert_eq!(got.trusted_proxy, "10.0.0.1".parse().ok());
        assert_eq!(got.archive_after.as_secs(), 7 * 86_400);
        assert_eq!(got.server_tables_per_hour, 60);
        assert_eq!(
            got.public_url.as_ref().map(|u| (u.origin(), u.is_https())),
            Some(("https://skald.example", true))
        );
        assert_eq!(
            (
                got.tables_per_hour,
                got.address_per_second,
                got.address_burst
            ),
            (5, 50, 200)
        );
        let empty = args(&["--creation-key", ""]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            limits(&empty).err().map(|e| e.to_string()).as_deref(),
            Some("creation key: empty; give at least one character")
        );
        let path = args(&["--public-url", "https://skald.example/tables"])
            .err()
            .unwrap_or_default();
        assert!(path.contains("has a path, query or fragment"), "{path}");
        let zero = args(&["--archive-after-days", "0"])
            .err()
            .unwrap_or_default();
        assert!(
            zero.contains("it must be a whole number from 1 to 36500"),
            "{zero}"
        );
    }
}
