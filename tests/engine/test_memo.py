"""The engine's small caches answer exactly as the functions they wrap."""

from __future__ import annotations

from bot.engine.memo import remember_codes


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
