"""Majorities: district scoring (AT-10), inventories (AT-11) and final scoring (AT-16)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.engine import Outcome, ranking_from_keys
from bot.games.atlandice.data import (
    AREA_NAMES,
    INVENTORY_VP,
    KINDS,
    MARKET,
    MARKET_CAP,
    NEUTRAL_NAME,
    SEAT_NAMES,
    SECOND_VP,
    TILE_VP,
    TILES,
    kind_name,
)
from bot.games.atlandice.model import OVER, State, Table, Work, holders


def holder_name(table: Table, holder: int) -> str:
    """A seat's name, or 'neutral' for the neutral player."""
    return NEUTRAL_NAME if holder >= table.players else SEAT_NAMES[holder]


def majorities(counts: Sequence[int]) -> tuple[list[int], list[int]]:
    """Holders first and second by AT-10: a tie for first leaves no second; zero scores nothing."""
    top = max(counts, default=0)
    if top == 0:
        return [], []
    firsts = [i for i, c in enumerate(counts) if c == top]
    if len(firsts) > 1:
        return firsts, []
    second = max((c for c in counts if 0 < c < top), default=0)
    return firsts, [i for i, c in enumerate(counts) if second and c == second]


def turn_order_from(table: Table, seat: int) -> list[int]:
    """Every holder in turn order from `seat`, the neutral player last."""
    order = [(seat + i) % table.players for i in range(table.players)]
    return order + list(range(table.players, holders(table)))


def _names(table: Table, who: Sequence[int]) -> str:
    return " and ".join(holder_name(table, h) for h in who)


def score_district(work: Work, district: int, active: int) -> None:
    """Score an empty district's tile, hand in that resource and reveal the next tile."""
    counts = [hand[district - 1] for hand in work.held]
    firsts, seconds = majorities(counts)
    tile = work.stacks[district - 1].pop(0)
    name = TILES[tile].name
    if firsts:
        taker = next(h for h in turn_order_from(work, active) if h in firsts)
        work.won[taker].append(tile)
        text = f"{name} is empty: {holder_name(work, taker)} takes the tile (+{TILE_VP} VP)"
        others = [h for h in firsts if h != taker]
        for h in others:
            work.chips[h] += TILE_VP
        if others:
            text += f", {_names(work, others)} tie for most: +{TILE_VP} VP"
        for h in seconds:
            work.chips[h] += SECOND_VP
        if seconds:
            text += f"; second: {_names(work, seconds)} +{SECOND_VP} VP"
    else:
        text = f"{name} is empty and nobody holds {kind_name(district, 2)}: the tile is discarded"
    work.say(text)
    _hand_in(work, district, sum(counts))


def _hand_in(work: Work, district: int, total: int) -> None:
    """AT-10: everyone gives up the resource, first to the market up to the cap, rest on."""
    for hand in work.held:
        hand[district - 1] = 0
    kind = kind_name(district, 2)
    if not work.stacks[district - 1]:
        work.say(f"The {AREA_NAMES[district - 1]} are closed: {total} {kind} leave the game")
        return
    market = work.goods[MARKET - 1]
    to_market = min(total, max(0, MARKET_CAP - market[district - 1]))
    market[district - 1] += to_market
    work.goods[district - 1][district - 1] += total - to_market
    new = TILES[work.stacks[district - 1][0]]
    if total == 0:
        work.say(f"{new.name} is now active ({new.short}) and holds nothing")
        return
    work.say(
        f"{to_market} {kind} to the black market, {total - to_market} onto {new.name}"
        f" (now active: {new.short})"
    )


def score_empty_districts(work: Work, active: int) -> None:
    """AT-8: score every open district whose active tile holds nothing, until none is left."""
    while True:
        empty = [d for d in (1, 2, 3, 4, 5) if work.stacks[d - 1] and not any(work.goods[d - 1])]
        if not empty:
            return
        score_district(work, empty[0], active)


def inventory(work: Work, what: str) -> None:
    """AT-11: most of a resource (or of all together) scores; ties all score; zero never."""
    if what == "all":
        counts = [sum(hand) for hand in work.held]
        label = "resources"
    else:
        kind = 1 + KINDS.index(what)
        counts = [hand[kind - 1] for hand in work.held]
        label = kind_name(kind, 2)
    top = max(counts)
    if top == 0:
        work.say(f"Inventory of {label}: nobody has any")
        return
    best = [h for h, c in enumerate(counts) if c == top]
    for h in best:
        work.chips[h] += INVENTORY_VP
    work.say(f"Inventory of {label}: {_names(work, best)} ({top}) +{INVENTORY_VP} VP")


