"""Fixed choices and suggestions that several command groups offer (which game, which pace)."""

from __future__ import annotations

from discord import app_commands

from bot.i18n import ENGLISH
from bot.service import game_kinds, paces
from cogs.ui.clocktexts import pace_words
from cogs.ui.replies import suggestions

GAME_CHOICES = [app_commands.Choice(name=kind.title, value=kind.id) for kind in game_kinds()]


def pace_choices(typed: str, language: str = ENGLISH) -> list[app_commands.Choice[str]]:
    """Autocomplete for a pace option: every pace whose words contain what was typed."""
    wanted = typed.strip().lower()
    shown = [(pace_words(p, language), p.name) for p in paces()]
    return suggestions((words, name) for words, name in shown if wanted in words.lower())
