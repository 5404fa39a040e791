"""Issue 15 §4: every game's board and hand, in every language, draw no missing-glyph box."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rendering
from bot.engine import AnyGame, ViewContext, all_games, get_game
from bot.i18n import LANGUAGES, entries
from rendering import kit
from tests.rendering.test_phone_readable import _forget_sprites

NAMES = ("Zoë", "François", "Jürgen", "Niccolò", "Åsa")  # players' names have accents too


def _views(game: AnyGame, players: int) -> list[Any]:
    """The public view and every seat's view at the start, midway and at the end of one game."""
    chooser = random.Random(players)
    state = game.new_game(players, players)
    states = [state]
    while game.to_move(state) is not None:
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        states.append(state)
    picked = [states[0], states[len(states) // 2], states[-1]]
    return [game.view(s, seat) for s in picked for seat in (None, *range(players))]


def _drawn(game_id: str, views: list[Any], language: str) -> list[str]:
    """Every text the renderer draws for these views (boards for the public view, else hands)."""
    _forget_sprites()
    context = ViewContext(names=NAMES[: views[0]["players"]], language=language)
    with kit.drawn_words() as found:
        for view in views:
            draw = rendering.render_board if "private" not in view else rendering.render_hand
            draw(game_id, view, context)
    return found


def _games() -> list[str]:
    return [g.spec.id for g in all_games() if rendering.has_renderer(g.spec.id)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", _games())
def test_every_board_and_hand_draws_only_glyphs_the_font_has(game_id: str, language: str) -> None:
    game = get_game(game_id)
    views = _views(game, game.spec.max_players)
    drawn = _drawn(game_id, views, language)
    assert drawn, f"{game_id}: nothing drawn"
    missing = {c for words in drawn for c in kit.missing_glyphs(words)}
    assert missing == set(), f"{game_id} in {language} draws {sorted(missing)} without a glyph"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_every_catalogue_can_be_drawn(language: str) -> None:
    lacking = {
        key: sorted(kit.missing_glyphs(text))
        for key, text in entries(language).items()
        if kit.missing_glyphs(text)
    }
    assert lacking == {}


def test_a_character_the_font_lacks_is_found() -> None:
    """The check can fail: CJK and an unassigned code point draw the .notdef box."""
    _, draw = kit.canvas(200, 60)
    with kit.drawn_words() as found:
        kit.text(draw, (0, 0), "Zeus 中\u0378", 24)
    assert found == ["Zeus 中\u0378"]
    assert kit.missing_glyphs(found[0]) == {"中", "\u0378"}
    assert kit.missing_glyphs("Größe, œuvre, perché – «ça» „ja“ × …") == set()


def test_the_iliad_board_and_hand_are_drawn_in_the_readers_language() -> None:
    game = get_game("iliad")
    views = _views(game, 2)
    english = set(_drawn("iliad", views, "en"))
    german = set(_drawn("iliad", views, "de"))
    italian = set(_drawn("iliad", views, "it"))
    assert "Vorrat" in german and "Reserve" in english and "Riserva" in italian
    assert any(words.startswith("Du darfst") for words in german)  # a tile's effect in a hand


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_atlandice_legend_fits_its_room_in_every_language(language: str) -> None:
    """The board keeps six lines for the legend: a longer translation would be cut off."""
    from bot.i18n import say, words
    from rendering.atlandice.parts import LEGEND_LINES, MARGIN, SMALL, WIDTH

    lines = [words(say(key), language) for key in LEGEND_LINES]
    wrapped = sum(len(kit.wrap_text(line, SMALL, WIDTH - 2 * MARGIN)) for line in lines)
    assert wrapped <= 6, lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ilium_legend_lines_fit_the_board_in_every_language(language: str) -> None:
    """Each legend line is one row of samples and words: a longer translation runs off."""
    from bot.i18n import say, words
    from rendering.ilium import board as ilium
    from rendering.ilium.legend import LEFT

    size = ilium.TEXT
    rows = (("shovel", "excavated", "supply", "trigger"), ("chosen", "closed"))
    for row in rows:
        labels = [words(say(f"table.image.ilium_{key}"), language) for key in row]
        width = sum(size + 24 + kit.text_width(label, size) for label in labels) - 18
        assert LEFT + width <= ilium.BOARD_SIZE[0] - LEFT, labels
