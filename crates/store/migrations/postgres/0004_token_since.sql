-- A seat's token keeps the seq of the record that gave it (`joined` for the player's own, the
-- GM's `seat_handed` for a link the GM made): the link reads the seat's secrets from that record
-- on, and a token of the same seat with a greater `since` replaces it (the older one is refused).
-- The GM's token and invites keep 0. Player tokens from before this migration cannot be told
-- apart (the player's own or a link the GM made), so each takes its seat's last `joined` or
-- `seat_handed` record: all of them keep working, and none reads the seat's secrets from before
-- the last time the GM handed it. (The player is compared as text, as in migration 2.)
ALTER TABLE skald_tokens ADD COLUMN IF NOT EXISTS since BIGINT NOT NULL DEFAULT 0;

UPDATE skald_tokens SET since = COALESCE((
    SELECT MAX(e.seq) FROM skald_events e
    WHERE e.table_id = skald_tokens.table_id AND e.kind IN ('joined', 'seat_handed')
      AND (e.payload::jsonb ->> 'player') = CAST(skald_tokens.player AS TEXT)
), 0) WHERE role = 'player';
