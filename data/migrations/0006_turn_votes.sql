-- When a turn's clock runs out, the other players vote on what happens: wait longer, skip the
-- turn (only where the game has a neutral action), hand the seat to the automatic player, or
-- end the game. One vote per timed-out turn (game, version); one ballot per voter.
CREATE TABLE turn_votes (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,   -- the game version whose turn ran out
    seat       INTEGER NOT NULL,   -- the seat that timed out
    user_id    INTEGER NOT NULL,   -- its player
    voters     TEXT    NOT NULL,   -- JSON list of the user ids who may vote
    choices    TEXT    NOT NULL,   -- JSON list of what they may choose
    result     TEXT CHECK (result IS NULL OR result IN ('wait', 'skip', 'computer', 'end')),
    opened_at  TEXT    NOT NULL,
    decided_at TEXT,
    UNIQUE (game_id, version)
);

CREATE TABLE turn_ballots (
    vote_id INTEGER NOT NULL REFERENCES turn_votes (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    choice  TEXT    NOT NULL,
    cast_at TEXT    NOT NULL,
    PRIMARY KEY (vote_id, user_id)
) WITHOUT ROWID;
