"""Move components: buttons when they fit, selects beyond 20, /move beyond what fits."""

from __future__ import annotations

from bot.service import Choice
from cogs import components


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


def test_custom_ids_parse_back() -> None:
    button = components.MoveButton.make(12, 34, Choice("kC-10", "take -10"))
    assert button.part("code") == "kC-10" and button.number("version") == 34
