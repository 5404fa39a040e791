"""Every game package; importing this registers them all (one line per game)."""

from bot.engine.registry import register
from bot.games.atlandice import GAME as _atlandice

register(_atlandice)

__all__ = ["register"]
