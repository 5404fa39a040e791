"""Where Ilium's sites, spaces and token blocks go on the image; computed once per board."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.games.ilium.viewtypes import IliumView

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
SiteKey = tuple[float, float, int, bool]  # x, y, numeral, closed
PathKey = tuple[int, int, int, bool]  # shovel, far, spaces, open

SITE_R = 26
SPACE_R = 13
CHIP = 28
GAP = 3


@dataclass(frozen=True)
class Layout:
    """Pixel positions for one board: site centres, space centres, token block corners."""

    centres: tuple[Point, ...]
    spaces: tuple[tuple[Point, ...], ...]
    blocks: tuple[tuple[float, float, int], ...]  # per site: left, top, columns


def board_key(view: IliumView) -> tuple[tuple[SiteKey, ...], tuple[PathKey, ...]]:
    """What the layout depends on: the graph, never the pieces.

    The board is drawn on its side (x and y swapped): the map is wider than tall, and a
    portrait image is what a phone shows largest.
    """
    sites = tuple(
        (float(s["y"]), float(s["x"]), int(s["numeral"]), bool(s["closed"])) for s in view["sites"]
    )
    paths = tuple(
        (int(p["shovel"]), int(p["far"]), len(p["spaces"]), bool(p["open"]))
        for p in view["pathways"]
    )
    return sites, paths


@lru_cache(maxsize=8)
def layout(key: tuple[tuple[SiteKey, ...], tuple[PathKey, ...]], box: Rect, frame: Rect) -> Layout:
    """Scale the sites into `box`, spread the spaces, then park each site's token block
    where it covers the fewest spaces, lines and other blocks, inside `frame`."""
    sites, paths = key
    centres = _scale([(s[0], s[1]) for s in sites], box)
    spaces = tuple(
        tuple(space_points(centres[p[0]], centres[p[1]], p[2])) if p[3] else () for p in paths
    )
    placed: list[Rect] = []
    blocks = []
    for index, site in enumerate(sites):
        count = 0 if site[3] else site[2]
        block = _place_block(index, count, centres, paths, spaces, placed, frame)
        blocks.append(block)
        if count:
            columns = block[2]
            width, height = _block_size(count, columns)
            placed.append((block[0], block[1], block[0] + width, block[1] + height))
    return Layout(centres, spaces, tuple(blocks))


def _scale(coords: Sequence[Point], box: Rect) -> tuple[Point, ...]:
    xs, ys = [c[0] for c in coords], [c[1] for c in coords]
    left, top, right, bottom = box
    sx = (right - left) / max(max(xs) - min(xs), 1e-6)
    sy = (bottom - top) / max(max(ys) - min(ys), 1e-6)
    return tuple((left + (x - min(xs)) * sx, top + (y - min(ys)) * sy) for x, y in coords)


def space_points(start: Point, end: Point, count: int) -> list[Point]:
    """Evenly spread space centres between two site circles, the shovel end first."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    step = (length - 2 * (SITE_R + 4)) / count
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    first = SITE_R + 4 + step / 2
    return [(x0 + ux * (first + i * step), y0 + uy * (first + i * step)) for i in range(count)]


def _block_size(count: int, columns: int) -> tuple[float, float]:
    rows = -(-count // columns)
    return columns * (CHIP + GAP) - GAP, rows * (CHIP + GAP) - GAP


def _place_block(
    index: int,
    count: int,
    centres: Sequence[Point],
    paths: Sequence[PathKey],
    spaces: Sequence[Sequence[Point]],
    placed: Sequence[Rect],
    frame: Rect,
) -> tuple[float, float, int]:
    x, y = centres[index]
    if not count:
        return x, y, 1
    best: tuple[float, float, float, int] | None = None
    for columns in sorted({min(count, c) for c in (3, 2, count, 1)}):
        width, height = _block_size(count, columns)
        for k in range(16):
            dx, dy = math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)
            reach = SITE_R + 6 + max(abs(dx) * width, abs(dy) * height) / 2
            left, top = x + dx * reach - width / 2, y + dy * reach - height / 2
            rect = (left, top, left + width, top + height)
            if not _inside(rect, frame):
                continue
            cost = _cost(rect, centres, paths, spaces, placed) + reach / 25
            if best is None or cost < best[0]:
                best = (cost, left, top, columns)
    if best is None:
        return x + SITE_R, y + SITE_R, 3
    return best[1], best[2], best[3]


def _inside(rect: Rect, frame: Rect) -> bool:
    return (
        rect[0] >= frame[0] + 4
        and rect[1] >= frame[1] + 4
        and rect[2] <= frame[2] - 4
        and rect[3] <= frame[3] - 4
    )


def _cost(
    rect: Rect,
    centres: Sequence[Point],
    paths: Sequence[PathKey],
    spaces: Sequence[Sequence[Point]],
    placed: Sequence[Rect],
) -> float:
    cost = 0.0
    for row in spaces:
        cost += 3.0 * sum(1 for point in row if _near(rect, point, SPACE_R + 2))
    cost += 10.0 * sum(1 for point in centres if _near(rect, point, SITE_R + 2))
    grown = (rect[0] - 5, rect[1] - 5, rect[2] + 5, rect[3] + 5)
    cost += sum(1 for p in paths if _crosses(grown, centres[p[0]], centres[p[1]]))
    cost += 20.0 * sum(1 for other in placed if _overlap(rect, other))
    return cost


def _near(rect: Rect, point: Point, radius: float) -> bool:
    x, y = point
    dx = max(rect[0] - x, 0.0, x - rect[2])
    dy = max(rect[1] - y, 0.0, y - rect[3])
    return dx * dx + dy * dy < radius * radius


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] + GAP and b[0] < a[2] + GAP and a[1] < b[3] + GAP and b[1] < a[3] + GAP


def _crosses(rect: Rect, start: Point, end: Point) -> bool:
    """Whether the segment meets the rectangle (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - rect[0]), (dx, rect[2] - x0), (-dy, y0 - rect[1]), (dy, rect[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True
