"""Excavating a full pathway: who ranks first and second, and who takes which token."""

from __future__ import annotations

from bot.engine import LogEntry, evolve
from bot.games.ilium.data import rules
from bot.games.ilium.model import DONE, SITE, TOKEN, State, note, swap
from bot.games.ilium.text import commas, seat_name, token_words
from bot.i18n import say

Standing = tuple[int, int, int]  # (seat, archaeologists, nearest space to the shovel)


def standings(state: State, path: int) -> list[Standing]:
    """Every seat with archaeologists on the pathway, best first (IM-13).

    More archaeologists rank higher; a tie goes to the group on or nearest the shovel end.
    Cubes count for nobody.
    """
    counts: dict[int, int] = {}
    nearest: dict[int, int] = {}
    for index, (seat, size) in enumerate(state.spaces[path]):
        if size > 0:
            counts[seat] = counts.get(seat, 0) + size
            nearest.setdefault(seat, index)
    ranked = [(seat, counts[seat], nearest[seat]) for seat in counts]
    return sorted(ranked, key=lambda entry: (-entry[1], entry[2]))


def qualifies(ranked: list[Standing]) -> bool:
    """Whether the second has at least half the first's archaeologists (IM-14)."""
    return len(ranked) > 1 and 2 * ranked[1][1] >= ranked[0][1]


def site_choices(state: State) -> list[int]:
    """The sites the excavation's leader may take from (IM-14)."""
    way = rules().pathways[state.path]
    ends = [way.shovel, way.far]
    nonempty = [site for site in ends if state.sites[site]]
    if rules().leader_may_choose_empty_site and nonempty:
        return ends
    return nonempty


def excavate(state: State) -> State:
    """Start the excavation of the full pathway `state.path` (IM-13, IM-14)."""
    ranked = standings(state, state.path)
    leader = ranked[0][0]
    way = rules().pathways[state.path]
    counts = commas(say("ilium.count", seat=seat_name(state, s), count=n) for s, n, _ in ranked)
    lines: list[str] = [
        say("ilium.log.complete", path=rules().path_name(state.path), counts=counts)
    ]
    if qualifies(ranked):
        second = ranked[1][0]
        lines.append(
            say("ilium.log.half", second=seat_name(state, second), leader=seat_name(state, leader))
        )
        state = evolve(state, leader=leader, second=second)
        choices = site_choices(state)
        takes = tuple((leader, site) for site in choices)
        if len(choices) == 2:
            return evolve(state, phase=SITE, log=_lines(state, lines))
        lines.append(_empty_ends(state, choices))
    else:
        lines.append(_alone_or_ahead(state, ranked))
        takes = ((leader, way.shovel), (leader, way.far))
    return run_takes(evolve(state, leader=leader, takes=takes, log=_lines(state, lines)))


def _alone_or_ahead(state: State, ranked: list[Standing]) -> str:
    leader = seat_name(state, ranked[0][0])
    if len(ranked) == 1:
        return say("ilium.log.alone", leader=leader)
    second = seat_name(state, ranked[1][0])
    return say("ilium.log.less_than_half", second=second, leader=leader)


def _empty_ends(state: State, choices: list[int]) -> str:
    if choices:
        return say("ilium.log.other_empty", site=rules().sites[choices[0]].name)
    return say("ilium.log.both_empty")


def _lines(state: State, lines: list[str]) -> tuple[LogEntry, ...]:
    return state.log + tuple(LogEntry(line) for line in lines)


def lowest_types(state: State, site: int) -> list[int]:
    """The artifact types the taker may choose from at a site (IM-14, IM-23)."""
    tokens = state.sites[site]
    if state.vaults:
        return [tokens[0][0]]
    low = min(value for _, value in tokens)
    kinds = sorted({kind for kind, value in tokens if value == low})
    return kinds if rules().lowest_tie_taker_chooses else kinds[:1]


def take(state: State, seat: int, site: int, kind: int) -> State:
    """IM-14, IM-15: the seat takes the site's lowest token of that type into its public
    collection (the first, with Burial Vaults: IM-23)."""
    tokens = state.sites[site]
    if state.vaults:
        index = 0
    else:
        low = min(value for _, value in tokens)
        index = tokens.index((kind, low))
    token = tokens[index]
    name = rules().sites[site].name
    words = say("ilium.log.takes", seat=seat_name(state, seat), token=token_words(token), site=name)
    return evolve(
        state,
        sites=swap(state.sites, site, tokens[:index] + tokens[index + 1 :]),
        collected=swap(state.collected, seat, (*state.collected[seat], token)),
        takes=state.takes[1:],
        log=note(state, words),
    )


def run_takes(state: State) -> State:
    """Hand out tokens until a taker must choose (phase TOKEN) or all is done (phase DONE)."""
    while state.takes:
        seat, site = state.takes[0]
        if not state.sites[site]:
            name = rules().sites[site].name
            text = say("ilium.log.site_empty", site=name, seat=seat_name(state, seat))
            state = evolve(state, takes=state.takes[1:], log=note(state, text))
            continue
        kinds = lowest_types(state, site)
        if len(kinds) > 1:
            return evolve(state, phase=TOKEN)
        state = take(state, seat, site, kinds[0])
    return evolve(state, phase=DONE)
