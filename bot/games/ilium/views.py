"""What each seat may see: the public board and, for one seat, its historian and next card."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.engine import visible_log
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
    State,
)
from bot.games.ilium.rules import has_room, to_move, triggers_out
from bot.games.ilium.scoring import donations, final_scores, outcome
from bot.games.ilium.text import seat_name

PRIVATE_KEY = "private"


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The view for one seat (None: the public); only the seat's own secrets are added."""
    result = outcome(state)
    data: dict[str, Any] = {
        "game": "ilium",
        "players": state.players,
        "seats": [seat_name(state, s) for s in range(state.players)],
        "colours": list(rules().seat_colours[: state.players]),
        "first_player": state.first_player,
        "to_move": to_move(state),
        "log": visible_log(state.log, seat),
        "outcome": result.to_dict() if result else None,
        "options": {"strategic": state.strategic, "vaults": state.vaults},
        "phase": state.phase,
        "current": state.current,
        "card": state.card or None,
        "status": status(state),
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
    if seat is not None and 0 <= seat < state.players:
        data["seat"] = seat
        data[PRIVATE_KEY] = _private(state, seat)
    return data


def status(state: State) -> str:
    """One line saying who must decide what."""
    if state.phase == OVER:
        return "The game is over."
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


def _sites(state: State) -> list[dict[str, Any]]:
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


def _pathways(state: State) -> list[dict[str, Any]]:
    in_play = open_paths(state.players)
    return [
        {
            "name": rules().path_name(index),
            "shovel": way.shovel,
            "far": way.far,
            "open": index in in_play,
            "done": index in in_play and not has_room(state, index),
            "chosen": index == state.path,
            # per space from the shovel end: null empty, [seat, n] a group, [seat, 0] a cube
            "spaces": [None if seat < 0 else [seat, n] for seat, n in state.spaces[index]],
        }
        for index, way in enumerate(rules().pathways)
    ]


def _seat_public(state: State, seat: int) -> dict[str, Any]:
    kinds = range(len(rules().type_names))
    tokens = state.collected[seat]
    info: dict[str, Any] = {
        "name": seat_name(state, seat),
        "colour": rules().seat_colours[seat],
        "deck": len(state.decks[seat]),
        "archaeologists_left": sum(state.decks[seat]),
        "cubes": state.cubes[seat],
        "played": list(state.played[seat]),
        "collected": [list(token) for token in tokens],
        "tokens_by_type": [sum(1 for t in tokens if t[0] == k) for k in kinds],
        "artifacts_by_type": [sum(t[1] for t in tokens if t[0] == k) for k in kinds],
    }
    if state.strategic:
        # every played card is public, so what is left of each value is public too
        left = Counter(state.decks[seat])
        info["cards_left"] = {str(v): left[v] for v, _ in rules().cards}
    return info


def _excavation(state: State) -> dict[str, Any] | None:
    if state.phase not in (SITE, TOKEN):
        return None
    return {
        "path": rules().path_name(state.path),
        "leader": state.leader,
        "second": state.second if state.second >= 0 else None,
        "takes": [[seat, rules().sites[site].name] for seat, site in state.takes],
    }


def _final(state: State) -> dict[str, Any] | None:
    if state.phase != OVER:
        return None
    names = rules().type_names
    return {
        "historians": [names[kind] for kind in state.historians],
        "donations": [list(given) if given else None for given, _ in donations(state)],
        "set_points": rules().set_points,
        "scores": [
            {
                "points": score.points,
                "majorities": sum(score.majorities),
                "sets": score.sets,
                "tokens_by_type": list(score.tokens),
                "artifacts_by_type": list(score.artifacts),
            }
            for score in final_scores(state)
        ],
    }


def _private(state: State, seat: int) -> dict[str, Any]:
    deck = state.decks[seat]
    secret: dict[str, Any] = {
        "seat": seat,
        "historian": rules().type_names[state.historians[seat]],
        "next_card": None if state.strategic or not deck else deck[0],
    }
    if state.strategic:
        left = Counter(deck)
        secret["hand"] = {str(v): left[v] for v, _ in rules().cards}
    return secret
