"""The benchmark plumbing (never its timings): tables, sampling positions, the docs script."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from bench import BENCHMARKS
from bench.core import Settings, Table, playout_states, sample_states, spread
from bot.engine import GameSpec, IllegalAction, Outcome

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Count:
    """A toy state: how far two players have counted towards ten."""

    total: int = 0


class CountToTen:
    """A toy game (not registered): add 1 or 2; whoever reaches 10 wins."""

    spec = GameSpec("count", "Count to ten", 2, 2, 20, ("Ann", "Bob"))

    def new_game(self, players: int, seed: int, options: object = None) -> Count:
        return Count()

    def to_move(self, state: Count) -> int | None:
        return None if state.total >= 10 else state.total % 2

    def legal_actions(self, state: Count) -> list[int]:
        return [] if state.total >= 10 else [1, 2]

    def apply(self, state: Count, action: int) -> Count:
        if action not in self.legal_actions(state):
            raise IllegalAction("Add 1 or 2.")
        return Count(state.total + action)

    def hidden_choices(self, state: Count) -> bool:
        """Nothing is secret in counting."""
        return False

    def standing(self, state: Count) -> list[int]:
        """Nobody scores until the count reaches ten."""
        return [0, 0]

    def outcome(self, state: Count) -> Outcome | None:
        if state.total < 10:
            return None
        return Outcome((1, 0), (1, 2), "points", "Ann wins.")

    def playout_stats(self, state: Count) -> dict[str, float]:
        return {"count": state.total}

    def view(self, state: Count, seat: int | None) -> dict[str, Any]:
        return {"game": "count", "total": state.total}

    def encode(self, action: int) -> str:
        return str(action)

    def decode(self, text: str) -> int:
        if text not in ("1", "2"):
            raise IllegalAction("Add 1 or 2.")
        return int(text)

    def describe(self, action: int, state: Count | None = None) -> str:
        return f"add {action}"

    def dump(self, state: Count) -> dict[str, Any]:
        return {"total": state.total}

    def load(self, data: dict[str, Any]) -> Count:
        return Count(int(data["total"]))


def test_table_aligns_numbers_right_and_text_left() -> None:
    table = Table("T", ["game", "ms"], [["iliad", 3.14159], ["atlandice", 12.5]], ["a note"])
    lines = table.format().splitlines()
    assert lines[:2] == ["T", "="]
    assert lines[4] == "iliad       3.14"
    assert lines[5] == "atlandice  12.50"
    assert lines[-1] == "  a note"


def test_an_empty_table_says_so() -> None:
    assert "(nothing to measure)" in Table("T", ["game"]).format()


def test_spread_keeps_both_ends_and_the_count() -> None:
    assert spread(list(range(101)), 5) == [0, 25, 50, 75, 100]
    assert spread([1, 2], 5) == [1, 2]
    assert spread(list(range(10)), 1) == [0]


def test_playout_states_run_from_setup_to_the_end() -> None:
    game = CountToTen()
    states = playout_states(game, 2, seed=3)  # type: ignore[arg-type]
    assert states[0] == Count(0) and game.outcome(states[-1]) is not None
    assert all(b.total - a.total in (1, 2) for a, b in pairwise(states))


def test_sample_states_play_more_games_when_one_is_short() -> None:
    states = sample_states(CountToTen(), 2, seed=1, count=30)  # type: ignore[arg-type]
    assert len(states) == 30
    assert sum(1 for state in states if state.total == 0) >= 2


def test_every_listed_benchmark_has_a_title_and_a_run() -> None:
    for name in BENCHMARKS:
        module = importlib.import_module(f"bench.{name}")
        assert module.TITLE and callable(module.run)


def test_settings_refuse_an_unknown_game() -> None:
    with pytest.raises(SystemExit):
        Settings(games=("no-such-game",)).selected()


def test_docs_script_picks_a_position_where_someone_decides() -> None:
    spec = importlib.util.spec_from_file_location("docs", ROOT / "scripts/make_docs_images.py")
    assert spec is not None and spec.loader is not None
    docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(docs)
    game = CountToTen()
    assert game.to_move(docs.pick_position(game, 2, 1, 1.0)) is not None
    middle = docs.pick_position(game, 2, 1, 0.5)
    assert 2 <= middle.total <= 8
