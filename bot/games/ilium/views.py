"""What each seat may see (the public board; a seat's historian and next card) and action words."""

from __future__ import annotations

from collections import Counter

from bot.engine import private_log, visible_log
from bot.engine.memo import remember_views
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
from bot.games.ilium.text import group_words, seat_name, token_words, type_name, type_names
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
from bot.i18n import say


def view(state: State, seat: int | None) -> IliumView | IliumSeatView:
    """The public view (seat None), or it plus that seat's own secrets under `private`."""
    public = public_view(state)
    if seat is None:
        return public
    return {**public, "seat": seat, "private": _private(state, seat)}


@remember_views
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
        "types": type_names(),
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
    return say("ilium.prompt", seat=name, ask=_question(state))


def _question(state: State) -> str:
    """What the seat to move must decide, in the words of the prompt."""
    phase = state.phase
    if phase == PATH:
        return say("ilium.ask.path", group=group_words(state.card))
    if phase == SPACE:
        path = rules().path_name(state.path) if state.path >= 0 else ""
        return say("ilium.ask.space", path=path)
    if phase == SITE:
        second = seat_name(state, state.second)
        return say("ilium.ask.site", path=rules().path_name(state.path), second=second)
    if phase == TOKEN:
        return say("ilium.ask.token", site=rules().sites[state.takes[0][1]].name)
    asks = {CARD: "ilium.ask.card", CUBES: "ilium.ask.cubes", FINISH: "ilium.ask.finish"}
    return say(asks[phase])


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
    return {
        "historians": [type_name(kind) for kind in state.historians],
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
        "historian": type_name(state.historians[seat]),
        "next_card": None if state.strategic or not deck else deck[0],
        "hand": _cards_left(deck) if state.strategic else None,
        "log": private_log(state.log, seat),
    }


def describe(action: Action, state: State | None = None) -> str:
    """Human words for an action, more precise when the state is known."""
    kind, arg = action
    if kind == CARD:
        return say("ilium.do.card", value=arg)
    if kind == PATH:
        return say("ilium.do.path", path=rules().path_name(arg))
    if kind == SPACE:
        return _space_words(arg, state)
    if kind == CUBES:
        if arg == 0:
            return say("ilium.do.no_cube")
        return say("ilium.do.cubes" if arg > 1 else "ilium.do.cube", count=arg)
    if kind == SITE:
        return _site_words(arg, state)
    if kind == TOKEN:
        return _token_choice_words(arg, state)
    return say("ilium.do.end") if arg else say("ilium.do.play_on")


def _space_words(index: int, state: State | None) -> str:
    if state is None or state.path < 0:
        return say("ilium.do.space", number=index + 1)
    length = rules().pathways[state.path].spaces
    key = "ilium.do.space_of_shovel" if index == 0 else "ilium.do.space_of"
    return say(key, number=index + 1, length=length)


def _site_words(site: int, state: State | None) -> str:
    name = rules().sites[site].name
    if state is None or not state.sites[site]:
        return say("ilium.do.site", site=name)
    first = state.sites[site][0]
    if state.vaults:
        return say("ilium.do.site_next", site=name, token=token_words(first))
    return say("ilium.do.site_lowest", site=name, value=first[1])


def _token_choice_words(kind: int, state: State | None) -> str:
    if state is None or not state.takes:
        return say("ilium.do.token_type", type=type_name(kind))
    tokens = state.sites[state.takes[0][1]]
    low = min(value for _, value in tokens) if tokens else 0
    return say("ilium.do.token", token=token_words((kind, low)))
