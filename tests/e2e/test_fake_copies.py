"""The fake's copies of components: equal to the original, sharing nothing a test could alter."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake_discord.store import json_copy


def test_json_copy_is_equal_and_shares_no_dict_or_list() -> None:
    original: dict[str, Any] = {
        "components": [{"type": 1, "components": [{"type": 2, "label": "Play", "x": None}]}],
        "flags": 64,
        "ratio": 0.5,
        "ok": True,
        "pair": (1, [2]),  # not from JSON: still copied, the general way
    }
    copied = json_copy(original)
    assert copied == original
    copied["components"][0]["components"][0]["label"] = "changed"
    copied["components"].append({})
    copied["pair"][1].append(3)
    assert original["components"] == [
        {"type": 1, "components": [{"type": 2, "label": "Play", "x": None}]}
    ]
    assert original["pair"] == (1, [2])
