-- Issue 28: read-only web pages the bot serves (WEB_PORT, PUBLIC_URL). Each page sits behind
-- an unguessable token: a game's page (subject: the game id, its host turns it off), a server's
-- leaderboards (subject: the server id, members with Manage Server make or revoke it). A
-- revoked token keeps its row (revoked_at set), so it never answers again and a game whose
-- page was turned off is not given a new one by itself. Additive: one new table; every stored
-- game loads as before.
CREATE TABLE web_pages (
    token      TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('game', 'leaderboards')),
    subject    INTEGER NOT NULL,   -- the game id, or the server id
    made_at    TEXT    NOT NULL,
    revoked_at TEXT
);

CREATE INDEX web_pages_subject ON web_pages (kind, subject);
CREATE UNIQUE INDEX web_pages_one_live ON web_pages (kind, subject) WHERE revoked_at IS NULL;
