"""The fake's world: one guild, its roles, text channels, members and DM channels."""

from __future__ import annotations

import dataclasses
from typing import Any

from .errors import UNKNOWN_CHANNEL, UNKNOWN_USER, FakeHTTPError
from .ids import Snowflakes, iso_now

# Permission bits, as Discord numbers them.
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
MODERATOR_PERMISSIONS = MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS

GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

DEFAULT_CHANNELS = ("general", "games", "lounge")
DEFAULT_PLAYERS = ("alice", "bob", "carol", "dave")


@dataclasses.dataclass
class FakeRole:
    """A guild role: a name and a permission bit set."""

    id: int
    name: str
    permissions: int
    position: int
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        """Return the role as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclasses.dataclass
class FakeUser:
    """A Discord user; a guild member unless `in_guild` is false."""

    id: int
    name: str
    bot: bool = False
    in_guild: bool = True
    role_ids: list[int] = dataclasses.field(default_factory=list)
    refuse_dms: bool = False
    joined_at: str = dataclasses.field(default_factory=iso_now)
    locale: str = "en-US"  # the language of the user's Discord client (interaction.locale)

    @property
    def mention(self) -> str:
        """Return the mention text Discord renders as @name."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """Return the user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclasses.dataclass
class FakeChannel:
    """A guild text channel, a thread in one, or a DM channel with one recipient."""

    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    position: int = 0
    recipient_id: int | None = None
    bot_can_send: bool = True
    parent_id: int | None = None
    owner_id: int | None = None
    member_ids: list[int] = dataclasses.field(default_factory=list)
    archived: bool = False
    locked: bool = False
    created_at: str = dataclasses.field(default_factory=iso_now)

    @property
    def is_dm(self) -> bool:
        """Whether this is a private channel with one user."""
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        """Whether this is a thread inside a text channel."""
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        """Return the mention text Discord renders as #name."""
        return f"<#{self.id}>"


