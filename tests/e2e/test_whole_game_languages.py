"""Issue 15: a whole Iliad game in German and one in Italian, through the fake Discord.

The server's and both players' Discord locales are set in the fake; the helpers that drive the
game find buttons by custom_id and the mover by mention, so nothing here leans on English.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rendering
from bot.i18n import say, words
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import factory, open_game, play_to_the_end, undescribed, uploads

Runner = BotRunner[Any]
# English sentences the table writes on a game's messages; none may show in another language.
ENGLISH_MARKS = (
    "to move",
    "is over",
    "Last:",
    "Your move",
    "My hand",
    "Rematch",
    "Your hand",
    "You played",
)
# Each language's command names, as Discord shows them to a player of that language.
COMMANDS = {"de": {"play": "spielen", "move": "zug"}, "it": {"play": "gioca", "move": "mossa"}}


def record_languages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Draw for real, remembering which image was drawn in which language."""
    seen: list[tuple[str, str]] = []
    board, hand = rendering.board_png, rendering.hand_png

    def drawing_board(game_id: str, view: Any, context: Any = None) -> bytes:
        seen.append(("board", context.language))
        return board(game_id, view, context)

    def drawing_hand(game_id: str, view: Any, context: Any = None) -> bytes:
        seen.append(("hand", context.language))
        return hand(game_id, view, context)

    monkeypatch.setattr(rendering, "board_png", drawing_board)
    monkeypatch.setattr(rendering, "hand_png", drawing_hand)
    return seen


@pytest.mark.real_images
@pytest.mark.parametrize("language", ["de", "it"])
async def test_a_whole_iliad_game_in_the_servers_and_players_language(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    fake_discord.world.guild_locale = language
    for name in ("alice", "bob"):
        fake_discord.user(name).locale = language
    drawn = record_languages(monkeypatch)
    await bot_runner.start(factory(database))
    synced = {c["name"]: c for c in fake_discord.registered_commands()}
    for command, local in COMMANDS[language].items():
        assert synced[command]["name_localizations"][language] == local
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    final = await play_to_the_end(fake_discord)
    title = say("service.title.iliad")
    assert final.content.startswith(words(say("table.over", title=title), language))
    public = fake_discord.messages(channel="games", ephemeral=False)
    private = fake_discord.messages(channel="games", ephemeral=True)
    dms = fake_discord.dms("alice") + fake_discord.dms("bob")
    for message in public + private + dms:
        text = f"{message.content} {message.buttons()}"
        assert not [m for m in ENGLISH_MARKS if m in text], text
    hand_caption = words(say("table.hand_ended", title=title, place="", game=1), language)
    assert any(m.content.startswith(hand_caption.split("<")[0][:12]) for m in dms)
    assert {kind for kind, _ in drawn} == {"board", "hand"}
    assert {shown for _, shown in drawn} == {language}
    board_words = words(say("table.words.board", title=title), language)
    hand_words = words(say("table.image.seat_hand", seat=""), language).strip(": ")
    sent = uploads(fake_discord)
    assert undescribed(fake_discord) == [] and {u.filename for u in sent} == {
        "iliad-board.png",
        "iliad-hand.png",
    }
    for upload in sent:  # every picture's words in the table's language, none in English
        said = str(upload.description)
        assert said.startswith(board_words) or hand_words in said, said
        assert "The board of" not in said and "Last move" not in said and "your" not in said
