"""Settings: defaults, .env versus environment, and one-line errors that never show the token."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE, Settings, SettingsError, load_settings
from bot.store.shards import Shards

# A made-up token of the right shape (not a real one).
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789_-"
SECRET_BIT = "abcdefghijklmnop"


def load(env: dict[str, str], env_file: Path | None = None) -> Settings:
    return load_settings(env, env_file)


def error_for(env: dict[str, str]) -> str:
    with pytest.raises(SettingsError) as caught:
        load(env)
    message = str(caught.value)
    assert "\n" not in message
    assert ".env" in message and "=" in message
    assert SECRET_BIT not in message
    return message


def test_defaults_with_only_a_token() -> None:
    settings = load({"DISCORD_TOKEN": TOKEN})
    assert settings.discord_token == TOKEN
    assert settings.database_path == Path(DEFAULT_DATABASE)
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO" and settings.log_level_number == 20


def test_every_setting_is_read() -> None:
    settings = load(
        {
            "DISCORD_TOKEN": f"  {TOKEN} ",
            "DATABASE_PATH": "/tmp/x.sqlite3",
            "DEV_GUILD_ID": "123456789012345678",
            "LOG_LEVEL": "debug",
        }
    )
    assert settings.discord_token == TOKEN
    assert settings.database_path == Path("/tmp/x.sqlite3")
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"


def test_the_token_never_appears_in_repr() -> None:
    settings = load({"DISCORD_TOKEN": TOKEN})
    assert SECRET_BIT not in repr(settings) and SECRET_BIT not in str(settings)


def test_a_missing_token_says_what_to_put_in_env() -> None:
    message = error_for({})
    assert message.startswith("DISCORD_TOKEN is missing: copy .env.example to .env")
    assert "DISCORD_TOKEN=<" in message
    assert error_for({"DISCORD_TOKEN": "   "}) == message


@pytest.mark.parametrize(
    "bad",
    [
        "abcdefghijklmnop",
        "abcdefghijklmnop.abcd",
        "abcdefghijklmnop.abcd.efghijklmnopqrstuvwxyz.extra",
        "abcdefghijklmnop.ab!d.abcdefghijklmnopqrstuvwxyz",
        "abcdefghijklmnop abcd abcdefghijklmnopqrstuvwxyz",
        "abcdefghijklmnop..abcdefghijklmnopqrstuvwxyz",
    ],
)
def test_a_malformed_token_is_refused_without_quoting_it(bad: str) -> None:
    message = error_for({"DISCORD_TOKEN": bad})
    assert "does not look like a bot token" in message
    assert "DISCORD_TOKEN=<" in message


def test_common_paste_mistakes_get_their_own_hint() -> None:
    assert "'Bot '" in error_for({"DISCORD_TOKEN": f"Bot {TOKEN}"})
    assert "quotes" in error_for({"DISCORD_TOKEN": f"'{TOKEN}'"})


def test_bad_optional_settings_are_refused() -> None:
    assert "DEV_GUILD_ID" in error_for({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "my server"})
    assert "DEV_GUILD_ID" in error_for({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "-5"})
    assert "LOG_LEVEL" in error_for({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "LOUD"})


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    message = error_for({"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(tmp_path)})
    assert "DATABASE_PATH" in message and str(tmp_path) not in message


def test_dotenv_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=WARNING\nDEV_GUILD_ID=\n")
    from_file = load({}, env_file)
    assert from_file.discord_token == TOKEN and from_file.log_level == "WARNING"
    assert from_file.dev_guild_id is None
    both = load({"LOG_LEVEL": "ERROR", "DISCORD_TOKEN": ""}, env_file)
    assert both.log_level == "ERROR" and both.discord_token == TOKEN


def test_the_example_file_itself_gives_the_missing_token_message() -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    with pytest.raises(SettingsError, match="DISCORD_TOKEN is missing"):
        load({}, example)


def test_database_url_picks_sqlite_or_postgresql_and_hides_the_password() -> None:
    sqlite = load({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite:///data/games.sqlite3"})
    assert sqlite.database == Path("data/games.sqlite3") and sqlite.database_url is None
    url = "postgresql://bot:Sekr3tPassw0rd@db.example:5433/symposion"
    postgres = load({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url, "DATABASE_PATH": "x.db"})
    assert postgres.database == url
    assert "Sekr3tPassw0rd" not in repr(postgres)


def test_a_database_url_of_another_kind_is_refused_without_echoing_it() -> None:
    for url in ("mysql://bot:Sekr3tPassw0rd@h/d", "postgresql://bot:Sekr3tPassw0rd@h:port/d"):
        with pytest.raises(SettingsError) as caught:
            load({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url})
        assert "DATABASE_URL" in str(caught.value)
        assert "Sekr3tPassw0rd" not in str(caught.value)


PG = "postgresql://bot:pw@db.example:5432/symposion"


def test_shards_are_read_with_postgresql() -> None:
    settings = load({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": PG, "SHARD_COUNT": "4"})
    assert settings.shards == Shards(4, (0, 1, 2, 3))  # no SHARD_IDS: this process runs all
    settings = load(
        {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": PG, "SHARD_COUNT": "4", "SHARD_IDS": "3, 1"}
    )
    assert settings.shards == Shards(4, (1, 3))
    assert load({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": PG}).shards is None


def test_sharding_on_sqlite_is_refused_in_one_line() -> None:
    message = error_for({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "2", "SHARD_IDS": "0"})
    assert "needs PostgreSQL" in message and "sqlite is one process" in message


@pytest.mark.parametrize(
    ("count", "ids", "words"),
    [
        ("", "0", "SHARD_IDS needs SHARD_COUNT"),
        ("two", "0", "whole numbers"),
        ("2", "0;1", "whole numbers"),
        ("2", "2", "between 0 and 1"),
        ("0", "", "between 1 and"),
        ("3", "1,1", "each shard once"),
    ],
)
def test_bad_shard_settings_say_what_to_write(count: str, ids: str, words: str) -> None:
    env = {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": PG, "SHARD_COUNT": count, "SHARD_IDS": ids}
    message = error_for({k: v for k, v in env.items() if v})
    assert words in message and "SHARD_COUNT=" in message


def test_the_web_pages_need_both_port_and_public_url() -> None:
    assert load({"DISCORD_TOKEN": TOKEN}).web is None
    web = load(
        {"DISCORD_TOKEN": TOKEN, "WEB_PORT": "8080", "PUBLIC_URL": "https://play.example/x/"}
    ).web
    assert web is not None and (web.port, web.host) == (8080, "127.0.0.1")
    assert web.page("/g/abc") == "https://play.example/x/g/abc"
    for env in ({"WEB_PORT": "8080"}, {"PUBLIC_URL": "https://play.example"}):
        assert "go together" in error_for({"DISCORD_TOKEN": TOKEN, **env})
    for port, url in (("http", "https://a.example"), ("70000", "https://a.example")):
        said = error_for({"DISCORD_TOKEN": TOKEN, "WEB_PORT": port, "PUBLIC_URL": url})
        assert "WEB_PORT must be a port" in said
    said = error_for({"DISCORD_TOKEN": TOKEN, "WEB_PORT": "80", "PUBLIC_URL": "play.example"})
    assert "PUBLIC_URL must be an http(s) address" in said
