-- Computer players seated from the lobby. Such a seat is controller = 'auto' with no departure
-- (nobody left it), a level, and a synthetic user id below zero: -(join_order + 1), unique in
-- its game and never a Discord id (those are positive), so the seats primary key, the lobby's
-- join order and every user-keyed lookup work unchanged. A seat the automatic player took over
-- (departure set) keeps its person's user id and has no level: it plays at 'normal'.
ALTER TABLE seats ADD COLUMN level TEXT
    CHECK (level IS NULL OR level IN ('easy', 'normal', 'hard'));
