"""Words for every picture (issue 23 §3): each game's board alt text, text board and hand alt
text, read from seeded random games of every registered game at its smallest and largest table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import rendering
from bot.engine import AnyGame, ViewContext, all_games, get_game
from bot.i18n import say, words
from rendering.kit.describe import ALT_TEXT, MORE, fit

GAMES = [game.spec.id for game in all_games()]
NAMES = ("alice", "bob", "carol", "dave", "erin")
SAMPLES = 5  # positions per game, spread over one playout, plus the final one
SECRET = "ZZ-SECRET-ZZ"


def tables(game: AnyGame) -> list[int]:
    """The smallest and the largest table."""
    return sorted({game.spec.min_players, game.spec.max_players})


def positions(game: AnyGame, players: int, seed: int = 5) -> list[Any]:
    """States spread over one seeded random game, the final state last."""
    chooser = random.Random(seed)
    state = game.new_game(players, seed)
    states = [state]
    while game.to_move(state) is not None:
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        states.append(state)
    step = max(1, len(states) // SAMPLES)
    return [*states[::step], states[-1]]


def context(players: int, language: str = "en") -> ViewContext:
    return ViewContext(names=NAMES[:players], language=language)


def samples() -> Iterator[Any]:
    for game_id in GAMES:
        game = get_game(game_id)
        for players in tables(game):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}")


def label(view: Any, seat: int) -> str:
    """How the words name a seat: 'Hector (alice)'."""
    return f"{view['seats'][seat]} ({NAMES[seat]})"


@pytest.mark.parametrize(("game_id", "players"), list(samples()))
def test_a_board_says_whose_turn_the_standings_and_the_last_move(
    game_id: str, players: int
) -> None:
    game = get_game(game_id)
    title = words(say(f"service.title.{game_id}"), "en")
    for state in positions(game, players):
        view = game.view(state, None)
        alt = rendering.board_words(game_id, view, context(players))
        assert 0 < len(alt) <= ALT_TEXT and alt.startswith(f"The board of {title}."), alt
        lines = alt.splitlines()
        standings = lines[2:]  # after the title and whose turn
        for seat in range(players):  # a standings line per seat, naming its player
            assert any(line.startswith(label(view, seat)) for line in standings), (seat, alt)
        mover = view["to_move"]
        if mover is not None:
            asked = view["prompt"].split(": ", 1)[-1]
            assert f"{label(view, mover)}: {asked}" in lines[1], alt
            assert f"Last move: {view['log'][-1]}" in alt, alt
        else:  # the result, each winner named with their player
            summary = str(view["outcome"]["summary"])
            assert summary.split(" ", 1)[-1] in lines[1], alt
            assert all(label(view, seat) in lines[1] for seat in view["outcome"]["winners"])
        for seat, score in enumerate(_scores(view)):
            line = next(line for line in standings if line.startswith(label(view, seat)))
            assert str(score) in line, (score, line)


def _scores(view: Any) -> list[int]:
    """The points a board shows per seat: its running score, or the final one."""
    if view["outcome"] is not None:
        return list(view["outcome"]["scores"])
    return list(view.get("scores") or [])


@pytest.mark.parametrize(("game_id", "players"), list(samples()))
def test_the_text_board_says_more_than_the_alt_text_within_a_message(
    game_id: str, players: int
) -> None:
    game = get_game(game_id)
    for state in positions(game, players):
        view = game.view(state, None)
        alt = rendering.board_words(game_id, view, context(players))
        text = rendering.board_text(game_id, view, context(players), limit=1900)
        assert len(alt) < len(text) <= 1900
        assert text.splitlines()[:2] == alt.splitlines()[:2]  # the title, whose turn
        if view["to_move"] is not None:
            assert f"Last move: {view['log'][-1]}" in text


@pytest.mark.parametrize(("game_id", "players"), list(samples()))
def test_a_hand_says_its_cards_in_words_and_only_the_hand_does(game_id: str, players: int) -> None:
    game = get_game(game_id)
    for state in positions(game, players)[:-1]:
        public = game.view(state, None)
        board = rendering.board_words(game_id, public, context(players))
        text = rendering.board_text(game_id, public, context(players))
        for seat in range(players):
            own = game.view(state, seat)
            hand = rendering.hand_words(game_id, own, context(players))
            assert 0 < len(hand) <= ALT_TEXT and label(own, seat) in hand
            for secret in _secrets(game_id, own):
                assert secret in hand, (secret, hand)
                assert secret not in board and secret not in text, secret
            planted = {**own, "private": _planted(own["private"])}
            assert rendering.board_words(game_id, planted, context(players)) == board
            assert rendering.board_text(game_id, planted, context(players)) == text
            module = rendering.renderer(game_id)  # the game's words read no secret themselves
            for made in (module.board_words, module.board_text):
                assert not [line for line in made(planted, context(players)) if SECRET in line]


def _secrets(game_id: str, view: Any) -> list[str]:
    """Words only this seat's hand may say: its tiles' effects, its historian, its cards' uses."""
    private = view["private"]
    if game_id == "iliad":
        effects = {"1": "opponent tile", "2": "one of your tiles", "3": "swap one of your tokens"}
        return [effects[tile] for tile in private["hand"] if tile in effects]
    if game_id == "ilium":
        return [f"Your historian: {private['historian']}"]
    if game_id == "iliad_cards":
        return [f"{group['name']} ×{group['count']}" for group in private["hand_groups"]]
    return []


