"""Computer players over the engine contract: pure, seeded, and blind to other seats' secrets."""

from bot.ai.players import KINDS, choose, decide
from bot.ai.search import Decision

__all__ = ["KINDS", "Decision", "choose", "decide"]
