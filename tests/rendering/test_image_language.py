"""Issue 15 §2: every image label speaks the reader's language; no English is left on a German
board or hand where the German catalogue has other words."""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

import pytest

from bot.engine import ViewContext, get_game
from bot.i18n import LANGUAGES, entries
from rendering import kit
from tests.rendering.test_glyphs import _drawn, _games, _views

MIN_LETTERS = (
    2  # an English text with fewer letters of its own ("{count}", "{a}: {b}") says nothing
)


def _pattern(template: str) -> str | None:
    """A regex finding `template`'s words with any parameter filled in; None when the
    template's own words are too few to tell English from anything else."""
    pieces = [literal for literal, _, _, _ in string.Formatter().parse(template)]
    pieces = [piece for piece in pieces if piece]
    if sum(c.isalpha() for piece in pieces for c in piece) < MIN_LETTERS:
        return None
    body = ".+?".join(re.escape(piece) for piece in pieces)
    before = r"(?<!\w)" if pieces[0][0].isalnum() else ""
    after = r"(?!\w)" if pieces[-1][-1].isalnum() else ""
    return before + body + after


@cache
def english_only(language: str) -> dict[str, re.Pattern[str]]:
    """Each English catalogue text `language` words differently, as a regex finding it; a
    text `language`'s own catalogue also uses (German "Start", "Phalanx") is not English."""
    english, other = entries("en"), entries(language)
    found = {}
    for key, text in english.items():
        if key in other and other[key] != text:
            pattern = _pattern(text)
            if pattern is None:
                continue
            compiled = re.compile(pattern)
            if not any(compiled.search(words) for words in other.values()):
                found[key] = compiled
    return found


def english_in(drawn: list[str], language: str) -> dict[str, list[str]]:
    """The drawn texts holding English words that `language` translates, by message id."""
    found: dict[str, list[str]] = {}
    for text in sorted(set(drawn)):
        for key, pattern in english_only(language).items():
            if pattern.search(text):
                found.setdefault(key, []).append(text)
    return found


def _cases() -> list[Any]:
    return [
        pytest.param(game_id, players, id=f"{game_id}-{players}p")
        for game_id in _games()
        for players in sorted(
            {get_game(game_id).spec.min_players, get_game(game_id).spec.max_players}
        )
    ]


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_a_german_board_and_hand_draw_no_untranslated_english(game_id: str, players: int) -> None:
    views = _views(get_game(game_id), players)
    drawn = _drawn(game_id, views, "de")
    assert drawn
    assert english_in(drawn, "de") == {}


def test_the_check_finds_english_left_in_a_german_image() -> None:
    """It can fail: English labels and sentences are found, filled in or inside longer text."""
    english = entries("en")
    key = next(
        k for k in english_only("de") if english[k] == "Display (victory cards to win this siege)"
    )
    drawn = ["Vorrat", english[key], "Siege 2 of 4", "12 Karten · 3 VP · Latest"]
    found = english_in(drawn, "de")
    assert found[key] == [english[key]]
    assert "Siege 2 of 4" in found["iliad_cards.image.siege_of"]
    assert "12 Karten · 3 VP · Latest" in found["iliad_cards.image.latest"]
    assert "Vorrat" not in {text for texts in found.values() for text in texts}


def test_a_parameter_alone_or_a_shared_word_is_not_english() -> None:
    assert _pattern("{count}") is None
    assert _pattern("{a}: {b}") is None
    assert re.search(_pattern("{count} VP") or "", "3 VP")
    assert not re.search(_pattern("{count} VP") or "", "3 VPs")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_games_fixed_lines_fit_the_board_in_every_language(language: str) -> None:
    """Legend, display and standings lines are one line each: a longer translation is cut off."""
    from rendering.iliad_cards.parts import LEGEND, MARGIN, SMALL, WIDTH

    context = ViewContext(language=language)
    keys = (*LEGEND, "iliad_cards.image.display", "iliad_cards.image.standings")
    too_wide = [
        context.say(key)
        for key in keys
        if kit.text_width(context.say(key), SMALL) > WIDTH - 2 * MARGIN
    ]
    assert too_wide == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_types_band_word_fits_its_card_in_every_language(language: str) -> None:
    """The band of an army card is 118 px: the reader's word for each type fits unclipped."""
    from rendering.iliad_cards.parts import CARD_W, KIND_WORDS, SMALL, kind_word

    context = ViewContext(language=language)
    too_wide = [
        kind_word(kind, context)
        for kind in KIND_WORDS
        if kind not in ("horse", "city", "trireme", "helen")  # never on an army card's band
        if kit.text_width(kind_word(kind, context), SMALL) > CARD_W - 6
    ]
    assert too_wide == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_atlandice_area_lines_and_the_submarine_word_fit_in_every_language(language: str) -> None:
    """An area's one line (its tile's effect) and the word on the submarine are not clipped."""
    from bot.games.atlandice.data import TILE_SHORTS
    from bot.i18n import say, words
    from rendering.atlandice.parts import AREA_W, HULL_MOST, SMALL

    keys = (*TILE_SHORTS, "atlandice.image.closed", "atlandice.image.any_kind")
    lines = [words(say(key), language) for key in keys]
    assert [line for line in lines if kit.text_width(line, SMALL) > AREA_W - 24] == []
    hull = words(say("atlandice.image.submarine"), language)
    assert kit.text_width(hull, SMALL) + 16 <= HULL_MOST
