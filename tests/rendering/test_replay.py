"""Replays: one GIF frame per public state (evenly subsampled past MAX_FRAMES), under the limit."""

from __future__ import annotations

import io
import random
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image, ImageChops

import bot.games  # noqa: F401  (registers the games)
import rendering
from bot.engine import AnyGame, ViewContext, all_games
from rendering._replay import MAX_FRAMES, REPLAY_BUDGET, animate, pick_frames

DISCORD_LIMIT = 10 * 1024 * 1024


def seeded_views(game: AnyGame, seed: int = 7) -> list[Any]:
    """The public view before and after every move of a seeded random game at the most seats."""
    players = game.spec.max_players
    state, chooser = game.new_game(players, seed, None), random.Random(seed)
    views = [game.view(state, None)]
    while game.to_move(state) is not None:
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        views.append(game.view(state, None))
    return views


def contexts(count: int, players: int) -> list[ViewContext]:
    """Names on every frame; the last one finished."""
    names = tuple(f"Player {n + 1}" for n in range(players))
    return [ViewContext(names, "active")] * (count - 1) + [ViewContext(names, "finished")]


def gif_frames(data: bytes) -> list[Image.Image]:
    """Every frame of a GIF as RGB."""
    image = Image.open(io.BytesIO(data))
    frames = []
    for n in range(image.n_frames):
        image.seek(n)
        frames.append(image.convert("RGB"))
    return frames


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_a_replay_shows_every_public_state_and_fits_the_limit(game: AnyGame) -> None:
    views = seeded_views(game)
    made = rendering.replay_gif(game.spec.id, views, contexts(len(views), game.spec.max_players))
    assert len(made.gif) <= REPLAY_BUDGET < DISCORD_LIMIT
    expected = pick_frames(len(views), MAX_FRAMES)
    if made.first_try <= REPLAY_BUDGET:  # every state, or MAX_FRAMES of them, fitted at once
        assert list(made.shown) == expected
        assert expected == list(range(len(views))) or len(expected) == MAX_FRAMES
    else:  # the documented fallback: fewer frames, still spread evenly, first and last kept
        assert list(made.shown) == pick_frames(len(views), len(made.shown))
        assert 2 <= len(made.shown) < len(expected)
    frames = gif_frames(made.gif)
    assert len(frames) == len(made.shown)
    assert frames[0].width == made.width
    assert ImageChops.difference(frames[0], frames[-1]).getbbox() is not None


def test_subsampling_keeps_the_first_and_last_state_evenly_spread() -> None:
    assert pick_frames(5, 10) == [0, 1, 2, 3, 4]
    assert pick_frames(11, 6) == [0, 2, 4, 6, 8, 10]
    picked = pick_frames(301, MAX_FRAMES)
    assert picked[0] == 0 and picked[-1] == 300 and len(picked) == MAX_FRAMES
    gaps = {b - a for a, b in pairwise(picked)}
    assert gaps <= {2, 3}


def test_a_tight_budget_draws_fewer_frames_until_it_fits() -> None:
    def draw(view: Any, context: ViewContext) -> Image.Image:
        noise = random.Random(view["n"]).randbytes(200 * 150 * 3)
        return Image.frombytes("RGB", (200, 150), noise)

    views = [{"n": n} for n in range(40)]
    made = animate(draw, views, [ViewContext()] * 40, budget=300_000)
    assert len(made.gif) <= 300_000
    assert 2 <= len(made.shown) < 40 and made.shown[0] == 0 and made.shown[-1] == 39
    assert len(gif_frames(made.gif)) == len(made.shown)
