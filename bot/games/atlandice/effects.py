"""Tile effects (AT-13, AT-14): what each needs decided, and what each choice does."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.atlandice.data import (
    CHAINED_SEARCH,
    CLOCK_END,
    MARKET,
    TILES,
    Tile,
    area_name,
    kind_name,
)
from bot.games.atlandice.model import (
    Action,
    Table,
    Work,
    active_tile,
    area_of,
    dice_areas,
    dice_received,
    is_closed,
    kinds_at,
    open_areas,
)
from bot.i18n import say

YES, NO = Action("y"), Action("x")
DONE = "done"  # the auto step that ends a search


def beneficiary(table: Table) -> int:
    """The holder who gets this search's gains (the neutral player for a given die)."""
    return table.taken[-1][1]


def effect_tile(table: Table) -> Tile:
    """The active tile whose effect is being applied."""
    tile = active_tile(table, table.area)
    assert tile is not None
    return TILES[tile]


def _spots(table: Table, districts: list[int], skip_kind: int = 0) -> list[Action]:
    return [
        Action("s", d, k)
        for d in districts
        if not is_closed(table, d)
        for k in kinds_at(table, d)
        if k != skip_kind
    ]


def swap_spots(table: Table, kind: int) -> list[Action]:
    """Jewelers (b): resources on another district to swap a Jewelers `kind` with."""
    return _spots(table, [2, 3, 4, 5], skip_kind=kind)


def swap_kinds(table: Table) -> list[int]:
    """Jewelers (b): kinds on the Jewelers that have something to swap with."""
    return [k for k in kinds_at(table, 1) if swap_spots(table, k)]


def steal_spots(table: Table) -> list[Action]:
    """Libraries (a): resources lying on another district."""
    return _spots(table, [1, 3, 4, 5])


def out_targets(table: Table) -> list[int]:
    """Taverns (b) / Forges (b): districts a market resource may go to."""
    skip = 3 if effect_tile(table).effect == "from_market_elsewhere" else 0
    return [a for a in open_areas(table) if a not in (MARKET, skip)]


def turn_targets(table: Table, source: int) -> list[int]:
    """Taverns (c): areas a die from `source` can be turned to."""
    return [a for a in open_areas(table) if a != source]


def sub_targets(table: Table) -> list[int]:
    """Machine works: areas the submarine can move to (AT-13: its own area gives nothing)."""
    return [a for a in open_areas(table) if a != table.sub]


def options(table: Table) -> list[Action]:
    """The choices of an effect decision (unsorted); declining is always one of them."""
    step = table.step
    if step in ("more", "tick", "dive"):
        return [YES, NO]
    if step == "swap1":
        found = [Action("k", k) for k in swap_kinds(table)]
    elif step == "swap2":
        found = swap_spots(table, table.memo)
    elif step == "steal":
        found = steal_spots(table)
    elif step in ("tomarket", "second"):
        found = [Action("k", k) for k in kinds_at(table, 2)]
    elif step in ("out1", "mkt"):
        found = [Action("k", k) for k in kinds_at(table, MARKET)]
    elif step == "out2":
        found = [Action("a", a) for a in out_targets(table)]
    elif step == "turn1":
        found = [Action("a", a) for a in dice_areas(table)]
    elif step == "turn2":
        found = [Action("a", a) for a in turn_targets(table, table.memo)]
    else:
        assert step == "subm", step
        found = [Action("a", a) for a in sub_targets(table)]
    return [*found, NO]


def _roll_for(work: Work, tile: Tile, step: str, possible: bool) -> None:
    face = work.roll()
    if face in tile.faces and possible:
        work.memo, work.step = face, step
    else:
        work.part(say("atlandice.part.rolls_nothing", face=face))
        work.step = DONE


def _search_roll(work: Work, tile: Tile) -> None:
    """AT-14 Jewelers (c): roll; only on a 6 roll again and search the area the new roll names
    too, with its effect (a second 6: the black market). [house] a search started this way
    starts no other (chained_search); a closed district named by the re-roll gives nothing."""
    if work.nested and not CHAINED_SEARCH:
        work.part(say("atlandice.part.no_further_search"))
        work.step = DONE
        return
    face = work.roll()
    if face not in tile.faces:
        work.part(say("atlandice.part.rolls_nothing", face=face))
        work.step = DONE
        return
    again = work.roll()
    if again != MARKET and is_closed(work, again):
        work.part(say("atlandice.part.rolls_closed", face=face, again=again, area=area_name(again)))
        work.step = DONE
    else:
        work.memo, work.step = again, "dive"
        work.line.append(say("atlandice.part.rolls_again", face=face, again=again))


def _step_if(work: Work, possible: bool, step: str, nothing: str) -> None:
    if possible:
        work.step = step
    else:
        work.part(say(nothing))
        work.step = DONE


def enter(work: Work) -> None:
    """AT-14: start the effect of the searched area's active tile (auto step 'effect')."""
    tile_index = active_tile(work, work.area)
    if tile_index is None:
        work.step = DONE
        return
    tile = TILES[tile_index]
    ENTER[tile.effect](work, tile)


