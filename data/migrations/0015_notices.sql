-- Issue 25 items 1-4: how and when each player is told a game waits on them (`/notify`).
-- Additive: two new tables; a player without a row keeps today's behaviour (no quiet hours, no
-- heads-up, pings as before, no digest), so every stored choice and game stays as it was.

CREATE TABLE notice_settings (
    user_id     INTEGER PRIMARY KEY,
    time_zone   TEXT,              -- an IANA name ('Europe/Berlin'); NULL: none given yet
    quiet_from  TEXT,              -- 'HH:MM' in the player's zone; NULL: no quiet hours
    quiet_to    TEXT,              -- 'HH:MM', never equal to quiet_from
    heads_up    INTEGER NOT NULL DEFAULT 0 CHECK (heads_up IN (0, 1)),
    via         TEXT CHECK (via IS NULL OR via IN ('dm', 'mention', 'both', 'none')),
    digest_at   TEXT               -- 'HH:MM' in the player's zone; NULL: no daily digest
);

-- The next daily digest of each player who wants one: the timer row a restart reads again.
-- `last_day` is the player's own date of the last digest claimed, so one day never gets two.
CREATE TABLE digest_timers (
    user_id  INTEGER PRIMARY KEY,
    due_at   TEXT NOT NULL,        -- ISO-8601 UTC, like every stored time
    last_day TEXT                  -- 'YYYY-MM-DD' in the player's zone
);

CREATE INDEX digest_timers_due ON digest_timers (due_at);
