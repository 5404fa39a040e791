"""Iliad, the card game (Asmodee 2006): rival kings besiege Troy with armies of cards."""

from bot.engine import register
from bot.games.iliad_cards.game import GAME, IliadCards

register(GAME)

__all__ = ["GAME", "IliadCards"]
