"""Iliad pieces as cached sprites: tiles, Dolos, face-down tiles, success tokens, god badges."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import kit

GODS = ("zeus", "apollo", "athena", "poseidon", "aphrodite")
# Short names on tokens and badges (three gods begin with "A"); the board's legend spells them.
ABBREVIATIONS = {
    "zeus": "ZEU",
    "apollo": "APO",
    "athena": "ATH",
    "poseidon": "POS",
    "aphrodite": "APH",
    "marriage": "WED",
}
TOKEN_COLOURS: dict[str, kit.RGB] = {
    "zeus": (232, 186, 30),
    "apollo": (240, 132, 44),
    "athena": (112, 132, 64),
    "poseidon": (22, 150, 160),
    "aphrodite": (226, 120, 176),
    "bonus": (252, 250, 240),
    "curse": (44, 44, 48),
    "marriage": (130, 84, 172),
}
TOKEN_RINGS: dict[str, kit.RGB] = {"bonus": (46, 150, 80), "curse": (0, 0, 0)}
TILE_EFFECTS = {
    "1": "table.image.iliad_effect_1",
    "2": "table.image.iliad_effect_2",
    "3": "table.image.iliad_effect_3",
    "4": "table.image.iliad_effect_4",
    "5": "table.image.iliad_effect_5",
    "D": "table.image.iliad_effect_dolos",
}
NAMES = {
    "zeus": "iliad.god.zeus",
    "apollo": "iliad.god.apollo",
    "athena": "iliad.god.athena",
    "poseidon": "iliad.god.poseidon",
    "aphrodite": "iliad.god.aphrodite",
    "marriage": "iliad.token.marriage",
}


@lru_cache(maxsize=64)
def _tile_shape(colour: kit.RGB, size: int, kind: str) -> Image.Image:
    """The outline of a tile: "plain" rounded square, "dolos" diamond, "down" hatched back."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        s = size * scale
        edge = kit.shade(colour, 0.35)
        if kind == "dolos":
            half = s // 2
            points = [(half, 0), (s - 1, half), (half, s - 1), (0, half)]
            draw.polygon(points, fill=edge)
            inset = 3 * scale
            inner = [(half, inset), (s - 1 - inset, half), (half, s - 1 - inset), (inset, half)]
            draw.polygon(inner, fill=colour)
            return
        radius = 10 * scale
        draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=radius, fill=edge)
        inset = 3 * scale
        body = colour if kind == "plain" else kit.shade(colour, 0.25)
        box = (inset, inset, s - 1 - inset, s - 1 - inset)
        draw.rounded_rectangle(box, radius=radius - inset, fill=body)
        if kind == "down":
            kit.hatch(draw, box, kit.tint(colour, 0.35), spacing=14 * scale, width=4 * scale)
            draw.rounded_rectangle(box, radius=radius - inset, outline=edge, width=2 * scale)

    return kit.smooth_sprite(size, size, paint)


@lru_cache(maxsize=64)
def tile(colour: kit.RGB, value: str | None, face_up: bool, size: int) -> Image.Image:
    """A tile sprite: its value on the owner's colour; Dolos a diamond; face down has no value."""
    if not face_up or value is None:
        return _tile_shape(colour, size, "down")
    kind = "dolos" if value == "D" else "plain"
    sprite = _tile_shape(colour, size, kind).copy()
    draw = ImageDraw.Draw(sprite)
    text_size = size * 52 // 100 if kind == "plain" else size * 40 // 100
    kit.centred(draw, (size / 2, size / 2), value, text_size, kit.readable_on(colour))
    return sprite


def token_text(kind: str, value: int) -> tuple[str, str]:
    """The two lines a token shows: a short name (may be empty) and its value."""
    if kind in GODS:
        return ABBREVIATIONS[kind], str(value)
    if kind == "marriage":
        return "", "WED"
    return "", f"+{value}" if value > 0 else str(value)


@lru_cache(maxsize=256)
def token(kind: str, value: int, diameter: int, least: int = kit.MIN_TEXT) -> Image.Image:
    """A success token: a disc in its god's colour with short name and value (text >= least)."""
    fill = TOKEN_COLOURS.get(kind, kit.SEAT_COLOURS["grey"])
    ring = TOKEN_RINGS.get(kind, kit.shade(fill, 0.3))

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        d = diameter * scale
        draw.ellipse((0, 0, d - 1, d - 1), fill=ring)
        inset = max(2, diameter // 16) * scale
        draw.ellipse((inset, inset, d - 1 - inset, d - 1 - inset), fill=fill)

    sprite = kit.smooth_sprite(diameter, diameter, paint)
    draw = ImageDraw.Draw(sprite)
    ink = TOKEN_RINGS["bonus"] if kind == "bonus" else kit.readable_on(fill)
    name, number = token_text(kind, value)
    middle = diameter / 2
    if name:
        small = max(least, diameter * 28 // 100)
        big = max(least + 4, diameter * 38 // 100)
        kit.centred(draw, (middle, middle - diameter * 0.17), name, small, ink)
        kit.centred(draw, (middle, middle + diameter * 0.2), number, big, ink)
    else:
        size = max(least, diameter * (30 if len(number) > 2 else 40) // 100)
        kit.centred(draw, (middle, middle), number, size, ink)
    return sprite


@lru_cache(maxsize=8)
def empty_slot(diameter: int) -> Image.Image:
    """The faint ring left where a line-end token has been taken."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        d = diameter * scale
        draw.ellipse((0, 0, d - 1, d - 1), outline=kit.FAINT, width=3 * scale)

    return kit.smooth_sprite(diameter, diameter, paint)


@lru_cache(maxsize=32)
def god_badge(god: str, held: bool, width: int, height: int, size: int = 16) -> Image.Image:
    """A god's name tag: filled in the god's colour when held, a grey outline when not."""
    colour = TOKEN_COLOURS[god]
    edge = kit.shade(colour, 0.3) if held else (190, 186, 178)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        box = (0, 0, width * scale - 1, height * scale - 1)
        radius = height * scale // 2
        draw.rounded_rectangle(box, radius=radius, fill=colour if held else kit.BACKGROUND)
        draw.rounded_rectangle(box, radius=radius, outline=edge, width=2 * scale)

    sprite = kit.smooth_sprite(width, height, paint)
    ink = kit.readable_on(colour) if held else (170, 166, 158)
    kit.centred(ImageDraw.Draw(sprite), (width / 2, height / 2), ABBREVIATIONS[god], size, ink)
    return sprite


@lru_cache(maxsize=4)
def favour_badge(width: int, height: int, size: int = 16) -> Image.Image:
    """The marker of IL-12 favour of all gods."""
    gold = TOKEN_COLOURS["zeus"]

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        box = (0, 0, width * scale - 1, height * scale - 1)
        draw.rounded_rectangle(box, radius=6 * scale, fill=gold, outline=kit.INK, width=2 * scale)

    sprite = kit.smooth_sprite(width, height, paint)
    kit.centred(ImageDraw.Draw(sprite), (width / 2, height / 2), "FAVOUR", size, kit.INK)
    return sprite


def paste(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on a point, through its own transparency."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    kit.paste(canvas, sprite, (x, y), sprite)
