"""Setting up a game of Ilium from a seed (IM-5 … IM-9, IM-23)."""

from __future__ import annotations

import random

from bot.engine import LogEntry, evolve, rng
from bot.games.ilium.data import rules
from bot.games.ilium.model import FREE, PATH, UNUSED, State, Token
from bot.games.ilium.rules import start_turn
from bot.games.ilium.text import commas, historian_line, seat_name
from bot.i18n import say


def token_set(players: int, chance: random.Random) -> list[Token]:
    """The artifact tokens in play: all 50, or 36 with two players (IM-1, IM-9)."""
    tokens = [
        (kind, value)
        for kind in range(len(rules().type_names))
        for value, count in rules().tokens_per_type
        for _ in range(count)
    ]
    if players != 2:
        return tokens
    removed = []
    for kind in range(len(rules().type_names)):
        for value in rules().removed_2p:
            tokens.remove((kind, value))
            removed.append((kind, value))
    chance.shuffle(removed)
    return tokens + removed[: rules().returned_2p]


def site_order(tokens: list[Token], vaults: bool) -> tuple[Token, ...]:
    """A site's tokens in taking order: by value; equal values keep their shuffled order
    with Burial Vaults, else sort by type for an orderly display (IM-5, IM-23)."""
    if vaults:
        return tuple(sorted(tokens, key=lambda token: token[1]))
    return tuple(sorted(tokens, key=lambda token: (token[1], token[0])))


def deal_sites(players: int, vaults: bool, chance: random.Random) -> tuple[tuple[Token, ...], ...]:
    """Shuffle the tokens onto the open sites, as many as each numeral (IM-5, IM-9)."""
    tokens = token_set(players, chance)
    chance.shuffle(tokens)
    closed = rules().closed_sites(players)
    sites: list[tuple[Token, ...]] = []
    for index, site in enumerate(rules().sites):
        if index in closed:
            sites.append(())
            continue
        dealt, tokens = tokens[: site.numeral], tokens[site.numeral :]
        sites.append(site_order(dealt, vaults))
    assert not tokens, "the numerals of the open sites must use every token"
    return tuple(sites)


def new_state(players: int, seed: int, strategic: bool, vaults: bool) -> State:
    """A fresh game: shuffled decks (IM-6), historians dealt (IM-7), a random start (IM-8)."""
    chance = rng(seed, 0)
    sites = deal_sites(players, vaults, chance)
    decks = []
    for _ in range(players):
        deck = list(rules().deck(players))
        if not strategic:
            chance.shuffle(deck)
        decks.append(tuple(deck))
    historians = list(range(len(rules().type_names)))
    chance.shuffle(historians)
    first = chance.randrange(players)
    state = State(
        players=players,
        seed=seed,
        counter=1,
        strategic=strategic,
        vaults=vaults,
        first_player=first,
        current=first,
        phase=PATH,
        card=0,
        path=-1,
        decks=tuple(decks),
        played=tuple(() for _ in range(players)),
        cubes=tuple(rules().supply_cubes for _ in range(players)),
        spaces=tuple(tuple(FREE for _ in range(way.spaces)) for way in rules().pathways),
        sites=sites,
        collected=tuple(() for _ in range(players)),
        historians=tuple(historians[:players]),
        early_end=UNUSED,
        takes=(),
        leader=-1,
        second=-1,
        ended="",
        log=(),
    )
    return start_turn(_setup_log(state), first)


def _setup_log(state: State) -> State:
    """The opening lines; each seat alone reads its historian (IM-7)."""
    chosen = (("ilium.variant.strategic", state.strategic), ("ilium.variant.vaults", state.vaults))
    variants = [say(name) for name, on in chosen if on]
    starter = seat_name(state, state.first_player)
    lines = [LogEntry(say("ilium.log.setup", players=state.players, seat=starter))]
    if variants:
        lines.append(LogEntry(say("ilium.log.variants", variants=commas(variants))))
    lines += [LogEntry(historian_line(state.historians[s]), s) for s in range(state.players)]
    return evolve(state, log=tuple(lines))
