"""A tiny game that honours the engine contract, for service tests (never registered).

"Counters": 2-3 players take 1-3 counters from a pile in turn; whoever takes the last one wins.
Each seat holds a secret number; taking exactly 3 draws a new one (a private change).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypedDict

from bot.engine import (
    GameSpec,
    IllegalAction,
    LogEntry,
    OptionSpec,
    Outcome,
    SeatView,
    View,
    private_log,
    ranking_from_keys,
    rng,
    visible_log,
)


class ToyView(View):
    """The table: the pile and what each seat has taken."""

    pile: int
    taken: list[int]


class ToyPrivate(TypedDict):
    """One seat's secret number and the lines only it reads."""

    secret: int
    log: list[str]


class ToySeatView(ToyView, SeatView[ToyPrivate]):
    """The table plus one seat's secret."""


class Take(NamedTuple):
    """Take this many counters from the pile."""

    amount: int


@dataclass(frozen=True)
class ToyState:
    """The whole game: pile, whose turn, secrets, counters taken, log."""

    players: int
    seed: int
    pile: int
    to_move: int | None
    secrets: tuple[int, ...]
    taken: tuple[int, ...]
    draws: int
    log: tuple[LogEntry, ...]
    winner: int | None = None


_CODE = re.compile(r"^t([1-3])$")
SEAT_NAMES = ("red", "blue", "green")


class Counters:
    """The toy game's rules."""

    spec = GameSpec(
        id="toy",
        title="Counters",
        min_players=2,
        max_players=3,
        max_plies=15,
        seat_names=SEAT_NAMES,
        options=(OptionSpec("pile", "Counters at the start", ("7", "10", "15"), "10"),),
        summary="Take 1-3 counters; the last one wins.",
    )

    def new_game(
        self, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> ToyState:
        self.spec.check_players(players)
        pile = int(self.spec.resolve_options(options)["pile"])
        secrets = tuple(rng(seed, k).randint(1, 9) for k in range(players))
        secret_lines = [LogEntry(f"Your secret is {v}.", seat) for seat, v in enumerate(secrets)]
        log = (LogEntry(f"The pile has {pile} counters."), *secret_lines)
        return ToyState(players, seed, pile, 0, secrets, (0,) * players, players, log)

    def to_move(self, state: ToyState) -> int | None:
        return state.to_move

    def legal_actions(self, state: ToyState) -> list[Take]:
        if state.to_move is None:
            return []
        return [Take(n) for n in range(1, min(3, state.pile) + 1)]

    def apply(self, state: ToyState, action: Take) -> ToyState:
        if action not in self.legal_actions(state):
            raise IllegalAction("You may take 1 to 3 counters, but no more than the pile holds.")
        seat = state.to_move
        assert seat is not None
        pile = state.pile - action.amount
        taken = tuple(t + action.amount if s == seat else t for s, t in enumerate(state.taken))
        log = (*state.log, LogEntry(f"{SEAT_NAMES[seat]} takes {action.amount}."))
        secrets, draws = state.secrets, state.draws
        if action.amount == 3:
            value = rng(state.seed, draws).randint(1, 9)
            secrets = tuple(value if s == seat else v for s, v in enumerate(secrets))
            draws += 1
            log = (*log, LogEntry(f"Your new secret is {value}.", seat))
        if pile == 0:
            log = (*log, LogEntry(f"{SEAT_NAMES[seat]} takes the last counter and wins."))
            return replace(
                state, pile=0, to_move=None, taken=taken, secrets=secrets, draws=draws,
                log=log, winner=seat,
            )  # fmt: skip
        return replace(
            state, pile=pile, to_move=(seat + 1) % state.players, taken=taken,
            secrets=secrets, draws=draws, log=log,
        )  # fmt: skip

    def hidden_choices(self, state: ToyState) -> bool:
        """Taking counters reveals nothing secret."""
        return False

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        keys: list[tuple[int, ...]] = [(int(s == state.winner),) for s in range(state.players)]
        return Outcome(
            scores=state.taken,
            ranking=ranking_from_keys(keys),
            reason="last counter",
            summary=f"{SEAT_NAMES[state.winner]} took the last counter.",
            breakdown=tuple(f"{SEAT_NAMES[s]} took {t}" for s, t in enumerate(state.taken)),
        )

    def view(self, state: ToyState, seat: int | None) -> ToyView | ToySeatView:
        outcome = self.outcome(state)
        public: ToyView = {
            "game": self.spec.id,
            "players": state.players,
            "seats": list(SEAT_NAMES[: state.players]),
            "first_player": 0,
            "to_move": state.to_move,
            "prompt": self._prompt(state),
            "log": visible_log(state.log, None),
            "outcome": None if outcome is None else outcome.to_dict(),
            "pile": state.pile,
            "taken": list(state.taken),
        }
        if seat is None:
            return public
        private: ToyPrivate = {"secret": state.secrets[seat], "log": private_log(state.log, seat)}
        return {**public, "seat": seat, "private": private}

    def _prompt(self, state: ToyState) -> str:
        if state.winner is not None:
            return f"{SEAT_NAMES[state.winner]} took the last counter."
        assert state.to_move is not None
        return f"{SEAT_NAMES[state.to_move]}: take 1 to {min(3, state.pile)} counters"

    def standing(self, state: ToyState) -> list[int]:
        return list(state.taken)

    def chance(self, state: ToyState) -> tuple[int, ...]:
        return (state.draws,)

    def resample_hidden(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        """Other seats' secrets (and every later draw) are unknown to `seat`: draw them anew."""
        secrets = tuple(v if s == seat else rng.randint(1, 9) for s, v in enumerate(state.secrets))
        seen = tuple(e for e in state.log if e.seat in (None, seat))
        others = (s for s in range(state.players) if s != seat)
        log = (*seen, *(LogEntry(f"Your secret is {secrets[s]}.", s) for s in others))
        return replace(state, secrets=secrets, seed=rng.getrandbits(63), log=log)

    def playout_stats(self, state: ToyState) -> dict[str, float]:
        return {"secrets drawn": state.draws}

    def encode(self, action: Take) -> str:
        return f"t{action.amount}"

    def decode(self, text: str) -> Take:
        match = _CODE.match(text)
        if match is None:
            raise IllegalAction(f"{text[:20]!r} is not a move in Counters.")
        return Take(int(match.group(1)))

    def describe(self, action: Take, state: ToyState | None = None) -> str:
        return f"take {action.amount} counter{'s' if action.amount > 1 else ''}"

    def dump(self, state: ToyState) -> dict[str, Any]:
        return {
            "players": state.players,
            "seed": state.seed,
            "pile": state.pile,
            "to_move": state.to_move,
            "secrets": list(state.secrets),
            "taken": list(state.taken),
            "draws": state.draws,
            "log": [entry.to_json() for entry in state.log],
            "winner": state.winner,
        }

    def load(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(
            players=int(data["players"]),
            seed=int(data["seed"]),
            pile=int(data["pile"]),
            to_move=data["to_move"],
            secrets=tuple(data["secrets"]),
            taken=tuple(data["taken"]),
            draws=int(data["draws"]),
            log=tuple(LogEntry.from_json(entry) for entry in data["log"]),
            winner=data["winner"],
        )


TOY = Counters()
