"""Action codes for buttons ('pHJ', 's2', 'c1', 'xH', 'tco', 'v3', 'go', 'end') and their words."""

from __future__ import annotations

import re

from bot.engine import IllegalAction
from bot.games.ilium.data import path_codes, rules
from bot.games.ilium.model import CARD, CUBES, FINISH, PATH, SITE, SPACE, TOKEN, Action, State
from bot.games.ilium.text import token_words

_PATTERN = re.compile(r"(v)([1-9])|(p)([A-Z]{2})|(s)([1-9])|(c)([0-9])|(x)([A-Z])|(t)([a-z]{2})")
_FINISH = {"go": 0, "end": 1}


def encode(action: Action) -> str:
    """Short stable text for an action."""
    kind, arg = action
    board = rules()
    if kind == PATH:
        return path_codes()[arg]
    if kind == SITE:
        return f"x{board.sites[arg].name}"
    if kind == TOKEN:
        return f"t{board.type_codes[arg]}"
    if kind == FINISH:
        return "end" if arg else "go"
    prefix = {CARD: "v", SPACE: "s", CUBES: "c"}[kind]
    return f"{prefix}{arg + 1 if kind == SPACE else arg}"


def decode(text: str) -> Action:
    """Inverse of encode; IllegalAction for anything that is no Ilium move."""
    if text in _FINISH:
        return Action(FINISH, _FINISH[text])
    found = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if not found:
        raise IllegalAction(f"{text!r} is not an Ilium move.")
    prefix, body = [group for group in found.groups() if group is not None]
    board = rules()
    names = [site.name for site in board.sites]
    try:
        if prefix == "p":
            return Action(PATH, path_codes().index(text))
        if prefix == "x":
            return Action(SITE, names.index(body))
        if prefix == "t":
            return Action(TOKEN, board.type_codes.index(body))
    except ValueError:
        raise IllegalAction(f"{text!r} is not an Ilium move.") from None
    kind = {"v": CARD, "s": SPACE, "c": CUBES}[prefix]
    return Action(kind, int(body) - 1 if kind == SPACE else int(body))


def describe(action: Action, state: State | None = None) -> str:
    """Human words for an action, more precise when the state is known."""
    kind, arg = action
    board = rules()
    if kind == CARD:
        return f"play a {arg}"
    if kind == PATH:
        return f"place on pathway {board.path_name(arg)}"
    if kind == SPACE:
        if state is None or state.path < 0:
            return f"space {arg + 1} from the shovel"
        length = board.pathways[state.path].spaces
        shovel = " (at the shovel)" if arg == 0 else ""
        return f"space {arg + 1} of {length} from the shovel{shovel}"
    if kind == CUBES:
        return "add no supply cube" if arg == 0 else f"add {arg} supply cube{'s' * (arg > 1)}"
    if kind == SITE:
        return _site_words(arg, state)
    if kind == TOKEN:
        return _token_choice_words(arg, state)
    return "end the game now" if arg else "play on"


def _site_words(site: int, state: State | None) -> str:
    words = f"take first from site {rules().sites[site].name}"
    if state is None or not state.sites[site]:
        return words
    first = state.sites[site][0]
    if state.vaults:
        return f"{words} (next: {token_words(first)})"
    return f"{words} (lowest {first[1]})"


def _token_choice_words(kind: int, state: State | None) -> str:
    if state is None or not state.takes:
        return f"take the {rules().type_names[kind]}"
    tokens = state.sites[state.takes[0][1]]
    low = min(value for _, value in tokens) if tokens else 0
    return f"take {token_words((kind, low))}"
