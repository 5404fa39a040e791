"""Reading request bodies (JSON or multipart with files) and writing Discord-style JSON."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import invalid
from .store import Upload

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
BODY_KEY = web.RequestKey("fake_discord.body", tuple)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """Return the JSON payload and any uploaded files of a request (read once, then kept on
    the request: the strict gate reads it before the handler does)."""
    if BODY_KEY not in request:
        request[BODY_KEY] = await _read(request)
    return request[BODY_KEY]


async def _read(request: web.Request) -> tuple[Any, list[Upload]]:
    """Parse a JSON body, or a multipart one with files."""
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    if not request.can_read_body:
        return None, []
    text = await request.text()
    if not text:
        return None, []
    try:
        return json.loads(text), []
    except json.JSONDecodeError as exc:
        raise invalid(f"body is not JSON: {exc}") from None


async def _read_multipart(request: web.Request) -> tuple[Any, list[Upload]]:
    """Split `payload_json` from the `files[N]` parts, keeping each file's bytes and name."""
    reader = await request.multipart()
    payload: Any = None
    uploads: list[Upload] = []
    while True:
        part = await reader.next()
        if part is None:
            break
        if not isinstance(part, BodyPartReader):
            raise invalid("nested multipart is not supported")
        name = part.name or ""
        if name == "payload_json":
            payload = json.loads(await part.text())
            continue
        match = FILE_FIELD.match(name)
        if match is None:
            raise invalid(f"unexpected multipart field {name!r}")
        data = bytes(await part.read())
        uploads.append(Upload(int(match.group(1)), part.filename or f"file{match.group(1)}", data))
    return payload, uploads


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer whose content type is exactly `application/json`, as discord.py requires."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json"},
    )


def no_content() -> web.Response:
    """An empty 204 answer."""
    return web.Response(status=204)
