"""Move components: buttons when they fit, selects beyond 20, /move beyond what fits; and every
component's custom_id, declared once, built and read back the same bytes as before."""

from __future__ import annotations

import importlib
import re
import sys
from dataclasses import dataclass
from typing import Any

import pytest
from discord import ButtonStyle
from discord.ui import Button, Select

from bot.service import Choice
from cogs.replays import StepReplay
from cogs.ui import components, ids
from cogs.ui.component import Component
from cogs.ui.league_components import LeagueButton
from cogs.ui.lobby_components import AddComputer, LobbyButton, RemoveComputer
from cogs.ui.seat_components import ResignButton, VoteButton
from cogs.ui.undo_components import BackButton, ConsentButton

# The extensions the client loads, by name (bot/client.py); each registers its own components.
EXTENSIONS = (
    "lobby",
    "moves",
    "info",
    "yours",
    "timers",
    "hints",
    "records",
    "replays",
    "leagues",
    "seats",
)


def choices(n: int, words: str = "move") -> list[Choice]:
    return [Choice(f"c{i}", f"{words} {i}") for i in range(n)]


def kinds(view: object) -> list[str]:
    return [type(item).__name__ for item in view.children]  # type: ignore[attr-defined]


def test_up_to_twenty_choices_are_buttons_plus_my_hand() -> None:
    view = components.game_view(1, 3, choices(20), hand=True)
    assert kinds(view) == ["MoveButton"] * 20 + ["HandButton"]
    assert all(len(item.custom_id) <= 100 for item in view.children)


def test_more_choices_become_select_menus_grouped_by_their_words() -> None:
    grouped = [Choice(f"p{t}{s}", f"place {t} on {s}") for t in "15D" for s in "abcdefghij"]
    view = components.game_view(1, 3, grouped, hand=True)
    assert kinds(view) == ["MoveSelect"] * 3 + ["HandButton"]
    assert [item.item.placeholder for item in view.children[:3]] == [
        "place 1 on …",
        "place 5 on …",
        "place D on …",
    ]


def test_beyond_a_hundred_choices_the_rest_is_left_to_move() -> None:
    many = choices(130)
    view = components.game_view(1, 3, many, hand=False)
    assert kinds(view) == ["MoveSelect"] * 4
    assert all(len(item.item.options) <= 25 for item in view.children)
    assert components.shown_choices(many) == 100


def test_hidden_choices_show_only_your_move() -> None:
    view = components.game_view(7, 9, None, hand=True)
    assert [item.custom_id for item in view.children] == ["sy:t:7:9", "sy:h:7"]


async def test_custom_ids_parse_back_into_typed_fields() -> None:
    made = components.MoveButton.make(12, 34, Choice("kC-10", "take -10"))
    match = ids.MOVE.template.fullmatch(made.custom_id)
    assert match is not None
    clicked = await components.MoveButton.from_custom_id(None, made.item, match)  # type: ignore[arg-type]
    assert clicked.key == ids.MoveId(12, 34, "kC-10")
    assert (clicked.key.game, clicked.key.version, clicked.key.code) == (12, 34, "kC-10")
    assert clicked.item is made.item and clicked.refusal is None


# Every kind of component, made, with the custom_id it carried before ids were declared as
# dataclasses: messages posted then still hold these bytes, so they must not change.
MADE_BEFORE = [
    (lambda: components.MoveButton.make(5, 6, Choice("p:1:a", "x")), "sy:m:5:6:p:1:a"),
    (lambda: components.MoveSelect.make(5, 6, 2, choices(3), "pick"), "sy:s:5:6:2"),
    (lambda: components.TurnButton.make(5, 6), "sy:t:5:6"),
    (lambda: components.HandButton.make(5), "sy:h:5"),
    (lambda: LobbyButton.make(5, "leave", "Leave", ButtonStyle.secondary), "sy:l:5:leave"),
    (lambda: components.RematchButton.make(5), "sy:r:5"),
    (lambda: VoteButton.make(9, "computer"), "sy:v:9:computer"),
    (lambda: ResignButton.make(5, "yes"), "sy:rs:5:yes"),
    (lambda: BackButton.make(5, 6), "sy:b:5:6"),
    (lambda: ConsentButton.make(8, "no"), "sy:u:8:no"),
    (lambda: AddComputer.make(5), "sy:ca:5"),
    (lambda: RemoveComputer.make(5), "sy:cr:5"),
    (lambda: StepReplay.make(5, 3, "next", True), "sy:rp:5:3:next"),
    (lambda: LeagueButton.make(5, "signup", "Sign up"), "sy:lg:5:signup"),
]
# The templates before the ids were declared (cogs/ids.py of the commit before): what discord.py
# matches a click against is unchanged, to the byte.
TEMPLATES_BEFORE = {
    "MOVE": r"sy:m:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<code>[^\s]+)",
    "PICK": r"sy:s:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+)",
    "TURN": r"sy:t:(?P<game>[0-9]+):(?P<version>[0-9]+)",
    "HAND": r"sy:h:(?P<game>[0-9]+)",
    "LOBBY": r"sy:l:(?P<game>[0-9]+):(?P<verb>join|leave|start|cancel)",
    "REMATCH": r"sy:r:(?P<game>[0-9]+)",
    "VOTE": r"sy:v:(?P<vote>[0-9]+):(?P<choice>wait|skip|computer|end)",
    "RESIGN": r"sy:rs:(?P<game>[0-9]+):(?P<verb>yes|no)",
    "BACK": r"sy:b:(?P<game>[0-9]+):(?P<version>[0-9]+)",
    "CONSENT": r"sy:u:(?P<request>[0-9]+):(?P<verb>yes|no)",
    "ADD_COMPUTER": r"sy:ca:(?P<game>[0-9]+)",
    "REMOVE_COMPUTER": r"sy:cr:(?P<game>[0-9]+)",
    "REPLAY": r"sy:rp:(?P<game>[0-9]+):(?P<step>[0-9]+):(?P<way>back|next)",
    "LEAGUE": r"sy:lg:(?P<league>[0-9]+):(?P<verb>signup|withdraw)",
    "TAKE_SEAT": r"sy:ts:(?P<game>[0-9]+):(?P<seat>[0-9]+)",
    "SEAT_ANSWER": r"sy:sa:(?P<request>[0-9]+):(?P<verb>yes|no)",
}


