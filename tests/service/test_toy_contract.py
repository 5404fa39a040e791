"""The toy game used by the service tests honours the engine contract itself."""

from __future__ import annotations

import pytest
from toygame import TOY

from bot.engine import IllegalAction
from bot.engine.conformance import GARBAGE_CODES, random_playout, replay


@pytest.mark.parametrize("players", [2, 3])
def test_toy_passes_the_conformance_checks(players: int) -> None:
    for seed in range(20):
        playout = random_playout(TOY, players, seed, thorough=True, foreign=["x1", "t4"])
        assert playout.outcome is not None
        again = replay(TOY, players, seed, playout.codes)
        assert TOY.dump(again) == TOY.dump(playout.final)


def test_toy_rejects_garbage() -> None:
    for code in GARBAGE_CODES:
        with pytest.raises(IllegalAction):
            TOY.decode(code)


def test_toy_public_view_hides_every_secret() -> None:
    state = TOY.new_game(3, 5)
    assert TOY.view(state, None)["secrets"] == [None, None, None]
    assert TOY.view(state, 1)["secrets"][1] == state.secrets[1]
    assert all("secret" not in line for line in TOY.view(state, None)["log"])
