"""Every game package; importing this registers them all (one line per game)."""

from bot.engine.registry import register
from bot.games.ilium import GAME as _ilium

register(_ilium)

__all__ = ["register"]
