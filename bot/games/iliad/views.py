"""What each seat may see (hands only to their owner), the JSON dump, and words for actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import IllegalAction, LogEntry, visible_log
from bot.games.iliad.board import LINE_NAMES, SQUARE_INDEX, SQUARE_NAMES, line_label, square_colour
from bot.games.iliad.data import Rules
from bot.games.iliad.model import (
    CHOOSE,
    DECLINE,
    FLIP,
    GIVE,
    LIFT,
    MOVE,
    PLACE,
    SCORE,
    TAKE,
    Action,
    State,
    Tile,
    tile_code,
    tile_name,
    token_from_code,
)
from bot.games.iliad.rules import line_ends, to_move
from bot.games.iliad.scoring import final_outcome, gods_held, has_favour, score

PROMPTS = {
    "place": "{name}: place a tile",
    "effect": "{name}: use the tile's effect or decline",
    "effect_target": "{name}: finish the effect",
    "order": "{name}: choose which full line scores first",
    "token": "{name}: choose a token",
    "over": "The game is over",
}


def _tile_view(tile: Tile | None) -> dict[str, Any] | None:
    if tile is None:
        return None
    shown = tile_code(tile.value) if tile.face_up else None
    return {"owner": tile.owner, "tile": shown, "face_up": tile.face_up}


def view(state: State, seat: int | None, rules: Rules) -> dict[str, Any]:
    """Public view (seat None) or a seat's view: the same plus that seat's hand."""
    names = rules.seat_names
    mover = to_move(state)
    result: dict[str, Any] = {
        "game": "iliad",
        "players": 2,
        "seats": list(names),
        "colours": list(rules.colours),
        "first_player": state.first_player,
        "to_move": mover,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "prompt": PROMPTS[state.phase].format(name=names[state.turn if mover is None else mover]),
        "board": [_tile_view(t) for t in state.board],
        "square_owner": [square_colour(s, rules.blue_parity) for s in range(36)],
        "lines": {
            name: [_token(state.ends[2 * i]), _token(state.ends[2 * i + 1])]
            for i, name in enumerate(LINE_NAMES)
        },
        "reserve": [t.to_view() for t in state.reserve],
        "collected": [[t.to_view() for t in mine] for mine in state.collected],
        "scores": [score(mine) for mine in state.collected],
        "gods": [gods_held(mine) for mine in state.collected],
        "favour": [has_favour(mine) for mine in state.collected],
        "stack_sizes": [len(s) for s in state.stacks],
        "hand_sizes": [len(h) for h in state.hands],
        "last_move": _last_move(state),
        "log": visible_log(state.log, seat),
        "outcome": outcome_of(state, rules),
    }
    if seat is not None:
        result["seat"] = seat
        result["hand"] = [tile_code(v) for v in state.hands[seat]]
    return result


def _token(token: Any) -> dict[str, Any] | None:
    return None if token is None else dict(token.to_view())


def _last_move(state: State) -> dict[str, Any] | None:
    public = [e for e in state.log if e.seat is None]
    if not state.last_squares or not public:
        return None
    return {
        "seat": state.last_seat,
        "text": public[-1].text,
        "squares": [SQUARE_NAMES[s] for s in state.last_squares],
    }


def outcome_of(state: State, rules: Rules) -> dict[str, Any] | None:
    """The final result as JSON, once the game is over."""
    if state.phase != "over":
        return None
    return final_outcome(state.collected, rules.seat_names).to_dict()


def describe(action: Action, state: State | None, rules: Rules) -> str:
    """Words for a button or an autocomplete entry (the seat is implied)."""
    kind = action.kind
    if kind == PLACE:
        value = 0 if action.target == "D" else int(action.target)
        return f"place {tile_name(value)} on {action.detail}"
    if kind == DECLINE:
        return "decline the effect"
    if kind == LIFT:
        return f"move {_tile_on(state, action.target, rules)}"
    if kind == MOVE:
        return f"move it to {action.target}"
    if kind == FLIP:
        return f"turn your 4 and {_tile_on(state, action.target, rules)} face down"
    if kind == GIVE:
        return f"give back {token_from_code(action.target).label}"
    if kind == TAKE:
        return f"take {token_from_code(action.target).label} from the reserve"
    if kind == SCORE:
        return f"score {line_label(LINE_NAMES.index(action.target))} first"
    if kind == CHOOSE:
        return _choice_words(action, state)
    raise IllegalAction("Unknown move.")


def _tile_on(state: State | None, square: str, rules: Rules) -> str:
    tile = state.board[SQUARE_INDEX[square]] if state else None
    if tile is None:
        return f"the tile on {square}"
    what = tile_name(tile.value) if tile.face_up else "face-down tile"
    return f"{rules.seat_names[tile.owner]}'s {what} on {square}"


def _choice_words(action: Action, state: State | None) -> str:
    chosen = token_from_code(action.target)
    if state is None or state.scoring is None:
        return f"take {chosen.label}"
    first, second = line_ends(state)
    other = second if chosen == first else first
    return f"take {chosen.label} (the other player gets {other.label})"


def dump(state: State) -> dict[str, Any]:
    """Full JSON, secrets included: server side only."""
    return {
        "seed": state.seed,
        "first_player": state.first_player,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "board": [None if t is None else [t.owner, t.value, t.face_up] for t in state.board],
        "ends": [None if t is None else t.code for t in state.ends],
        "reserve": [t.code for t in state.reserve],
        "collected": [[t.code for t in mine] for mine in state.collected],
        "hands": [list(h) for h in state.hands],
        "stacks": [list(s) for s in state.stacks],
        "placed": state.placed,
        "lifted": state.lifted,
        "given": None if state.given is None else state.given.code,
        "due": list(state.due),
        "scoring": state.scoring,
        "winner": state.winner,
        "last_squares": list(state.last_squares),
        "last_seat": state.last_seat,
        "log": [e.to_json() for e in state.log],
    }


def load(data: Mapping[str, Any]) -> State:
    """Inverse of dump."""
    board = tuple(
        None if t is None else Tile(int(t[0]), int(t[1]), bool(t[2])) for t in data["board"]
    )
    return State(
        seed=int(data["seed"]),
        first_player=int(data["first_player"]),
        turn=int(data["turn"]),
        turn_number=int(data["turn_number"]),
        phase=str(data["phase"]),
        board=board,
        ends=tuple(None if c is None else token_from_code(c) for c in data["ends"]),
        reserve=tuple(token_from_code(c) for c in data["reserve"]),
        collected=tuple(tuple(token_from_code(c) for c in mine) for mine in data["collected"]),
        hands=tuple(tuple(int(v) for v in h) for h in data["hands"]),
        stacks=tuple(tuple(int(v) for v in s) for s in data["stacks"]),
        placed=data["placed"],
        lifted=data["lifted"],
        given=None if data["given"] is None else token_from_code(data["given"]),
        due=tuple(int(d) for d in data["due"]),
        scoring=data["scoring"],
        winner=data["winner"],
        last_squares=tuple(int(s) for s in data["last_squares"]),
        last_seat=data["last_seat"],
        log=tuple(LogEntry.from_json(e) for e in data["log"]),
    )
