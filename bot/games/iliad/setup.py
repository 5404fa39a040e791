"""A new game: the token bag (IL-4), the opening tiles and hands (IL-5), the first player (IL-6)."""

from __future__ import annotations

import random

from bot.engine import LogEntry, rng
from bot.games.iliad.board import CENTRE, square_colour
from bot.games.iliad.data import Rules
from bot.games.iliad.model import State, Tile, Token, tile_name
from bot.i18n import listing, say


def _lay_tokens(chance: random.Random, rules: Rules) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """IL-4: reserve = the first five non-negative tokens drawn; the rest go to the 24 line ends."""
    bag = [Token(kind, value) for kind, value in rules.tokens]
    chance.shuffle(bag)
    reserve: list[Token] = []
    for token in list(bag):
        if len(reserve) == rules.reserve_size:
            break
        if token.value >= 0:
            reserve.append(token)
            bag.remove(token)
    chance.shuffle(bag)
    return tuple(reserve), tuple(bag)


def _opening(chance: random.Random, tiles: tuple[int, ...]) -> tuple[tuple[int, int], list[int]]:
    """IL-5: shuffle until the two tiles drawn for the centre differ; return them and the stack."""
    while True:
        stack = list(tiles)
        chance.shuffle(stack)
        if stack[0] != stack[1]:
            return (stack[0], stack[1]), stack[2:]


def new_state(seed: int, rules: Rules) -> State:
    """IL-4 … IL-6: tokens, both players' tiles and hands, and a first player from the seed."""
    chance = rng(seed, 0)
    reserve, ends = _lay_tokens(chance, rules)
    board: list[Tile | None] = [None] * 36
    hands, stacks, log = [], [], []
    for seat, name in enumerate(rules.seat_names):
        pair, stack = _opening(chance, rules.tiles)
        squares = [s for s in CENTRE if square_colour(s, rules.blue_parity) == seat]
        for square, value in zip(squares, pair, strict=True):
            board[square] = Tile(seat, value)
        hands.append(tuple(sorted(stack[: rules.hand_size])))
        stacks.append(tuple(stack[rules.hand_size :]))
        opens = say(
            "iliad.log.opens", seat=name, first=tile_name(pair[0]), second=tile_name(pair[1])
        )
        log.append(LogEntry(opens))
    first = chance.randrange(2) if rules.starting_player == "random" else int(rules.starting_player)
    log.append(LogEntry(say("iliad.log.begins", seat=rules.seat_names[first])))
    for seat, hand in enumerate(hands):
        shown = listing(tile_name(v) for v in hand)
        log.append(LogEntry(say("iliad.log.hand", tiles=shown), seat))
    return State(
        seed=seed,
        first_player=first,
        turn=first,
        turn_number=1,
        phase="place",
        board=tuple(board),
        ends=ends,
        reserve=reserve,
        collected=((), ()),
        hands=tuple(hands),
        stacks=tuple(stacks),
        log=tuple(log),
    )
