"""Settings from the environment and `.env`, checked at start with one-line fixes in errors.

The environment wins over `.env` (an empty environment value counts as unset). No message and no
repr ever contains the token itself.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.store.shards import SQLITE_IS_ONE_PROCESS, Shards, checked_shards

DEFAULT_DATABASE = "symposion.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
# Three base64url parts: the bot's id, a timestamp, an HMAC. Lengths are loose lower bounds.
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")
_PORTAL = "<your bot token from the Discord developer portal (your app -> Bot -> Reset Token)>"


TOKEN_REFUSED = (
    "DISCORD_TOKEN was refused by Discord (reset since, or mistyped): in .env set "
    f"DISCORD_TOKEN={_PORTAL}."
)


class SettingsError(Exception):
    """A setting is missing or malformed; the message is one line saying what to put in .env."""


@dataclass(frozen=True)
class WebSettings:
    """The web pages (issue 28): the port this process listens on, the address people reach
    the site at (a reverse proxy's, usually), the interface it binds, the live connection cap."""

    port: int
    public_url: str
    host: str = "127.0.0.1"
    cap: int = 1000

    def page(self, path: str) -> str:
        """The public address of one of the site's pages (`path` starts with '/')."""
        return self.public_url.rstrip("/") + path


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from outside at start."""

    discord_token: str = field(repr=False)
    database_path: Path = Path(DEFAULT_DATABASE)
    # A PostgreSQL URL (it may hold a password: never in repr); None: the sqlite file above.
    database_url: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # SHARD_COUNT and SHARD_IDS: the Discord shards this process serves (PostgreSQL only);
    # None: not sharded (one process, every server).
    shards: Shards | None = None
    # WEB_PORT and PUBLIC_URL: the web pages; None: nothing listens.
    web: WebSettings | None = None

    @property
    def database(self) -> str | Path:
        """What Store.open is given: the PostgreSQL URL if there is one, else the sqlite file."""
        return self.database_path if self.database_url is None else self.database_url

    @property
    def log_level_number(self) -> int:
        """The logging module's number for log_level."""
        return int(logging.getLevelName(self.log_level))


def check_token(token: str | None) -> str:
    """The token if it has a bot token's shape; otherwise a SettingsError that never quotes it."""
    token = (token or "").strip()
    if not token:
        raise SettingsError(
            f"DISCORD_TOKEN is missing: copy .env.example to .env and set DISCORD_TOKEN={_PORTAL}."
        )
    if token.lower().startswith("bot "):
        raise SettingsError(
            "DISCORD_TOKEN starts with 'Bot ': in .env set DISCORD_TOKEN=<the token alone>."
        )
    if token[0] in "\"'" or token[-1] in "\"'":
        raise SettingsError(
            "DISCORD_TOKEN has stray quotes: in .env set DISCORD_TOKEN=<the token, unquoted>."
        )
    if not _TOKEN.match(token):
        raise SettingsError(
            "DISCORD_TOKEN does not look like a bot token (three dot-separated parts of letters, "
            f"digits, '-' and '_'): in .env set DISCORD_TOKEN={_PORTAL}."
        )
    return token


def _guild(text: str | None) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 2**64:
        raise SettingsError(
            "DEV_GUILD_ID must be a server id (digits only): in .env set "
            "DEV_GUILD_ID=<your test server's id> or leave it empty."
        )
    return int(text)


def _database(text: str | None) -> Path:
    path = Path((text or "").strip() or DEFAULT_DATABASE)
    if path.is_dir():
        raise SettingsError(
            "DATABASE_PATH is a folder: in .env set DATABASE_PATH=<a file, e.g. "
            f"{DEFAULT_DATABASE}>."
        )
    return path


_URL_SHAPES = "sqlite:///<file> or postgresql://<user>:<password>@<host>:<port>/<database>"


def _database_url(text: str | None, path: str | None) -> tuple[Path, str | None]:
    """DATABASE_URL (if set) read into the sqlite file or PostgreSQL URL; never echoed back."""
    url = (text or "").strip()
    if not url:
        return _database(path), None
    if url.startswith("sqlite:///"):
        return _database(url.removeprefix("sqlite:///")), None
    if not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            f"DATABASE_URL must look like {_URL_SHAPES}: in .env set DATABASE_URL=."
        )
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (reading it checks it)
    except ValueError:
        raise SettingsError(
            f"DATABASE_URL is not a usable PostgreSQL URL (host or port): in .env set "
            f"DATABASE_URL={_URL_SHAPES.split(' or ')[1]}."
        ) from None
    return Path(DEFAULT_DATABASE), url


