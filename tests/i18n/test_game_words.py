"""Every sentence a game builds is a message: log lines, prompts, move words, refusals, outcomes.

A sentence that slipped through as finished English (an f-string, `+` or `.join` of words)
would reach a German reader in English; here each is checked to be a `Text`, to draw in every
language, and to carry no English words hidden in a plain-string parameter.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import bot.games  # noqa: F401  (registers every game)
from bot.engine import IllegalAction, get_game
from bot.i18n import LANGUAGES, Text, words

GAMES = ("ilium", "atlandice", "iliad_cards")
NAME = re.compile(r"[A-Za-z]{2,}")  # a word: two letters or more (site 'A' or square 'c3' are not)
LABELS = {"name", "label", "hint", "short", "historian", "historians", "types", "tiles", "amphoras"}


def sentences(game_id: str, players: int, seed: int, options: dict[str, str]) -> Iterator[object]:
    """Everything a game says over one seeded random game."""
    game: Any = get_game(game_id)
    chance = random.Random(seed)
    state = game.new_game(players, seed, options)
    previous: list[object] = []
    while game.outcome(state) is None:
        view = game.view(state, None)
        yield view["prompt"]
        if chance.random() < 0.05:  # now and then, the names and labels the images show
            yield from labels(game.view(state, game.to_move(state)))
        legal = game.legal_actions(state)
        for action in legal:
            yield game.describe(action, state)
            yield game.describe(action)
        for action in previous:
            if action not in legal:
                try:
                    game.apply(state, action)
                except IllegalAction as refused:
                    yield refused.args[0]
                break
        previous = legal
        state = game.apply(state, chance.choice(legal))
    state = game.load(json.loads(json.dumps(game.dump(state))))  # ids survive storage
    result = game.outcome(state)
    yield result.summary
    yield from result.breakdown
    yield from (entry.text for entry in state.log)


def labels(view: object, key: str = "") -> Iterator[object]:
    """The words a view carries for the images: names, labels, hints (seat names aside)."""
    if isinstance(view, dict):
        for name, value in view.items():
            yield from labels(value, str(name))
    elif isinstance(view, list):
        for item in view:
            yield from labels(item, key)
    elif isinstance(view, str) and key in LABELS and NAME.search(view):
        yield view


def plain_words(value: object, names: set[str]) -> list[str]:
    """Plain strings inside a message's parameters that hold words (seat names aside)."""
    if not isinstance(value, Text):
        text = str(value)
        return [text] if text not in names and NAME.search(text) else []
    found: list[str] = []
    for param in value.params.values():
        for item in param if isinstance(param, tuple) else (param,):
            found += plain_words(item, names) if isinstance(item, Text) or item else []
    return found


def option_sets(game_id: str) -> list[dict[str, str]]:
    """Every combination of the game's options."""
    specs = get_game(game_id).spec.options
    return [
        dict(zip([s.name for s in specs], values, strict=True))
        for values in itertools.product(*[s.choices for s in specs])
    ]


CASES = [
    (game_id, players, options)
    for game_id in GAMES
    for players in range(get_game(game_id).spec.min_players, get_game(game_id).spec.max_players + 1)
    for options in option_sets(game_id)
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_every_sentence_is_a_message_in_every_language(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    names = set(get_game(game_id).spec.seat_names)
    said = [s for s in sentences(game_id, players, players * 7 + 1, options) if s not in names]
    assert said
    english_only = sorted({str(s) for s in said if not isinstance(s, Text)})
    assert english_only == []
    hidden = sorted({w for s in said for w in plain_words(s, names)})
    assert hidden == []
    for language in LANGUAGES:
        drawn = [words(s, language) for s in said]
        assert not [d for d in drawn if re.search(rf"\b{game_id}\.[a-z_.]+", d)]
    german = {str(s): words(s, "de") for s in said}
    assert sum(english != words_de for english, words_de in german.items()) > len(german) // 2
