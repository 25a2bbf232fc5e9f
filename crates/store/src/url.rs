//! Reading the URL given to `Store::open`: which back end, and the URL sqlx gets.
//!
//! `sqlx::Any` takes a URL, not connect options: it rebuilds `SqliteConnectOptions` from the URL
//! on every connection, and `SqliteConnectOptions::to_url_lossy` panics on an in-memory database's
//! name. So the URL is what this module makes (a named shared in-memory database, `mode=rwc` by
//! default, a plain path escaped), and `SqliteConnectOptions::from_str` (sqlx's own grammar)
//! checks it, so a bad parameter is refused here in the URL's words rather than at connect time.

use std::path::PathBuf;
use std::str::FromStr as _;
use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::sqlite::SqliteConnectOptions;

use crate::{Backend, Error, ErrorKind};

/// Where a store lives, as sqlx wants it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Target {
    pub(crate) backend: Backend,
    /// The URL handed to sqlx.
    pub(crate) url: String,
    /// A shared in-memory SQLite database: it lives only while one connection to it stays open.
    pub(crate) memory: bool,
}

/// Each `sqlite::memory:` store gets its own named in-memory database, shared by its connections.
static MEMORY_SEQ: AtomicU64 = AtomicU64::new(0);

pub(crate) fn parse(url: &str) -> Result<Target, Error> {
    let target = target(url)?;
    if target.backend == Backend::Sqlite
        && let Err(e) = SqliteConnectOptions::from_str(&target.url)
    {
        return Err(ErrorKind::Url {
            url: shorten(url),
            message: e.to_string(),
        }
        .into());
    }
    Ok(target)
}

/// The file of the SQLite store `url` names (as [`Store::open`](crate::Store::open) reads `url`:
/// `sqlite:PATH`, `sqlite://PATH`, a plain path; the path as given, relative to the working
/// directory), or `None` for PostgreSQL and for an in-memory SQLite database (`sqlite::memory:`,
/// `mode=memory`), which have no file.
///
/// # Errors
/// [`ErrorKind::Url`] for a URL `Store::open` would refuse.
pub fn sqlite_file(url: &str) -> Result<Option<PathBuf>, Error> {
    let target = parse(url)?;
    if target.backend != Backend::Sqlite || target.memory {
        return Ok(None);
    }
    let in_memory = target
        .url
        .split_once('?')
        .is_some_and(|(_, params)| params.split('&').any(|kv| kv == "mode=memory"));
    if in_memory {
        return Ok(None);
    }
    // `parse` checked the URL with the same parser.
    let options = SqliteConnectOptions::from_str(&target.url).map_err(|e| ErrorKind::Url {
        url: shorten(url),
        message: e.to_string(),
    })?;
    Ok(Some(options.get_filename().to_path_buf()))
}

fn target(url: &str) -> Result<Target, Error> {
    let bad = |message: &str| -> Error {
        ErrorKind::Url {
            url: shorten(url),
            message: message.to_owned(),
        }
        .into()
    };
    if url.trim().is_empty() {
        return Err(bad("empty"));
    }
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(Target {
            backend: Backend::Postgres,
            url: url.to_owned(),
            memory: false,
        });
    }
    if let Some(rest) = url.strip_prefix("sqlite:") {
        let rest = rest.strip_prefix("//").unwrap_or(rest);
        let (database, params) = match rest.split_once('?') {
            Some((database, params)) => (database, Some(params)),
            None => (rest, None),
        };
        if database.is_empty() || database == ":memory:" {
            let n = MEMORY_SEQ.fetch_add(1, Ordering::Relaxed);
            return Ok(Target {
                backend: Backend::Sqlite,
                url: format!(
                    "sqlite:file:skald-memory-{}-{n}?mode=memory&cache=shared",
                    std::process::id()
                ),
                memory: true,
            });
        }
        // A store file is created when missing unless the URL says otherwise (`mode=ro`, `mode=rw`).
        let params = match params {
            Some(p) if p.split('&').any(|kv| kv.starts_with("mode=")) => p.to_owned(),
            Some(p) if !p.is_empty() => format!("{p}&mode=rwc"),
            _ => "mode=rwc".to_owned(),
        };
        return Ok(Target {
            backend: Backend::Sqlite,
            url: format!("sqlite:{database}?{params}"),
            memory: false,
        });
    }
    if let Some((scheme, _)) = url.split_once("://")
        && !scheme.contains('/')
    {
        return Err(bad(
            "unsupported scheme; use sqlite:PATH, a file path, or postgres://...",
        ));
    }
    // A plain file path. sqlx percent-decodes the path, so the characters that would end it early or be
    // decoded are escaped.
    let mut encoded = String::with_capacity(url.len());
    for c in url.chars() {
        match c {
            '%' => encoded.push_str("%25"),
            '?' => encoded.push_str("%3F"),
            '#' => encoded.push_str("%23"),
            c => encoded.push(c),
        }
    }
    Ok(Target {
        backend: Backend::Sqlite,
        url: format!("sqlite:{encoded}?mode=rwc"),
        memory: false,
    })
}

