"""The card game in words: the table's alt text, the text board and a hand's alt text, from the
views the images are drawn from (the table's from the public view only)."""

from __future__ import annotations

from bot.engine.view import ViewContext
from bot.games.iliad_cards.viewtypes import (
    CampView,
    IliadCardsSeatView,
    IliadCardsView,
    UnitView,
)
from rendering import kit
from rendering.iliad_cards.parts import ordinal, prompt_text, score_chips
from rendering.kit import describe

RECENT = 4


def board_words(view: IliadCardsView, context: ViewContext) -> list[str]:
    """The alt text: whose turn and what they decide, the siege, each camp's VP, army and hand
    size, the last move."""
    return [
        describe.title(context, context.say("service.title.iliad_cards")),
        _headline(view, context),
        _siege(view, context),
        *(_camp(view, camp, context) for camp in view["camps"]),
        describe.last_move(view, context),
        *describe.result(view, context),
    ]


def board_text(view: IliadCardsView, context: ViewContext) -> list[str]:
    """The text board: the alt text's lines, what the decision picks among, every army card by
    card with what each camp won, the amphoras, heroes and decks, the newest lines of the log."""
    return [
        *board_words(view, context),
        _offered(view, context),
        *(_army(view, camp, context) for camp in view["camps"]),
        *(_won(view, camp, context) for camp in view["camps"]),
        _amphoras(view, context),
        _supplies(view, context),
        *describe.recent(view, context, RECENT),
    ]


def hand_words(view: IliadCardsSeatView, context: ViewContext) -> list[str]:
    """A hand's alt text: its cards by kind with how many, what each does, the seat's army and
    VP, and what is asked."""
    seat = int(view["seat"])
    camp = view["camps"][seat]
    groups = view["private"]["hand_groups"]
    name = describe.seat_name(context, seat, view["seats"])
    cards = describe.joined(
        context, (f"{context.words(group['name'])} ×{group['count']}" for group in groups)
    )
    lines = [
        describe.sentence(
            context.say("iliad_cards.words.hand", seat=name, count=len(view["private"]["hand"]))
        ),
        describe.sentence(context.say("iliad_cards.words.cards", cards=cards)),
        describe.sentence(
            context.say(
                "iliad_cards.words.hand_status",
                army=camp["strength"],
                vp=camp["vp"],
                siege=view["siege"],
            )
        ),
        describe.hand_turn(view, context, seat),
    ]
    for group in groups:  # what each does: the first lines to go when words run short
        hint = describe.sentence(context.words(group["hint"]))
        lines.append(f"{context.words(group['name'])}: {hint}")
    return lines


def _headline(view: IliadCardsView, context: ViewContext) -> str:
    """The prompt naming the mover with the card it is about, or the result."""
    if describe.is_over(view, context):
        return describe.whose_turn(view, context)
    return describe.sentence(prompt_text(view, context))


def _siege(view: IliadCardsView, context: ViewContext) -> str:
    """Siege (of how many), the oracle, the goal and the victory cards on display."""
    most = view.get("sieges_max")
    siege = context.say("iliad_cards.image.siege", siege=view["siege"])
    if most:
        siege = context.say("iliad_cards.image.siege_of", siege=view["siege"], most=most)
    parts = [siege]
    if view["oracle"]:
        parts.append(
            context.say("iliad_cards.image.oracle", name=context.words(view["oracle"]["name"]))
        )
    parts.append(context.say("iliad_cards.image.goal", vp=view["target_vp"]))
    shown = describe.joined(context, (context.words(card["name"]) for card in view["display"]))
    parts.append(context.say("iliad_cards.words.display", cards=shown))
    return " ".join(describe.sentence(part) for part in parts)


