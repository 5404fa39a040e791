"""The standings image (issue 26 §4): the same bytes for the same view, readable on a phone in
every language, long and undrawable names handled, tie-break columns by format, the podium once
over, at most 32 lines; its alt text and its text from the same view."""

from __future__ import annotations

import importlib.util
import pickle
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import LANGUAGES
from bot.leagues.view import POD_BREAKS, TWO_PLAYER_BREAKS, StandingsRow, StandingsView
from cogs.ui.painter import Painter
from rendering import kit, leagues
from rendering.kit.describe import ALT_TEXT
from rendering.leagues.layout import BAND, HEADINGS, ROW, ROW_STEP, WIDTH, layout
from rendering.leagues.standings import PODIUM, STRIPE, render_standings
from tests.rendering.helpers import decode

ROOT = Path(__file__).resolve().parents[2]
LONG = "Dionysios of Halicarnassus the Younger, Archon of the Games"
ROWS = (
    StandingsRow(1, 11, "alice", "3", ("4½", "3¾"), 3, False),
    StandingsRow(2, 12, LONG, "2½", ("5", "3"), 3, False),
    StandingsRow(3, 13, "Зоя Петрова", "2", ("4", "2"), 3, False),
    StandingsRow(3, 14, "Ἀλέξανδρος", "2", ("4", "2"), 3, False),
    StandingsRow(5, 15, "王小明", "1½", ("3", "1¼"), 3, False),
    StandingsRow(6, 16, "eve 🎲", "1", ("2", "0"), 2, True),
    StandingsRow(7, 17, "Jürgen", "0", ("5", "0"), 3, False),
)
SWISS = StandingsView(7, "iliad", "swiss", 3, 5, False, TWO_PLAYER_BREAKS, ROWS)
PODS = StandingsView(
    8,
    "ilium",
    "pods",
    2,
    4,
    False,
    POD_BREAKS,
    tuple(replace(row, tiebreaks=row.tiebreaks[:1]) for row in ROWS),
)


def _row(place: int, name: str, points: str, tiebreaks: tuple[str, ...]) -> StandingsRow:
    """An entrant still playing, 5 games in."""
    return StandingsRow(place, 100 + place, name, points, tiebreaks, 5, False)


def _drawn(view: StandingsView, language: str = "en") -> list[str]:
    """Every text the image draws."""
    with kit.drawn_words() as found:
        render_standings(view, kit.reader(language))
    return found


