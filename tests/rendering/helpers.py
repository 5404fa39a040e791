"""Shared helpers for rendering tests: fixture views and PNG decoding."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from rendering import kit

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def load_view(name: str) -> dict[str, Any]:
    """A hand-made view from tests/rendering/fixtures/<name>.json."""
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


def decode(png: bytes) -> Image.Image:
    """Open PNG bytes fully, as a client would."""
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def stepped_text(
    image: Image.Image, xy: tuple[int, int], words: str, size: int, fill: tuple[int, int, int]
) -> None:
    """`words` as ImageDraw.text draws them, their edges' coverage in the kit's steps
    (kit.COVERAGE): how every text on a shipped image looks, drawn without the kit's masks."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).text(xy, words, font=kit.font(size), fill=255)
    ImageDraw.Draw(image).bitmap((0, 0), mask.point(kit.COVERAGE), fill=fill)
