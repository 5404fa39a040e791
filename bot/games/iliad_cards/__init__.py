"""Iliad, the card game (Asmodee 2006): rival kings besiege Troy with armies of cards."""

from bot.games.iliad_cards.game import IliadCards

GAME = IliadCards()

__all__ = ["GAME", "IliadCards"]
