"""The simulator: random games through the contract checks, with each game's own figures."""

from __future__ import annotations

import pytest

from bot.simulate import main


def test_the_simulator_prints_the_games_own_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ilium", "--games", "3", "--players", "3", "--option", "strategic=on"]) == 0
    printed = capsys.readouterr().out
    assert "Ilium: 3 games, 3 players, seeds 1..3" in printed
    for figure in ("turns", "tokens taken", "cubes used", "early end offered"):
        assert f"average {figure}: " in printed
    assert printed.rstrip().endswith("no contract violation")


def test_the_simulator_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chess", "--games", "1"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err
