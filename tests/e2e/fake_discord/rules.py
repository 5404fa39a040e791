"""Discord's documented limits on messages, components and autocomplete; each breach is a 400."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .command_rules import check_choice
from .errors import EMPTY_MESSAGE, FakeHTTPError, invalid

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_CHOICES = 25
FLAG_COMPONENTS_V2 = 1 << 15

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LINK_STYLE = 5
PREMIUM_STYLE = 6


def check_message_parts(payload: dict[str, Any]) -> None:
    """Check the parts of a create or edit body that are present."""
    content = payload.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise invalid(f"content is {len(str(content))} characters; the limit is 2000", "content")
    embeds = payload.get("embeds")
    if embeds:
        check_embeds(embeds)
    components = payload.get("components")
    if components:
        check_components(components, v2=bool(int(payload.get("flags") or 0) & FLAG_COMPONENTS_V2))


def check_not_empty(message: dict[str, Any], attachment_count: int) -> None:
    """Refuse a message with nothing to show (Discord's 50006)."""
    if (
        message.get("content")
        or message.get("embeds")
        or message.get("components")
        or message.get("sticker_ids")
        or message.get("poll")
        or attachment_count
    ):
        return
    raise FakeHTTPError(400, EMPTY_MESSAGE, "Cannot send an empty message")


def check_embeds(embeds: list[dict[str, Any]]) -> None:
    """Check embed count and text limits."""
    if len(embeds) > MAX_EMBEDS:
        raise invalid(f"{len(embeds)} embeds; the limit is 10", "embeds")
    total = 0
    for i, embed in enumerate(embeds):
        total += _embed_text_length(embed, f"embeds.{i}")
    if total > MAX_EMBED_TOTAL:
        raise invalid(f"embeds hold {total} characters; the limit is 6000", "embeds")


def _embed_text_length(embed: dict[str, Any], where: str) -> int:
    """Check one embed's fields and return the characters it counts toward 6000."""
    limits = [
        ("title", embed.get("title"), 256),
        ("description", embed.get("description"), 4096),
        ("footer.text", (embed.get("footer") or {}).get("text"), 2048),
        ("author.name", (embed.get("author") or {}).get("name"), 256),
    ]
    fields = embed.get("fields") or []
    if len(fields) > 25:
        raise invalid(f"{len(fields)} embed fields; the limit is 25", f"{where}.fields")
    for j, field in enumerate(fields):
        if not field.get("name") or not field.get("value"):
            raise invalid("embed field name and value must not be empty", f"{where}.fields.{j}")
        limits.append((f"fields.{j}.name", field["name"], 256))
        limits.append((f"fields.{j}.value", field["value"], 1024))
    total = 0
    for name, text, limit in limits:
        if text is None:
            continue
        if len(str(text)) > limit:
            raise invalid(f"{name} is {len(str(text))} characters; the limit is {limit}", where)
        total += len(str(text))
    return total


def check_components(components: list[dict[str, Any]], *, v2: bool) -> None:
    """Check rows, row sizes, buttons and selects; custom_ids must be unique."""
    if v2:
        count = sum(1 for _ in walk(components))
        if count > MAX_V2_COMPONENTS:
            raise invalid(f"{count} components; the limit is 40", "components")
    else:
        if len(components) > MAX_ROWS:
            raise invalid(f"{len(components)} action rows; the limit is 5", "components")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                raise invalid("top-level components must be action rows", f"components.{i}")
    seen: set[str] = set()
    for path, component in _walk_with_paths(components, "components"):
        kind = component.get("type")
        if kind == ACTION_ROW:
            _check_row(component, path)
        elif kind == BUTTON:
            _check_button(component, path)
        elif kind in SELECT_TYPES:
            _check_select(component, path)
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                raise invalid(f"custom_id {custom_id!r} is used twice", f"{path}.custom_id")
            seen.add(custom_id)


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Yield every component, depth first, rows and containers included (the order of
    `_walk_with_paths`, without building a path nobody reads: the fake walks every message)."""
    for component in components:
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk(children)
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield accessory


def _walk_with_paths(
    components: list[dict[str, Any]], prefix: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (path, component) for every nested component."""
    for i, component in enumerate(components):
        path = f"{prefix}.{i}"
        yield path, component
        children = component.get("components")
        if isinstance(children, list):
            yield from _walk_with_paths(children, f"{path}.components")
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield f"{path}.accessory", accessory


def _check_row(row: dict[str, Any], path: str) -> None:
    """An action row holds 1-5 buttons, or exactly one select menu."""
    children = row.get("components") or []
    if not children:
        raise invalid("an action row must not be empty", path)
    if len(children) > MAX_ROW_ITEMS:
        raise invalid(f"{len(children)} components in one action row; the limit is 5", path)
    if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
        raise invalid("a select menu must be alone in its action row", path)


def _check_custom_id(component: dict[str, Any], path: str) -> None:
    """A custom_id is 1-100 characters."""
    custom_id = component.get("custom_id")
    if not isinstance(custom_id, str) or not custom_id:
        raise invalid("custom_id is required", f"{path}.custom_id")
    if len(custom_id) > MAX_CUSTOM_ID:
        raise invalid(f"custom_id is {len(custom_id)} characters; the limit is 100", path)


def _check_button(button: dict[str, Any], path: str) -> None:
    """Check a button's style, custom_id or url, and label."""
    style = button.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise invalid(f"unknown button style {style!r}", f"{path}.style")
    if style == LINK_STYLE:
        if not button.get("url") or button.get("custom_id"):
            raise invalid("a link button needs a url and no custom_id", path)
    elif style != PREMIUM_STYLE:
        _check_custom_id(button, path)
    label = button.get("label")
    if label is not None and len(label) > MAX_BUTTON_LABEL:
        raise invalid(f"button label is {len(label)} characters; the limit is 80", f"{path}.label")
    if style != PREMIUM_STYLE and not label and not button.get("emoji"):
        raise invalid("a button needs a label or an emoji", path)


def _check_select(select: dict[str, Any], path: str) -> None:
    """Check a select menu's custom_id, placeholder, options and value counts."""
    _check_custom_id(select, path)
    placeholder = select.get("placeholder")
    if placeholder is not None and len(placeholder) > MAX_PLACEHOLDER:
        raise invalid("placeholder is longer than 150 characters", f"{path}.placeholder")
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        raise invalid(f"min_values {low} / max_values {high} out of range", path)
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise invalid(f"{len(options)} select options; allowed 1 to 25", f"{path}.options")
    if high > len(options):
        raise invalid(f"max_values {high} exceeds the {len(options)} options", path)
    values: set[str] = set()
    for j, option in enumerate(options):
        for key in ("label", "value", "description"):
            text = option.get(key)
            if key != "description" and not text:
                raise invalid(f"option {key} must not be empty", f"{path}.options.{j}.{key}")
            if text is not None and len(text) > MAX_OPTION_TEXT:
                raise invalid(
                    f"option {key} is {len(text)} characters; the limit is 100",
                    f"{path}.options.{j}.{key}",
                )
        if option["value"] in values:
            where = f"{path}.options.{j}.value"
            raise invalid(f"option value {option['value']!r} is used twice", where)
        values.add(option["value"])


def check_autocomplete(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Check an autocomplete answer (at most 25 choices, names and values <= 100) and return it."""
    choices = data.get("choices")
    if not isinstance(choices, list):
        raise invalid("choices must be a list", "data.choices")
    if len(choices) > MAX_CHOICES:
        raise invalid(f"{len(choices)} autocomplete choices; the limit is 25", "data.choices")
    for i, choice in enumerate(choices):
        check_choice(choice, ["data", "choices", i])
    return choices
