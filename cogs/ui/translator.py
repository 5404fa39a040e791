"""Command names, option names, descriptions and choices in de, fr and it, from the catalogues.

discord.py asks the tree's translator for every string of every command at sync, once per
Discord locale; the answers go to Discord as name_localizations / description_localizations.
Keys come from where the string sits, so the cogs' decorators stay plain English:
`cmd.<command>.name`, `cmd.<command>.description`, `cmd.<command>.<option>.name|description`
(else the shared `cmd.option.<option>.name|description`) and `cmd.choice.<value>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, entries, language_of

COMMAND_PARTS = {
    Where.command_name: "name",
    Where.command_description: "description",
    Where.group_name: "name",  # a command group (/seat), keyed like a command
    Where.group_description: "description",
}
OPTION_PARTS = {Where.parameter_name: "name", Where.parameter_description: "description"}


def command_keys(context: app_commands.TranslationContextTypes) -> list[str]:
    """The catalogue ids that may hold this string, most specific first."""
    data: Any = context.data
    if context.location in COMMAND_PARTS:
        return [f"cmd.{_command_id(data)}.{COMMAND_PARTS[context.location]}"]
    if context.location in OPTION_PARTS:
        part = OPTION_PARTS[context.location]
        return [
            f"cmd.{_command_id(data.command)}.{data.name}.{part}",
            f"cmd.option.{data.name}.{part}",
        ]
    if context.location is Where.choice_name:
        return [f"cmd.choice.{data.value}"]
    return []


def _command_id(command: Any) -> str:
    """'play', or 'group_sub' for a subcommand (ids have no spaces)."""
    return str(command.qualified_name).replace(" ", "_")


class CatalogueTranslator(app_commands.Translator):
    """Answers from data/locales; English, unknown locales and missing entries get None."""

    def __init__(self) -> None:
        """Start with no locale looked up yet."""
        super().__init__()
        # Asked once per string and Discord locale at every sync (~7,000 times), most of them
        # for a locale that falls back to English: each locale's catalogue is found only once.
        self._catalogues: dict[Locale, Mapping[str, str] | None] = {}

    def _catalogue(self, locale: Locale) -> Mapping[str, str] | None:
        """The locale's catalogue, or None where Discord should show the English default."""
        if locale not in self._catalogues:
            language = language_of(locale)
            self._catalogues[locale] = None if language == ENGLISH else entries(language)
        return self._catalogues[locale]

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The localised words, or None to let Discord show the English default."""
        found = self._catalogue(locale)
        if found is None:
            return None
        return next((found[k] for k in command_keys(context) if k in found), None)
