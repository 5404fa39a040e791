"""What players see (everything but the order of face-down tiles) and words for actions."""

from __future__ import annotations

from bot.engine import private_log, visible_log
from bot.engine.memo import remember_views
from bot.games.atlandice.data import (
    CLOCK,
    CLOCK_END,
    KINDS,
    MARKET,
    MARKET_SYMBOLS,
    SEAT_NAMES,
    TILES,
    area_name,
    district_name,
    kind_name,
    line_words,
    tile_name,
    tile_short,
)
from bot.games.atlandice.effects import beneficiary
from bot.games.atlandice.model import (
    OVER,
    Action,
    State,
    active_tile,
    area_of,
    holders,
    is_closed,
    takes_per_round,
)
from bot.games.atlandice.rules import legal_actions, to_move
from bot.games.atlandice.scoring import final_scores, holder_name, outcome, totals
from bot.games.atlandice.viewtypes import (
    AtlandiceArea,
    AtlandiceHolder,
    AtlandicePick,
    AtlandicePrivate,
    AtlandiceSeatView,
    AtlandiceView,
)
from bot.i18n import say

PROMPTS = {  # the question of each decision (parameters: _memo_words)
    "take": "atlandice.ask.take",
    "grab": "atlandice.ask.grab",
    "bonus": "atlandice.ask.bonus",
    "more": "atlandice.ask.more",
    "tick": "atlandice.ask.tick",
    "dive": "atlandice.ask.dive",
    "swap1": "atlandice.ask.swap1",
    "swap2": "atlandice.ask.swap2",
    "steal": "atlandice.ask.steal",
    "tomarket": "atlandice.ask.tomarket",
    "second": "atlandice.ask.second",
    "out1": "atlandice.ask.out1",
    "out2": "atlandice.ask.out2",
    "turn1": "atlandice.ask.turn1",
    "turn2": "atlandice.ask.turn2",
    "subm": "atlandice.ask.subm",
    "mkt": "atlandice.ask.mkt",
    "donate": "atlandice.ask.donate",
}


def _memo_words(state: State) -> dict[str, str]:
    memo = state.memo
    return {
        "area": area_name(state.area) if state.area else "",
        "kind": kind_name(state.area) if 1 <= state.area <= 5 else "",
        "memo": str(memo),
        "memo_area": area_name(memo) if 1 <= memo <= 6 else "",
        "memo_kind": kind_name(memo) if 1 <= memo <= 5 else "",
    }


def prompt(state: State) -> str:
    """What the seat to move is asked, in words; the result once the game is over."""
    seat = to_move(state)
    if seat is None:
        result = outcome(state)
        return result.summary if result else say("atlandice.refuse.over")
    text = say(PROMPTS[state.step], **_memo_words(state))
    if state.step not in ("take", "donate") and beneficiary(state) >= state.players:
        text = say("atlandice.ask.for_neutral", ask=text)
    return say("atlandice.prompt", seat=SEAT_NAMES[seat], ask=text)


AREA_VERBS = frozenset("tnas")  # actions that name an area: take its die, target it, steal there


def choices(state: State) -> list[int]:
    """The areas the seat to move picks among now, so the board can frame what the prompt means."""
    return sorted({a.x for a in legal_actions(state) if a.verb in AREA_VERBS})


KIND_AREAS = {"swap1": 1, "tomarket": 2, "second": 2, "out1": MARKET, "mkt": MARKET}


def resource_choices(state: State) -> list[AtlandicePick]:
    """The resources lying in areas that the seat to move picks among now ("take a resource at
    the Forges", "move which resource from the black market?"), for the board to ring them."""
    picks = set()
    for verb, x, y in legal_actions(state):
        if verb == "s":
            picks.add((x, y))
        elif verb == "k":
            picks.add((KIND_AREAS.get(state.step, state.area), x))
    return [{"area": area, "resource": KINDS[kind - 1]} for area, kind in sorted(picks)]


def _goods(counts: tuple[int, ...]) -> dict[str, int]:
    return {KINDS[k]: n for k, n in enumerate(counts)}


def _area(state: State, area: int) -> AtlandiceArea:
    tile = active_tile(state, area)
    dice = [f for f in state.dice if area_of(state, f) == area]
    out: AtlandiceArea = {
        "number": area,
        "name": district_name(area),
        "resource": KINDS[area - 1] if area != MARKET else None,
        "closed": area != MARKET and is_closed(state, area),
        "goods": _goods(state.goods[area - 1]),
        "dice": dice,
        "submarine": state.sub == area,
        "symbols": MARKET_SYMBOLS
        if area == MARKET
        else (TILES[tile].symbols if tile is not None else 0),
        "tile": None,
        "face_down": 0 if area == MARKET else max(0, len(state.stacks[area - 1]) - 1),
    }
    if tile is not None:
        t = TILES[tile]
        name, short = tile_name(tile), tile_short(tile)
        out["tile"] = {"name": name, "effect": t.effect, "short": short, "symbols": t.symbols}
    return out


