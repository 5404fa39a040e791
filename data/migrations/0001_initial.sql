-- Games, their seats, the append-only move list and the latest state snapshot.
-- Applied once by bot.store.Store.migrate(), which records it in schema_migrations.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    game_type   TEXT    NOT NULL,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    message_id  INTEGER,
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
    seed        INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    version     INTEGER NOT NULL DEFAULT 0,
    host_id     INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    result      TEXT,
    flags       TEXT    NOT NULL DEFAULT '{}'
);

-- The place a game is played: its thread when it has one, else its channel.
-- At most one ongoing (lobby or active) game per place, enforced by the database itself.
CREATE UNIQUE INDEX games_one_ongoing_per_place
    ON games (coalesce(thread_id, channel_id))
    WHERE status IN ('lobby', 'active');

CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_status ON games (status);

-- One row per player. `seat` is NULL in the lobby and set when the game starts.
CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    join_order   INTEGER NOT NULL,
    seat         INTEGER,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    dm_ok        INTEGER NOT NULL DEFAULT 1 CHECK (dm_ok IN (0, 1)),
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, join_order),
    UNIQUE (game_id, seat)
);

-- Append-only: every accepted engine action, in order (seq starts at 1).
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    user_id    INTEGER,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The latest engine state of each started game (engine dump as JSON).
CREATE TABLE snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    state   TEXT    NOT NULL
);
