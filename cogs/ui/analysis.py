"""The words and the chart of /analysis, in the reader's language: progress, queue, results.

The chart's view is built here from the service's `Ready` (names, /history's numbers, every
weighed decision's chances, the end, and the costliest moves marked) and drawn by
`rendering._chart`; its alt text says the same in words.
"""

from __future__ import annotations

import itertools

from bot.ai.analysis import Plan, Step
from bot.i18n import ENGLISH, LIST_COMMA, listing, say, words
from bot.service.analyses import Ready
from bot.service.analysing import Progress
from cogs.ui.alttext import DESCRIPTION
from cogs.ui.replies import clip
from rendering._chart import ChartView


def _said(language: str, key: str, /, **params: object) -> str:
    return words(say(key, **params), language)


def percent(share: float | None) -> int:
    """A chance as a whole percentage."""
    return round(100 * (share or 0.0))


def budget_note(plan: Plan, language: str = ENGLISH) -> str:
    """Where and on what budget the analysis runs (said with every progress and result)."""
    return _said(
        language,
        "table.analysis.budget",
        iterations=plan.iterations,
        most=plan.most,
        seconds=round(plan.seconds),
    )


def progress_text(
    title: str, game_id: int, plan: Plan, progress: Progress, language: str = ENGLISH
) -> str:
    """The deferred answer while the analysis waits in the queue or runs."""
    if progress.place > 0:
        head = _said(
            language, "table.analysis.queued", title=title, game=game_id, place=progress.place
        )
    elif progress.total == 0:
        head = _said(language, "table.analysis.starting", title=title, game=game_id)
    else:
        head = _said(
            language,
            "table.analysis.progress",
            title=title,
            game=game_id,
            done=progress.done,
            total=progress.total,
        )
    return f"{head}\n-# {budget_note(plan, language)}"


def costly_line(step: Step, number: int, language: str = ENGLISH) -> str:
    """One costly decision: the move, what the computer would have chosen, both estimates."""
    return "• " + _said(
        language,
        "table.analysis.costly",
        number=number,
        chosen=words(step.chosen_words, language),
        chosen_percent=percent(step.chosen_chance),
        best=words(step.best_words, language),
        best_percent=percent(step.best_chance),
    )


def result_text(ready: Ready, language: str = ENGLISH) -> str:
    """The posted analysis: what the chart shows, then each player's costliest decisions."""
    analysis = ready.analysis
    where = {step.ply: k for k, step in enumerate(analysis.steps)}
    lines = [
        _said(
            language,
            "table.analysis.head",
            title=ready.title,
            game=ready.game_id,
            count=len(analysis.steps),
        )
    ]
    for seat, name in enumerate(ready.names):
        costly = analysis.costliest[seat] if seat < len(analysis.costliest) else ()
        if not costly:
            lines.append(_said(language, "table.analysis.no_cost", name=name))
            continue
        lines.append(_said(language, "table.analysis.player", name=name))
        lines += [costly_line(s, ready.numbers[where[s.ply]], language) for s in costly]
    how = _said(language, "table.analysis.how", iterations=analysis.iterations)
    lines.append(f"-# {how} {lines_note(ready, language)} {budget_note(ready.plan, language)}")
    if ready.stored:
        lines.append(f"-# {_said(language, 'table.analysis.kept')}")
    return clip("\n".join(lines))


def round_of_turns(steps: tuple[Step, ...], players: int) -> int:
    """How many decisions one round of turns holds, on average (the chart's smoothing)."""
    turns = 1 + sum(1 for a, b in itertools.pairwise(steps) if a.seat != b.seat)
    rounds = max(1.0, turns / max(1, players))
    return max(1, round(len(steps) / rounds))


def lines_note(ready: Ready, language: str = ENGLISH) -> str:
    """What the chart's lines are: each round's mean over the faint estimates."""
    window = round_of_turns(ready.analysis.steps, len(ready.names))
    return _said(language, "table.analysis.lines", window=window)


def chart_view(ready: Ready, language: str = ENGLISH) -> ChartView:
    """What the chart draws: every weighed decision and the end, the costliest marked."""
    analysis = ready.analysis
    where = {step.ply: k for k, step in enumerate(analysis.steps)}
    marks = tuple(
        (where[step.ply], seat) for seat, costly in enumerate(analysis.costliest) for step in costly
    )
    return ChartView(
        title=_said(language, "table.analysis.chart_title", title=ready.title, game=ready.game_id),
        axis=_said(language, "table.analysis.axis"),
        names=ready.names,
        numbers=ready.numbers,
        chances=(*(step.chances for step in analysis.steps), analysis.final),
        marks=marks,
        window=round_of_turns(analysis.steps, len(ready.names)),
    )


def chart_words(ready: Ready, language: str = ENGLISH) -> str:
    """The chart's alt text: what it shows, each player's course, the marked moves."""
    view = chart_view(ready, language)
    lines = [
        _said(
            language,
            "table.analysis.alt",
            title=ready.title,
            game=ready.game_id,
            count=len(ready.analysis.steps),
        ),
        lines_note(ready, language),
    ]
    for seat, name in enumerate(view.names):
        course = [chances[seat] for chances in view.chances]
        lines.append(
            _said(
                language,
                "table.analysis.alt_seat",
                name=name,
                start=percent(course[0]),
                best=percent(max(course)),
                end=percent(course[-1]),
            )
        )
    marked = sorted({view.numbers[point] for point, _ in view.marks})
    if marked:
        moves = words(listing((str(number) for number in marked), LIST_COMMA), language)
        lines.append(_said(language, "table.analysis.alt_marks", moves=moves))
    return clip(" ".join(lines), DESCRIPTION)
