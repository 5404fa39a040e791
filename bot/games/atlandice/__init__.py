"""Atlandice: draft dice, plunder the districts of sinking Atlantis, win the majorities."""

from bot.engine import register
from bot.games.atlandice.game import GAME, Atlandice

register(GAME)

__all__ = ["GAME", "Atlandice"]
