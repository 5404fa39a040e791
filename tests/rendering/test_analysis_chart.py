"""The /analysis chart: phone-readable text, every seat's line, the costliest moves numbered."""

from __future__ import annotations

from PIL import Image

from bot.ai.analysis import Analysis, Plan, Step
from bot.i18n import say
from bot.service.analyses import Ready
from cogs.ui.analysis import chart_view, chart_words, result_text
from rendering._chart import CHART_SIZE, ChartView, colour, render_chart
from rendering.kit.fonts import drawn_words, phone_text, text_sizes

NAMES = ("alice", "Dionysios of Halicarnassus the Younger", "carol")


def step(ply: int, seat: int, chances: tuple[float, ...], cost: float = 0.0) -> Step:
    """A weighed decision; with a cost, the computer preferred another move."""
    best = "b" if cost else "a"
    return Step(
        ply,
        seat,
        ply * 2,
        "a",
        best,
        0.5 - cost,
        0.5,
        chances,
        say("table.analysis.axis"),
        say("table.analysis.axis"),
    )


def ready(language_costs: float = 0.3) -> Ready:
    """Twelve decisions of three seats; seat 1's fifth decision cost most."""
    steps = tuple(
        step(k + 1, k % 3, (0.2 + k / 40, 0.5 - k / 40, 0.3), language_costs if k == 4 else 0.0)
        for k in range(12)
    )
    costly = tuple(tuple(s for s in steps if s.seat == seat and s.cost) for seat in range(3))
    analysis = Analysis("ilium", 3, 30, steps, (1.0, 0.0, 0.0), 30, costly)
    numbers = (*(s.line + 1 for s in steps), 31)
    return Ready(7, "Ilium", NAMES, analysis, Plan(), numbers, False)


def test_the_chart_reads_at_400_px_and_marks_the_costliest_move() -> None:
    view = chart_view(ready())
    with text_sizes() as sizes, drawn_words() as drawn:
        image = render_chart(view)
    assert image.size == CHART_SIZE
    assert min(sizes) >= phone_text(CHART_SIZE[0])
    assert "11" in drawn  # the costly decision (ply 5, line 10) as /history numbers it: 11
    assert view.marks == ((4, 1),)
    assert any(word.startswith("Dionysios") for word in drawn)  # long names are cut, not lost
    colours = {image.getpixel((x, y)) for x in range(0, 800, 3) for y in range(100, 480, 3)}
    assert {colour(0), colour(1), colour(2)} <= colours  # every seat's line is drawn


def test_a_single_point_still_draws() -> None:
    view = ChartView("t", "a", ("x", "y"), (1,), ((0.5, 0.5),), ((0, 0),))
    assert isinstance(render_chart(view), Image.Image)


def test_the_words_say_the_same_in_the_readers_language() -> None:
    shown = ready()
    english, german = result_text(shown), result_text(shown, "de")
    assert "move 11:" in english and "the computer would have chosen" in english
    assert "Zug 11:" in german and "der Computer hätte" in german
    assert german.count("nach Schätzung des Computers hat keine Entscheidung") == 2
    alt = chart_words(shown, "fr")
    assert len(alt) <= 1024 and alt.startswith("Graphique") and "coups 11" in alt
