-- Every board the bot posts, with the game version drawn on it, so a restart can tell whether
-- the channel shows the current board and find a board whose message id was never recorded.
-- A row is written before the post (message_id NULL, `nonce` sent with it: Discord answers a
-- retried post with the message it already made); `live` is 1 while the message may still
-- carry move buttons. games.message_version is the version drawn on games.message_id.

ALTER TABLE games ADD COLUMN message_version INTEGER;

CREATE TABLE board_messages (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    nonce      TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    message_id INTEGER,
    live       INTEGER NOT NULL DEFAULT 1 CHECK (live IN (0, 1)),
    created_at TEXT    NOT NULL,
    UNIQUE (game_id, nonce)
);

CREATE INDEX board_messages_live ON board_messages (game_id) WHERE live = 1;
