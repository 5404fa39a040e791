"""Pillow renderers: each turns a game's view dict into a PNG; none sees engine state."""
