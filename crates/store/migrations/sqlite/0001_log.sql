-- The log: tables (with the time of their last activity, which says live or archived), their
-- records and the hashes of their access tokens. Every statement is IF NOT EXISTS: a database from
-- before migrations (its `skald_schema` at version 2, see src/adopt.rs) already holds exactly this,
-- and adopting it runs this migration as a no-op.
CREATE TABLE IF NOT EXISTS skald_tables (
    id TEXT PRIMARY KEY,
    system TEXT NOT NULL,
    title TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    active_ms BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS skald_events (
    table_id TEXT NOT NULL REFERENCES skald_tables(id),
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    secret TEXT NULL,
    audience TEXT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE IF NOT EXISTS skald_tokens (
    table_id TEXT NOT NULL REFERENCES skald_tables(id),
    hash TEXT NOT NULL,
    role TEXT NOT NULL,
    player BIGINT NULL,
    PRIMARY KEY (table_id, hash)
);

CREATE INDEX IF NOT EXISTS skald_tables_active ON skald_tables (active_ms);
