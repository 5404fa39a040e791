"""The toy game used by the service tests honours the engine contract itself."""

from __future__ import annotations

from typing import Any

import pytest
from toygame import TOY

from bot.engine import IllegalAction
from bot.engine.conformance import (
    GARBAGE_CODES,
    ContractViolation,
    random_playout,
    replay,
    secrecy_playout,
)


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
    public = TOY.view(state, None)
    assert "private" not in public and "seat" not in public
    assert TOY.view(state, 1)["private"]["secret"] == state.secrets[1]  # type: ignore[typeddict-item]
    assert all("secret" not in line for line in public["log"])


@pytest.mark.parametrize("players", [2, 3])
def test_toy_passes_the_secrecy_checks(players: int) -> None:
    for seed in range(10):
        assert secrecy_playout(TOY, players, seed, continue_every=2) > 0


class _LeakyCounters(type(TOY)):  # type: ignore[misc]
    """The toy game with a planted leak: its public view shows every seat's secret."""

    def view(self, state: Any, seat: int | None) -> Any:
        return {**super().view(state, seat), "secrets": list(state.secrets)}


class _PeekingChoices(type(TOY)):  # type: ignore[misc]
    """A planted leak in public choices: the button words name the mover's secret."""

    def describe(self, action: Any, state: Any = None) -> str:
        words = super().describe(action, state)
        if state is None or state.to_move is None:
            return words
        return f"{words} (secret {state.secrets[state.to_move]})"


@pytest.mark.parametrize("leaky", [_LeakyCounters, _PeekingChoices])
def test_a_planted_leak_fails_the_secrecy_checks(leaky: type) -> None:
    with pytest.raises(ContractViolation, match="a leak"):
        secrecy_playout(leaky(), 3, 1)


def test_a_private_key_outside_private_fails_the_view_checks() -> None:
    class Stray(type(TOY)):  # type: ignore[misc]
        def view(self, state: Any, seat: int | None) -> Any:
            seen = super().view(state, seat)
            return seen if seat is None else {**seen, "hand": [1, 2]}

    with pytest.raises(ContractViolation, match="outside 'private'"):
        secrecy_playout(Stray(), 2, 1)


class _ForgetfulChance(type(TOY)):  # type: ignore[misc]
    """A planted fault for undo: a draw of a new secret does not count as chance."""

    def chance(self, state: Any) -> tuple[int, ...]:
        return ()


def test_a_chance_tally_that_misses_a_draw_fails_the_quiet_move_check() -> None:
    with pytest.raises(ContractViolation, match="kept chance unchanged but showed seat"):
        for seed in range(10):
            secrecy_playout(_ForgetfulChance(), 2, seed)


def test_the_toy_counts_its_draws_as_chance() -> None:
    state = TOY.new_game(2, 3)
    quiet = TOY.apply(state, TOY.decode("t1"))
    drawn = TOY.apply(state, TOY.decode("t3"))
    assert TOY.chance(quiet) == TOY.chance(state)
    assert TOY.chance(drawn) != TOY.chance(state)


class _ShortStanding(type(TOY)):  # type: ignore[misc]
    """A standing that forgets the last seat."""

    def standing(self, state: Any) -> list[int]:
        return list(state.taken)[:-1]


def test_a_standing_without_a_number_per_seat_fails_the_checks() -> None:
    with pytest.raises(ContractViolation, match="standing must give one whole number per seat"):
        random_playout(_ShortStanding(), 2, 1)


@pytest.mark.parametrize(
    ("stats", "complaint"),
    [
        ({"secrets drawn": "2"}, "is not a number"),
        ({"secrets drawn": True}, "is not a number"),
        ({"secrets drawn": float("nan")}, "is not finite"),
        ({3: 1.0}, "must map names to figures"),
        ([("secrets drawn", 1)], "must map names to figures"),
    ],
)
def test_playout_figures_that_are_no_named_numbers_fail_the_checks(
    stats: object, complaint: str
) -> None:
    class _Garbled(type(TOY)):  # type: ignore[misc]
        def playout_stats(self, state: Any) -> object:
            return stats

    with pytest.raises(ContractViolation, match=complaint):
        random_playout(_Garbled(), 2, 1)
