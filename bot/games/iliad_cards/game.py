"""The Iliad card game on the engine contract: spec, action codes and words, the hooks."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.engine import GameSpec, IllegalAction, Outcome
from bot.games.iliad_cards import rules, scoring, siege, views
from bot.games.iliad_cards.army import NEW, SHIELDED_CHARIOT
from bot.games.iliad_cards.cards import ATTACKERS, Table, table
from bot.games.iliad_cards.model import SEAT_NAMES, Action, State, dump, load
from bot.games.iliad_cards.text import (
    a_card,
    article,
    attacker_name,
    part_label,
    seat,
    unit_label,
    victory_name,
)

SUMMARY = """\
Iliad, the card game (Asmodee 2006), for 2-5 players. HOUSE RULES: the printed rulebook could \
not be read, so card counts, victory values, Thanatos penalties, hero names, phalanx limits \
and the whole attack table are our completion (data/iliad_cards.json).
Each siege reveals an oracle (3+ players): Thanatos shows players-2 victory cards, Gorgon 1; \
2 players reveal 1 card and use no oracle or heroes. In turn, play a card, attack or pass. \
Phalanxes run strictly down, at most 4 cards, worth (sum) x (cards): 4-3-2-1 = 40. Archer 1, \
Chariot 3, hero its value. Archers and Chariots hit an Archer or a phalanx's last card (an \
Archer on an Elephant hits any phalanx card); Catapults hit a Harrow, Elephant or Chariot; \
Ballistas a Chariot or Elephant. A Harrow shields its phalanx or Chariot from Archers and \
Chariots. A Trojan Horse discards any opposing card but a hero. Passing is final; with 3+ \
players the passer takes the best hero left.
Thanatos (and 2-player) sieges end when all pass: strongest first (ties: who passed first), \
players pick the display cards; the strongest takes the Agamemnon amphora, the weakest the \
Thanatos card. Gorgon: a player strictly strongest at the start of their turn takes one card \
and Agamemnon. Athena/Poseidon go to the most City/Trireme VP (ties: holder keeps). Then \
draw 3. 12 VP (15 with 2) wins; else the best after 8 sieges or when victory cards run out.\
"""

_SIMPLE = re.compile(r"^(pass)$|^(play|attack|pick)\.([a-z0-9-]+)$")
_NUMBERS = re.compile(r"^(put)\.(new|[0-9]{1,2})$|^(foe)\.([0-9])$|^(hit)\.([0-9]{1,2})\.([0-9])$")
_VICTORY = re.compile(r"^(city|trireme|helen)[0-9]{1,2}$")


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
        return None if state.phase == "over" else state.current

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

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: everyone) may see."""
        return views.view(state, seat)

    def encode(self, action: Action) -> str:
        """'pass', 'play.hoplite3', 'attack.rider', 'put.new', 'foe.2', 'hit.3.0', 'pick.city2'."""
        verb, what, at, part = action
        if verb in ("play", "attack", "pick"):
            return f"{verb}.{what}"
        if verb == "put":
            return "put.new" if at == NEW else f"put.{at}"
        if verb == "foe":
            return f"foe.{at}"
        if verb == "hit":
            return f"hit.{at}.{part}"
        return verb

    def decode(self, text: str) -> Action:
        """Inverse of encode; IllegalAction for anything else."""
        action = _parse(text)
        if action is None or self.encode(action) != text or not _known(action):
            raise IllegalAction(f"{text!r} is not a move in the Iliad card game.")
        return action

    def describe(self, action: Action, state: State | None = None) -> str:
        """Human words for an action, in context when `state` is given."""
        return describe(action, state)

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


def _parse(text: str) -> Action | None:
    simple = _SIMPLE.match(text)
    if simple:
        return Action("pass") if simple[1] else Action(simple[2], simple[3])
    numbers = _NUMBERS.match(text)
    if not numbers:
        return None
    if numbers[1]:
        return Action("put", "", NEW if numbers[2] == "new" else int(numbers[2]))
    if numbers[3]:
        return Action("foe", "", int(numbers[4]))
    return Action("hit", "", int(numbers[6]), int(numbers[7]))


def _known(action: Action) -> bool:
    if action.verb == "play":
        return action.what in table().by_code
    if action.verb == "attack":
        return action.what in (*ATTACKERS, SHIELDED_CHARIOT)
    if action.verb == "pick":
        return bool(_VICTORY.match(action.what))
    return True


def describe(action: Action, state: State | None) -> str:
    """'play a Hoplite 3', 'put it onto the 4 phalanx', 'strike the Hoplite 2 (last card …)'."""
    t = table()
    verb, what, at, part = action
    if verb == "pass":
        return "pass" + (
            f" and take hero {t.hero_name(state.heroes[-1])}" if state and state.heroes else ""
        )
    if verb == "play":
        return f"play {a_card(what, t)}" if what in t.by_code else f"play {what}"
    if verb == "attack":
        name = attacker_name(what, t) if what in (*ATTACKERS, SHIELDED_CHARIOT) else what
        return f"attack with {article(name)} {name}"
    if verb == "pick":
        return f"take {victory_name(what)}" if _VICTORY.match(what) else f"take {what}"
    if verb == "foe":
        return f"strike {seat(at)}'s army" if at < len(SEAT_NAMES) else f"strike seat {at}"
    if state is None or state.phase not in ("put", "hit"):
        return f"{verb} at {at}" + (f".{part}" if verb == "hit" else "")
    if verb == "put":
        return _describe_put(state, at, t)
    army = state.armies[state.pending[2]]
    return f"strike {part_label(army[at], part, t)}" if at < len(army) else f"hit {at}.{part}"


def _describe_put(state: State, at: int, t: Table) -> str:
    army = state.armies[state.current]
    if at == NEW:
        return (
            "start a new phalanx"
            if t.card(state.pending[1]).kind == "hoplite"
            else "stand it alone"
        )
    return f"put it onto {unit_label(army[at], t)}" if at < len(army) else f"put it at {at}"
