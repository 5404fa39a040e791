"""The REST API under /api/v10: the endpoints discord.py uses, and a trap for all others."""

from __future__ import annotations

import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import (
    CANNOT_DM,
    MISSING_PERMISSIONS,
    THREAD_ARCHIVED,
    UNKNOWN_ENDPOINT,
    UNKNOWN_USER,
    FakeHTTPError,
    invalid,
)
from .http_io import json_response, no_content, read_body
from .store import StoredMessage
from .strict import RecordedRequest
from .world import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    GUILD_TEXT,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    FakeChannel,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
NO_AUTH_PREFIXES = (f"{API}/interactions/", f"{API}/webhooks/")


class RestApi:
    """Route handlers bound to one fake; every refusal is recorded on the fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        """Serve this fake's world, messages, commands and interactions."""
        self.fake = fake
        self._nonces: dict[tuple[int, str], StoredMessage] = {}

    def install(self, app: web.Application) -> None:
        """Register every known route, then the catch-all for unknown endpoints."""
        app.middlewares.append(self.middleware)
        add = app.router.add_route
        for method, path, handler in self._routes():
            add(method, API + path, handler)
        add("GET", "/attachments/{channel}/{attachment}/{filename}", self.attachment)
        add("*", "/{tail:.*}", self.unknown)

    def _routes(self) -> list[tuple[str, str, Handler]]:
        """The table of (method, path, handler) the fake knows."""
        app, guild = "/applications/{app}", "/applications/{app}/guilds/{guild}"
        hook = "/webhooks/{app}/{token}"
        return [
            ("GET", "/users/@me", self.me),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/gateway", self.gateway_url),
            ("GET", "/gateway/bot", self.gateway_url),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/users/{user}", self.get_user),
            ("GET", "/channels/{channel}", self.get_channel),
            ("PATCH", "/channels/{channel}", self.edit_channel),
            ("POST", "/channels/{channel}/threads", self.start_thread),
            ("POST", "/channels/{channel}/messages/{message}/threads", self.start_thread),
            ("PUT", "/channels/{channel}/thread-members/{user}", self.thread_member),
            ("DELETE", "/channels/{channel}/thread-members/{user}", self.thread_member),
            ("POST", "/channels/{channel}/typing", self.typing),
            ("GET", "/channels/{channel}/messages", self.history),
            ("POST", "/channels/{channel}/messages", self.create_message),
            ("GET", "/channels/{channel}/messages/{message}", self.get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self.edit_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self.delete_message),
            ("GET", "/guilds/{guild}", self.get_guild),
            ("GET", "/guilds/{guild}/channels", self.guild_channels),
            ("GET", "/guilds/{guild}/roles", self.guild_roles),
            ("GET", "/guilds/{guild}/members/{user}", self.get_member),
            ("GET", app + "/commands", self.list_commands),
            ("PUT", app + "/commands", self.overwrite_commands),
            ("POST", app + "/commands", self.upsert_command),
            ("GET", app + "/commands/{command}", self.get_command),
            ("PATCH", app + "/commands/{command}", self.edit_command),
            ("DELETE", app + "/commands/{command}", self.delete_command),
            ("GET", guild + "/commands", self.list_commands),
            ("PUT", guild + "/commands", self.overwrite_commands),
            ("POST", guild + "/commands", self.upsert_command),
            ("GET", guild + "/commands/{command}", self.get_command),
            ("PATCH", guild + "/commands/{command}", self.edit_command),
            ("DELETE", guild + "/commands/{command}", self.delete_command),
            ("POST", "/interactions/{interaction}/{token}/callback", self.callback),
            ("POST", hook, self.followup),
            ("GET", hook + "/messages/{message}", self.get_webhook_message),
            ("PATCH", hook + "/messages/{message}", self.edit_webhook_message),
            ("DELETE", hook + "/messages/{message}", self.delete_webhook_message),
        ]

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Check the token, turn refusals into Discord errors, and never answer 5xx."""
        if request.path == "/ws":
            return await handler(request)
        fake = self.fake
        fake.calls.append(f"{request.method} {request.path}")
        fake.inflight += 1
        try:
            self._check_auth(request)
            limits: dict[str, str] = {}
            if request.path.startswith(API):
                await self._record_and_check(request)
                limits = fake.limits.take(request.method, request.path[len(API) :])
            if not await fake.faults.hold(request.method, request.path):
                if request.transport is not None:
                    request.transport.close()  # dropped: never acted on, never answered
                return web.Response(status=204)
            fault = fake.faults.take(request.method, request.path)
            if fault is None:
                answer = await handler(request)
                answer.headers.update(limits)
                return answer
            if fault.performed or fault.lost:
                await handler(request)
            if fault.lost and request.transport is not None:
                request.transport.close()  # the work is done; the answer never arrives
            answer = json_response(fault.body(), fault.status)
            answer.headers.update(fault.headers())
            return answer
        except FakeHTTPError as exc:
            fake.note_rejection(request.method, request.path, exc)
            refusal = json_response(exc.body(), exc.status)
            refusal.headers.update(exc.headers)
            return refusal
        except web.HTTPException:
            raise
        except Exception:  # a bug in the fake must fail the test, not make discord.py retry
            error = FakeHTTPError(400, 0, traceback.format_exc(limit=6), kind="internal")
            fake.note_rejection(request.method, request.path, error)
            return json_response(error.body(), 400)
        finally:
            fake.inflight -= 1
            fake.progress.pulse()

    async def _record_and_check(self, request: web.Request) -> None:
        """Keep the request for tests, then refuse it if Discord would (the strict gate)."""
        body, uploads = await read_body(request)
        path, query = request.path[len(API) :], dict(request.query)
        sizes = tuple(len(u.data) for u in uploads)
        self.fake.requests.append(RecordedRequest(request.method, path, query, body, sizes))
        self.fake.gate.check(request.method, path, query, body, uploads)

    def _check_auth(self, request: web.Request) -> None:
        """Bot endpoints need `Authorization: Bot <token>`; webhook ones need none."""
        if not request.path.startswith(API) or request.path.startswith(NO_AUTH_PREFIXES):
            return
        if request.headers.get("Authorization") != f"Bot {self.fake.token}":
            raise FakeHTTPError(401, 0, "401: Unauthorized")

    # --- session ------------------------------------------------------------------------

    async def me(self, request: web.Request) -> web.Response:
        """GET /users/@me: the bot's own user."""
        user = self.fake.world.bot_user.payload()
        return json_response({**user, "verified": True, "mfa_enabled": False, "flags": 0})

    async def application(self, request: web.Request) -> web.Response:
        """GET /oauth2/applications/@me: the application behind the bot."""
        return json_response(self.fake.world.application_payload())

    async def gateway_url(self, request: web.Request) -> web.Response:
        """GET /gateway[/bot]: where to connect (only AutoShardedBot asks)."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.fake.gateway.recommended_shards
        return json_response(
            {"url": self.fake.ws_url, "shards": shards, "session_start_limit": limit}
        )

    # --- users, channels, guild ---------------------------------------------------------

    async def open_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels: the DM channel with a user (refusals come at send time)."""
        body, _ = await read_body(request)
        user_id = int((body or {}).get("recipient_id", 0))
        if user_id not in self.fake.world.users:
            raise FakeHTTPError(400, 50033, "Invalid Recipient(s)", kind="not-found")
        channel = self.fake.world.open_dm(user_id)
        return json_response(self.fake.world.channel_payload(channel))

    async def get_user(self, request: web.Request) -> web.Response:
        """GET /users/{id}."""
        return json_response(self.fake.world.get_user(_id(request, "user")).payload())

    async def get_channel(self, request: web.Request) -> web.Response:
        """GET /channels/{id}."""
        channel = self.fake.world.get_channel(_id(request, "channel"))
        return json_response(self.fake.world.channel_payload(channel))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}: rename; archive or lock a thread."""
        world = self.fake.world
        channel = world.get_channel(_id(request, "channel"))
        body = _object((await read_body(request))[0])
        if channel.is_thread and channel.owner_id != world.bot_user.id:
            _require(world.may(world.bot_user, MANAGE_THREADS))
        channel.name = str(body.get("name", channel.name))
        if channel.is_thread:
            channel.archived = bool(body.get("archived", channel.archived))
            channel.locked = bool(body.get("locked", channel.locked))
        data = world.channel_payload(channel)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.fake.gateway.dispatch_if_connected(event, data)
        return json_response(data)

    async def start_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{id}[/messages/{id}]/threads: a thread the bot starts."""
        world = self.fake.world
        parent = world.get_channel(_id(request, "channel"))
        body = _object((await read_body(request))[0])
        thread_id = None
        if "message" in request.match_info:
            thread_id = self.fake.outbox.in_channel(parent.id, _id(request, "message")).id
        private = int(body.get("type") or PUBLIC_THREAD) == PRIVATE_THREAD
        _require(
            world.may(world.bot_user, CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS)
        )
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid("thread name must be 1-100 characters", "name")
        thread = world.add_thread(
            parent, name, world.bot_user, private=private, thread_id=thread_id
        )
        data = world.channel_payload(thread)
        await self.fake.gateway.dispatch_if_connected(
            "THREAD_CREATE", {**data, "newly_created": True}
        )
        return json_response(data, 201)

    async def thread_member(self, request: web.Request) -> web.Response:
        """PUT/DELETE /channels/{thread}/thread-members/{user or @me}."""
        world = self.fake.world
        thread = world.get_channel(_id(request, "channel"))
        if not thread.is_thread:
            raise FakeHTTPError(400, 50024, "Cannot execute action on this channel type")
        ref = request.match_info["user"]
        user = world.bot_user if ref == "@me" else world.get_user(_id(request, "user"))
        if request.method == "PUT" and user.id not in thread.member_ids:
            thread.member_ids.append(user.id)
        elif request.method == "DELETE" and user.id in thread.member_ids:
            thread.member_ids.remove(user.id)
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/typing."""
        self.fake.world.get_channel(_id(request, "channel"))
        return no_content()

    def _guild(self, request: web.Request) -> int:
        """The addressed guild; refuse any the bot is not in."""
        guild_id = _id(request, "guild")
        if guild_id not in self.fake.world.guild_ids:
            raise FakeHTTPError(404, 10004, "Unknown Guild", kind="not-found")
        return guild_id

    async def get_guild(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}."""
        data = self.fake.world.guild_payload(self._guild(request))
        data.pop("members")
        data.pop("channels")
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/channels."""
        self._guild(request)
        world = self.fake.world
        return json_response(
            [world.channel_payload(c) for c in world.channels.values() if c.type == GUILD_TEXT]
        )

    async def guild_roles(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/roles."""
        self._guild(request)
        return json_response([r.payload() for r in self.fake.world.roles.values()])

    async def get_member(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/members/{user}."""
        self._guild(request)
        user = self.fake.world.get_user(_id(request, "user"))
        if not user.in_guild:
            raise FakeHTTPError(404, 10007, "Unknown Member", kind="not-found")
        return json_response(self.fake.world.member_payload(user))

    # --- channel messages ---------------------------------------------------------------

    async def create_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages: refused for closed DMs (50007) and locked channels."""
        world = self.fake.world
        channel = world.get_channel(_id(request, "channel"))
        if channel.is_dm and channel.recipient_id is not None:
            if world.users[channel.recipient_id].refuse_dms:
                raise FakeHTTPError(
                    403, CANNOT_DM, "Cannot send messages to this user", kind="refused"
                )
        elif not channel.bot_can_send:
            raise FakeHTTPError(403, MISSING_PERMISSIONS, "Missing Permissions", kind="refused")
        elif channel.is_thread:
            await self._speak_in_thread(channel)
        raw, uploads = await read_body(request)
        body = _object(raw)
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        known = self._nonces.get((channel.id, str(nonce))) if nonce else None
        if known is not None:  # Discord: the same nonce again returns the message it made
            return json_response(self.fake.outbox.payload(known))
        message = await self.fake.outbox.create(channel, body, uploads)
        if nonce:
            self._nonces[(channel.id, str(nonce))] = message
        return json_response(self.fake.outbox.payload(message))

    async def _speak_in_thread(self, thread: FakeChannel) -> None:
        """Discord: a message in an archived thread unarchives it, unless it is locked (then
        only members who may manage threads can); speaking in threads is its own permission."""
        world = self.fake.world
        _require(world.may(world.bot_user, SEND_MESSAGES_IN_THREADS))
        if not thread.archived:
            return
        if thread.locked and not world.may(world.bot_user, MANAGE_THREADS):
            raise _archived()
        thread.archived = False
        await self.fake.gateway.dispatch_if_connected("THREAD_UPDATE", world.thread_payload(thread))

    async def get_message(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages/{id}."""
        message = self.fake.outbox.in_channel(_id(request, "channel"), _id(request, "message"))
        return json_response(self.fake.outbox.payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}/messages/{id}."""
        message = self.fake.outbox.in_channel(_id(request, "channel"), _id(request, "message"))
        if self.fake.world.get_channel(_id(request, "channel")).archived:
            raise _archived()  # Discord: an archived thread's messages cannot be edited
        body, uploads = await read_body(request)
        await self.fake.outbox.edit(message, _object(body), uploads, cause=None)
        return json_response(self.fake.outbox.payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}/messages/{id}."""
        message = self.fake.outbox.in_channel(_id(request, "channel"), _id(request, "message"))
        await self.fake.outbox.delete(message)
        return no_content()

    async def history(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages: newest first, honouring limit/before/after."""
        channel_id = _id(request, "channel")
        self.fake.world.get_channel(channel_id)
        query = request.query
        found = self.fake.outbox.channel_history(channel_id)
        if "before" in query:
            found = [m for m in found if m.id < int(query["before"])]
        if "after" in query:
            found = [m for m in found if m.id > int(query["after"])]
        found = found[: int(query.get("limit", 50))]
        return json_response([self.fake.outbox.payload(m) for m in found])

    async def attachment(self, request: web.Request) -> web.Response:
        """GET an uploaded file back (the CDN)."""
        wanted = int(request.match_info["attachment"])
        for message in self.fake.outbox.stored.values():
            for item in message.attachments:
                if item.id == wanted:
                    return web.Response(body=item.data, content_type=item.content_type)
        raise FakeHTTPError(404, 0, "404: Not Found", kind="not-found")

    # --- application commands -----------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        """The guild a command route addresses (None = global); checks the application id."""
        if _id(request, "app") != self.fake.world.application_id:
            raise FakeHTTPError(403, 50001, "Missing Access")
        if "guild" not in request.match_info:
            return None
        if _id(request, "guild") not in self.fake.world.guild_ids:
            raise FakeHTTPError(403, 50001, "Missing Access")
        return _id(request, "guild")

    async def list_commands(self, request: web.Request) -> web.Response:
        """GET the registered commands of a scope."""
        return json_response(self.fake.commands.commands(self._scope(request)))

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        """PUT: bulk overwrite (what CommandTree.sync does)."""
        scope = self._scope(request)
        body, _ = await read_body(request)
        if not isinstance(body, list):
            raise invalid("expected a list of commands")
        return json_response(self.fake.commands.bulk_overwrite(body, scope))

    async def upsert_command(self, request: web.Request) -> web.Response:
        """POST one command."""
        scope = self._scope(request)
        body, _ = await read_body(request)
        return json_response(self.fake.commands.upsert(_object(body), scope), 201)

    async def get_command(self, request: web.Request) -> web.Response:
        """GET one command."""
        scope = self._scope(request)
        return json_response(self.fake.commands.get(_id(request, "command"), scope))

    async def edit_command(self, request: web.Request) -> web.Response:
        """PATCH one command."""
        scope = self._scope(request)
        body, _ = await read_body(request)
        return json_response(self.fake.commands.edit(_id(request, "command"), _object(body), scope))

    async def delete_command(self, request: web.Request) -> web.Response:
        """DELETE one command."""
        self.fake.commands.delete(_id(request, "command"), self._scope(request))
        return no_content()

    # --- interactions -------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback."""
        body, uploads = await read_body(request)
        answer = await self.fake.desk.callback(
            _id(request, "interaction"), request.match_info["token"], _object(body), uploads
        )
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(answer)
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a followup message."""
        body, uploads = await read_body(request)
        desk = self.fake.desk
        message = await desk.followup(
            _id(request, "app"), request.match_info["token"], _object(body), uploads
        )
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message)
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        """GET /webhooks/{app}/{token}/messages/{id or @original}."""
        info = request.match_info
        data = await self.fake.desk.get_message(_id(request, "app"), info["token"], info["message"])
        return json_response(data)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        """PATCH /webhooks/{app}/{token}/messages/{id or @original}."""
        info = request.match_info
        body, uploads = await read_body(request)
        data = await self.fake.desk.edit_message(
            _id(request, "app"), info["token"], info["message"], _object(body), uploads
        )
        return json_response(data)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        """DELETE /webhooks/{app}/{token}/messages/{id or @original}."""
        info = request.match_info
        await self.fake.desk.delete_message(_id(request, "app"), info["token"], info["message"])
        return no_content()

    async def unknown(self, request: web.Request) -> web.Response:
        """Anything else: 404, recorded so the test fails and names the endpoint."""
        raise FakeHTTPError(404, UNKNOWN_ENDPOINT, "404: Not Found", kind="unknown-endpoint")


def _require(allowed: bool) -> None:
    """Refuse with Discord's 50013 unless the bot holds the permission."""
    if not allowed:
        raise FakeHTTPError(403, MISSING_PERMISSIONS, "Missing Permissions", kind="refused")


def _archived() -> FakeHTTPError:
    """Discord's refusal to change anything in an archived thread."""
    return FakeHTTPError(400, THREAD_ARCHIVED, "Thread is archived", kind="refused")


def _id(request: web.Request, key: str) -> int:
    """A snowflake from the URL, or 404 if it is not a number."""
    try:
        return int(request.match_info[key])
    except ValueError:
        raise FakeHTTPError(404, UNKNOWN_USER if key == "user" else 0, f"bad {key} id") from None


def _object(body: Any) -> dict[str, Any]:
    """Require a JSON object body."""
    if not isinstance(body, dict):
        raise invalid("expected a JSON object body")
    return body
