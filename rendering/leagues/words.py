"""A league's standings in words, from the view the image is drawn from: the image's alt text
(who leads and with how many points first, then every line) and the standings as a message."""

from __future__ import annotations

from bot.engine.view import ViewContext
from bot.leagues.view import StandingsRow, StandingsView
from rendering.kit import describe
from rendering.leagues.layout import key

PODIUM = 3


def league_name(view: StandingsView, context: ViewContext) -> str:
    """The name it was given with its number ("Winter Cup (#3)"), or "League #n"."""
    if view.name:
        return context.say("standings.image.named", name=view.name, number=view.league)
    return context.say("standings.image.title", number=view.league)


def progress(view: StandingsView, context: ViewContext) -> str:
    """How far the league has got: sign-ups, round n of m, final, or cancelled (when)."""
    if view.cancelled:
        if view.round == 0:
            return context.say("standings.progress.cancelled_early")
        said = "standings.progress.cancelled"
        return context.say(said, round=view.round, rounds=view.rounds)
    if view.finished:
        return context.say("standings.progress.final")
    if view.round == 0:
        return context.say("standings.progress.signup")
    return context.say("standings.progress.round", round=view.round, rounds=view.rounds)


def heading(view: StandingsView, context: ViewContext) -> str:
    """The first line: which league, its game and format, how far it has got."""
    return describe.sentence(
        context.say(
            "standings.words.title",
            league=league_name(view, context),
            game=context.say(f"service.title.{view.game}"),
            format=context.say(f"standings.format.{key(view.format)}"),
            progress=progress(view, context),
        )
    )


def points(value: str, context: ViewContext) -> str:
    """ "3 points", "1 point"."""
    said = "standings.words.point" if value == "1" else "standings.words.points"
    return context.say(said, points=value)


def leader(view: StandingsView, context: ViewContext) -> str:
    """Who leads (or won) and with how many points; shared first places named together."""
    if not view.rows:
        return context.say("standings.none")
    first = [row for row in view.rows if row.place == view.rows[0].place]
    said = points(first[0].points, context)
    if len(first) > 1:
        shared = "standings.words.win_shared" if view.finished else "standings.words.share"
        names = describe.joined(context, [row.name for row in first])
        return _ended(context.say(shared, names=names, points=said))
    alone = "standings.words.wins" if view.finished else "standings.words.leads"
    return _ended(context.say(alone, name=first[0].name, points=said))


def podium(view: StandingsView, context: ViewContext) -> str:
    """Once over: the podium's places and names."""
    if not view.finished:
        return ""
    top = [f"{row.place}. {row.name}" for row in view.rows if row.place <= PODIUM]
    return describe.sentence(context.say("standings.words.podium", podium=", ".join(top)))


def line(view: StandingsView, row: StandingsRow, context: ViewContext) -> str:
    """One entrant's line in words: place, name, points, each tie-break named, games."""
    breaks = ", ".join(
        context.say(f"standings.words.{key(name)}", value=value)
        for name, value in zip(view.tiebreaks, row.tiebreaks, strict=False)
    )
    said = "standings.words.row_withdrawn" if row.withdrawn else "standings.words.row"
    return _ended(
        context.say(
            said,
            place=row.place,
            name=row.name,
            points=points(row.points, context),
            breaks=breaks,
            played=_games(row, context),
        )
    )


def standings_words(view: StandingsView, context: ViewContext) -> list[str]:
    """The image's alt text, line by line, most important first (cut by `describe.fit`)."""
    return [
        heading(view, context),
        leader(view, context),
        podium(view, context),
        *(line(view, row, context) for row in view.rows),
    ]


def standings_text(view: StandingsView, context: ViewContext) -> list[str]:
    """The standings as a message: the heading, then one short line per entrant with the
    image's column headings, every entrant (the image stops at its most lines). The place is
    bold so that Discord does not take "3." for a numbered list and renumber shared places."""
    names = [context.say(f"standings.head.{key(name)}") for name in view.tiebreaks]
    out = [heading(view, context)]
    for row in view.rows:
        breaks = ", ".join(f"{n} {v}" for n, v in zip(names, row.tiebreaks, strict=False))
        mark = f" ({context.say('standings.withdrawn')})" if row.withdrawn else ""
        figures = f"{points(row.points, context)} ({breaks}), {_games(row, context)}"
        out.append(f"**{row.place}.** {row.name}{mark}: {figures}")
    if not view.rows:
        out.append(context.say("standings.none"))
    legend = "standings.key.pods" if view.format == "pods" else "standings.key.two_player"
    out.append(context.say(legend))
    return out


def _games(row: StandingsRow, context: ViewContext) -> str:
    said = "standings.words.game" if row.games == 1 else "standings.words.games"
    return context.say(said, played=row.games)


def _ended(line: str) -> str:
    """A line starting with a player's name as a sentence: a full stop added, the name left
    as written (`describe.sentence` would capitalise "alice")."""
    return describe.sentence(line) if line[:1].isdigit() else f"{line.rstrip('.')}."
