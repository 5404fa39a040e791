"""What players see (everything but the order of face-down tiles) and words for actions."""

from __future__ import annotations

from bot.engine import private_log, visible_log
from bot.games.atlandice.data import (
    AREA_NAMES,
    CLOCK,
    CLOCK_END,
    KINDS,
    MARKET,
    MARKET_SYMBOLS,
    SEAT_NAMES,
    TILES,
    area_name,
    kind_name,
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

PROMPTS = {
    "take": "take a die",
    "grab": "take a resource at {area}",
    "bonus": "the submarine is here: take one more at {area}",
    "more": "rolled {memo}: take one more {kind}?",
    "tick": "rolled {memo}: move the clock hand one space?",
    "dive": "rolled {memo}: search {memo_area} too?",
    "swap1": "Jewelers: which resource here to swap?",
    "swap2": "swap the {memo_kind} for which resource?",
    "steal": "rolled {memo}: take a resource from another district?",
    "tomarket": "move a resource from the Libraries to the black market?",
    "second": "second die: take one more at the Libraries?",
    "out1": "move which resource from the black market?",
    "out2": "move the {memo_kind} onto which district?",
    "turn1": "turn which die not yet taken?",
    "turn2": "turn the die at {memo_area} to which face?",
    "subm": "move the submarine where?",
    "mkt": "rolled {memo}: take a resource from the black market?",
    "donate": "donate a pair of resources for 1 VP, or stop",
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
        return result.summary if result else "The game is over."
    text = PROMPTS[state.step].format(**_memo_words(state))
    if state.step not in ("take", "donate") and beneficiary(state) >= state.players:
        text += " (for the neutral player)"
    return f"{SEAT_NAMES[seat]}: {text}"


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
        "name": AREA_NAMES[area - 1],
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
        out["tile"] = {"name": t.name, "effect": t.effect, "short": t.short, "symbols": t.symbols}
    return out


def _holder(state: State, h: int, live: list[int]) -> AtlandiceHolder:
    return {
        "name": holder_name(state, h),
        "seat": h if h < state.players else None,
        "neutral": h >= state.players,
        "goods": _goods(state.held[h]),
        "tiles": [TILES[t].name for t in state.won[h]],
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


def public_view(state: State) -> AtlandiceView:
    """The whole table as JSON; nothing is secret except the face-down tiles' order."""
    over = state.step == OVER
    live = totals(state, final=over)
    log = visible_log(state.log, None)
    if state.line:
        head, *parts = state.line
        log.append(head + (": " + ", ".join(parts) if parts else "") + " ...")
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
        text = f"take the {face} at {area_name(x)}"
        return text + (" for the neutral player" if verb == "n" else "")
    if verb == "p":
        return f"donate a {kind_name(x)} and a {kind_name(y)} (+1 VP)"
    if verb == "x":
        return {"donate": "stop donating", "tick": "leave the clock"}.get(step, "decline")
    if verb == "y":
        return _yes_words(state)
    if verb == "s":
        what = "swap for" if step == "swap2" else "take"
        return f"{what} a {kind_name(y)} from {area_name(x)}"
    if verb == "k":
        return _kind_words(step, x)
    return _area_words(step, x, state)


def _yes_words(state: State | None) -> str:
    if state is None:
        return "yes"
    if state.step == "tick":
        return f"move the hand to {state.hand + 1}"
    if state.step == "dive":
        return f"search {area_name(state.memo)}"
    return f"take one more {kind_name(state.area)}" if 1 <= state.area <= 5 else "yes"


def _kind_words(step: str, kind: int) -> str:
    word = kind_name(kind)
    return {
        "bonus": f"take a {word} (submarine)",
        "swap1": f"swap a {word} from the Jewelers",
        "tomarket": f"move a {word} to the black market",
        "second": f"take one more {word}",
        "out1": f"move a {word} from the black market",
        "mkt": f"take a {word} from the black market",
    }.get(step, f"take a {word}")


def _area_words(step: str, area: int, state: State | None) -> str:
    place = area_name(area)
    if step == "out2":
        return f"onto {place}"
    if step == "turn1":
        return f"turn the die at {place}"
    if step == "turn2":
        return f"to {area} ({place})" if area != MARKET else f"to 6 ({place})"
    return f"move the submarine to {place}"
