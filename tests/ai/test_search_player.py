"""The search player (ISMCTS) and the greedy yardstick: legal, repeatable, blind to secrets."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.ai import KINDS, choose, levels
from bot.ai.greedy import choose_greedy
from bot.ai.levels import DEFAULTS, LEVELS, level
from bot.ai.search import search
from bot.engine import AnyGame, IllegalAction, all_games, get_game
from bot.engine.data import load_data
from bot.games.iliad import GAME as ILIAD
from tests.engine.iliad_positions import full_board_except, position, tokens

GAME_IDS = [game.spec.id for game in all_games()]
TINY = replace(level("iliad", "easy"), iterations=12, playout_depth=6)


def _positions(game: AnyGame, players: int, count: int, seed: int = 4) -> list[Any]:
    """Positions of a random game where a seat has a real choice, spread over the game."""
    chooser = random.Random(seed)
    state = game.new_game(players, seed)
    found = []
    for ply in range(game.spec.max_plies):
        if game.to_move(state) is None:
            break
        legal = game.legal_actions(state)
        if len(legal) > 1 and ply % 7 == 0:
            found.append(state)
        state = game.apply(state, chooser.choice(legal))
    return found[:count]


def _search(game: AnyGame, state: Any, seed: int) -> tuple[str, float]:
    seat = game.to_move(state)
    assert seat is not None
    decision = search(game, state, seat, random.Random(seed), TINY)
    assert decision.win_chance is not None
    return decision.code, decision.win_chance


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_search_decides_the_same_whatever_the_others_hide(game_id: str) -> None:
    game = get_game(game_id)
    for state in _positions(game, game.spec.max_players, 4):
        seat = game.to_move(state)
        picked = _search(game, state, 11)
        for draw in range(2):
            unseen = game.resample_hidden(state, seat, random.Random(draw))
            assert _search(game, unseen, 11) == picked


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_gives_the_same_legal_move(game_id: str) -> None:
    game = get_game(game_id)
    for state in _positions(game, game.spec.min_players, 3):
        code, _ = _search(game, state, 5)
        assert game.decode(code) in game.legal_actions(state)
        assert _search(game, state, 5)[0] == code


def test_another_seed_can_choose_otherwise() -> None:
    """The seed is really used: over a few seeds the same position gets different answers."""
    state = _positions(ILIAD, 2, 1)[0]
    assert len({_search(ILIAD, state, seed)[0] for seed in range(8)}) > 1


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "hard"])  # hard: slow
def test_every_kind_plays_legal_moves_through_choose(kind: str) -> None:
    game = get_game("ilium")
    state = _positions(game, 2, 1)[0]
    seat = game.to_move(state)
    code = choose(game, state, seat, 3, 8, kind)
    assert game.decode(code) in game.legal_actions(state)
    assert choose(game, state, seat, 3, 8, kind) == code


def test_choose_refuses_a_seat_that_is_not_to_move_and_an_unknown_level() -> None:
    state = _positions(ILIAD, 2, 1)[0]
    seat = ILIAD.to_move(state)
    with pytest.raises(IllegalAction):
        choose(ILIAD, state, 1 - seat, 1, 1, "normal")
    with pytest.raises(ValueError, match="no computer player"):
        choose(ILIAD, state, seat, 1, 1, "grandmaster")


def test_levels_search_more_the_harder_they_are() -> None:
    for game_id in GAME_IDS:
        easy, normal, hard = (level(game_id, name) for name in ("easy", "normal", "hard"))
        assert easy.iterations < normal.iterations < hard.iterations


def test_the_search_finds_the_only_winning_move() -> None:
    """The last tile decides Zeus 8 against Chaos −10: any search keeps the good token."""
    state = _token_choice("Z8", "C-10")
    seat = ILIAD.to_move(state)
    assert search(ILIAD, state, seat, random.Random(1), TINY).code == "kZ8"


def _token_choice(first: str, second: str) -> Any:
    """Hector has just won row 1 on a full board and picks one of its two end tokens."""
    ends: list[object] = [None] * 24
    ends[0], ends[1] = tokens(first, second)
    board = full_board_except("a1", "e6")
    state = position(
        board=tuple(board), turn=0, hands=((5, 2), (1, 1)), stacks=((), ()), ends=tuple(ends)
    )
    return ILIAD.apply(state, ILIAD.decode("p5a1"))


@pytest.mark.parametrize(
    ("first", "second", "best"), [("Z8", "C-10", "kZ8"), ("Z2", "B10", "kB10")]
)
def test_greedy_takes_the_best_immediate_score(first: str, second: str, best: str) -> None:
    state = _token_choice(first, second)
    assert ILIAD.to_move(state) == 0 and len(ILIAD.legal_actions(state)) == 2
    for seed in range(3):
        assert choose_greedy(ILIAD, state, 0, random.Random(seed)) == best


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_resampled_state_depends_only_on_what_the_seat_sees(game_id: str) -> None:
    """Why the search cannot peek: resampling the real state or an equivalent one is the same."""
    game = get_game(game_id)
    for players in (game.spec.min_players, game.spec.max_players):
        for state in _positions(game, players, 6, seed=players):
            for seat in range(players):
                direct = game.resample_hidden(state, seat, random.Random(7))
                other = game.resample_hidden(state, seat, random.Random(3))
                again = game.resample_hidden(other, seat, random.Random(7))
                assert game.dump(again) == game.dump(direct)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_data_file_tunes_its_levels(game_id: str) -> None:
    """Per-game tuning lives in data/<id>.json under "ai" and overrides the defaults there."""
    tuning = load_data(game_id).get("ai", {})
    for name in LEVELS:
        settings = level(game_id, name)
        for key, value in tuning.get(name, {}).items():
            assert getattr(settings, key) == value
        for key in ("iterations", "playout_depth", "exploration", "seconds"):
            if key not in tuning.get(name, {}):
                assert getattr(settings, key) == getattr(DEFAULTS[name], key)


def test_a_misspelt_tuning_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "_tuning", lambda game_id: {"hard": {"depth": 40}})
    with pytest.raises(ValueError, match="unknown depth"):
        levels.level.__wrapped__("iliad", "hard")
