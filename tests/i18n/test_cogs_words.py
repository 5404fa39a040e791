"""Guard: the cogs and the service hand Discord no English typed into the code.

Everything a player reads goes through a message id (`say`) and the reader's language
(`words`). This scan reads cogs/ and bot/service/ and looks where text leaves for Discord:
the arguments of the calls that send or edit a message or an answer (`send`, `send_message`,
`edit`, `edit_message`, `edit_original_response`, `followup.send`), of the components and
their words (`Button`, `Select`, `SelectOption`, `Modal`, `TextInput`, `Embed`) and of every
refusal (`ServiceError` and its subclasses, shown by the one error handler). An argument that
holds a string literal or f-string with a word in it (two letters or more) is reported.

It does not look inside nested calls (`say("table.x")`, `words(...)` are the right way), so a
helper that builds English and returns it is not caught here; the e2e reading tests
(tests/e2e/test_reading_in_german.py) catch what reaches a message that way. Command names and
descriptions in `app_commands` decorators are not scanned: the command translator
(cogs/translator.py) localises them from `cmd.*` ids.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.service
from bot.i18n import LANGUAGES, entries
from bot.service import ServiceError

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("cogs", "bot/service")
WORD = re.compile(r"[A-Za-z]{2,}")
SENDERS = {"send", "send_message", "edit", "edit_message", "edit_original_response", "respond"}
# discord.py's components, and cogs.ui.component's factories that label them.
COMPONENTS = {"Button", "Select", "SelectOption", "Modal", "TextInput", "Embed", "button", "menu"}


def refusals() -> set[str]:
    """The names of ServiceError and every subclass the service defines."""
    found, todo = set(), [ServiceError]
    while todo:
        kind = todo.pop()
        found.add(kind.__name__)
        todo += kind.__subclasses__()
    assert bot.service  # the subclasses are defined when the package is imported
    return found


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _literals(node: ast.AST) -> Iterator[str]:
    """The literal text in an argument, not looking into nested calls or comparisons (a
    test such as `way == "back"` is not shown)."""
    if isinstance(node, ast.Call | ast.Compare):
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
        return
    if isinstance(node, ast.JoinedStr):
        yield "".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
        return
    for child in ast.iter_child_nodes(node):
        yield from _literals(child)


def english_in(source: str, watched: set[str]) -> list[tuple[int, str]]:
    """(line, text) of every literal with a word passed to a watched call."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or _called(node) not in watched:
            continue
        arguments = [*node.args, *(k.value for k in node.keywords)]
        for argument in arguments:
            found += [(node.lineno, text) for text in _literals(argument) if WORD.search(text)]
    return sorted(found)


def watched_calls() -> set[str]:
    """Every call whose text a player reads."""
    return SENDERS | COMPONENTS | refusals()


def test_the_scan_finds_english_where_it_leaves_for_discord() -> None:
    source = (
        'await it.response.send_message(f"You have {n} cards", ephemeral=True)\n'
        'raise NotHost("Only the host can do that.")\n'
        'Button(label="Join", custom_id=x)\n'
        'await it.followup.send("Done: " + text)\n'
    )
    found = english_in(source, watched_calls())
    assert [line for line, _ in found] == [1, 2, 3, 4]


def test_the_scan_lets_messages_and_markup_through() -> None:
    source = (
        'await it.response.send_message(words(say("table.x", n=2), language), ephemeral=True)\n'
        'await it.followup.send(f"{head}\\n• {line}", file=discord.File(data, "game-1.json"))\n'
        'raise NotHost(say("service.host_only", title=title))\n'
        'Button(label="◀", custom_id=ids.replay_id(1, 2, "back"))\n'
        'log.warning("could not post game #%s", game_id)\n'
    )
    assert english_in(source, watched_calls()) == []


def test_no_english_literal_leaves_the_cogs_or_the_service() -> None:
    watched = watched_calls()
    assert {"ServiceError", "NotYourTurn", "GameNotFound"} <= watched
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for folder in FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, text in english_in(path.read_text(encoding="utf-8"), watched)
    ]
    assert found == []


COMMAND = re.compile(r"(?<![\w/])/([a-z][a-z_-]*)")  # '/board' in a sentence, not in a URL


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_sentences_name_commands_as_their_readers_discord_shows_them(language: str) -> None:
    """A German player types /brett: a sentence telling them to type /board sends them to a
    command their Discord does not list under that name."""
    english, local = entries("en"), entries(language)
    commands = {key.split(".")[1] for key in english if re.fullmatch(r"cmd\.[\w-]+\.name", key)}
    wrong = sorted(
        (key, f"/{name}")
        for key, text in local.items()
        if not key.startswith("cmd.")
        for name in COMMAND.findall(text)
        if name in commands and local.get(f"cmd.{name}.name", name) != name
    )
    assert wrong == []
