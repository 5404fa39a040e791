"""A turn in a siege (IC-10 … IC-13) as small decisions: legal actions and their effects.

A turn is: pass, or play a card kind from hand, or attack with a kind of unit. A card with
several places then asks where (put); a Horse or an attack then asks which opponent (foe, when
more than one has a target) and which card (hit, when more than one). A step with a single
choice is taken at once, and a kind is only offered when it has a place or a target, so every
chosen step can be finished: there is no dead end and no way back to loop on.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.engine import IllegalAction, LogEntry
from bot.engine.memo import remember_last
from bot.games.iliad_cards.army import (
    ATTACK_CHOICES,
    HORSE,
    NEW,
    Target,
    attackers,
    exposure,
    find_attacker,
    has_horse_targets,
    has_targets,
    horse_targets,
    place,
    placements,
    remove,
    takes_harrow,
    targets,
)
from bot.games.iliad_cards.data import Table, table
from bot.games.iliad_cards.model import Action, Draft, State, replaced
from bot.games.iliad_cards.siege import end_turn, hero_unit, pick_options, run_picks, take
from bot.games.iliad_cards.text import PROMPTS, a_card, attacker_name, part_label, seat, unit_label


def to_move(state: State) -> int | None:
    """IC-10: the seat deciding now (a picker while victory cards are chosen); None once over."""
    return None if state.phase == "over" else state.current


def _foe_targets(state: State, verb: str, what: str, foe: int) -> list[Target]:
    """What a Horse (verb horse) or an attacker (`what`) may strike in `foe`'s army."""
    army = state.armies[foe]
    return horse_targets(army) if verb == "horse" else targets(army, what, table())


def _foes(state: State, verb: str, what: str) -> list[int]:
    """Opponents with at least one card the Horse or attacker may strike."""
    me = state.current
    if verb == "horse":
        return [s for s in range(state.players) if s != me and has_horse_targets(state.armies[s])]
    t = table()
    return [s for s in range(state.players) if s != me and has_targets(state.armies[s], what, t)]


def _has_foe(state: State, verb: str, what: str) -> bool:
    """Whether `_foes` would name anyone: stops at the first (a turn asks for every attacker)."""
    me, t = state.current, table()
    wanted = HORSE if verb == "horse" else what
    return any(wanted in exposure(army, t) for s, army in enumerate(state.armies) if s != me)


def _playable(state: State, code: str) -> bool:
    kind = table().card(code).kind
    if kind == "horse":
        return _has_foe(state, "horse", code)
    return kind != "harrow" or takes_harrow(state.armies[state.current], table())


def _can_attack(state: State, choice: str) -> bool:
    return choice in attackers(state.armies[state.current], table()) and _has_foe(
        state, "attack", choice
    )


def _turn_actions(state: State) -> list[Action]:
    """IC-10: every card kind that can go somewhere, every attacker with a target, and pass.

    Built in sorted order (attack < pass < play, then by code) from each army's facts.
    """
    t, me = table(), state.current
    mine = state.armies[me]
    open_to: set[str] = set()
    for s, army in enumerate(state.armies):
        if s != me:
            open_to |= exposure(army, t)
    found = [_ATTACK[c] for c in attackers(mine, t) if c in open_to]
    found.append(_PASS)
    for kind, play in _plays(state.hands[me], t):
        if kind == "horse" and HORSE not in open_to:
            continue
        if kind == "harrow" and not takes_harrow(mine, t):
            continue
        found.append(play)
    return found


_PASS = Action("pass")
_ATTACK = {choice: Action("attack", choice) for choice in ATTACK_CHOICES}


def _plays(hand: tuple[str, ...], t: Table) -> list[tuple[str, Action]]:
    """(kind, play action) for each different card in a hand, by code."""
    known = _play_info(t)
    return [known[code] for code in sorted(set(hand))]


@lru_cache(maxsize=4)
def _play_info(t: Table) -> dict[str, tuple[str, Action]]:
    """Each army card's kind and its play action, made once (actions are immutable)."""
    return {card.code: (card.kind, Action("play", card.code)) for card in t.cards}


@remember_last
def legal_actions(state: State) -> list[Action]:
    """Every decision open to the seat to move, sorted."""
    phase = state.phase
    if phase == "turn":
        return _turn_actions(state)
    verb, what, foe = state.pending
    if phase == "put":
        return [
            Action("put", "", at) for at in placements(state.armies[state.current], what, table())
        ]
    if phase == "foe":
        return [Action("foe", "", s) for s in _foes(state, verb, what)]
    if phase == "hit":
        return [Action("hit", "", u, p) for u, p in _foe_targets(state, verb, what, foe)]
    if phase == "pick":
        return [Action("pick", card) for card in pick_options(state)]
    return []


