-- Issue 15: the language a player chose for what the bot writes to them (/language), and the
-- language a server admin chose for the server's public messages. No row: Discord's own
-- (the user's client locale, the server's preferred locale). Plain SQL sqlite and PostgreSQL
-- both accept; BIGINT holds a Discord snowflake in either.
CREATE TABLE user_languages (
    user_id  BIGINT PRIMARY KEY,
    language TEXT NOT NULL
);

CREATE TABLE guild_languages (
    guild_id BIGINT PRIMARY KEY,
    language TEXT NOT NULL
);
