"""Issue 15 §3: what a German table reads is German, beyond the game's own words.

A German server and German players: a short Iliad game, a lobby with Ilium's options and a
computer seat, then /history of the game by number, /leaderboard and /stats. Every message,
button and menu they produce is read for English sentences from the catalogues (where the
German words differ), and numbers are checked to be written the German way.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import entries
from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction, RecordedMessage
from tests.e2e.symposion import (
    factory,
    is_live_board,
    is_over,
    move_by_buttons,
    open_game,
    stub_drawing,
)

Runner = BotRunner[Any]
LETTERS = re.compile(r"[^\W\d_]{2,}")


def _pieces(template: str) -> list[str]:
    """The fixed words of a message's English template, between its {parameters}."""
    return [text for text, _, _, _ in string.Formatter().parse(template) if text]


def english_marks(language: str) -> set[str]:
    """English words from the catalogues that a reader of `language` must never see: each
    fixed piece of three words or more whose message reads differently there, and whole
    messages of a single phrase ("Computer (hard)") that differ."""
    english, local = entries("en"), entries(language)
    marks: set[str] = set()
    for key, text in english.items():
        theirs = local.get(key, text)
        if theirs == text or key.startswith(("cmd.", "list.")):
            continue
        for piece in _pieces(text):
            piece = piece.strip(" .,:;()—–-*#`\n")
            if len(LETTERS.findall(piece)) >= 3 and piece not in theirs:
                marks.add(piece)
        if "{" not in text and len(text) >= 8 and " " in text and text not in theirs:
            marks.add(text)
    return marks


def english_shown(messages: list[RecordedMessage], marks: set[str]) -> list[tuple[str, str]]:
    """(English piece, where) for every mark found in a message, its buttons or menus, or the
    words of its pictures (their alt text)."""
    found = []
    for message in messages:
        labels = [str(b.get("label", "")) for b in message.buttons()]
        for menu in message.selects():
            labels.append(str(menu.get("placeholder", "")))
            labels += [str(option["label"]) for option in menu["options"]]
        described = [str(a.get("description") or "") for a in message.payload["attachments"]]
        shown = "\n".join([str(message.content), *labels, *message.files, *described])
        found += [(mark, shown[:120]) for mark in marks if mark in shown]
    return found


async def private_answer(it: InjectedInteraction) -> RecordedMessage:
    """The finished private answer an interaction got (after any 'thinking…')."""
    return await it.wait_message(lambda m: m.ephemeral and not m.loading)


async def moves_then_resign(fake: FakeDiscord) -> list[str]:
    """Alice and Bob play four decisions of Iliad, then Bob resigns; the events listed on the
    boards meanwhile ('• …' under 'Since …' or 'So far')."""
    await open_game(fake, "iliad", "alice", ["bob"])
    listed: list[str] = []
    for step in range(4):
        mark = fake.mark()
        await move_by_buttons(fake, step)
        board = await fake.wait_for(is_live_board, since=mark)
        listed += [line for line in board.content.splitlines() if line.startswith("• ")]
    mark = fake.mark()
    resigned = await fake.slash("resign", {}, user="bob", channel="games")
    await resigned.wait_answered()
    await fake.wait_for(is_over, since=mark)
    return listed


async def lobby_with_a_computer(fake: FakeDiscord) -> RecordedMessage:
    """An Ilium lobby with Strategic Expeditions on and a hard computer seat."""
    given = {"game": "ilium", "options": "strategic=on", "where": "here"}
    opened = await fake.slash("play", given, user="carol", channel="general")
    lobby = await opened.wait_message(lambda m: bool(m.selects()))
    added = await fake.select(fake.message(lobby.id), ["hard"], user="carol")
    await added.wait_answered()
    return fake.message(lobby.id)


def test_the_marks_hold_english_sentences_german_words_differently() -> None:
    marks = english_marks("de")
    assert "the whole public log" in marks and "Computer (hard)" in marks
    assert "Games finished in this server" in marks
    assert not [m for m in marks if m in "Computer (schwer) Ilias Spiel #1"]


async def test_a_german_table_reads_no_english(
    fake_discord: FakeDiscord, bot_runner: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    language = "de"
    stub_drawing(monkeypatch)
    fake_discord.world.guild_locale = language
    for name in ("alice", "bob", "carol"):
        fake_discord.user(name).locale = language
    await bot_runner.start(factory(tmp_path / "s.sqlite3"))
    listed = await moves_then_resign(fake_discord)
    german = re.compile(r" (legt|versetzt|verzichtet|dreht|gewinnt|nimmt|fängt|beginnt) ")
    assert listed and all(german.search(line) for line in listed), listed
    lobby = await lobby_with_a_computer(fake_discord)
    assert "(Strategische Expeditionen: an, Grabkammern: aus), Tempo täglich" in lobby.content
    assert "2. Computer (schwer)" in lobby.content

    history = await private_answer(
        await fake_discord.slash("history", {"game": 1}, user="carol", channel="general")
    )
    assert history.content.startswith("**Ilias** (Spiel #1, vorbei) — das ganze öffentliche")
    leaders = await private_answer(
        await fake_discord.slash("leaderboard", {"game": "Iliad"}, user="carol", channel="games")
    )
    assert re.search(
        r"^1\. \*\*Alice\*\* — -?\d+,\d \(1 Spiel, 1 gewonnen\)$", leaders.content, re.M
    )
    stats = await private_answer(
        await fake_discord.slash("stats", {}, user="alice", channel="games")
    )
    assert "**Ilias**: 1 gespielt, 1 gewonnen (100\u00a0%)" in stats.content  # Babel: 100 %
    missing = await private_answer(
        await fake_discord.slash("board", {"game": 9}, user="carol", channel="games")
    )
    assert "#9" in missing.content

    everything = (
        fake_discord.messages(channel="games")
        + fake_discord.messages(channel="general")
        + fake_discord.dms("alice")
        + fake_discord.dms("bob")
    )
    states = [state for m in everything for state in fake_discord.history(m.id)]
    assert len(states) > 10
    assert english_shown(states, english_marks(language)) == []
