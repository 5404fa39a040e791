"""The end of Ilium: historian donations, type majorities, sets and the winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Outcome, ranking_from_keys
from bot.engine.memo import remember_last
from bot.games.ilium.data import rules
from bot.games.ilium.model import OVER, State, Token
from bot.games.ilium.text import commas, seat_name, token_words, type_name
from bot.i18n import listing, say

END_WORDS = {  # why the game ended -> message id of the words
    "placed": "ilium.end.placed",
    "fours": "ilium.end.fours",
    "full": "ilium.end.full",
}


@dataclass(frozen=True)
class SeatScore:
    """One seat's final tally, enough to check by hand."""

    tokens: tuple[int, ...]  # per artifact type: tokens held
    artifacts: tuple[int, ...]  # per artifact type: artifacts shown
    majorities: tuple[int, ...]  # per artifact type: points scored
    sets: int
    points: int

    @property
    def total_artifacts(self) -> int:
        """The tie-break (IM-20)."""
        return sum(self.artifacts)


def donate(tokens: Sequence[Token], historian: int) -> tuple[Token | None, tuple[Token, ...]]:
    """The token given up for the historian card, and what is kept (IM-17)."""
    mine = [token for token in tokens if token[0] == historian]
    if not mine:
        return None, tuple(tokens)
    given = max(mine, key=lambda token: token[1])
    kept = list(tokens)
    kept.remove(given)
    return given, tuple(kept)


def score_hands(hands: Sequence[Sequence[Token]]) -> list[SeatScore]:
    """Majorities by token count (IM-18) and sets by artifacts (IM-19), after donations.

    The rulebook's worked example (IM-21) is checked against this function.
    """
    kinds = range(len(rules().type_names))
    counts, shown = [], []
    for hand in hands:  # one pass per hand: this runs at every ply of a computer's playouts
        count, artifacts = [0 for _ in kinds], [0 for _ in kinds]
        for kind, shows in hand:
            count[kind] += 1
            artifacts[kind] += shows
        counts.append(tuple(count))
        shown.append(tuple(artifacts))
    majorities: list[list[int]] = [[0 for _ in kinds] for _ in hands]
    for kind in kinds:
        best = max(count[kind] for count in counts)
        holders = [seat for seat, count in enumerate(counts) if best and count[kind] == best]
        points = rules().majority if len(holders) == 1 else rules().shared_majority
        for seat in holders:
            majorities[seat][kind] = points
    scores = []
    for seat in range(len(hands)):
        sets = min(shown[seat])
        points = sum(majorities[seat]) + sets * rules().set_points
        scores.append(SeatScore(counts[seat], shown[seat], tuple(majorities[seat]), sets, points))
    return scores


def donations(state: State) -> list[tuple[Token | None, tuple[Token, ...]]]:
    """Every seat's donation and kept tokens."""
    return [donate(state.collected[seat], state.historians[seat]) for seat in range(state.players)]


def final_scores(state: State) -> list[SeatScore]:
    """Each seat's score after donations."""
    return score_hands([kept for _, kept in donations(state)])


@remember_last
def _points(collected: tuple[tuple[Token, ...], ...], historians: tuple[int, ...]) -> list[int]:
    kept = [donate(tokens, seat)[1] for tokens, seat in zip(collected, historians, strict=True)]
    return [score.points for score in score_hands(kept)]


def points(state: State) -> list[int]:
    """Each seat's points if the donations went now; tokens change only on excavation, so the
    answer for the last holdings asked (the same tuple objects) is kept."""
    return _points(state.collected, state.historians)


def outcome(state: State) -> Outcome | None:
    """The result once over: donations (IM-17), scores (IM-18, IM-19), the winner (IM-20)."""
    if state.phase != OVER:
        return None
    scores = final_scores(state)
    ranking = ranking_from_keys([(s.points, s.total_artifacts) for s in scores])
    return Outcome(
        scores=tuple(s.points for s in scores),
        ranking=ranking,
        reason=state.ended,
        summary=_summary(state, scores, ranking),
        breakdown=tuple(_breakdown(state, scores)),
    )


def _summary(state: State, scores: list[SeatScore], ranking: tuple[int, ...]) -> str:
    winners = [seat for seat, place in enumerate(ranking) if place == 1]
    best = scores[winners[0]]
    names = listing(seat_name(state, seat) for seat in winners)
    points, artifacts = best.points, best.total_artifacts
    if len(winners) > 1:
        return say("ilium.summary.shared", seats=names, points=points, artifacts=artifacts)
    tied = [s for s in scores if s.points == best.points]
    if len(tied) > 1:
        return say("ilium.summary.tie_break", seat=names, points=points, artifacts=artifacts)
    return say("ilium.summary.wins", seat=names, points=points)


def _breakdown(state: State, scores: list[SeatScore]) -> list[str]:
    kinds = range(len(rules().type_names))
    lines: list[str] = []
    for seat, (given, _) in enumerate(donations(state)):
        name, score = seat_name(state, seat), scores[seat]
        historian = type_name(state.historians[seat])
        gift = say("ilium.gift", token=token_words(given)) if given else say("ilium.no_gift")
        held = commas(
            say("ilium.held", type=type_name(k), tokens=score.tokens[k], shown=score.artifacts[k])
            for k in kinds
        )
        won = [
            say("ilium.won", type=type_name(k), points=p)
            for k, p in enumerate(score.majorities)
            if p
        ]
        lines += [
            say("ilium.breakdown.historian", seat=name, type=historian, gift=gift),
            say("ilium.breakdown.tokens", seat=name, held=held, shown=score.total_artifacts),
            say(
                "ilium.breakdown.points",
                seat=name,
                majorities=sum(score.majorities),
                won=commas(won) if won else say("ilium.none"),
                sets=score.sets,
                set_points=rules().set_points,
                points=score.points,
            ),
        ]
    return lines


def final_log_lines(state: State) -> list[str]:
    """What the log says when the game ends: why, the donations, the result."""
    result = outcome(state)
    assert result is not None
    lines: list[str] = [say("ilium.log.game_ends", why=say(END_WORDS[state.ended]))]
    return [*lines, *result.breakdown, result.summary]
