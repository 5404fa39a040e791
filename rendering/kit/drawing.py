"""Drawings that remember their colours: the upload palette is then exactly those colours,
with no palette to choose from the pixels (a fifth of a board's cost) and none approximated."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from rendering.kit.colours import RGB

# Image.info key: every colour drawn on the image so far (a frozenset of RGB), while known. A
# kit canvas starts it; a copy keeps it; pasting something of unknown colours drops it, and
# the image then gets its palette chosen from its pixels as any other image.
COLOURS = "symposion.colours"
CUTOUT: RGB = (255, 0, 254)  # the ground a cut-out sprite is drawn on: no renderer paints it


class Drawing(ImageDraw.ImageDraw):
    """An ImageDraw that notes every ink it is handed in its image's COLOURS.

    Every shape and bitmap method turns its fill and outline into ink through `_getink`, so
    noting there sees every colour drawn, whichever method drew it.
    """

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.picture = image

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        known = self.picture.info.get(COLOURS)
        if known is not None and (_new(ink, known) or _new(fill, known)):
            note(self.picture, (ink, fill))
        return super()._getink(ink, fill)

    def under(self, box: tuple[int, int, int, int], middle: bool = False) -> set[RGB]:
        """The colours at a box's corners (and middle), clamped to the image, read before
        drawing over them."""
        width, height = self.picture.size
        left, right = min(max(box[0], 0), width - 1), min(max(box[2] - 1, 0), width - 1)
        top, bottom = min(max(box[1], 0), height - 1), min(max(box[3] - 1, 0), height - 1)
        pixel = self.im.getpixel
        found = {pixel((left, top)), pixel((right, top)), pixel((left, bottom))}
        found.add(pixel((right, bottom)))
        if middle:
            found.add(pixel(((left + right) // 2, (top + bottom) // 2)))
        return found


def _new(colour: object, known: frozenset[RGB]) -> bool:
    return colour is not None and colour not in known


def drawing(image: Image.Image) -> Drawing:
    """A drawing context on `image` that keeps its colours known (a kit canvas or its copy)."""
    return Drawing(image)


def note(image: Image.Image, colours: Iterable[object]) -> None:
    """Add RGB colours to what the image is known to hold (nothing if that is not known)."""
    known = image.info.get(COLOURS)
    if known is None:
        return
    if isinstance(colours, tuple | frozenset) and known.issuperset(colours):
        return
    new = [colour for colour in colours if isinstance(colour, tuple) and colour not in known]
    if new:
        image.info[COLOURS] = known.union(tuple(colour[:3]) for colour in new)


def start(image: Image.Image, colour: RGB) -> Image.Image:
    """Mark a freshly filled image as holding just `colour`."""
    image.info[COLOURS] = frozenset({colour})
    return image


def paste(
    image: Image.Image,
    sprite: Image.Image,
    at: tuple[int, int],
    mask: Image.Image | None = None,
) -> None:
    """Paste `sprite` (through `mask`); the image's colours stay known when the sprite's are
    and the mask, if any, is all or nothing (mode "1": no blending with what lies beneath), or
    when a sprite with its own transparency lands on one plain colour (it is then pasted as
    drawn once over that colour, whose blends are counted). Otherwise they are forgotten."""
    theirs = sprite.info.get(COLOURS)
    if mask is not None and mask.mode != "1":
        under = _plain_under(image, sprite, at) if mask is sprite else None
        if under is not None:
            sprite, mask, theirs = _over(sprite, under)
        else:
            theirs = None
    image.paste(sprite, at, mask)
    if theirs is None:
        image.info.pop(COLOURS, None)
    else:
        note(image, theirs)


def _plain_under(image: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> RGB | None:
    """The one colour under a sprite's corners and middle (its box inside the image), if one."""
    if image.mode != "RGB" or sprite.mode != "RGBA" or colours_of(image) is None:
        return None
    left, top = at
    right, bottom = left + sprite.width - 1, top + sprite.height - 1
    if left < 0 or top < 0 or right >= image.width or bottom >= image.height:
        return None
    points = ((left, top), (right, top), (left, bottom), (right, bottom))
    found = {image.im.getpixel(point) for point in (*points, ((left + right) // 2, top))}
    found.add(image.im.getpixel(((left + right) // 2, (top + bottom) // 2)))
    if len(found) != 1:
        return None
    (pixel,) = found
    return pixel[0], pixel[1], pixel[2]


Over = tuple[Image.Image, Image.Image, frozenset[RGB]]
_OVER: dict[tuple[int, RGB], tuple[Image.Image, Over]] = {}  # by id(sprite): the sprite kept
_OVER_MOST = 256


def _over(sprite: Image.Image, under: RGB) -> Over:
    """A transparent sprite drawn once over a plain colour, the mask ("1") of the pixels it
    covers at all, and every colour it makes there (kept for the sprite's next paste)."""
    kept = _OVER.get((id(sprite), under))
    if kept is not None and kept[0] is sprite:
        return kept[1]
    flat = Image.new("RGB", sprite.size, under)
    flat.paste(sprite, (0, 0), sprite)
    covered = sprite.getchannel("A").point(_ANY, "1")
    found = flat.getcolors(sprite.width * sprite.height) or []
    made = (flat, covered, frozenset((c[0], c[1], c[2]) for _, c in found))  # type: ignore[index]
    if len(_OVER) >= _OVER_MOST:
        _OVER.clear()
    _OVER[(id(sprite), under)] = (sprite, made)
    return made


_ANY = [0] + [255] * 255


def cutout(
    size: tuple[int, int], paint: Callable[[Drawing], None]
) -> tuple[Image.Image, Image.Image]:
    """A sprite `paint` draws on the CUTOUT ground, and the mask ("1") of every pixel it drew:
    pasted through it, only the drawing lands (whatever its shape), its colours still counted.
    Draw shapes and text inside the drawing only: an edge blended with the ground would show."""
    sprite = start(Image.new("RGB", size, CUTOUT), CUTOUT)
    paint(Drawing(sprite))
    ground = ImageChops.difference(sprite, Image.new("RGB", size, CUTOUT)).split()
    drawn = ImageChops.lighter(ImageChops.lighter(ground[0], ground[1]), ground[2])
    mask = drawn.point(lambda level: 255 if level else 0).convert("1", dither=Image.Dither.NONE)
    sprite.info[COLOURS] = (colours_of(sprite) or frozenset()) - {CUTOUT}
    return sprite, mask


def colours_of(image: Image.Image) -> frozenset[RGB] | None:
    """Every colour the image holds, when its drawings kept count; None otherwise."""
    known = image.info.get(COLOURS)
    return known if isinstance(known, frozenset) else None
