"""Computer players over the engine contract: pure, seeded, and blind to other seats' secrets."""

from bot.ai.levels import LEVELS, NORMAL
from bot.ai.player import decide
from bot.ai.players import KINDS, choose
from bot.ai.search import Decision

__all__ = ["KINDS", "LEVELS", "NORMAL", "Decision", "choose", "decide"]
