"""Registered application commands: sync endpoints, Discord's shape rules, lookups by name."""

from __future__ import annotations

import copy
import re
from typing import Any

from .errors import UNKNOWN_COMMAND, FakeHTTPError, invalid
from .ids import Snowflakes

CHAT_INPUT = 1
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3, 4, 5, 6, 7, 8, 9, 10, 11
)  # fmt: skip
NAME_RE = re.compile(r"^[-_\w]{1,32}$")
MAX_COMMANDS = 100
MAX_OPTIONS = 25

Scope = int | None  # a guild id, or None for global commands


class CommandRegistry:
    """Keeps global and per-guild commands with stable ids, as Discord does."""

    def __init__(self, ids: Snowflakes, application_id: int) -> None:
        """Start with no commands anywhere."""
        self._ids = ids
        self._app_id = application_id
        self._commands: dict[Scope, dict[tuple[str, int], dict[str, Any]]] = {}
        self._known_ids: dict[tuple[Scope, str, int], int] = {}
        self.sync_count = 0

    # --- the endpoints ------------------------------------------------------------------

    def bulk_overwrite(self, payloads: list[dict[str, Any]], scope: Scope) -> list[dict[str, Any]]:
        """Replace every command in a scope (PUT), keeping ids of names that stay."""
        if len(payloads) > MAX_COMMANDS:
            raise invalid(f"{len(payloads)} commands; the limit is 100")
        stored = [self._store(p, scope) for p in payloads]
        keys = [(c["name"], c["type"]) for c in stored]
        if len(set(keys)) != len(keys):
            raise invalid("two commands share a name and type")
        self._commands[scope] = dict(zip(keys, stored, strict=True))
        self.sync_count += 1
        return copy.deepcopy(stored)

    def upsert(self, payload: dict[str, Any], scope: Scope) -> dict[str, Any]:
        """Create or replace one command (POST)."""
        command = self._store(payload, scope)
        self._commands.setdefault(scope, {})[(command["name"], command["type"])] = command
        return copy.deepcopy(command)

    def edit(self, command_id: int, payload: dict[str, Any], scope: Scope) -> dict[str, Any]:
        """Change one command's name, description or options (PATCH)."""
        old = self.get(command_id, scope)
        merged = {**old, **{k: v for k, v in payload.items() if v is not None}}
        self.delete(command_id, scope)
        return self.upsert(merged, scope)

    def delete(self, command_id: int, scope: Scope) -> None:
        """Remove one command (DELETE)."""
        commands = self._commands.get(scope, {})
        for key, command in list(commands.items()):
            if int(command["id"]) == command_id:
                del commands[key]
                return
        raise FakeHTTPError(404, UNKNOWN_COMMAND, "Unknown application command", kind="not-found")

    def commands(self, scope: Scope) -> list[dict[str, Any]]:
        """Every command in a scope (GET)."""
        return copy.deepcopy(list(self._commands.get(scope, {}).values()))

    def get(self, command_id: int, scope: Scope) -> dict[str, Any]:
        """One command by id (GET)."""
        for command in self._commands.get(scope, {}).values():
            if int(command["id"]) == command_id:
                return copy.deepcopy(command)
        raise FakeHTTPError(404, UNKNOWN_COMMAND, "Unknown application command", kind="not-found")

    # --- lookups for injection ----------------------------------------------------------

    def find(self, name: str, guild_id: int, command_type: int = CHAT_INPUT) -> dict[str, Any]:
        """The command a user in the guild sees under this name: guild first, then global."""
        for scope in (guild_id, None):
            command = self._commands.get(scope, {}).get((name, command_type))
            if command is not None:
                return copy.deepcopy(command)
        known = sorted(n for scope in self._commands.values() for n, _ in scope)
        raise LookupError(f"no command /{name} is registered (known: {known}); did the bot sync?")

    def find_global(self, name: str, command_type: int = CHAT_INPUT) -> dict[str, Any]:
        """A global command by name: the only kind Discord offers outside the guild."""
        command = self._commands.get(None, {}).get((name, command_type))
        if command is None:
            raise LookupError(f"no global command /{name} (guild commands are not offered in DMs)")
        return copy.deepcopy(command)

    # --- shape rules --------------------------------------------------------------------

    def _store(self, payload: dict[str, Any], scope: Scope) -> dict[str, Any]:
        """Check a command payload and return it as Discord stores it."""
        command = copy.deepcopy(payload)
        command.setdefault("type", CHAT_INPUT)
        check_command(command)
        key = (scope, command["name"], command["type"])
        if key not in self._known_ids:
            self._known_ids[key] = self._ids.next()
        command.update(
            id=str(self._known_ids[key]),
            application_id=str(self._app_id),
            version=str(self._ids.next()),
            default_member_permissions=command.get("default_member_permissions"),
            nsfw=bool(command.get("nsfw", False)),
            options=command.get("options") or [],
        )
        if scope is not None:
            command["guild_id"] = str(scope)
        return command