def _camp(view: IliadCardsView, camp: CampView, context: ViewContext) -> str:
    """A camp's VP, army strength and hand size, whether it passed, moves or won."""
    seat = int(camp["seat"])
    line = context.say(
        "iliad_cards.words.camp",
        seat=describe.seat_name(context, seat, view["seats"]),
        vp=camp["vp"],
        army=camp["strength"],
        hand=camp["hand_size"],
    )
    if seat in kit.winners(view, context):
        line += ". " + context.say("table.words.winner")
    elif camp["passed"] and camp["pass_order"] is not None:
        rank = ordinal(int(camp["pass_order"]), context)
        line += ", " + context.say("iliad_cards.image.passed", rank=rank)
    return describe.sentence(line)


def _unit(unit: UnitView, context: ViewContext) -> str:
    """'4-2 phalanx 12', 'Chariot with a Harrow 3'."""
    label = context.words(unit["label"])
    extra = []
    if unit.get("harrow"):
        extra.append(context.say("iliad_cards.words.with_harrow"))
    if unit.get("rider"):
        extra.append(context.say("iliad_cards.words.with_archer"))
    shown = " ".join([label, *extra])
    strength = f"({unit['strength']})"
    return shown if label.endswith(strength) else f"{shown} {strength}"


def _army(view: IliadCardsView, camp: CampView, context: ViewContext) -> str:
    seat = describe.seat_name(context, int(camp["seat"]), view["seats"])
    units = describe.joined(context, (_unit(unit, context) for unit in camp["units"]))
    return describe.sentence(context.say("iliad_cards.words.army", seat=seat, units=units))


def _won(view: IliadCardsView, camp: CampView, context: ViewContext) -> str:
    """Amphoras, victory cards and Thanatos cards a camp holds, each with its VP."""
    amphora_vp = {str(a["name"]): int(a["vp"]) for a in view["amphoras"]}
    chips = describe.joined(context, (words for words, _ in score_chips(camp, amphora_vp, context)))
    seat = describe.seat_name(context, int(camp["seat"]), view["seats"])
    return describe.sentence(context.say("iliad_cards.words.won", seat=seat, cards=chips))


def _amphoras(view: IliadCardsView, context: ViewContext) -> str:
    seats = view["seats"]
    held = (
        context.say(
            "iliad_cards.words.amphora",
            name=context.words(amphora["name"]),
            vp=amphora["vp"],
            holder=(
                context.say("iliad_cards.image.nobody")
                if amphora["holder"] is None
                else describe.seat_name(context, int(amphora["holder"]), seats)
            ),
        )
        for amphora in view["amphoras"]
    )
    return describe.sentence(
        context.say("iliad_cards.words.amphoras", amphoras=describe.joined(context, held))
    )


def _supplies(view: IliadCardsView, context: ViewContext) -> str:
    """Heroes still to take and the decks' sizes."""
    heroes = ", ".join(f"{context.words(h['name'])} ({h['value']})" for h in view["heroes"])
    parts = [context.say("iliad_cards.image.heroes_left", heroes=heroes)] if heroes else []
    parts += [
        context.say("iliad_cards.image.army_deck", count=view["army_deck"]),
        context.say("iliad_cards.image.discards", count=view["discard"]),
        context.say("iliad_cards.image.victory_deck", count=view["victory_deck"]),
    ]
    return describe.sentence("; ".join(parts))


def _offered(view: IliadCardsView, context: ViewContext) -> str:
    """What the decision at hand picks among: cards of an army, a new phalanx, armies to
    strike, victory cards to take."""
    chosen = view.get("choices")
    if not chosen or view["to_move"] is None:
        return ""
    picks: list[str] = []
    army = chosen["army"]
    if army is not None:
        units = view["camps"][army]["units"]
        picks += [_unit(units[i], context) for i in chosen["units"] if 0 <= i < len(units)]
    if chosen["new"]:
        picks.append(context.say("iliad_cards.words.new_phalanx"))
    picks += [describe.seat_name(context, seat, view["seats"]) for seat in chosen["camps"]]
    names = {card["card"]: context.words(card["name"]) for card in view["display"]}
    picks += [names.get(code, code) for code in chosen["display"]]
    if not picks:
        return ""
    return describe.sentence(context.say("iliad_cards.words.offered", picks=", ".join(picks)))
