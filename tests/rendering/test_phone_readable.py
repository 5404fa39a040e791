"""No renderer draws text smaller than 1/35 of its image width: boards read on a 400 px phone."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

import rendering
from bot.engine import AnyGame, ViewContext, all_games, get_game
from rendering import kit
from tests.rendering.helpers import decode

DOCS = Path(__file__).resolve().parents[2] / "docs"

NAMES = ("alice", "Dionysios of Halicarnassus the Younger", "carol", "dan", "eve")
SAMPLES = 3  # positions spread over one seeded random game, plus the final one

# Images still drawn with text too small for a phone (issue 13 §1), as strict xfails: none left
# since the redesigns; an entry here must name what is too small and why it waits.
TOO_SMALL: dict[tuple[str, str], str] = {}


def _cases() -> list[Any]:
    cases = []
    for game in all_games():
        if not rendering.has_renderer(game.spec.id):
            continue
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            for kind in ("board", "hand"):
                reason = TOO_SMALL.get((game.spec.id, kind))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                cases.append(pytest.param(game.spec.id, players, kind, marks=marks))
    return cases


def _positions(game: AnyGame, players: int, seed: int) -> list[Any]:
    """A few states spread over one seeded random game, the final state last."""
    chooser = random.Random(seed)
    state = game.new_game(players, seed)
    states = [state]
    while game.to_move(state) is not None:
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        states.append(state)
    step = max(1, len(states) // SAMPLES)
    return [*states[::step], states[-1]]


def _forget_sprites() -> None:
    """Clear every cached sprite, so text drawn into a sprite is drawn (and recorded) again."""
    for name, module in list(sys.modules.items()):
        if name == "rendering" or name.startswith("rendering."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def smallest_text(game_id: str, views: list[Any], kind: str, context: ViewContext) -> int:
    """The smallest text size drawn over all `views` as the board or as hands."""
    _forget_sprites()
    draw = rendering.render_board if kind == "board" else rendering.render_hand
    with kit.text_sizes() as sizes:
        for view in views:
            draw(game_id, view, context)
    assert sizes, f"{game_id} {kind}: no text drawn at all"
    return min(sizes)


def test_the_collector_sees_text_drawn_inside_sprites() -> None:
    """A sprite cached by an earlier render would hide its text: the cache is cleared first."""
    game = get_game("iliad")
    state = game.new_game(2, 1)
    view = game.view(state, 0)
    rendering.render_hand("iliad", view)
    assert smallest_text("iliad", [view], "hand", ViewContext()) <= kit.font(52).size


@pytest.mark.parametrize(("game_id", "players", "kind"), _cases())
def test_no_text_smaller_than_a_35th_of_the_width(game_id: str, players: int, kind: str) -> None:
    game = get_game(game_id)
    module = rendering.renderer(game_id)
    width = (module.BOARD_SIZE if kind == "board" else module.HAND_SIZE)[0]
    views = []
    for state in _positions(game, players, seed=players):
        seats = [None] if kind == "board" else range(players)
        views.extend(game.view(state, seat) for seat in seats)
    smallest = smallest_text(game_id, views, kind, ViewContext(names=NAMES[:players]))
    assert smallest * kit.PHONE_TEXT_RATIO >= width, (
        f"{game_id} {kind} at {players} players: {smallest} px text on a {width} px wide image "
        f"(needs at least {-(-width // kit.PHONE_TEXT_RATIO)} px)"
    )


@pytest.mark.parametrize("game", [g for g in all_games() if rendering.has_renderer(g.spec.id)])
def test_docs_show_every_game_at_both_table_sizes_full_and_at_phone_width(game: AnyGame) -> None:
    """`make docs` output is committed: each image at full size and as a 400 px preview."""
    module = rendering.renderer(game.spec.id)
    for players in {game.spec.min_players, game.spec.max_players}:
        board = rendering.board_size(game.spec.id, players)
        for kind, size in (("board", board), ("hand", module.HAND_SIZE)):
            stem = f"{game.spec.id}-{players}p-{kind}"
            full = decode((DOCS / f"{stem}.png").read_bytes())
            small = decode((DOCS / f"{stem}-400.png").read_bytes())
            assert full.size == size, stem
            assert small.width == 400, stem


@pytest.mark.parametrize("game_id", ["ilium", "iliad_cards"])
def test_a_table_of_two_has_no_empty_band_at_the_bottom(game_id: str) -> None:
    """The board's height follows the table: two players' panels or camps take less room than
    five, so the smallest table's image is shorter (same width) and its last rows hold ink."""
    game = get_game(game_id)
    small, large = game.spec.min_players, game.spec.max_players
    assert rendering.board_size(game_id, small)[1] < rendering.board_size(game_id, large)[1]
    assert rendering.board_size(game_id, large) == rendering.renderer(game_id).BOARD_SIZE
    state = _positions(game, small, seed=small)[-2]
    board = rendering.render_board(game_id, game.view(state, None), ViewContext(names=NAMES))
    assert board.size == rendering.board_size(game_id, small)
    bottom = board.crop((0, board.height - 60, board.width, board.height)).convert("L")
    assert bottom.getextrema()[0] < 160, "the legend ends the image: no blank band under it"