_SHARDS_FIX = "in .env set SHARD_COUNT=<shards in all> and SHARD_IDS=<this process's, e.g. 0,1>"


def _shards(count: str | None, ids: str | None, database_url: str | None) -> Shards | None:
    """SHARD_COUNT and SHARD_IDS checked together; sqlite (one process) refuses them."""
    count, ids = (count or "").strip(), (ids or "").strip()
    if not count and not ids:
        return None
    if database_url is None:
        raise SettingsError(SQLITE_IS_ONE_PROCESS)
    if not count:
        raise SettingsError(f"SHARD_IDS needs SHARD_COUNT (the number of shards): {_SHARDS_FIX}.")
    parts = [part.strip() for part in ids.split(",")] if ids else []
    if not count.isdigit() or not all(part.isdigit() for part in parts):
        raise SettingsError(f"SHARD_COUNT and SHARD_IDS take whole numbers: {_SHARDS_FIX}.")
    try:
        return checked_shards(int(count), [int(part) for part in parts] if parts else None)
    except ValueError as error:
        raise SettingsError(f"{error}: {_SHARDS_FIX}.") from None


_WEB_FIX = "in .env set WEB_PORT=<a port, e.g. 8080> and PUBLIC_URL=<https://your.site>, or neither"


def _web(port: str | None, url: str | None, host: str | None) -> WebSettings | None:
    """WEB_PORT and PUBLIC_URL together (or neither); WEB_HOST optional (default loopback)."""
    port, url = (port or "").strip(), (url or "").strip()
    if not port and not url:
        return None
    if not port or not url:
        raise SettingsError(f"WEB_PORT and PUBLIC_URL go together: {_WEB_FIX}.")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise SettingsError(f"WEB_PORT must be a port number (1-65535): {_WEB_FIX}.")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SettingsError(f"PUBLIC_URL must be an http(s) address: {_WEB_FIX}.")
    return WebSettings(int(port), url.rstrip("/"), (host or "").strip() or "127.0.0.1")


def _log_level(text: str | None) -> str:
    level = (text or "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(
            f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}: in .env set LOG_LEVEL=INFO."
        )
    return level


def read_values(
    environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> dict[str, str]:
    """The raw values: `.env` (if present) overlaid by non-empty environment variables."""
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    source = os.environ if environ is None else environ
    values.update({k: v for k, v in source.items() if v.strip()})
    return values


def load_settings(
    environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> Settings:
    """Read and check every setting; the first problem raises SettingsError."""
    values = read_values(environ, env_file)
    database_path, database_url = _database_url(
        values.get("DATABASE_URL"), values.get("DATABASE_PATH")
    )
    return Settings(
        discord_token=check_token(values.get("DISCORD_TOKEN")),
        database_path=database_path,
        database_url=database_url,
        dev_guild_id=_guild(values.get("DEV_GUILD_ID")),
        log_level=_log_level(values.get("LOG_LEVEL")),
        shards=_shards(values.get("SHARD_COUNT"), values.get("SHARD_IDS"), database_url),
        web=_web(values.get("WEB_PORT"), values.get("PUBLIC_URL"), values.get("WEB_HOST")),
    )
