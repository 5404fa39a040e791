"""Every game package; importing this registers them all (one line per game)."""

from bot.engine.registry import register

__all__ = ["register"]
