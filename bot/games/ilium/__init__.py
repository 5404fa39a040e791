"""Ilium (Reiner Knizia): archaeologists claim pathways between dig sites."""

from bot.games.ilium.game import IliumGame

GAME = IliumGame()

__all__ = ["GAME"]
