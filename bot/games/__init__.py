"""Every game package; importing this registers them all (one line per game)."""

from bot.engine.registry import register
from bot.games.iliad_cards import GAME as _iliad_cards

register(_iliad_cards)

__all__ = ["register"]