def check_command(command: dict[str, Any]) -> None:
    """Apply Discord's rules for command names, descriptions and options."""
    name = command.get("name", "")
    if command["type"] == CHAT_INPUT:
        if not NAME_RE.match(name) or name != name.lower():
            raise invalid(f"command name {name!r} must be 1-32 lowercase word characters", "name")
        _check_description(command, name)
        _check_localizations(command, name)
        _check_options(command.get("options") or [], name, depth=0)
    elif not 1 <= len(name) <= 32:
        raise invalid(f"context menu name {name!r} must be 1-32 characters", "name")


def _check_description(item: dict[str, Any], where: str) -> None:
    """A description is 1-100 characters."""
    if not 1 <= len(item.get("description") or "") <= 100:
        raise invalid(f"{where}: description must be 1-100 characters", "description")


def _check_localizations(item: dict[str, Any], where: str) -> None:
    """Localised names follow the rules of names, localised descriptions those of descriptions;
    Discord keeps both maps and sends them back on every read of the command."""
    for locale, name in (item.get("name_localizations") or {}).items():
        if not NAME_RE.match(name) or name != name.lower():
            raise invalid(f"{where}: {locale} name {name!r} breaks the name rules", "name")
    for locale, text in (item.get("description_localizations") or {}).items():
        if not 1 <= len(text) <= 100:
            raise invalid(f"{where}: {locale} description must be 1-100 characters", "description")


def _check_options(options: list[dict[str, Any]], where: str, depth: int) -> None:
    """Check option names, order (required first), choices and nesting."""
    if len(options) > MAX_OPTIONS:
        raise invalid(f"{where}: {len(options)} options; the limit is 25", "options")
    names = [o.get("name", "") for o in options]
    if len(set(names)) != len(names):
        raise invalid(f"{where}: option names repeat", "options")
    seen_optional = False
    for option in options:
        label = f"{where} {option.get('name')}"
        if not NAME_RE.match(option.get("name", "")) or option["name"] != option["name"].lower():
            raise invalid(f"{label}: option names are 1-32 lowercase word characters", "options")
        _check_description(option, label)
        _check_localizations(option, label)
        kind = option.get("type")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= 2 or (kind == SUB_COMMAND_GROUP and depth >= 1):
                raise invalid(f"{label}: subcommands nest too deep", "options")
            _check_options(option.get("options") or [], label, depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                raise invalid(f"{label}: required options must come first", "options")
        else:
            seen_optional = True
        _check_choices(option, label)


def _check_choices(option: dict[str, Any], label: str) -> None:
    """At most 25 choices, each name 1-100 characters; not together with autocomplete."""
    choices = option.get("choices") or []
    if choices and option.get("autocomplete"):
        raise invalid(f"{label}: autocomplete options cannot have choices", "options")
    if len(choices) > 25:
        raise invalid(f"{label}: {len(choices)} choices; the limit is 25", "options")
    for choice in choices:
        names = [choice.get("name", ""), *(choice.get("name_localizations") or {}).values()]
        if not all(1 <= len(name) <= 100 for name in names):
            raise invalid(f"{label}: choice names are 1-100 characters", "options")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            raise invalid(f"{label}: choice values are at most 100 characters", "options")
