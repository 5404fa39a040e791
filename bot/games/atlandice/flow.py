"""The round (AT-6 to AT-9, AT-12, AT-15): everything that happens without a decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.atlandice import effects
from bot.games.atlandice.data import (
    CLOCK,
    CLOCK_END,
    DICE,
    DONATION_VP,
    KINDS,
    MARKET,
    MARKET_SYMBOLS,
    NEUTRAL_DONATION,
    SEAT_NAMES,
    area_name,
    kind_name,
    line_words,
    symbol_words,
    tile_name,
)
from bot.games.atlandice.model import (
    OVER,
    Action,
    Table,
    Work,
    area_of,
    holders,
    is_closed,
    kinds_at,
    symbols_at,
    takes_per_round,
)
from bot.games.atlandice.scoring import (
    final_scores,
    holder_name,
    inventory,
    score_empty_districts,
    totals,
)
from bot.i18n import LIST_COMMA, listing, say

DECISIONS = frozenset(
    {"take", "grab", "bonus", "more", "tick", "dive", "swap1", "swap2", "steal", "tomarket"}
    | {"second", "out1", "out2", "turn1", "turn2", "subm", "mkt", "donate"}
)


def _start_round(work: Work) -> None:
    """AT-6: the start player rolls every die; 6s and closed districts' dice lie at the market."""
    faces = work.roll_all(DICE[work.players])
    work.dice = faces
    at_market = sum(1 for f in faces if area_of(work, f) == MARKET)
    key = "atlandice.log.round_market" if at_market else "atlandice.log.round"
    shown = " ".join(str(f) for f in faces)
    work.say(say(key, round=work.round, seat=SEAT_NAMES[work.start], dice=shown, market=at_market))
    work.step = "take"


def take_die(work: Work, seat: int, area: int, neutral: bool) -> None:
    """AT-7 / AT-19: take a die from an area and start searching it."""
    face = next(f for f in work.dice if area_of(work, f) == area)
    work.dice.remove(face)
    work.taken.append((seat, work.players if neutral else seat))
    work.area, work.nested = area, False
    key = "atlandice.line.take_neutral" if neutral else "atlandice.line.take"
    work.line = [say(key, seat=SEAT_NAMES[seat], face=face, area=area_name(area))]
    work.step = "search"


def _grab(work: Work, step: str, after: str) -> None:
    kinds = kinds_at(work, work.area)
    if len(kinds) > 1:
        work.step = step
        return
    if kinds:
        grab(work, kinds[0], step)
    elif step == "grab":
        work.part(say("atlandice.part.nothing_to_take"))
    work.step = after


def grab(work: Work, kind: int, step: str) -> None:
    """Take one resource from the searched area (the search itself or the submarine bonus)."""
    work.gain(effects.beneficiary(work), work.area, kind)
    key = "atlandice.part.grab_submarine" if step == "bonus" else "atlandice.part.grab"
    work.part(say(key, kind=kind_name(kind)))


def _search(work: Work) -> None:
    """AT-7: take one resource lying in the searched area (any kind lying there)."""
    _grab(work, "grab", "bonus_check")


def _bonus_check(work: Work) -> None:
    """AT-7: one more resource there when the submarine is at that area."""
    if work.sub == work.area:
        _grab(work, "bonus", "effect")
    else:
        work.step = "effect"


def _done(work: Work) -> None:
    """AT-8: after each search, empty districts are scored; AT-7: then the next seat takes."""
    work.say(line_words(work.line))
    work.line = []
    work.area, work.nested, work.memo = 0, False, 0
    score_empty_districts(work, work.taken[-1][0])
    work.step = "take" if len(work.taken) < takes_per_round(work) else "clock"


def _clock(work: Work) -> None:
    """AT-9: the hand moves by the left-over die's area symbols; a symbol it stops on happens
    (AT-11 inventory, AT-12 donation); reaching the waves ends the game (AT-15)."""
    (face,) = work.dice
    area = area_of(work, face)
    if work.hand >= CLOCK_END:
        work.say(say("atlandice.log.clock_at_waves", area=area_name(area)))
        work.step = "end_round"
        return
    moves = symbols_at(work, area, MARKET_SYMBOLS)
    old, work.hand = work.hand, min(CLOCK_END, work.hand + moves)
    where = {"area": area_name(area), "moves": moves, "old": old, "new": work.hand}
    work.step = "end_round"
    if work.hand >= CLOCK_END:
        work.sunk = True
        work.say(say("atlandice.log.clock_waves", **where))
    elif work.hand in CLOCK:
        symbol = CLOCK[work.hand]
        work.say(say("atlandice.log.clock_symbol", **where, symbol=symbol_words(symbol)))
        if symbol == "donation":
            work.donor, work.step = 0, "donation"
        else:
            inventory(work, symbol.split(":", 1)[1])
    else:
        work.say(say("atlandice.log.clock", **where))


