"""Ilium's renderer: the board graph with the players below, and a seat's private image.

The board is portrait and 720 px wide (the map on its side), read from Ilium's views only.
"""

from rendering.ilium.board import BOARD_SIZE, board_size, render_board
from rendering.ilium.hand import HAND_SIZE, render_hand
from rendering.ilium.words import board_text, board_words, hand_words

__all__ = [
    "BOARD_SIZE",
    "HAND_SIZE",
    "board_size",
    "board_text",
    "board_words",
    "hand_words",
    "render_board",
    "render_hand",
]
