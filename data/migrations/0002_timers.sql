-- Deadlines of games (reminders, turn clocks), a server's default pace, a player's reminder choice.
-- A deadline belongs to one game version: a move (version + 1) makes it stale, and a stale or
-- finished game's deadline never fires (the due query joins games on status and version).

CREATE TABLE timers (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('reminder', 'turn_clock')),
    version    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    since      TEXT    NOT NULL,  -- when the seat's turn began (what /mygames shows)
    due_at     TEXT    NOT NULL,
    fired_at   TEXT,              -- set, in its own transaction, before anything is sent
    created_at TEXT    NOT NULL,
    UNIQUE (game_id, version, kind, due_at)
);

CREATE INDEX timers_pending ON timers (due_at) WHERE fired_at IS NULL;
CREATE INDEX timers_by_game ON timers (game_id, version);

-- A server admin's default pace for new games (`/settings pace:`).
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    pace     TEXT NOT NULL
);

-- A player's own choices; a missing row means the defaults (reminders on).
CREATE TABLE user_settings (
    user_id   INTEGER PRIMARY KEY,
    reminders INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1))
);
