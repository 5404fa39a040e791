-- Issue 28: a league's standings and rounds get a web page too, behind its own token (subject:
-- the league's number; members with Manage Server make or revoke it, as for the leaderboards).
-- The table is rebuilt only to widen its `kind` check; every token, live or revoked, is copied
-- as it was, so every page answers exactly as before.
CREATE TABLE web_pages_new (
    token      TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('game', 'leaderboards', 'league')),
    subject    INTEGER NOT NULL,   -- the game id, the server id, or the league's number
    made_at    TEXT    NOT NULL,
    revoked_at TEXT
);

INSERT INTO web_pages_new (token, kind, subject, made_at, revoked_at)
    SELECT token, kind, subject, made_at, revoked_at FROM web_pages;

DROP TABLE web_pages;

ALTER TABLE web_pages_new RENAME TO web_pages;

CREATE INDEX web_pages_subject ON web_pages (kind, subject);
CREATE UNIQUE INDEX web_pages_one_live ON web_pages (kind, subject) WHERE revoked_at IS NULL;
