"""Every test sees every game registered, as the bot does (the engine never imports the games)."""

import bot.games  # noqa: F401
