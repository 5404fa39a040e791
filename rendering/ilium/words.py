"""Ilium in words: the board's alt text, the text board and a seat's private cards in words,
from the views the images are drawn from (the board's from the public view only)."""

from __future__ import annotations

from bot.engine.view import ViewContext
from bot.games.ilium.viewtypes import IliumPathway, IliumSeat, IliumSeatView, IliumSite, IliumView
from rendering.kit import describe

RECENT = 4


def board_words(view: IliumView, context: ViewContext) -> list[str]:
    """The alt text: whose turn and what they decide, the excavation under way, each seat's
    tokens and supplies (points once over), the last move, the tokens left to end on."""
    return [
        describe.title(context, context.say("service.title.ilium")),
        describe.whose_turn(view, context),
        _excavation(view, context),
        *_standings(view, context),
        describe.last_move(view, context),
        *describe.result(view, context),
        _trigger(view, context),
    ]


def board_text(view: IliumView, context: ViewContext) -> list[str]:
    """The text board: the alt text's lines, then the pathways with what stands on them, every
    site's tokens and the newest lines of the log."""
    return [
        *board_words(view, context),
        *_pathways(view, context),
        *_sites(view, context),
        *describe.recent(view, context, RECENT),
    ]


def hand_words(view: IliumSeatView, context: ViewContext) -> list[str]:
    """A seat's private cards in words: its historian, its next card (or the cards it has left),
    its supplies and tally, and what is asked."""
    seat = int(view["seat"])
    secret = view["private"]
    info = view["table"][seat]
    name = describe.seat_name(context, seat, view["seats"])
    historian = context.words(secret["historian"])
    lines = [
        describe.sentence(context.say("table.image.ilium_private", seat=name)),
        describe.sentence(context.say("ilium.words.historian", historian=historian)),
        _next_card(view, context),
        describe.sentence(context.say("table.image.ilium_give_up", historian=historian)),
        describe.sentence(
            context.say(
                "table.image.ilium_you_have",
                deck=info["deck"],
                archaeologists=info["archaeologists_left"],
                cubes=_cubes(info, context),
            )
        ),
        describe.sentence(context.say("table.image.ilium_tally", mine=_tally(view, info, context))),
        describe.hand_turn(view, context, seat),
    ]
    return lines


def _next_card(view: IliumSeatView, context: ViewContext) -> str:
    secret = view["private"]
    if secret["hand"] is not None:
        left = ", ".join(f"{value}: {count}" for value, count in secret["hand"].items())
        return describe.sentence(context.say("ilium.words.cards_left", left=left))
    card = secret["next_card"]
    if card is None:
        return describe.sentence(context.say("ilium.words.no_next_card"))
    return describe.sentence(context.say("ilium.words.next_card", card=card))


def _cubes(info: IliumSeat, context: ViewContext) -> str:
    count = info["cubes"]
    key = "table.image.ilium_supply_cube" if count == 1 else "table.image.ilium_supply_cubes"
    return context.say(key, count=count)


def _tally(view: IliumView, info: IliumSeat, context: ViewContext) -> str:
    """Tokens/artifacts per type the seat holds ('Coins 1/1, Bottles 1/2'), or none yet."""
    held = (
        f"{context.words(name)} {tokens}/{artifacts}"
        for name, tokens, artifacts in zip(
            view["types"], info["tokens_by_type"], info["artifacts_by_type"], strict=True
        )
        if tokens
    )
    return ", ".join(held) or context.say("table.image.none_yet")


