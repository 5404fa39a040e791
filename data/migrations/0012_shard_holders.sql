-- Issue 16: which running bot process serves each shard of one PostgreSQL database. A process
-- writes its own random token here for the shards it claims (holding one PostgreSQL advisory lock
-- per shard while it runs); a versioned change of a game commits only if the token on the row of
-- the game's shard is still the writer's. A replaced token (another process took the shard over)
-- makes the old process's moves refused by the database itself. sqlite never has rows here.
CREATE TABLE shard_holders (
    shard_id    INTEGER NOT NULL,
    shard_count INTEGER NOT NULL,
    holder      TEXT NOT NULL,
    claimed_at  TEXT NOT NULL,
    PRIMARY KEY (shard_id)
);
