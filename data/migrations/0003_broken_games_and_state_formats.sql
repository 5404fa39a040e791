-- A game whose stored state could not be loaded at start is marked here: `broken` says why in
-- words (never the state). It keeps its status, so it can still be abandoned, but it no longer
-- holds its channel or thread: the one-ongoing-game index leaves it out.
ALTER TABLE games ADD COLUMN broken TEXT;

DROP INDEX games_one_ongoing_per_place;
CREATE UNIQUE INDEX games_one_ongoing_per_place
    ON games (coalesce(thread_id, channel_id))
    WHERE status IN ('lobby', 'active') AND broken IS NULL;

-- The format of the stored engine state (bot.service.formats says which one each game writes
-- now and how to upgrade older ones). States stored before formats existed are format 1.
ALTER TABLE snapshots ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
