"""Ilium's side panel (each player's cards, cubes and tokens) and a seat's private image."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.engine.view import ViewContext
from bot.games.ilium.viewtypes import IliumPrivate, IliumScore, IliumSeat, IliumSeatView, IliumView
from rendering import kit
from rendering.ilium_parts import TYPE_COLOURS, chip, player_colour

PANEL_X = 1290
PANEL_RIGHT = 1785
ROW = 31
SMALL_CHIP = 27
DONATED = (200, 30, 30)


def seat_title(view: IliumView, context: ViewContext, seat: int) -> str:
    """The colour with its player's name ('Red — ann'), or the colour alone."""
    return kit.seat_label(context, seat, view["seats"])


def draw_panel(draw: ImageDraw.ImageDraw, view: IliumView, context: ViewContext) -> None:
    """One block per player, stacked down the right side."""
    height = (1200 - 30) // max(view["players"], 3)
    for seat in range(view["players"]):
        _player(draw, view, context, seat, (PANEL_X, 20 + seat * height), height - 12)


def _player(
    draw: ImageDraw.ImageDraw,
    view: IliumView,
    context: ViewContext,
    seat: int,
    at: tuple[int, int],
    height: int,
) -> None:
    x, y = at
    info = view["table"][seat]
    colour = player_colour(view, seat)
    moving = view["to_move"] == seat
    draw.rounded_rectangle(
        (x, y, PANEL_RIGHT, y + height),
        12,
        fill=(255, 252, 244),
        outline=kit.HIGHLIGHT if moving else (210, 200, 180),
        width=5 if moving else 2,
    )
    draw.ellipse((x + 14, y + 12, x + 40, y + 38), fill=colour, outline=kit.INK, width=2)
    title = seat_title(view, context, seat) + ("  - to move" if moving else "")
    title = kit.fit_text(draw, title, 26, PANEL_RIGHT - x - 215)
    kit.text(draw, (x + 50, y + 10), title, 26, kit.INK)
    kit.text(draw, (PANEL_RIGHT - 16, y + 16), "tokens / artifacts", 16, kit.MUTED, "ra")
    # once the game is over, the score replaces the supplies
    lines = _final_lines(view, context, seat) or [_supplies(info), _cards_line(info)]
    kit.text(draw, (x + 16, y + 44), lines[0], 18, kit.INK)
    kit.text(draw, (x + 16, y + 66), lines[1], 18, kit.MUTED)
    top = y + 94
    for kind, name in enumerate(view["types"]):
        _type_row(draw, view, seat, kind, name, (x + 16, top + kind * ROW))


def _supplies(info: IliumSeat) -> str:
    return (
        f"{info['deck']} cards, {info['archaeologists_left']} archaeologists, "
        f"{info['cubes']} cube{'s' * (info['cubes'] != 1)} left"
    )


def _cards_line(info: IliumSeat) -> str:
    played = info["played"]
    last = f"last card {played[-1]}" if played else "no card yet"
    if info["cards_left"] is not None:
        left = ", ".join(f"{n} x{v}" for v, n in info["cards_left"].items())
        return f"{last}; left: {left}"
    return f"{last}; {len(played)} played"


def _type_row(
    draw: ImageDraw.ImageDraw,
    view: IliumView,
    seat: int,
    kind: int,
    name: str,
    at: tuple[int, int],
) -> None:
    x, y = at
    info = view["table"][seat]
    draw.rounded_rectangle((x, y + 2, x + 12, y + SMALL_CHIP), 3, fill=TYPE_COLOURS[kind])
    kit.text(draw, (x + 18, y + 4), name, 18, kit.INK)
    values = [t for t in info["collected"] if t[0] == kind]
    shown = values[:9]
    given = _donated(view, seat, kind)
    for i, token in enumerate(shown):
        left = x + 112 + i * (SMALL_CHIP + 3)
        chip(draw, (left, y), token, SMALL_CHIP, view["trigger_value"])
        if given is not None and list(token) == given:
            given = None  # cross out one copy only
            draw.line((left, y, left + SMALL_CHIP, y + SMALL_CHIP), fill=DONATED, width=4)
            draw.line((left, y + SMALL_CHIP, left + SMALL_CHIP, y), fill=DONATED, width=4)
    if len(values) > len(shown):
        kit.text(draw, (x + 112 + 9 * 30, y + 4), "+", 18, kit.INK)
    tally: IliumScore | IliumSeat = _final_score(view, seat) or info
    total = f"{tally['tokens_by_type'][kind]} / {tally['artifacts_by_type'][kind]}"
    kit.text(draw, (PANEL_RIGHT - 16, y + 4), total, 18, kit.INK, "ra")


