"""Every game package; importing this registers them all (one line per game)."""

from bot.engine.registry import register
from bot.games.atlandice import GAME as _atlandice
from bot.games.iliad import GAME as _iliad
from bot.games.iliad_cards import GAME as _iliad_cards
from bot.games.ilium import GAME as _ilium

register(_iliad)
register(_ilium)
register(_atlandice)
register(_iliad_cards)
