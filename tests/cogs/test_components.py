"""Move components: buttons when they fit, selects beyond 20, /move beyond what fits."""

from __future__ import annotations

from discord import ButtonStyle

from bot.service import Choice
from cogs import components, ids


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
    match = ids.MOVE.fullmatch(made.custom_id)
    assert match is not None
    clicked = await components.MoveButton.from_custom_id(None, made.item, match)  # type: ignore[arg-type]
    assert (clicked.game_id, clicked.version, clicked.code) == (12, 34, "kC-10")
    assert clicked.item is made.item


async def test_every_component_reads_its_custom_id_once() -> None:
    made = [
        components.MoveSelect.make(5, 6, 2, choices(3), "pick"),
        components.TurnButton.make(5, 6),
        components.HandButton.make(5),
        components.LobbyButton.make(5, "leave", "Leave", ButtonStyle.secondary),
        components.RematchButton.make(5),
    ]
    parsed = []
    for item in made:
        match = type(item).__discord_ui_compiled_template__.fullmatch(item.custom_id)
        assert match is not None, item.custom_id
        again = await type(item).from_custom_id(None, item.item, match)  # type: ignore[arg-type]
        parsed.append(vars(again))
    assert [p["game_id"] for p in parsed] == [5] * 5
    assert (parsed[0]["version"], parsed[0]["page"], parsed[1]["version"]) == (6, 2, 6)
    assert parsed[3]["verb"] == "leave"
