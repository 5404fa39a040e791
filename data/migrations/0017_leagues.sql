-- Leagues (issue 26): a server's own Swiss, round-robin or pods competition. Additive: four new
-- tables, nothing else touched. Pairing is pure (bot/leagues) and deterministic from `seed` and
-- the results stored here, so a round's tables are written once, when the round opens.
CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,   -- where the league message and its games' threads live
    message_id   INTEGER,            -- the league message (sign-up buttons, entrants)
    organiser_id INTEGER NOT NULL,
    game_type    TEXT    NOT NULL,
    format       TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin', 'pods')),
    rounds       INTEGER NOT NULL CHECK (rounds >= 1),
    players      INTEGER NOT NULL CHECK (players >= 2),  -- seats per game
    pace         TEXT    NOT NULL,
    options      TEXT    NOT NULL DEFAULT '{}',
    seed         INTEGER NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'signup'
                 CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    signup_until TEXT,               -- it starts by itself then (NULL: when the organiser says)
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);

CREATE INDEX leagues_by_guild ON leagues (guild_id, status);
CREATE INDEX leagues_signup_due ON leagues (signup_until) WHERE status = 'signup';

-- Who signed up, in order; the rating is taken at the start (it orders round one).
CREATE TABLE league_entrants (
    league_id    INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    signup_order INTEGER NOT NULL,
    rating       REAL    NOT NULL DEFAULT 0,
    withdrawn_at TEXT,
    PRIMARY KEY (league_id, user_id),
    UNIQUE (league_id, signup_order)
);

-- A round: opened once (its number is its key), ended once; `due_at` is its deadline, claimed
-- once (`fired_at`, in its own transaction before any game is touched) when it passes.
CREATE TABLE league_rounds (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number    INTEGER NOT NULL,
    opened_at TEXT    NOT NULL,
    due_at    TEXT,
    fired_at  TEXT,
    ended_at  TEXT,
    PRIMARY KEY (league_id, number)
);

CREATE INDEX league_rounds_due ON league_rounds (due_at) WHERE ended_at IS NULL;

-- A round's tables: the seats (JSON user ids, first seat first; one seat is a bye), the game
-- played there once it is open, and each seat's place (JSON) once it has ended.
CREATE TABLE league_tables (
    league_id INTEGER NOT NULL,
    round     INTEGER NOT NULL,
    position  INTEGER NOT NULL,
    seats     TEXT    NOT NULL,
    game_id   INTEGER REFERENCES games (id) ON DELETE SET NULL,
    places    TEXT,
    PRIMARY KEY (league_id, round, position),
    FOREIGN KEY (league_id, round) REFERENCES league_rounds (league_id, number) ON DELETE CASCADE
);

CREATE UNIQUE INDEX league_tables_by_game ON league_tables (game_id) WHERE game_id IS NOT NULL;
