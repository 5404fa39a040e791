-- Issue 16 §4: start-up reads an index of ongoing games, not every game's state. The seat to
-- move is kept beside the latest snapshot (written in the same statement as the state), so
-- "whose turn" is known without loading the game. NULL: not recorded (a snapshot from before
-- this migration: that game is loaded in full at start once); -1: nobody in particular.
ALTER TABLE snapshots ADD COLUMN to_move INTEGER;