def donor_seat(table: Table) -> int:
    """The seat deciding a donation now."""
    return (table.start + table.donor) % table.players


def _donation(work: Work) -> None:
    """AT-12: in turn order from the start player each seat may donate; AT-20: the neutral last."""
    while work.donor < holders(work):
        if work.donor >= work.players:
            neutral_donates(work, work.donor)
            work.donor += 1
            continue
        seat = donor_seat(work)
        if sum(work.held[seat]) >= 2:
            work.line = [say("atlandice.line.donates", seat=holder_name(work, seat))]
            work.step = "donate"
            return
        work.donor += 1
    work.step = "end_round"


def _give_pair(work: Work, holder: int, pair: tuple[int, int]) -> None:
    """AT-12: a pair back for 1 VP; each goes onto its district's tile (the market if closed)."""
    for kind in pair:
        work.held[holder][kind - 1] -= 1
        target = MARKET if is_closed(work, kind) else kind
        work.goods[target - 1][kind - 1] += 1
    work.chips[holder] += DONATION_VP
    work.part(say("atlandice.part.pair", first=kind_name(pair[0]), second=kind_name(pair[1])))


def _say_donation(work: Work) -> None:
    head, *pairs = work.line
    if pairs:
        given = listing(pairs, LIST_COMMA)
        count = len(pairs) * DONATION_VP
        work.say(say("atlandice.log.donates", head=head, count=len(pairs), pairs=given, vp=count))
    else:
        work.say(say("atlandice.log.donates_nothing", head=head))
    work.line = []


def donate(work: Work, action: Action) -> None:
    """AT-12: a seat gives a pair back for 1 VP, or stops; it stops too once it has no pair."""
    seat = donor_seat(work)
    if action.verb == "p":
        _give_pair(work, seat, (action.x, action.y))
        if sum(work.held[seat]) >= 2:
            return
    _say_donation(work)
    work.donor += 1
    work.step = "donation"


def neutral_donates(work: Work, holder: int) -> None:
    """AT-20 [house]: the neutral player donates too; nobody decides for it, so it gives as
    many pairs as it can, each resource from its largest stack (ties: the lower number)."""
    assert NEUTRAL_DONATION == "all_pairs_largest_first", NEUTRAL_DONATION
    hand = work.held[holder]
    work.line = [say("atlandice.line.donates", seat=holder_name(work, holder))]
    while sum(hand) >= 2:
        first = _largest(hand)
        second = _largest([n - (k == first - 1) for k, n in enumerate(hand)])
        _give_pair(work, holder, (first, second))
    _say_donation(work)


def _largest(hand: Sequence[int]) -> int:
    """The kind (1-5) the holder has most of, the lower number on a tie."""
    return 1 + max(range(len(hand)), key=lambda k: (hand[k], -k))


def _end_round(work: Work) -> None:
    """AT-9: the start player passes to the left; AT-15: the game ends after the waves' round."""
    if work.sunk or work.hand >= CLOCK_END:
        _final(work)
        return
    work.start = (work.start + 1) % work.players
    work.round += 1
    work.taken = []
    work.step = "round"


def _final(work: Work) -> None:
    """AT-16: the final majorities of every resource still in the game are logged."""
    work.step = OVER
    finals = final_scores(work)
    for kind in range(1, len(KINDS) + 1):
        if is_closed(work, kind):
            work.say(say("atlandice.log.final_out", kinds=kind_name(kind, 2)))
            continue
        got = [
            say("atlandice.gain", seat=holder_name(work, h), vp=vp)
            for h in range(len(finals))
            for k, vp in finals[h]
            if k == kind
        ]
        scored = listing(got, LIST_COMMA) if got else say("atlandice.nobody")
        work.say(say("atlandice.log.final_kind", kinds=kind_name(kind, 2), scored=scored))
    scores = totals(work, final=True)
    listed = [say("atlandice.score", seat=holder_name(work, h), vp=v) for h, v in enumerate(scores)]
    work.say(say("atlandice.log.final_vp", scores=listing(listed, LIST_COMMA)))


AUTO: dict[str, Callable[[Work], None]] = {
    "round": _start_round,
    "search": _search,
    "bonus_check": _bonus_check,
    "effect": effects.enter,
    "done": _done,
    "clock": _clock,
    "donation": _donation,
    "end_round": _end_round,
}


def run(work: Work) -> None:
    """Carry the game on until someone must decide or it is over."""
    while work.step in AUTO:
        AUTO[work.step](work)


def active_tile_names(table: Table) -> str:
    """The five active tiles, for the setup line."""
    return listing((tile_name(s[0]) for s in table.stacks if s), LIST_COMMA)