def _row_colour(image: Image.Image, index: int) -> tuple[int, ...]:
    """The colour at the right margin of the `index`th line (no text is drawn there)."""
    pixel = image.getpixel((WIDTH - 4, BAND + HEADINGS + index * ROW_STEP + ROW_STEP // 2))
    assert isinstance(pixel, tuple)
    return pixel


def test_the_same_view_draws_the_same_bytes_even_with_cold_caches() -> None:
    first = leagues.standings_png(SWISS)
    kit.text_mask.cache_clear()
    kit.fitted.cache_clear()
    assert leagues.standings_png(SWISS) == first
    image = decode(first)
    assert image.width == WIDTH == leagues.WIDTH
    assert image.height == layout(SWISS, kit.reader("en")).height
    assert leagues.standings_png(replace(SWISS, rows=ROWS[:3])) != first


def test_the_podium_wears_medal_colours_only_once_the_league_is_over() -> None:
    running = render_standings(SWISS, kit.reader("en"))
    over = render_standings(replace(SWISS, finished=True), kit.reader("en"))
    assert [_row_colour(running, k) for k in range(3)] == [kit.BACKGROUND, STRIPE, kit.BACKGROUND]
    medals = [_row_colour(over, k) for k in range(4)]
    assert medals == [PODIUM[1][0], PODIUM[2][0], PODIUM[3][0], PODIUM[3][0]]  # 3rd shared
    assert _row_colour(over, 4) == kit.BACKGROUND  # fifth place: no medal
    withdrawn_third = replace(ROWS[2], withdrawn=True)
    view = replace(SWISS, finished=True, rows=(*ROWS[:2], withdrawn_third))
    assert _row_colour(render_standings(view, kit.reader("en")), 2) == kit.BACKGROUND


def test_a_long_name_is_clipped_to_its_room_and_a_short_one_kept() -> None:
    drawn = _drawn(SWISS)
    clipped = [words for words in drawn if words.startswith("Dionysios")]
    assert len(clipped) == 1 and clipped[0].endswith("…") and clipped[0] != LONG
    shape = layout(SWISS, kit.reader("en"))
    assert kit.text_width(clipped[0], ROW) <= shape.name_right - shape.name_left
    assert {"alice", "Jürgen", "Зоя Петрова", "Ἀλέξανδρος"} <= set(drawn)


def test_names_the_font_cannot_draw_lose_those_characters_or_are_called_by_place() -> None:
    drawn = _drawn(SWISS)
    assert "eve" in drawn and "Player 5" in drawn  # 🎲 left out; 王小明 has nothing drawable
    assert not any("王" in words or "🎲" in words for words in drawn)
    assert {c for words in drawn for c in kit.missing_glyphs(words)} == set()


def test_a_withdrawn_entrant_is_marked_and_greyed() -> None:
    assert "withdrawn" in _drawn(SWISS)
    assert "withdrawn" not in _drawn(replace(SWISS, rows=ROWS[:5]))


def test_the_tie_break_columns_follow_the_format() -> None:
    swiss, pods = set(_drawn(SWISS)), set(_drawn(PODS))
    assert {"Pts", "BH", "SB", "Games", "BH Buchholz · SB Sonneborn-Berger"} <= swiss
    assert "Opp." not in swiss
    assert {"Pts", "Opp.", "Games", "Opp. the opponents’ points"} <= pods
    assert not {"BH", "SB"} & pods
    assert len(layout(SWISS, kit.reader("en")).columns) == 4
    assert len(layout(PODS, kit.reader("en")).columns) == 3
    assert "Iliad · Swiss · round 3 of 5" in swiss and "Ilium · Pods · round 2 of 4" in pods


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_draws_its_own_words_large_enough_for_a_phone(language: str) -> None:
    view = replace(SWISS, finished=True)
    with kit.text_sizes() as sizes:
        drawn = _drawn(view, language) + _drawn(PODS, language)
    assert min(sizes) >= kit.phone_text(WIDTH)
    assert not [words for words in drawn if "standings." in words or "service." in words]
    assert {c for words in drawn for c in kit.missing_glyphs(words)} == set()
    if language != "en":
        english = set(_drawn(view)) | set(_drawn(PODS))
        assert len(set(drawn) - english) >= 5  # headings, format, progress, key, "withdrawn"


def test_more_than_32_entrants_show_the_first_31_and_how_many_more() -> None:
    many = tuple(_row(k + 1, f"player {k + 1}", str(40 - k), ("1", "1")) for k in range(40))
    drawn = _drawn(replace(SWISS, rows=many))
    assert "player 31" in drawn and "player 32" not in drawn
    assert "… and 9 more" in drawn
    full = layout(replace(SWISS, rows=many[:32]), kit.reader("en")).height
    assert layout(replace(SWISS, rows=many), kit.reader("en")).height == full
    assert "… and" not in " ".join(_drawn(replace(SWISS, rows=many[:32])))


def test_a_league_without_entrants_says_so() -> None:
    view = StandingsView(2, "iliad", "swiss", 0, 3, False, TWO_PLAYER_BREAKS, ())
    drawn = _drawn(view)
    assert "No entrants yet." in drawn and "Iliad · Swiss · sign-ups open" in drawn
    assert leagues.standings_words(view).splitlines()[1] == "No entrants yet."


def test_the_alt_text_names_the_league_the_leader_and_the_points_first() -> None:
    lines = leagues.standings_words(SWISS).splitlines()
    assert lines[0] == "Standings of League #7, Iliad, Swiss: round 3 of 5."
    assert lines[1] == "alice leads with 3 points."
    assert lines[2].startswith("1. alice: 3 points, Buchholz 4½, Sonneborn-Berger 3¾, 3 games")
    assert "5. 王小明: 1½ points" in lines[6]  # the words keep the whole name
    assert "6. eve 🎲 (withdrawn): 1 point, Buchholz 2" in lines[7]
    pods = leagues.standings_words(PODS)
    assert "opponents’ points 4½" in pods and "Buchholz" not in pods


def test_the_alt_text_at_the_end_names_the_winner_and_the_podium() -> None:
    over = replace(SWISS, finished=True)
    lines = leagues.standings_words(over).splitlines()
    assert lines[0].endswith(": final standings.")
    assert lines[1] == "alice wins the league with 3 points."
    assert lines[2] == f"Podium: 1. alice, 2. {LONG}, 3. Зоя Петрова, 3. Ἀλέξανδρος."
    shared = replace(over, rows=(replace(ROWS[0], place=1), replace(ROWS[1], place=1)))
    assert leagues.standings_words(shared).splitlines()[1].startswith("alice, Dionysios")
    german = leagues.standings_words(SWISS, "de").splitlines()
    assert german[1] == "alice führt mit 3 Punkte."


def test_the_alt_text_fits_discord_with_many_long_names() -> None:
    many = tuple(_row(k + 1, f"{LONG} {k}", "3", ("12½", "30¼")) for k in range(40))
    for language in LANGUAGES:
        words = leagues.standings_words(replace(SWISS, rows=many), language)
        assert len(words) <= ALT_TEXT and words.endswith("…")
        assert words.splitlines()[1].startswith(f"{LONG} 0")


def test_the_text_has_every_entrant_with_the_images_figures() -> None:
    many = tuple(_row(k + 1, f"p{k + 1}", str(40 - k), ("1½", "2")) for k in range(40))
    text = leagues.standings_text(replace(SWISS, rows=many))
    assert len(text) <= 2000
    assert "**40.** p40: 1 point (BH 1½, SB 2), 5 games" in text
    lines = leagues.standings_text(SWISS).splitlines()
    assert lines[1] == "**1.** alice: 3 points (BH 4½, SB 3¾), 3 games"
    assert lines[6] == "**6.** eve 🎲 (withdrawn): 1 point (BH 2, SB 0), 2 games"
    assert lines[-1] == "BH Buchholz · SB Sonneborn-Berger"
    pods = leagues.standings_text(PODS, "it").splitlines()
    assert pods[1] == "**1.** alice: 3 punti (Avv. 4½), 3 partite"


def test_the_docs_league_is_played_to_its_end_from_its_seed() -> None:
    spec = importlib.util.spec_from_file_location("docs", ROOT / "scripts/make_docs_images.py")
    assert spec is not None and spec.loader is not None
    docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(docs)
    view = docs.sample_standings(1)
    assert view == docs.sample_standings(1) != docs.sample_standings(2)
    assert view.finished and len(view.rows) == 10 and view.round == view.rounds == 5
    assert view.name == "Winter Swiss" and not view.cancelled
    assert [row.name for row in view.rows if row.withdrawn] == ["eve"]
    assert (ROOT / "docs" / "league-standings.png").is_file()
    assert (ROOT / "docs" / "league-standings-400.png").is_file()


async def test_the_painter_draws_it_off_the_loop_from_a_pickled_view() -> None:
    assert pickle.loads(pickle.dumps(SWISS)) == SWISS  # a worker process gets a copy
    drawn = await Painter(lambda: None).standings_png(SWISS, "de")
    assert drawn == leagues.standings_png(SWISS, "de") != leagues.standings_png(SWISS)


def test_a_named_league_and_a_cancelled_one_say_so_in_the_image_and_its_words() -> None:
    named = replace(SWISS, name="Winter Cup", cancelled=True)
    drawn = _drawn(named)
    assert "Winter Cup (#7)" in drawn and "Iliad · Swiss · cancelled in round 3 of 5" in drawn
    lines = leagues.standings_words(named).splitlines()
    assert lines[0] == "Standings of Winter Cup (#7), Iliad, Swiss: cancelled in round 3 of 5."
    assert lines[1] == "alice leads with 3 points."  # no winner, no podium: it did not end
    early = replace(SWISS, round=0, rows=(), cancelled=True)
    assert "Iliad · Swiss · cancelled before it started" in _drawn(early)
    for language in LANGUAGES:
        assert "Winter Cup" in _drawn(named, language)[0]
    assert leagues.standings_png(named) != leagues.standings_png(SWISS)
