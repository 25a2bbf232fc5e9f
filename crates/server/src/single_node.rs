//! SQLite serves one node: a running server holds an exclusive lock on a file beside the database
//! (`<db>.serve-lock`), and a second server on the same file is refused at start, saying that
//! several nodes run on one PostgreSQL database.
//!
//! Why a lock of its own and not SQLite's: SQLite lets several processes write one file in turn,
//! so a second node would start and serve, each with its own copy of a table in memory, and their
//! appends would collide. The lock is an advisory `flock` (std's [`File::try_lock`]): the
//! operating system releases it when the file is closed, so a server that was killed leaves no
//! stale lock, and it is per open file, so two servers in one process (tests) exclude each other
//! too. The file itself stays when the server stops (removing it could let two servers lock two
//! different files of the same name); it holds the process id of the last server that took it, for
//! the refusal's message.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};

/// The lock of a running server over its SQLite file; released when dropped (the file closes).
#[derive(Debug)]
pub struct ServeLock {
    _file: File,
}

/// Why the lock was not taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another running server holds the lock: the database is served already.
    #[error(
        "{db} is already served by another `skald serve`{holder}; SQLite serves one node: to run \
         several nodes, use one PostgreSQL database (docs/deploy.md)",
        holder = .pid.map(|pid| format!(" (process {pid})")).unwrap_or_default()
    )]
    Served {
        /// The database as the server was given it.
        db: String,
        /// The process that holds the lock, as it wrote it in the lock file (absent when it could
        /// not be read).
        pid: Option<u32>,
    },
    /// The lock file could not be opened or locked.
    #[error("{db}: cannot take its lock file {} (one server per SQLite file): {source}", .path.display())]
    Io {
        /// The database as the server was given it.
        db: String,
        /// The lock file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
}

/// The lock file of the SQLite file `db_file`: its name with `.serve-lock` added, in its folder.
pub fn lock_path(db_file: &Path) -> PathBuf {
    // The file itself, not the name it was given: a symbolic link (or `..` in the path) to a
    // served file finds that file's lock.
    let db_file = std::fs::canonicalize(db_file)
        .ok()
        .or_else(|| {
            // Not created yet: its folder's real path, and its name.
            let parent = db_file.parent().filter(|p| !p.as_os_str().is_empty())?;
            Some(
                std::fs::canonicalize(parent)
                    .ok()?
                    .join(db_file.file_name()?),
            )
        })
        .unwrap_or_else(|| db_file.to_owned());
    let mut name = db_file.as_os_str().to_owned();
    name.push(".serve-lock");
    PathBuf::from(name)
}

/// Takes the lock of the SQLite file `db_file` for a server over `db` (the database as given, for
/// messages), creating the lock file if missing, and writes this process's id into it. Does not
/// wait: a lock held by another server is a refusal at once.
///
/// # Errors
/// [`LockError::Served`] when another running server holds it; [`LockError::Io`] when the lock
/// file cannot be created, written or locked (a missing folder, a read-only one, a file system
/// without locks).
pub fn take(db_file: &Path, db: &str) -> Result<ServeLock, LockError> {
    let path = lock_path(db_file);
    let io = |source: std::io::Error| LockError::Io {
        db: db.to_owned(),
        path: path.clone(),
        source,
    };
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => {
            file.set_len(0).map_err(io)?;
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            writeln!(file, "{}", std::process::id()).map_err(io)?;
            Ok(ServeLock { _file: file })
        }
        Err(TryLockError::WouldBlock) => {
            // The holder wrote its id right after locking; a read in between finds none.
            let mut text = String::new();
            let pid = file
                .read_to_string(&mut text)
                .ok()
                .and_then(|_| text.trim().parse().ok());
            Err(LockError::Served {
                db: db.to_owned(),
                pid,
            })
        }
        Err(TryLockError::Error(e)) => Err(io(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_file_is_beside_the_database() {
        assert_eq!(
            lock_path(Path::new("data/skald.db")),
            PathBuf::from("data/skald.db.serve-lock")
        );
        assert_eq!(
            lock_path(Path::new("skald")),
            PathBuf::from("skald.serve-lock")
        );
    }

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("skald-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let db = dir.join("t.db");
        let first = take(&db, "t.db").unwrap_or_else(|e| panic!("{e}"));
        let refused = take(&db, "t.db").err().map(|e| e.to_string());
        assert_eq!(
            refused,
            Some(format!(
                "t.db is already served by another `skald serve` (process {}); SQLite serves one \
                 node: to run several nodes, use one PostgreSQL database (docs/deploy.md)",
                std::process::id()
            ))
        );
        drop(first);
        let again = take(&db, "t.db");
        assert!(again.is_ok(), "{again:?}");
        drop(again);
        let missing = take(&dir.join("no-such-folder/t.db"), "no-such-folder/t.db")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            missing.starts_with(&format!(
                "no-such-folder/t.db: cannot take its lock file {} (one server per SQLite file): ",
                dir.join("no-such-folder/t.db.serve-lock").display()
            )),
            "{missing}"
        );
        // Through a symbolic link to the same file: the same lock.
        let real = dir.join("real.db");
        std::fs::write(&real, b"").unwrap_or_else(|e| panic!("{e}"));
        let link = dir.join("link.db");
        std::os::unix::fs::symlink(&real, &link).unwrap_or_else(|e| panic!("{e}"));
        let held = take(&real, "real.db").unwrap_or_else(|e| panic!("{e}"));
        assert!(
            take(&link, "link.db").is_err(),
            "a link to a served file is refused"
        );
        drop(held);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
