"""Line totals (IL-9), favour of the gods (IL-12) and final scores with tie-breaks (IL-13)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine import Outcome
from bot.games.iliad.board import LINES
from bot.games.iliad.data import GODS, Rules
from bot.games.iliad.model import DOLOS, State, Tile, Token
from bot.i18n import LIST_MINUS, LIST_PLUS, listing, say


def _face_value(tile: Tile | None) -> int:
    """What a tile adds on its own: face-down tiles and Dolos add nothing by themselves."""
    if tile is None or not tile.face_up or tile.value == DOLOS:
        return 0
    return tile.value


def line_totals(board: Sequence[Tile | None], line: int) -> tuple[int, int]:
    """IL-9: each seat's strength in a full line; a face-up Dolos is worth its line neighbours."""
    squares = LINES[line]
    totals = [0, 0]
    for i, square in enumerate(squares):
        tile = board[square]
        if tile is None or not tile.face_up:
            continue
        if tile.value != DOLOS:
            totals[tile.owner] += tile.value
            continue
        around = [squares[j] for j in (i - 1, i + 1) if 0 <= j < len(squares)]
        totals[tile.owner] += sum(_face_value(board[s]) for s in around)
    return totals[0], totals[1]


def line_winner(board: Sequence[Tile | None], line: int, active: int) -> int:
    """IL-9: the seat that wins a line; a tie goes to the active player."""
    first, second = line_totals(board, line)
    if first == second:
        return active
    return 0 if first > second else 1


def gods_held(tokens: Iterable[Token]) -> list[str]:
    """The gods among the tokens, in the fixed order of the five."""
    kinds = {t.kind for t in tokens}
    return [god for god in GODS if god in kinds]


def has_favour(tokens: Sequence[Token]) -> bool:
    """IL-12: the favour of all gods is all five gods, or four gods and both marriages."""
    gods = len(gods_held(tokens))
    marriages = sum(1 for t in tokens if t.kind == "marriage")
    return gods == len(GODS) or (gods == len(GODS) - 1 and marriages >= 2)


def _best_per_god(tokens: Sequence[Token]) -> dict[str, int]:
    best: dict[str, int] = {}
    for token in tokens:
        if token.is_god:
            best[token.kind] = max(best.get(token.kind, token.value), token.value)
    return best


def score(tokens: Sequence[Token]) -> int:
    """IL-13: each god's best token plus every non-god token (IL-14 is its worked example)."""
    return sum(_best_per_god(tokens).values()) + sum(t.value for t in tokens if not t.is_god)


KEPT = frozenset({"bonus", "marriage"})  # tokens added to a score as they are (IL-13)


def uncounted_gods(tokens: Sequence[Token]) -> int:
    """First tie-break: the god tokens that the score left out."""
    return sum(t.value for t in tokens if t.is_god) - sum(_best_per_god(tokens).values())


def top_zeus(tokens: Sequence[Token]) -> int:
    """Second tie-break: the highest Zeus token (0 without one)."""
    return _best_per_god(tokens).get("zeus", 0)


def _terms(tokens: Sequence[Token]) -> str:
    """IL-13's sum as a player writes it: the gods counted, bonuses and marriages added, curses
    taken away ('Zeus 8 + 10 + Marriage − 3'), never '+ +10 + −3'."""
    added = [Token(god, v).label for god, v in _best_per_god(tokens).items()]
    ordered = sorted(tokens, key=lambda t: -t.value)
    added += [str(t.value) if t.kind == "bonus" else t.label for t in ordered if t.kind in KEPT]
    taken = [str(-t.value) for t in ordered if t.kind == "curse"]
    if not taken:
        return listing(added, LIST_PLUS) if added else say("iliad.nothing")
    if not added:
        return listing([f"\u2212{taken[0]}", *taken[1:]], LIST_MINUS)
    return listing([listing(added, LIST_PLUS), *taken], LIST_MINUS)


def _breakdown(name: str, tokens: Sequence[Token]) -> str:
    parts = _terms(tokens)
    favour = say("iliad.favour") if has_favour(tokens) else say("iliad.no_favour")
    return say(
        "iliad.breakdown",
        seat=name,
        parts=parts,
        score=score(tokens),
        favour=favour,
        uncounted=uncounted_gods(tokens),
        zeus=top_zeus(tokens),
    )


def final_outcome(collected: Sequence[Sequence[Token]], names: Sequence[str]) -> Outcome:
    """IL-12 favour first, then IL-13 points and its two tie-breaks."""
    scores = tuple(score(t) for t in collected)
    breakdown = tuple(_breakdown(n, t) for n, t in zip(names, collected, strict=True))
    favour = [has_favour(t) for t in collected]
    if favour.count(True) == 1:
        winner = favour.index(True)
        ranking = tuple(1 if seat == winner else 2 for seat in range(len(collected)))
        summary = say("iliad.summary.favour", seat=names[winner])
        return Outcome(scores, ranking, "favour", summary, breakdown)
    keys = [(score(t), uncounted_gods(t), top_zeus(t)) for t in collected]
    ranking = tuple(1 + sum(other > mine for other in keys) for mine in keys)
    return Outcome(scores, ranking, _reason(keys), _summary(keys, names, favour), breakdown)


def _reason(keys: list[tuple[int, int, int]]) -> str:
    if keys[0] == keys[1]:
        return "draw"
    return "points" if keys[0][0] != keys[1][0] else "tie-break"


def _summary(keys: list[tuple[int, int, int]], names: Sequence[str], favour: list[bool]) -> str:
    why = say("iliad.why.both") if all(favour) else say("iliad.why.nobody")
    if keys[0] == keys[1]:
        return say("iliad.summary.draw", why=why)
    winner = 0 if keys[0] > keys[1] else 1
    loser = 1 - winner
    if keys[0][0] != keys[1][0]:
        how = say("iliad.how.points", mine=keys[winner][0], theirs=keys[loser][0])
    elif keys[0][1] != keys[1][1]:
        how = say("iliad.how.uncounted", mine=keys[winner][1], theirs=keys[loser][1])
    else:
        how = say("iliad.how.zeus", mine=keys[winner][2], theirs=keys[loser][2])
    return say("iliad.summary.wins", seat=names[winner], how=how, why=why)


def outcome(state: State, rules: Rules) -> Outcome | None:
    """IL-11: the result once the board is full and every line is scored."""
    if state.phase != "over":
        return None
    return final_outcome(state.collected, rules.seat_names)
