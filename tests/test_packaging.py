"""`pip install .` (not editable) gives a bot that finds its data and migrations and starts.

The install runs offline: a fresh venv sees this venv's libraries through a .pth line (not
its editable install of this project), and pip builds with the setuptools already here.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

from setuptools import find_packages

from bot.store.migrations import migration_files

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "bot", "cogs", "rendering", "web", "data")
REACH = (
    "import sys, discord; discord.http.Route.BASE = sys.argv[1]; "
    "from bot.main import main; raise SystemExit(main())"
)


def test_every_package_is_listed_for_installing() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = find_packages(str(ROOT), include=["bot*", "cogs*", "rendering*", "web*"])
    data = ["symposion_data", "symposion_data.migrations"]
    assert sorted(config["packages"]) == sorted([*found, *data])
    assert config["package-dir"] == {"symposion_data": "data"}


def _copy_sources(to: Path) -> Path:
    """The project's files without caches or venvs, so the build leaves the checkout alone."""
    junk = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    to.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, to / name, ignore=junk)
        else:
            shutil.copy2(source, to / name)
    return to


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_pip_install_dot_starts_the_bot_as_far_as_the_migrations(tmp_path: Path) -> None:
    source = _copy_sources(tmp_path / "src")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    (Path(site) / "libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    install += ["--no-deps", "--no-build-isolation", "--no-index", str(source)]
    subprocess.run(install, check=True, capture_output=True, timeout=300)
    shutil.rmtree(source)  # nothing may still read from the copy
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "DISCORD_TOKEN"}}
    env.update(
        DISCORD_TOKEN="MTAwMDAwMDAwMDAwMDAwMDAw.GAAAAA.cannot-reach-discord-000000000",
        DATABASE_PATH=str(tmp_path / "s.sqlite3"),
    )
    base = f"http://127.0.0.1:{_closed_port()}/api/v10"
    done = subprocess.run(
        [python, "-c", REACH, base], cwd=elsewhere, env=env, capture_output=True, text=True
    )
    assert done.returncode == 4 and "cannot reach Discord" in done.stderr, done.stderr
    with sqlite3.connect(tmp_path / "s.sqlite3") as db:
        applied = [row[0] for row in db.execute("SELECT version FROM schema_migrations")]
    assert sorted(applied) == [number for number, _ in migration_files()]
    where = subprocess.run(
        [python, "-c", "import bot, bot.paths as d; print(bot.__file__, d.DATA_DIR)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(path).is_relative_to(venv) for path in where), where
    german = subprocess.run(
        [
            python,
            "-c",
            "from bot.i18n import say, words; print(words(say('iliad.log.over'), 'de'))",
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert german == "Das Spielfeld ist voll: das Spiel ist aus."  # the catalogues were installed


def test_the_invite_url_asks_for_exactly_the_permissions_used() -> None:
    import discord

    used = discord.Permissions(
        view_channel=True,
        send_messages=True,
        attach_files=True,
        read_message_history=True,
        create_public_threads=True,
        send_messages_in_threads=True,
    )
    readme = (ROOT / "README.md").read_text()
    assert f"permissions={used.value}" in readme


def test_the_readme_links_nothing_outside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "](http" not in readme and "../" not in readme
    for target in re.findall(r"\]\(([^)]+)\)", readme):
        assert (ROOT / target.split("#")[0]).exists(), target
