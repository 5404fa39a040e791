-- Undo: a move taken back stays in the log, marked undone (replays skip it); `quiet` says
-- whether the move left the engine's chance tally unchanged (1), so taking it back reveals
-- nothing; NULL for moves stored before this migration (never offered a Back button).
ALTER TABLE moves ADD COLUMN undone_at TEXT;
ALTER TABLE moves ADD COLUMN undone_by INTEGER;
ALTER TABLE moves ADD COLUMN quiet INTEGER CHECK (quiet IS NULL OR quiet IN (0, 1));

-- An undo that takes back other players' moves too needs each of them to agree. A request
-- lapses as soon as the game's version moves on from the one it was asked at.
CREATE TABLE undo_requests (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,   -- the game version it was asked at
    user_id    INTEGER NOT NULL,   -- who asks to take their decision back
    seq        INTEGER NOT NULL,   -- the first move it takes back (that player's last)
    voters     TEXT    NOT NULL,   -- JSON list of the user ids who must agree
    result     TEXT CHECK (result IS NULL OR result IN ('agreed', 'refused')),
    asked_at   TEXT    NOT NULL,
    decided_at TEXT
);

CREATE TABLE undo_answers (
    request_id  INTEGER NOT NULL REFERENCES undo_requests (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    agree       INTEGER NOT NULL CHECK (agree IN (0, 1)),
    answered_at TEXT    NOT NULL,
    PRIMARY KEY (request_id, user_id)
) WITHOUT ROWID;
