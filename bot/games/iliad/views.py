"""What each seat may see (hands only to their owner), as typed views, and words for actions."""

from __future__ import annotations

from bot.engine import IllegalAction, private_log, visible_log
from bot.engine.memo import remember_views
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
    Token,
    tile_code,
    tile_name,
    token_from_code,
)
from bot.games.iliad.moves import (
    flip_targets,
    landing_squares,
    line_ends,
    movable_tiles,
)
from bot.games.iliad.rules import to_move
from bot.games.iliad.scoring import gods_held, has_favour, outcome, score
from bot.games.iliad.viewtypes import IliadPrivate, LastMove, Marks, TileView, TokenView

# game.py imports these two from here: re-exported
from bot.games.iliad.viewtypes import IliadSeatView as IliadSeatView
from bot.games.iliad.viewtypes import IliadView as IliadView
from bot.i18n import say


def _tile_view(tile: Tile | None) -> TileView | None:
    if tile is None:
        return None
    shown = tile_code(tile.value) if tile.face_up else None
    return {"owner": tile.owner, "tile": shown, "face_up": tile.face_up}


def _token(token: Token) -> TokenView:
    return {"kind": token.kind, "value": token.value, "label": token.label}


def _end(token: Token | None) -> TokenView | None:
    return None if token is None else _token(token)


@remember_views
def public_view(state: State, rules: Rules) -> IliadView:
    """Everything on the table: no hand, no stack order, no face-down value."""
    result = outcome(state, rules)
    return {
        "game": "iliad",
        "players": 2,
        "seats": list(rules.seat_names),
        "first_player": state.first_player,
        "to_move": to_move(state),
        "prompt": prompt(state, rules),
        "log": visible_log(state.log, None),
        "outcome": None if result is None else result.to_dict(),
        "colours": list(rules.colours),
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "board": [_tile_view(t) for t in state.board],
        "square_owner": [square_colour(s, rules.blue_parity) for s in range(36)],
        "lines": {
            name: [_end(state.ends[2 * i]), _end(state.ends[2 * i + 1])]
            for i, name in enumerate(LINE_NAMES)
        },
        "reserve": [_token(t) for t in state.reserve],
        "collected": [[_token(t) for t in mine] for mine in state.collected],
        "scores": [score(mine) for mine in state.collected],
        "gods": [gods_held(mine) for mine in state.collected],
        "favour": [has_favour(mine) for mine in state.collected],
        "stack_sizes": [len(s) for s in state.stacks],
        "hand_sizes": [len(h) for h in state.hands],
        "last_move": _last_move(state),
        "marks": marks(state, rules),
    }


def view(state: State, seat: int | None, rules: Rules) -> IliadView | IliadSeatView:
    """The public view (seat None), or exactly that plus the seat's hand and private lines."""
    public = public_view(state, rules)
    if seat is None:
        return public
    private: IliadPrivate = {
        "hand": [tile_code(v) for v in state.hands[seat]],
        "log": private_log(state.log, seat),
    }
    return {**public, "seat": seat, "private": private}


def _last_move(state: State) -> LastMove | None:
    public = [e for e in state.log if e.seat is None]
    if not state.last_squares or not public:
        return None
    return {
        "seat": state.last_seat,
        "text": public[-1].text,
        "squares": [SQUARE_NAMES[s] for s in state.last_squares],
    }


def marks(state: State, rules: Rules) -> Marks:
    """IL-8: the squares a prompt about an effect names, so the board can mark them.

    Choosing a tile to move (1, 2) or to turn face down (4) marks the candidates; choosing
    where a lifted tile goes marks it and its landing squares. All of it is public.
    """
    nothing: Marks = {"moving": None, "targets": []}
    if state.phase == "effect" and state.placed is not None:
        tile = state.board[state.placed]
        value = tile.value if tile is not None else 0
        if value in (1, 2):
            owner = 1 - state.turn if value == 1 else state.turn
            return {"moving": None, "targets": _names(movable_tiles(state, rules, owner))}
        if value == 4:
            return {"moving": None, "targets": _names(flip_targets(state, rules))}
        return nothing
    if state.phase == "effect_target" and state.given is None and state.lifted is not None:
        lifted = state.board[state.lifted]
        squares = landing_squares(state, rules, lifted.owner) if lifted is not None else []
        return {"moving": SQUARE_NAMES[state.lifted], "targets": _names(squares)}
    return nothing