def final_scores(table: Table) -> list[list[tuple[int, int]]]:
    """AT-16: per holder, (kind, VP) for each open kind where the holder is first or second."""
    result: list[list[tuple[int, int]]] = [[] for _ in range(holders(table))]
    for district in (1, 2, 3, 4, 5):
        if not table.stacks[district - 1]:
            continue
        firsts, seconds = majorities([hand[district - 1] for hand in table.held])
        for h in firsts:
            result[h].append((district, TILE_VP))
        for h in seconds:
            result[h].append((district, SECOND_VP))
    return result


def totals(table: Table, final: bool) -> list[int]:
    """VP per holder: chips plus tiles, plus the final majorities once the game is over."""
    if final:
        return list(_final_totals(*_holdings(table)))
    return [chips + TILE_VP * len(won) for chips, won in zip(table.chips, table.won, strict=True)]


def standing(state: State) -> list[int]:
    """Each seat's VP with the majorities as they are now (the contract asks at every ply)."""
    return list(_final_totals(*_holdings(state))[: state.players])


Holdings = tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[bool, ...]
]


def _holdings(table: Table) -> Holdings:
    """What the totals depend on, as tuples: chips, tiles won, resources held, open districts."""
    if isinstance(table, State):  # already tuples
        return table.chips, table.won, table.held, tuple(map(bool, table.stacks))
    return (
        tuple(table.chips),
        tuple(map(tuple, table.won)),
        tuple(map(tuple, table.held)),
        tuple(map(bool, table.stacks)),
    )


@lru_cache(maxsize=1 << 12)
def _final_totals(
    chips: tuple[int, ...],
    won: tuple[tuple[int, ...], ...],
    held: tuple[tuple[int, ...], ...],
    open_districts: tuple[bool, ...],
) -> tuple[int, ...]:
    """Totals with the final majorities, kept by value: most plies change none of these."""
    points = [c + TILE_VP * len(tiles) for c, tiles in zip(chips, won, strict=True)]
    # per district: whether it is open, and everyone's count of its resource
    columns = zip(open_districts, zip(*held, strict=True), strict=True)
    finals = [_district_vp(counts) for is_open, counts in columns if is_open]
    return tuple(sum(column) for column in zip(points, *finals, strict=True))


@lru_cache(maxsize=1 << 14)
def _district_vp(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Each holder's final VP in one district for these counts (final_scores, as sums).

    standing asks at every ply and the same few counts come back again and again.
    """
    firsts, seconds = majorities(counts)
    return tuple(
        TILE_VP if h in firsts else SECOND_VP if h in seconds else 0 for h in range(len(counts))
    )


def outcome(table: Table) -> Outcome | None:
    """AT-17: most VP wins, a tie is a shared win; AT-20: the neutral player cannot win."""
    if table.step != OVER:
        return None
    scores = totals(table, final=True)
    seats = scores[: table.players]
    ranking = ranking_from_keys([(s,) for s in seats])
    winners = [SEAT_NAMES[s] for s, place in enumerate(ranking) if place == 1]
    shared = len(winners) > 1
    return Outcome(
        scores=tuple(seats),
        ranking=ranking,
        reason="shared" if shared else "points",
        summary=f"{' and '.join(winners)} {'share the win' if shared else 'wins'}"
        f" with {max(seats)} VP.",
        breakdown=tuple(_breakdown(table, h, scores[h]) for h in range(holders(table))),
    )


def _breakdown(table: Table, holder: int, total: int) -> str:
    name = holder_name(table, holder)
    tiles = [TILES[t].name for t in table.won[holder]]
    finals = final_scores(table)[holder]
    final_words = ", ".join(f"{kind_name(k, 2)} {vp}" for k, vp in finals) or "none"
    line = (
        f"{name}: {len(tiles)} {'tile' if len(tiles) == 1 else 'tiles'} x3 = {TILE_VP * len(tiles)}"
        + (f" ({', '.join(tiles)})" if tiles else "")
        + f"; VP tokens {table.chips[holder]}; final majorities {final_words}; total {total}"
    )
    return line + (" (neutral: cannot win)" if holder >= table.players else "")
