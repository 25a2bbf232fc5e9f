-- A player's token keeps the name the player sat down with, so a browser's list of its tables
-- (the lobby's "Your tables") reads every seat it holds in one query, without its table's log.
-- Tokens from before this migration take the name from their player's `joined` record: the one
-- place the store reads a record's payload, once (every payload Skald wrote is a JSON object;
-- the player is compared as text, so no payload's `player` needs to be a number).
ALTER TABLE skald_tokens ADD COLUMN IF NOT EXISTS name TEXT NULL;

UPDATE skald_tokens SET name = (
    SELECT e.payload::jsonb ->> 'name' FROM skald_events e
    WHERE e.table_id = skald_tokens.table_id AND e.kind = 'joined'
      AND (e.payload::jsonb ->> 'player') = CAST(skald_tokens.player AS TEXT)
    LIMIT 1
) WHERE role = 'player';
