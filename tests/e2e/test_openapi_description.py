"""The strict fake's check is Discord's own description, only cheaper: the tuned schemas and
shortcuts accept and refuse what plain jsonschema on the untouched description does, except
where Discord itself accepts more (ids as JSON numbers, the spec folder's README)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.e2e.fake_discord.openapi import SPEC_FILE, description

MESSAGES = ("POST", "/channels/{channel_id}/messages", "/channels/1/messages")
CALLBACK = (
    "POST",
    "/interactions/{interaction_id}/{interaction_token}/callback",
    "/interactions/2/tok/callback",
)
COMMANDS = ("PUT", "/applications/{application_id}/commands", "/applications/3/commands")


def buttons(*styles: int) -> dict[str, Any]:
    """An action row of buttons in these styles."""
    return {
        "type": 1,
        "components": [
            {"type": 2, "style": s, "label": f"b{i}", "custom_id": f"c{i}"}
            for i, s in enumerate(styles)
        ],
    }


SELECT = {
    "type": 1,
    "components": [
        {"type": 3, "custom_id": "pick", "options": [{"label": "A", "value": "a"}], "min_values": 1}
    ],
}
MESSAGE = {
    "content": "**Ilium** (game 1)",
    "components": [buttons(1, 2, 3, 4), SELECT],
    "embeds": [{"title": "Board", "description": "d", "color": 255, "fields": []}],
    "allowed_mentions": {"parse": ["users"], "users": ["1"], "replied_user": True},
    "attachments": [{"id": "0", "filename": "board.png", "description": "The board"}],
    "nonce": "123",
    "enforce_nonce": True,
    "tts": False,
    "flags": 0,
}
OPTION = {
    "type": 3,
    "name": "game",
    "description": "Which",
    "choices": [{"name": "A", "value": "a"}],
}
COMMAND = {"type": 1, "name": "play", "description": "Open a game", "options": [OPTION]}

CASES: list[tuple[str, tuple[str, str, str], Any]] = [
    ("a whole message", MESSAGES, MESSAGE),
    (
        "a v2 container",
        MESSAGES,
        {
            "flags": 1 << 15,
            "components": [{"type": 17, "components": [{"type": 10, "content": "hi"}]}],
        },
    ),
    ("no fields at all", MESSAGES, {}),
    ("button style 9", MESSAGES, {"components": [buttons(9)]}),
    ("component type 99", MESSAGES, {"components": [{"type": 99}]}),
    ("a row without components", MESSAGES, {"components": [{"type": 1, "components": []}]}),
    (
        "a text display in a row",
        MESSAGES,
        {"components": [{"type": 1, "components": [{"type": 10, "content": "x"}]}]},
    ),
    (
        "a select without options",
        MESSAGES,
        {"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": []}]}]},
    ),
    (
        "an empty custom_id",
        MESSAGES,
        {
            "components": [
                {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": ""}]}
            ]
        },
    ),
    ("a mention of nobody", MESSAGES, {"allowed_mentions": {"parse": ["nobody"]}}),
    ("a negative id as text", MESSAGES, {"allowed_mentions": {"users": ["-2"]}}),
    ("a null id", MESSAGES, {"allowed_mentions": {"users": [None]}}),
    ("an attachment without id", MESSAGES, {"attachments": [{"filename": "b.png"}]}),
    ("alt text of 1025", MESSAGES, {"attachments": [{"id": "0", "description": "d" * 1025}]}),
    ("content of 4001", MESSAGES, {"content": "x" * 4001}),
    ("tts as a word", MESSAGES, {"tts": "yes"}),
    ("a colour as a word", MESSAGES, {"embeds": [{"color": "red"}]}),
    ("a nonce of 26", MESSAGES, {"nonce": "n" * 26}),
    (
        "a boolean style",
        MESSAGES,
        {
            "components": [
                {
                    "type": 1,
                    "components": [{"type": 2, "style": True, "label": "x", "custom_id": "c"}],
                }
            ]
        },
    ),
    ("a message answer", CALLBACK, {"type": 4, "data": MESSAGE}),
    ("an update", CALLBACK, {"type": 7, "data": {"content": "x", "components": [SELECT]}}),
    ("a deferral", CALLBACK, {"type": 6}),
    ("choices", CALLBACK, {"type": 8, "data": {"choices": [{"name": "A", "value": "a"}]}}),
    ("number choices", CALLBACK, {"type": 8, "data": {"choices": [{"name": "A", "value": 2.5}]}}),
    ("a choice without value", CALLBACK, {"type": 8, "data": {"choices": [{"name": "A"}]}}),
    ("callback type 44", CALLBACK, {"type": 44}),
    (
        "an update with an empty row",
        CALLBACK,
        {"type": 7, "data": {"components": [{"type": 1, "components": []}]}},
    ),
    ("commands", COMMANDS, [COMMAND, {**COMMAND, "name": "move", "options": []}]),
    ("option type 99", COMMANDS, [{**COMMAND, "options": [{**OPTION, "type": 99}]}]),
    ("a name of 33", COMMANDS, [{**COMMAND, "name": "n" * 33}]),
    (
        "a choice of 101",
        COMMANDS,
        [{**COMMAND, "options": [{**OPTION, "choices": [{"name": "n" * 101, "value": "v"}]}]}],
    ),
    (
        "a subcommand",
        COMMANDS,
        [
            {
                **COMMAND,
                "options": [{"type": 1, "name": "sub", "description": "d", "options": [OPTION]}],
            }
        ],
    ),
]


@pytest.fixture(scope="module")
def untouched() -> Registry[Any]:
    """The description as Discord wrote it, for plain jsonschema."""
    raw = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(
        "urn:plain", Resource.from_contents(raw, DRAFT202012)
    )
    return registry


def plainly_refused(registry: Registry[Any], method: str, template: str, body: Any) -> bool:
    """Whether plain jsonschema refuses the body by the untouched description."""
    route = template.replace("~", "~0").replace("/", "~1")
    pointer = (
        f"urn:plain#/paths/{route}/{method.lower()}/requestBody/content/application~1json/schema"
    )
    return not Draft202012Validator({"$ref": pointer}, registry=registry).is_valid(body)


@pytest.mark.parametrize(("case", "where", "body"), CASES, ids=[c[0] for c in CASES])
def test_the_tuned_check_refuses_what_the_description_refuses(
    untouched: Registry[Any], case: str, where: tuple[str, str, str], body: Any
) -> None:
    method, template, path = where
    found = description().find(method, path)
    assert found is not None
    operation, values = found
    for _ in range(2):  # the second time from what the check remembers
        refused = bool(operation.check(values, {}, body))
        assert refused == plainly_refused(untouched, method, template, body), case


def test_discord_takes_ids_as_numbers_where_its_schema_wants_strings(
    untouched: Registry[Any],
) -> None:
    method, template, path = MESSAGES
    operation, values = description().find(method, path) or (None, {})
    assert operation is not None
    as_numbers = {"allowed_mentions": {"users": [5]}, "attachments": [{"id": 0}]}
    assert plainly_refused(untouched, method, template, as_numbers)
    assert operation.check(values, {}, as_numbers) == []
    negative = {"allowed_mentions": {"users": [-5]}}
    assert plainly_refused(untouched, method, template, negative)
    [error] = operation.check(values, {}, negative)
    assert error.where == ("allowed_mentions", "users", 0)


@pytest.mark.parametrize(("case", "where", "body"), CASES, ids=[c[0] for c in CASES])
def test_the_quick_yes_goes_to_exactly_the_bodies_the_description_accepts(
    untouched: Registry[Any], case: str, where: tuple[str, str, str], body: Any
) -> None:
    """openapi_fast never lets a refused body past, and spares jsonschema the accepted ones."""
    method, template, path = where
    found = description().find(method, path)
    assert found is not None
    operation, _ = found
    accepted = not plainly_refused(untouched, method, template, body)
    assert operation.body_surely_valid(body) == accepted, case