def _is_legal(state: State, action: Action) -> bool:
    """Same answer as `action in legal_actions(state)`, without listing a whole turn."""
    if state.phase != "turn":
        return action in legal_actions(state)
    verb, what, at, part = action
    if (at, part) != (-1, -1) or (verb == "pass") != (what == ""):
        return False
    if verb == "play":
        return what in state.hands[state.current] and _playable(state, what)
    return verb == "pass" or (verb == "attack" and _can_attack(state, what))


def apply(state: State, action: Action) -> State:
    """The state after `action`; IllegalAction (saying what is expected) if it is not legal."""
    if not _is_legal(state, action):
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        raise IllegalAction(
            f"That move is not possible now: {seat(state.current)} must {PROMPTS[state.phase]}."
        )
    draft = Draft.of(state)
    if _decide(draft, action) is not draft:
        raise AssertionError("a step made a state of its own instead of editing the draft")
    return draft.published()


def _decide(state: State, action: Action) -> State:
    """The steps of `action` on apply's own draft, which they edit in place (see Draft)."""
    if action.verb == "pass":
        return _pass(state)
    if action.verb == "play":
        return _play(state, action.what)
    if action.verb == "attack":
        return _choose_foe(state.but(pending=("attack", action.what, -1)))
    if action.verb == "put":
        return _put(state, state.pending[1], action.at)
    if action.verb == "foe":
        return _aim(state, action.at)
    if action.verb == "hit":
        return _strike(state, (action.at, action.part))
    return run_picks(take(state, action.what))


def _pass(state: State) -> State:
    """IC-13: passing is final; with 3+ players the passer takes the highest hero left."""
    me = state.current
    line = f"{seat(me)} passes"
    armies = state.armies
    heroes = state.heroes
    if heroes:
        hero = hero_unit(heroes[-1])
        armies = replaced(armies, me, (*armies[me], hero))
        line += f" and takes the hero {unit_label(hero, table())}"
        heroes = heroes[:-1]
    state = state.with_log(
        LogEntry(line + "."), passed=(*state.passed, me), armies=armies, heroes=heroes
    )
    return end_turn(state)


def _without(hand: tuple[str, ...], code: str) -> tuple[str, ...]:
    index = hand.index(code)
    return hand[:index] + hand[index + 1 :]


def _play(state: State, code: str) -> State:
    """Take the card from hand; place it at once when it has a single place."""
    me = state.current
    hands = replaced(state.hands, me, _without(state.hands[me], code))
    if table().card(code).kind == "horse":
        return _choose_foe(state.but(hands=hands, pending=("horse", code, -1)))
    spots = placements(state.armies[me], code, table())
    if len(spots) == 1:
        return _put(state, code, spots[0], hands=hands)
    return state.but(hands=hands, phase="put", pending=("play", code, -1))


def _put(state: State, code: str, at: int, **changes: Any) -> State:
    """IC-11: the card joins the army where chosen (`changes`: the hand, when played at once,
    go into the same copy of the state)."""
    t = table()
    me = state.current
    army = state.armies[me]
    if at == NEW:
        where = "as a new phalanx" if t.card(code).kind == "hoplite" else ""
    else:
        where = f"onto {unit_label(army[at], t)}"
    army = place(army, code, at, t)
    line = " ".join(filter(None, [f"{seat(me)} plays {a_card(code, t)}", where])) + "."
    armies = replaced(state.armies, me, army)
    return end_turn(state.with_log(LogEntry(line), armies=armies, **changes))


def _choose_foe(state: State) -> State:
    verb, what, _ = state.pending
    foes = _foes(state, verb, what)
    if len(foes) == 1:
        return _aim(state, foes[0])
    return state.but(phase="foe")


def _aim(state: State, foe: int) -> State:
    verb, what, _ = state.pending
    state = state.but(pending=(verb, what, foe))
    hits = _foe_targets(state, verb, what, foe)
    if len(hits) == 1:
        return _strike(state, hits[0])
    return state.but(phase="hit")


def _strike(state: State, target: Target) -> State:
    """IC-11 Horse / IC-12 attack: the target goes, and so does the Horse or the attacker."""
    t = table()
    verb, what, foe = state.pending
    me = state.current
    what_hit = part_label(state.armies[foe][target[0]], target[1], t)
    foe_army, gone = remove(state.armies[foe], target, t)
    mine = state.armies[me]
    if verb == "horse":
        gone.append(what)
        line = f"{seat(me)} sends a Trojan Horse into {seat(foe)}'s army: {what_hit} is discarded."
    else:
        index = find_attacker(mine, what)
        attacker = attacker_name(what, t)
        mine, spent = remove(mine, (index, 1 if what == "rider" else 0), t)
        gone += spent
        line = f"{seat(me)}'s {attacker} strikes {seat(foe)}'s army: {what_hit} is discarded."
    armies = tuple(
        foe_army if s == foe else mine if s == me else a for s, a in enumerate(state.armies)
    )
    state = state.with_log(LogEntry(line), armies=armies, discard=state.discard + tuple(gone))
    return end_turn(state)
