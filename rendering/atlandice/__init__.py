"""Atlandice's renderer: a portrait board a phone can read, and a seat's own summary."""

from rendering.atlandice.board import BOARD_SIZE, board_size, render_board
from rendering.atlandice.hand import HAND_SIZE, render_hand
from rendering.atlandice.words import board_text, board_words, hand_words

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