def test_the_templates_are_the_ones_old_buttons_were_made_for() -> None:
    assert {name: getattr(ids, name).template.pattern for name in TEMPLATES_BEFORE} == (
        TEMPLATES_BEFORE
    )
    assert len(ids.SCHEMES) == len(TEMPLATES_BEFORE)


@pytest.mark.parametrize(("make", "custom_id"), MADE_BEFORE, ids=[c for _, c in MADE_BEFORE])
async def test_every_component_carries_its_old_id_and_reads_it_back_once(
    make: Any, custom_id: str
) -> None:
    made = make()
    assert made.custom_id == custom_id
    match = type(made).__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    again = await type(made).from_custom_id(None, made.item, match)
    assert again.refusal is None and again.key == made.key
    assert type(made).scheme.custom_id(again.key) == custom_id


async def test_a_menu_id_on_a_button_builds_a_component_that_refuses() -> None:
    forged: Select[Any] = Select(custom_id="sy:m:5:6:c0", options=[])
    match = components.MoveButton.scheme.template.fullmatch("sy:m:5:6:c0")
    assert match is not None
    refusing = await components.MoveButton.from_custom_id(None, forged, match)  # type: ignore[arg-type]
    assert isinstance(refusing.refusal, ids.BadComponent)
    assert components.MoveButton.kind is Button and components.MoveSelect.kind is Select


def test_a_field_no_id_can_carry_is_refused_when_declared() -> None:
    @dataclass(frozen=True)
    class Middle:
        code: str
        game: int

    @dataclass(frozen=True)
    class Floating:
        ratio: float

    for wrong in (Middle, Floating):
        with pytest.raises(TypeError):
            ids.IdScheme("x", wrong)
    with pytest.raises(TypeError):
        ids.HAND.custom_id(ids.RematchId(5))  # type: ignore[arg-type]


def components_of_ours() -> set[type[Any]]:
    """Every component class defined in cogs (the shared base's subclasses, all levels), as its
    module has it now: discord.py drops an extension's module at unload, and a bot started
    again imports it anew, so a process that ran bots also holds older copies of its classes."""
    for name in EXTENSIONS:
        importlib.import_module(f"cogs.{name}")
    found: set[type[Any]] = set()
    todo: list[type[Any]] = [Component]
    while todo:
        for kind in todo.pop().__subclasses__():
            found.add(kind)
            todo.append(kind)
    return {kind for kind in found if current(kind)}


def current(kind: type[Any]) -> bool:
    """Whether the class is the one its module, as imported now, defines."""
    module = sys.modules.get(kind.__module__)
    return module is not None and getattr(module, kind.__qualname__, None) is kind


def test_every_component_is_registered_by_exactly_one_extension() -> None:
    registered = [
        item
        for name in EXTENSIONS
        for item in getattr(importlib.import_module(f"cogs.{name}"), "ITEMS", ())
    ]
    assert len(registered) == len(set(registered))
    assert set(registered) == components_of_ours()
    assert len(registered) == len(ids.SCHEMES)
    assert {kind.scheme for kind in registered} == set(ids.SCHEMES)


def test_the_template_a_component_matches_is_its_schemes() -> None:
    for kind in components_of_ours():
        compiled = kind.__discord_ui_compiled_template__
        assert isinstance(compiled, re.Pattern) and compiled is kind.scheme.template
