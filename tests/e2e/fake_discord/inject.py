"""Builds the INTERACTION_CREATE payloads a real Discord client would cause."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from . import commands as cmd
from . import rules
from .commands import CommandRegistry
from .ids import Snowflakes
from .store import StoredMessage
from .world import ADMINISTRATOR, FakeChannel, FakeRole, FakeUser, World

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
USER_SELECT = 5
BOT_DM = 1  # an interaction context type: the bot's own DM with the user


class InteractionBuilder:
    """Turns 'alice runs /move spot:c3 in #games' into the payload Discord would dispatch."""

    def __init__(self, world: World, registry: CommandRegistry, ids: Snowflakes) -> None:
        """Read users, channels and registered commands from the fake."""
        self._world = world
        self._registry = registry
        self._ids = ids

    def base(self, kind: int, user: FakeUser, channel: FakeChannel) -> dict[str, Any]:
        """The keys every interaction carries, for a guild channel or a DM."""
        world = self._world
        payload: dict[str, Any] = {
            "id": str(self._ids.next()),
            "application_id": str(world.application_id),
            "type": kind,
            "token": f"tok-{secrets.token_hex(12)}",
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": world.attachment_size_limit,
            "app_permissions": str(world.permissions(world.bot_user)),
            "channel_id": str(channel.id),
            "channel": world.channel_payload(channel, viewer=user),
        }
        if channel.is_dm:
            if channel.recipient_id != user.id:
                raise PermissionError(f"{user.name} is not in the DM channel {channel.id}")
            payload.update(
                user=user.payload(), context=1, authorizing_integration_owners={"0": "0"}
            )
            return payload
        if not user.in_guild:
            raise PermissionError(f"{user.name} is not a member of the guild")
        guild = str(channel.guild_id)
        payload.update(
            guild_id=guild,
            guild_locale=world.guild_locale,
            guild={"id": guild, "locale": world.guild_locale, "features": []},
            member=world.member_payload(user, with_permissions=True),
            context=0,
            authorizing_integration_owners={"0": guild},
        )
        return payload

    # --- application commands -----------------------------------------------------------

    def command(
        self,
        kind: int,
        name: str,
        values: Mapping[str, object],
        user: FakeUser,
        channel: FakeChannel,
        *,
        focused: str | None = None,
        check_permissions: bool = True,
        forged: bool = False,
    ) -> dict[str, Any]:
        """A slash command (kind 2) or autocomplete (kind 4) for `/name sub option=value`.

        `forged`: sent by a modified client, which skips what Discord's client checks (fixed
        choices, commands not offered in DMs); the option types still hold.
        """
        root, *path = name.split()
        if channel.is_dm:
            command = self._registry.find_global(root)
            if not forged:
                _check_offered_in_dms(command)
        else:
            command = self._registry.find(root, channel.guild_id or self._world.guild_id)
        if check_permissions and not channel.is_dm:
            self._check_visible(command, user)
        specs: list[dict[str, Any]] = command["options"]
        chain: list[dict[str, Any]] = []
        for part in path:
            spec = _named(specs, part, (cmd.SUB_COMMAND, cmd.SUB_COMMAND_GROUP), f"/{name}")
            chain.append(spec)
            specs = spec.get("options") or []
        if any(s.get("type") in (cmd.SUB_COMMAND, cmd.SUB_COMMAND_GROUP) for s in specs):
            raise LookupError(f"/{name} needs a subcommand: {[s['name'] for s in specs]}")
        resolved: dict[str, dict[str, Any]] = {}
        options = self._fill(specs, values, focused, resolved, f"/{name}", forged)
        for spec in reversed(chain):
            options = [{"name": spec["name"], "type": spec["type"], "options": options}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": root,
            "type": cmd.CHAT_INPUT,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        payload = self.base(kind, user, channel)
        payload["data"] = data
        return payload

    def _check_visible(self, command: dict[str, Any], user: FakeUser) -> None:
        """Discord hides a command from members lacking its default permissions."""
        needed = command.get("default_member_permissions")
        if needed is None:
            return
        have = self._world.permissions(user)
        if have & ADMINISTRATOR or (int(needed) and have & int(needed) == int(needed)):
            return
        raise PermissionError(f"{user.name} cannot see /{command['name']} (needs {needed})")

    def _fill(
        self,
        specs: list[dict[str, Any]],
        values: Mapping[str, object],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        where: str,
        forged: bool = False,
    ) -> list[dict[str, Any]]:
        """Typed option values in declaration order, checked like Discord's client does."""
        names = {s["name"] for s in specs}
        unknown = sorted(set(values) - names)
        if unknown:
            raise LookupError(f"{where} has no options {unknown}; it has {sorted(names)}")
        if focused is not None and focused not in values:
            raise LookupError(f"the focused option {focused!r} needs a typed value")
        options: list[dict[str, Any]] = []
        for spec in specs:
            name = spec["name"]
            if name not in values:
                if spec.get("required") and focused is None:
                    raise LookupError(f"{where} requires the option {name!r}")
                continue
            if name == focused:
                options.append(
                    {
                        "name": name,
                        "type": spec["type"],
                        "value": str(values[name]),
                        "focused": True,
                    }
                )
            else:
                options.append(self._convert(spec, values[name], resolved, where, forged))
        return options

    def _convert(
        self,
        spec: dict[str, Any],
        raw: object,
        resolved: dict[str, dict[str, Any]],
        where: str,
        forged: bool = False,
    ) -> dict[str, Any]:
        """One option value in the JSON type its option type demands."""
        kind = spec["type"]
        value: Any
        if kind == cmd.STRING:
            value = str(raw) if forged else _choice_value(spec, str(raw))
            low, high = spec.get("min_length", 0), spec.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise ValueError(f"{where} {spec['name']}: length must be {low}-{high}")
        elif kind in (cmd.INTEGER, cmd.NUMBER):
            if isinstance(raw, bool) or not isinstance(raw, int | float | str):
                raise TypeError(f"{where} {spec['name']} takes a number, not {raw!r}")
            value = _choice_value(spec, int(raw) if kind == cmd.INTEGER else float(raw))
            low, high = spec.get("min_value"), spec.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ValueError(f"{where} {spec['name']}: {value} is outside {low}..{high}")
        elif kind == cmd.BOOLEAN:
            if not isinstance(raw, bool):
                raise TypeError(f"{where} {spec['name']} takes True or False")
            value = raw
        else:
            value = self._resolve(kind, raw, resolved, f"{where} {spec['name']}")
        return {"name": spec["name"], "type": kind, "value": value}

    def _resolve(
        self, kind: int, raw: object, resolved: dict[str, dict[str, Any]], where: str
    ) -> str:
        """A user, channel or role option: its id, plus the object in `resolved`."""
        world = self._world
        if kind == cmd.USER and isinstance(raw, FakeUser):
            resolved.setdefault("users", {})[str(raw.id)] = raw.payload()
            if raw.in_guild:
                member = world.member_payload(raw, with_permissions=True)
                del member["user"]
                resolved.setdefault("members", {})[str(raw.id)] = member
            return str(raw.id)
        if kind == cmd.CHANNEL and isinstance(raw, FakeChannel):
            resolved.setdefault("channels", {})[str(raw.id)] = {
                "id": str(raw.id),
                "name": raw.name,
                "type": raw.type,
                "permissions": str(world.permissions(world.bot_user)),
                "guild_id": str(raw.guild_id or world.guild_id),
            }
            return str(raw.id)
        if kind == cmd.ROLE and isinstance(raw, FakeRole):
            resolved.setdefault("roles", {})[str(raw.id)] = raw.payload()
            return str(raw.id)
        raise TypeError(
            f"{where}: option type {kind} needs a FakeUser/FakeChannel/FakeRole, got {raw!r}"
        )

    # --- components ---------------------------------------------------------------------

    def component(
        self,
        message: StoredMessage,
        message_payload: dict[str, Any],
        component: dict[str, Any],
        user: FakeUser,
        values: Sequence[object] | None,
        *,
        forged: bool = False,
    ) -> dict[str, Any]:
        """A click on a button, or a choice in a select menu, on a message the bot sent.

        `forged`: `component` need not be on the message and select values need not be its
        options, as a modified client could send.
        """
        if message.deleted:
            raise LookupError(f"message {message.id} was deleted")
        link = message.interaction
        if message.ephemeral and link is not None and link.user.id != user.id:
            raise PermissionError(f"only {link.user.name} sees ephemeral message {message.id}")
        if component.get("disabled"):
            raise PermissionError(f"component {component.get('custom_id')!r} is disabled")
        kind = component["type"]
        data: dict[str, Any] = {"custom_id": component.get("custom_id"), "component_type": kind}
        if isinstance(component.get("id"), int):
            data["id"] = component["id"]
        if kind == rules.BUTTON:
            if component.get("style") in (rules.LINK_STYLE, rules.PREMIUM_STYLE):
                raise ValueError("link and premium buttons do not send interactions")
            if values is not None:
                raise ValueError("a button takes no values")
        elif kind == rules.STRING_SELECT and forged:
            data["values"] = [str(v) for v in values or []]
        elif kind == rules.STRING_SELECT:
            data["values"] = _select_values(component, [str(v) for v in values or []])
        elif kind == USER_SELECT:
            users = [v for v in values or [] if isinstance(v, FakeUser)]
            if len(users) != len(values or []):
                raise TypeError("a user select takes FakeUser values")
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = [self._resolve(cmd.USER, u, resolved, "user select") for u in users]
            data["resolved"] = resolved
        else:
            raise NotImplementedError(f"the fake cannot use component type {kind} yet")
        payload = self.base(MESSAGE_COMPONENT, user, message.channel)
        payload["message"] = message_payload
        payload["data"] = data
        return payload


