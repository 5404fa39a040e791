"""Replays and exports: who may watch, what an ongoing game keeps back, and the round trip."""

from __future__ import annotations

import json
import random

import pytest
from svc_helpers import ALICE, BOB, CAROL, GUILD, NAMES, active, lobby, refused

from bot.engine import AnyGame, all_games
from bot.service import GameNotFound, GameService, NotAPlayer, NotStarted
from bot.service.replays import HIDDEN_MOVE, export_record, public_frames
from bot.store import Store


async def play_real_game(service: GameService, game: AnyGame, seed: int = 3) -> int:
    """A whole game of `game` for Alice and Bob (and Carol), random legal moves; its number."""
    users = (ALICE, BOB, CAROL)[: max(2, min(3, game.spec.max_players))]
    info = await service.lobby.open(
        guild_id=GUILD, channel_id=500, game_type=game.spec.id, host_id=ALICE, host_name="Alice"
    )
    for user in users[1:]:
        info = await service.lobby.join(info.game_id, user, NAMES[user])
    info = (await service.lobby.start(info.game_id, ALICE)).info
    chooser = random.Random(seed)
    state = game.load(await _state(service, info.game_id))  # the service's deal
    while info.status == "active":
        action = chooser.choice(game.legal_actions(state))
        mover = info.to_move_user
        assert mover is not None
        info = (await service.moves.move(info.game_id, mover, game.encode(action))).board.info
        state = game.apply(state, action)  # pure and seeded: the stored state, not read back
    assert game.dump(state) == await _state(service, info.game_id)
    return info.game_id


async def _state(service: GameService, game_id: int) -> dict[str, object]:
    snapshot = await service.store.moves.snapshot(game_id)
    assert snapshot is not None
    return snapshot.state


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
async def test_an_export_replays_through_the_engine_to_the_same_end(
    service: GameService, store: Store, game: AnyGame
) -> None:
    game_id = await play_real_game(service, game)
    record = json.loads(
        json.dumps(export_record(await service.records.replay_source(GUILD, game_id, 99)))
    )
    assert record["format"] == "symposion-game" and record["type"] == game.spec.id
    assert [p["name"] for p in record["players"]] == await store.records.seated_names(game_id)
    state = game.new_game(len(record["players"]), record["seed"], record["options"])
    for move in record["moves"]:
        action = game.decode(move["code"])
        assert move["words"] == game.describe(action, state)
        state = game.apply(state, action)
    assert game.dump(state) == await _state(service, game_id)
    assert record["result"] == game.outcome(state).to_dict()  # type: ignore[union-attr]


async def test_only_players_watch_a_game_in_progress_and_see_no_secrets(
    service: GameService,
) -> None:
    info = await active(service, (ALICE, BOB))
    for amount in ("t3", "t1"):
        info = (await service.moves.move(info.game_id, info.to_move_user or 0, amount)).board.info
    await refused(NotAPlayer, service.records.replay_source(GUILD, info.game_id, CAROL))
    source = await service.records.replay_source(GUILD, info.game_id, ALICE)
    frames = public_frames(source)
    assert len(frames) == 3 and all("private" not in frame for frame in frames)
    record = export_record(source)
    assert record["seed"] is None and record["result"] is None
    assert [m["code"] for m in record["moves"]] == ["t3", "t1"]
    assert "Your secret" not in json.dumps(record)


async def test_hidden_choices_of_a_game_in_progress_are_not_exported(
    service: GameService,
) -> None:
    game = next(g for g in all_games() if g.spec.id == "iliad")
    info = await service.lobby.open(
        guild_id=GUILD, channel_id=600, game_type="iliad", host_id=ALICE, host_name="Alice"
    )
    await service.lobby.join(info.game_id, BOB, "Bob")
    started = (await service.lobby.start(info.game_id, ALICE)).info
    state = game.load(await _state(service, started.game_id))
    assert game.hidden_choices(state)  # Iliad opens by placing tiles from a hidden hand
    code = game.encode(game.legal_actions(state)[0])
    await service.moves.move(started.game_id, started.to_move_user or 0, code)
    record = export_record(await service.records.replay_source(GUILD, started.game_id, ALICE))
    assert record["moves"][0]["code"] is None and record["moves"][0]["words"] == HIDDEN_MOVE


async def test_numbers_from_elsewhere_unknown_or_never_started_are_refused(
    service: GameService,
) -> None:
    waiting = await lobby(service, (ALICE, BOB))
    assert "no game #" in await refused(
        GameNotFound, service.records.replay_source(GUILD, 77, ALICE)
    )
    await refused(GameNotFound, service.records.replay_source(GUILD + 1, waiting.game_id, ALICE))
    for user in (ALICE, CAROL):  # one of its players, and anyone: a lobby has nothing to replay
        asked = service.records.replay_source(GUILD, waiting.game_id, user)
        assert "has not started yet" in await refused(NotStarted, asked)
    await service.lobby.cancel(waiting.game_id, ALICE)
    await refused(NotStarted, service.records.replay_source(GUILD, waiting.game_id, ALICE))
