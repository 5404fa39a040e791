"""Computer players over the engine contract: pure, seeded, and blind to other seats' secrets."""

from bot.ai.player import LEVELS, NORMAL, Decision, decide
from bot.ai.players import KINDS, choose

__all__ = ["KINDS", "LEVELS", "NORMAL", "Decision", "choose", "decide"]