def _planted(value: Any) -> Any:
    """A seat's secrets with every word replaced by a marker no public word may show."""
    if isinstance(value, str):
        return SECRET
    if isinstance(value, list):
        return [_planted(item) for item in value]
    if isinstance(value, dict):
        return {key: _planted(item) for key, item in value.items()}
    return value


@pytest.mark.parametrize(("game_id", "players"), list(samples()))
def test_a_boards_words_are_the_same_whatever_a_seat_keeps_hidden(
    game_id: str, players: int
) -> None:
    game = get_game(game_id)
    if not game.spec.has_private:
        return
    chooser = random.Random(11)
    for state in positions(game, players)[1:-1]:
        said = rendering.board_text(game_id, game.view(state, None), context(players))
        for seat in range(players):
            other = game.resample_hidden(state, seat, chooser)
            again = rendering.board_text(game_id, game.view(other, None), context(players))
            assert again == said


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_words_are_in_the_readers_language(game_id: str, language: str) -> None:
    game = get_game(game_id)
    players = game.spec.min_players
    state = positions(game, players)[2]
    title = words(say(f"service.title.{game_id}"), language)
    heading = words(say("table.words.board", title=title), language)
    public, own = game.view(state, None), game.view(state, 0)
    for english, local in (
        (
            rendering.board_words(game_id, public, context(players)),
            rendering.board_words(game_id, public, context(players, language)),
        ),
        (
            rendering.hand_words(game_id, own, context(players)),
            rendering.hand_words(game_id, own, context(players, language)),
        ),
    ):
        assert local != english
        assert "Last move" not in local and "your hand" not in local
    board = rendering.board_words(game_id, public, context(players, language))
    assert board.startswith(heading)


def test_fit_keeps_whole_lines_and_says_when_some_are_left_out() -> None:
    lines = [f"Line {n} " + "x" * 40 for n in range(40)]
    short = fit(lines[:3], 1024)
    assert short == "\n".join(lines[:3])
    cut = fit(lines, 200)
    assert len(cut) <= 200 and cut.endswith("\n" + MORE)
    kept = cut.splitlines()[:-1]
    assert kept == lines[: len(kept)] and len(kept) == 4
    alone = fit(["word " * 300], 100)
    assert len(alone) <= 100 and alone.endswith(MORE) and not alone.endswith(" " + MORE)
    assert fit(["", "a", "", "b"], 10) == "a\nb"
