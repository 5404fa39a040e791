"""Symposion: a Discord bot that hosts board and card games."""
