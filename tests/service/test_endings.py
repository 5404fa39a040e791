"""Resignation, abandoning and rematches."""

from __future__ import annotations

import json

from svc_helpers import ALICE, BOB, CAROL, CHANNEL, DAN, active, lobby, refused

from bot.i18n import words
from bot.service import (
    RESIGNATION,
    ChannelBusy,
    GameNotOver,
    GameOver,
    GameService,
    NotAPlayer,
    NotHost,
    NotStarted,
    resignation_outcome,
)
from bot.service.endings import read_result, stored_result, timeout_outcome
from bot.store import Store


async def test_resigning_with_two_players_makes_the_other_win(
    service: GameService, store: Store
) -> None:
    info = await active(service)
    quitter = next(p for p in info.players if p.user_id == BOB)
    assert quitter.seat is not None
    final = await service.moves.resign(info.game_id, BOB)
    done = final.info
    outcome = done.outcome
    assert done.status == "finished" and outcome is not None
    assert outcome.reason == RESIGNATION
    assert outcome.winners == (1 - quitter.seat,)
    assert outcome.ranking[quitter.seat] == 2
    assert outcome.summary == "Bob resigned; Alice wins."
    row = await store.games.get(info.game_id)
    assert row is not None and row.result == stored_result(outcome)
    assert row.flags["ended_by"] == RESIGNATION and row.flags["resigned_seat"] == quitter.seat
    assert service.places.game_at(CHANNEL) is None
    assert final.turn is None and final.view["outcome"] is None  # the engine did not end it
    assert final.context.result == stored_result(outcome) and final.context.status == "finished"
    assert final.context.outcome(final.view) == stored_result(outcome)
    again = await service.boards.show(info.game_id)  # read back from the store
    assert (again.context, again.info, again.view) == (final.context, done, final.view)
    stored = again.info.outcome
    assert stored is not None
    assert words(stored.summary, "de") == "Bob hat aufgegeben; Alice gewinnt."
    assert words(stored.breakdown[quitter.seat], "it") == "Bob: ritirato, ultimo"


async def test_resigning_out_of_turn_is_allowed(service: GameService) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    quitter = info.user_at(2) or 0
    board = await service.moves.resign(info.game_id, quitter)
    assert board.info.status == "active"  # three players: the automatic player takes the seat
    assert [p.automatic for p in board.info.players] == [False, False, True]


def test_a_resignation_ranks_earlier_leavers_last_too() -> None:
    outcome = resignation_outcome(0, ["Ann", "Ben", "Cy", "Di"], departed=[2])
    assert outcome.ranking == (3, 1, 3, 1)
    assert outcome.summary == "Ann resigned; Ben and Di share the win."
    assert outcome.breakdown[2] == "Cy: left earlier, ranked last"
    # The game is over when this is read: its winners are no longer "still playing".
    assert outcome.breakdown[1] == "Ben: played on to the end, ranked first"
    assert words(outcome.breakdown[1], "de") == "Ben: hat bis zum Ende gespielt, Erster"


async def test_only_players_resign_and_only_while_the_game_runs(service: GameService) -> None:
    info = await active(service)
    await refused(NotAPlayer, service.moves.resign(info.game_id, CAROL))
    await service.moves.resign(info.game_id, ALICE)
    await refused(GameOver, service.moves.resign(info.game_id, BOB))


def test_nobody_left_ranks_by_the_order_of_leaving() -> None:
    outcome = resignation_outcome(1, ["Ann", "Ben", "Cy", "Di"], departed=[3, 0, 2])
    assert outcome.ranking == (3, 1, 2, 4)
    assert outcome.breakdown[3] == "Di: place 4, by the order the players left"
    two = resignation_outcome(0, ["Ann", "Ben"], departed=[1])  # Ben's seat timed out before
    assert two.ranking == (1, 1) and two.summary.endswith("nobody wins.")


def test_resignation_outcome_lists_every_seat() -> None:
    outcome = resignation_outcome(0, ["Ann", "Ben", "Cy", "Di"])
    assert outcome.ranking == (4, 1, 1, 1)
    assert outcome.scores == (0, 0, 0, 0)
    assert outcome.summary == "Ann resigned; Ben, Cy and Di share the win."
    assert len(outcome.breakdown) == 4
    shared = "Ann a abandonné ; Ben, Cy et Di se partagent la victoire."
    assert words(outcome.summary, "fr") == shared


def test_a_stored_result_reads_in_any_language_and_old_ones_in_english() -> None:
    outcome = timeout_outcome(1, ["Ann", "Ben"])
    stored = read_result(stored_result(outcome))
    assert stored == outcome  # the same English, the same ranking
    assert words(stored.summary, "de").startswith("Ben hatte keine Zeit mehr")
    old = read_result(json.loads(json.dumps(outcome.to_dict())))  # stored before the messages
    english = "Ben ran out of time and the others ended the game; Ann wins."
    assert words(old.summary, "de") == english


async def test_abandon_is_for_the_host_or_a_moderator(service: GameService, store: Store) -> None:
    info = await active(service)
    message = await refused(NotHost, service.moves.abandon(info.game_id, BOB))
    assert "moderator" in message
    done = await service.moves.abandon(info.game_id, DAN, moderator=True)
    assert done.status == "abandoned" and done.outcome is None
    row = await store.games.get(info.game_id)
    assert row is not None and row.flags == {"ended_by": "abandon", "by": DAN, "pace": "daily"}
    await refused(GameOver, service.moves.move(info.game_id, ALICE, "t1"))
    await refused(GameOver, service.moves.abandon(info.game_id, ALICE))


async def test_a_lobby_can_be_abandoned_by_its_host(service: GameService) -> None:
    info = await lobby(service)
    done = await service.moves.abandon(info.game_id, ALICE)
    assert done.status == "abandoned"
    message = await refused(NotStarted, service.boards.show(info.game_id))
    assert "never started" in message


async def test_rematch_seats_the_same_players_in_the_same_channel(service: GameService) -> None:
    info = await active(service, (ALICE, BOB, CAROL), options={"pile": "7"})
    await refused(GameNotOver, service.lobby.rematch(info.game_id, ALICE))
    await service.moves.abandon(info.game_id, ALICE)
    await refused(NotAPlayer, service.lobby.rematch(info.game_id, DAN))
    again = await service.lobby.rematch(info.game_id, BOB)
    assert again.game_id != info.game_id and again.status == "lobby"
    assert again.host_id == BOB and again.place_id == info.place_id
    assert again.options == {"pile": "7"}
    assert sorted(p.user_id for p in again.players) == [ALICE, BOB, CAROL]
    assert again.players[0].user_id == BOB
    message = await refused(ChannelBusy, service.lobby.rematch(info.game_id, ALICE))
    assert f"#{again.game_id}" in message
    started = await service.lobby.start(again.game_id, BOB)
    assert started.info.status == "active"