/// The URL for an error message: any password hidden, at most 96 characters.
pub(crate) fn shorten(url: &str) -> String {
    let mut out = url.to_owned();
    if let Some(start) = url.find("://").map(|i| i + 3) {
        let end = url[start..].find('/').map_or(url.len(), |i| start + i);
        if let Some(at) = url[start..end].rfind('@').map(|i| start + i)
            && let Some(colon) = url[start..at].find(':').map(|i| start + i)
        {
            out = format!("{}:***{}", &url[..colon], &url[at..]);
        }
    }
    const MAX: usize = 96;
    if out.chars().count() > MAX {
        out = out.chars().take(MAX).collect::<String>() + "...";
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn sqlite_forms() {
        let t = parse("sqlite:/tmp/a.db").unwrap();
        assert_eq!(
            (t.backend, t.url.as_str()),
            (Backend::Sqlite, "sqlite:/tmp/a.db?mode=rwc")
        );
        let t = parse("sqlite:///tmp/a.db").unwrap();
        assert_eq!(t.url, "sqlite:/tmp/a.db?mode=rwc");
        let t = parse("sqlite://rel/a.db?mode=ro").unwrap();
        assert_eq!(t.url, "sqlite:rel/a.db?mode=ro");
        let t = parse("/tmp/x?y#z%.db").unwrap();
        assert_eq!(t.url, "sqlite:/tmp/x%3Fy%23z%25.db?mode=rwc");
        let t = parse("data/skald.db").unwrap();
        assert_eq!(t.url, "sqlite:data/skald.db?mode=rwc");
        assert!(parse("sqlite::memory:").unwrap().memory);
    }

    #[test]
    fn the_file_of_a_sqlite_store() {
        let file = |url: &str| sqlite_file(url).unwrap().map(|p| p.display().to_string());
        assert_eq!(file("skald.db").as_deref(), Some("skald.db"));
        assert_eq!(file("sqlite:/tmp/a.db").as_deref(), Some("/tmp/a.db"));
        assert_eq!(
            file("sqlite:///tmp/a.db?mode=rw").as_deref(),
            Some("/tmp/a.db")
        );
        assert_eq!(file("/tmp/x?y#z%.db").as_deref(), Some("/tmp/x?y#z%.db"));
        assert_eq!(file("sqlite::memory:"), None);
        assert_eq!(file("sqlite:shared?mode=memory"), None);
        assert_eq!(file("postgres://u@h/db"), None);
        assert!(sqlite_file("mysql://h/db").is_err());
    }

    #[test]
    fn postgres_and_errors() {
        let t = parse("postgresql://u:p@h/db").unwrap();
        assert_eq!(t.backend, Backend::Postgres);
        assert!(parse("").is_err());
        let e = parse("mysql://root:hunter2@db/x").unwrap_err();
        match e.kind() {
            ErrorKind::Url { url, .. } => assert_eq!(url, "mysql://root:***@db/x"),
            other => panic!("{other:?}"),
        }
        assert!(!e.to_string().contains("hunter2"));
        let e = parse("sqlite:/tmp/a.db?mode=sideways").unwrap_err();
        assert!(e.to_string().contains("mode"), "{e}");
        let e = parse("sqlite:/tmp/a.db?journal=wal").unwrap_err();
        assert!(e.to_string().contains("journal"), "{e}");
    }
}
