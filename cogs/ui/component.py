"""The one shape of our buttons and menus: a DynamicItem built from its id's declared fields.

A component names its item and its id's fields in its class line,
`class HandButton(Component[Button[Any], HandId], scheme=HAND)`, makes its look (`button`,
`menu`) and says what a click does (`act`). The template discord.py matches, the custom_id and
the click's id read once into typed fields (`self.key`) all come from the scheme (cogs.ui.ids).
Every error of a click goes to the one error handler. discord.py drops a click whose item
cannot be built (and logs the error), so an id no component of ours could carry still builds an
item; it only refuses when clicked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, cast, get_args, get_origin

import discord
from discord import ButtonStyle, SelectOption
from discord.ui import Button, DynamicItem, Item, Select

from cogs.ui.host import host_of
from cogs.ui.ids import BadComponent, IdScheme, ours
from cogs.ui.replies import PLACEHOLDER, TurnedAway, clip, report

if TYPE_CHECKING:
    from cogs.ui.table import Table

NEVER = r"(?!)"  # the shared base's template: it is never registered, so it matches nothing
ItemT = TypeVar("ItemT", bound=Item[Any])
Key = TypeVar("Key")


class Component(DynamicItem[ItemT], Generic[ItemT, Key], template=NEVER):
    """A button or menu of ours: its id's fields typed in `key`, one error path for clicks."""

    scheme: ClassVar[IdScheme[Any]]
    kind: ClassVar[type[Item[Any]]]  # Button or Select: what a clicked item must be
    refusal: BadComponent | None = None

    def __init_subclass__(cls, *, scheme: IdScheme[Any]) -> None:
        super().__init_subclass__(template=scheme.template)
        cls.scheme, cls.kind = scheme, _item_kind(cls)

    def __init__(self, key: Key, item: ItemT) -> None:
        super().__init__(item)
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Item[Any], match: re.Match[str], /
    ) -> Self:
        """discord.py's hook: the id read once into typed fields, or a component that refuses
        when clicked (a number out of range, or a forged id putting a menu where a button
        belongs)."""
        try:
            if not isinstance(item, cls.kind):
                raise BadComponent()
            return cls(cls.scheme.parse(match), cast("ItemT", item))
        except BadComponent as refusal:
            refused = cls.__new__(cls)
            DynamicItem.__init__(refused, item)
            refused.refusal = refusal
            return refused

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the click's work; refusals and failures go to the one error handler."""
        try:
            host = host_of(interaction)
            if host.stopping:
                raise TurnedAway()
            if self.refusal is not None:
                raise self.refusal
            await self.act(interaction, host.table)
        except Exception as error:
            await report(interaction, error)

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """What a click does; each component says."""
        raise NotImplementedError


def _item_kind(component: type[Component[Any, Any]]) -> type[Item[Any]]:
    """Button or Select: the item type a component class gave its base in its class line."""
    for base in getattr(component, "__orig_bases__", ()):
        origin = get_origin(base)
        if isinstance(origin, type) and issubclass(origin, Component):
            item = get_args(base)[0]
            kind = get_origin(item) or item
            if isinstance(kind, type) and issubclass(kind, Item):
                return kind
    raise TypeError(f"{component.__name__}: say its item, e.g. Component[Button[Any], HandId]")


ButtonT = TypeVar("ButtonT", bound=Component[Button[Any], Any])
SelectT = TypeVar("SelectT", bound=Component[Select[Any], Any])


def button(
    component: type[ButtonT],
    key: object,
    label: str,
    style: ButtonStyle = ButtonStyle.secondary,
    *,
    disabled: bool = False,
) -> ButtonT:
    """A button component carrying `key` in its custom_id."""
    custom_id = component.scheme.custom_id(key)
    look: Button[Any] = Button(label=label, style=style, custom_id=custom_id, disabled=disabled)
    return component(key, look)


def menu(
    component: type[SelectT], key: object, placeholder: str, options: Sequence[SelectOption]
) -> SelectT:
    """A select menu component carrying `key` in its custom_id."""
    look: Select[Any] = Select(
        custom_id=component.scheme.custom_id(key),
        placeholder=clip(placeholder, PLACEHOLDER),
        options=list(options),
    )
    return component(key, look)


def frozen(*items: Item[Any]) -> discord.ui.View:
    """A view that is sent but not kept in memory: dynamic items answer its clicks."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


async def answer_unclaimed(interaction: discord.Interaction[Any]) -> None:
    """Refuse a click no component of ours will take, which discord.py drops unanswered.

    discord.py hands a click to a DynamicItem only if its custom_id fits a template and the
    clicked message holds a component of the same kind with that id; anything else (an old
    or forged id, a button press on a menu) would otherwise leave the player waiting.
    """
    if interaction.type is not discord.InteractionType.component or interaction.data is None:
        return
    custom_id = str(interaction.data.get("custom_id", ""))
    kind = interaction.data.get("component_type")
    message = interaction.message
    if message is not None and ours(custom_id) and _carries(message, kind, custom_id):
        return
    await report(interaction, BadComponent())


def _carries(message: discord.Message, kind: object, custom_id: str) -> bool:
    """Whether the message has a component of this type with this custom_id."""
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if child.type.value == kind and getattr(child, "custom_id", None) == custom_id:
                return True
    return False