class World:
    """Everything the fake knows that is not a message: guild, roles, users, channels."""

    def __init__(self, ids: Snowflakes) -> None:
        """Build the default guild with three channels, an owner and four players."""
        self._ids = ids
        self.application_id = ids.next()
        self.guild_id = ids.next()
        self.guild_name = "Symposion Test Guild"
        self.guild_locale = "en-US"  # the server's preferred locale (Server Settings)
        self.attachment_size_limit = 10 * 1024 * 1024  # what interactions tell the bot (bytes)
        # More servers with the same members, roles and bot (sharding tests): id -> name.
        self.other_guilds: dict[int, str] = {}
        self.bot_user = FakeUser(self.application_id, "symposion", bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.roles: dict[int, FakeRole] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.denied: dict[int, int] = {}  # permission bits taken from a member in every channel
        self.everyone = self.add_role("@everyone", EVERYONE_PERMISSIONS, role_id=self.guild_id)
        self.moderator = self.add_role("Moderator", MODERATOR_PERMISSIONS)
        bot_role = self.add_role("Symposion", BOT_PERMISSIONS, managed=True)
        self.bot_user.role_ids.append(bot_role.id)
        self.owner = self.add_user("owner")
        for name in DEFAULT_CHANNELS:
            self.add_channel(name)
        for name in DEFAULT_PLAYERS:
            self.add_user(name)
        self.users_by_name("alice").role_ids.append(self.moderator.id)

    # --- building -----------------------------------------------------------------------

    def add_role(
        self, name: str, permissions: int, *, role_id: int | None = None, managed: bool = False
    ) -> FakeRole:
        """Create a role with the given permission bits."""
        role = FakeRole(role_id or self._ids.next(), name, permissions, len(self.roles), managed)
        self.roles[role.id] = role
        return role

    def add_user(
        self,
        name: str,
        *,
        in_guild: bool = True,
        roles: list[FakeRole] | None = None,
        refuse_dms: bool = False,
        bot: bool = False,
    ) -> FakeUser:
        """Create a user (a guild member unless `in_guild` is false)."""
        if any(u.name == name for u in self.users.values()):
            raise ValueError(f"a user named {name!r} already exists")
        user = FakeUser(self._ids.next(), name, bot=bot, in_guild=in_guild, refuse_dms=refuse_dms)
        user.role_ids.extend(r.id for r in roles or [])
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> int:
        """Another server with everyone in it; `shard` (id, count): an id on that shard."""
        guild_id = self._ids.next()
        while shard is not None and (guild_id >> 22) % shard[1] != shard[0]:
            guild_id += 1 << 22  # the next millisecond's id: the shard moves on by one
        self.other_guilds[guild_id] = name
        return guild_id

    @property
    def guild_ids(self) -> list[int]:
        """Every server the bot is in, the default one first."""
        return [self.guild_id, *self.other_guilds]

    def add_channel(self, name: str, *, guild_id: int | None = None) -> FakeChannel:
        """Create a guild text channel (in the default server unless `guild_id` says)."""
        guild = self.guild_id if guild_id is None else guild_id
        position = sum(
            1 for c in self.channels.values() if c.type == GUILD_TEXT and c.guild_id == guild
        )
        channel = FakeChannel(self._ids.next(), name, GUILD_TEXT, guild, position)
        self.channels[channel.id] = channel
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        owner: FakeUser,
        *,
        private: bool = False,
        thread_id: int | None = None,
    ) -> FakeChannel:
        """Create a thread in a text channel (a message's thread shares the message's id)."""
        if parent.type != GUILD_TEXT:
            raise FakeHTTPError(400, 50024, "Cannot execute action on this channel type")
        kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        thread = FakeChannel(thread_id or self._ids.next(), name, kind, parent.guild_id)
        thread.parent_id, thread.owner_id, thread.member_ids = parent.id, owner.id, [owner.id]
        self.channels[thread.id] = thread
        return thread

    def open_dm(self, user_id: int) -> FakeChannel:
        """Return the DM channel with a user, creating it on first use."""
        user = self.get_user(user_id)
        if user_id not in self.dm_channels:
            channel = FakeChannel(self._ids.next(), "", DM, None, 0, recipient_id=user.id)
            self.dm_channels[user_id] = channel
            self.channels[channel.id] = channel
        return self.dm_channels[user_id]

    # --- lookups ------------------------------------------------------------------------

    def users_by_name(self, name: str) -> FakeUser:
        """Return the user with this name."""
        for user in self.users.values():
            if user.name == name:
                return user
        raise KeyError(
            f"no user named {name!r}; known: {sorted(u.name for u in self.users.values())}"
        )

    def channel_by_name(self, name: str) -> FakeChannel:
        """Return the guild channel with this name."""
        for channel in self.channels.values():
            if channel.name == name and not channel.is_dm:
                return channel
        raise KeyError(f"no channel named {name!r}")

    def get_user(self, user_id: int) -> FakeUser:
        """Return a user or answer 404 Unknown User."""
        try:
            return self.users[user_id]
        except KeyError:
            raise FakeHTTPError(404, UNKNOWN_USER, "Unknown User", kind="not-found") from None

    def get_channel(self, channel_id: int) -> FakeChannel:
        """Return a channel or answer 404 Unknown Channel."""
        try:
            return self.channels[channel_id]
        except KeyError:
            raise FakeHTTPError(404, UNKNOWN_CHANNEL, "Unknown Channel", kind="not-found") from None

    def members(self) -> list[FakeUser]:
        """Return every guild member, the bot included."""
        return [u for u in self.users.values() if u.in_guild]

    def permissions(self, user: FakeUser) -> int:
        """Return a member's guild permissions (no channel overwrites exist here)."""
        if user.id == self.owner.id:
            return ALL_PERMISSIONS
        bits = self.everyone.permissions
        for role_id in user.role_ids:
            bits |= self.roles[role_id].permissions
        bits &= ~self.denied.get(user.id, 0)
        return ALL_PERMISSIONS if bits & ADMINISTRATOR else bits

    def may(self, user: FakeUser, permission: int) -> bool:
        """Whether a member holds a permission bit."""
        return bool(self.permissions(user) & permission)

    # --- payloads -----------------------------------------------------------------------

    def member_payload(self, user: FakeUser, *, with_permissions: bool = False) -> dict[str, Any]:
        """Return a guild member object; interactions also carry its permissions."""
        data: dict[str, Any] = {
            "user": user.payload(),
            "roles": [str(r) for r in user.role_ids],
            "joined_at": user.joined_at,
            "nick": None,
            "avatar": None,
            "banner": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions(user))
        return data

    def channel_payload(
        self, channel: FakeChannel, viewer: FakeUser | None = None
    ) -> dict[str, Any]:
        """Return a channel object; with a viewer it carries that viewer's permissions."""
        if channel.is_dm:
            assert channel.recipient_id is not None
            recipient = self.users[channel.recipient_id]
            return {
                "id": str(channel.id),
                "type": DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [recipient.payload()],
            }
        if channel.is_thread:
            data = self.thread_payload(channel)
        else:
            data = self.text_channel_payload(channel)
        if viewer is not None:
            data["permissions"] = str(self.permissions(viewer))
        return data

    def text_channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        """A guild text channel object."""
        return {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": channel.position,
            "permission_overwrites": [],
            "nsfw": False,
            "topic": None,
            "parent_id": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def thread_payload(self, thread: FakeChannel) -> dict[str, Any]:
        """A thread channel object with its metadata."""
        return {
            "id": str(thread.id),
            "type": thread.type,
            "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id),
            "owner_id": str(thread.owner_id),
            "name": thread.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": len(thread.member_ids),
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": thread.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": thread.created_at,
                "locked": thread.locked,
                "invitable": True,
                "create_timestamp": thread.created_at,
            },
        }

    def _roles_payload(self, guild_id: int) -> list[dict[str, Any]]:
        """The roles as a server lists them: its own @everyone (the server's id), then the rest."""
        roles = [r.payload() for r in self.roles.values()]
        if guild_id != self.guild_id:
            roles[0]["id"] = str(guild_id)
        return roles

    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        """Return the full guild (the default one unless `guild_id` says) as GUILD_CREATE has it."""
        guild = self.guild_id if guild_id is None else guild_id
        members = self.members()
        mine = [c for c in self.channels.values() if c.guild_id == guild]
        return {
            "id": str(guild),
            "name": self.other_guilds.get(guild, self.guild_name),
            "icon": None,
            "owner_id": str(self.owner.id),
            "roles": self._roles_payload(guild),
            "channels": [self.channel_payload(c) for c in mine if c.type == GUILD_TEXT],
            "members": [self.member_payload(u) for u in members],
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "joined_at": self.bot_user.joined_at,
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": [self.thread_payload(c) for c in mine if c.is_thread],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "preferred_locale": self.guild_locale,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
        }

    def application_payload(self) -> dict[str, Any]:
        """Return the application as GET /oauth2/applications/@me answers it."""
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "bot": self.bot_user.payload(),
        }