ENTER: dict[str, Callable[[Work, Tile], None]] = {
    "bonus_roll": lambda w, t: _roll_for(w, t, "more", bool(w.goods[w.area - 1][w.area - 1])),
    "swap": lambda w, t: _step_if(
        w, bool(swap_kinds(w)), "swap1", "atlandice.part.nothing_to_swap"
    ),
    "search_roll": _search_roll,
    "steal_roll": lambda w, t: _roll_for(w, t, "steal", bool(steal_spots(w))),
    "to_market": lambda w, t: _step_if(
        w, bool(kinds_at(w, 2)), "tomarket", "atlandice.part.nothing_to_move"
    ),
    "second_die": lambda w, t: _step_if(
        w,
        dice_received(w, beneficiary(w)) == 2 and bool(kinds_at(w, 2)),
        "second",
        "atlandice.part.not_second_die",
    ),
    "clock_roll": lambda w, t: _roll_for(w, t, "tick", w.hand < CLOCK_END),
    "from_market": lambda w, t: _step_if(
        w, bool(kinds_at(w, MARKET)) and bool(out_targets(w)), "out1", "atlandice.part.market_empty"
    ),
    "turn_die": lambda w, t: _step_if(w, bool(w.dice), "turn1", "atlandice.part.no_die_to_turn"),
    "submarine": lambda w, t: _step_if(
        w, bool(sub_targets(w)), "subm", "atlandice.part.nowhere_to_go"
    ),
    "market_roll": lambda w, t: _roll_for(w, t, "mkt", bool(kinds_at(w, MARKET))),
}
ENTER["from_market_elsewhere"] = ENTER["from_market"]


def _decline(work: Work) -> None:
    if work.step == "dive":
        work.line[-1] = say("atlandice.part.declines_search", rolled=work.line[-1])
    elif work.step in ("more", "tick", "steal", "mkt"):
        work.part(say("atlandice.part.rolls_declines", face=work.memo))
    else:
        work.part(say("atlandice.part.declines"))
    work.step = DONE


def _move_die(work: Work, source: int, target: int) -> None:
    face = next(f for f in work.dice if area_of(work, f) == source)
    work.dice.remove(face)
    work.dice.append(target)
    work.dice.sort()
    words = {"source": area_name(source), "face": target, "target": area_name(target)}
    work.part(say("atlandice.part.turns_die", **words))


def resolve(work: Work, action: Action) -> None:
    """AT-14: carry out an effect decision (already checked legal); AT-13 for the submarine."""
    if action == NO:
        _decline(work)
        return
    step, bene, area = work.step, beneficiary(work), work.area
    work.step = DONE
    if step == "more":
        work.gain(bene, area, area)
        work.part(say("atlandice.part.rolls_more", face=work.memo, kind=kind_name(area)))
    elif step == "tick":
        work.hand += 1
        work.part(say("atlandice.part.rolls_tick", face=work.memo, hand=work.hand))
        if work.hand >= CLOCK_END:
            work.sunk = True
            work.part(say("atlandice.part.waves"))
    elif step == "dive":
        work.line[-1] = say(
            "atlandice.part.searches", rolled=work.line[-1], area=area_name(work.memo)
        )
        work.area, work.nested, work.step = work.memo, True, "search"
    elif step == "swap1":
        work.memo, work.step = action.x, "swap2"
    elif step == "swap2":
        mine, other, theirs = work.memo, action.x, action.y
        work.goods[0][mine - 1] -= 1
        work.goods[other - 1][mine - 1] += 1
        work.goods[other - 1][theirs - 1] -= 1
        work.goods[0][theirs - 1] += 1
        words = {"mine": kind_name(mine), "theirs": kind_name(theirs), "area": area_name(other)}
        work.part(say("atlandice.part.swaps", **words))
    elif step == "steal":
        work.gain(bene, action.x, action.y)
        kind, place = kind_name(action.y), area_name(action.x)
        work.part(say("atlandice.part.rolls_steal", face=work.memo, kind=kind, area=place))
    elif step == "tomarket":
        work.goods[1][action.x - 1] -= 1
        work.goods[MARKET - 1][action.x - 1] += 1
        work.part(say("atlandice.part.to_market", kind=kind_name(action.x)))
    elif step == "second":
        work.gain(bene, 2, action.x)
        work.part(say("atlandice.part.second_die", kind=kind_name(action.x)))
    elif step in ("out1", "turn1"):
        work.memo, work.step = action.x, {"out1": "out2", "turn1": "turn2"}[step]
    elif step == "out2":
        work.goods[MARKET - 1][work.memo - 1] -= 1
        work.goods[action.x - 1][work.memo - 1] += 1
        words = {"kind": kind_name(work.memo), "area": area_name(action.x)}
        work.part(say("atlandice.part.from_market", **words))
    elif step == "turn2":
        _move_die(work, work.memo, action.x)
    elif step == "subm":
        work.sub = action.x
        work.part(say("atlandice.part.submarine", area=area_name(action.x)))
    else:
        assert step == "mkt", step
        work.gain(bene, MARKET, action.x)
        work.part(say("atlandice.part.rolls_market", face=work.memo, kind=kind_name(action.x)))
