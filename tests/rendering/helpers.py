"""Shared helpers for rendering tests: fixture views and PNG decoding."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from PIL import Image

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
