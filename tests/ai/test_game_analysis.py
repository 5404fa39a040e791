"""The after-game analysis: blind to other seats' secrets, repeatable, sliced, and summed up."""

from __future__ import annotations

import os
import random
import threading
from dataclasses import replace
from typing import Any

import pytest

from bot.ai.analysis import (
    COSTLIEST,
    Analysis,
    Game,
    Plan,
    analyse,
    decide_again,
    decisions,
    weigh_steps,
)
from bot.ai.levels import level
from bot.ai.reviewing import LOWEST, at_low_priority
from bot.ai.search import search
from bot.engine import all_games, get_game

GAME_IDS = [game.spec.id for game in all_games()]
TINY = Plan(iterations=4, most=4, least=4, playout_depth=3)


def played(game_id: str, players: int, seed: int = 5) -> Game:
    """A whole game of seeded random moves, as the store would hold it."""
    game, chooser = get_game(game_id), random.Random(seed)
    state, moves = game.new_game(players, seed), []
    while (seat := game.to_move(state)) is not None:
        action = chooser.choice(game.legal_actions(state))
        moves.append((seat, game.encode(action)))
        state = game.apply(state, action)
    return Game(game, players, seed, {}, tuple(moves))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seats_analysis_never_depends_on_what_the_others_hide(game_id: str) -> None:
    """Each decision weighed again from states the mover cannot tell apart from the real one
    (the others' hands, the decks, the dice drawn again; the same public history): equal."""
    game = get_game(game_id)
    match = played(game_id, game.spec.max_players)
    effort = TINY.effort(1)
    state, compared = game.new_game(match.players, match.seed), 0
    chosen = set(decisions(match)[::10])
    for index, (seat, code) in enumerate(match.moves):
        if index in chosen:
            real = decide_again(match, state, seat, index, 3, effort)
            for draw in range(2):
                unseen = game.resample_hidden(state, seat, random.Random(100 + draw))
                assert decide_again(match, unseen, seat, index, 3, effort) == real
            compared += 1
        state = game.apply(state, game.decode(code))
    assert compared >= 4


def test_the_resampled_states_really_differ_so_the_test_above_can_fail() -> None:
    """In the card game the others' hands are drawn again: the states are not the same."""
    game = get_game("iliad_cards")
    match = played("iliad_cards", 3)
    state = game.new_game(3, match.seed)
    unseen = game.resample_hidden(state, 0, random.Random(100))
    assert game.dump(unseen) != game.dump(state)
    assert game.view(unseen, 0) == game.view(state, 0)


def test_the_same_game_and_seed_give_the_same_analysis_and_it_keeps() -> None:
    match = played("ilium", 2)
    first = analyse(match, TINY, 7)
    assert analyse(match, TINY, 7) == first
    assert Analysis.from_json(first.to_json()) == first
    assert analyse(match, TINY, 8) != first  # the seed matters


def test_forced_decisions_are_skipped_and_every_real_one_is_weighed() -> None:
    match = played("atlandice", 4)
    result = analyse(match, TINY, 7)
    real = decisions(match)
    assert [step.ply for step in result.steps] == [index + 1 for index in real]
    assert len(real) < len(match.moves)  # the game has forced moves, and they were left out
    for step in result.steps:
        assert step.seat == match.moves[step.ply - 1][0]
        assert step.chosen == match.moves[step.ply - 1][1]
        assert len(step.chances) == 4 and all(0 <= c <= 1 for c in step.chances)
    lines = [step.line for step in result.steps]
    assert lines == sorted(lines) and lines[-1] <= result.lines


def test_slices_put_together_are_the_whole_analysis() -> None:
    match = played("ilium", 2)
    real = decisions(match)
    half = len(real) // 2
    pieces = weigh_steps(match, TINY, 7, real[:half]) + weigh_steps(match, TINY, 7, real[half:])
    assert Analysis.of(match, TINY, pieces) == analyse(match, TINY, 7)


def test_the_costliest_decisions_are_each_players_biggest_losses() -> None:
    match = played("iliad_cards", 2)
    result = analyse(match, TINY, 7)
    assert result.final in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
    assert any(result.costliest)
    for seat, costly in enumerate(result.costliest):
        assert len(costly) <= COSTLIEST
        costs = [step.cost for step in costly]
        assert costs == sorted(costs, reverse=True) and all(cost > 0 for cost in costs)
        assert all(step.seat == seat and step.chosen != step.best for step in costly)
        others = [s.cost for s in result.steps if s.seat == seat and s not in costly]
        assert all(cost <= min(costs, default=0.0) for cost in others)
        for step in costly:
            assert step.best_chance - (step.chosen_chance or 0) == pytest.approx(step.cost)


def test_a_game_shares_its_budget_among_its_decisions() -> None:
    plan = Plan(iterations=1000, most=300, least=20, seconds=100)
    assert plan.effort(2).iterations == 300
    assert plan.effort(10).iterations == 100
    assert plan.effort(500).iterations == 20
    assert plan.effort(10).seconds == 10


def test_the_search_tells_its_top_three_choices_for_a_hint() -> None:
    game = get_game("ilium")
    state = game.new_game(2, 5)
    seat = game.to_move(state)
    assert seat is not None
    budget = replace(level("ilium", "easy"), iterations=30, playout_depth=4)
    decision = search(game, state, seat, random.Random(1), budget)
    assert len(decision.choices) == 3
    first = decision.choices[0]
    assert (first.code, first.win_chance, first.visits) == (
        decision.code,
        decision.win_chance,
        decision.visits,
    )
    visits = [choice.visits for choice in decision.choices]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= decision.iterations
    assert len({choice.code for choice in decision.choices}) == 3


def test_a_slice_runs_in_a_thread_at_the_lowest_priority() -> None:
    def nice() -> Any:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    assert at_low_priority(nice) == LOWEST
    assert nice() != LOWEST  # the caller's own thread is untouched

    def fails() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        at_low_priority(fails)
