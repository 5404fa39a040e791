"""Every registered game played whole through the fake Discord, from /play to the final image.

The games come from the registry, not from a list kept here: a new game is played as soon as
it is registered. Each game is drawn for real once (its smallest table); the other cases swap
the drawing for tiny PNGs, as the renderers have their own tests and drawing is slow.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.engine import AnyGame, all_games, get_game
from bot.i18n import say, words
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    factory,
    hand_images_sent,
    hand_leaks,
    hands_sent_to_others,
    is_board,
    open_game,
    play_to_the_end,
    public_channel_messages,
    record_hand_images,
    stub_drawing,
    undescribed,
    uploads,
    uploads_to,
)

Runner = BotRunner[Any]
PLAYERS = ["alice", "bob", "carol", "dave", "erin"]
GERMAN = "bob"  # reads Discord in German: his hands' words are German, the table's English


def never(code: str) -> bool:
    """A game whose action codes never name what is in a hand."""
    return False


# Action codes that name a card or tile from the mover's hand, per game that has such codes:
# those must never appear on a public button or select. Other games' codes reveal nothing.
REVEALS_A_HAND: dict[str, Callable[[str], bool]] = {
    "iliad": lambda code: code.startswith("p"),  # placing names a tile ('p5c3')
    "iliad_cards": lambda code: code.startswith("play."),  # names a card kind in hand
}


def all_options_on(game: AnyGame) -> str | None:
    """The /play options text turning every option away from its default, or None."""
    chosen = []
    for option in game.spec.options:
        other = next((c for c in option.choices if c != option.default), None)
        if other is not None:
            chosen.append(f"{option.name}={other}")
    return " ".join(chosen) or None


def cases() -> list[Any]:
    """Per registered game: the smallest table drawn for real; the largest, every option on."""
    found = []
    for game in all_games():
        spec = game.spec
        drawn = pytest.mark.real_images
        found.append(
            pytest.param(spec.id, spec.min_players, None, True, id=f"{spec.id}-real", marks=drawn)
        )
        if spec.max_players > spec.min_players:
            found.append(pytest.param(spec.id, spec.max_players, None, False))
        if (options := all_options_on(game)) is not None:
            found.append(pytest.param(spec.id, spec.min_players, options, False))
    return found


def test_every_registered_game_is_played_and_drawn_for_real_once() -> None:
    real = [case.values[0] for case in cases() if case.values[3]]
    assert sorted(real) == sorted(game.spec.id for game in all_games())
    assert len(real) >= 4


STANDING = re.compile(r"^\**(\d+)(?:st|nd|rd|th) <@(\d+)> \((.+)\): (-?\d+)\**$", re.MULTILINE)


async def _final_names_everyone_with_place_and_score(bot: Any, content: str, players: int) -> None:
    """Every player is mentioned on the final message, in ranking order, with place and score;
    the result sentence names each winner's player beside the seat ('Green (alice) wins')."""
    row = await bot.store.games.get(1)
    rows = await bot.store.seats.of(1)
    seats = {seat.user_id: seat.seat for seat in rows}
    result = row.result
    head = content.splitlines()[0]
    for seat in rows:
        if seat.seat in result["winners"]:
            assert f"({seat.display_name})" in head, content
    shown = [
        (int(p), int(user), name, int(score)) for p, user, name, score in STANDING.findall(content)
    ]
    assert len(shown) == players == len(seats), content
    assert {user for _, user, _, _ in shown} == set(seats)
    for place, user, _, score in shown:
        assert (place, score) == (result["ranking"][seats[user]], result["scores"][seats[user]])
    assert [place for place, *_ in shown] == sorted(result["ranking"])


