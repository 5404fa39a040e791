"""FakeDiscord: the local Discord a real discord.py bot logs into during end-to-end tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import aiohttp
import discord
import yarl
from aiohttp import web

from .commands import CommandRegistry
from .errors import FakeDiscordFailure, FakeHTTPError, Rejection, RejectionKind
from .faults import Fault, Faults, Stall
from .gateway import Gateway
from .ids import Snowflakes
from .inject import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, InteractionBuilder
from .interactions import InjectedInteraction, InteractionDesk
from .ledger import Ledger
from .outbox import Outbox
from .progress import Progress
from .ratelimits import ChannelLimits
from .recorder import EventKind, MessageEvent, Predicate, RecordedMessage, Recorder
from .rest import API, RestApi
from .store import StoredMessage
from .strict import RecordedRequest, StrictGate
from .world import FakeChannel, FakeRole, FakeUser, World

UserRef = FakeUser | str
ChannelRef = FakeChannel | str | int
MessageRef = RecordedMessage | int
# (message id, component type, custom_id) -> whether the running bot would handle that click
ComponentGate = Callable[[int, int, str], bool]


class FakeDiscord:
    """REST + gateway on 127.0.0.1, one guild, injected interactions, recorded bot messages."""

    # Shaped like a real bot token (three dot-separated parts), so `python -m bot`'s settings
    # check accepts it when the bot runs as its own process against the fake.
    token = "ZmFrZS1kaXNjb3JkLWJvdA.ZmFrZQ.ZmFrZS10b2tlbi1ub3QtZm9yLWRpc2NvcmQ"

    def __init__(self, *, strict: bool = True) -> None:
        """Build the world; nothing listens until `start()`. `strict`: refuse every request
        Discord's own API description refuses (the strict gate)."""
        self.ids = Snowflakes()
        self.world = World(self.ids)
        self.recorder = Recorder(lambda: self.base_url)
        self.outbox = Outbox(self.ids, self.recorder, self.world.bot_user, lambda: self.base_url)
        self.commands = CommandRegistry(self.ids, self.world.application_id)
        self.desk = InteractionDesk(self.outbox, self.world.application_id)
        self.gateway = Gateway(self.world, self.token, lambda: self.ws_url)
        self.outbox.notify = self.gateway.echo_message
        self._builder = InteractionBuilder(self.world, self.commands, self.ids)
        self.ledger = Ledger()
        self.faults = Faults()
        self.calls: list[str] = []
        self.requests: list[RecordedRequest] = []
        self.gate = StrictGate(self.desk)
        self.gate.enabled = strict
        self.limits = ChannelLimits(self.desk.now)
        self.inflight = 0
        self.progress = Progress()
        self.component_gate: ComponentGate | None = None
        self.handler_wait = 2.0
        self._mark = 0
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._saved: tuple[str, yarl.URL, str] | None = None

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on an ephemeral port and point discord.py's globals at it."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/ws", self.gateway.handle)
        RestApi(self).install(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = int(self._runner.addresses[0][1])
        gateway = discord.gateway.DiscordWebSocket
        self._saved = (discord.http.Route.BASE, gateway.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
        discord.http.Route.BASE = self.base_url + API
        gateway.DEFAULT_GATEWAY = yarl.URL(self.ws_url)
        discord.asset.Asset.BASE = self.base_url

    async def stop(self) -> None:
        """Close sockets, stop listening and restore discord.py's globals."""
        self.faults.drop_all()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._saved is not None:
            route, ws, asset = self._saved
            discord.http.Route.BASE = route
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = ws
            discord.asset.Asset.BASE = asset

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self._port}"

    @property
    def ws_url(self) -> str:
        """The gateway URL the bot connects (and resumes) to."""
        return f"ws://127.0.0.1:{self._port}/ws"

    async def api(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        """Call the fake's REST API directly, as a (misbehaving) bot would: (status, JSON)."""
        headers = {"Authorization": f"Bot {self.token}"}
        async with (
            aiohttp.ClientSession() as session,
            session.request(
                method, self.base_url + API + path, json=body, headers=headers
            ) as reply,
        ):
            data = await reply.json() if reply.content_type == "application/json" else None
            return reply.status, data

    # --- the world ----------------------------------------------------------------------

    @property
    def guild_id(self) -> int:
        """The one guild's id."""
        return self.world.guild_id

    @property
    def bot_user(self) -> FakeUser:
        """The bot's own user (its id is the application id)."""
        return self.world.bot_user

    def user(self, ref: UserRef) -> FakeUser:
        """A user by name (owner, alice, bob, carol, dave, or one a test added)."""
        return ref if isinstance(ref, FakeUser) else self.world.users_by_name(ref)

    def channel(self, ref: ChannelRef) -> FakeChannel:
        """A channel or thread by name (general, games, lounge, …) or id."""
        if isinstance(ref, FakeChannel):
            return ref
        if isinstance(ref, int):
            return self.world.get_channel(ref)
        return self.world.channel_by_name(ref)

    def dm_channel(self, user: UserRef) -> FakeChannel:
        """The DM channel between the bot and a user."""
        return self.world.open_dm(self.user(user).id)

    async def add_user(
        self,
        name: str,
        *,
        roles: Sequence[FakeRole] = (),
        permissions: int | None = None,
        refuse_dms: bool = False,
        in_guild: bool = True,
    ) -> FakeUser:
        """Create a user; `permissions` gives them a personal role with those bits."""
        all_roles = list(roles)
        if permissions is not None:
            all_roles.append(self.world.add_role(f"{name}-role", permissions))
        user = self.world.add_user(name, in_guild=in_guild, roles=all_roles, refuse_dms=refuse_dms)
        if in_guild and self.gateway.wants_members():
            member = self.world.member_payload(user)
            await self.gateway.dispatch(
                "GUILD_MEMBER_ADD", {**member, "guild_id": str(self.guild_id)}
            )
        return user

    async def add_channel(self, name: str) -> FakeChannel:
        """Create a text channel (announced to a connected bot)."""
        channel = self.world.add_channel(name)
        await self.gateway.dispatch_if_connected(
            "CHANNEL_CREATE", self.world.channel_payload(channel)
        )
        return channel

    async def add_thread(
        self, parent: ChannelRef, name: str, *, owner: UserRef, private: bool = False
    ) -> FakeChannel:
        """A user opens a thread in a text channel (announced to a connected bot)."""
        thread = self.world.add_thread(
            self.channel(parent), name, self.user(owner), private=private
        )
        data = {**self.world.channel_payload(thread), "newly_created": True}
        await self.gateway.dispatch_if_connected("THREAD_CREATE", data)
        return thread

    def refuse_dms(self, user: UserRef, refuse: bool = True) -> None:
        """Make DMs to this user fail with 403 code 50007 (or open them again)."""
        self.user(user).refuse_dms = refuse

    def lock_channel(self, channel: ChannelRef, locked: bool = True) -> None:
        """Make the bot's sends in this channel fail with 403 Missing Permissions."""
        self.channel(channel).bot_can_send = not locked

    def inject_fault(self, method: str, path: str, status: int = 500, **details: Any) -> Fault:
        """Make the next `method` request whose path matches the regex `path` fail (once).

        `performed=True`: the fake does the work, then answers the error (a 5xx on a post
        Discord did make); `lost=True`: the work is done and the reply is cut off;
        `proxied=False`: a 429 without Discord's Via header (discord.py gives up at once).
        """
        return self.faults.plan(Fault(method, path, status, **details))

    def stall(self, method: str, path: str) -> Stall:
        """Hold the next `method` request whose path (under /api/v10) matches the regex `path`
        at Discord, neither done nor answered, until `stall.release()` (or `stall.drop()`: never
        acted on, its connection closed unanswered); `await stall.reached.wait()` returns once
        it is held. The fake drops what it still holds when it stops."""
        return self.faults.stall(method, path)

    def limit_rates(self, limit: int = 5, per: float = 5.0) -> None:
        """Enforce Discord's per-channel limit on message sends and edits from now on: `limit`
        per window of `per` seconds of the fake's clock, with Discord's headers and 429s."""
        self.limits.enabled, self.limits.limit, self.limits.per = True, limit, per

    @property
    def rate_limited(self) -> list[str]:
        """Every write answered 429 (with the limits on), as 'METHOD path'."""
        return self.limits.limited

    @property
    def interaction_timeout(self) -> float:
        """Seconds a bot has for the first callback (Discord: 3)."""
        return self.desk.timeout

    @interaction_timeout.setter
    def interaction_timeout(self, seconds: float) -> None:
        """Shorten the callback limit so a test need not sleep 3 s."""
        self.desk.timeout = seconds

    def advance_clock(self, seconds: float) -> None:
        """Move the interactions' clock on, as if the bot had taken that long (nobody sleeps)."""
        self.desk.skew += seconds

    def registered_commands(self, *, guild: bool = False) -> list[dict[str, Any]]:
        """The commands the bot synced, globally or to the guild."""
        return self.commands.commands(self.guild_id if guild else None)

    # --- injecting user actions ---------------------------------------------------------

    async def slash(
        self,
        name: str,
        options: Mapping[str, object] | None = None,
        *,
        user: UserRef,
        channel: ChannelRef,
        check_permissions: bool = True,
        forged: bool = False,
    ) -> InjectedInteraction:
        """A user runs `/name [sub] option=value…` in a guild channel or their DM with the bot
        (`channel=fake.dm_channel(user)`; only global commands whose contexts allow DMs).

        `forged=True` is a modified client: option values need not be among the fixed choices
        and commands not offered in DMs can be sent there anyway.
        """
        who, where = self.user(user), self.channel(channel)
        payload = self._builder.command(
            APPLICATION_COMMAND,
            name,
            options or {},
            who,
            where,
            check_permissions=check_permissions,
            forged=forged,
        )
        return await self._inject(payload, who, where, name, None)

    async def autocomplete(
        self,
        name: str,
        options: Mapping[str, object],
        *,
        focused: str,
        user: UserRef,
        channel: ChannelRef,
        forged: bool = False,
    ) -> InjectedInteraction:
        """A user types into option `focused` of `/name`; the bot should answer choices."""
        who, where = self.user(user), self.channel(channel)
        payload = self._builder.command(
            AUTOCOMPLETE, name, options, who, where, focused=focused, forged=forged
        )
        return await self._inject(payload, who, where, name, None)

    async def choices(
        self,
        name: str,
        options: Mapping[str, object],
        *,
        focused: str,
        user: UserRef,
        channel: ChannelRef,
        timeout: float = 5.0,
    ) -> list[dict[str, Any]]:
        """Autocomplete and wait for the bot's choices."""
        it = await self.autocomplete(name, options, focused=focused, user=user, channel=channel)
        return await it.wait_choices(timeout)

    async def click(
        self,
        message: MessageRef,
        *,
        user: UserRef,
        label: str | None = None,
        custom_id: str | None = None,
        prefix: str | None = None,
        check_handler: bool = True,
    ) -> InjectedInteraction:
        """A user presses the button found by label, custom_id or custom_id prefix."""
        return await self._component(message, user, label, custom_id, prefix, None, check_handler)

    async def select(
        self,
        message: MessageRef,
        values: Sequence[object],
        *,
        user: UserRef,
        custom_id: str | None = None,
        prefix: str | None = None,
        check_handler: bool = True,
    ) -> InjectedInteraction:
        """A user picks options (by value or label) in a select menu."""
        if custom_id is None and prefix is None:
            snap = self.message(message if isinstance(message, int) else message.id)
            if len(snap.selects()) != 1:
                raise LookupError(f"message {snap.id} has {len(snap.selects())} selects; name one")
            custom_id = snap.selects()[0]["custom_id"]
        return await self._component(message, user, None, custom_id, prefix, values, check_handler)

    async def forge_component(
        self,
        message: MessageRef,
        custom_id: str,
        component_type: int,
        *,
        user: UserRef,
        values: Sequence[object] | None = None,
    ) -> InjectedInteraction:
        """What a modified client could send: any custom_id and component type on a message,
        e.g. a button press carrying a select menu's id (type 2 is a button, 3 a select)."""
        message_id = message if isinstance(message, int) else message.id
        stored = self.outbox.stored[message_id]
        snap = self.recorder.snapshot(stored)
        component = {"type": component_type, "custom_id": custom_id}
        who = self.user(user)
        payload = self._builder.component(stored, snap.payload, component, who, values, forged=True)
        return await self._inject(payload, who, stored.channel, custom_id, stored)

    async def _component(
        self,
        message: MessageRef,
        user: UserRef,
        label: str | None,
        custom_id: str | None,
        prefix: str | None,
        values: Sequence[object] | None,
        check_handler: bool,
    ) -> InjectedInteraction:
        """Build, gate and dispatch a component interaction on a stored message."""
        message_id = message if isinstance(message, int) else message.id
        stored = self.outbox.stored[message_id]
        snap = self.recorder.snapshot(stored)
        component = snap.component(label=label, custom_id=custom_id, prefix=prefix)
        if check_handler:
            await self._await_handler(message_id, component)
        who = self.user(user)
        payload = self._builder.component(stored, snap.payload, component, who, values)
        return await self._inject(payload, who, stored.channel, component.get("custom_id"), stored)

    async def _await_handler(self, message_id: int, component: dict[str, Any]) -> None:
        """Wait (up to `handler_wait` s) until the bot has a View or DynamicItem for it."""
        gate = self.component_gate
        if gate is None:
            return
        custom_id = str(component.get("custom_id"))
        try:
            await self.progress.until(
                lambda: gate(message_id, int(component["type"]), custom_id), self.handler_wait
            )
        except TimeoutError:
            raise LookupError(
                f"no View or DynamicItem in the bot handles custom_id {custom_id!r} on "
                f"message {message_id}; the click would be dropped (pass check_handler=False "
                f"to send it anyway)"
            ) from None

    async def _inject(
        self,
        payload: dict[str, Any],
        user: FakeUser,
        channel: FakeChannel,
        name: str | None,
        message: StoredMessage | None,
    ) -> InjectedInteraction:
        """Dispatch INTERACTION_CREATE and start the interaction's 3-second clock."""
        self.gateway.require_session()
        kind = int(payload["type"])
        it = InjectedInteraction(
            id=int(payload["id"]),
            token=str(payload["token"]),
            type=kind,
            user=user,
            channel=channel,
            payload=payload,
            name=name if kind != MESSAGE_COMPONENT else None,
            message=message,
            desk=self.desk,
        )
        self.desk.add(it)
        self._mark = it.since = self.recorder.seq
        it.dispatched_at = self.desk.now()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return it

    async def drop_connection(self) -> None:
        """Cut the bot's gateway socket as a network failure would; it should RESUME."""
        await self.gateway.drop()

    # --- what the bot sent --------------------------------------------------------------

    def messages(
        self,
        channel: ChannelRef | None = None,
        *,
        ephemeral: bool | None = None,
        include_deleted: bool = False,
    ) -> list[RecordedMessage]:
        """Current state of the bot's messages, oldest first (one channel, or all)."""
        channel_id = None if channel is None else self.channel(channel).id
        return self.recorder.messages(
            channel_id, ephemeral=ephemeral, include_deleted=include_deleted
        )

    def dms(self, user: UserRef) -> list[RecordedMessage]:
        """The bot's DMs to a user, oldest first."""
        who = self.user(user)
        channel = self.world.dm_channels.get(who.id)
        return [] if channel is None else self.recorder.messages(channel.id)

    def last(self, channel: ChannelRef) -> RecordedMessage:
        """The newest bot message in a channel."""
        found = self.messages(channel)
        if not found:
            raise LookupError(f"the bot has sent nothing to {channel!r}")
        return found[-1]

    def message(self, message_id: int) -> RecordedMessage:
        """Current state of one message."""
        return self.recorder.latest(message_id)

    def history(self, message_id: int) -> list[RecordedMessage]:
        """Every state of one message, oldest first."""
        return self.recorder.history(message_id)

    @property
    def events(self) -> list[MessageEvent]:
        """Every create/edit/delete, in order."""
        return self.recorder.events

    def mark(self) -> int:
        """The current event number, for `wait_for(since=...)`."""
        return self.recorder.seq

    async def wait_for(
        self,
        predicate: Predicate,
        *,
        timeout: float = 5.0,
        since: int | None = None,
        kinds: Iterable[EventKind] = ("create", "edit"),
        include_loading: bool = False,
    ) -> RecordedMessage:
        """First create/edit matching `predicate` after `since` (default: the last injection)."""
        event = await self.recorder.wait_for(
            predicate,
            timeout=timeout,
            since=self._mark if since is None else since,
            kinds=kinds,
            include_loading=include_loading,
        )
        return event.message

    # --- refusals and failures ----------------------------------------------------------

    @property
    def rejections(self) -> list[Rejection]:
        """Every request the fake refused, in order."""
        return self.ledger.rejections

    @property
    def failures(self) -> list[str]:
        """Failures found outside the fake (the bot's task died, it would not close…)."""
        return self.ledger.failures

    def note_rejection(self, method: str, path: str, error: FakeHTTPError) -> None:
        """Record a refusal; an unannounced rule breach fails every wait at once."""
        breach = self.ledger.note(method, path, error)
        if breach is not None:
            self.recorder.abort(FakeDiscordFailure(f"the fake refused a bot request: {breach}"))

    def expect_rejection(
        self, code: int, *, kind: RejectionKind | None = None, count: int = 1
    ) -> None:
        """Announce refusals a test provokes on purpose; they must then happen."""
        self.ledger.expect(code, kind, count)

    async def wait_rejection(self, code: int, *, timeout: float = 5.0) -> Rejection:
        """Wait until a refusal with this code has happened and return it."""
        return await self.ledger.wait(code, timeout)

    def fail(self, reason: str) -> None:
        """Record a failure found outside the fake (e.g. the bot's gateway task died)."""
        self.ledger.failures.append(reason)
        self.recorder.abort(FakeDiscordFailure(reason))

    def problems(self) -> list[str]:
        """Everything that should fail the test, one line each."""
        return self.ledger.problems() + self.desk.problems() + self.gateway.protocol_errors

    def take_problems(self) -> list[str]:
        """Return the current problems and forgive them (for tests that provoke failures)."""
        found = self.problems()
        self.ledger.forgive()
        self.gateway.protocol_errors.clear()
        for it in self.desk.by_id.values():
            it.unanswered_ok = True
        self.recorder.clear_abort()
        return found

    def check(self) -> None:
        """Raise if anything in `problems()` went wrong."""
        found = self.problems()
        if found:
            raise FakeDiscordFailure("fake Discord saw problems:\n  " + "\n  ".join(found))
