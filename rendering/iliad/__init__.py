"""Iliad (Knizia)'s renderer: the public board and a seat's hand, read from Iliad's views only.

The board is portrait, 720 px wide, so a phone shows it at 400 px with every label readable.
"""

from rendering.iliad.board import BOARD_SIZE, render_board
from rendering.iliad.hand import HAND_SIZE, render_hand
from rendering.iliad.words import board_text, board_words, hand_words

__all__ = [
    "BOARD_SIZE",
    "HAND_SIZE",
    "board_text",
    "board_words",
    "hand_words",
    "render_board",
    "render_hand",
]
