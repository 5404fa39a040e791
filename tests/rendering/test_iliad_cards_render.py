"""Iliad card game images: they open, have the shipped size, and never draw a hand."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.engine import ViewContext
from bot.engine.conformance import random_playout
from bot.games.iliad_cards import GAME
from rendering import iliad_cards as art
from rendering import kit
from rendering.iliad_cards import army, parts
from rendering.iliad_cards.board import CAMP_GAP, CAMPS_TOP, camp_height, camp_marks

PLAIN = ViewContext()


def _states(players: int) -> tuple[Any, Any]:
    """A mid-game state and a final one of a seeded random game."""
    playout = random_playout(GAME, players, 20 + players)
    state = GAME.new_game(players, 20 + players)
    for code in playout.codes[: len(playout.codes) // 2]:
        state = GAME.apply(state, GAME.decode(code))
    return state, playout.final


def _views(players: int) -> tuple[Any, Any]:
    """A mid-game view and a final view, both as seat 0 sees them."""
    middle, final = _states(players)
    return GAME.view(middle, 0), GAME.view(final, 0)


def _board(view: Any, context: ViewContext = PLAIN) -> Image.Image:
    return art.render_board(view, context)


def _hand(view: Any, context: ViewContext = PLAIN) -> Image.Image:
    return art.render_hand(view, context)


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_board_and_hand_render_mid_game_and_at_the_end(players: int) -> None:
    middle, final = _views(players)
    assert final["outcome"] is not None and middle["outcome"] is None
    assert final["prompt"] == final["outcome"]["summary"]
    for view in (middle, final):
        board = _board(view)
        hand = _hand(view)
        assert board.size == art.board_size(players) and board.mode == "RGB"
        assert hand.size == art.HAND_SIZE and hand.mode == "RGB"
        for image in (board, hand):
            reopened = Image.open(io.BytesIO(kit.to_png(image)))
            assert reopened.size == image.size
    width, height = art.BOARD_SIZE
    assert height > width <= 800  # portrait, for phones


@pytest.mark.parametrize("players", [3, 5])
def test_board_is_the_same_from_any_seat_and_ignores_secrets(players: int) -> None:
    middle, _ = _views(players)
    public: dict[str, Any] = {k: v for k, v in middle.items() if k not in ("seat", "private")}
    assert public == GAME.view(_states(players)[0], None)
    board = _board(public)
    assert _same(board, _board(middle))
    private = {"hand": ["horse"] * 30, "hand_groups": [], "log": ["You draw: Trojan Horse"]}
    planted = dict(public, seat=0, private=private)
    assert _same(board, _board(planted))


def test_board_shows_whose_turn_and_changes_with_the_army() -> None:
    middle, _ = _views(4)
    board = _board(middle)
    camps = [dict(c) for c in middle["camps"]]
    camps[1]["strength"] = 999
    assert not _same(board, _board(dict(middle, camps=camps)))
    moved = dict(
        middle, to_move=(middle["to_move"] + 1) % 4 if middle["to_move"] is not None else 0
    )
    assert not _same(board, _board(moved))


def test_hand_shows_the_seat_hand() -> None:
    middle, _ = _views(3)
    hand = _hand(middle)
    empty = dict(middle, private={**middle["private"], "hand": [], "hand_groups": []})
    assert not _same(hand, _hand(empty))


def test_a_result_the_platform_decided_is_drawn() -> None:
    middle, final = _views(4)
    resigned = ViewContext(status="finished", result=final["outcome"])
    board = _board(middle, resigned)
    assert not _same(board, _board(middle))
    assert _same(board, _board(dict(middle, outcome=final["outcome"])))
    assert not _same(_hand(middle, resigned), _hand(middle))


def _camp(seat: int, strength: int, pass_order: int | None = None, units: Any = ()) -> Any:
    return {
        "seat": seat,
        "name": f"seat {seat}",
        "units": list(units),
        "strength": strength,
        "hand_size": 3,
        "passed": pass_order is not None,
        "pass_order": pass_order,
        "victory": [],
        "thanatos": [],
        "amphoras": [],
        "city_vp": 0,
        "trireme_vp": 0,
        "vp": 0,
    }


def test_standings_rank_by_army_and_the_earlier_passer_wins_a_tie() -> None:
    """IC-14: strongest first; equal armies rank the player who passed earlier higher."""
    camps = [_camp(0, 5), _camp(1, 9), _camp(2, 5, pass_order=2), _camp(3, 5, pass_order=1)]
    assert parts.standings(camps) == [(1, 1), (2, 3), (3, 2), (4, 0)]
    assert parts.standings([_camp(0, 4), _camp(1, 4)]) == [(1, 0), (1, 1)]  # not settled yet


def test_a_phalanx_is_a_pile_with_one_edge_per_hoplite_and_its_harrow_beside() -> None:
    """IC-8 / IC-11: a phalanx is one unit of up to 4 Hoplites; a Harrow may sit on it."""
    one = {"kind": "phalanx", "strength": 4, "label": "", "values": [4], "text": "4"}
    three = {**one, "strength": 27, "values": [4, 3, 2], "text": "4-3-2"}
    shielded = {**three, "harrow": True}
    assert army.card_width(three) == army.card_width(one) + 2 * army.PILE
    assert army.card_width(shielded) == army.card_width(three) + army.HARROW_W
    images = []
    for unit in (one, three, shielded):
        image, draw = kit.canvas(400, 160)
        army.army_card(draw, (10, 30), unit, ViewContext())
        images.append(image)
    assert not _same(images[0], images[1]) and not _same(images[1], images[2])


def test_camp_panels_are_as_tall_as_their_army_so_none_stands_empty() -> None:
    card = {"kind": "catapult", "strength": 0, "label": "Catapult"}
    empty, big = _camp(0, 0), _camp(1, 0, units=[card] * 14)
    assert camp_height(empty, 2) < camp_height(big, 2)
    assert camp_height(empty, 2) == camp_height(empty, 5)  # one row, whatever the table
    assert camp_height(big, 5) < camp_height(big, 2)  # five camps share the room


def test_score_chips_are_spelled_out_and_the_legend_explains_the_rest() -> None:
    camp = _camp(0, 0)
    camp["victory"] = [
        {"card": "c1", "kind": "city", "vp": 1, "name": "City 1"},
        {"card": "c2", "kind": "city", "vp": 2, "name": "City 2"},
        {"card": "t2", "kind": "trireme", "vp": 2, "name": "Trireme 2"},
    ]
    camp["thanatos"], camp["amphoras"] = [-1], ["Athena"]
    words = [text for text, _ in parts.score_chips(camp, {"Athena": 2}, ViewContext())]
    assert words == ["Athena 2", "City 1+2", "Trireme 2", "Thanatos -1"]
    legend = " ".join(ViewContext().say(line) for line in parts.LEGEND)
    for term in ("Big number", "H:", "Harrow", "Chips", "Thanatos"):
        assert term in legend
    german = ViewContext(language="de")
    words = [text for text, _ in parts.score_chips(camp, {"Athena": 2}, german)]
    assert words[1:3] == ["Stadt 1+2", "Trireme 2"]


def _first_view(players: int, phase: str, seed: int = 4) -> Any:
    """The public view of the first decision in `phase` of a seeded random game."""
    import random

    chooser = random.Random(seed)
    state = GAME.new_game(players, seed)
    while GAME.to_move(state) is not None:
        view = GAME.view(state, None)
        if view["phase"] == phase:
            return view
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    raise AssertionError(f"no {phase} decision in this game")


def _choice_rows(image: Image.Image) -> set[int]:
    """The rows holding the yellow that marks what the prompt picks among."""
    fill = kit.CHOICE
    width = image.width
    data = image.convert("RGB").tobytes()
    rows = set()
    for y in range(image.height):
        row = data[y * width * 3 : (y + 1) * width * 3]
        if bytes(fill) in row and any(tuple(row[x : x + 3]) == fill for x in range(0, len(row), 3)):
            rows.add(y)
    return rows


def _camp_span(view: Any, seat: int) -> tuple[int, int]:
    """Where a camp is drawn, top to bottom, as render_board lays them out."""
    y = CAMPS_TOP
    for camp in view["camps"]:
        height = camp_height(camp, view["players"], camp_marks(view, camp["seat"])[1])
        if camp["seat"] == seat:
            return y, y + height
        y += height + CAMP_GAP
    raise AssertionError(seat)


@pytest.mark.parametrize("phase", ["put", "hit", "foe", "pick"])
def test_what_the_prompt_picks_among_is_yellow_and_only_there(phase: str) -> None:
    """Issue 13 §3: "choose the card to strike", "whose army", where the card goes, which
    victory card: the candidates are yellow on the board, nothing is without the choices."""
    view = _first_view(4, phase)
    chosen = view["choices"]
    assert chosen is not None
    rows = _choice_rows(_board(view))
    assert rows, f"{phase}: nothing marked"
    assert not _choice_rows(_board({**view, "choices": None}))
    if phase in ("put", "hit"):
        top, bottom = _camp_span(view, chosen["army"])
        assert min(rows) >= top and max(rows) <= bottom, (phase, top, bottom)
    elif phase == "foe":
        spans = [_camp_span(view, seat) for seat in chosen["camps"]]
        assert all(any(t <= y <= b for t, b in spans) for y in rows)
        assert all(any(t <= y <= b for y in rows) for t, b in spans)
    else:
        assert max(rows) < CAMPS_TOP  # the display, up top
