-- The DM that shows a player their hand in one game: one message per game per player, edited in
-- place whenever the hand changes, so its id must survive a restart. NULL: none sent yet (or the
-- player deleted it; the next hand goes out as a new DM and is recorded here).
ALTER TABLE seats ADD COLUMN hand_message_id INTEGER;
