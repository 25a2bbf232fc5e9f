-- Nodes serving one database together (docs/scaling.md). A node holds its tables' ownership as
-- advisory locks on one connection of its own; `skald_nodes` says at which address the session
-- `pid` takes forwarded actions. A dead node's row stays until a new session gets its pid: it is
-- only ever read joined with pg_locks, which lists live sessions only.
CREATE TABLE IF NOT EXISTS skald_nodes (
    pid INTEGER PRIMARY KEY,
    address TEXT NOT NULL,
    started_ms BIGINT NOT NULL
);

-- The key nodes show each other when they forward an action: made by the first node, read by all.
CREATE TABLE IF NOT EXISTS skald_cluster (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