def _standings(view: IliumView, context: ViewContext) -> list[str]:
    """Per seat: its tally and supplies while playing; its points, place and sets once over."""
    outcome, final = context.outcome(view), view["final"]
    lines = []
    for seat, info in enumerate(view["table"]):
        name = describe.seat_name(context, seat, view["seats"])
        if outcome is not None and final is not None:
            score = final["scores"][seat]
            points = context.say(
                "table.image.ilium_points", points=score["points"], place=outcome["ranking"][seat]
            )
            sets = context.say(
                "table.image.ilium_majorities",
                majorities=score["majorities"],
                sets=score["sets"],
                each=final["set_points"],
            )
            lines.append(describe.sentence(f"{name}: {points}; {sets}"))
            continue
        card = info["played"][-1] if info["played"] else None
        key = "ilium.words.seat" if card is not None else "ilium.words.seat_no_card"
        line = context.say(
            key,
            seat=name,
            tally=_tally(view, info, context),
            deck=info["deck"],
            archaeologists=info["archaeologists_left"],
            cubes=_cubes(info, context),
            card=card if card is not None else "",
        )
        lines.append(describe.sentence(line))
    return lines


def _excavation(view: IliumView, context: ViewContext) -> str:
    """The pathway being excavated, its leader and second."""
    dig = view["excavation"]
    if dig is None:
        return ""
    leader = describe.seat_name(context, dig["leader"], view["seats"])
    if dig["second"] is None:
        line = context.say("ilium.words.excavation_alone", path=dig["path"], leader=leader)
    else:
        second = describe.seat_name(context, dig["second"], view["seats"])
        line = context.say("ilium.words.excavation", path=dig["path"], leader=leader, second=second)
    return describe.sentence(line)


def _trigger(view: IliumView, context: ViewContext) -> str:
    """IM-16: how many tokens of the ending value are still out."""
    if view["final"]:
        return ""
    value = view["trigger_value"]
    left = sum(1 for site in view["sites"] for token in site["tokens"] if token[1] == value)
    line = context.say("ilium.image.trigger_left", value=value, left=left)
    return describe.sentence(line)


def _pathways(view: IliumView, context: ViewContext) -> list[str]:
    """Open pathways with someone on them, one line each; the empty and the excavated ones
    named together."""
    lines, empty, done = [], [], []
    for way in view["pathways"]:
        if not way["open"]:
            continue
        if way["done"]:
            done.append(way["name"])
        elif any(space is not None for space in way["spaces"]) or way["chosen"]:
            lines.append(_pathway(view, way, context))
        else:
            empty.append(way["name"])
    if empty:
        lines.append(
            describe.sentence(context.say("ilium.words.empty_paths", paths=", ".join(empty)))
        )
    if done:
        lines.append(
            describe.sentence(context.say("ilium.words.done_paths", paths=", ".join(done)))
        )
    return lines


def _pathway(view: IliumView, way: IliumPathway, context: ViewContext) -> str:
    """'Pathway C-I, 5 spaces from site C: space 1: Green cube; space 2: Green 1' (numbered from the
    shovel end, as the buttons number them; empty ones left out)."""
    seats = view["seats"]
    taken = []
    for number, space in enumerate(way["spaces"], 1):
        if space is None:
            continue
        seat, count = space
        owner = context.words(seats[seat]) if 0 <= seat < len(seats) else str(seat)
        who = context.say("ilium.words.cube", seat=owner) if count == 0 else f"{owner} {count}"
        taken.append(context.say("ilium.words.space", number=number, who=who))
    shovel = view["sites"][way["shovel"]]["name"]
    key = "ilium.words.chosen_path" if way["chosen"] else "ilium.words.path"
    spaces = "; ".join(taken) or context.say("ilium.words.empty_space")
    line = context.say(key, path=way["name"], count=len(way["spaces"]), site=shovel, spaces=spaces)
    return describe.sentence(line)


def _sites(view: IliumView, context: ViewContext) -> list[str]:
    """Each site's tokens in taking order ('Site B: Coins 3, Horses 4'), or that it is closed."""
    return [_site(view, site, context) for site in view["sites"]]


def _site(view: IliumView, site: IliumSite, context: ViewContext) -> str:
    if site["closed"]:
        return describe.sentence(context.say("ilium.words.site_closed", site=site["name"]))
    types = view["types"]
    tokens = describe.joined(
        context, (f"{context.words(types[kind])} {value}" for kind, value in site["tokens"])
    )
    return describe.sentence(context.say("ilium.words.site", site=site["name"], tokens=tokens))
