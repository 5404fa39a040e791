-- Issue 25 §5: a person takes over a seat the automatic player holds because its player
-- resigned or timed out. The seats row becomes the newcomer's (their user id and name, a person
-- again, no departure), so the game, its hands and its rating follow whoever holds it last;
-- each earlier holder is kept here, so /stats still counts the game for them. Additive: new
-- tables only; every stored game loads as before.
CREATE TABLE seat_holders (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,   -- who held the seat before
    display_name TEXT    NOT NULL,
    departure    TEXT    NOT NULL CHECK (departure IN ('resigned', 'timed out')),
    taken_by     INTEGER NOT NULL,   -- who took it over
    taken_name   TEXT    NOT NULL,   -- and their name then
    version      INTEGER NOT NULL,   -- the game version the take-over made
    moves        INTEGER NOT NULL,   -- how many moves were played before it
    log_lines    INTEGER NOT NULL,   -- how long the public log was (/history shows it there)
    taken_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Someone asks to take such a seat; the people seated answer (or the host decides). One open
-- request per seat: a second asker is told. A request lapses, like a turn clock vote, once the
-- game's version moves on from the one it was asked at ('lapsed' is written when the seat is
-- asked for again).
CREATE TABLE seat_requests (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,   -- who asks to take the seat
    display_name TEXT    NOT NULL,
    voters       TEXT    NOT NULL,   -- JSON list of the user ids who may answer
    result       TEXT CHECK (result IS NULL OR result IN ('taken', 'refused', 'lapsed')),
    asked_at     TEXT    NOT NULL,
    decided_at   TEXT
);

CREATE UNIQUE INDEX seat_requests_one_open ON seat_requests (game_id, seat) WHERE result IS NULL;

CREATE TABLE seat_answers (
    request_id  INTEGER NOT NULL REFERENCES seat_requests (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    agree       INTEGER NOT NULL CHECK (agree IN (0, 1)),
    answered_at TEXT    NOT NULL,
    PRIMARY KEY (request_id, user_id)
) WITHOUT ROWID;
