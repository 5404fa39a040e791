"""The Iliad card game object: its spec and summary, and the engine contract's methods."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, overload

from bot.engine import GameSpec, Outcome
from bot.games.iliad_cards import codes, hidden, rules, scoring, siege, views
from bot.games.iliad_cards.data import Table, table
from bot.games.iliad_cards.model import SEAT_NAMES, Action, State, dump, load
from bot.games.iliad_cards.views import IliadCardsSeatView, IliadCardsView
from bot.i18n import say

SUMMARY = say("iliad_cards.rules")  # the words are in data/locales (English: the en catalogue)


def max_plies(t: Table) -> int:
    """A true bound on decisions in any game, random play included.

    In one siege every card played costs at most 3 decisions (play, foe, hit for a Horse;
    play, put otherwise) and every attack at most 3 (attack, foe, hit); an attack discards its
    attacker, a card played in this siege (armies are cleared after each siege and heroes never
    attack), so attacks <= plays <= all army cards. Add one pass per player and one pick per
    victory card. With 3+ players there are at most as many sieges as oracle cards; with 2
    each siege reveals a victory card and hands out the whole display, so at most one siege per
    victory card. No step can be undone, so nothing loops.
    """
    army = sum(card.count for card in t.cards)
    victory = len(t.cities) + len(t.triremes) + 1
    sieges = max(len(t.thanatos) + t.gorgons, victory)
    return sieges * (6 * army + len(SEAT_NAMES) + victory)


class IliadCards:
    """Rival Greek kings besiege Troy with armies of cards."""

    def __init__(self) -> None:
        self.spec = GameSpec(
            id="iliad_cards",
            title="Iliad: the card game",
            min_players=2,
            max_players=5,
            max_plies=max_plies(table()),
            seat_names=SEAT_NAMES,
            summary=SUMMARY,
        )

    def new_game(
        self, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        """IC-6: a shuffled, dealt game at the start of siege 1."""
        self.spec.check_players(players)
        self.spec.resolve_options(options)
        return siege.new_game(players, seed)

    def to_move(self, state: State) -> int | None:
        """The seat to decide now."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Every decision open now."""
        return rules.legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        """A new state after `action`."""
        return rules.apply(state, action)

    def hidden_choices(self, state: State) -> bool:
        """The turn's choices list the kinds of card in hand; later steps follow a public play."""
        return state.phase == "turn"

    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over."""
        return scoring.outcome(state) if state.phase == "over" else None

    @overload
    def view(self, state: State, seat: None) -> IliadCardsView: ...
    @overload
    def view(self, state: State, seat: int) -> IliadCardsSeatView: ...
    @overload
    def view(self, state: State, seat: int | None) -> IliadCardsView | IliadCardsSeatView: ...
    def view(self, state: State, seat: int | None) -> IliadCardsView | IliadCardsSeatView:
        """What a seat (None: everyone) may see: the public view, or it plus `private`."""
        return views.view(state, seat)

    def standing(self, state: State) -> list[int]:
        """The VP each seat holds so far."""
        return scoring.standing(state)

    def chance(self, state: State) -> tuple[int, ...]:
        """Seeded shuffles and the cards still face down in the army, victory and oracle decks."""
        decks = (state.army_deck, state.victory_deck, state.oracle_deck)
        return (state.counter, *(len(deck) for deck in decks))

    def resample_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """A state `seat` cannot tell apart: hands and deck orders re-dealt, a fresh seed."""
        return hidden.resample_hidden(state, seat, rng)

    def encode(self, action: Action) -> str:
        """Short text for a button: 'pass', 'play.hoplite3', 'hit.3.0' …"""
        return codes.encode(action)

    def decode(self, text: str) -> Action:
        """Inverse of encode; IllegalAction for anything else."""
        return codes.decode(text)

    def describe(self, action: Action, state: State | None = None) -> str:
        """Human words for an action, in context when `state` is given."""
        return views.describe(action, state)

    def dump(self, state: State) -> dict[str, Any]:
        """The full state as JSON."""
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of dump."""
        return load(data)

    def playout_stats(self, state: State) -> dict[str, float]:
        """Figures the simulator averages."""
        return {
            "sieges": state.siege,
            "winner_vp": max(scoring.vp(state, s) for s in range(state.players)),
        }


GAME = IliadCards()
