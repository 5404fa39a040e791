-- Issue 27 §1: `/analysis game:<number>` of a finished game. One row per game: asked for
-- ('pending', so a restart finds it and starts it again, once), then its result ('done', so
-- a second request is answered from here at once). Additive: one new table; every stored game
-- loads as before.
CREATE TABLE analyses (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    status     TEXT    NOT NULL CHECK (status IN ('pending', 'done')),
    seed       INTEGER NOT NULL,   -- the analysis's own seed: the same game, the same analysis
    plan       TEXT    NOT NULL,   -- JSON: its CPU budget (bot.ai.analysis.Plan)
    result     TEXT,               -- JSON: the analysis once done (bot.ai.analysis.Analysis)
    asked_by   INTEGER NOT NULL,   -- who asked first
    channel_id INTEGER NOT NULL,   -- where to post it when a restart finished it
    language   TEXT    NOT NULL,   -- the words it is posted in then
    starts     INTEGER NOT NULL DEFAULT 1,  -- how often it was started (1, 2 after a restart)
    asked_at   TEXT    NOT NULL,
    done_at    TEXT
);

CREATE INDEX analyses_pending ON analyses (status) WHERE status = 'pending';