@pytest.mark.parametrize(("game", "players", "options", "draw"), cases())
async def test_a_whole_game_from_play_to_the_final_image(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: int,
    options: str | None,
    draw: bool,
) -> None:
    asked = [] if draw else stub_drawing(monkeypatch)
    drawn = record_hand_images(monkeypatch)
    for name in PLAYERS[:players]:
        if name not in {user.name for user in fake_discord.world.users.values()}:
            await fake_discord.add_user(name)
    fake_discord.user(GERMAN).locale = "de"
    bot = await bot_runner.start(factory(database))
    first = await open_game(fake_discord, game, PLAYERS[0], PLAYERS[1:players], options=options)
    lobby = next(m for m in fake_discord.messages(channel="games") if "started with" in m.content)
    for chosen in (options or "").split():  # shown by the variant's name: "Burial Vaults: on"
        option, value = chosen.split("=")
        assert f"{say(f'{game}.variant.{option}')}: {value}" in lobby.content
    assert list(first.files) == [f"{game}-board.png"]
    final = await play_to_the_end(fake_discord, limit=4000)
    assert "is over" in final.content and "Rematch" in str(final.buttons())
    await bot_runner.settle()
    assert await bot.store.moves.of(1)  # play_to_the_end waited for a fresh board after each
    await _final_names_everyone_with_place_and_score(bot, final.content, players)
    has_hands = get_game(game).spec.has_private
    for name in PLAYERS[:players]:
        caption = "Deine Hand in" if name == GERMAN else "Your hand in"
        hands = [m for m in fake_discord.dms(name) if m.content.startswith(caption)]
        if not has_hands:  # nothing is hidden: no hand DM, and the DM on joining is all
            assert hands == [] and hand_images_sent(fake_discord, name) == 0
            assert len(fake_discord.dms(name)) == 1
            continue
        # one DM per game: the note on joining, edited into the hand and then in place
        assert len(hands) == 1 == len(fake_discord.dms(name)), f"{name}: {len(hands)} hand DMs"
        assert {m.dm_user_id for m in hands} == {fake_discord.user(name).id}
        assert all(list(m.files) == [f"{game}-hand.png"] for m in hands)
        assert hand_images_sent(fake_discord, name) > 1  # the one DM was edited as hands changed
    boards = [m for m in public_channel_messages(fake_discord) if is_board(m)]
    assert len(boards) == 1, "one game message for the whole game, redrawn in place"
    labels = {
        button.get("label")
        for message in public_channel_messages(fake_discord)
        for state in fake_discord.history(message.id)
        for button in state.buttons()
    }
    assert ("My hand" in labels) == has_hands
    assert await hands_sent_to_others(fake_discord, bot, 1, drawn) == []
    _every_picture_has_words(fake_discord, game, players, has_hands)
    assert hand_leaks(fake_discord, REVEALS_A_HAND.get(game, never)) == []
    assert draw or {a.split(":")[0] for a in asked} == (
        {"board", "hand"} if has_hands else {"board"}
    )


def _every_picture_has_words(fake: FakeDiscord, game: str, players: int, hands: bool) -> None:
    """Every upload carries its alt text: the boards in the server's words (English), each
    hand in its owner's (German for GERMAN, whose hand words say 'deine', never 'your')."""
    assert undescribed(fake) == []
    title = words(say(f"service.title.{game}"), "en")
    boards = [u for u in uploads(fake) if u.filename == f"{game}-board.png"]
    assert len(boards) > players, "the game message was redrawn with every move"
    public: set[str] = set()
    for board in boards:
        assert str(board.description).startswith(f"The board of {title}."), board
        public.update(str(board.description).splitlines())
    for name in PLAYERS[:players]:
        own = [u for u in uploads_to(fake, name) if u.filename == f"{game}-hand.png"]
        assert len(own) == (hand_images_sent(fake, name) if hands else 0)
        for hand in own:
            said = str(hand.description).lower()
            assert ("deine" in said, "your" in said) == (
                (True, False) if name == GERMAN else (False, True)
            ), hand
            secret = set(str(hand.description).splitlines()) - {"…"}  # "…": words cut short
            assert public.isdisjoint(secret), hand  # a hand's words never on a board
