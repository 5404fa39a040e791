"""Every game package; importing this registers them all (each package registers its own GAME).

The engine never imports this: whoever needs every game (the service, the simulator, the
benchmarks, the scripts, the tests) imports `bot.games` once. Adding a game: one line here.
"""

from bot.games import atlandice, iliad, iliad_cards, ilium

__all__ = ["atlandice", "iliad", "iliad_cards", "ilium"]
