"""Every game package; importing this registers them all (one line per game)."""

from bot.engine.registry import register
from bot.games.iliad import GAME as _iliad

register(_iliad)
