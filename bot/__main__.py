"""python -m bot: read settings, build the bot, run it until stopped."""

from __future__ import annotations

import logging
import sys

from bot.client import SymposionBot
from bot.settings import SettingsError, load_settings


def main() -> int:
    """Start the bot; exit 2 with one clear line when the settings are not usable."""
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"symposion: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = SymposionBot(database_path=settings.database_path, dev_guild_id=settings.dev_guild_id)
    bot.run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
