"""Why a sqlite database file cannot be used, said in one line with what to do about it.

Part of the sqlite backend (with bot/store/lock.py): sqlite's and the OS's errors become a
StoreUnusable here.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from bot.store.errors import StoreUnusable

_DAMAGED = (
    "is damaged or is not a Symposion database",
    "restore a backup or set DATABASE_PATH to a new file",
)
_READ_ONLY = ("cannot be written", "give the bot write access to the file and to its folder")
_CANNOT_OPEN = (
    "cannot be opened or created",
    "check that its folder exists and that the bot may write there",
)
_FULL = ("cannot be written because the disk is full", "free some space and start again")
_IO = ("could not be read or written", "check the disk")
_BUSY = ("is locked by another program", "close that program and start again")
_OTHER = ("cannot be used", "restore a backup or set DATABASE_PATH to a new file")
# sqlite's primary result codes (the low byte of an extended code).
_BY_CODE = {
    sqlite3.SQLITE_NOTADB: _DAMAGED,
    sqlite3.SQLITE_CORRUPT: _DAMAGED,
    sqlite3.SQLITE_READONLY: _READ_ONLY,
    sqlite3.SQLITE_PERM: _READ_ONLY,
    sqlite3.SQLITE_CANTOPEN: _CANNOT_OPEN,
    sqlite3.SQLITE_FULL: _FULL,
    sqlite3.SQLITE_IOERR: _IO,
    sqlite3.SQLITE_BUSY: _BUSY,
}
_BY_ERRNO = {
    errno.EACCES: _READ_ONLY,
    errno.EPERM: _READ_ONLY,
    errno.EROFS: _READ_ONLY,
    errno.ENOSPC: _FULL,
    errno.ENOENT: _CANNOT_OPEN,
    errno.EIO: _IO,
}


def unusable(path: str | Path, error: BaseException, step: str) -> StoreUnusable:
    """The one-line explanation of a sqlite or OS error met while `step` on `path`."""
    problem, fix = _OTHER
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        problem, fix = _OTHER if code is None else _BY_CODE.get(code & 0xFF, _OTHER)
    elif isinstance(error, OSError):
        problem, fix = _BY_ERRNO.get(error.errno or 0, _OTHER)
    said = " ".join(str(error).split()) or type(error).__name__
    return StoreUnusable(f"the database {path} {problem} ({step}: {said}): {fix}.")


def damaged(path: str | Path, detail: str) -> StoreUnusable:
    """The one line for a file sqlite opens but whose integrity check fails."""
    problem, fix = _DAMAGED
    return StoreUnusable(f"the database {path} {problem} (checking it: {detail}): {fix}.")
