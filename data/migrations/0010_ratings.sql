-- Ratings (issue 14): one openskill rating per player per game type, per server and across all
-- servers. `scope` is the server's id, or 0 for the rating across all servers (Discord ids are
-- positive). `player` names the rated identity: 'user:<discord id>' for a person (a seat they
-- resigned or timed out of still counts as theirs), 'computer:<level>' for every computer
-- player of that level, so a level has one visible strength. `name` is the latest display name.
-- mu and sigma are openskill's; the service ranks by its conservative ordinal (mu - 3 sigma).
CREATE TABLE ratings (
    game_type  TEXT    NOT NULL,
    scope      INTEGER NOT NULL,
    player     TEXT    NOT NULL,
    user_id    INTEGER,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game_type, scope, player)
);

CREATE INDEX ratings_by_user ON ratings (user_id, scope);

-- The order finished games were rated in (ratings depend on it): rebuilding from the stored
-- games replays them in this order, so it gives the same numbers.
CREATE TABLE rated_games (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    position INTEGER NOT NULL UNIQUE,
    rated_at TEXT    NOT NULL
);
