-- A player's token keeps the name the player sat down with, so a browser's list of its tables
-- (the lobby's "Your tables") reads every seat it holds in one query, without its table's log.
-- Tokens from before this migration take the name from their player's `joined` record: the one
-- place the store reads a record's payload, once (every payload Skald wrote is a JSON object).
ALTER TABLE skald_tokens ADD COLUMN name TEXT NULL;

UPDATE skald_tokens SET name = (
    SELECT json_extract(e.payload, '$.name') FROM skald_events e
    WHERE e.table_id = skald_tokens.table_id AND e.kind = 'joined'
      AND CASE WHEN json_valid(e.payload)
               THEN json_extract(e.payload, '$.player') = skald_tokens.player END
    LIMIT 1
) WHERE role = 'player';
