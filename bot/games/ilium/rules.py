"""Ilium's turn: reveal a card, place a group (and cubes), excavate full pathways, end."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import IllegalAction, LogEntry, evolve
from bot.engine.memo import remember_last
from bot.games.ilium.data import open_paths, rules
from bot.games.ilium.excavation import excavate, lowest_types, run_takes, site_choices, take
from bot.games.ilium.model import (
    CARD,
    CUBES,
    DECLINED,
    DONE,
    FINISH,
    FREE,
    OVER,
    PATH,
    SITE,
    SPACE,
    TAKEN,
    TOKEN,
    UNUSED,
    Action,
    State,
    note,
    swap,
)
from bot.games.ilium.scoring import final_log_lines
from bot.games.ilium.text import commas, group_words, seat_name, space_words
from bot.i18n import say


def to_move(state: State) -> int | None:
    """The seat deciding now: the turn's player, or a taker during an excavation."""
    if state.phase == OVER:
        return None
    if state.phase == SITE:
        return state.leader
    if state.phase == TOKEN:
        return state.takes[0][0]
    return state.current


@remember_last
def legal_actions(state: State) -> list[Action]:
    """Every choice open to the seat to move, sorted."""
    phase = state.phase
    if phase == CARD:
        return [Action(CARD, v) for v in sorted(set(state.decks[state.current]))]
    if phase == PATH:
        return [Action(PATH, p) for p in open_paths(state.players) if has_room(state, p)]
    if phase == SPACE:
        return [Action(SPACE, i) for i in free_spaces(state, state.path)]
    if phase == CUBES:
        return [Action(CUBES, n) for n in range(max_cubes(state) + 1)]
    if phase == SITE:
        return [Action(SITE, s) for s in sorted(site_choices(state))]
    if phase == TOKEN:
        return [Action(TOKEN, t) for t in lowest_types(state, state.takes[0][1])]
    if phase == FINISH:
        return [Action(FINISH, 0), Action(FINISH, 1)]
    return []


def has_room(state: State, path: int) -> bool:
    """Whether a pathway still has an empty space."""
    return FREE in state.spaces[path]


def free_spaces(state: State, path: int) -> list[int]:
    """The empty spaces of a pathway, counted from its shovel end."""
    return [i for i, cell in enumerate(state.spaces[path]) if cell == FREE]


def max_cubes(state: State) -> int:
    """How many supply cubes the player can still add to the pathway just used (IM-11)."""
    return min(state.cubes[state.current], len(free_spaces(state, state.path)))


def apply(state: State, action: Action) -> State:
    """The state after one decision; refuses anything not in legal_actions."""
    if action not in legal_actions(state):
        raise IllegalAction(_refusal(state))
    return _HANDLERS[action.kind](state, action.arg)


def _refusal(state: State) -> str:
    if state.phase == OVER:
        return say("ilium.refuse.over")
    asks = {
        CARD: "ilium.must.card",
        PATH: "ilium.must.path",
        SPACE: "ilium.must.space",
        CUBES: "ilium.must.cubes",
        SITE: "ilium.must.site",
        TOKEN: "ilium.must.token",
        FINISH: "ilium.must.finish",
    }
    who = seat_name(state, to_move(state) or 0)
    return say("ilium.refuse.now", seat=who, must=say(asks[state.phase]))


def _play_card(state: State, value: int) -> State:
    """IM-22: with Strategic Expeditions the player picks a value; the card is used up."""
    seat = state.current
    deck = list(state.decks[seat])
    deck.remove(value)
    return evolve(
        state,
        decks=swap(state.decks, seat, tuple(deck)),
        played=swap(state.played, seat, (*state.played[seat], value)),
        card=value,
        phase=PATH,
        log=note(state, say("ilium.log.plays", seat=seat_name(state, seat), value=value)),
    )


def _choose_path(state: State, path: int) -> State:
    state = evolve(state, path=path, phase=SPACE)
    free = free_spaces(state, path)
    return _place(state, free[0]) if len(free) == 1 else state


def _place(state: State, index: int) -> State:
    """IM-10: the whole group goes on one empty space of the chosen pathway."""
    seat, path = state.current, state.path
    cells = list(state.spaces[path])
    cells[index] = (seat, state.card)
    where = space_words(index, len(cells))
    text = say(
        "ilium.log.places",
        seat=seat_name(state, seat),
        group=group_words(state.card),
        path=rules().path_name(path),
        where=where,
    )
    state = evolve(
        state, spaces=swap(state.spaces, path, tuple(cells)), phase=CUBES, log=note(state, text)
    )
    return _after_placement(state) if max_cubes(state) == 0 else state


