"""The gateway websocket: HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME, dispatches."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import WSMsgType, web

from .world import FakeChannel, World

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, MEMBERS = 0, 1, 2, 3, 4, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250
GUILD_MEMBERS_INTENT = 1 << 1
GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12
AUTHENTICATION_FAILED = 4004
INVALID_SHARD = 4010


def _shard(raw: object) -> tuple[int, int] | None:
    """IDENTIFY's optional shard field [shard_id, num_shards], checked as Discord does."""
    if raw is None:
        return (0, 1)
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(n, int) for n in raw):
        return None
    shard_id, count = raw
    return (shard_id, count) if 0 <= shard_id < count else None


@dataclasses.dataclass(eq=False)
class Session:
    """One identified gateway session; it outlives a dropped socket so RESUME can pick it up."""

    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)  # IDENTIFY's [shard_id, shard_count]; unsharded is 0 of 1
    seq: int = 0
    sent: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    lock: asyncio.Lock = dataclasses.field(default_factory=asyncio.Lock)

    async def send(self, frame: dict[str, Any]) -> None:
        """Send one frame as plain JSON text, if the socket is open."""
        async with self.lock:
            if self.socket is None or self.socket.closed:
                return
            try:
                await self.socket.send_str(json.dumps(frame))
            except (ConnectionResetError, RuntimeError):
                self.socket = None  # kept in `sent`; a RESUME replays it

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Number and keep a dispatch (for RESUME) and send it if connected."""
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(frame)
        await self.send(frame)


class Gateway:
    """Serves the websocket the bot connects to; events go to the newest session."""

    def __init__(self, world: World, token: str, url: Callable[[], str]) -> None:
        """Know the world to describe in READY; `url` gives the resume URL."""
        self._world = world
        self._token = token
        self._url = url
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        # Sharded bots: the newest session of each shard id; events go to their guild's shard.
        self.by_shard: dict[int, Session] = {}
        self.recommended_shards = 1  # what GET /gateway/bot answers
        self.sockets: set[web.WebSocketResponse] = set()
        self.identified = asyncio.Event()
        self.resumed = asyncio.Event()
        self.protocol_errors: list[str] = []

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Run one websocket connection from HELLO to close."""
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        self.sockets.add(socket)
        hello = {
            "op": HELLO,
            "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS},
            "s": None,
            "t": None,
        }
        await socket.send_str(json.dumps(hello))
        session: Session | None = None
        try:
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    continue
                session = await self._receive(socket, session, json.loads(frame.data))
        finally:
            self.sockets.discard(socket)
            if session is not None and session.socket is socket:
                session.socket = None
        return socket

    async def _receive(
        self, socket: web.WebSocketResponse, session: Session | None, message: dict[str, Any]
    ) -> Session | None:
        """Answer one client frame; return the session this socket now serves."""
        op = message.get("op")
        raw = message.get("d")
        data: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if op == HEARTBEAT:
            await socket.send_str(
                json.dumps({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            )
        elif op == IDENTIFY:
            return await self._identify(socket, data)
        elif op == RESUME:
            return await self._resume(socket, data)
        elif op == MEMBERS and session is not None:
            await self._members_chunk(session, data)
        elif op not in (PRESENCE, VOICE):
            self.protocol_errors.append(f"unexpected gateway op {op}: {message}")
        return session

    async def _identify(
        self, socket: web.WebSocketResponse, data: dict[str, Any]
    ) -> Session | None:
        """Start a new session: READY with unavailable guilds, then the full GUILD_CREATE."""
        if data.get("token") != self._token:
            await socket.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        shard = _shard(data.get("shard"))
        if shard is None:
            self.protocol_errors.append(f"IDENTIFY with a malformed shard: {data.get('shard')!r}")
            await socket.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        session = Session(
            secrets.token_hex(16), int(data.get("intents") or 0), shard=shard, socket=socket
        )
        self.sessions[session.id] = session
        self.current = session
        self.by_shard[shard[0]] = session
        world = self._world
        guilds = [g for g in world.guild_ids if (g >> 22) % shard[1] == shard[0]]
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**world.bot_user.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "shard": list(shard),
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self._url(),
                "application": {"id": str(world.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "_trace": ["fake-discord"],
            },
        )
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", world.guild_payload(guild))
        self.identified.set()
        return session

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        """Replay what a dropped session missed, then RESUMED; unknown sessions must re-identify."""
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self._token:
            await socket.send_str(
                json.dumps({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            )
            return None
        session.socket = socket
        seq = int(data.get("seq") or 0)
        for frame in session.sent[seq:]:
            await session.send(frame)
        await session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self.resumed.set()
        return session

    async def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        """Answer REQUEST_GUILD_MEMBERS with every member in one chunk."""
        world = self._world
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [u for u in world.members() if not wanted or u.id in wanted]
        chunk: dict[str, Any] = {
            "guild_id": str(world.guild_id),
            "members": [world.member_payload(u) for u in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # --- used by the fake ---------------------------------------------------------------

    def require_session(self) -> Session:
        """The session events go to; a test cannot inject before a bot has connected."""
        if self.current is None:
            raise RuntimeError("no bot has connected to the fake gateway yet")
        return self.current

    def session_for(self, data: dict[str, Any]) -> Session | None:
        """Whose event this is: Discord's rule, shard (guild_id >> 22) % count, DMs shard 0."""
        if self.current is None or self.current.shard[1] == 1:
            return self.current
        guild = data.get("guild_id")
        shard = 0 if guild is None else (int(guild) >> 22) % self.current.shard[1]
        return self.by_shard.get(shard)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to its shard's bot session (kept for RESUME if its socket is down)."""
        self.require_session()
        session = self.session_for(data)
        if session is None:
            raise RuntimeError(f"no bot serves the shard of {event} {data.get('guild_id')}")
        await session.dispatch(event, data)

    async def dispatch_if_connected(self, event: str, data: dict[str, Any]) -> None:
        """Send an event if a bot session exists (world changes before login need none)."""
        session = self.session_for(data)
        if session is not None:
            await session.dispatch(event, data)

    async def echo_message(self, event: str, data: dict[str, Any], channel: FakeChannel) -> None:
        """Echo a bot message event if the session's intents ask for it."""
        session = self.session_for(data)
        if session is None:
            return
        needed = DIRECT_MESSAGES_INTENT if channel.is_dm else GUILD_MESSAGES_INTENT
        if session.intents & needed:
            await session.dispatch(event, data)

    def wants_members(self) -> bool:
        """Whether the current session asked for member events."""
        return self.current is not None and bool(self.current.intents & GUILD_MEMBERS_INTENT)

    def forget_current(self, shard_ids: Iterable[int] | None = None) -> None:
        """The bot closed for good: injecting now must fail instead of queueing for RESUME.

        With `shard_ids` only that process's shards go; the other shard processes stay.
        """
        for shard in list(self.by_shard) if shard_ids is None else shard_ids:
            self.by_shard.pop(shard, None)
        self.current = next(reversed(self.by_shard.values()), None) if shard_ids else None

    async def drop(self, code: int = 4000) -> None:
        """Close the current socket as a network failure would; the bot should RESUME."""
        session = self.require_session()
        self.resumed.clear()
        if session.socket is not None:
            socket, session.socket = session.socket, None
            await socket.close(code=code, message=b"dropped by test")

    async def close_all(self) -> None:
        """Close every socket (server shutdown)."""
        for socket in list(self.sockets):
            await socket.close(code=1001, message=b"fake discord stopping")
