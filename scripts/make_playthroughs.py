"""Regenerate the golden playthroughs in tests/engine/playthroughs/ (run by `make playthroughs`).

Review the diff before committing it: every changed line is something a player now sees
differently.
"""

from __future__ import annotations

import sys
from pathlib import Path

import bot.games  # noqa: F401  (registers every game)
from bot.engine import all_games
from bot.engine.playthrough import cases, file_name, record

OUT = Path(__file__).resolve().parents[1] / "tests" / "engine" / "playthroughs"


def main() -> int:
    """Write one playthrough per game and seat count; remove files no case produces."""
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for game, players in cases(all_games()):
        name = file_name(game, players)
        wanted.add(name)
        path = OUT / name
        text = record(game, players)
        changed = not path.exists() or path.read_text(encoding="utf-8") != text
        path.write_text(text, encoding="utf-8")
        print(f"{'changed' if changed else 'same   '} {path.relative_to(OUT.parents[2])}")
    for stale in sorted(set(p.name for p in OUT.glob("*.txt")) - wanted):
        (OUT / stale).unlink()
        print(f"removed {stale}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
