"""Reading request bodies (JSON or multipart with files) and writing Discord-style JSON.

A multipart body is split here rather than by aiohttp's reader: that one parses each part's
headers, and the request's content type (whose boundary is new each time), with the email
package, which was a tenth of a whole game's time in the fake.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from aiohttp import web

from .errors import invalid
from .store import Upload

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
BOUNDARY = re.compile(r';\s*boundary=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))', re.IGNORECASE)
# A Content-Disposition parameter: name="quoted", name=token, or name*=utf-8''percent-encoded.
PARAMETER = re.compile(r';\s*([\w.-]+)(\*?)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))')
ESCAPED = re.compile(r"\\(.)")
BODY_KEY = web.RequestKey("fake_discord.body", tuple)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """Return the JSON payload and any uploaded files of a request (read once, then kept on
    the request: the strict gate reads it before the handler does)."""
    if BODY_KEY not in request:
        request[BODY_KEY] = await _read(request)
    return request[BODY_KEY]


async def _read(request: web.Request) -> tuple[Any, list[Upload]]:
    """Parse a JSON body, or a multipart one with files."""
    kind = request.headers.get("Content-Type", "")
    if kind.lower().startswith("multipart/"):
        return _read_multipart(kind, await request.read())
    if not request.can_read_body:
        return None, []
    text = await request.text()
    if not text:
        return None, []
    try:
        return json.loads(text), []
    except json.JSONDecodeError as exc:
        raise invalid(f"body is not JSON: {exc}") from None


def _read_multipart(kind: str, body: bytes) -> tuple[Any, list[Upload]]:
    """Split `payload_json` from the `files[N]` parts, keeping each file's bytes and name."""
    found = BOUNDARY.search(kind)
    if found is None:
        raise invalid("multipart body without a boundary")
    boundary = b"--" + (found[2] or ESCAPED.sub(r"\1", found[1])).encode()
    payload: Any = None
    uploads: list[Upload] = []
    for part in _parts(body, boundary):
        headers, data = _split_part(part)
        if headers.get("content-type", "").lower().startswith("multipart/"):
            raise invalid("nested multipart is not supported")
        disposition = _parameters(headers.get("content-disposition", ""))
        name = disposition.get("name", "")
        if name == "payload_json":
            payload = json.loads(data.decode())
            continue
        match = FILE_FIELD.match(name)
        if match is None:
            raise invalid(f"unexpected multipart field {name!r}")
        filename = disposition.get("filename") or f"file{match.group(1)}"
        uploads.append(Upload(int(match.group(1)), filename, data))
    return payload, uploads


def _parts(body: bytes, boundary: bytes) -> list[bytes]:
    """The parts between the boundaries (RFC 2046: each delimiter is CRLF, '--', boundary)."""
    pieces = (b"\r\n" + body).split(b"\r\n" + boundary)
    if len(pieces) < 2 or not pieces[-1].startswith(b"--"):
        raise invalid("multipart body without its closing boundary")
    return [piece.partition(b"\r\n")[2] for piece in pieces[1:-1]]


def _split_part(part: bytes) -> tuple[dict[str, str], bytes]:
    """A part's headers (names in lower case) and its bytes."""
    if part.startswith(b"\r\n"):  # no headers at all
        head, data = b"", part[2:]
    else:
        head, _, data = part.partition(b"\r\n\r\n")
    headers = {}
    for line in head.decode(errors="replace").split("\r\n"):
        name, colon, value = line.partition(":")
        if colon:
            headers[name.strip().lower()] = value.strip()
    return headers, data


def _parameters(disposition: str) -> dict[str, str]:
    """The parameters of a Content-Disposition value (`filename*` decoded, taking precedence)."""
    found: dict[str, str] = {}
    for name, star, quoted, token in PARAMETER.findall(disposition):
        key = name.lower()
        if star:
            found[key] = unquote(token.strip().split("'", 2)[-1])
        elif key not in found:
            found[key] = ESCAPED.sub(r"\1", quoted) if quoted or not token else token.strip()
    return found


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
