"""One bot process per database file: an exclusive lock on `<file>.lock`, held while open.

Stores opened in the same process share the lock (counted), so a restart inside one process
(the tests' fake restarts) works; a second process is refused at once instead of answering
players from a copy of the games that goes stale.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from bot.store.errors import StoreUnusable
from bot.store.faults import unusable

# lock file path -> (file descriptor, how many open stores share it)
_HELD: dict[Path, tuple[int, int]] = {}


def lock_path(database: str | Path) -> Path:
    """The lock file beside the database."""
    path = Path(database)
    return path.with_name(path.name + ".lock")


def acquire(database: str | Path) -> Path:
    """Take (or share within this process) the database's lock; StoreUnusable if refused."""
    path = lock_path(database).resolve()
    held = _HELD.get(path)
    if held is not None:
        _HELD[path] = (held[0], held[1] + 1)
        return path
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as error:
        raise unusable(database, error, f"creating {path.name}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreUnusable(
            f"the database {database} is in use by another Symposion process: stop that one "
            "first (one bot per database file)."
        ) from None
    _HELD[path] = (fd, 1)
    return path


def release(path: Path) -> None:
    """Give back one share of a lock taken by `acquire`; the last one unlocks the file."""
    held = _HELD.get(path)
    if held is None:
        return
    fd, count = held
    if count > 1:
        _HELD[path] = (fd, count - 1)
        return
    del _HELD[path]
    os.close(fd)  # closing the only descriptor drops the flock
