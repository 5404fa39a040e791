"""Nothing private, ever (issue 28 §4): a game's page, its live updates and its board image are
the same bytes whatever the game keeps hidden, and name no Discord user id; nor do a seat's
player summary and a league's page (they read stored public facts only).

Every hidden part is drawn again with `resample_hidden` (once for each seat: together they
re-deal everything the public cannot see), then the page, the update and the image are made
from the resampled game exactly as the site makes them from the real one.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import rendering
from bot.i18n import LANGUAGES
from bot.service import GameService
from bot.service.state import LiveGame
from web.league import league_page
from web.site import Site
from web.summary import summary_page

ALICE, BOB, CAROL = 284019384756392011, 391847561029384756, 502938475610293847
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}
TOKEN = "t" * 32


async def draw(game_type: str, view: Any, context: Any) -> bytes:
    return await asyncio.to_thread(rendering.board_png, game_type, view, context)


async def a_game(
    service: GameService, game_type: str, players: tuple[int, ...], channel: int = 100
) -> int:
    info = await service.lobby.open(
        guild_id=1, channel_id=channel, game_type=game_type, host_id=players[0], host_name="Alice"
    )
    for user in players[1:]:
        await service.lobby.join(info.game_id, user, NAMES[user])
    await service.lobby.start(info.game_id, players[0])
    return info.game_id


async def play(service: GameService, game_id: int, moves: int, chooser: random.Random) -> None:
    for _ in range(moves):
        board = await service.boards.show(game_id)
        if board.turn is None:
            return
        version = board.info.version
        choices = await service.moves.my_choices(game_id, board.turn.user_id, version)
        pick = chooser.choice(choices)
        await service.moves.move(game_id, board.turn.user_id, pick.code, version)


def resampled(s: LiveGame, state: Any) -> LiveGame:
    """The same game with another state (its hidden parts drawn again)."""
    other = LiveGame(s.game, s.record, state, s.last)
    other.clock, other.heard = s.clock, s.heard
    return other


async def shown(site: Site, service: GameService, s: LiveGame, png: bool) -> list[bytes]:
    """Everything the site serves of one game state: each language's page and update, and
    the board image."""
    board = service.boards.pictures.board(s)
    made = [(await site.page_html(board, lang, TOKEN)).encode() for lang in LANGUAGES]
    made += [site.update_of(board, lang, TOKEN).encode() for lang in LANGUAGES]
    if png:
        made.append(await site.png_of(board, "en"))
    return made


async def test_pages_updates_and_images_are_the_same_whatever_is_hidden(
    service: GameService,
) -> None:
    site = Site(service, draw, port=0)
    chooser = random.Random(5)
    games = (("iliad", (ALICE, BOB), 1), ("ilium", (ALICE, BOB, CAROL), 2))
    for channel, (game_type, players, png_at) in enumerate(games, 100):
        game_id = await a_game(service, game_type, players, channel)
        for step in range(4):
            await play(service, game_id, 3, chooser)
            s = service.games.held(game_id)
            assert s is not None and s.state is not None
            real = await shown(site, service, s, png=step == png_at)
            text = b"".join(real[:-1] if step == png_at else real)
            assert b"<img" in text and b"data-v" in text
            for user in players:
                assert str(user).encode() not in text
            for seat in range(len(players)):
                state = s.game.resample_hidden(s.state, seat, random.Random(step * 7 + seat))
                assert state != s.state or not s.game.spec.has_private
                again = await shown(site, service, resampled(s, state), png=step == png_at)
                assert again == real, f"{game_type}: seat {seat}'s secrets changed a page"


async def other_pages(service: GameService, game_id: int, league_id: int) -> list[str]:
    """Every seat's summary and the league's page, in every language."""
    made = []
    for language in LANGUAGES:
        for seat in range(3):
            summary = await service.watching.player(game_id, seat)
            assert summary is not None
            made.append(summary_page(summary, language, TOKEN))
        made.append(league_page(await service.watching.league(league_id), language))
    return made


async def test_summaries_and_a_leagues_page_hold_nothing_hidden_and_no_user_id(
    service: GameService,
) -> None:
    game_id = await a_game(service, "ilium", (ALICE, BOB, CAROL))
    league = await service.leagues.create(
        guild_id=1,
        channel_id=300,
        organiser_id=ALICE,
        game_type="iliad",
        format="swiss",
        rounds=2,
        pace="daily",
    )
    for user in (ALICE, BOB, CAROL):
        await service.leagues.sign_up(league.id, 1, user, NAMES[user])
    await service.leagues.start(league.id, 1, ALICE, True)
    chooser = random.Random(8)
    for step in range(3):
        await play(service, game_id, 3, chooser)
        s = service.games.held(game_id)
        assert s is not None and s.state is not None
        real = await other_pages(service, game_id, league.id)
        text = "".join(real)
        assert "Alice" in text and "Round 1" in text
        for user in (ALICE, BOB, CAROL):
            assert str(user) not in text
        kept = s.state
        for seat in range(3):
            s.state = s.game.resample_hidden(kept, seat, random.Random(step * 5 + seat))
            assert await other_pages(service, game_id, league.id) == real
        s.state = kept
