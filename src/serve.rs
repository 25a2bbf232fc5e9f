//! `skald serve`: runs the table server until Ctrl-C or SIGTERM, then lets it finish its commits.

use crate::cli::ServeArgs;
use anyhow::Context as _;
use std::process::ExitCode;

/// Runs `skald serve`.
pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(args: &ServeArgs) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    let db = args.db.clone();
    let ready = |addr: std::net::SocketAddr| {
        // Tests and scripts read this line to find the port (`--addr 127.0.0.1:0`).
        println!(
            "skald: serving on http://{addr} (database: {})",
            shown_db(&db)
        );
    };
    skald_server::serve_with(
        listener,
        &args.db,
        skald_server::Limits::default(),
        skald_web::routes,
        ready,
        stop(),
    )
    .await
    .with_context(|| format!("the server over {} stopped", shown_db(&args.db)))?;
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
