-- Who plays a seat: its player ('human') or the automatic player ('auto'), and why a player
-- left their seat to the automatic player: 'resigned', or 'timed out' (the others voted so).
-- A later ratings issue ranks a resigned or timed-out seat last.
ALTER TABLE seats ADD COLUMN controller TEXT NOT NULL DEFAULT 'human'
    CHECK (controller IN ('human', 'auto'));
ALTER TABLE seats ADD COLUMN departure TEXT
    CHECK (departure IS NULL OR departure IN ('resigned', 'timed out'));
