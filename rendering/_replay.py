"""Animated replays: the public board after every move as one GIF under Discord's upload limit.

Discord's smallest upload limit is 10 MiB (a server without boosts, a bot's message); a replay
aims at REPLAY_BUDGET = 8 MiB to leave room for the message. A game with more public states
than MAX_FRAMES is subsampled evenly (the first and the last state always kept); frames are
drawn REPLAY_WIDTH pixels wide; if the file is still too large, the frame count is halved, then
the width shrinks, until it fits. GIF rather than APNG: every Discord client animates it inline.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.engine.view import ViewContext

REPLAY_BUDGET = 8 * 1024 * 1024  # bytes; Discord's smallest upload limit is 10 MiB
MAX_FRAMES = 120
REPLAY_WIDTH = 800
SMALLEST_WIDTH = 400
FRAME_MS = 700
LAST_FRAME_MS = 4000

Draw = Callable[[Mapping[str, Any], ViewContext], Image.Image]


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished animation: the file, which states it shows, and its frame width."""

    gif: bytes
    shown: tuple[int, ...]  # indexes of the public states drawn, in order
    width: int
    first_try: int  # bytes of the first attempt (MAX_FRAMES at REPLAY_WIDTH): why frames went


def pick_frames(count: int, most: int) -> list[int]:
    """Up to `most` state indexes spread evenly over `count`, always the first and the last."""
    if count <= most:
        return list(range(count))
    if most <= 1:
        return [count - 1]
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def _scaled(image: Image.Image, width: int) -> Image.Image:
    if image.mode != "RGB":  # converting an RGB board again only copied it (4 ms a frame)
        image = image.convert("RGB")
    if image.width <= width:
        return image
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.BILINEAR, reducing_gap=2.0)


def _shared_palette(images: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame, chosen from the first and last boards side by side: with
    the same colours everywhere, each GIF frame stores only the part of the board that moved."""
    first, last = images[0], images[-1]
    both = Image.new("RGB", (first.width + last.width, max(first.height, last.height)))
    both.paste(first, (0, 0))
    both.paste(last, (first.width, 0))
    return both.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def frames_of(images: Sequence[Image.Image], width: int) -> list[Image.Image]:
    """The drawn boards at `width` pixels, all in one palette."""
    scaled = [_scaled(image, width) for image in images]
    palette = _shared_palette(scaled)
    return [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in scaled]


def encode(frames: Sequence[Image.Image]) -> bytes:
    """One looping GIF: each frame shown FRAME_MS, the last one longer."""
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
        optimize=False,
    )
    return out.getvalue()


def animate(
    draw: Draw,
    views: Sequence[Mapping[str, Any]],
    contexts: Sequence[ViewContext],
    budget: int = REPLAY_BUDGET,
) -> Replay:
    """The replay of these public views, within `budget` bytes."""
    most, width = MAX_FRAMES, REPLAY_WIDTH
    drawn: dict[int, Image.Image] = {}
    first_try = 0
    while True:
        shown = pick_frames(len(views), most)
        for index in shown:
            if index not in drawn:
                drawn[index] = draw(views[index], contexts[index])
        frames = frames_of([drawn[i] for i in shown], width)
        gif = encode(frames)
        first_try = first_try or len(gif)
        if len(gif) <= budget or (len(shown) <= 2 and width <= SMALLEST_WIDTH):
            return Replay(gif, tuple(shown), frames[0].width, first_try)  # boards never grow
        if len(shown) > 2:  # as many frames as the budget seems to hold, at least halving
            most = max(2, min(len(shown) // 2, len(shown) * budget * 9 // (len(gif) * 10)))
        else:
            width = max(SMALLEST_WIDTH, width * 3 // 4)
