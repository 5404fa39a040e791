"""Atlandice: draft dice, plunder the districts of sinking Atlantis, win the majorities."""

from bot.games.atlandice.game import GAME, Atlandice

__all__ = ["GAME", "Atlandice"]
