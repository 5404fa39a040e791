"""Victory points (IC-17) and the final result with a breakdown a player can check."""

from __future__ import annotations

from functools import cache

from bot.engine import Outcome, ranking_from_keys
from bot.engine.memo import remember_last
from bot.games.iliad_cards.data import Table, table
from bot.games.iliad_cards.model import State, victory_kind, victory_value
from bot.games.iliad_cards.text import AMPHORA_NAMES, commas, seat, victory_name
from bot.i18n import LIST_PLUS, listing, say

AMPHORA_KEYS = ("agamemnon", "athena", "poseidon")
REASONS = {  # why the game ended -> message id of the words
    "target": "iliad_cards.end.target",
    "sieges": "iliad_cards.end.sieges",
    "cards": "iliad_cards.end.cards",
}


def kind_vp(state: State, who: int, kind: str) -> int:
    """VP from one seat's victory cards of one kind (city or trireme)."""
    return sum(_card_vp(c) for c in state.won[who] if _card_kind(c) == kind)


def amphora_vp(state: State, who: int, t: Table) -> int:
    """IC-5: VP from the amphoras a seat holds, at the values the data file gives."""
    return sum(
        t.amphoras[key] for key, h in zip(AMPHORA_KEYS, state.amphoras, strict=True) if h == who
    )


def vp(state: State, who: int) -> int:
    """Victory cards plus amphoras plus Thanatos penalties."""
    t = table()
    cards = sum(map(_card_vp, state.won[who]))
    return cards + amphora_vp(state, who, t) + sum(state.penalties[who])


_card_vp = cache(victory_value)  # a handful of card codes, parsed once each
_card_kind = cache(victory_kind)


def standing(state: State) -> list[int]:
    """Every seat's vp at once (asked at every ply by the contract check and by playouts)."""
    return _standing(state.won, state.penalties, state.amphoras)


@remember_last
def _standing(
    won: tuple[tuple[str, ...], ...],
    penalties: tuple[tuple[int, ...], ...],
    amphoras: tuple[int, int, int],
) -> list[int]:
    """Kept for the last holdings asked (the same tuples): they change only between sieges."""
    t = table()
    points = [
        sum(map(_card_vp, cards)) + sum(minus) for cards, minus in zip(won, penalties, strict=True)
    ]
    for key, holder in zip(AMPHORA_KEYS, amphoras, strict=True):
        if 0 <= holder < len(points):
            points[holder] += t.amphoras[key]
    return points


def target_vp(players: int) -> int:
    """IC-7 / IC-17: 12 VP, or 15 VP with two players."""
    t = table()
    return t.target_vp_two_players if players == 2 else t.target_vp


def breakdown_line(state: State, who: int) -> str:
    """'Nestor 13 VP: City 2 + Helen 5 (7), Athena 2, Thanatos -1; 2 victory cards'."""
    t = table()
    cards = sorted(state.won[who])
    won = [victory_name(c) for c in cards]
    parts = [listing(won, LIST_PLUS) if won else say("iliad_cards.no_victory_cards")]
    parts += [
        say("iliad_cards.amphora_vp", amphora=name, vp=t.amphoras[key])
        for name, key, h in zip(AMPHORA_NAMES, AMPHORA_KEYS, state.amphoras, strict=True)
        if h == who
    ]
    parts += [say("iliad_cards.thanatos_vp", vp=p) for p in state.penalties[who]]
    words = {"seat": seat(who), "vp": vp(state, who), "parts": commas(parts)}
    if len(cards) == 1:  # "1 victory card"
        return say("iliad_cards.breakdown_one", **words)
    return say("iliad_cards.breakdown", **words, cards=len(cards))


def outcome(state: State) -> Outcome:
    """IC-17: most VP, then most victory cards; equal on both share the place."""
    seats = range(state.players)
    scores = tuple(vp(state, s) for s in seats)
    ranking = ranking_from_keys([(scores[s], len(state.won[s])) for s in seats])
    winners = [seat(s) for s in seats if ranking[s] == 1]
    best = max(scores)
    key = "iliad_cards.summary.wins" if len(winners) == 1 else "iliad_cards.summary.shared"
    why = say(REASONS[state.end])
    summary = say(key, seats=listing(winners), vp=best, why=why)
    return Outcome(
        scores, ranking, state.end, summary, tuple(breakdown_line(state, s) for s in seats)
    )
