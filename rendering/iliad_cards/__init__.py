"""The card game's renderer: the table for everyone and a hand per seat, from its views only."""

from rendering.iliad_cards.board import BOARD_SIZE, board_size, render_board
from rendering.iliad_cards.hand import HAND_SIZE, render_hand
from rendering.iliad_cards.words import board_text, board_words, hand_words

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
