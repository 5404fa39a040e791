"""Registered application commands: sync endpoints, Discord's shape rules, lookups by name."""

from __future__ import annotations

import copy
from typing import Any

from .command_rules import check_command
from .errors import UNKNOWN_COMMAND, FakeHTTPError, FieldPath, invalid
from .ids import Snowflakes

CHAT_INPUT = 1
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3, 4, 5, 6, 7, 8, 9, 10, 11
)  # fmt: skip
MAX_COMMANDS = 100

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
        stored = [self._store(p, scope, (i,)) for i, p in enumerate(payloads)]
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

    def _store(
        self, payload: dict[str, Any], scope: Scope, where: FieldPath = ()
    ) -> dict[str, Any]:
        """Check a command payload and return it as Discord stores it."""
        command = copy.deepcopy(payload)
        command.setdefault("type", CHAT_INPUT)
        check_command(command, where)
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
