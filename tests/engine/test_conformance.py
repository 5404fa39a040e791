"""The engine contract, checked over every registered game and every seat count."""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.engine import IllegalAction, LogEntry, all_games, get_game
from bot.engine.conformance import (
    GARBAGE_CODES,
    ContractViolation,
    check_every_action,
    check_position,
    check_roundtrips,
    check_views,
    is_empty,
    player_counts,
    random_playout,
    replay,
    secrecy_playout,
)
from bot.engine.wordless_check import check_wordless_playout
from bot.i18n import WORDLESS

PLAYOUTS = 100  # seeds reach every ending reason (points, favour, tie-break, sieges...)
THOROUGH = 6
SECRECY = 3  # playouts per game and seat count with resampling at every ply
CONTINUE_EVERY = 12  # plies between resampled states played on to their end
GAME_IDS = [game.spec.id for game in all_games()]
CASES = [(g.spec.id, n) for g in all_games() for n in player_counts(g)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_many_seeded_playouts_reach_an_end(game_id: str) -> None:
    game = get_game(game_id)
    counts = list(player_counts(game))
    figures = set()
    for seed in range(PLAYOUTS):
        playout = random_playout(game, counts[seed % len(counts)], seed)
        assert playout.outcome is not None
        assert len(playout.codes) <= game.spec.max_plies
        assert sorted(playout.outcome.ranking)[0] == 1
        figures.add(frozenset(game.playout_stats(playout.final)))
    assert len(figures) == 1  # the simulator averages each figure over every game


@pytest.fixture(scope="module")
def foreign() -> list[str]:
    """Action codes of every game, built once per module and without repeats (a third as many
    to try per position): each game must refuse the others' codes."""
    return sorted(
        {
            code
            for other in all_games()
            for code in random_playout(other, other.spec.min_players, 999).codes
        }
    )


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_legal_action_applies_and_foreign_ones_raise(
    game_id: str, players: int, foreign: list[str]
) -> None:
    game = get_game(game_id)
    for seed in range(THOROUGH):
        random_playout(game, players, 10_000 + seed, thorough=True, foreign=foreign)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_views_leak_nothing_under_resampling(game_id: str, players: int) -> None:
    """Views and public choices stay the same when a seat's unseen information is re-dealt."""
    game = get_game(game_id)
    for seed in range(SECRECY):
        plies = secrecy_playout(game, players, 20_000 + seed, continue_every=CONTINUE_EVERY)
        assert plies > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_garbage_text_does_not_decode(game_id: str) -> None:
    game = get_game(game_id)
    for code in GARBAGE_CODES:
        with pytest.raises(IllegalAction):
            game.decode(code)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_final_state_roundtrips_and_views_are_json(game_id: str, players: int) -> None:
    game = get_game(game_id)
    playout = random_playout(game, players, 7)
    check_roundtrips(game, playout.final, players, [], "final")
    assert game.view(playout.final, None)["players"] == players


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_replay_from_seed_gives_the_same_dump(game_id: str, players: int) -> None:
    game = get_game(game_id)
    playout = random_playout(game, players, 42)
    again = replay(game, players, 42, playout.codes)
    assert game.dump(again) == game.dump(playout.final)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_in_another_process_with_another_hash_seed(game_id: str) -> None:
    game = get_game(game_id)
    players = game.spec.max_players
    playout = random_playout(game, players, 5)
    script = (
        "import json,sys\n"
        "import bot.games\n"
        "from bot.engine import get_game\n"
        "from bot.engine.conformance import replay\n"
        "a=json.load(sys.stdin)\n"
        "g=get_game(a['game'])\n"
        "print(json.dumps(g.dump(replay(g,a['players'],5,a['codes'])),sort_keys=True))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps({"game": game_id, "players": players, "codes": playout.codes}),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(done.stdout) == json.loads(json.dumps(game.dump(playout.final)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spec_is_complete(game_id: str) -> None:
    spec = get_game(game_id).spec
    assert spec.id == game_id and spec.title
    assert 1 <= spec.min_players <= spec.max_players <= len(spec.seat_names)
    assert spec.max_plies > 0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_has_private_matches_the_views(game_id: str, players: int) -> None:
    """A game with hands shows some seat something private; one without never does."""
    game = get_game(game_id)
    state = game.new_game(players, 3)
    seen_private = False
    for code in random_playout(game, players, 3).codes:  # the contract checks: seeds 10_000+
        seen_private |= any(
            not is_empty(game.view(state, seat)["private"]) for seat in range(players)
        )
        state = game.apply(state, game.decode(code))
    assert seen_private == game.spec.has_private


def test_a_game_claiming_no_private_part_is_caught_when_it_has_one() -> None:
    """The contract check is real: a game with hands that said has_private=False fails it."""
    game = copy.copy(get_game("iliad_cards"))
    game.spec = dataclasses.replace(game.spec, has_private=False)
    state = game.new_game(2, 1)
    with pytest.raises(ContractViolation, match="has_private is False"):
        check_views(game, state, 2, "start")


def test_a_game_listing_its_actions_out_of_order_is_caught() -> None:
    """The per-ply check compares neighbours only; a reversed legal list still fails it."""
    game = copy.copy(get_game("iliad_cards"))
    listing = game.legal_actions
    state = game.new_game(2, 1)
    assert len(listing(state)) > 1 and check_position(game, state, 2, "start")
    game.legal_actions = lambda s: list(reversed(listing(s)))  # type: ignore[method-assign]
    with pytest.raises(ContractViolation, match="not sorted"):
        check_position(game, state, 2, "start")


def test_a_game_changing_the_state_it_was_given_is_caught() -> None:
    """Trying an action leaves the state as it was: a game writing into it fails the check."""
    game = copy.copy(get_game("iliad"))
    apply = game.apply

    def careless(state: Any, action: Any) -> Any:
        object.__setattr__(state, "seed", state.seed + 1)  # frozen, and written all the same
        return apply(state, action)

    game.apply = careless  # type: ignore[method-assign]
    state = game.new_game(2, 1)
    with pytest.raises(ContractViolation, match="changed the input state"):
        check_every_action(game, state, game.legal_actions(state), [], "start")


def test_a_game_losing_early_log_lines_on_load_is_caught() -> None:
    """Each ply reloads the state with only its new log lines; the old ones are checked too."""
    game = copy.copy(get_game("iliad"))
    load = game.load
    game.load = lambda data: load({**data, "log": data["log"][1:]})  # type: ignore[method-assign]
    with pytest.raises(ContractViolation, match=r"load\(dump\(s\)\) != s \(.* ply=0\)"):
        random_playout(game, 2, 1, thorough=True)


def test_a_game_losing_late_log_lines_on_load_is_caught() -> None:
    """A line lost only in a long log is caught where the log is longest: the final state."""
    game = copy.copy(get_game("iliad"))
    load = game.load
    game.load = lambda data: load({**data, "log": data["log"][:40]})  # type: ignore[method-assign]
    playout = random_playout(game, 2, 1)
    assert len(playout.final.log) > 40
    with pytest.raises(ContractViolation, match=r"load\(dump\(s\)\) != s"):
        random_playout(game, 2, 1, thorough=True)


def test_a_game_rewriting_its_log_is_reloaded_whole() -> None:
    """A log whose old lines are new objects is not taken in parts: every line is loaded."""
    game = copy.copy(get_game("iliad"))
    apply, load = game.apply, game.load

    def rewriting(state: Any, action: Any) -> Any:
        after = apply(state, action)
        return dataclasses.replace(after, log=tuple(copy.copy(e) for e in after.log))

    loads: list[int] = []

    def counting(data: Any) -> Any:
        loads.append(len(data["log"]))
        return load(data)

    game.apply, game.load = rewriting, counting  # type: ignore[method-assign]
    codes = random_playout(game, 2, 1, thorough=True).codes
    whole = [len(replay(game, 2, 1, codes[:ply]).log) for ply in range(len(codes) + 1)]
    assert loads == whole


WORDLESS_SEEDS = 8  # random games per game and seat count played with and without words


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_wordless_play_differs_in_words_only(game_id: str, players: int) -> None:
    """Computer players search inside wordless(): the same games, the same states but words."""
    game = get_game(game_id)
    for seed in range(WORDLESS_SEEDS):
        assert check_wordless_playout(game, players, seed) > 0


def test_a_game_deciding_by_its_words_is_caught_playing_wordless() -> None:
    """A rule that reads its own log line (here: who moves next) takes another course."""
    game = copy.copy(get_game("iliad"))
    apply = game.apply

    def talkative(state: Any, action: Any) -> Any:
        after = apply(state, action)
        return dataclasses.replace(after, seed=after.seed + len(after.log[-1].text))

    game.apply = talkative  # type: ignore[method-assign]
    with pytest.raises(ContractViolation, match="wordless play"):
        check_wordless_playout(game, 2, 1)


def test_a_late_log_line_for_another_reader_is_caught_playing_wordless() -> None:
    """Wordless logs are compared line by line as they grow: a line told to another reader
    late in the game, in wordless play only, is still caught."""
    game = copy.copy(get_game("iliad_cards"))
    apply = game.apply

    def whispering(state: Any, action: Any) -> Any:
        after = apply(state, action)
        if len(after.log) < 60 or after.log[-1].text != WORDLESS or after.log[-1].seat == 0:
            return after
        return dataclasses.replace(after, log=(*after.log[:-1], LogEntry(WORDLESS, 0)))

    game.apply = whispering  # type: ignore[method-assign]
    with pytest.raises(ContractViolation, match="differ in more than words"):
        check_wordless_playout(game, 3, 0)


def test_a_state_holding_a_figure_made_from_words_is_caught_playing_wordless() -> None:
    """Words anywhere in a state are words (Atlandice keeps the turn's line in `line`); a
    number drawn from them is not, and differs when the words are left out."""
    game = copy.copy(get_game("atlandice"))
    dump = game.dump
    game.dump = lambda state: {**dump(state), "letters": sum(map(len, state.line))}  # type: ignore[method-assign]
    with pytest.raises(ContractViolation, match="differ in more than words"):
        check_wordless_playout(game, 2, 0)


def test_empty_private_parts() -> None:
    assert is_empty({"log": []}) and is_empty({}) and is_empty(None)
    assert not is_empty({"log": ["You drew a card."]}) and not is_empty({"hand": [3]})


FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio", "aiohttp"}


@pytest.mark.parametrize("package", ["bot/engine", "bot/games", "bot/ai"])
def test_pure_packages_import_no_io_libraries(package: str) -> None:
    offenders = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
