"""The engine's small caches answer exactly as the functions they wrap."""

from __future__ import annotations

from bot.engine.memo import remember_codes, remember_views
from bot.i18n import WORDLESS, listing, wordless


def test_remember_codes_works_each_action_out_once_and_stays_bounded() -> None:
    calls: list[tuple[str, int]] = []

    def encode(action: tuple[str, int]) -> str:
        calls.append(action)
        return f"{action[0]}{action[1]}"

    cached = remember_codes(encode, most=2)
    assert [cached(("a", 1)), cached(("a", 1)), cached(("b", 2))] == ["a1", "a1", "b2"]
    assert calls == [("a", 1), ("b", 2)]
    assert [cached(("c", 3)), cached(("c", 3))] == ["c3", "c3"]  # past the bound: not kept
    assert calls == [("a", 1), ("b", 2), ("c", 3), ("c", 3)]
    assert cached(("b", 2)) == "b2" and len(calls) == 4


def test_remember_views_builds_once_per_state_and_hands_out_dicts_of_their_own() -> None:
    built: list[object] = []

    class Board:
        """A state stand-in: compared by identity, as engine states are remembered."""

    def public(state: Board) -> dict[str, object]:
        built.append(state)
        return {"said": listing([len(built), "built"])}

    cached = remember_views(public, most=2)
    one, two, three = Board(), Board(), Board()
    first = cached(one)
    first["seat"] = 0  # a caller's own dict: adding a key does not reach the next caller
    assert cached(one) == {"said": first["said"]} and built == [one]
    with wordless():  # other words: built again, never the words kept outside
        assert cached(one) == {"said": WORDLESS} and built == [one, one]
        assert cached(one) == {"said": WORDLESS} and len(built) == 2
    assert cached(one)["said"] == "3 and built"
    assert cached(two)["said"] == "4 and built" and cached(one)["said"] == "3 and built"
    cached(three)  # past the bound: the table starts afresh
    assert cached(one)["said"] == "6 and built"
