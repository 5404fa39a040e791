-- Issue 23 §3: how a player likes /board shown to them: 0 the image (the default, and what every
-- row written before this migration means), 1 the board in words (`/settings board:text`).
-- Additive: one column with a default, so every stored choice (reminders) stays as it was.
ALTER TABLE user_settings ADD COLUMN board_text INTEGER NOT NULL DEFAULT 0
    CHECK (board_text IN (0, 1));