def _add_cubes(state: State, count: int) -> State:
    """IM-11: cubes on the same pathway, [house] on the empty spaces nearest the shovel."""
    seat, path = state.current, state.path
    if count:
        free = free_spaces(state, path)
        chosen = free[:count] if rules().cubes_nearest_shovel else free[::-1][:count]
        cells = list(state.spaces[path])
        for index in chosen:
            cells[index] = (seat, 0)
        where = commas(str(i + 1) for i in sorted(chosen))
        key = "ilium.log.cubes" if count > 1 else "ilium.log.cube"
        state = evolve(
            state,
            spaces=swap(state.spaces, path, tuple(cells)),
            cubes=swap(state.cubes, seat, state.cubes[seat] - count),
            log=note(state, say(key, seat=seat_name(state, seat), count=count, where=where)),
        )
    return _after_placement(state)


def _after_placement(state: State) -> State:
    """IM-13: a pathway with no empty space left is excavated at once."""
    if has_room(state, state.path):
        return close_turn(state)
    return _continue(excavate(state))


def _continue(state: State) -> State:
    """Close the turn once the excavation needs no more decisions."""
    return close_turn(state) if state.phase == DONE else state


def _choose_site(state: State, site: int) -> State:
    way = rules().pathways[state.path]
    other = way.far if site == way.shovel else way.shovel
    takes = ((state.leader, site), (state.second, other))
    state = evolve(state, takes=takes, log=note(state, _digs(state, site)))
    return _continue(run_takes(state))


def _digs(state: State, site: int) -> str:
    name = rules().sites[site].name
    return say("ilium.log.chooses_site", seat=seat_name(state, state.leader), site=name)


def _choose_token(state: State, kind: int) -> State:
    seat, site = state.takes[0]
    return _continue(run_takes(take(state, seat, site, kind)))


def _finish_choice(state: State, end: int) -> State:
    """IM-16: the player ends the game now, or plays on and the offer is gone for good."""
    name = seat_name(state, state.current)
    if end:
        state = evolve(state, early_end=TAKEN, log=note(state, say("ilium.log.ends", seat=name)))
        return finish(state, "fours")
    text = say("ilium.log.plays_on", seat=name)
    return close_turn(evolve(state, early_end=DECLINED, log=note(state, text)))


def close_turn(state: State) -> State:
    """End of a turn: the game may end (IM-16), else the next seat reveals a card."""
    state = evolve(state, path=-1, card=0, leader=-1, second=-1, takes=())
    reason = natural_end(state)
    offer = not reason or rules().offer_early_end_on_last_turn
    if state.early_end == UNUSED and offer and triggers_out(state):
        text = say("ilium.log.may_end", value=rules().trigger_value)
        return evolve(state, phase=FINISH, log=note(state, text))
    if reason:
        return finish(state, reason)
    return start_turn(state, next_seat(state))


def natural_end(state: State) -> str:
    """IM-16: 'placed' when every archaeologist is out, [house] 'full' when no space is left."""
    if not any(state.decks):
        return "placed"
    paths = open_paths(state.players)
    if rules().board_full_ends_game and not any(has_room(state, p) for p in paths):
        return "full"
    return ""


def triggers_out(state: State) -> bool:
    """Whether every value-4 token has left the sites (IM-16)."""
    value = rules().trigger_value
    return not any(token[1] == value for site in state.sites for token in site)


def next_seat(state: State) -> int:
    """The next seat clockwise that still has cards (IM-8)."""
    for step in range(1, state.players + 1):
        seat = (state.current + step) % state.players
        if state.decks[seat]:
            return seat
    return state.current


def start_turn(state: State, seat: int) -> State:
    """Reveal the seat's top card, or ask which value to play (IM-10, IM-22)."""
    state = evolve(state, current=seat, phase=CARD)
    deck = state.decks[seat]
    if state.strategic:
        values = sorted(set(deck))
        return _play_card(state, values[0]) if len(values) == 1 else state
    state = evolve(
        state,
        decks=swap(state.decks, seat, deck[1:]),
        played=swap(state.played, seat, (*state.played[seat], deck[0])),
        card=deck[0],
        phase=PATH,
    )
    text = say("ilium.log.reveals", seat=seat_name(state, seat), value=deck[0])
    return evolve(state, log=note(state, text))


def finish(state: State, reason: str) -> State:
    """The game is over: log the donations and scores."""
    state = evolve(state, phase=OVER, ended=reason)
    log = state.log + tuple(LogEntry(line) for line in final_log_lines(state))
    return evolve(state, log=log)


_HANDLERS: dict[str, Callable[[State, int], State]] = {
    CARD: _play_card,
    PATH: _choose_path,
    SPACE: _place,
    CUBES: _add_cubes,
    SITE: _choose_site,
    TOKEN: _choose_token,
    FINISH: _finish_choice,
}
