"""What each seat may see (the public board; a seat's historian and next card) and action words."""

from __future__ import annotations

from collections import Counter

from bot.engine import private_log, visible_log
from bot.games.ilium.data import open_paths, rules
from bot.games.ilium.model import (
    CARD,
    CUBES,
    FINISH,
    OVER,
    PATH,
    SITE,
    SPACE,
    TOKEN,
    Action,
    State,
)
from bot.games.ilium.rules import has_room, to_move, triggers_out
from bot.games.ilium.scoring import donations, final_scores, outcome
from bot.games.ilium.text import seat_name, token_words
from bot.games.ilium.viewtypes import (
    IliumExcavation,
    IliumFinal,
    IliumOptions,
    IliumPathway,
    IliumPrivate,
    IliumScore,
    IliumSeat,
    IliumSeatView,
    IliumSite,
    IliumView,
)


def view(state: State, seat: int | None) -> IliumView | IliumSeatView:
    """The public view (seat None), or it plus that seat's own secrets under `private`."""
    public = public_view(state)
    if seat is None:
        return public
    return {**public, "seat": seat, "private": _private(state, seat)}


def public_view(state: State) -> IliumView:
    """Everything every player sees: the board, the table, the log's public lines."""
    result = outcome(state)
    return {
        "game": "ilium",
        "players": state.players,
        "seats": [seat_name(state, s) for s in range(state.players)],
        "first_player": state.first_player,
        "to_move": to_move(state),
        "prompt": result.summary if result else prompt(state),
        "log": visible_log(state.log, None),
        "outcome": result.to_dict() if result else None,
        "colours": list(rules().seat_colours[: state.players]),
        "options": IliumOptions(strategic=state.strategic, vaults=state.vaults),
        "phase": state.phase,
        "current": state.current,
        "card": state.card or None,
        "types": list(rules().type_names),
        "trigger_value": rules().trigger_value,
        "triggers_out": triggers_out(state),
        "early_end": state.early_end,
        "sites": _sites(state),
        "pathways": _pathways(state),
        "table": [_seat_public(state, s) for s in range(state.players)],
        "excavation": _excavation(state),
        "final": _final(state),
    }


def prompt(state: State) -> str:
    """One line saying who must decide what (the game's result once it is over)."""
    result = outcome(state)
    if result is not None:
        return result.summary
    mover = to_move(state)
    name = seat_name(state, mover if mover is not None else state.current)
    board = rules()
    asks = {
        CARD: "choose which card value to play",
        PATH: f"choose a pathway for {state.card} archaeologist{'s' * (state.card > 1)}",
        SPACE: f"choose a space on {board.path_name(state.path) if state.path >= 0 else ''}",
        CUBES: "choose how many supply cubes to add",
        SITE: _site_question(state),
        TOKEN: _token_question(state),
        FINISH: "end the game now or play on",
    }
    return f"{name}: {asks[state.phase]}."


def _site_question(state: State) -> str:
    if state.phase != SITE:
        return ""
    second = seat_name(state, state.second)
    return (
        f"as leader on {rules().path_name(state.path)}, choose the site to take from "
        f"({second} takes from the other)"
    )


def _token_question(state: State) -> str:
    if state.phase != TOKEN:
        return ""
    return f"choose which lowest token to take at site {rules().sites[state.takes[0][1]].name}"


def _sites(state: State) -> list[IliumSite]:
    closed = rules().closed_sites(state.players)
    return [
        {
            "name": site.name,
            "numeral": site.numeral,
            "x": site.x,
            "y": site.y,
            "closed": index in closed,
            "tokens": [list(token) for token in state.sites[index]],
        }
        for index, site in enumerate(rules().sites)
    ]


def _pathways(state: State) -> list[IliumPathway]:
    in_play = open_paths(state.players)
    return [
        {
            "name": rules().path_name(index),
            "shovel": way.shovel,
            "far": way.far,
            "open": index in in_play,
            "done": index in in_play and not has_room(state, index),
            "chosen": index == state.path,
            "spaces": [None if seat < 0 else [seat, n] for seat, n in state.spaces[index]],
        }
        for index, way in enumerate(rules().pathways)
    ]


def _seat_public(state: State, seat: int) -> IliumSeat:
    """A seat's public supplies (IM-15: collected tokens are public)."""
    kinds = range(len(rules().type_names))
    tokens = state.collected[seat]
    return {
        "name": seat_name(state, seat),
        "colour": rules().seat_colours[seat],
        "deck": len(state.decks[seat]),
        "archaeologists_left": sum(state.decks[seat]),
        "cubes": state.cubes[seat],
        "played": list(state.played[seat]),
        "collected": [list(token) for token in tokens],
        "tokens_by_type": [sum(1 for t in tokens if t[0] == k) for k in kinds],
        "artifacts_by_type": [sum(t[1] for t in tokens if t[0] == k) for k in kinds],
        # IM-22: every played card is public, so what is left of each value is public too
        "cards_left": _cards_left(state.decks[seat]) if state.strategic else None,
    }


def _cards_left(deck: tuple[int, ...]) -> dict[str, int]:
    left = Counter(deck)
    return {str(v): left[v] for v, _ in rules().cards}


def _excavation(state: State) -> IliumExcavation | None:
    if state.phase not in (SITE, TOKEN):
        return None
    return {
        "path": rules().path_name(state.path),
        "leader": state.leader,
        "second": state.second if state.second >= 0 else None,
        "takes": [[seat, rules().sites[site].name] for seat, site in state.takes],
    }


def _final(state: State) -> IliumFinal | None:
    """IM-17: historians are revealed at the end, with each seat's donation and tally."""
    if state.phase != OVER:
        return None
    names = rules().type_names
    return {
        "historians": [names[kind] for kind in state.historians],
        "donations": [list(given) if given else None for given, _ in donations(state)],
        "set_points": rules().set_points,
        "scores": [
            IliumScore(
                points=score.points,
                majorities=sum(score.majorities),
                sets=score.sets,
                tokens_by_type=list(score.tokens),
                artifacts_by_type=list(score.artifacts),
            )
            for score in final_scores(state)
        ],
    }


def _private(state: State, seat: int) -> IliumPrivate:
    """IM-7, IM-12: the seat's historian and the next card of its own deck, nobody else's."""
    deck = state.decks[seat]
    return {
        "historian": rules().type_names[state.historians[seat]],
        "next_card": None if state.strategic or not deck else deck[0],
        "hand": _cards_left(deck) if state.strategic else None,
        "log": private_log(state.log, seat),
    }


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