def _holder(state: State, h: int, live: list[int]) -> AtlandiceHolder:
    return {
        "name": holder_name(state, h),
        "seat": h if h < state.players else None,
        "neutral": h >= state.players,
        "goods": _goods(state.held[h]),
        "tiles": [tile_name(t) for t in state.won[h]],
        "chips": state.chips[h],
        "vp": live[h],
    }


def view(state: State, seat: int | None) -> AtlandiceView | AtlandiceSeatView:
    """The public view (seat None), or it plus whose it is and that seat's private lines."""
    public = public_view(state)
    if seat is None:
        return public
    private: AtlandicePrivate = {"log": private_log(state.log, seat)}
    return {**public, "seat": seat, "private": private}


@remember_views
def public_view(state: State) -> AtlandiceView:
    """The whole table as JSON; nothing is secret except the face-down tiles' order."""
    over = state.step == OVER
    live = totals(state, final=over)
    log = visible_log(state.log, None)
    if state.line:
        log.append(say("atlandice.line.open", line=line_words(state.line)))
    result = outcome(state)
    return {
        "game": "atlandice",
        "players": state.players,
        "seats": list(SEAT_NAMES[: state.players]),
        "first_player": state.first,
        "to_move": to_move(state),
        "prompt": result.summary if result else prompt(state),
        "log": log,
        "outcome": result.to_dict() if result else None,
        "round": state.round,
        "start_player": state.start,
        "scores": live[: state.players],
        "clock": {
            "hand": state.hand,
            "end": CLOCK_END,
            "symbols": {str(k): v for k, v in sorted(CLOCK.items())},
        },
        "sunk": state.sunk or state.hand >= CLOCK_END,
        "areas": [_area(state, a) for a in range(1, 7)],
        "submarine": state.sub,
        "holders": [_holder(state, h, live) for h in range(holders(state))],
        "dice_left": len(state.dice),
        "takes_left": 0 if over else takes_per_round(state) - len(state.taken),
        "step": state.step,
        "searching": state.area or None,
        "choices": choices(state),
        "resource_choices": resource_choices(state),
        "final": [{KINDS[k - 1]: vp for k, vp in got} for got in final_scores(state)]
        if over
        else None,
    }


def describe(action: Action, state: State | None = None) -> str:
    """Human words for an action, more precise when the state is known."""
    verb, x, y = action
    step = state.step if state is not None else ""
    if verb in ("t", "n"):
        face = x
        if state is not None:
            face = next((f for f in state.dice if area_of(state, f) == x), x)
        key = "atlandice.do.take_neutral" if verb == "n" else "atlandice.do.take"
        return say(key, face=face, area=area_name(x))
    if verb == "p":
        return say("atlandice.do.donate", first=kind_name(x), second=kind_name(y))
    if verb == "x":
        stops = {"donate": "atlandice.do.stop_donating", "tick": "atlandice.do.leave_clock"}
        return say(stops.get(step, "atlandice.do.decline"))
    if verb == "y":
        return _yes_words(state)
    if verb == "s":
        key = "atlandice.do.swap_for" if step == "swap2" else "atlandice.do.take_from"
        return say(key, kind=kind_name(y), area=area_name(x))
    if verb == "k":
        return _kind_words(step, x)
    return _area_words(step, x, state)


def _yes_words(state: State | None) -> str:
    if state is None:
        return say("atlandice.do.yes")
    if state.step == "tick":
        return say("atlandice.do.move_hand", hand=state.hand + 1)
    if state.step == "dive":
        return say("atlandice.do.search", area=area_name(state.memo))
    if 1 <= state.area <= 5:
        return say("atlandice.do.one_more", kind=kind_name(state.area))
    return say("atlandice.do.yes")


KIND_CHOICES = {  # the words of choosing a resource, by decision
    "bonus": "atlandice.do.kind_submarine",
    "swap1": "atlandice.do.kind_swap",
    "tomarket": "atlandice.do.kind_to_market",
    "second": "atlandice.do.one_more",
    "out1": "atlandice.do.kind_from_market",
    "mkt": "atlandice.do.kind_market",
}


def _kind_words(step: str, kind: int) -> str:
    return say(KIND_CHOICES.get(step, "atlandice.do.kind"), kind=kind_name(kind))


def _area_words(step: str, area: int, state: State | None) -> str:
    place = area_name(area)
    if step == "out2":
        return say("atlandice.do.onto", area=place)
    if step == "turn1":
        return say("atlandice.do.turn_die", area=place)
    if step == "turn2":
        return say("atlandice.do.to_face", face=area if area != MARKET else 6, area=place)
    return say("atlandice.do.submarine", area=place)
