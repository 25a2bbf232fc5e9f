-- The same tables as PostgreSQL's migration 3, so both dialects share their versions. SQLite serves
-- one node (a second `skald serve` on the file is refused), so nothing writes them.
CREATE TABLE IF NOT EXISTS skald_nodes (
    pid INTEGER PRIMARY KEY,
    address TEXT NOT NULL,
    started_ms BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS skald_cluster (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
