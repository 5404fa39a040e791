"""The Iliad card game object: its spec and summary, and its hooks on the engine contract."""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.engine import GameAdapter, GameSpec, Outcome
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


class IliadCards(GameAdapter[State, Action, IliadCardsView, IliadCardsSeatView]):
    """Rival Greek kings besiege Troy with armies of cards."""

    spec = GameSpec(
        id="iliad_cards",
        title="Iliad: the card game",
        min_players=2,
        max_players=5,
        max_plies=max_plies(table()),
        seat_names=SEAT_NAMES,
        summary=SUMMARY,
    )

    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    standing = staticmethod(scoring.standing)
    build_view = staticmethod(views.view)
    encode = staticmethod(codes.encode)
    decode = staticmethod(codes.decode)
    dump = staticmethod(dump)
    load = staticmethod(load)

    def setup(self, players: int, seed: int, options: Mapping[str, str]) -> State:
        """IC-6: a shuffled, dealt game at the start of siege 1."""
        return siege.new_game(players, seed)

    def hidden_choices(self, state: State) -> bool:
        """The turn's choices list the kinds of card in hand; later steps follow a public play."""
        return state.phase == "turn"

    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over."""
        return scoring.outcome(state) if state.phase == "over" else None

    def chance(self, state: State) -> tuple[int, ...]:
        """Seeded shuffles and the cards still face down in the army, victory and oracle decks."""
        decks = (state.army_deck, state.victory_deck, state.oracle_deck)
        return (state.counter, *(len(deck) for deck in decks))

    def resample_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """A state `seat` cannot tell apart: hands and deck orders re-dealt, a fresh seed."""
        return hidden.resample_hidden(state, seat, rng)

    def describe(self, action: Action, state: State | None = None) -> str:
        """Human words for an action, in context when `state` is given."""
        return views.describe(action, state)

    def playout_stats(self, state: State) -> dict[str, float]:
        """Sieges fought and the winner's VP."""
        return {
            "sieges": state.siege,
            "winner_vp": max(scoring.vp(state, s) for s in range(state.players)),
        }


GAME = IliadCards()