def _check_offered_in_dms(command: dict[str, Any]) -> None:
    """Discord's client offers a global command in a bot DM only if its contexts allow it."""
    contexts = command.get("contexts")
    offered = BOT_DM in contexts if contexts is not None else command.get("dm_permission", True)
    if not offered:
        raise PermissionError(f"/{command['name']} is not offered in DMs (contexts {contexts})")


def _named(
    specs: list[dict[str, Any]], name: str, kinds: tuple[int, ...], where: str
) -> dict[str, Any]:
    """The option spec with this name and one of these types."""
    for spec in specs:
        if spec["name"] == name and spec["type"] in kinds:
            return spec
    raise LookupError(f"{where}: no subcommand {name!r}; have {[s['name'] for s in specs]}")


def _choice_value(spec: dict[str, Any], value: Any) -> Any:
    """With fixed choices, accept a choice's value or its name; refuse anything else."""
    choices = spec.get("choices") or []
    if not choices:
        return value
    for choice in choices:
        if value == choice["value"]:
            return choice["value"]
    for choice in choices:
        if value == choice["name"]:
            return choice["value"]
    raise ValueError(f"{value!r} is not one of the choices {[c['name'] for c in choices]}")


def _select_values(select: dict[str, Any], values: list[str]) -> list[str]:
    """Values a user can pick: listed options, within min/max counts (labels work too)."""
    options = select.get("options") or []
    by_label = {o["label"]: o["value"] for o in options}
    known = {o["value"] for o in options}
    picked = [v if v in known else by_label.get(v, v) for v in values]
    bad = [v for v in picked if v not in known]
    if bad:
        raise ValueError(f"{bad} are not options of {select.get('custom_id')!r}: {sorted(known)}")
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    if not low <= len(picked) <= high:
        raise ValueError(f"pick {low}-{high} values, not {len(picked)}")
    return picked