def _final_score(view: IliumView, seat: int) -> IliumScore | None:
    """The seat's tally after its donation, once the game is over."""
    final = view["final"]
    return final["scores"][seat] if final else None


def _donated(view: IliumView, seat: int, kind: int) -> list[int] | None:
    """The token of this type the seat gave to its historian, once the game is over."""
    final = view["final"]
    if not final:
        return None
    given = final["donations"][seat]
    return list(given) if given and given[0] == kind else None


def _final_lines(view: IliumView, context: ViewContext, seat: int) -> list[str]:
    outcome, final = context.outcome(view), view["final"]
    if not outcome or not final:
        return []
    given = final["donations"][seat]
    gift = f"gave {view['types'][given[0]]} {given[1]}" if given else "nothing to give"
    score = final["scores"][seat]
    return [
        f"{score['points']} points = majorities {score['majorities']} + sets {score['sets']}"
        f" x {final['set_points']}; place {outcome['ranking'][seat]}",
        f"Historian {final['historians'][seat]}: {gift}",
    ]


def draw_hand(
    draw: ImageDraw.ImageDraw, view: IliumSeatView, context: ViewContext, size: tuple[int, int]
) -> None:
    """The seat's historian card, its next card (or cards left) and its own tally."""
    secret = view["private"]
    seat = view["seat"]
    info = view["table"][seat]
    colour = player_colour(view, seat)
    draw.rectangle((0, 0, size[0], 64), fill=colour)
    heading = kit.fit_text(
        draw, f"{seat_title(view, context, seat)} - your private cards", 30, size[0] - 48
    )
    kit.text(draw, (24, 14), heading, 30, kit.readable_on(colour))
    historian = secret["historian"]
    kind = view["types"].index(historian) if historian in view["types"] else 0
    _card(draw, (40, 100, 420, 470), "Historian", historian, TYPE_COLOURS[kind])
    kit.text(
        draw, (40, 480), f"At the end you give up your biggest\n{historian} token.", 18, kit.INK
    )
    _next_card(draw, secret, (480, 100, 860, 470))
    mine = ", ".join(
        f"{name} {n}/{a}"
        for name, n, a in zip(
            view["types"], info["tokens_by_type"], info["artifacts_by_type"], strict=True
        )
    )
    kit.text(draw, (480, 480), _supplies(info), 18, kit.INK)
    kit.text(draw, (40, 548), f"Tokens/artifacts: {mine}", 18, kit.MUTED)


def _next_card(draw: ImageDraw.ImageDraw, secret: IliumPrivate, box: Sequence[int]) -> None:
    if secret["hand"] is not None:
        left = "  ".join(f"{v}: x{n}" for v, n in secret["hand"].items())
        _card(draw, box, "Cards left", left, (236, 228, 210), size=34)
        return
    nxt = secret["next_card"]
    text = str(nxt) if nxt is not None else "none"
    _card(draw, box, "Next card", text, (236, 228, 210), size=96 if nxt is not None else 40)
    if nxt is not None:
        words = "archaeologist" + ("s" if nxt != 1 else "")
        kit.centred(draw, ((box[0] + box[2]) / 2, box[3] - 50), words, 24)


def _card(
    draw: ImageDraw.ImageDraw,
    box: Sequence[int],
    label: str,
    text: str,
    fill: kit.RGB,
    size: int = 44,
) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), 22, fill=fill, outline=kit.INK, width=3)
    kit.centred(draw, ((x0 + x1) / 2, y0 + 36), label, 26)
    kit.centred(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 20), text, size)