def _names(squares: list[int]) -> list[str]:
    return [SQUARE_NAMES[s] for s in sorted(squares)]


def prompt(state: State, rules: Rules) -> str:
    """What the seat to move must decide now, in words; the result once the game is over."""
    result = outcome(state, rules)
    if result is not None:
        return result.summary
    mover = to_move(state)
    assert mover is not None
    name, other = rules.seat_names[mover], rules.seat_names[1 - mover]
    if state.phase == "place":
        return say("iliad.prompt.place", seat=name)
    if state.phase == "effect":
        return say("iliad.prompt.effect", seat=name, offer=_effect_offer(state, other))
    if state.phase == "effect_target" and state.given is not None:
        return say("iliad.prompt.take_for", seat=name, token=state.given.label)
    if state.phase == "effect_target":
        assert state.lifted is not None
        return say("iliad.prompt.where", seat=name, tile=_lifted(state, mover, rules))
    if state.phase == "order":
        return say("iliad.prompt.order", seat=name)
    assert state.scoring is not None
    return say("iliad.prompt.token", seat=name, line=line_label(state.scoring), other=other)


def _lifted(state: State, mover: int, rules: Rules) -> str:
    """The tile an effect 1 or 2 is moving, as the mover calls it: 'your 1 on c3'."""
    assert state.lifted is not None
    square = SQUARE_NAMES[state.lifted]
    tile = state.board[state.lifted]
    if tile is None or tile.owner != mover:
        return _tile_on(state, square, rules)
    what = tile_name(tile.value) if tile.face_up else say("iliad.face_down")
    return say("iliad.your_tile_on", tile=what, square=square)


def _effect_offer(state: State, other: str) -> str:
    """IL-8: what the tile just placed offers to do."""
    assert state.placed is not None
    tile = state.board[state.placed]
    assert tile is not None
    return {
        1: say("iliad.offer.1", other=other),
        2: say("iliad.offer.2"),
        3: say("iliad.offer.3"),
        4: say("iliad.offer.4", other=other),
    }[tile.value]


def describe(action: Action, state: State | None, rules: Rules) -> str:
    """Words for a button or an autocomplete entry (the seat is implied)."""
    kind = action.kind
    if kind == PLACE:
        value = 0 if action.target == "D" else int(action.target)
        return say("iliad.do.place", tile=tile_name(value), square=action.detail)
    if kind == DECLINE:
        return say("iliad.do.decline")
    if kind == LIFT:
        return say("iliad.do.lift", tile=_tile_on(state, action.target, rules))
    if kind == MOVE:
        return say("iliad.do.move", square=action.target)
    if kind == FLIP:
        return say("iliad.do.flip", tile=_tile_on(state, action.target, rules))
    if kind == GIVE:
        return say("iliad.do.give", token=token_from_code(action.target).label)
    if kind == TAKE:
        return say("iliad.do.take", token=token_from_code(action.target).label)
    if kind == SCORE:
        return say("iliad.do.score", line=line_label(LINE_NAMES.index(action.target)))
    if kind == CHOOSE:
        return _choice_words(action, state)
    raise IllegalAction(say("iliad.unknown_move"))


def _tile_on(state: State | None, square: str, rules: Rules) -> str:
    tile = state.board[SQUARE_INDEX[square]] if state else None
    if tile is None:
        return say("iliad.tile_on", square=square)
    what = tile_name(tile.value) if tile.face_up else say("iliad.face_down")
    return say("iliad.owned_on", seat=rules.seat_names[tile.owner], tile=what, square=square)


def _choice_words(action: Action, state: State | None) -> str:
    chosen = token_from_code(action.target)
    if state is None or state.scoring is None:
        return say("iliad.do.choose", token=chosen.label)
    first, second = line_ends(state)
    other = second if chosen == first else first
    return say("iliad.do.choose_other", token=chosen.label, other=other.label)
